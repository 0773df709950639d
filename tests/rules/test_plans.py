"""The expert's second level of search (rules/engine/plans.py, issue 35): legal, the same game from the same seed,
blind to hidden cards; and every search player's budget refused out of range, in code and in the benchmark. Its
strength and speed are the benchmark's (`python -m benchmarks expert --player plans`)."""
from __future__ import annotations

import random

import pytest

from benchmarks import expert as bench_expert
from rules.engine import new_game
from rules.engine.bots import get_bot
from rules.engine.catalogue import load_catalogue
from rules.engine.expert import MAX_BUDGET, ExpertPlayer
from rules.engine.plans import PlanPlayer
from rules.engine.quick import QuickPlayer
from rules.engine.simulate import starter_deck
from tests.rules.test_quick import scrambled

DECKS = ("starter-talah", "starter-lethan")


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()


def small(seed: int) -> PlanPlayer:
    """A small budget keeps the test quick; the search is the same at any budget."""
    return PlanPlayer(seed, budget=600, max_worlds=2, min_worlds=1, max_candidates=3, follow=2)


def test_the_plan_player_plays_legal_moves_and_the_same_game_from_the_same_seed(catalogue):
    def play() -> list[str]:
        g = new_game(catalogue, [starter_deck(catalogue, d) for d in DECKS], seed=8)
        players = [small(8), get_bot("cpu:hard", 9)]
        for _ in range(150):
            if g.is_over:
                break
            action = players[g.current_player].choose(g)
            assert action in g.legal_actions()
            g.apply(action)
        return [a.id for a in g.history]

    assert play() == play()


def test_the_plan_player_never_sees_a_hidden_card(catalogue):
    """The other hand, both deck orders, the unflipped Pyramid and the generator scrambled between decisions: the
    same choices, its searched ones included (one that searched the true state chooses otherwise in some)."""
    g = new_game(catalogue, [starter_deck(catalogue, d) for d in DECKS], seed=21)
    player, hard, draw = small(6), get_bot("cpu:hard", 7), random.Random(35)
    checked = searched = 0
    while not g.is_over and checked < 30:
        seat = g.current_player
        if seat == 1:
            g.apply(hard.choose(g))
            continue
        player.compared = 0
        action = player.choose(g)
        if len(g.legal_actions()) > 1 and g.players[1].deck:
            assert small(6).choose(scrambled(g, seat, draw)) == action
            checked += 1
            searched += player.compared >= 2
        g.apply(action)
    assert checked == 30 and searched >= 5


@pytest.mark.parametrize("make", [ExpertPlayer, QuickPlayer, PlanPlayer])
@pytest.mark.parametrize("budget", [0, -5, MAX_BUDGET + 1, 2.5, "16000", True])
def test_a_search_budget_out_of_range_is_refused_with_what_is_allowed(make, budget):
    with pytest.raises(ValueError, match=r"search budget out of range: .* \(1 to 128,000 decisions played out\)"):
        make(1, budget=budget)


def test_sampled_futures_and_candidates_out_of_range_are_refused():
    with pytest.raises(ValueError, match="sampled futures out of range"):
        ExpertPlayer(1, min_worlds=0)
    with pytest.raises(ValueError, match="sampled futures out of range"):
        ExpertPlayer(1, min_worlds=5, max_worlds=3)
    with pytest.raises(ValueError, match="candidates out of range"):
        PlanPlayer(1, max_candidates=1)


@pytest.mark.parametrize("budget", ["0", "128001", "lots"])
def test_the_benchmark_refuses_a_budget_out_of_range(budget, capsys):
    with pytest.raises(SystemExit) as stop:
        bench_expert.main(["--budget", budget])
    assert stop.value.code == 2 and "--budget" in capsys.readouterr().err


def test_the_benchmark_refuses_an_unknown_player(capsys):
    with pytest.raises(SystemExit) as stop:
        bench_expert.main(["--player", "cpu:grandmaster"])
    assert stop.value.code == 2 and "unknown player 'cpu:grandmaster'" in capsys.readouterr().err
