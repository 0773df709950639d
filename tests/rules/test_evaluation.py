"""The learned evaluation (rules/engine/evaluation.py, issue 35): the same figures from either seat's side, nothing
hidden read, its weights file loaded and sane on boards built by hand, and the fit recovering a known model."""
from __future__ import annotations

import random

import numpy as np
import pytest

from benchmarks import evaluation as bench_evaluation
from rules.engine import new_game
from rules.engine.bots import get_bot
from rules.engine.catalogue import load_catalogue
from rules.engine.evaluation import FEATURES, features, weights, win_probability
from rules.engine.model import BOARD
from rules.engine.simulate import starter_deck
from tests.rules.test_quick import scrambled

DECKS = ("starter-talah", "starter-dr-veylan")


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()


def positions(catalogue, seed: int, every: int = 25):
    """Positions of one hard-vs-hard game, every `every` decisions."""
    g = new_game(catalogue, [starter_deck(catalogue, d) for d in DECKS], seed=seed)
    hard = get_bot("cpu:hard", seed)
    step = 0
    while not g.is_over:
        if step % every == 0:
            yield g
        g.apply(hard.choose(g))
        step += 1
    yield g


def test_the_features_are_the_same_from_either_seat_negated_and_the_chances_add_up_to_one(catalogue):
    seen = 0
    for g in positions(catalogue, 5):
        mine, theirs = features(g, 0), features(g, 1)
        assert len(mine) == len(FEATURES)
        assert mine == pytest.approx([-v for v in theirs])
        assert win_probability(g, 0) + win_probability(g, 1) == pytest.approx(1.0)
        seen += 1
    assert seen > 10


def test_the_features_read_nothing_hidden(catalogue):
    """The other hand dealt afresh, both deck orders, the unflipped Pyramid and the generator scrambled: the same
    features and chances from both seats (a feature reading a hand's cards or a deck's order would differ)."""
    draw = random.Random(3)
    checked = 0
    for g in positions(catalogue, 11):
        if g.is_over:
            continue
        for seat in (0, 1):
            twin = scrambled(g, seat, draw)
            assert features(twin, seat) == features(g, seat)
            assert features(twin, 1 - seat) == features(g, 1 - seat)
            assert win_probability(twin, seat) == win_probability(g, seat)
            checked += 1
    assert checked > 20


def test_the_weights_file_loads_with_its_provenance_and_names_the_features():
    import json

    from rules.engine.evaluation import WEIGHTS
    data = json.loads(WEIGHTS.read_text())
    assert data["features"] == list(FEATURES) and len(weights()) == len(FEATURES)
    assert {"date", "games", "seed", "engine", "decks"} <= set(data["provenance"])
    assert data["held_out"]["model"]["log_loss"] < data["held_out"]["constant"]["log_loss"]


def test_a_big_legacy_lead_is_likely_to_win_and_the_other_side_likely_to_lose(catalogue):
    """A board built by hand, the Cataclysm near (every edge at 15 of 20): seat 1 with three People in play at full
    HP and three Batteries holding 81 charge, enough to take the Cataclysm's 80 damage, seat 2 with its Hero alone.
    Seat 1 is the likely winner and seat 2 the likely loser; a fresh game is near even."""
    g = new_game(catalogue, [starter_deck(catalogue, d) for d in DECKS], seed=2)
    assert 0.25 < win_probability(g, 0) < 0.75
    rich = g.players[0]
    people = [iid for iid in rich.deck if g.cards[iid].info.type == "person"][:3]
    batteries = [iid for iid in rich.deck if g.cards[iid].info.type == "battery"][:3]
    assert len(people) == 3 and len(batteries) == 3
    for iid in people + batteries:
        rich.deck.remove(iid)
        g.enter_play(iid, 0)
        assert g.cards[iid].zone == BOARD
    for iid in batteries:
        g.cards[iid].charge = 27
    for edge in g.edges:
        edge.charge = 15
    assert g.result()["legacy"][0] > g.result()["legacy"][1] + 30
    assert win_probability(g, 0) > 0.8
    assert win_probability(g, 1) < 0.2


def test_the_fit_recovers_a_known_model_from_a_small_synthetic_set():
    """Labels drawn from a logistic of known weights: Newton's steps find them (no games played)."""
    rng = np.random.default_rng(7)
    x = rng.normal(size=(4000, 3))
    truth = np.array([2.0, -1.0, 0.5])
    y = (rng.random(4000) < 1 / (1 + np.exp(-(x @ truth)))).astype(float)
    w = bench_evaluation.fit(x, y, l2=0.01)
    assert np.allclose(w, truth, atol=0.2)
    report = bench_evaluation.scores(1 / (1 + np.exp(-(x @ w))), y)
    assert report["accuracy"] > 0.7 and report["log_loss"] < np.log(2)


@pytest.mark.parametrize("argv", [["--games", "2"], ["--every", "0"]])
def test_the_fitting_command_refuses_too_few_games_or_no_sampling(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        bench_evaluation.main(argv)
    assert stop.value.code == 2 and "must be at least" in capsys.readouterr().err
