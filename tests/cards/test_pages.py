"""The card database pages and card images, as a visitor (or a browser cache) sees them.

Expected results are computed from the compiled catalogue (the engine's own view of the data), never hard-coded, so
these tests keep working as cards.yaml grows.
"""
import html as htmllib
import io
import re
from urllib.parse import urlencode

import pytest
from django.core.files.base import ContentFile
from PIL import Image

from cards import rulings
from cards.catalogue import clear_cache, get_catalogue
from cards.images import cached_image_path
from cards.models import Card
from cards.render import RENDER_VERSION, SIZES
from cards.rules_text import reminder_texts
from cards.search import FIELDS
from cards.services import card_refresh_derived
from cards.views import PAGE_SIZE, related_slugs

GRID_SLUG = re.compile(r'href="/cards/([a-z0-9-]+)/" class="card-link"')
TABLE_SLUG = re.compile(r'<td class="col-name">.*?<a href="/cards/([a-z0-9-]+)/">', re.S)


@pytest.fixture
def cat(catalogue_db, settings, tmp_path):
    """The catalogue loaded into the test database, with card images cached under a temporary MEDIA_ROOT."""
    settings.MEDIA_ROOT = tmp_path / "media"
    clear_cache()
    yield get_catalogue()
    clear_cache()


def page(client, **params):
    response = client.get("/cards/?" + urlencode(params))
    return response, response.content.decode()


def all_results(client, **params):
    """Return the slugs a search lists, across every page, in order."""
    slugs, number = [], 1
    pattern = TABLE_SLUG if params.get("view") == "table" else GRID_SLUG
    while True:
        response, html = page(client, page=number, **params)
        assert response.status_code == 200, html
        slugs += pattern.findall(html)
        if 'rel="next"' not in html:
            return slugs
        number += 1


def a_card_with_relatives(catalogue):
    """A Person with abilities whose keywords other cards share."""
    for card in catalogue.cards.values():
        keywords = {a.keyword for a in card.abilities}
        if card.type == "person" and keywords and any(
            keywords & {a.keyword for a in other.abilities} for other in catalogue.cards.values() if other is not card
        ):
            return card
    raise AssertionError("the catalogue has no Person sharing a keyword with another card")


# --- images ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind,size", [("image", "full"), ("thumb", "thumb")])
def test_card_image_is_a_png_of_its_size(client, cat, kind, size):
    slug = next(iter(cat.cards))
    response = client.get(f"/cards/{slug}/{kind}.png")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert Image.open(io.BytesIO(response.content)).size == SIZES[size]


@pytest.mark.parametrize("kind", ["image", "thumb"])
def test_unknown_card_image_is_404(client, cat, kind):
    assert client.get(f"/cards/no-such-card/{kind}.png").status_code == 404


def test_image_is_rendered_once_and_served_from_the_disk_cache(client, cat):
    card = Card.objects.get(slug=next(iter(cat.cards)))
    first = client.get(f"/cards/{card.slug}/image.png")
    path = cached_image_path(card.slug, card.content_hash, "full")
    assert path.read_bytes() == first.content
    path.write_bytes(b"cached bytes")  # a second request must not render again
    assert client.get(f"/cards/{card.slug}/image.png").content == b"cached bytes"


