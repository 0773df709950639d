"""A table of three or four decks played by bots (rules/engine/tablematch.py, `manage.py match --table`): every deck
sits every seat, results repeat, per deck, per seat and per team (issue 34)."""
from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rules.engine import tablematch
from rules.engine.catalogue import load_catalogue
from rules.engine.simulate import starter_deck
from rules.engine.tablematch import play_table

VEYLAN, MARU, TALAH, NYSHA = "starter-dr-veylan", "starter-elder-maru", "starter-talah", "starter-high-mystic-nysha"


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()


def test_every_deck_sits_every_seat_and_the_same_seed_gives_the_same_table(catalogue):
    decks = [starter_deck(catalogue, name) for name in (VEYLAN, MARU, TALAH)]
    first = play_table(catalogue, decks, names=["V", "M", "T"], bot="random", games=1, seed=3)
    assert first == play_table(catalogue, decks, names=["V", "M", "T"], bot="random", games=1, seed=3)
    assert first["games"] == 3 and first["rotations"] == 3
    assert set(first["per_seat"]) == {"S1", "S2", "S3"}
    for cells in (first["per_deck"], first["per_seat"]):
        assert all(c["games"] == 3 and c["wins"] + c["draws"] + c["losses"] == 3 for c in cells.values())
    deck_wins = sorted(c["wins"] for c in first["per_deck"].values())
    seat_wins = sorted(c["wins"] for c in first["per_seat"].values())
    assert sum(deck_wins) == sum(seat_wins)   # the same games, read by deck and by seat
    assert first["rounds"]["min"] >= 1 and first["decisions"]["mean"] > 0


def test_a_team_table_keeps_partners_together_in_every_rotation(catalogue):
    decks = [starter_deck(catalogue, name) for name in (VEYLAN, MARU, TALAH, NYSHA)]
    r = play_table(catalogue, decks, names=["V", "M", "T", "N"], bot="random", games=1, seed=1, teams=True)
    assert r["games"] == 4 and set(r["per_team"]) == {"V + T", "M + N"}
    # Partners win, draw and lose together: the first and third decks' records are the same.
    for a, b in (("V", "T"), ("M", "N")):
        assert {k: r["per_deck"][a][k] for k in ("wins", "draws", "losses")} == \
               {k: r["per_deck"][b][k] for k in ("wins", "draws", "losses")}
    assert r["per_team"]["V + T"]["wins"] == r["per_deck"]["V"]["wins"]


def test_a_draw_shared_by_three_counts_a_third_of_the_game_for_each(catalogue, monkeypatch):
    """Before, a draw counted half a win for every player in it, as between two: a three-way draw made 1.5 games
    won out of one, and the seats' win rates added up to more than the games played."""
    real = tablematch.new_game

    def drawn(*args, **kwargs):
        g = real(*args, **kwargs)
        result = g.result

        def three_way():
            out = result()
            return {**out, "winners": [0, 1, 2], "tiebreak": "draw", "winner": None}
        g.result = three_way
        return g
    monkeypatch.setattr(tablematch, "new_game", drawn)
    decks = [starter_deck(catalogue, s) for s in (VEYLAN, MARU, TALAH)]
    r = play_table(catalogue, decks, bot="random", games=1, seed=1)
    assert all(row["draws"] == 3 for row in r["per_seat"].values())
    assert sum(row["win_rate"] * row["games"] for row in r["per_seat"].values()) == pytest.approx(3, abs=1e-3)
    assert r["per_seat"]["S1"]["win_rate"] == pytest.approx(1 / 3, abs=1e-4)


@pytest.mark.django_db   # the command looks for a catalogue in the database first
def test_the_match_command_plays_a_table_and_prints_json_or_text():
    out = StringIO()
    call_command("match", "--table", f"{VEYLAN},{MARU},{TALAH}", "--games", "1", "--seed", "2", "--bot", "random",
                 "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["games"] == 3 and set(data["per_deck"]) == {"Dr. Veylan Starter", "Elder Maru Starter",
                                                              "Talah Starter"}
    assert set(data["per_seat"]) == {"S1", "S2", "S3"} and "rounds" in data
    out = StringIO()
    call_command("match", "--table", f"{VEYLAN},{MARU},{TALAH},{MARU}", "--teams", "--games", "1", "--bot", "random",
                 stdout=out)
    text = out.getvalue()
    assert "two against two" in text and "by team:" in text and "Elder Maru Starter #2" in text
    assert "a draw as each one's share of the game" in text   # not "half a win", as between two


@pytest.mark.django_db
@pytest.mark.parametrize("args,code", [
    (["--table", f"{VEYLAN},{MARU},{TALAH},{NYSHA},{MARU}"], "bad_table_size"),
    (["--table", f"{VEYLAN},{MARU}"], "bad_table_size"),
    (["--table", f"{VEYLAN},{MARU},{TALAH}", "--teams"], "bad_teams"),
    (["--teams"], "bad_table"),
    (["--table", f"{VEYLAN},{MARU},starter-nobody"], "deck_not_found"),
    (["--table", f"{VEYLAN},,{MARU}"], "bad_table"),
    (["--table", f"{VEYLAN},{MARU},{TALAH}", "--bot", "cpu:wizard"], "bad_player"),
    (["--table", f"{VEYLAN},{MARU},{TALAH}", "--deck", MARU], "bad_table"),
])
def test_the_table_command_refuses_bad_input_clearly(args, code):
    with pytest.raises(CommandError, match=code):
        call_command("match", *args, "--games", "1", stdout=StringIO())
