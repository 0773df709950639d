"""The releases as people read them (issue 32): the list of releases, a release's patch notes with each changed card's
face before and after, a card's history on its page and in the API, and the catalogue, its search and the API
browsing an older release's cards — with the same answers as the search of today's cards gives."""
import io
import re

import pytest
from PIL import Image

from cards.catalogue import clear_cache, get_catalogue
from cards.models import Ability, Card, Release
from cards.release_search import search_release
from cards.releases import publish
from cards.search import FIELDS
from cards.selectors import card_search
from cards.services import card_refresh_derived
from cards.views import SYNTAX_EXAMPLES

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(catalogue_db, settings, tmp_path):
    """Playtest 1.0 (the data files), then a card's ability amount raised and published as Playtest 1.1."""
    settings.MEDIA_ROOT = tmp_path / "media"
    clear_cache()
    ability = Ability.objects.filter(amount__isnull=False).select_related("card").order_by("card__position").first()
    card = ability.card
    old_text = card.text
    ability.amount += 1
    ability.save()
    card_refresh_derived(card)
    card.refresh_from_db()
    publish("Playtest 1.1", notes="Round two.", reasons={card.slug: "Too weak."})
    yield {"slug": card.slug, "name": card.name, "old_text": old_text, "new_text": card.text}
    clear_cache()


def png(response) -> Image.Image:
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    return Image.open(io.BytesIO(b"".join(response.streaming_content) if response.streaming else response.content))


def test_the_releases_page_lists_each_release_with_its_date_notes_count_and_the_current_one(client, published):
    body = client.get("/releases/").content.decode()
    newest, oldest = body.index('id="release-playtest-1-1"'), body.index('id="release-playtest-1-0"')
    assert newest < oldest and "Round two." in body
    assert "1 card changed" in body and f"{Card.objects.count()} cards changed" in body
    assert body.count("Current</span>") == 1 and "Current" in body[newest:oldest]
    assert 'href="/releases/"' in client.get(f"/cards/{published['slug']}/").content.decode()  # linked from cards


def test_a_release_page_shows_the_changed_card_before_and_after_with_its_fields_and_reason(client, published):
    slug = published["slug"]
    response = client.get("/releases/playtest-1-1/")
    body = response.content.decode()
    assert response.status_code == 200 and f'id="change-{slug}"' in body and "Too weak." in body
    [(old, new)] = re.findall(r"<dt>abilities \d+ · amount</dt><dd><del>(\d+)</del> → <ins>(\d+)</ins>", body)
    assert int(new) == int(old) + 1  # only what differs, item by item
    before = body.split('class="face-before"')[0].rsplit('src="', 1)[1].split('"')[0]
    after = body.split('class="face-after"')[0].rsplit('src="', 1)[1].split('"')[0]
    assert before.startswith(f"/releases/playtest-1-0/cards/{slug}/image.png?v=")
    assert after.startswith(f"/releases/playtest-1-1/cards/{slug}/image.png?v=")
    old_face, new_face = client.get(before), client.get(after)
    assert png(old_face).size == png(new_face).size and old_face.content != new_face.content  # drawn, and differ
    assert "immutable" in old_face["Cache-Control"]
    # today's image is the new face: the release's faces never prune it
    assert client.get(f"/cards/{slug}/image.png").content == new_face.content
    assert client.get(before).content == old_face.content
    first = client.get("/releases/playtest-1-0/").content.decode()
    assert first.count("/thumb.png?v=") == Card.objects.count()  # the first release adds every card


def test_a_card_page_and_the_api_show_its_history_across_releases(client, api, published):
    slug = published["slug"]
    history = api.get(f"/api/cards/{slug}/history/").json()
    assert [(e["release"], e["change"], e["reason"]) for e in history] == [
        ("playtest-1-0", "added", ""), ("playtest-1-1", "changed", "Too weak.")]
    assert list(history[1]["fields"]) == ["abilities"] and history[1]["name"] == "Playtest 1.1"
    unchanged = Card.objects.exclude(slug=slug).first().slug
    assert [e["release"] for e in api.get(f"/api/cards/{unchanged}/history/").json()] == ["playtest-1-0"]
    body = client.get(f"/cards/{slug}/").content.decode()
    section = body[body.index('id="card-history"'):]
    assert "Playtest 1.0" in section and "Playtest 1.1" in section and "changed: abilities" in section
    assert "Too weak." in section
    missing = api.get("/api/cards/no-such-card/history/")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"


