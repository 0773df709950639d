"""Live tables through the API, as two players and a spectator use them: open, join, decide in turn, conflicts,
who may do what, resign and draws, with the `{code, message}` errors of the rest of the API."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from rules.live import states
from rules.models import PlayerRating, Table
from tests.live.helpers import P2_DECK, decider, first_choice, invite_token, open_table, play, seat_table


def test_opening_a_table_answers_its_id_invite_link_seat_and_status(api):
    created = open_table(api, seat="second", clock_minutes=5, increment=3, listed=False)
    assert created["status"] == "open" and created["seat"] == 1
    assert created["invite_url"].startswith("http") and f"/play/{created['id']}/?invite=" in created["invite_url"]
    view = api.get(f"/api/tables/{created['id']}/").json()
    assert view["state"] is None and view["legal_actions"] == [] and view["players"][1]["hero"] == "dr-veylan"
    assert view["clock"] == {"seconds": 300, "increment": 3, "remaining": [300.0, 300.0], "running": None}


def test_an_invalid_deck_or_clock_is_refused_with_a_code(api):
    bad = api.post("/api/tables/", {"text": "Hero: Dr. Veylan\n3 Kalen Vos"}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_deck" and bad.json()["errors"]
    assert api.post("/api/tables/", {"deck": "starter-talah", "clock_minutes": 999},
                    format="json").json()["code"] == "invalid"
    assert api.post("/api/tables/", {}, format="json").json()["code"] == "no_deck"


def test_joining_starts_the_game_and_each_seat_sees_only_its_own_hand(api, other, watcher):
    joined = seat_table(api, other, seed=7)
    table_id = joined["id"]
    assert joined["status"] == "live" and joined["seat"] == 1
    state = states.state_of(Table.objects.get())
    mine = api.get(f"/api/tables/{table_id}/").json()
    theirs = other.get(f"/api/tables/{table_id}/").json()
    watched = watcher.get(f"/api/tables/{table_id}/").json()
    assert [c["id"] for c in mine["state"]["players"][0]["hand"]] == state.players[0].hand
    assert "hand" not in mine["state"]["players"][1]
    assert [c["id"] for c in theirs["state"]["players"][1]["hand"]] == state.players[1].hand
    assert "hand" not in theirs["state"]["players"][0]
    assert all("hand" not in p and p["hand_count"] == 7 for p in watched["state"]["players"])
    assert watched["seat"] is None and watched["invite_url"] is None and watched["seed"] is None
    # The engine decides who decides first (a mulligan or the coin toss's winner): only that player gets actions.
    deciding = state.current_player
    assert (mine["can_act"], theirs["can_act"]) == (deciding == 0, deciding == 1)
    assert [bool(v["legal_actions"]) for v in (mine, theirs, watched)] == [deciding == 0, deciding == 1, False]


def test_decisions_alternate_as_the_engine_says_and_everyone_sees_them(api, other, watcher):
    table_id = seat_table(api, other, seed=3)["id"]
    done = play([api, other], table_id, 12)
    assert len(done) == 12
    row = Table.objects.get()
    assert len(row.actions) >= 12 and row.version == 1 + 12
    assert watcher.get(f"/api/tables/{table_id}/").json()["version"] == row.version


def test_who_may_act_stale_versions_and_illegal_actions(api, other, watcher):
    table_id = seat_table(api, other, seed=3)["id"]
    client, view = decider([api, other], table_id)
    waiting = other if client is api else api
    choice = first_choice(view)
    url = f"/api/tables/{table_id}/actions/"
    spectator = watcher.post(url, {"action": choice, "version": view["version"]}, format="json")
    assert spectator.status_code == 403 and spectator.json()["code"] == "not_player"
    out_of_turn = waiting.post(url, {"action": choice, "version": view["version"]}, format="json")
    assert out_of_turn.status_code == 400 and out_of_turn.json()["code"] == "not_your_decision"
    illegal = client.post(url, {"action": "no-such-action", "version": view["version"]}, format="json")
    assert illegal.status_code == 400 and illegal.json()["code"] == "illegal_action"
    assert client.post(url, {"action": choice, "version": view["version"]}, format="json").status_code == 200
    again = client.post(url, {"action": choice, "version": view["version"]}, format="json")  # a duplicate
    assert again.status_code == 409 and again.json()["code"] == "conflict"
    assert again.json()["table"]["version"] == view["version"] + 1 and "state" in again.json()["table"]


def test_an_invite_only_table_needs_its_token_and_a_full_table_refuses_a_third(api, other, watcher):
    created = open_table(api, listed=False)
    url = f"/api/tables/{created['id']}/join/"
    refused = other.post(url, {"deck": P2_DECK, "invite": "guess"}, format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "bad_invite"
    assert api.post(url, {"deck": P2_DECK}, format="json").json()["code"] == "already_seated"
    assert other.post(url, {"deck": P2_DECK, "invite": invite_token(created)}, format="json").status_code == 200
    third = watcher.post(url, {"deck": P2_DECK, "invite": invite_token(created)}, format="json")
    assert third.status_code == 409 and third.json()["code"] == "table_taken"
    assert api.get("/api/tables/").json() == []  # unlisted: not in the lobby


def test_resigning_ends_the_game_and_the_opponent_wins(api, other):
    table_id = seat_table(api, other, seed=3)["id"]
    play([api, other], table_id, 3)
    done = other.post(f"/api/tables/{table_id}/resign/", {}, format="json").json()
    assert (done["status"], done["winner"], done["end"]) == ("finished", 0, "resigned")
    assert done["decks"][0]["hero"] == "dr-veylan" and done["seed"] is not None  # nothing is secret any more
    row = Table.objects.get()
    assert row.stats["end"] == "resigned" and len(row.stats["players"]) == 2 and "legacy_a" in row.stats
    late = api.post(f"/api/tables/{table_id}/resign/", {}, format="json")
    assert late.status_code == 400 and late.json()["code"] == "game_over"


def test_a_draw_offer_is_accepted_by_the_other_player_or_declined_by_playing_on(api, other):
    table_id = seat_table(api, other, seed=3)["id"]
    assert api.post(f"/api/tables/{table_id}/draw/", {}, format="json").json()["draw_offer"] == 0
    done = other.post(f"/api/tables/{table_id}/draw/", {}, format="json").json()
    assert (done["status"], done["winner"], done["end"]) == ("finished", None, "draw_agreed")


def accounts(*names):
    clients = []
    for name in names:
        user = get_user_model().objects.create_user(name, password="pw-123456789")
        client = APIClient()
        client.force_authenticate(user)
        clients.append(client)
    return clients


def test_a_game_between_accounts_counts_once_in_records_and_ratings(catalogue_db):
    ann, bob = accounts("ann", "bob")
    table_id = seat_table(ann, bob, seed=3)["id"]
    bob.post(f"/api/tables/{table_id}/resign/", {}, format="json")
    ann_row, bob_row = PlayerRating.objects.get(user__username="ann"), PlayerRating.objects.get(user__username="bob")
    assert (ann_row.wins, ann_row.losses, bob_row.wins, bob_row.losses) == (1, 0, 0, 1)
    assert ann_row.ordinal > bob_row.ordinal
    board = ann.get("/api/tables/leaderboard/").json()
    assert [r["player"] for r in board] == ["ann", "bob"] and board[0]["games"] == 1


def test_the_schema_documents_every_table_endpoint(api):
    paths = api.get("/api/schema/?format=json").json()["paths"]
    for path in ("/api/tables/", "/api/tables/{table_id}/", "/api/tables/{table_id}/join/",
                 "/api/tables/{table_id}/actions/", "/api/tables/{table_id}/resign/", "/api/tables/{table_id}/draw/",
                 "/api/tables/{table_id}/claim/", "/api/tables/{table_id}/rematch/", "/api/tables/{table_id}/chat/",
                 "/api/tables/{table_id}/mute/", "/api/tables/leaderboard/"):
        assert path in paths, path
    created = paths["/api/tables/"]["post"]["responses"]["201"]["content"]["application/json"]["schema"]["$ref"]
    assert created.endswith("/TableCreated")
    assert "409" in paths["/api/tables/{table_id}/actions/"]["post"]["responses"]
