"""Live tables of three and four players (issue 34): opened, joined by the invite link seat after seat, played to
the Cataclysm by every seat over the API, and rated for every seat (free-for-all by place, two against two by team)."""
from __future__ import annotations

import pytest

from rules.models import PlayerRating, Table
from tests.live.four_seats import accounts, fill_table, play_to_the_end
from tests.live.helpers import invite_token

pytestmark = pytest.mark.django_db


def test_a_four_player_table_waits_for_every_seat_then_plays_to_the_end_and_rates_all_four(catalogue_db):
    clients = accounts("ann", "bob", "cy", "dee")
    created = clients[0].post("/api/tables/", {"deck": "starter-dr-veylan", "players": 4, "seed": 5},
                              format="json").json()
    table_id, token = created["id"], invite_token(created)
    for n, client in enumerate(clients[1:3], start=1):
        joined = client.post(f"/api/tables/{table_id}/join/", {"deck": "starter-elder-maru", "invite": token},
                             format="json").json()
        assert joined["seat"] == n and joined["status"] == "open" and joined["seated"] == n + 1
        assert joined["prompt"]["text"] == f"Waiting for players: {n + 1} of 4 seated."
    lobby = clients[3].get("/api/tables/").json()
    assert [(t["seats"], t["seated"]) for t in lobby if t["id"] == table_id] == [(4, 3)]
    page = clients[3].get("/play/")
    assert "3 of 4 seated" in page.content.decode()
    started = clients[3].post(f"/api/tables/{table_id}/join/", {"deck": "starter-lethan", "invite": token},
                              format="json").json()
    assert started["status"] == "live" and started["seat"] == 3 and started["seating"] == "four-players"
    assert len(started["state"]["players"]) == 4 and len(started["players"]) == 4

    assert play_to_the_end(clients, table_id) == {0, 1, 2, 3}
    row = Table.objects.get(pk=table_id)
    assert row.end == "cataclysm" and row.rated and len(row.legacy) == 4 and sorted(row.places)[0] == 1
    final = clients[0].get(f"/api/tables/{table_id}/").json()
    assert final["places"] == row.places and final["winners"] == row.winners
    assert final["prompt"]["text"].endswith("after the Cataclysm.") or final["prompt"]["text"].startswith("A draw")
    ratings = {r.user.username: r for r in PlayerRating.objects.select_related("user")}
    assert sorted(ratings) == ["ann", "bob", "cy", "dee"]
    assert all(r.games == 1 for r in ratings.values())
    names = ["ann", "bob", "cy", "dee"]
    first = [names[s] for s, place in enumerate(row.places) if place == 1]
    if len(first) == 1:  # the one in first place won, everyone else lost
        assert ratings[first[0]].wins == 1 and sum(r.losses for r in ratings.values()) == 3
        last = names[row.places.index(max(row.places))]
        assert ratings[first[0]].ordinal > ratings[last].ordinal


def test_two_against_two_partners_win_or_lose_together_and_are_rated_as_a_team(catalogue_db):
    clients = accounts("ann", "bob", "cy", "dee")
    started = fill_table(clients, teams=True, seed=11)
    assert started["seating"] == "two-against-two" and started["teams"] is True
    table_id = started["id"]
    assert play_to_the_end(clients, table_id) == {0, 1, 2, 3}
    row = Table.objects.get(pk=table_id)
    assert row.places[0] == row.places[2] and row.places[1] == row.places[3]  # partners share their place
    assert row.winners in ([], [0, 2], [1, 3])
    ratings = {r.user.username: r for r in PlayerRating.objects.select_related("user")}
    assert len(ratings) == 4 and all(r.games == 1 for r in ratings.values())
    ann, bob, cy, dee = (ratings[n] for n in ("ann", "bob", "cy", "dee"))
    assert (ann.wins, ann.losses, ann.draws) == (cy.wins, cy.losses, cy.draws)
    assert (bob.wins, bob.losses, bob.draws) == (dee.wins, dee.losses, dee.draws)
    if row.winners == [0, 2]:
        assert ann.mu > bob.mu and cy.mu > dee.mu
    elif row.winners == [1, 3]:
        assert bob.mu > ann.mu and dee.mu > cy.mu


