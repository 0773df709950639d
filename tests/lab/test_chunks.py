"""A study's numbers depend on its inputs and seed only: any split into chunks, in any order, merges to the same
result (rules/engine/lab.py), for every kind of study."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import lab
from rules.engine.catalogue import load_catalogue
from rules.engine.lab import run_goldfish
from rules.engine.match import play_match
from rules.engine.setup import new_game
from rules.engine.simulate import starter_deck

CAT = load_catalogue()


def deck(name):
    spec = starter_deck(CAT, name)
    return {"name": name, "hero": spec.hero, "cards": list(spec.cards)}


STUDIES = {
    "goldfish": {"kind": "goldfish", "games": 12, "seed": 5, "bot": "greedy", "decks": [deck("starter-talah")]},
    "pyramid": {"kind": "pyramid", "games": 40, "seed": 5, "decks": [], "variants": ["flares"]},
    "matchup": {"kind": "matchup", "games": 6, "seed": 5, "p1": "cpu:hard", "p2": "cpu:normal",
                "decks": [deck("starter-talah"), deck("starter-elder-maru")]},
    "matrix": {"kind": "matrix", "games": 2, "seed": 5, "p1": "greedy", "p2": "greedy",
               "decks": [deck("starter-talah"), deck("starter-elder-maru"), deck("starter-lethan")]},
}
WHOLE = {kind: lab.results(study, lab.play_games(CAT, study, 0, lab.total_games(study)))
         for kind, study in STUDIES.items()}


@pytest.mark.parametrize("kind", sorted(STUDIES))
@settings(max_examples=4, deadline=None)
@given(data=st.data())
def test_any_split_in_any_order_gives_the_same_numbers(kind, data):
    study = STUDIES[kind]
    total = lab.total_games(study)
    size = data.draw(st.integers(min_value=1, max_value=total))
    chunks = lab.split(total, size)
    order = data.draw(st.permutations(chunks))
    tallies = [json.loads(json.dumps(lab.play_games(CAT, study, start, count))) for start, count in order]
    assert lab.results(study, lab.merge(tallies)) == WHOLE[kind]


def test_a_goldfish_study_agrees_with_the_plain_simulation():
    study = STUDIES["goldfish"]
    plain = run_goldfish(CAT, starter_deck(CAT, "starter-talah"), games=12, seed=5, bot="greedy")
    result = WHOLE["goldfish"]
    assert result["legacy"] == plain["legacy"] and result["rounds"] == plain["rounds"]
    assert result["best_game"]["seed"] == plain["best_game"]["seed"]
    assert study["games"] == result["games"] == 12


def test_a_matchup_study_agrees_with_the_match_command():
    plain = play_match(CAT, starter_deck(CAT, "starter-talah"), starter_deck(CAT, "starter-elder-maru"),
                       p1="cpu:hard", p2="cpu:normal", games=6, seed=5)
    result = WHOLE["matchup"]
    assert (result["wins"], result["losses"], result["draws"]) == (plain["wins"], plain["losses"], plain["draws"])
    assert result["interval"] == plain["interval"]


def test_a_matrix_reads_both_ways():
    cells = WHOLE["matrix"]["cells"]
    a, b = "starter-talah", "starter-elder-maru"
    assert cells[a][b]["wins"] == cells[b][a]["losses"] and cells[a][b]["games"] == 2
    assert set(WHOLE["matrix"]["overall"]) == {a, b, "starter-lethan"}


def test_a_pyramid_study_counts_the_cataclysm_round_and_discharges():
    result = WHOLE["pyramid"]
    assert result["games"] == 40 and 1 <= result["rounds"]["min"] <= result["rounds"]["max"] <= 50
    assert result["games_without_cataclysm"] == 0


def test_a_matchup_study_plays_its_games_under_its_rule_variants():
    printed = lab.results(STUDIES["matchup"], lab.play_games(CAT, STUDIES["matchup"], 0, 6))
    flares = dict(STUDIES["matchup"], variants=["flares"])
    assert lab.results(flares, lab.play_games(CAT, flares, 0, 6)) != printed


def test_a_study_plays_its_own_pyramid_composition_as_a_named_variant():
    study = dict(STUDIES["pyramid"], variants=[], pyramid_deck=[{"card": "the-pulse", "count": 12},
                                                                {"card": "the-surge", "count": 18}])
    g = new_game(lab.study_catalogue(CAT, study), [None, None], seed=1, variants=lab.study_variants(study))
    assert g.variants == ("study-pyramid",) and g.full_circle == 30
    assert sorted(g.pyramid) == ["the-pulse"] * 12 + ["the-surge"] * 18
    surges = lab.results(study, lab.play_games(CAT, study, 0, 40))
    plain = dict(STUDIES["pyramid"], variants=[])
    printed = lab.results(plain, lab.play_games(CAT, plain, 0, 40))
    assert surges["rounds"]["mean"] < printed["rounds"]["mean"]   # more Surges, an earlier Cataclysm
