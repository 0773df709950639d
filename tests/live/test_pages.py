"""The pages: `/play/` opens a table (a plain form: deck or pasted list, seat, seating, clock, listed) and lists the
tables to join or watch; `/play/<id>/` lets a visitor sit down and shows the board; the deck page links here; the
leaderboard and the author page show records and ratings."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.test import Client

from rules.models import Table
from tests.live.helpers import P2_DECK, seat_table


def test_opening_a_table_from_the_form_then_a_friend_sits_down_from_the_invite_link(catalogue_db):
    host, friend = Client(), Client()
    assert b'id="live-open-form"' in host.get("/play/?deck=starter-talah").content
    response = host.post("/play/", {"deck": "starter-talah", "seat": "second", "seating": "diagonal",
                                    "clock_minutes": "10", "increment": "5"})
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/play/{table.pk}/"
    assert (table.decks[1]["hero"], table.seating, table.clock_seconds, table.listed) == ("talah", "diagonal", 600,
                                                                                          False)
    waiting = host.get(f"/play/{table.pk}/").content.decode()
    assert f"?invite={table.invite_token}" in waiting and 'id="live-join-form"' not in waiting
    page = friend.get(f"/play/{table.pk}/?invite={table.invite_token}").content.decode()
    assert 'id="live-join-form"' in page and f'value="{table.invite_token}"' in page
    refused = friend.post(f"/play/{table.pk}/", {"deck": P2_DECK, "invite": "wrong"})
    assert refused.status_code == 400 and b"invite link only" in refused.content
    joined = friend.post(f"/play/{table.pk}/", {"deck": P2_DECK, "invite": table.invite_token})
    assert joined.status_code == 302
    board = friend.get(f"/play/{table.pk}/").content.decode()
    assert 'id="goldfish"' in board and 'data-seat="0"' in board and 'data-player="1"' in board
    assert "js/live.js" in board and "js/board/board.js" in board


def test_a_pasted_invalid_list_is_refused_with_the_validators_reasons(catalogue_db):
    response = Client().post("/play/", {"text": "Hero: Dr. Veylan\n3 Kalen Vos", "seat": "first",
                                        "seating": "side-by-side", "listed": "on"})
    assert response.status_code == 400 and b"This table cannot open" in response.content
    assert not Table.objects.exists()


def test_the_lobby_lists_listed_tables_to_join_and_games_to_watch(api, other):
    seat_table(api, other, seed=3)
    page = Client().get("/play/").content.decode()
    assert "Watch" in page and "in play" in page


def test_the_deck_page_links_to_play_a_friend(catalogue_db):
    page = Client().get("/decks/starter-talah/").content.decode()
    assert 'href="/play/?deck=starter-talah"' in page and "Play a friend" in page


def test_the_leaderboard_and_the_author_page_show_records_and_ratings(catalogue_db):
    from tests.live.test_api import accounts
    ann, bob = accounts("ann", "bob")
    table_id = seat_table(ann, bob, seed=3)["id"]
    bob.post(f"/api/tables/{table_id}/resign/", {}, format="json")
    board = Client().get("/play/leaderboard/").content.decode()
    assert board.index(">ann<") < board.index(">bob<")
    author = Client().get("/players/ann/").content.decode()
    assert 'id="live-record"' in author and "1 won · 0 lost" in author
    get_user_model().objects.create_user("cid")
    assert 'id="live-record"' not in Client().get("/players/cid/").content.decode()
