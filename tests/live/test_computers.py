"""A computer in a seat of a live table (issue 35), as the host seats one: added and taken out again before the game
starts, every refusal with its code; the last seat filled deals the game, and the computer answers each decision
handed to it at once, in a person's write path, to the end of the game."""
from __future__ import annotations

import pytest

from cards.catalogue import play_catalogue
from rules.live import computers, services
from rules.live.tables import get_table, level_of
from rules.models import Table
from tests.live.computer_tables import play_out, seat_computer, table_with_computer
from tests.live.helpers import P2_DECK, first_choice, invite_token, open_table


def test_a_computer_in_the_last_empty_seat_starts_the_game_and_answers_at_once(api):
    view = table_with_computer(api, seed=5)
    assert view["status"] == "live" and view["is_host"] and view["seat"] == 0
    assert view["players"][1]["name"] == "Computer (hard)" and view["players"][1]["computer"] == "hard"
    assert view["players"][0]["computer"] is None
    assert view["can_act"], "whatever the computer had to decide first (a mulligan, who goes first) it decided"
    for _ in range(12):  # a dozen decisions of mine: each time the computer has answered by the response
        response = api.post(f"/api/tables/{view['id']}/actions/",
                            {"action": first_choice(view), "version": view["version"]}, format="json")
        assert response.status_code == 200, response.json()
        view = response.json()
        assert view["can_act"] and view["state"]["current_player"] == 0
    assert view["moves"] > 12  # the computer's own decisions are in the log beside mine (its mulligan, at least)


def test_the_host_seats_computers_at_a_table_of_three_and_takes_one_out_again(api):
    created = open_table(api, players=3, seed=4)
    added = seat_computer(api, created["id"], 2, "easy")
    assert added.status_code == 200 and added.json()["status"] == "open"
    assert [p["computer"] for p in added.json()["players"]] == [None, None, "easy"]
    removed = api.delete(f"/api/tables/{created['id']}/computer/2/")
    assert removed.status_code == 200 and removed.json()["players"][2]["name"] is None
    assert get_table(created["id"]).decks[2] is None
    assert seat_computer(api, created["id"], 1, "normal").status_code == 200
    again = seat_computer(api, created["id"], 2, "quick")
    assert again.status_code == 200 and again.json()["status"] == "live"
    assert [p["name"] for p in again.json()["players"]] == ["Guest", "Computer (normal)", "Computer (quick)"]


def test_a_computer_plays_a_starter_of_another_faction_unless_the_host_names_its_deck(api):
    catalogue = play_catalogue()
    created = open_table(api, players=3)
    drawn = computers.default_deck(get_table(created["id"]), 1)  # from the table's seed: the same each time
    assert computers.default_deck(Table.objects.get(pk=created["id"]), 1) == drawn
    seat_computer(api, created["id"], 1)
    seat_computer(api, created["id"], 2, deck=P2_DECK)
    table = get_table(created["id"])
    factions = [catalogue.cards[d["hero"]].faction for d in table.decks]
    assert factions[1] != factions[0] and table.decks[1]["deck_id"] == drawn.pk
    assert table.decks[2]["deck_id"] == P2_DECK and table.decks[2]["level"] == "hard"


def test_seating_a_computer_is_refused_with_a_code(api, other, watcher):
    created = open_table(api, players=3)
    url = f"/api/tables/{created['id']}/computer/"

    def refused(client, body, status, code):
        response = client.post(url, body, format="json")
        assert (response.status_code, response.json()["code"]) == (status, code), response.json()

    refused(api, {"seat": 1, "level": "grandmaster"}, 400, "invalid")   # the schema lists the levels
    refused(api, {"seat": 3, "level": "hard"}, 400, "bad_seat")
    refused(api, {"seat": -1, "level": "hard"}, 400, "invalid")
    refused(api, {"seat": 0, "level": "hard"}, 409, "seat_taken")
    refused(api, {"level": "hard"}, 400, "invalid")
    refused(api, {"seat": 1, "level": "hard", "deck": "no-such-deck"}, 404, "not_found")
    refused(api, {"seat": 1, "level": "hard", "version": created_version(created) + 5}, 409, "conflict")
    refused(watcher, {"seat": 1, "level": "hard"}, 403, "not_player")
    other.post(f"/api/tables/{created['id']}/join/", {"deck": P2_DECK, "invite": invite_token(created)},
               format="json")
    refused(other, {"seat": 2, "level": "hard"}, 403, "not_host")
    assert other.delete(f"{url}2/").json()["code"] == "no_computer"   # nothing there, whoever asks
    no_computer = api.delete(f"{url}1/")
    assert no_computer.status_code == 404 and no_computer.json()["code"] == "no_computer"
    assert api.delete(f"{url}7/").status_code == 404
    refused(api, {"seat": 1, "level": "hard"}, 409, "seat_taken")
    assert seat_computer(api, created["id"], 2).json()["status"] == "live"
    refused(api, {"seat": 2, "level": "hard"}, 409, "table_started")
    started = api.delete(f"{url}2/")
    assert started.status_code == 409 and started.json()["code"] == "table_started"
    assert api.post("/api/tables/nope/computer/", {"seat": 1, "level": "hard"}, format="json").status_code == 404


