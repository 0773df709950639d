"""What move generation checks before offering a card's abilities, worked out once per catalogue's tables.

Per ability of a card: its typed and Colorless cost, charge cost, chosen target, whether it has an effect, its cost id
and total energy (`CardInfo.meta`); the Use abilities and reactions that may ever be offered (`use_rows`,
`react_rows`); and the least energy with which the card, in play, may offer anything (`main_floor`,
`window_floor`). Fixed by the card definitions and the keyword registry (`effects.KEYWORDS`): the tables below the
game state cannot read the registry of the rules above it, so `GameState` plans them when it is built (`legal.py`
reads them).
"""
from __future__ import annotations

from .effects import KEYWORDS, SRC_FREE, target_mode
from .tables import NEVER, CardInfo, Tables, cost_vector


def plan_offers(tb: Tables) -> None:
    """Fill every card's offer rows, once per tables (the tables of a catalogue are shared by all its games); the
    cost ids of the abilities come after those of the cards, as when the tables themselves planned them."""
    if tb.offers_planned:
        return
    keys: dict[tuple, int] = {}
    for info in tb.info.values():
        _ability_rows(tb, info, keys)
    tb.offers_planned = True


def _ability_rows(tb: Tables, info: CardInfo, keys_of: dict[tuple, int]) -> None:
    """Per ability of a card, what move generation checks before offering it: `meta` rows (typed cost,
    Colorless cost, charge cost, chosen target, has an effect, cost id, total energy), and (index, row) pairs
    of its Use abilities and of its reactions that have an effect (no other is ever offered). Fixed by the
    card definition.

    The chosen target is None (a fixed target or none) or (keyword, target kind, keyword check, memo keys):
    the memo keys, per player, under which move generation remembers whether such a target exists
    (legal._targets_exist), or None when the answer depends on the ability's card too (not SRC_FREE). A memo key
    is a small int, one per (player, keyword, target kind) across the catalogue (`keys_of`): hashed for nothing,
    where the (player, keyword, kind) tuple it stands for was hashed at every look-up (issue 35); no other key of
    the memo is an int (the others are tuples and strings)."""
    rows = []
    for ability in info.abilities:
        req, any_ = cost_vector(ability.cost)
        spec = KEYWORDS.get(ability.keyword)
        target = None
        if spec is not None and target_mode(ability.target) != "fixed":
            keyword, kind = ability.keyword, ability.target
            # one per seat: up to four players (RULINGS 41)
            keys = tuple([keys_of.setdefault((p, keyword, kind), len(keys_of)) for p in range(4)]) \
                if keyword in SRC_FREE else None
            target = (keyword, kind, spec.check, keys)
        rows.append((req, any_, ability.cost.charge, target, spec is not None, tb.cost_id((req, any_)),
                     sum(req) + any_))
    info.meta = tuple(rows)
    info.use_rows = tuple((index, info.meta[index]) for index in info.use if info.meta[index][4])
    # A one-shot Passive "can be triggered once per turn during the Reaction Phase" (RULINGS 39): offered in
    # reaction windows like a reaction Passive, at no cost.
    info.react_rows = tuple((index, info.meta[index]) for index in sorted(info.reaction + info.passive_start)
                            if info.meta[index][4])
    # The least energy in the pool with which, in play, it may offer anything in the Action Phase / in a
    # reaction window: 0 for a card that holds charge or takes counters (those offers cost no energy), else
    # its cheapest Use ability or boost / reaction; NEVER when it has none. Move generation skips it below that.
    if info.holds_charge or info.is_battery:
        info.main_floor = info.window_floor = 0
    else:
        main = [row[6] for _, row in info.use_rows]
        if info.can_boost:
            main.append(sum(info.boost_req) + info.boost_any)
        info.main_floor = min(main, default=NEVER)
        info.window_floor = min((row[6] for _, row in info.react_rows), default=NEVER)
