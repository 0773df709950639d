"""Issue 35's eleventh lever: shortcuts of move generation, each checked against the computation it replaces.

- a hand's plan is worked out from the plan of the hand before it when one card left it (`hand_plan.plan_without`):
  for every card of every hand met in whole games, the plan so made must be the one made afresh, card by card;
- the per-card offer memos are lists read at a card id, grown as cards are added: whole games with every memo kept
  must offer what a copy with none offers (tests/rules/test_eighth_lever.py plays those, with the lists emptied).
"""
from __future__ import annotations

import itertools

from rules.engine.bots import get_bot
from rules.engine.hand_plan import build_plan, plan_without
from rules.engine.setup import new_game


def _plan_gone(g, p: int, hand: list[int], gone: int):
    """The plan of `hand` less its card at `gone`, from the plan of `hand`, or None when it is not derived."""
    left = tuple(hand[:gone] + hand[gone + 1:])
    return left, plan_without(g, left, (list(hand), build_plan(g, p, tuple(hand))))


def test_a_hand_with_one_card_gone_plans_as_the_same_hand_planned_afresh(catalogue, decks):
    # Every hand of both players at every fifth decision of random games over the pairings of the six starter
    # decks, each card of it taken out in turn: the derived plan is the fresh one whenever one is derived.
    cases = {"only copy gone": 0, "later copy gone": 0, "left to a fresh plan": 0}
    for seed, (a, b) in enumerate(itertools.permutations(decks, 2)):
        g = new_game(catalogue, [a, b], seed=seed)
        bots = [get_bot("random", seed * 2 + p) for p in range(2)]
        while not g.is_over:
            if len(g.history) % 5 == 0:
                for p, player in enumerate(g.players):
                    for gone in range(len(player.hand)):
                        left, derived = _plan_gone(g, p, player.hand, gone)
                        slugs = [g.cards[i].slug for i in player.hand]
                        if derived is None:
                            cases["left to a fresh plan"] += 1
                            assert g.cards[player.hand[gone]].slug in slugs[gone + 1:]  # a copy stays behind it
                            continue
                        assert derived == build_plan(g, p, left), (seed, len(g.history), player.hand, gone)
                        earlier = slugs[gone] in slugs[:gone]
                        cases["later copy gone" if earlier else "only copy gone"] += 1
            g.apply(bots[g.current_player].choose(g))
    assert min(cases.values()) >= 100, cases


def test_a_hand_that_is_not_the_last_one_less_a_card_is_planned_afresh(catalogue, decks):
    g = new_game(catalogue, decks[:2], seed=3)
    hand = list(g.players[0].hand)
    last = (hand, build_plan(g, 0, tuple(hand)))
    assert plan_without(g, tuple(hand), last) is None                        # the same hand
    assert plan_without(g, tuple(hand[2:] + hand[:1]), last) is None         # one gone, another moved
    assert plan_without(g, tuple(hand[2:]), last) is None                    # two cards gone
    assert plan_without(g, tuple(hand[1:]), None) is None                    # no hand seen before
