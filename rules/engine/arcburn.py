"""Arc Burn (rulebook: End Phase): the energy a player leaves unspent, the cards that may store it as charge
(RULINGS 5), and the damage the rest deals to their Hero. The turn flow (`flow.step_arc_burn`), the forced
decisions (`decisions.py`), move generation and execution read it.
"""
from __future__ import annotations

from .state import State


def burnable(g: State, p: int) -> int:
    pool = g.players[p].pool
    return pool[0] + pool[1] + pool[2] + pool[3] + pool[4]


def storage_cards(g: State, p: int, first: bool = False) -> list[int]:
    """Cards that may take Arc Burn energy as charge (RULINGS 5), in board order: Batteries, equipment and Scenes
    with room, and any other card with charge-capacity. With `first`, stop at the first one found."""
    out = []
    cards = g.cards
    capacity = g.tb.charge_capacity
    for iid in g.players[p].actors:   # every card that can hold charge is an actor (never inert)
        card = cards[iid]
        info = card.info
        if not info.holds_charge:
            continue  # a Person or Hero without charge-capacity (Batteries, equipment and Scenes all hold charge)
        if info.is_equipment:
            if card.charge >= capacity:
                continue
        elif info.is_scene:   # type == "scene", a flag of the tables: no string comparison
            if card.charge >= info.charge:
                continue
        out.append(iid)   # a Battery, equipment or Scene with room, or another card with charge-capacity
        if first:
            break
    return out


def has_storage(g: State, p: int) -> bool:
    """Whether a player has a card that may take Arc Burn energy as charge."""
    return bool(storage_cards(g, p, first=True))


def arc_burn(g: State, p: int) -> None:
    """Arc Burn: each unspent unit of tapped energy deals 1 damage to its player's Hero."""
    pool = g.players[p].pool
    units = pool[0] + pool[1] + pool[2] + pool[3] + pool[4]   # burnable(g, p)
    for i in range(5):
        pool[i] = 0
    if units <= 0:
        return
    hero = g.players[p].hero
    if hero >= 0:
        g.note("arc_burn", p, "Arc Burn: {0} unused energy", (units,))
        g.deal_damage(hero, units, "Arc Burn")
    else:
        g.note("arc_burn", p, "Arc Burn: {0} unused energy, but there is no Hero to burn", (units,))