def test_the_api_and_the_catalogue_browse_an_older_release_with_its_old_text(client, api, published):
    slug, name = published["slug"], published["name"]
    query = f'name:"{name}"'
    [old] = api.get("/api/cards/", {"release": "playtest-1-0", "q": query}).json()["results"]
    [new] = api.get("/api/cards/", {"q": query}).json()["results"]
    [current] = api.get("/api/cards/", {"release": "playtest-1-1", "q": query}).json()["results"]
    assert old["text"] == published["old_text"] != new["text"] == current["text"] == published["new_text"]
    assert set(old) == set(new) and old["image_url"].startswith(f"/releases/playtest-1-0/cards/{slug}/")
    assert api.get("/api/cards/", {"release": "playtest-1-0"}).json()["count"] == Card.objects.count()
    table = client.get("/cards/", {"release": "playtest-1-0", "q": query, "view": "table"}).content.decode()
    assert 'id="release-banner"' in table and published["old_text"].splitlines()[0][:60] in table
    grid = client.get("/cards/", {"release": "playtest-1-0", "q": query}).content.decode()
    assert f"/releases/playtest-1-0/cards/{slug}/thumb.png?v=" in grid and "search-proxies" not in grid
    bad = api.get("/api/cards/", {"release": "playtest-1-0", "q": "cost>>"})
    assert bad.status_code == 400 and bad.json()["code"] == "bad_query"


@pytest.mark.parametrize("path", ["/api/cards/?release=playtest-9", "/api/cards/?release=playtest-9&q=t:person"])
def test_an_unknown_release_in_the_api_is_a_404_with_a_code(api, path):
    response = api.get(path)
    assert response.status_code == 404 and response.json()["code"] == "release_not_found"


@pytest.mark.parametrize("path", ["/cards/?release=playtest-9", "/releases/playtest-9/",
                                  "/releases/playtest-9/cards/kalen-vos/image.png",
                                  "/releases/playtest-1-0/cards/no-such-card/thumb.png"])
def test_an_unknown_release_or_card_on_the_site_is_the_404_page(client, catalogue_db, path):
    response = client.get(path)
    assert response.status_code == 404 and b"<html" in response.content.lower()


QUERIES = [text for text, _ in SYNTAX_EXAMPLES] + [e for spec in FIELDS if spec.name != "owned" for e in spec.examples]


def test_searching_a_release_in_python_answers_as_the_sql_search_does(catalogue_db):
    """The evaluator of an older release's search (cards/release_search.py) against the SQL search, over the
    syntax help's every example and every ordering, on the same cards (the first release is the draft)."""
    release = Release.objects.get()
    assert release.data_hash == get_catalogue().data_hash
    for query in QUERIES:
        for ordering in ("name", "-cost", "hp", "-rarity", "type", "faction"):
            sql = list(card_search(query, ordering=ordering).values_list("slug", flat=True))
            python = [row.card.slug for row in search_release(release, query, ordering=ordering)]
            assert python == sql, (query, ordering)
    filters = {"civilization": "lem", "type": "person,scene", "keyword": "heal"}
    assert ([row.card.slug for row in search_release(release, "", **filters)]
            == list(card_search("", **filters).values_list("slug", flat=True)))


def test_a_removed_card_shows_with_its_old_face_and_an_older_release_still_finds_it(client, api, catalogue_db,
                                                                                    settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    card = Card.objects.filter(deck_entries__isnull=True).exclude(type__slug__in=["hero", "pyramid"]).first()
    slug, name = card.slug, card.name
    card.abilities.all().delete()
    card.delete()
    clear_cache()
    publish("Playtest 1.1", reasons={slug: "Cut."})
    body = client.get("/releases/playtest-1-1/").content.decode()
    removed = body[body.index("removed-cards"):]
    assert name in removed and "Cut." in removed and f"/releases/playtest-1-0/cards/{slug}/thumb.png?v=" in removed
    assert client.get(f"/releases/playtest-1-0/cards/{slug}/thumb.png").status_code == 200
    assert client.get(f"/releases/playtest-1-1/cards/{slug}/thumb.png").status_code == 404
    assert [c["slug"] for c in api.get("/api/cards/", {"release": "playtest-1-0", "q": f'name:"{name}"'}).json()[
        "results"]] == [slug]
    assert api.get("/api/cards/", {"q": f'name:"{name}"'}).json()["count"] == 0
    assert [e["change"] for e in api.get(f"/api/cards/{slug}/history/").json()] == ["added", "removed"]
    clear_cache()
