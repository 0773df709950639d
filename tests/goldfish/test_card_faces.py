"""The table's card faces (issue 33): a game's `cards` link each card's thumbnail (`image`) and full face (`face`) by
what the face shows, so the browser keeps them for a year and a changed card or release is a new address.

The old links were the bare `/cards/<slug>/thumb.png`, which a browser had to ask about again every five minutes,
and there was no full face to show on hover."""
import io

import pytest
from django.test import Client
from PIL import Image

from cards.catalogue import clear_cache, get_catalogue
from cards.faces import face_urls
from cards.models import Card, Release
from cards.release_pages import face_hash
from cards.render import RENDER_VERSION, SIZES
from decks.models import DeckVersion
from tests.goldfish.helpers import start
from tests.goldfish.test_release_play import edit_the_hero_in_the_draft
from tests.goldfish.test_releases import HERO

YEAR = "max-age=31536000"


def fetch(url, **headers):
    return Client().get(url, **headers)


def test_a_games_card_faces_are_versioned_pngs_cached_for_a_year_and_revalidated_by_etag(api):
    game = start(api, seed=5)
    entry = game["cards"][HERO]
    digest = face_hash(Release.objects.get(slug=game["release"]), HERO)
    assert entry["image"] == f"/releases/{game['release']}/cards/{HERO}/thumb.png?v={digest}"
    assert entry["face"] == f"/releases/{game['release']}/cards/{HERO}/image.png?v={digest}"
    for url, size in ((entry["image"], "thumb"), (entry["face"], "full")):
        response = fetch(url)
        assert response.status_code == 200 and response["Content-Type"] == "image/png"
        assert Image.open(io.BytesIO(response.content)).size == SIZES[size]
        assert YEAR in response["Cache-Control"] and "immutable" in response["Cache-Control"]
        again = fetch(url, HTTP_IF_NONE_MATCH=response["ETag"])
        assert again.status_code == 304 and not again.content
    assert all("?v=" in e["image"] and "?v=" in e["face"] for e in game["cards"].values())


def test_a_games_faces_stay_its_releases_when_the_draft_changes(api):
    before = start(api, seed=5)["cards"][HERO]
    edit_the_hero_in_the_draft()  # the draft's hero now differs from the release new games play
    entry = start(api, seed=5)["cards"][HERO]
    assert entry == before
    response = fetch(entry["image"])
    assert response.status_code == 200 and YEAR in response["Cache-Control"]
    draft = fetch(f"/cards/{HERO}/thumb.png")
    assert draft.content != response.content  # the draft's face shows the edited HP; the game's shows its release's


def test_the_unpublished_drafts_faces_are_versioned_by_content_and_renderer(api):
    DeckVersion.objects.update(release=None)  # a database set up before releases
    Release.objects.all().delete()
    clear_cache()
    hero = Card.objects.get(slug=HERO)
    urls = face_urls(get_catalogue().data_hash, [HERO])[HERO]
    assert urls == {"thumb": f"/cards/{HERO}/thumb.png?v={hero.content_hash}.{RENDER_VERSION}",
                    "full": f"/cards/{HERO}/image.png?v={hero.content_hash}.{RENDER_VERSION}"}
    response = fetch(urls["thumb"])
    assert response.status_code == 200 and YEAR in response["Cache-Control"]


def test_an_unknown_cards_face_is_not_found(api):
    assert fetch("/cards/no-such-card/thumb.png?v=0.1").status_code == 404


@pytest.mark.django_db(transaction=True)  # as a request runs: outside a transaction, where the cards' stamp is kept
def test_a_games_faces_are_known_without_a_query_once_its_set_has_been_seen(api, django_assert_num_queries):
    """Every answer of a game's page carries its faces' addresses: after the first, they cost no query (they cost
    two, and a digest of every card, on each decision: +0.5 ms a round trip)."""
    game = start(api, seed=5)
    data_hash = Release.objects.get(slug=game["release"]).data_hash
    first = face_urls(data_hash, [HERO])
    with django_assert_num_queries(0):
        assert face_urls(data_hash, [HERO]) == first
    edit_the_hero_in_the_draft()  # an edit of the draft changes no game's faces: the release holds its set
    assert face_urls(data_hash, [HERO]) == first
