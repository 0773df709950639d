"""How the pages name a table's players and decks (issue 33): an invitation says who invites you and on what terms,
as lichess does ("alice challenges you · 5+2 · Accept"); players are named by their name and Hero — never by a
slug, even when the deck is hidden; a rematch keeps the decks' names; the running clock's hourglass is an icon the
page draws, not a font glyph."""
from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from rules.models import Table
from tests.live.finished import pasted_list

PASSWORD = "names-pass-4821"
LIVE_JS = Path(__file__).resolve().parents[2] / "rules" / "live" / "static" / "js" / "live.js"


@pytest.fixture
def alice(catalogue_db, django_user_model):
    client = Client()
    client.force_login(django_user_model.objects.create_user("alice", password=PASSWORD))
    return client


@pytest.fixture
def bob(catalogue_db, django_user_model):
    client = Client()
    client.force_login(django_user_model.objects.create_user("bob", password=PASSWORD))
    return client


def open_table(client, **body) -> dict:
    response = client.post("/api/tables/", body, content_type="application/json")
    assert response.status_code == 201, response.json()
    return response.json()


def page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_an_invitation_says_who_invites_you_and_on_what_terms(alice):
    created = open_table(alice, deck="starter-dr-veylan", listed=False, clock_minutes=5, increment=2)
    html = page(Client(), created["invite_url"])
    assert '<span id="live-challenger">alice</span> challenges you' in html
    assert "alice plays Dr. Veylan (Dr. Veylan Starter) · 5+2" in html
    assert ">Accept</button>" in html and "Accept alice's challenge" in html
    assert "you are watching" not in html and "an empty seat" not in html


def test_a_hidden_deck_is_named_by_its_player_and_hero_never_a_slug(alice, bob):
    created = open_table(alice, decklist=pasted_list("starter-dr-veylan"))
    lobby = page(Client(), "/play/")
    assert "alice · Dr. Veylan" in lobby and "dr-veylan" not in lobby.split('id="live-lobby"')[1]
    joined = bob.post(f"/api/tables/{created['id']}/join/", {"deck": "starter-elder-maru"},
                      content_type="application/json")
    assert joined.status_code == 200, joined.json()
    heading = page(Client(), f"/play/{created['id']}/").split('id="live-players">')[1].split("</h1>")[0]
    assert "alice · Dr. Veylan" in heading and "bob · Elder Maru" in heading
    assert "dr-veylan" not in heading and "Elder Maru Starter" in heading  # a public deck's name is public
    bob.post(f"/api/tables/{created['id']}/resign/", {}, content_type="application/json")
    replay = page(Client(), f"/play/{created['id']}/replay/")
    heading = replay.split('id="live-players">')[1].split("</h1>")[0]
    assert "alice · Dr. Veylan" in heading and "dr-veylan" not in heading
    assert "seed" not in replay.split("<h1")[0].split("Replay ·")[1]  # the seed of a hidden deck's game stays secret


def test_a_rematch_keeps_the_decks_names(alice, bob):
    created = open_table(alice, deck="starter-dr-veylan")
    bob.post(f"/api/tables/{created['id']}/join/", {"deck": "starter-elder-maru"}, content_type="application/json")
    bob.post(f"/api/tables/{created['id']}/resign/", {}, content_type="application/json")
    offered = alice.post(f"/api/tables/{created['id']}/rematch/", {}, content_type="application/json").json()
    accepted = bob.post(f"/api/tables/{created['id']}/rematch/", {}, content_type="application/json").json()
    assert accepted["id"] == offered["id"] and accepted["status"] == "live"
    new = Table.objects.get(pk=offered["id"])
    assert [d["name"] for d in new.decks] == ["Elder Maru Starter", "Dr. Veylan Starter"]
    assert (new.p1_deck_id, new.p2_deck_id) == ("starter-elder-maru", "starter-dr-veylan")
    heading = page(Client(), new.get_absolute_url()).split('id="live-players">')[1].split("</h1>")[0]
    assert "Elder Maru Starter" in heading and "Dr. Veylan Starter" in heading


def test_the_running_clock_draws_its_hourglass_as_an_icon_not_a_glyph():
    script = LIVE_JS.read_text()
    assert "⏳" not in script  # a box where the font lacks it
    assert 'createElementNS(SVG, "svg")' in script and "live-hourglass" in script


def test_a_live_board_never_calls_a_player_the_computer(alice, bob):
    created = open_table(alice, deck="starter-dr-veylan")
    bob.post(f"/api/tables/{created['id']}/join/", {"deck": "starter-elder-maru"}, content_type="application/json")
    for client in (alice, bob, Client()):
        html = page(client, f"/play/{created['id']}/")
        assert "computer" not in html.lower()
        assert "Player 2&#x27;s board · bob · Elder Maru" in html or "Player 1&#x27;s board · bob" in html