def created_version(created: dict) -> int:
    return get_table(created["id"]).version


def test_a_person_against_a_computer_plays_to_the_end_the_computer_answering_each_time(api):
    view = table_with_computer(api, seed=11)
    table, made = play_out(view["id"])
    assert table.status == "finished" and table.end == "cataclysm" and sorted(table.places) in ([1, 2], [1, 1])
    computer_decisions = len(table.actions) - made
    assert computer_decisions > 20
    final = api.get(f"/api/tables/{view['id']}/").json()
    assert final["status"] == "finished" and final["players"][1]["name"] == "Computer (hard)"
    assert not final["rated"]  # an anonymous person has no record to keep


def test_a_table_of_three_with_one_computer_plays_to_the_end(api, other):
    created = open_table(api, players=3, seed=9)
    assert seat_computer(api, created["id"], 1, "easy").status_code == 200
    joined = other.post(f"/api/tables/{created['id']}/join/", {"deck": P2_DECK, "invite": invite_token(created)},
                        format="json")
    assert joined.status_code == 200 and joined.json()["status"] == "live" and joined.json()["seat"] == 2
    table, made = play_out(created["id"], seed=4)
    assert table.status == "finished" and sorted(table.places)[0] == 1 and len(table.places) == 3
    deciders = {step["player"] for step in api.get(f"/api/tables/{created['id']}/replay/").json()["steps"]}
    assert deciders == {0, 1, 2}  # the computer in seat 1 made its decisions, and the replay shows them


def test_the_person_resigning_at_a_table_of_computers_ends_it(api):
    created = open_table(api, players=3, seed=2)
    seat_computer(api, created["id"], 1, "easy")
    started = seat_computer(api, created["id"], 2, "easy").json()
    assert started["status"] == "live"
    resigned = api.post(f"/api/tables/{created['id']}/resign/", {}, format="json").json()
    assert resigned["status"] == "finished" and resigned["end"] == "resigned" and resigned["places"][0] == 3


def test_a_computer_stopped_at_the_cap_goes_on_at_the_next_request(api, monkeypatch):
    monkeypatch.setattr(services, "MAX_COMPUTER_STEPS", 1)
    view = table_with_computer(api, seed=5)
    table = get_table(view["id"])
    while table.status == "live" and level_of(table, table.to_move) is None:
        view = api.post(f"/api/tables/{view['id']}/actions/", {"action": first_choice(view),
                                                                "version": view["version"]}, format="json").json()
        table = get_table(view["id"])
    assert level_of(table, table.to_move) == "hard" and not view["can_act"]
    moved = len(table.actions)
    again = api.get(f"/api/tables/{view['id']}/").json()  # any request lets it go on (one decision, here)
    assert again["moves"] == moved + 1


@pytest.mark.parametrize("level", ["easy", "quick"])
def test_a_computer_of_each_kind_of_player_takes_a_seat(api, level):
    view = table_with_computer(api, level=level, seed=3)
    assert view["players"][1]["computer"] == level and view["can_act"]


def test_a_rematch_against_a_computer_starts_at_once_with_the_computer_one_seat_on(api):
    view = table_with_computer(api, level="easy", seed=6)
    table, _ = play_out(view["id"])
    rematch = api.post(f"/api/tables/{table.pk}/rematch/", {}, format="json")
    assert rematch.status_code == 200, rematch.json()
    again = rematch.json()
    assert again["status"] == "live" and again["seat"] == 1 and again["is_host"]
    assert [p["computer"] for p in again["players"]] == ["easy", None]
    assert get_table(again["id"]).decks[0]["hero"] == table.decks[1]["hero"]


def test_the_computers_clock_runs_for_its_own_decisions_as_a_persons_does(api):
    view = table_with_computer(api, level="easy", seed=5, clock_minutes=5, increment=2)
    table = get_table(view["id"])
    while len(table.actions) < 40 and table.status == "live":
        view = api.post(f"/api/tables/{table.pk}/actions/", {"action": first_choice(view),
                                                              "version": view["version"]}, format="json").json()
        table = get_table(view["id"])
    theirs = sum(1 for a in table.actions if a.split(".")[1] == "1")
    assert theirs > 0 and view["clock"]["running"] == 0
    # its 2 s a decision added, the few milliseconds it thought taken off: its clock is its own, as a person's is
    assert 300 < table.clocks[1] <= 300 + 2 * theirs
