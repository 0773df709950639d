"""Matches between decks (rules/engine/match.py and `manage.py match`): seats alternate, results repeat, intervals."""
from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rules.engine.catalogue import load_catalogue
from rules.engine.match import play_match, play_matrix, wilson
from rules.engine.simulate import starter_deck

VEYLAN, MARU, TALAH = "starter-dr-veylan", "starter-elder-maru", "starter-talah"


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()


@pytest.mark.parametrize("wins,n,low,high", [(0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634), (10, 10, 0.7225, 1.0),
                                             (0, 0, 0.0, 1.0)])
def test_wilson_interval_against_known_values(wins, n, low, high):
    lo, hi = wilson(wins, n)
    assert lo == pytest.approx(low, abs=1e-4) and hi == pytest.approx(high, abs=1e-4)


def test_seats_alternate_and_the_same_seed_gives_the_same_match(catalogue):
    a, b = starter_deck(catalogue, MARU), starter_deck(catalogue, TALAH)
    first = play_match(catalogue, a, b, p1="cpu:easy", p2="cpu:normal", games=6, seed=4)
    assert first == play_match(catalogue, a, b, p1="cpu:easy", p2="cpu:normal", games=6, seed=4)
    assert first["wins"] + first["losses"] + first["draws"] == first["games"] == 6
    assert first != play_match(catalogue, a, b, p1="cpu:easy", p2="cpu:normal", games=6, seed=5)
    both = play_match(catalogue, a, b, p1="cpu:easy", p2="cpu:easy", games=2, seed=1,
                      seatings=("side-by-side", "diagonal"))
    assert both["games"] == 4 and both["seatings"] == ["side-by-side", "diagonal"]


def test_the_hard_cpu_beats_the_easy_one_whichever_deck_it_plays(catalogue):
    a, b = starter_deck(catalogue, MARU), starter_deck(catalogue, TALAH)
    for deck_a, deck_b in ((a, b), (b, a)):
        result = play_match(catalogue, deck_a, deck_b, p1="cpu:hard", p2="cpu:easy", games=8, seed=2)
        assert result["win_rate"] >= 0.75 and result["interval"][0] > 0.4


def test_the_matrix_plays_every_pair_once_and_mirrors_it(catalogue):
    decks = {name: starter_deck(catalogue, name) for name in (MARU, TALAH, VEYLAN)}
    m = play_matrix(catalogue, decks, p1="cpu:easy", p2="cpu:easy", games=2, seed=3)
    assert m["decks"] == [MARU, TALAH, VEYLAN]
    for a in decks:
        assert set(m["cells"][a]) == set(decks) - {a}
        for b in m["cells"][a]:
            assert m["cells"][a][b]["wins"] == m["cells"][b][a]["losses"]
        assert m["overall"][a]["games"] == 4


@pytest.mark.django_db   # the command looks for a catalogue in the database first
def test_the_match_command_prints_the_record_and_the_interval_or_json():
    out = StringIO()
    call_command("match", "--deck", MARU, "--vs", TALAH, "--games", "4", "--p1", "cpu:hard", "--p2", "cpu:easy",
                 stdout=out)
    text = out.getvalue()
    assert "4 games, seats alternating" in text and "95% interval" in text and "draw as half a win" in text
    out = StringIO()
    call_command("match", "--decks", f"{MARU},{TALAH}", "--games", "2", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["games_per_pair"] == 2 and set(data["cells"]) == {"Elder Maru Starter", "Talah Starter"}


@pytest.mark.django_db
@pytest.mark.parametrize("args,code", [
    (["--deck", MARU, "--vs", TALAH, "--games", "0"], "bad_games"),
    (["--deck", MARU, "--vs", TALAH, "--p1", "cpu:wizard"], "bad_player"),
    (["--deck", MARU, "--vs", "starter-nobody"], "deck_not_found"),
    (["--deck", MARU], "no_decks"),
    (["--decks", MARU], "bad_decks"),
    (["--deck", MARU, "--vs", TALAH, "--seating", "round"], "bad_seating"),
])
def test_the_match_command_refuses_bad_input_clearly(args, code):
    with pytest.raises(CommandError, match=code):
        call_command("match", *args, stdout=StringIO())
