"""The OpenAPI schema states what the server enforces, and the server does what the schema says: exclusive decklist
forms as `oneOf`, text fields that take text only, and a deck edit without `version` that never answers 409."""
import jsonschema
import pytest
from drf_spectacular.generators import SchemaGenerator

from decks import services
from tests.decks.helpers import client_for

DECKLIST = "Hero: Dr. Veylan\n3 Kalen Vos\n"


@pytest.fixture(scope="module")
def components():
    return SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]


def accepts(component: dict, body: dict) -> bool:
    """Whether a body satisfies the component's `oneOf` (the constraint the plain properties cannot state)."""
    try:
        jsonschema.validate(body, {"oneOf": component["oneOf"]})
    except jsonschema.ValidationError:
        return False
    return True


@pytest.mark.parametrize("name", ["DecklistRequest", "DeckWriteRequest", "PatchedDeckWriteRequest",
                                  "OpeningHandDecklistRequest"])
def test_a_decklist_takes_at_most_one_form_in_the_schema(components, name):
    schema = components[name]
    assert accepts(schema, {"text": DECKLIST}) and accepts(schema, {"code": "x"}) and accepts(schema, {"cards": []})
    assert accepts(schema, {"hero": "dr-veylan"}) and accepts(schema, {})  # none: an empty decklist
    assert not accepts(schema, {"text": DECKLIST, "code": "x"})
    assert not accepts(schema, {"cards": [], "text": DECKLIST})


@pytest.mark.parametrize("name", ["StartRequest", "VersusStartRequest"])
def test_a_game_takes_exactly_one_deck_in_the_schema(components, name):
    schema = components[name]
    assert accepts(schema, {"deck": "starter-talah"}) and accepts(schema, {"text": DECKLIST, "deck": None})
    assert not accepts(schema, {}) and not accepts(schema, {"deck": ""})
    assert not accepts(schema, {"deck": "starter-talah", "text": DECKLIST})


def test_the_server_refuses_what_the_oneof_refuses(starters):
    api = client_for()
    both = api.post("/api/decks/validate/", {"text": DECKLIST, "code": "x"}, format="json")
    assert both.status_code == 400 and both.json()["code"] == "ambiguous_decklist"
    none = api.post("/api/goldfish/", {"seed": 1}, format="json")
    assert none.status_code == 400 and none.json()["code"] == "no_deck"


@pytest.mark.parametrize("value", [0, 1.5, True, ["Nice"], {"text": "Nice"}])
def test_a_comment_body_must_be_text(starters, ann, ben, value):
    deck = services.deck_create(owner=ann, name="Shared", hero="dr-veylan", counts={}, visibility="public")
    response = client_for(ben).post(f"/api/decks/{deck.pk}/comments/", {"body": value}, format="json")
    assert response.status_code == 400 and "body" in response.json()["errors"]
    assert not deck.comments.exists()


def test_every_text_field_refuses_a_number(starters, ann):
    response = client_for(ann).post("/api/decks/", {"name": 12, "text": DECKLIST}, format="json")
    assert response.status_code == 400 and "name" in response.json()["errors"]
    assert client_for(ann).post("/api/decks/", {"name": "12", "text": DECKLIST}, format="json").status_code == 201


def test_an_edit_without_version_that_loses_a_race_is_applied_again_not_a_409(starters, ann, monkeypatch):
    deck = services.deck_create(owner=ann, name="Raced", hero="dr-veylan", counts={})
    check_choice, raced = services._check_choice, []

    def another_save_lands_first(*args):
        if not raced:  # between this edit's read and its write, once
            raced.append(services.Deck.objects.filter(pk=deck.pk).update(version=services.F("version") + 1))
        return check_choice(*args)

    monkeypatch.setattr(services, "_check_choice", another_save_lands_first)
    response = client_for(ann).patch(f"/api/decks/{deck.pk}/", {"name": "Renamed"}, format="json")
    assert raced and response.status_code == 200, response.json()
    assert response.json()["name"] == "Renamed"


def test_an_edit_with_a_stale_version_is_still_a_409(starters, ann):
    deck = services.deck_create(owner=ann, name="Raced", hero="dr-veylan", counts={})
    client_for(ann).patch(f"/api/decks/{deck.pk}/", {"name": "First"}, format="json")
    response = client_for(ann).patch(f"/api/decks/{deck.pk}/", {"name": "Second", "version": 1}, format="json")
    assert response.status_code == 409 and response.json()["code"] == "version_conflict"


@pytest.mark.parametrize("entry", [{"card": "kalen-vos"}, {"count": 3}])
def test_a_card_entry_needs_its_card_and_count_in_a_patch_too(starters, ann, entry):
    deck = services.deck_create(owner=ann, name="Partial", hero="dr-veylan", counts={})
    response = client_for(ann).patch(f"/api/decks/{deck.pk}/", {"cards": [entry]}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "invalid"
