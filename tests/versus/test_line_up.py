"""The versus API names every computer of a game (issue 34): `computers`, in seat order with each one's level, deck
and Legacy, in a game's answer and in the list of games, beside the old fields that name only the first; an API
client starts the same line-up again from it."""
from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from rules.models import VersusGame
from tests.versus.helpers import CPU_DECK, finish, start
from tests.versus.test_table import LETHAN, MARU, TALAH, start_table


def line_up(game: dict) -> list[tuple]:
    return [(c["seat"], c["level"], c["deck"] and c["deck"]["id"], c["hero"]) for c in game["computers"]]


def test_a_finished_table_names_every_computer_with_its_level_deck_and_legacy(api):
    game = finish(api, start_table(api, [(MARU, "normal"), (LETHAN, "hard")], seed=7))
    legacy = game["result"]["legacy"]
    assert [row[:3] for row in line_up(game)] == [(1, "normal", MARU), (2, "hard", LETHAN)]
    assert [c["legacy"] for c in game["computers"]] == legacy[1:]
    assert [c["deck_name"] for c in game["computers"]] == [c["deck"]["name"] for c in game["computers"]]
    # the old fields still name the first computer alone, for old clients
    assert (game["difficulty"], game["opponent"]["id"], game["opponent_legacy"]) == ("normal", MARU, legacy[1])
    listed = next(g for g in api.get("/api/versus/").json() if g["id"] == game["id"])
    assert listed["computers"] == game["computers"]  # the list reads the Legacies saved at the end
    assert VersusGame.objects.get().computers[1]["legacy"] == legacy[2]


def test_a_game_of_two_lists_its_one_computer(api):
    game = start(api, difficulty="hard")
    assert [(c["seat"], c["level"], c["deck"]["id"], c["legacy"]) for c in game["computers"]] == [
        (1, "hard", CPU_DECK, None)]
    finished = finish(api, game)
    assert finished["computers"][0]["legacy"] == finished["opponent_legacy"] == finished["result"]["legacy"][1]


def test_an_api_client_starts_the_same_line_up_again_from_a_games_computers(api):
    first = start_table(api, [(MARU, "easy"), (TALAH, "hard"), (LETHAN, "normal")], seed=3, teams=True)
    again = api.post("/api/versus/", {
        "deck": first["deck"]["id"], "teams": first["teams"],
        "computers": [{"opponent": c["deck"]["id"], "difficulty": c["level"]} for c in first["computers"]],
    }, format="json")
    assert again.status_code == 201, again.json()
    assert line_up(again.json()) == line_up(first) and again.json()["seating"] == "two-against-two"
    assert [c["level"] for c in first["computers"]] == ["easy", "hard", "normal"]


def test_the_list_reads_every_computers_deck_in_one_query(api):
    start_table(api, [(MARU, "easy"), (TALAH, "hard")], seed=1)
    with CaptureQueriesContext(connection) as one:
        api.get("/api/versus/")
    for seed in (2, 3):
        start_table(api, [(MARU, "easy"), (LETHAN, "hard"), (TALAH, "normal")], seed=seed)
    with CaptureQueriesContext(connection) as three:
        listed = api.get("/api/versus/").json()
    assert len(three) == len(one) and all(len(g["computers"]) in (2, 3) for g in listed)
