"""The boards draw the hands a view reveals (issue 34), in a real headless Chromium at 1366 and 390 px: a finished
table of three, where seats 0 and 2 played public starter decks and seat 1 a pasted list, shows a spectator the two
public hands face up (card faces, names readable, nothing to play) and seat 1's face down, only how many; the old
drawing showed every other seat's hand face down whatever the view held, and the spectator's own panel no hand."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect
from rest_framework.test import APIClient

from cataclysm_site.asgi import application
from rules.models import Table
from tests.browser.helpers import LAPTOP, PHONE, fits_the_phone, new_page
from tests.browser.test_goldfish_browser import shot
from tests.live.finished import pasted_list
from tests.live.four_seats import DECKS, accounts
from tests.live.helpers import invite_token
from tests.live.servers import AsgiServer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def finished_table_of_three() -> Table:
    """Seat 0 and seat 2 play starter decks (public once over), seat 1 a pasted list (private for good); seats 1 and
    2 resign, so the game is over with every hand still in it."""
    ann, bob, cy = accounts("ann", "bob", "cy")
    created = ann.post("/api/tables/", {"deck": DECKS[0], "players": 3, "listed": False, "seed": 7}, format="json")
    table_id, token = created.json()["id"], invite_token(created.json())
    for client, deck in ((bob, {"decklist": pasted_list()}), (cy, {"deck": DECKS[2]})):
        assert client.post(f"/api/tables/{table_id}/join/", {**deck, "invite": token}, format="json").status_code == 200
    for client in (bob, cy):
        assert client.post(f"/api/tables/{table_id}/resign/", {}, format="json").status_code == 200
    table = Table.objects.get(pk=table_id)
    assert table.status == "finished"
    return table


def spectators_players() -> list[dict]:
    """Every seat as the spectator's API answer shows it: a public deck's hand, else only its count."""
    return APIClient().get(f"/api/tables/{Table.objects.get().pk}/").json()["state"]["players"]


@pytest.mark.parametrize("screen", [LAPTOP, PHONE], ids=["1366", "390"])
def test_a_spectator_sees_the_public_hands_face_up_and_the_private_one_face_down(browser, catalogue, screen):
    table = finished_table_of_three()
    errors: list[str] = []
    with AsgiServer(application) as server:
        watcher = new_page(browser, screen, errors)
        watcher.goto(f"{server.url}{table.get_absolute_url()}")
        seat0 = watcher.locator("#gf-board-body .vs-opp-hand")  # the spectator's own panel: seat 0's board
        seat1 = watcher.locator('.vs-seat[data-seat="1"] .vs-opp-hand')
        seat2 = watcher.locator('.vs-seat[data-seat="2"] .vs-opp-hand')
        expect(seat0).to_have_count(1, timeout=10_000)
        players = spectators_players()
        assert "hand" not in players[1]
        for shown, seat in ((seat0, 0), (seat2, 2)):
            names = [card["name"] for card in players[seat]["hand"]]
            assert names
            expect(shown.locator(".gf-zone-title")).to_have_text(f"Hand {len(names)} face up")
            expect(shown.locator(".gf-card.in-hand .gf-card-name")).to_have_text(names)
            faces = shown.locator("img.cx-face").evaluate_all("imgs => imgs.map(i => i.alt)")
            assert faces == names  # the same faces as a player's own hand
            assert shown.locator(".gf-card.has-actions, .gf-card.targetable").count() == 0  # nothing to play
            assert shown.locator(".vs-card-back").count() == 0
        count = players[1]["hand_count"]
        assert count > 0
        expect(seat1.locator(".gf-card")).to_have_count(0)
        expect(seat1.locator(".vs-card-back")).to_have_count(count)
        expect(seat1.locator(".gf-zone-title")).to_have_text(f"Hand {count} face down")
        assert watcher.locator("#gf-hand").is_hidden()  # a spectator still has no hand of their own to play
        if screen is PHONE:
            fits_the_phone(watcher)
        shot(watcher, f"shown-hands-{screen['width']}")
    assert errors == []
