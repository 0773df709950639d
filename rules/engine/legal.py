"""Legal action generation: cheap, no copies; labels are formatted only when asked for."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action
from .effects import KEYWORDS, target_mode
from .flow import burnable, storage_cards
from .model import BOARD
from .payment import payments
from .pyramid import absorb_capacity, absorbers, cataclysm_capacity
from .targets import legal_targets, ref_slug

if TYPE_CHECKING:
    from .state import GameState


def legal_actions(g: "GameState") -> list[Action]:
    if g.phase == "over":
        return []
    if g.pending:
        return decision_actions(g, g.pending[-1])
    if g.stack:
        if g.priority < 0:
            return []
        return window_actions(g, g.priority)
    if g.phase == "action" and g.active >= 0:
        return main_actions(g, g.active)
    return []


# ---------------------------------------------------------------- the Action Phase
def main_actions(g: "GameState", p: int) -> list[Action]:
    ctx = g.tb
    player = g.players[p]
    pool = player.pool
    cards = g.cards
    out: list[Action] = []
    seen: set[str] = set()
    people = None
    for iid in player.hand:
        card = cards[iid]
        slug = card.slug
        if slug in seen:
            continue
        seen.add(slug)
        info = card.info
        kind = info.type
        if kind == "energy":
            out.append(Action("play_energy", p, (iid, slug), ctx))
        elif kind == "person" or kind == "scene" or kind == "battery":
            verb = "summon" if kind == "person" else "play"
            for pay in payments(info.req, info.any, pool):
                out.append(Action(verb, p, (iid, slug, pay), ctx))
        elif info.is_equipment:
            pays = payments(info.req, info.any, pool)
            if pays:
                if people is None:
                    people = [i for i in player.board if cards[i].info.type == "person"]
                for host in people:
                    for pay in pays:
                        out.append(Action("equip", p, (iid, slug, host, cards[host].slug, pay), ctx))
        elif kind == "instant":
            out.extend(_cast(g, p, iid, card))
    _board_actions(g, p, out, main=True)
    out.append(Action("end_turn", p, (), ctx))
    return out


def _cast(g: "GameState", p: int, iid: int, card) -> list[Action]:
    info = card.info
    pays = payments(info.req, info.any, g.players[p].pool)
    if not pays or not _has_targets(g, p, iid, info.instant):
        return []
    return [Action("cast", p, (iid, card.slug, pay), g.tb) for pay in pays]


def _has_targets(g: "GameState", p: int, src: int, indexes) -> bool:
    """Every chosen-target effect of an ability has at least one legal target now."""
    info = g.cards[src].info
    for index in indexes:
        ability = info.abilities[index]
        spec = KEYWORDS.get(ability.keyword)
        if spec is None:
            return False
        if target_mode(ability.target) != "fixed":
            if not legal_targets(g, p, src, ability.keyword, ability.target, spec.check):
                return False
    return True


def _board_actions(g: "GameState", p: int, out: list, main: bool) -> None:
    ctx = g.tb
    player = g.players[p]
    pool = player.pool
    cards = g.cards
    tapped_energy: set[str] = set()
    have_pool = any(pool)
    for iid in player.board:
        card = cards[iid]
        info = card.info
        kind = info.type
        if kind == "energy":
            if not card.tapped and card.slug not in tapped_energy:
                tapped_energy.add(card.slug)
                out.append(Action("tap", p, (iid, card.slug), ctx))
            continue
        if card.charge > 0 and not card.tapped and info.holds_charge:
            for n in range(1, card.charge + 1):
                out.append(Action("tap_charge", p, (iid, card.slug, n), ctx))
        if kind == "battery" and have_pool:
            for pay in payments(g.tb.counter_req, g.tb.counter_any, pool):
                key = next(i for i, n in enumerate(pay) if n)
                out.append(Action("add_counter", p, (iid, card.slug, key), ctx))
        if main:
            if info.use and (kind == "hero" or not card.tapped) and g.can_activate(card):
                for index in info.use:
                    _ability_actions(g, p, iid, card, index, "activate", out)
            if info.is_equipment and info.rarity == "uncommon" and card.host >= 0 and not card.tapped \
                    and g.can_activate(card):
                for pay in payments(info.boost_req, info.boost_any, pool):
                    out.append(Action("activate", p, (iid, card.slug, -1, pay), ctx))
        else:
            if info.reaction and g.can_activate(card):
                for index in info.reaction:
                    if card.used_tick == g.tick and card.used & (1 << index):
                        continue
                    _ability_actions(g, p, iid, card, index, "react", out)


def _ability_actions(g: "GameState", p: int, iid: int, card, index: int, verb: str, out: list) -> None:
    ability = card.info.abilities[index]
    if ability.cost.charge > card.charge:
        return
    req, any_ = _cost_vector(g, card.slug, index, ability)
    pays = payments(req, any_, g.players[p].pool)
    if not pays or not _has_targets(g, p, iid, (index,)):
        return
    for pay in pays:
        out.append(Action(verb, p, (iid, card.slug, index, pay), g.tb))


_COSTS: dict = {}


def _cost_vector(g: "GameState", slug: str, index: int, ability) -> tuple:
    key = (id(g.tb), slug, index)
    hit = _COSTS.get(key)
    if hit is None:
        from .tables import cost_vector
        hit = cost_vector(ability.cost)
        if len(_COSTS) > 50000:
            _COSTS.clear()
        _COSTS[key] = hit
    return hit


# ---------------------------------------------------------------- reaction windows
def window_actions(g: "GameState", p: int) -> list[Action]:
    ctx = g.tb
    out: list[Action] = [Action("pass", p, (), ctx)]
    seen: set[str] = set()
    cards = g.cards
    for iid in g.players[p].hand:
        card = cards[iid]
        if card.info.type == "instant" and card.slug not in seen:
            seen.add(card.slug)
            out.extend(_cast(g, p, iid, card))
    _board_actions(g, p, out, main=False)
    return out


# ---------------------------------------------------------------- pending decisions
def decision_actions(g: "GameState", d: dict) -> list[Action]:
    ctx = g.tb
    kind = d["type"]
    p = d["player"]
    if kind == "mulligan":
        return [Action("keep", p, (), ctx), Action("mulligan", p, (), ctx)]
    if kind == "first_player":
        return [Action("first_player", p, (0,), ctx), Action("first_player", p, (1,), ctx)]
    if kind in ("target", "assign"):
        from .flow import next_need
        item = g.building
        need = next_need(g, item)
        if need is None:
            return []
        index, _, options = need
        return [Action(kind, p, (item.sid, index, ref, ref_slug(g, ref)), ctx) for ref in options]
    if kind == "arc_burn":
        pool = g.players[p].pool
        key = next((i for i in range(5) if pool[i]), None)
        out = []
        if key is not None:
            for iid in storage_cards(g, p):
                out.append(Action("store_charge", p, (key, iid, g.cards[iid].slug), ctx))
        out.append(Action("burn", p, (burnable(g, p),), ctx))
        return out
    if kind == "discharge":
        left = d["left"]
        out = []
        for iid in absorbers(g, p):
            cap = min(absorb_capacity(g, p, iid), left)
            for n in sorted({1, cap}):
                out.append(Action("absorb", p, (iid, g.cards[iid].slug, n), ctx))
        if not d["returned"]:
            out.append(Action("deflect", p, (1,), ctx))
            if left > 1:
                out.append(Action("deflect", p, (left,), ctx))
        return out
    if kind == "cataclysm":
        left = d["left"]
        out = []
        for iid in g.characters(p):
            cap = min(cataclysm_capacity(g, p, iid), left)
            if cap <= 0:
                continue
            for n in sorted({1, cap}):
                out.append(Action("assign_damage", p, (iid, g.cards[iid].slug, n), ctx))
        return out
    return []


# ---------------------------------------------------------------- why an action is refused
_RULES = {
    "keep": "Setup: Mulligan", "mulligan": "Setup: Mulligan", "first_player": "Setup: Determine first player",
    "play_energy": "Energy: Energy cards are played for free", "tap": "Energy: tap Energy cards to generate energy",
    "tap_charge": "Charge: tap a card to spend its charge", "summon": "People: pay the summon cost",
    "play": "Action Phase: pay the summon cost", "equip": "Artifacts & Enchantments: equip/attune",
    "activate": "Use abilities: during your Action Phase, paying the listed cost",
    "react": "Passive abilities: once per turn during the Reaction Phase",
    "cast": "Instants: during any Reaction Phase", "add_counter": "Batteries: pay 1CE to add a charge counter",
    "target": "Abilities: choose a legal target", "assign": "Abilities: distribute among legal targets",
    "pass": "Stack & Priority", "end_turn": "Turn Structure: End Phase",
    "store_charge": "End Phase: Arc Burn", "burn": "End Phase: Arc Burn",
    "absorb": "Edge Discharge: absorb or deflect", "deflect": "Edge Discharge: absorb or deflect",
    "assign_damage": "Cataclysm: distribute remaining damage",
}


def explain_illegal(g: "GameState", action: Any) -> tuple[str, str]:
    """Name the rule a refused action breaks, as precisely as the action lets us."""
    text = action if isinstance(action, str) else getattr(action, "id", repr(action))
    if g.phase == "over":
        return "The Cataclysm", f"the game is over; {text} cannot be played"
    parts = text.split(".") if isinstance(text, str) else []
    kind = parts[0] if parts else ""
    player = None
    if len(parts) > 1 and parts[1].isdigit():
        player = int(parts[1])
    if player is not None and player != g.current_player:
        return "Stack & Priority", (f"it is Player {(g.current_player or 0) + 1}'s decision, not Player "
                                    f"{player + 1}'s ({text})")
    rule = _RULES.get(kind, "Turn Structure")
    if g.pending:
        return rule, f"{text} is not one of the choices of the pending {g.pending[-1]['type']} decision"
    return rule, f"{text} is not legal now (phase {g.phase}); it may be stale, unaffordable or out of turn"


__all__ = ["legal_actions", "explain_illegal", "BOARD"]
