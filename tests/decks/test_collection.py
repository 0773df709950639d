"""A player's collection: what they own, read and written as JSON, text and CSV, searched with `owned`, and
held against decks ("you own 41/45 — missing: …", "buildable from my collection")."""
import pytest

from cards.catalogue import get_catalogue
from decks import collection, selectors, services
from decks.models import CollectionEntry, Deck
from tests.decks.helpers import client_for

pytestmark = pytest.mark.django_db


# --- reading and writing text and CSV ------------------------------------------------------------------------------

def test_text_reads_like_a_decklist_and_a_hero_line_is_one_hero_owned(catalogue_db):
    parsed = collection.parse_collection("Hero: Dr. Veylan\n3 Kalen Vos\nkalen-vos x2\n# notes\n2 Dr. Veylan\n",
                                         get_catalogue())
    assert parsed.errors == () and parsed.counts == {"kalen-vos": 5, "dr-veylan": 3}


def test_csv_with_a_header_in_any_order_and_without_one(catalogue_db):
    catalogue = get_catalogue()
    with_header = collection.parse_collection("Name,Quantity,Set\nKalen Vos,3,core\nArc Gallery,1,core\n", catalogue)
    assert with_header.errors == () and with_header.counts == {"kalen-vos": 3, "arc-gallery": 1}
    bare = collection.parse_collection("3,kalen-vos\n1,Arc Gallery\n", catalogue)
    assert bare.counts == {"kalen-vos": 3, "arc-gallery": 1}


def test_every_unreadable_line_is_reported_with_its_number(catalogue_db):
    parsed = collection.parse_collection("count,card\n3,Kalen Voss\n0,Arc Gallery\n", get_catalogue())
    assert [(p.code, p.line) for p in parsed.errors] == [("unknown_card", 2), ("bad_count", 3)]
    assert "Did you mean Kalen Vos?" in parsed.errors[0].message


def test_csv_and_text_exports_read_back_to_the_same_collection(catalogue_db):
    catalogue = get_catalogue()
    owned = {"kalen-vos": 3, "arc-gallery": 1, "dr-veylan": 1, "elder-maru": 2}
    for write in (collection.format_collection_csv, collection.format_collection_text):
        assert collection.parse_collection(write(owned, catalogue), catalogue).counts == owned
    assert collection.format_collection_csv(owned, catalogue).splitlines()[0] == "count,card,name,type,faction"


# --- the service -----------------------------------------------------------------------------------------------------

def test_set_add_and_replace(catalogue_db, ann):
    assert services.collection_write(owner=ann, counts={"kalen-vos": 3, "arc-gallery": 1}) == {
        "kalen-vos": 3, "arc-gallery": 1}
    assert services.collection_write(owner=ann, counts={"kalen-vos": 2}, mode="add") == {
        "kalen-vos": 5, "arc-gallery": 1}
    assert services.collection_write(owner=ann, counts={"arc-gallery": 0}) == {"kalen-vos": 5}
    assert services.collection_write(owner=ann, counts={"dr-veylan": 1}, mode="replace") == {"dr-veylan": 1}


@pytest.mark.parametrize("counts, code", [
    ({"no-such-card": 1}, "unknown_card"),
    ({"kalen-vos": 100}, "invalid_count"),
    ({"kalen-vos": -1}, "invalid_count"),
])
def test_a_refused_write_changes_nothing(catalogue_db, ann, counts, code):
    services.collection_write(owner=ann, counts={"arc-gallery": 2})
    from cataclysm_site.api_errors import ApiError

    with pytest.raises(ApiError) as caught:
        services.collection_write(owner=ann, counts={"kalen-vos": 3, **counts}, mode="replace")
    assert caught.value.error_code == code
    assert selectors.collection_counts(ann) == {"arc-gallery": 2}


def test_adding_past_99_copies_is_refused(catalogue_db, ann):
    services.collection_write(owner=ann, counts={"kalen-vos": 90})
    from cataclysm_site.api_errors import ApiError

    with pytest.raises(ApiError, match="that makes 100 copies"):
        services.collection_write(owner=ann, counts={"kalen-vos": 10}, mode="add")


# --- the API ---------------------------------------------------------------------------------------------------------

def test_the_collection_api_reads_puts_and_patches(catalogue_db, ann, ben):
    api = client_for(ann)
    assert api.get("/api/collection/").json() == {"count": 0, "distinct": 0, "cards": []}
    put = api.put("/api/collection/", {"cards": [{"card": "kalen-vos", "count": 3}]}, format="json")
    assert put.status_code == 200
    assert put.json()["cards"] == [{"card": "kalen-vos", "name": "Kalen Vos", "type": "person",
                                    "faction": "atlantean-fanatic", "count": 3}]
    patched = api.patch("/api/collection/", {"text": "2 Arc Gallery\n1 Kalen Vos", "mode": "add"}, format="json")
    assert {row["card"]: row["count"] for row in patched.json()["cards"]} == {"kalen-vos": 4, "arc-gallery": 2}
    assert patched.json()["count"] == 6
    assert client_for(ben).get("/api/collection/").json()["cards"] == []  # each player has their own