def test_a_resigned_player_stays_at_the_table_and_the_last_one_playing_wins(catalogue_db):
    clients = accounts("ann", "bob", "cy", "dee")
    table_id = fill_table(clients, seed=7)["id"]
    for order, seat in enumerate((0, 2, 1)):
        answer = clients[seat].post(f"/api/tables/{table_id}/resign/", {}, format="json").json()
        assert answer["resigned"] == [0, 2, 1][:order + 1]
        if order < 2:  # the others play on; a resigned seat never has the decision (it passes by itself)
            assert answer["status"] == "live" and answer["state"] is not None
            assert Table.objects.get(pk=table_id).to_move not in answer["resigned"]
            again = clients[seat].post(f"/api/tables/{table_id}/resign/", {}, format="json")
            assert again.status_code == 400 and again.json()["code"] == "already_resigned"
    row = Table.objects.get(pk=table_id)
    assert row.status == "finished" and row.end == "resigned" and row.winners == [3] and row.winner == 3
    assert row.places == [4, 2, 3, 1]  # the last to resign placed above the first
    assert answer["prompt"]["text"] == "Player 4 wins: the others resigned."
    dee = PlayerRating.objects.get(user__username="dee")
    assert (dee.wins, dee.losses) == (1, 0) and PlayerRating.objects.filter(losses=1).count() == 3


def test_a_resigned_players_turns_pass_by_themselves_while_the_others_play_on(catalogue_db):
    clients = accounts("ann", "bob", "cy")
    table_id = fill_table(clients, seed=3)["id"]
    clients[1].post(f"/api/tables/{table_id}/resign/", {}, format="json")
    acted = play_to_the_end(clients, table_id)
    row = Table.objects.get(pk=table_id)
    assert 1 not in acted and acted == {0, 2}
    assert row.end == "cataclysm" and row.places[1] == 3 and row.resigned == [1]


def test_a_draw_needs_every_player_still_playing(catalogue_db):
    clients = accounts("ann", "bob", "cy")
    table_id = fill_table(clients, seed=3)["id"]
    offered = clients[0].post(f"/api/tables/{table_id}/draw/", {}, format="json").json()
    assert offered["draw_offer"] == 0 and offered["draw_seats"] == [0] and offered["status"] == "live"
    accepted = clients[1].post(f"/api/tables/{table_id}/draw/", {}, format="json").json()
    assert accepted["draw_seats"] == [0, 1] and accepted["status"] == "live"
    agreed = clients[2].post(f"/api/tables/{table_id}/draw/", {}, format="json").json()
    assert agreed["status"] == "finished" and agreed["end"] == "draw_agreed" and agreed["places"] == [1, 1, 1]
    assert agreed["winner"] is None and agreed["winners"] == []
    assert PlayerRating.objects.filter(draws=1).count() == 3


def test_a_three_player_table_keeps_a_clock_per_seat(catalogue_db):
    clients = accounts("ann", "bob", "cy")
    started = fill_table(clients, clock_minutes=5)
    assert len(started["clock"]["remaining"]) == 3 and started["clock"]["running"] in (0, 1, 2)


def test_a_player_gone_past_the_grace_period_is_claimed_out_and_the_others_play_on(catalogue_db):
    from datetime import timedelta

    from django.utils import timezone

    clients = accounts("ann", "bob", "cy")
    table_id = fill_table(clients, seed=3)["id"]
    row = Table.objects.get(pk=table_id)
    gone = row.to_move
    long_ago = timezone.now() - timedelta(seconds=row.grace_seconds + 5)
    Table.objects.filter(pk=table_id).update(**{f"p{gone + 1}_seen": long_ago, "turn_started_at": long_ago})
    claimer = next(s for s in range(3) if s != gone)
    answer = clients[claimer].post(f"/api/tables/{table_id}/claim/", {}, format="json")
    assert answer.status_code == 200 and answer.json()["resigned"] == [gone] and answer.json()["status"] == "live"
    assert Table.objects.get(pk=table_id).to_move != gone
