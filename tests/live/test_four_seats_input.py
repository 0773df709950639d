"""Live tables of three and four (issue 34): every seat's hand private to it (a partner's too) and none shown to a
spectator, over the API and over the four players' sockets; bad input answered with a clear code."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from rules.live import services
from rules.models import Table
from tests.live.four_seats import DECKS, accounts, fill_table, quick_choice
from tests.live.helpers import Secrets, invite_token

pytestmark = pytest.mark.django_db


def test_every_seat_sees_only_its_own_hand_a_partners_neither_and_a_spectator_none(catalogue_db, watcher):
    clients = accounts("ann", "bob", "cy", "dee")
    table_id = fill_table(clients, teams=True, seed=21)["id"]
    row = Table.objects.get(pk=table_id)
    for viewer in (0, 1, 2, 3, None):
        body = (watcher if viewer is None else clients[viewer]).get(f"/api/tables/{table_id}/").json()
        assert body["seat"] == viewer
        for seat in range(4):
            player = body["state"]["players"][seat]
            assert ("hand" in player) == (seat == viewer), (viewer, seat)
            if seat != viewer:
                secrets = Secrets(row, seat, viewer)
                assert secrets.slugs and secrets.leaks(body) == [], (viewer, seat)


def test_bad_tables_are_refused_with_a_clear_code(api):
    def opened(**body):
        return api.post("/api/tables/", {"deck": DECKS[0], **body}, format="json")

    assert opened(players=5).json()["code"] == "bad_players"
    assert opened(players=1).json()["code"] == "bad_players"
    assert opened(players=3, teams=True).json()["code"] == "bad_teams"
    assert opened(players=2, teams=True).json()["code"] == "bad_teams"
    assert opened(players=3, seat="fourth").json()["code"] == "bad_seat"
    assert all(opened(players=n).status_code == 400 for n in (5, "four", True))
    assert Table.objects.count() == 0


def test_nobody_sits_twice_and_a_full_table_refuses_a_fifth(catalogue_db):
    ann, bob, cy, dee, eve = accounts("ann", "bob", "cy", "dee", "eve")
    created = ann.post("/api/tables/", {"deck": DECKS[0], "players": 4}, format="json").json()
    join = f"/api/tables/{created['id']}/join/"
    body = {"deck": DECKS[1], "invite": invite_token(created)}
    assert ann.post(join, body, format="json").json()["code"] == "already_seated"
    assert bob.post(join, body, format="json").status_code == 200
    again = bob.post(join, body, format="json")
    assert again.status_code == 400 and again.json()["code"] == "already_seated"
    also_bob = APIClient()  # the same account in another browser
    also_bob.force_authenticate(Table.objects.get().p2_user)
    assert also_bob.post(join, body, format="json").json()["code"] == "already_seated"
    for client in (cy, dee):
        assert client.post(join, body, format="json").status_code == 200
    full = eve.post(join, body, format="json")
    assert full.status_code == 409 and full.json()["code"] == "table_taken"
    row = Table.objects.get()
    assert [row.p1_user.username, row.p2_user.username, row.p3_user.username, row.p4_user.username] == \
        ["ann", "bob", "cy", "dee"]


def test_a_seat_is_never_taken_twice_when_two_sit_down_at_once(catalogue_db, monkeypatch):
    ann, bob, cy = accounts("ann", "bob", "cy")
    created = ann.post("/api/tables/", {"deck": DECKS[0], "players": 3}, format="json").json()
    stale = services.get_table(created["id"])  # cy's read, before bob sits down in seat 1
    assert bob.post(f"/api/tables/{created['id']}/join/", {"deck": DECKS[1], "invite": invite_token(created)},
                    format="json").json()["seat"] == 1
    reads = iter([stale])
    real = services.get_table
    monkeypatch.setattr(services, "get_table", lambda pk: next(reads, None) or real(pk))
    answer = cy.post(f"/api/tables/{created['id']}/join/", {"deck": DECKS[2], "invite": invite_token(created)},
                     format="json").json()
    assert answer["seat"] == 2 and answer["status"] == "live"  # the write on the stale read was refused
    row = Table.objects.get()
    assert (row.p2_user.username, row.p3_user.username) == ("bob", "cy")


def test_a_decision_out_of_turn_names_whose_it_is(catalogue_db):
    clients = accounts("ann", "bob", "cy")
    table_id = fill_table(clients, seed=3)["id"]
    row = Table.objects.get(pk=table_id)
    waiting = next(s for s in range(3) if s != row.to_move)
    decider_view = clients[row.to_move].get(f"/api/tables/{table_id}/").json()
    refused = clients[waiting].post(f"/api/tables/{table_id}/actions/",
                                    {"action": quick_choice(decider_view), "version": row.version}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "not_your_decision"
    assert f"Player {row.to_move + 1}'s decision" in refused.json()["message"]


def test_chat_names_every_seat_and_a_spectator_never_as_a_player(catalogue_db):
    ann, bob, cy, dee, fan = accounts("ann", "bob", "cy", "dee", "fan")
    table_id = fill_table([ann, bob, cy, dee], seed=3)["id"]
    chat = f"/api/tables/{table_id}/chat/"
    assert cy.post(chat, {"text": "hello from seat 3"}, format="json").json()["seat"] == 2
    assert fan.post(chat, {"text": "watching"}, format="json").json()["seat"] == 4  # no player sits there
    assert dee.post(f"/api/tables/{table_id}/mute/", {"muted": True}, format="json").json()["muted"] is True
    assert [line["seat"] for line in dee.get(f"/api/tables/{table_id}/").json()["chat"]] == []
    assert [line["seat"] for line in ann.get(f"/api/tables/{table_id}/").json()["chat"]] == [2, 4]
