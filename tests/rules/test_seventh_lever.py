"""Issue 35's seventh lever: the greedy player's own cost per decision, each shortcut checked against the plain
computation it replaces at every decision of whole games (every ordered pairing of the starter decks; the side-by-side
games of tests/rules/test_greedy_plan.py check the choices themselves).

- `by_kind` takes each run of one kind as a slice: the groups must be those of one `setdefault` per offer;
- the plan keeps, per want of its ranking, whether the pool once every Energy is tapped pays for it (`_Plan.afford`):
  each kept answer must be `_affordable` asked again;
- the ranking reads a want's cost from the tables (`CardInfo.total`, the ability's `meta` row): the sum of its typed
  requirements and Colorless amount;
- `_heal_now` is a loop: the max over my characters of the generator it replaces.
"""
from __future__ import annotations

import itertools

from rules.engine.bots import get_bot
from rules.engine.greedy import PLAN_KEYS
from rules.engine.greedy_instants import _heal_now
from rules.engine.greedy_pay import _affordable
from rules.engine.greedy_value import _per_hp, _rank_wants, _Side, by_kind
from rules.engine.setup import new_game


def _plain_groups(actions) -> dict:
    groups: dict = {}
    for a in actions:
        groups.setdefault(a.kind, []).append(a)
    return groups


def _heal_now_plain(g, p: int, amount: int) -> float:
    cards = g.cards
    return max((min(amount, cards[i].damage) * _per_hp(cards[i].info) for i in g.players[p].board
                if cards[i].info.is_character), default=0.0)


def _check_decision(g, p: int) -> dict:
    """Check every shortcut at this decision; return what was checked."""
    seen = {"groups": 0, "afford": 0, "wants": 0, "heal": 0}
    actions = g.legal_actions()
    groups = by_kind(actions)
    assert groups == _plain_groups(actions) and list(groups) == list(_plain_groups(actions))
    assert by_kind(iter(actions)) == groups   # any other iterable: grouped one offer at a time
    seen["groups"] += 1
    plan = g._target_memo.get(PLAN_KEYS[p])
    if plan is not None and plan.afford is not None and plan.vpool is not None:
        wants = plan.ranked[0]
        assert len(plan.afford) == len(wants)
        for want, ok in zip(wants, plan.afford):
            if ok is not None:
                assert ok == _affordable(want.req, want.any, plan.vpool)
                seen["afford"] += 1
    if "end_turn" in groups:
        for want in _rank_wants(g, p, _Side(g, p))[0]:
            assert want.cost == sum(want.req) + want.any
            seen["wants"] += 1
    for amount in (1, 2, 3):
        assert _heal_now(g, p, amount) == _heal_now_plain(g, p, amount)
        seen["heal"] += 1
    return seen


def test_the_seventh_levers_shortcuts_answer_as_the_plain_computation(catalogue, decks):
    totals = {"groups": 0, "afford": 0, "wants": 0, "heal": 0}
    for (i, a), (j, b) in itertools.permutations(enumerate(decks), 2):
        g = new_game(catalogue, [a, b], seed=i * 6 + j)
        bots = [get_bot("greedy", p) for p in range(2)]
        while not g.is_over:
            p = g.current_player
            action = bots[p].choose(g)   # the plan, with what it keeps, is made or kept here
            for key, n in _check_decision(g, p).items():
                totals[key] += n
            g.apply(action)
    assert totals["groups"] > 10_000 and totals["afford"] > 5_000 and totals["wants"] > 1_000
