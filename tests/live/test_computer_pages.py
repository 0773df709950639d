"""The table page's "Add a computer" (issue 35): the host of a waiting table seats a computer of a level from a plain
form and takes it out again; the others at the table never see the form; a refusal is shown on the page."""
from __future__ import annotations

from django.test import Client

from rules.models import Table
from tests.live.helpers import P2_DECK


def opened(host: Client, **fields) -> Table:
    response = host.post("/play/", {"deck": "starter-talah", "seat": "first", "seating": "side-by-side",
                                    "listed": "on", **fields})
    assert response.status_code == 302
    return Table.objects.get(pk=response["Location"].strip("/").rsplit("/", 1)[-1])


def test_the_host_adds_a_computer_from_the_page_and_the_game_starts(catalogue_db):
    host = Client()
    table = opened(host)
    page = host.get(f"/play/{table.pk}/").content.decode()
    assert 'id="live-add-computer"' in page and "Hard: takes the most Legacy" in page and "not yet rated" in page
    added = host.post(f"/play/{table.pk}/", {"computer": "add", "seat": "1", "level": "easy",
                                             "cpu_deck": P2_DECK})
    assert added.status_code == 302
    table.refresh_from_db()
    assert table.status == "live" and table.decks[1]["level"] == "easy" and table.decks[1]["deck_id"] == P2_DECK
    board = host.get(f"/play/{table.pk}/").content.decode()
    assert 'id="goldfish"' in board and "Computer (easy) · Elder Maru" in board


def test_a_computer_is_taken_out_again_and_the_others_never_see_the_form(catalogue_db):
    host, friend = Client(), Client()
    table = opened(host, players="3")
    assert host.post(f"/play/{table.pk}/", {"computer": "add", "seat": "2", "level": "hard"}).status_code == 302
    waiting = host.get(f"/play/{table.pk}/").content.decode()
    assert 'id="live-remove-computer-2"' in waiting and "Computer (hard)" in waiting
    friend.post(f"/play/{table.pk}/", {"deck": P2_DECK, "invite": table.invite_token})  # sits in seat 1: it starts
    table.refresh_from_db()
    assert table.status == "live"
    refused = host.post(f"/play/{table.pk}/", {"computer": "remove", "seat": "2"})
    assert refused.status_code == 400 and b"The game has started" in refused.content
    other = opened(Client(), players="3")
    visitor = Client()
    visitor.post(f"/play/{other.pk}/", {"deck": P2_DECK, "invite": other.invite_token})
    assert 'id="live-add-computer"' not in visitor.get(f"/play/{other.pk}/").content.decode()
    not_host = visitor.post(f"/play/{other.pk}/", {"computer": "add", "seat": "2", "level": "hard"})
    assert not_host.status_code == 400 and b"Only the player who opened the table" in not_host.content


def test_an_unknown_level_is_refused_on_the_page(catalogue_db):
    host = Client()
    table = opened(host)
    refused = host.post(f"/play/{table.pk}/", {"computer": "add", "seat": "1", "level": "grandmaster"})
    assert refused.status_code == 400 and b"A computer&#x27;s level is one of" in refused.content
    table.refresh_from_db()
    assert table.status == "open" and table.decks[1] is None


def test_a_waiting_table_offers_no_draw_claim_or_resignation_until_the_game_starts(catalogue_db):
    """Before every seat is taken there is no game to draw, claim or resign: the buttons are there, switched off
    (they were live and a click only flashed a refusal); once the computer's seat starts the game they are on."""
    import re
    host = Client()
    table = opened(host)

    def switched_off(page: str) -> set[str]:
        return {m for m in ("live-draw", "live-claim", "live-resign")
                if re.search(rf'id="{m}"[^>]*\sdisabled[\s>]', page)}

    assert switched_off(host.get(f"/play/{table.pk}/").content.decode()) == {"live-draw", "live-claim", "live-resign"}
    host.post(f"/play/{table.pk}/", {"computer": "add", "seat": "1", "level": "easy", "cpu_deck": P2_DECK})
    assert switched_off(host.get(f"/play/{table.pk}/").content.decode()) == set()
