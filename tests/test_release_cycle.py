"""A release's whole cycle, as the issue asks for it (issue 32; docs/designers/releases.md): a designer edits a card
in the draft → publishes it from the staff page with a reason → a goldfish game and a versus game finished before
the publish replay identically, frame for frame → a new game plays the new text → a deck running the card is told
(`changed_cards`) → the changelog shows it, on its page and in the API. Every step through the site's own services
and pages, nothing mocked."""
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from cards.catalogue import clear_cache
from cards.models import Ability, Card
from cards.services import card_refresh_derived
from decks import services as decks
from decks.management.commands.load_starter_decks import STARTER_FILE, read_starter_decks
from tests.decks.helpers import client_for
from tests.goldfish import helpers as goldfish
from tests.goldfish.test_releases import replayed
from tests.versus import helpers as versus

pytestmark = pytest.mark.django_db
CARD = "crackling-jolt"  # in Dr. Veylan's starter deck: "Strike 1" → "Strike 2"
HERO = "dr-veylan"
REASON = "Strike 1 never mattered: it was cut from every deck."


@pytest.fixture
def world(api, settings, tmp_path):
    """Playtest 1.0 current; Ann's Dr. Veylan deck (running the card) saved under it; a designer signed in."""
    settings.MEDIA_ROOT = tmp_path / "media"
    # Replaying two games frame by frame, twice, takes more requests than the API lets one client make a minute;
    # the limits are not what this test is about (tests/decks and tests/live check them).
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {**rates, "anon": "100000/min", "user": "100000/min"}}
    clear_cache()
    users = get_user_model().objects
    ann = users.create_user("ann", password="ann-pass-123")
    row = next(d for d in read_starter_decks(STARTER_FILE) if d["hero"] == HERO)
    deck = decks.deck_create(owner=ann, name="Veylan", hero=HERO, counts=dict(row["counts"]))
    designer = Client()
    designer.force_login(users.create_user("dana", password="dana-pass-123", is_staff=True))
    yield {"ann": ann, "deck": deck, "designer": designer}
    clear_cache()


def edit_the_card_in_the_draft() -> tuple[str, str, int, int]:
    """Raise the card's strike, as a designer does in the admin; return (old text, new text, old X, new X)."""
    card = Card.objects.get(slug=CARD)
    old_text = card.text
    ability = Ability.objects.get(card=card, keyword__slug="strike")
    old = ability.amount
    ability.amount = old + 1
    ability.save()
    card_refresh_derived(card)
    card.refresh_from_db()
    return old_text, card.text, old, old + 1


def versus_replay(client, game_id):
    return client.get(f"/api/versus/{game_id}/replay/").json(), client.get(f"/api/versus/{game_id}/").json()


def test_edit_publish_old_games_replay_new_game_plays_the_new_text_deck_told_changelog_shows_it(api, world):
    # Games finished under Playtest 1.0.
    fish = goldfish.finish(api, goldfish.start(api, seed=41))
    duel = versus.finish(api, versus.start(api, seed=43))
    fish = api.get(f"/api/goldfish/{fish['id']}/").json()  # the game's page data, with its cards' texts
    duel = api.get(f"/api/versus/{duel['id']}/").json()
    assert (fish["status"], duel["status"]) == ("finished", "finished")
    assert fish["release"] == duel["release"] == "playtest-1-0"
    fish_before = replayed(api, fish["id"])
    duel_before = versus_replay(api, duel["id"])
    old_text = fish["cards"][CARD]["text"]

    # The designer edits the card: the draft. Nothing is played under it yet.
    was_text, new_text, old, new = edit_the_card_in_the_draft()
    assert was_text == old_text != new_text and f"Strike {new}" in new_text
    assert goldfish.start(api, seed=41)["cards"][CARD]["text"] == old_text

    # The staff page shows the change and publishes it with its reason.
    page = world["designer"].get("/releases/publish/").content.decode()
    assert f'id="change-{CARD}"' in page and f"<del>{old}</del> → <ins>{new}</ins>" in page
    shown = re.search(r'name="draft_hash" value="(\w+)"', page)[1]
    response = world["designer"].post("/releases/publish/", {
        "name": "Playtest 1.1", "notes": "Round two.", f"reason-{CARD}": REASON, "draft_hash": shown})
    assert response.status_code == 302 and response["Location"] == "/releases/playtest-1-1/"
    clear_cache()  # as a fresh process would: nothing compiled or kept in memory

    # The games finished before replay identically, every frame, under their release.
    assert replayed(api, fish["id"]) == fish_before
    again = api.get(f"/api/goldfish/{fish['id']}/").json()
    assert (again["release"], again["digest"], again["cards"][CARD]["text"]) == ("playtest-1-0", fish["digest"],
                                                                                   old_text)
    assert versus_replay(api, duel["id"])[0] == duel_before[0]
    duel_again = versus_replay(api, duel["id"])[1]
    assert (duel_again["release"], duel_again["digest"]) == ("playtest-1-0", duel["digest"])

    # A new game plays the new text.
    fresh = goldfish.start(api, seed=41)
    assert (fresh["release"], fresh["cards"][CARD]["text"]) == ("playtest-1-1", new_text)
    assert versus.start(api, seed=43)["cards"][CARD]["text"] == new_text

    # Ann's deck is told what changed in a card it runs, and why.
    body = client_for(world["ann"]).get(f"/api/decks/{world['deck'].pk}/").json()
    assert body["saved_release"] == "playtest-1-0"
    [told] = body["changed_cards"]
    assert (told["card"], told["release"], told["change"], told["reason"]) == (CARD, "playtest-1-1", "changed",
                                                                               REASON)
    assert list(told["fields"]) == ["abilities"]

    # The changelog shows it: the patch notes and the API.
    changes = api.get("/api/releases/playtest-1-1/changes/").json()
    assert (changes["from"], changes["to"]) == ("playtest-1-0", "playtest-1-1")
    [row] = changes["cards"]
    assert (row["card"], row["change"], row["reason"]) == (CARD, "changed", REASON)
    assert row["fields"]["abilities"][0][0]["amount"] == old and row["fields"]["abilities"][1][0]["amount"] == new
    notes = Client().get("/releases/playtest-1-1/").content.decode()
    assert f'id="change-{CARD}"' in notes and REASON in notes and f"<del>{old}</del> → <ins>{new}</ins>" in notes
