"""The expert's play-outs cut short (rules/engine/expert.py, `horizon`, issue 35): a bad horizon refused with its
range, a horizon past the last round the plain expert exactly, a cut play-out scored by the learned evaluation, and
the cut expert blind to hidden cards. Its strength is the benchmark's (`python -m benchmarks expert --player cut-2`)."""
from __future__ import annotations

import random

import pytest

from benchmarks import expert as bench_expert
from rules.engine.bots import get_bot
from rules.engine.evaluation import win_probability
from rules.engine.expert import MAX_HORIZON, ExpertPlayer, play_out
from rules.engine.plans import PlanPlayer
from rules.engine.quick import QuickPlayer
from tests.rules.test_quick import game, scrambled


def own_decisions(g, hard):
    """Play the hard player in seat 1 and stop at each of seat 0's decisions, to the game's end."""
    while not g.is_over:
        if g.current_player == 1:
            g.apply(hard.choose(g))
            continue
        yield


def small(seed: int, horizon: int | None) -> ExpertPlayer:
    """A small budget keeps the test quick; the search is the same at any budget."""
    return ExpertPlayer(seed, budget=400, max_worlds=2, horizon=horizon)


@pytest.mark.parametrize("horizon", [0, -1, MAX_HORIZON + 1, 2.5, "3", True])
def test_a_horizon_out_of_range_is_refused_with_what_is_allowed(horizon):
    with pytest.raises(ValueError, match=r"play-out horizon out of range: .* \(1 to 60 rounds ahead, or None to play "
                                         r"to the end\)"):
        ExpertPlayer(1, horizon=horizon)


def test_every_search_player_accepts_no_horizon_by_default():
    assert ExpertPlayer(1).horizon is None and QuickPlayer(1).horizon is None and PlanPlayer(1).horizon is None


def test_a_horizon_past_the_last_round_chooses_exactly_as_the_plain_expert(catalogue):
    """Play-outs that never reach the cut are whole games: the same choices, reasons and game as without one."""
    g = game(catalogue, 4)
    plain, long, hard = small(4, None), small(4, MAX_HORIZON), get_bot("cpu:hard", 5)
    searched = 0
    while not g.is_over and len(g.history) < 260:
        if g.current_player == 1:
            g.apply(hard.choose(g))
            continue
        plain.compared = 0
        action = plain.choose(g)
        assert long.choose(g) == action and long.last_reason == plain.last_reason
        searched += plain.compared >= 2
        g.apply(action)
    assert searched >= 5


def test_a_cut_play_out_stops_at_the_round_ahead_and_scores_the_learned_chance(catalogue):
    g = game(catalogue, 6)
    hard = get_bot("cpu:hard", 6)
    while g.round < 3:
        g.apply(hard.choose(g))
    whole = g.clone()
    cut = g.clone()
    outcome, margin, steps = play_out(cut, 0, hard, horizon=2)
    assert cut.round == g.round + 2 and not cut.is_over and 0 < steps < len(whole.history)
    assert outcome == win_probability(cut, 0) and 0.0 < outcome < 1.0
    legacy = cut.result()["legacy"]
    assert margin == legacy[0] - legacy[1]
    full, _, whole_steps = play_out(whole, 0, hard)
    assert whole.is_over and full in (0.0, 0.5, 1.0) and whole_steps > steps


def test_a_game_that_ends_before_the_horizon_scores_its_real_result(catalogue):
    g = game(catalogue, 6)
    hard = get_bot("cpu:hard", 6)
    whole = g.clone()
    expected = play_out(whole, 1, hard)
    assert play_out(g.clone(), 1, hard, horizon=MAX_HORIZON) == expected
    assert expected[0] in (0.0, 0.5, 1.0)


def test_the_cut_expert_never_sees_a_hidden_card(catalogue):
    """The other hand, both deck orders, the unflipped Pyramid and the generator scrambled between decisions: the
    same choices, its searched ones included, with play-outs cut two rounds ahead."""
    g = game(catalogue, 21)
    player, hard, draw = small(6, 2), get_bot("cpu:hard", 7), random.Random(35)
    checked = searched = 0
    for _ in own_decisions(g, hard):
        if checked == 30:
            break
        player.compared = 0
        action = player.choose(g)
        if len(g.legal_actions()) > 1 and g.players[1].deck:
            assert small(6, 2).choose(scrambled(g, 0, draw)) == action
            checked += 1
            searched += player.compared >= 2
        g.apply(action)
    assert checked == 30 and searched >= 5


def test_the_benchmark_offers_the_cut_expert_on_the_expert_budget():
    cut = bench_expert.VARIANTS["cut-2"](3)
    assert cut.horizon == 2 and cut.budget == ExpertPlayer(3).budget and cut.max_worlds > ExpertPlayer(3).max_worlds
    assert ExpertPlayer(3).edge == 0.0 and bench_expert.VARIANTS["cut-2-edge"](3).edge == 0.02


@pytest.mark.parametrize("edge", [-0.1, 1.0, 2, "0.1", True])
def test_an_edge_over_the_hard_choice_out_of_range_is_refused(edge):
    with pytest.raises(ValueError, match=r"edge over the hard choice out of range: .* \(0 to 1, a share of a win"):
        ExpertPlayer(1, edge=edge)


def test_an_alternative_must_beat_the_hard_choice_by_the_edge(catalogue):
    """With an edge no alternative can clear (a win in almost every future more), the cut expert plays the hard
    player's choice at every searched decision; without one it leaves it at some."""
    g = game(catalogue, 4)
    hard = get_bot("cpu:hard", 5)
    strict, free = ExpertPlayer(4, budget=400, max_worlds=2, horizon=2, edge=0.99), small(4, 2)
    searched = differs = 0
    for _ in own_decisions(g, hard):
        if searched == 25:
            break
        strict.compared = 0
        mine, action = strict.greedy.choose(g), strict.choose(g)
        if strict.compared >= 2:
            searched += 1
            assert action == mine
            differs += free.choose(g) != mine
        g.apply(action)
    assert searched == 25 and differs > 0