def test_image_etag_answers_not_modified(client, cat):
    slug = next(iter(cat.cards))
    first = client.get(f"/cards/{slug}/thumb.png")
    etag = first["ETag"]
    assert etag
    again = client.get(f"/cards/{slug}/thumb.png", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again["ETag"] == etag


def test_image_urls_cache_as_long_as_their_version_allows(client, cat):
    card = Card.objects.get(slug=next(iter(cat.cards)))
    exact = client.get(f"/cards/{card.slug}/image.png?v={card.content_hash}.{RENDER_VERSION}")
    assert "immutable" in exact["Cache-Control"] and "max-age=31536000" in exact["Cache-Control"]
    by_content = client.get(card.image_url)
    assert "immutable" not in by_content["Cache-Control"] and "max-age=86400" in by_content["Cache-Control"]
    bare = client.get(f"/cards/{card.slug}/image.png")
    assert "max-age=300" in bare["Cache-Control"]
    stale = client.get(f"/cards/{card.slug}/image.png?v=0000000000000000")
    assert "max-age=300" in stale["Cache-Control"]


def test_changed_card_gets_a_new_image(client, cat):
    card = Card.objects.get(slug=a_card_with_relatives(cat).slug)
    before = client.get(card.image_url)
    old_path = cached_image_path(card.slug, card.content_hash, "full")
    assert old_path.exists()

    card.flavor = "An entirely new line of flavor, long enough to change the face."
    card.save()
    card = card_refresh_derived(card)
    after = client.get(f"/cards/{card.slug}/image.png")

    assert after["ETag"] != before["ETag"]
    assert after.content != before.content
    assert cached_image_path(card.slug, card.content_hash, "full").exists()
    assert not old_path.exists()  # the stale render is pruned


def test_uploaded_art_appears_on_the_card_image(client, cat):
    card = Card.objects.get(slug=a_card_with_relatives(cat).slug)
    before = Image.open(io.BytesIO(client.get(card.image_url).content)).convert("RGB")
    art = io.BytesIO()
    Image.new("RGB", (600, 400), (10, 200, 30)).save(art, format="PNG")
    card.art.save("green.png", ContentFile(art.getvalue()))
    card = card_refresh_derived(card)  # the art is part of what the content hash covers
    after = Image.open(io.BytesIO(client.get(card.image_url).content)).convert("RGB")
    r, g, b = after.getpixel((187, 170))
    assert g > 180 and r < 40 and b < 60
    assert before.getpixel((187, 170)) != after.getpixel((187, 170))


# --- pages -----------------------------------------------------------------------------------------------------

def test_home_links_every_faction_and_the_other_sections(client, cat):
    html = client.get("/").content.decode()
    for faction in cat.rulebook["factions"]:
        assert f'href="/cards/?faction={faction["slug"]}"' in html
    for link in ('action="/cards/"', 'href="/decks/"', 'href="/goldfish/"', 'href="/cards/syntax/"'):
        assert link in html


def test_home_counts_the_cards_the_catalogue_shows(client, cat):
    html = client.get("/").content.decode()
    assert f"Browse all {len(cat.cards)} cards" in html


def test_a_card_page_shows_its_own_rulings_in_players_words(client, cat):
    plain = next(c for c in cat.cards.values() if c.type == "person" and c.rarity == "common")
    html = client.get(f"/cards/{plain.slug}/").content.decode()
    assert "Pinned by" not in html and "test_" not in html and ".py" not in html
    assert html.count('class="ruling-number"') <= 6


def test_a_misspelt_name_finds_nothing_but_suggests_the_card(client, cat):
    response, html = page(client, q="kalne vos")
    assert response.status_code == 200 and "No cards match" in html
    assert re.search(r'Did you mean <a href="/cards/kalen-vos/">Kalen Vos</a>', html)


def test_a_field_search_that_finds_nothing_suggests_no_name(client, cat):
    response, html = page(client, q="t:person hp>=99")
    assert "No cards match" in html and "Did you mean" not in html


def test_catalogue_lists_every_card_across_pages(client, cat):
    response, html = page(client)
    assert response.status_code == 200
    assert len(GRID_SLUG.findall(html)) == min(PAGE_SIZE, len(cat.cards))
    assert sorted(all_results(client)) == sorted(cat.cards)


def test_search_with_the_query_syntax(client, cat):
    expected = {c.slug for c in cat.cards.values() if c.type == "person"
                and any(a.keyword == "strike" and (a.amount or 0) >= 2 for a in c.abilities)}
    assert expected
    assert set(all_results(client, q="t:person strike>=2")) == expected


def test_filters_combine_with_the_query(client, cat):
    expected = {c.slug for c in cat.cards.values() if c.faction == "lemurian-conservative" and c.type == "person"
                and any(a.keyword == "heal" for a in c.abilities)}
    assert expected
    found = all_results(client, q="k:heal", faction="lemurian-conservative", type="person")
    assert set(found) == expected


def test_cost_and_hp_ranges_filter(client, cat):
    expected = {c.slug for c in cat.cards.values() if c.hp is not None and c.hp >= 4 and c.cost.total <= 3}
    assert expected
    assert set(all_results(client, cost_max="3", hp_min="4")) == expected


def test_active_filters_are_shown_with_a_link_that_removes_them(client, cat):
    _, html = page(client, q="k:heal", rarity="rare")
    assert "Rarity: Rare" in html
    assert 'href="?q=k%3Aheal"' in html


@pytest.mark.parametrize("query,message", [
    ("t:perzon", "Unknown type 'perzon'"),
    ('"unclosed', "Unclosed quote"),
    ("(k:heal", "Unbalanced parentheses"),
])
def test_unreadable_query_explains_itself(client, cat, query, message):
    response, html = page(client, q=query)
    assert response.status_code == 400
    assert message in htmllib.unescape(html)
    assert 'href="/cards/syntax/"' in html
    assert "<mark>" in html  # the position is marked in the echoed query


def test_the_term_the_parser_stopped_at_is_marked(client, cat):
    _, html = page(client, q="civ:lem t:perzon cost<=3")
    assert "<mark>perzon</mark> cost&lt;=3" in html


def test_bad_filter_value_explains_itself(client, cat):
    response, html = page(client, cost_min="lots")
    assert response.status_code == 400
    assert "'lots' is not a whole number" in htmllib.unescape(html)
    response, html = page(client, type="dragon")
    assert response.status_code == 400 and "dragon" in html


def test_table_view_sorts_by_cost_descending(client, cat):
    slugs = all_results(client, view="table", order="-cost")
    costs = [cat[slug].cost.total for slug in slugs]
    assert len(slugs) == len(cat.cards)
    assert costs == sorted(costs, reverse=True)


@pytest.mark.parametrize("order,key", [
    ("name", lambda c: c.name), ("hp", lambda c: (c.hp is None, c.hp or 0)),
])
def test_table_view_sorts_ascending(client, cat, order, key):
    slugs = all_results(client, view="table", order=order)
    cards = [cat[slug] for slug in slugs]
    assert [key(c) for c in cards] == sorted(key(c) for c in cards)


def test_table_headers_toggle_the_sort_direction(client, cat):
    _, html = page(client, view="table", order="cost")
    assert 'href="?view=table&amp;order=-cost"' in html
    assert 'href="?view=table&amp;order=hp"' in html
    _, html = page(client, view="table", order="-cost")
    assert 'href="?view=table&amp;order=cost"' in html


def test_unknown_sort_order_explains_itself(client, cat):
    response, html = page(client, order="colour")
    assert response.status_code == 400 and "colour" in html


def test_pages_do_not_repeat_cards(client, cat):
    first = GRID_SLUG.findall(page(client, page=1)[1])
    second = GRID_SLUG.findall(page(client, page=2)[1])
    assert second and not set(first) & set(second)


def test_catalogue_page_runs_a_fixed_number_of_queries(client, cat, django_assert_max_num_queries):
    with django_assert_max_num_queries(20):
        client.get("/cards/?view=table")


def test_card_page_shows_the_card_its_keywords_and_its_relatives(client, cat):
    card_def = a_card_with_relatives(cat)
    card = Card.objects.get(slug=card_def.slug)
    response = client.get(f"/cards/{card_def.slug}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert card_def.name in html
    text = htmllib.unescape(html)
    assert f'src="{card.image_url}"' in text
    assert "Person — " in text
    for name, reminder in reminder_texts(card_def, cat):
        assert name in text and reminder in text
    keywords = {a.keyword for a in card_def.abilities}
    relatives = [s for s, c in cat.cards.items() if s != card_def.slug and keywords & {a.keyword for a in c.abilities}]
    assert any(f'href="/cards/{slug}/"' in html for slug in relatives)
    assert f'href="/cards/{card_def.slug}/" class="card-link"' not in html  # not its own relative


def test_card_page_links_its_faction_and_type_searches(client, cat):
    card_def = a_card_with_relatives(cat)
    html = client.get(f"/cards/{card_def.slug}/").content.decode()
    assert f'href="/cards/?faction={card_def.faction}"' in html
    assert f'href="/cards/?type={card_def.type}"' in html


def test_related_cards_share_the_most_keywords_first():
    from rules.engine.catalogue import compile_catalogue, read_data

    data = read_data()
    pyramid = [c for c in data["cards"] if c["type"] == "pyramid"]

    def person(name, *keywords):
        return {"name": name, "type": "person", "faction": "atlantean-fanatic", "rarity": "common",
                "cost": {"DC": 1, "CE": 1},
                "abilities": [{"trigger": "enters", "keyword": k, "amount": 1, "target": "character"}
                              for k in keywords]}

    catalogue = compile_catalogue({**data, "cards": pyramid + [
        person("Mine", "strike", "heal"), person("Aaa One", "strike"), person("Zzz Both", "heal", "strike"),
        person("Nothing Shared", "drain"),
    ]})
    assert related_slugs(catalogue["mine"], catalogue) == ["zzz-both", "aaa-one"]


def test_card_page_bolds_keywords_in_the_rules_text(client, cat):
    card_def = a_card_with_relatives(cat)
    html = client.get(f"/cards/{card_def.slug}/").content.decode()
    first_keyword = cat.keywords[card_def.abilities[0].keyword]["name"]
    assert f"<strong>{first_keyword}</strong>" in html


def test_card_page_lists_the_rulings_that_concern_it(client, cat, tmp_path, monkeypatch):
    card_def = a_card_with_relatives(cat)
    path = tmp_path / "RULINGS.md"
    path.write_text(f"# Rulings\n\n## 7. About {card_def.name}\nIt works as printed.\n\n"
                    "## 8. Unrelated\nNothing to see here.\n", encoding="utf-8")
    monkeypatch.setattr(rulings, "RULINGS_PATH", path)
    html = client.get(f"/cards/{card_def.slug}/").content.decode()
    assert f"About {card_def.name}" in html and 'id="ruling-7"' in html
    assert "Unrelated" not in html


def test_unknown_card_page_is_404(client, cat):
    assert client.get("/cards/no-such-card/").status_code == 404


def test_syntax_page_documents_every_field_with_runnable_examples(client, cat):
    html = client.get("/cards/syntax/").content.decode()
    for spec in FIELDS:
        assert f"<code>{spec.name.replace('<', '&lt;').replace('>', '&gt;')}</code>" in html
        for example in spec.examples:
            assert f'href="/cards/?{urlencode({"q": example})}"' in html
    assert f'href="/cards/?{urlencode({"q": "(k:heal or k:ward) civ:lem"})}"' in html
