"""Versus at a table of three or four (issue 34): one person against one to three computers, each at its own level,
free-for-all or two against two; played to the end through the API, resumed, replayed identically, and every bad
start refused with a code."""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from decks.models import Deck
from rules.engine import replay as engine_replay
from rules.engine.bots import get_bot
from rules.goldfish import services
from rules.models import VersusGame
from rules.versus import services as versus
from tests.versus.helpers import MINE, act, finish

MARU, TALAH, LETHAN = "starter-elder-maru", "starter-talah", "starter-lethan"


def start_table(client, computers, **body):
    """Start a game against `computers` ([(deck, level)]); return the response JSON."""
    body = {"deck": MINE, "computers": [{"opponent": d, "difficulty": lv} for d, lv in computers], **body}
    response = client.post("/api/versus/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def each_cpu_move_is_that_seats_own_choice(row: VersusGame):
    """Every logged computer move is what a fresh computer of that seat's level chooses in the state before it."""
    record = row.record()
    assert {m["player"] for m in row.cpu_moves} <= set(row.cpu_seats)
    for move in row.cpu_moves[:60]:
        record["actions"] = row.actions[:move["step"] - 1]
        state = engine_replay(services.play_catalogue(), record)
        seat = move["player"]
        bot = get_bot(versus.CPU_BOTS[row.level_of(seat)], versus.seat_seed(row, seat))
        assert bot.choose(state).id == move["action"] == row.actions[move["step"] - 1]


def test_three_players_each_computer_at_its_own_level_play_until_my_decision_and_resume(api):
    game = start_table(api, [(MARU, "hard"), (TALAH, "easy")], seed=5)
    assert game["seating"] == "three-players" and len(game["state"]["players"]) == 3
    assert game["cpu_seats"] == [1, 2] and game["teams"] is False
    assert [s["who"] for s in game["seats"]] == ["You", "Computer 1 (hard)", "Computer 2 (easy)"]
    assert game["seats"][1]["hero_name"] == "Elder Maru"
    me, *cpus = game["state"]["players"]
    assert "hand" in me and all("hand" not in p and p["hand_count"] > 0 for p in cpus)  # their hands are counts
    for _ in range(80):  # my decisions; both computers answer in the same write until it is mine again
        assert game["can_act"] and not game["cpu_to_move"]
        response = act(api, game, version=game["version"], log_from=game["log_count"])
        assert response.status_code == 200, response.json()
        game = response.json()
        if {m["player"] for m in VersusGame.objects.get().cpu_moves} == {1, 2}:
            break
    row = VersusGame.objects.get()
    assert {m["player"] for m in row.cpu_moves} == {1, 2}
    assert [c["difficulty"] for c in row.computers] == ["hard", "easy"]
    each_cpu_move_is_that_seats_own_choice(row)
    again = api.get(f"/api/versus/{game['id']}/").json()  # a reload: the same game from the database
    assert (again["digest"], again["version"], again["state"]) == (game["digest"], game["version"], game["state"])


def test_a_three_player_game_plays_to_the_end_and_replays_identically(api):
    game = finish(api, start_table(api, [(MARU, "normal"), (LETHAN, "hard")], seed=7))
    row = VersusGame.objects.get()
    result = game["result"]
    assert game["status"] == "finished" and result["final"] and len(result["legacy"]) == 3
    assert row.legacy == result["legacy"][0] and row.opponent_legacy == result["legacy"][1]
    expected = "win" if result["winner"] == 0 else ("draw" if result["winner"] is None and 0 in
                                                     result["winners"] else "loss")
    assert row.outcome == game["outcome"] == expected
    assert all("hand" in p for p in game["state"]["players"])  # nothing is secret after the end
    index = api.get(f"/api/versus/{game['id']}/replay/").json()
    assert {s["player"] for s in index["steps"]} == {0, 1, 2} and index["seed"] == 7
    assert all(d["cards"] for d in index["decks"]) and index["digest"] == game["digest"]
    assert engine_replay(services.play_catalogue(), row.record()).digest() == game["digest"]
    last = api.get(f"/api/versus/{game['id']}/replay/{len(index['steps'])}/").json()
    assert last["digest"] == game["digest"] and last["result"]["final"]


def test_two_against_two_my_partner_sits_across_and_we_win_or_lose_together(api):
    game = start_table(api, [(MARU, "easy"), (TALAH, "hard"), (LETHAN, "normal")], seed=3, teams=True)
    assert game["seating"] == "two-against-two" and game["teams"] is True
    assert [s["team"] for s in game["seats"]] == [0, 1, 0, 1]
    assert [s["partner"] for s in game["seats"]] == [False, False, True, False]  # Computer 2, across the table
    assert "hand" not in game["state"]["players"][2]  # a partner's hand is hidden too
    unfinished = api.get(f"/api/versus/{game['id']}/replay/").json()
    assert [d["cards"] for d in unfinished["decks"]][1:] == [None, None, None]  # the computers' lists withheld
    game = finish(api, game)
    result = game["result"]
    assert result["teams"] == [[0, 2], [1, 3]]
    team = result["winning_team"]
    assert game["outcome"] == ("draw" if team is None else ("win" if team == 0 else "loss"))
    row = VersusGame.objects.get()
    each_cpu_move_is_that_seats_own_choice(row)
    assert engine_replay(services.play_catalogue(), row.record()).digest() == game["digest"]


def test_sitting_second_at_a_table_of_four_the_computers_fill_the_other_seats(api):
    game = start_table(api, [(MARU, "easy")] * 3, seed=2, seat="second")
    assert game["seat"] == 1 and game["cpu_seats"] == [0, 2, 3] and game["seating"] == "four-players"
    assert game["can_act"] and game["state"]["current_player"] == 1


def test_the_computers_go_on_past_the_cap_across_several_seats(api, monkeypatch):
    monkeypatch.setattr(versus, "MAX_CPU_STEPS", 1)
    game = start_table(api, [(MARU, "easy"), (TALAH, "easy")], seed=4)
    for _ in range(60):
        if game["cpu_to_move"]:
            break
        game = act(api, game, log_from=game["log_count"]).json()
    assert game["cpu_to_move"] and not game["can_act"] and game["prompt"]["kind"] == "wait"
    assert "is deciding" in game["prompt"]["text"] and "Computer" in game["prompt"]["text"]
    monkeypatch.undo()
    going_on = api.post(f"/api/versus/{game['id']}/continue/", {"version": game["version"]}, format="json").json()
    assert not going_on["cpu_to_move"] and going_on["can_act"]


@pytest.mark.parametrize("body, code", [
    ({"computers": [{"opponent": MARU}] * 4}, "too_many_players"),
    ({"computers": [{"opponent": MARU}] * 2, "teams": True}, "bad_teams"),
    ({"opponent": MARU, "teams": True}, "bad_teams"),
    ({"computers": [{"opponent": MARU}, {"opponent": TALAH, "difficulty": "godlike"}]}, "bad_difficulty"),
    ({"computers": [{"opponent": MARU}] * 2, "seating": "diagonal"}, "bad_seating"),
    ({"computers": [{"difficulty": "easy"}]}, "invalid"),
])
def test_bad_table_starts_are_clear_400s_and_create_nothing(api, body, code):
    response = api.post("/api/versus/", {"deck": MINE, **body}, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["code"] == code and response.json()["message"]
    assert not VersusGame.objects.exists()


def test_a_computer_with_an_illegal_deck_is_named_in_the_refusal(api):
    owner = get_user_model().objects.create_user("maker", password="pw-long-enough-1")
    broken = Deck.objects.create(owner=owner, name="Too small", hero=Deck.objects.get(pk=MINE).hero,
                                 visibility="public")
    response = api.post("/api/versus/", {"deck": MINE, "computers": [{"opponent": MARU}, {"opponent": broken.pk}]},
                        format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_deck" and "Computer 2's deck (Too small)" in response.json()["message"]
    assert not VersusGame.objects.exists()


def test_the_start_form_seats_three_computers_in_teams_and_the_board_names_every_seat(catalogue_db):
    client = Client()
    form = {"source": "deck", "deck": MINE, "opponent": MARU, "difficulty": "easy", "seat": "first",
            "seating": "side-by-side", "opponent_2": TALAH, "difficulty_2": "hard", "opponent_3": LETHAN,
            "difficulty_3": "normal", "teams": "on", "seed": "21"}
    response = client.post("/versus/", form)
    game = VersusGame.objects.get()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert game.seating == "two-against-two" and [c["seat"] for c in game.computers] == [1, 2, 3]
    board = client.get(game.get_absolute_url()).content.decode()
    assert "Computer 2 (hard) · Talah" in board and "your partner" in board and "Team B" in board
    assert 'data-position="top"' in board and "js/seats.js" in board and "vs-opp-body" not in board
    assert "Computer 1 (easy) · Elder Maru" in client.get(f"/versus/{game.pk}/replay/").content.decode()
    refused = client.post("/versus/", {**form, "opponent_3": ""})  # two against two needs three computers
    assert refused.status_code == 400 and "A team game is two against two" in refused.content.decode()
    assert VersusGame.objects.count() == 1
