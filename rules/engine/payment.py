"""Ways to pay a cost from an energy pool (RULINGS 4-7: CE is payable by any energy; nothing else substitutes)."""
from __future__ import annotations

from typing import Any

from .tables import POOL_KEYS

_MEMO: dict[tuple, tuple[tuple[int, ...], ...]] = {}


def payments(req: tuple[int, int, int, int], any_: int, pool: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Return every distinct payment (amount taken from each pool key) of a cost, or () if it cannot be paid.

    Typed parts are paid by exactly their type; the Colorless part by any mix of what is left, and each distinct
    mix is a separate choice for the player.
    """
    key = (req, any_, pool)
    hit = _MEMO.get(key)
    if hit is not None:
        return hit
    rest = list(pool)
    for i in range(4):
        if rest[i] < req[i]:
            _remember(key, ())
            return ()
        rest[i] -= req[i]
    if sum(rest) < any_:
        _remember(key, ())
        return ()
    base = list(req) + [0, 0]
    out: list[tuple[int, ...]] = []
    _split(any_, 0, rest, base, out)
    result = tuple(out)
    _remember(key, result)
    return result


def _split(left: int, start: int, rest: list[int], acc: list[int], out: list) -> None:
    if left == 0:
        out.append(tuple(acc))
        return
    last = len(rest) - 1
    for i in range(start, last + 1):
        if rest[i] == 0:
            continue
        take_max = min(rest[i], left)
        remaining_after = sum(rest[i + 1:])
        for take in range(take_max, 0, -1):
            if left - take > remaining_after:
                break
            acc[i] += take
            _split(left - take, i + 1, rest, acc, out)
            acc[i] -= take


def _remember(key: tuple, value: tuple) -> None:
    if len(_MEMO) > 20000:
        _MEMO.clear()
    _MEMO[key] = value


_TEXTS: dict[tuple, str] = {}


def pay_text(pay: tuple[int, ...]) -> str:
    """Spell a payment for a label: "1 DC + 1 LC"."""
    text = _TEXTS.get(pay)
    if text is None:
        parts = [f"{n} {POOL_KEYS[i]}" for i, n in enumerate(pay) if n]
        text = " + ".join(parts) if parts else "free"
        if len(_TEXTS) < 10000:
            _TEXTS[pay] = text
    return text


_CODES: dict[tuple, str] = {}


def pay_code(pay: tuple[int, ...]) -> str:
    """Spell a payment compactly for an action id: "DC1LC1"."""
    code = _CODES.get(pay)
    if code is None:
        code = "".join(f"{POOL_KEYS[i]}{n}" for i, n in enumerate(pay) if n) or "free"
        if len(_CODES) < 10000:
            _CODES[pay] = code
    return code


def counter_pay_keys(ctx, pool: tuple) -> tuple[int, ...]:
    """The pool keys a Battery's extra counter may be paid from (one action each)."""
    if ctx.counter_simple:
        return tuple([k for k in range(6) if pool[k]])
    return tuple(next(i for i, n in enumerate(pay) if n)
                 for pay in payments(ctx.counter_req, ctx.counter_any, pool))


COUNTER_CODES: dict[tuple, int] = {}   # the pool keys a counter may be paid from -> 1, 2, 3, ... in the order met


def counter_keys_code(keys: tuple) -> int:
    """A small int naming a tuple of counter keys: the same for equal tuples, never for two different ones (0 for
    none). The keys are distinct pool keys (0 to 5) in some order, so there are at most 1,956 such tuples."""
    if not keys:
        return 0
    code = COUNTER_CODES.get(keys)
    if code is None:
        code = COUNTER_CODES[keys] = len(COUNTER_CODES) + 1
    return code


# ---------------------------------------------------------------- what a pool affords (move generation: legal.py)
class PoolView:
    """What move generation derives from an energy pool alone, computed once per distinct pool per catalogue
    (kept in `Tables.pools`): its total, the keys a Battery's extra counter may be paid from, and the payments of
    each cost met so far. A pool is a plain tuple of counts, so nothing here can go stale."""

    __slots__ = ("pool", "funds", "counter_keys", "counter_code", "pays")

    def __init__(self, ctx, pool: tuple):
        self.pool = pool
        self.funds = sum(pool)
        self.counter_keys = counter_pay_keys(ctx, pool) if self.funds else ()
        self.counter_code = counter_keys_code(self.counter_keys)   # the keys as a small int (for their offers)
        # By cost id (Tables.costs): payments(cost, pool), or None until first asked for. A list, not a dict:
        # indexing it is cheaper than a dict.get call, and move generation reads it for every card.
        self.pays: list = [None] * len(ctx.costs)

    def pay_for(self, cost_id: int, req: tuple, any_: int) -> tuple:
        """Every payment of a cost (by its id) from this pool."""
        pays = self.pays[cost_id]
        if pays is None:
            pays = self.pays[cost_id] = payments(req, any_, self.pool)
        return pays


def pool_key(pool: list[int]) -> Any:
    """The key of a pool in `Tables.pools`: its counts packed into one int, 8 bits each under a leading 1 (so that
    pools of different lengths differ too), when every count is 0 to 255 and there are at most 7 of them; else the
    tuple of its counts (a tuple never equals an int). Equal keys <=> equal pools: packing is exact within those
    bounds. An int is hashed and compared at once, where the tuple was built, hashed and compared count by count at
    every decision (issue 35: the pool changes at two decisions in three, so keeping the last one seen pays less).
    The bounds are literals, so that the compiled form computes in a C long: 1 + 7 * 8 = 57 bits."""
    if len(pool) > 7:
        return tuple(pool)
    key = 1
    for n in pool:
        if n < 0 or n > 255:
            return tuple(pool)
        key = key << 8 | n
    return key


def pool_view(ctx, pool: list[int]) -> PoolView:
    """The (shared) PoolView of a player's pool as it is now: one key and one lookup per move generation, in
    place of summing the pool, finding the Battery counter keys and hashing (cost, pool) keys per card."""
    key = pool_key(pool)
    view = ctx.pools.get(key)
    if view is None:
        if len(ctx.pools) > 4096:
            ctx.pools.clear()
        view = ctx.pools[key] = PoolView(ctx, tuple(pool))
    return view
