"""A table of three or four in the pages' words (issue 34): the board's and the replay's headings and the list of
your games name every computer and its level, never the first computer's alone."""
from __future__ import annotations

from django.test import Client

from rules.models import VersusGame
from tests.versus.test_table import LETHAN, MARU, TALAH, start_table


def test_a_table_is_headed_with_every_computers_level_and_deck(api):
    game = start_table(api, [(MARU, "easy"), (TALAH, "hard"), (LETHAN, "normal")], seed=5)
    board = api.get(f"/versus/{game['id']}/").content.decode()
    assert "Versus the computers · <strong>Easy · Hard · Normal</strong>" in board
    replay = api.get(f"/versus/{game['id']}/replay/").content.decode()
    assert "versus the computers (Easy · Hard · Normal)" in replay
    names = ", ".join(c["name"] for c in VersusGame.objects.get().computers)
    assert replay.count(names) >= 1 and names.count(",") == 2
    listed = api.get("/versus/").content.decode()
    assert f"vs {names}</a>" in listed and "· Easy · Hard · Normal" in listed


def test_a_finished_table_lists_your_legacy_not_a_score_against_the_first_computer(api):
    game = start_table(api, [(MARU, "easy"), (TALAH, "hard")], seed=5)
    VersusGame.objects.filter(pk=game["id"]).update(status="finished", outcome="win", legacy=22, opponent_legacy=18)
    listed = api.get("/versus/").content.decode()
    assert "Won Legacy 22</span>" in listed and "22–18" not in listed
    replay = api.get(f"/versus/{game['id']}/replay/").content.decode()
    assert "<strong>Won Legacy 22</strong>" in replay


def test_a_game_of_two_keeps_its_words(api):
    from tests.versus.helpers import start
    game = start(api, difficulty="hard")
    board = Client().get(f"/versus/{game['id']}/").content.decode()
    assert "Versus the computer · <strong>Hard</strong>" in board
    VersusGame.objects.filter(pk=game["id"]).update(status="finished", outcome="loss", legacy=12, opponent_legacy=18)
    assert "Lost 12–18</span>" in api.get("/versus/").content.decode()
