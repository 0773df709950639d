"""How the greedy bot pays (issue 35 cut it out of greedy_value.py, which had outgrown a module): which energy the
rest of the hand needs (`_typed_demand`), whether a pool pays for a cost (`_affordable`), how much a payment spends of
what the hand needs (`_pay_score`), and which Energy card to tap next towards a purchase (`_tap_for`). They read the
payment and the pool, never what a card is worth (greedy_value.py). And what is kept across a payment's taps
(`_Plan`: greedy.py keeps it, greedy_value.py reads it; here, below both, so that both read its fields typed)."""
from __future__ import annotations

from typing import Any, Iterable

from .actions import Action
from .game import GameState
from .tables import BUFF, COLORLESS


def _key_rank(key: int) -> int:
    """Spend Buff first (it expires), then Colorless, then typed energy."""
    return 0 if key == BUFF else (1 if key == COLORLESS else 2 + key)


def _typed_demand(g: GameState, p: int) -> list[int]:
    """How much of each typed energy the cards in hand and the board's abilities ask for."""
    demand = [0, 0, 0, 0]
    cards = g.cards
    player = g.players[p]
    for iid in player.hand:
        card = cards[iid]
        req = card.info.req   # a card's typed requirements: always four (tables.cost_vector)
        for i in range(4):
            demand[i] += req[i]
    return demand


def _affordable(req: tuple, any_: int, pool: list[int]) -> bool:
    left = 0
    for i in range(4):
        if pool[i] < req[i]:
            return False
        left += pool[i] - req[i]
    return left + sum(pool[4:]) >= any_


def _pay_of(a: Action) -> tuple:
    if a.kind == "equip":
        return a.args[4]
    if a.kind == "activate":
        return a.args[3]
    return a.args[2]


def _pay_score(pay: tuple, demand: list[int]) -> float:
    """Prefer payments that keep the energy the rest of the hand needs."""
    score = 0.0
    for key, n in enumerate(pay):
        if n:
            score += n * (0 if key == BUFF else 1 if key == COLORLESS else 2 + demand[key])
    return score


def _tap_for(g: GameState, p: int, req: tuple, any_: int, taps: Iterable[Action], demand: list[int]) -> Action | None:
    """The next Energy to tap towards paying for something that costs `req` (typed, by key) and `any_` (any type).
    The cost, not the want it belongs to: a want is greedy_value's class, which this module, below it, cannot type."""
    player = g.players[p]
    pool = player.pool
    cards = g.cards
    by_type: dict[int, Action] = {}
    for a in taps:
        card = cards[a.args[0]]
        by_type.setdefault(card.info.produces, a)
    for key in range(4):
        if pool[key] < req[key]:
            return by_type.get(key)
    # What is left once the typed requirements are met (the sum over k < 4 of pool[k] - req[k], then the rest).
    spare = (pool[0] - req[0]) + (pool[1] - req[1]) + (pool[2] - req[2]) + (pool[3] - req[3]) + sum(pool[4:])
    if spare >= any_:
        return None
    if COLORLESS in by_type:
        return by_type[COLORLESS]
    # The typed energy the hand needs least beyond this want (then the lowest key): the min of (demand - req, key).
    best, best_rank = None, None
    for k in by_type:
        if k < 4:
            rank = (demand[k] - req[k], k)
            if best is None or rank < best_rank:
                best, best_rank = k, rank
    if best is None:
        return None
    return by_type[best]


class _Plan:
    """What the greedy player worked out for one payment, kept across its Energy taps (issue 35's fifth lever; the
    Action Phase reads it: greedy_value._action_phase).

    An Action Phase buys a card tap after tap: each tap is a decision, and each asked again what the commitment had
    already worked out: both boards (`side`), the ranking of what to buy (`ranked`), the pool once every Energy is
    tapped (`vpool`) and whether an Instant is worth casting (`calm`: the window flag it was weighed for, None when
    not weighed or worth casting). An Energy tap changes none of them: it turns an untapped Energy card's energy
    into the pool's (tapped, `ready` and `pool`), and an Energy card with no Use ability and no equipment is read by
    none of these. So the plan is kept in the state's memo (emptied by every decision but the quiet ones, not copied
    by `clone`) with the length of the state's history it was last asked at (`mark`) and that decision (`last`); it
    is reused only if every decision since is such an Energy tap, and worked out again otherwise (a charge spent, a
    history rewritten, the same decision asked twice: a state edited in place keeps its history's length). Since
    issue 35's sixth lever it is kept across the Battery counters that end the payment too, while they leave what it
    counted the same (`_after_counters` says what a counter changes and how the plan follows). Since the seventh it
    also keeps, per want of the ranking, whether that pool pays for it (`afford`, dropped with either).
    """

    __slots__ = ("mark", "last", "side", "ranked", "vpool", "calm", "afford")

    def __init__(self, mark: int, last: Any):
        self.mark, self.last = mark, last
        self.side = None   # each worked out when first needed (a window's decision needs only `calm`)
        self.ranked = None
        self.vpool = None
        self.calm = None
        self.afford = None   # per want of `ranked`, whether `vpool` pays for it (greedy_value._best_purchase)
