"""The expert's second level of search (rules/engine/plans.py, issue 35): legal, the same game from the same seed,
blind to hidden cards. Its strength and speed are the benchmark's (`python -m benchmarks expert --player plans`)."""
from __future__ import annotations

import random

import pytest

from rules.engine import new_game
from rules.engine.bots import get_bot
from rules.engine.catalogue import load_catalogue
from rules.engine.plans import PlanPlayer
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