def test_the_collection_api_says_what_went_wrong_and_keeps_the_collection(catalogue_db, ann):
    api = client_for(ann)
    api.put("/api/collection/", {"cards": [{"card": "kalen-vos", "count": 3}]}, format="json")
    unreadable = api.put("/api/collection/", {"text": "3 Arc Gallery\n2 Kalen Voss"}, format="json")
    assert unreadable.status_code == 400 and unreadable.json()["code"] == "collection_unreadable"
    assert unreadable.json()["errors"][0]["line"] == 2
    both = api.patch("/api/collection/", {"text": "1 Arc Gallery", "cards": []}, format="json")
    assert both.status_code == 400 and both.json()["code"] == "ambiguous_collection"
    unknown = api.patch("/api/collection/", {"cards": [{"card": "nope", "count": 1}]}, format="json")
    assert unknown.status_code == 400 and unknown.json()["code"] == "unknown_card"
    too_many = api.patch("/api/collection/", {"cards": [{"card": "kalen-vos", "count": 100}]}, format="json")
    assert too_many.status_code == 400 and too_many.json()["code"] == "invalid"
    assert selectors.collection_counts(ann) == {"kalen-vos": 3}


def test_the_collection_needs_a_login(catalogue_db):
    for method in ("get", "put", "patch"):
        response = getattr(client_for(), method)("/api/collection/", {"cards": []}, format="json")
        assert response.status_code == 403 and response.json()["code"] == "not_authenticated"


def test_export_as_csv_and_text(catalogue_db, ann):
    services.collection_write(owner=ann, counts={"kalen-vos": 3})
    api = client_for(ann)
    csv_export = api.get("/api/collection/export/?format=csv").json()
    assert csv_export["filename"] == "collection.csv" and "3,kalen-vos,Kalen Vos,person" in csv_export["content"]
    assert "3 Kalen Vos" in api.get("/api/collection/export/?format=text").json()["content"]
    assert api.get("/api/collection/export/?format=pdf").json()["code"] == "unknown_export_format"


# --- searching the catalogue by what I own --------------------------------------------------------------------------

def slugs(response):
    return {card["slug"] for card in response.json()["results"]}


def test_owned_searches_the_collection_of_whoever_asks(catalogue_db, ann, ben):
    services.collection_write(owner=ann, counts={"kalen-vos": 3, "arc-gallery": 1})
    services.collection_write(owner=ben, counts={"dr-veylan": 1})
    api = client_for(ann)
    assert slugs(api.get("/api/cards/", {"q": "owned"})) == {"kalen-vos", "arc-gallery"}
    assert slugs(api.get("/api/cards/", {"q": "owned>=2"})) == {"kalen-vos"}
    assert slugs(api.get("/api/cards/", {"q": "owned=1"})) == {"arc-gallery"}
    assert slugs(api.get("/api/cards/", {"q": "owned<3 owned:"})) == {"arc-gallery"}
    not_owned = slugs(api.get("/api/cards/", {"q": "-owned t:person", "page_size": 100}))
    assert "kalen-vos" not in not_owned and len(not_owned) > 10
    assert slugs(client_for(ben).get("/api/cards/", {"q": "owned"})) == {"dr-veylan"}  # never another's answer


def test_owned_needs_a_login_and_says_so(catalogue_db):
    response = client_for().get("/api/cards/", {"q": "t:person owned>=2"})
    assert response.status_code == 400 and response.json()["code"] == "bad_query"
    assert "log in" in response.json()["message"] and response.json()["position"] == 9


def test_the_catalogue_page_searches_my_collection(client, catalogue_db, ann):
    services.collection_write(owner=ann, counts={"kalen-vos": 3})
    client.force_login(ann)
    page = client.get("/cards/", {"q": "owned>=2", "view": "table"}).content.decode()
    assert "Kalen Vos" in page and "Arc Gallery" not in page


# --- decks against the collection -----------------------------------------------------------------------------------

def test_a_deck_shows_what_i_own_of_it_and_what_is_missing(starters, ann, veylan_list):
    deck = Deck.objects.with_cards().get(pk="starter-dr-veylan")
    total = sum(veylan_list.values())
    owned = dict(veylan_list)
    first, second = sorted(owned)[:2]
    owned[first] -= 1
    del owned[second]
    services.collection_write(owner=ann, counts=owned)
    result = selectors.deck_ownership(ann, deck)
    names = {row["card"]: row["missing"] for row in result["missing"]}
    assert names == {first: 1, second: veylan_list[second]}
    assert result["owned"] == total - 1 - veylan_list[second] and result["total"] == total
    assert result["summary"].startswith(f"You own {result['owned']}/{total} — missing: the Hero Dr. Veylan, ")
    assert not result["buildable"]


def test_public_decks_filter_to_those_my_collection_builds(starters, ann, veylan_list):
    api = client_for(ann)
    assert api.get("/api/decks/", {"buildable": "true"}).json()["results"] == []
    services.collection_write(owner=ann, counts={**veylan_list, "dr-veylan": 1})
    ids = [d["id"] for d in api.get("/api/decks/", {"buildable": "true"}).json()["results"]]
    assert ids == ["starter-dr-veylan"]
    services.collection_write(owner=ann, counts={next(iter(veylan_list)): veylan_list[next(iter(veylan_list))] - 1})
    assert api.get("/api/decks/", {"buildable": "true"}).json()["results"] == []  # one copy short
    assert api.get("/api/decks/starter-dr-veylan/ownership/").json()["owned"] == sum(veylan_list.values()) - 1
    assert client_for().get("/api/decks/", {"buildable": "true"}).status_code == 403
    assert api.get("/api/decks/", {"buildable": "maybe"}).json()["code"] == "bad_filter"
    assert api.get("/api/decks/", {"buildable": ""}).json()["code"] == "bad_filter"


def test_collection_entries_go_with_the_account(catalogue_db, ann):
    services.collection_write(owner=ann, counts={"kalen-vos": 3})
    ann.delete()
    assert not CollectionEntry.objects.exists()
