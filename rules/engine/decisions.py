"""Pending decisions that need no real choice are settled here (forced moves, the goldfish seat)."""
from __future__ import annotations

from .arcburn import arc_burn, burnable, has_storage
from .pyramid import cataclysm_capacities, has_absorber
from .state import State


def auto_decide(g: State, d: dict) -> bool:
    """Settle the top decision if the rules leave no choice; return True if something changed."""
    kind = d["type"]
    p = d["player"]
    if kind == "passive":
        if not g.is_active_card(g.cards[d["card"]]):   # gone, or a Scene gone Dormant, since it was offered
            g.pending.pop()
            return True
        return False
    if kind == "arc_burn":
        if burnable(g, p) == 0:
            g.pending.pop()
            return True
        if not has_storage(g, p):
            arc_burn(g, p)
            g.pending.pop()
            return True
        return False
    if kind == "discharge":
        if d["left"] <= 0:
            g.pending.pop()
            return True
        if not has_absorber(g, p):
            if not d["returned"]:
                g.discharge["deflected"][p] += d["left"]
                g.note("deflect", p, "Player {0} cannot absorb more and deflects the other {1}", (p + 1, d["left"]))
            else:
                g.note("returned", p, "Player {0} has nothing left to absorb the other {1} returned damage", (p + 1,
                       d["left"]))
            g.pending.pop()
            return True
        return False
    if kind == "cataclysm":
        left = d["left"]
        caps = {i: c for i, c in cataclysm_capacities(g, p, g.characters(p)).items() if c > 0}
        if left <= 0 or not caps:
            if left > 0:
                g.note("cataclysm", p, "{0} Cataclysm damage finds nothing left to destroy", (left,))
            g.pending.pop()
            return True
        if sum(caps.values()) <= left or len(caps) == 1:
            for i, c in caps.items():
                take = min(c, left)
                g.assigned[p][i] = g.assigned[p].get(i, 0) + take
                left -= take
            d["left"] = left
            g.pending.pop()
            return True
        return False
    return False
