"""Legal action generation: cheap, no copies; labels are formatted only when asked for."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action

_new = tuple.__new__  # builds an Action without a Python-level __new__ call (the hot path)
from .effects import KEYWORDS, SRC_FREE, target_mode
from .flow import burnable, next_need, storage_cards
from .payment import payments
from .pyramid import absorb_capacity, cataclysm_capacity
from .targets import any_target, ref_slug

if TYPE_CHECKING:
    from .state import GameState


def legal_actions(g: "GameState") -> list[Action]:
    g._target_memo = {}
    g._pay_memo = {}
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
    pool = tuple(player.pool)
    funds = sum(pool)
    cards = g.cards
    out: list[Action] = []
    people = None
    pay_memo = g._pay_memo
    for iid, slug, info in _hand_entries(g, player.hand):
        kind = info.type
        if kind == "energy":
            out.append(_new(Action, ("play_energy", p, (iid, slug), ctx)))
            continue
        if info.total > funds:
            continue  # unaffordable whatever the mix: skip the payment search
        pays = pay_memo.get(info.cost_id)
        if pays is None:
            pays = pay_memo[info.cost_id] = payments(info.req, info.any, pool)
        if not pays:
            continue
        if kind == "person" or kind == "scene" or kind == "battery":
            verb = "summon" if kind == "person" else "play"
            for pay in pays:
                out.append(_new(Action, (verb, p, (iid, slug, pay), ctx)))
        elif info.is_equipment:
            if people is None:
                people = [i for i in player.board if cards[i].info.type == "person"]
            for host in people:
                for pay in pays:
                    out.append(_new(Action, ("equip", p, (iid, slug, host, cards[host].slug, pay), ctx)))
        elif kind == "instant":
            _cast(g, p, iid, cards[iid], pays, out)
    _board_actions(g, p, out, True, pool, funds)
    out.append(_new(Action, ("end_turn", p, (), ctx)))
    return out


def _hand_entries(g: "GameState", hand: list[int]) -> tuple:
    """The hand's cards, one per name, as (iid, slug, info): copies of a card offer the same actions. Memoized per
    game by the hand's contents, which change far less often than the pool."""
    key = tuple(hand)
    memo = g._hand_memo
    entries = memo.get(key)
    if entries is None:
        cards = g.cards
        seen: set[str] = set()
        rows = []
        for iid in hand:
            card = cards[iid]
            if card.slug not in seen:
                seen.add(card.slug)
                rows.append((iid, card.slug, card.info))
        if len(memo) > 512:
            memo.clear()
        entries = memo[key] = tuple(rows)
    return entries


def _meta(g: "GameState", info) -> tuple:
    """Per ability of a card: (typed cost, Colorless cost, charge cost, target checks, playable, cost id, total
    energy), once."""
    meta = info.meta
    if meta is None:
        from .tables import cost_vector
        rows = []
        for ability in info.abilities:
            req, any_ = cost_vector(ability.cost)
            spec = KEYWORDS.get(ability.keyword)
            checks = ()
            if spec is not None and target_mode(ability.target) != "fixed":
                checks = ((ability.keyword, ability.target, spec.check),)
            rows.append((req, any_, ability.cost.charge, checks, spec is not None, g.tb.cost_id((req, any_)),
                         sum(req) + any_))
        meta = info.meta = tuple(rows)
    return meta


def _cast(g: "GameState", p: int, iid: int, card, pays: tuple, out: list) -> None:
    info = card.info
    if not pays:
        return
    meta = _meta(g, info)
    for index in info.instant:
        if not _targets_exist(g, p, iid, meta[index]):
            return
    ctx = g.tb
    slug = card.slug
    for pay in pays:
        out.append(_new(Action, ("cast", p, (iid, slug, pay), ctx)))


def _targets_exist(g: "GameState", p: int, src: int, row: tuple) -> bool:
    """Every chosen-target effect of an ability has at least one legal target now."""
    if not row[4]:
        return False
    for keyword, kind, check in row[3]:
        if keyword in SRC_FREE:
            memo = g._target_memo
            key = (p, keyword, kind)
            found = memo.get(key)
            if found is None:
                found = memo[key] = any_target(g, p, src, keyword, kind, check)
            if not found:
                return False
        elif not any_target(g, p, src, keyword, kind, check):
            return False
    return True


_COUNTER_KEYS: dict[tuple, tuple[int, ...]] = {}


def _counter_keys(ctx, pool: tuple) -> tuple[int, ...]:
    """The pool keys a Battery's extra counter may be paid from (one action each), memoized by pool."""
    keys = _COUNTER_KEYS.get(pool)
    if keys is None:
        if ctx.counter_simple:
            keys = tuple([k for k in range(6) if pool[k]])
        else:
            keys = tuple(next(i for i, n in enumerate(pay) if n)
                         for pay in payments(ctx.counter_req, ctx.counter_any, pool))
        if len(_COUNTER_KEYS) > 4096:
            _COUNTER_KEYS.clear()
        _COUNTER_KEYS[pool] = keys
    return keys


def _board_actions(g: "GameState", p: int, out: list, main: bool, pool: tuple, funds: int) -> None:
    ctx = g.tb
    cards = g.cards
    append = out.append
    counter_keys = _counter_keys(ctx, pool) if funds else ()
    tick = g.tick
    player = g.players[p]
    offer_memo = g._offer_memo
    pay_memo = g._pay_memo
    if len(offer_memo) > 4096:
        offer_memo.clear()
    for slug, untapped in player.ready.items():   # kept in slug order: a canonical order of the offers
        if untapped:
            append(_new(Action, ("tap", p, (untapped[0], slug), ctx)))
    for iid in player.actors:
        card = cards[iid]
        info = card.info
        kind = info.type
        charge = card.charge
        tapped = card.tapped
        if charge and not tapped and info.holds_charge:
            key = (p, iid, charge)
            offers = offer_memo.get(key)
            if offers is None:
                slug = card.slug
                offers = offer_memo[key] = tuple([_new(Action, ("tap_charge", p, (iid, slug, n), ctx))
                                                  for n in range(1, charge + 1)])
            out.extend(offers)
        if counter_keys and kind == "battery":
            key = (p, iid, counter_keys)
            offers = offer_memo.get(key)
            if offers is None:
                slug = card.slug
                offers = offer_memo[key] = tuple([_new(Action, ("add_counter", p, (iid, slug, k), ctx))
                                                  for k in counter_keys])
            out.extend(offers)
        if card.disabled > tick or (kind == "scene" and charge <= 0):
            continue
        if main:
            if info.use and (not tapped or kind == "hero"):
                meta = info.meta or _meta(g, info)
                for index in info.use:
                    row = meta[index]
                    if row[6] > funds or row[2] > charge:
                        continue  # cannot pay the energy or the charge
                    pays = pay_memo.get(row[5])
                    if pays is None:
                        pays = pay_memo[row[5]] = payments(row[0], row[1], pool)
                    if not pays:
                        continue
                    if row[3] or not row[4]:
                        if not _targets_exist(g, p, iid, row):
                            continue
                    slug = card.slug
                    for pay in pays:
                        append(_new(Action, ("activate", p, (iid, slug, index, pay), ctx)))
            if info.is_equipment and not tapped and info.rarity == "uncommon" and card.host >= 0:
                for pay in payments(info.boost_req, info.boost_any, pool):
                    append(_new(Action, ("activate", p, (iid, card.slug, -1, pay), ctx)))
        elif info.reaction:
            meta = info.meta or _meta(g, info)
            for index in info.reaction:
                if card.used_tick == tick and card.used & (1 << index):
                    continue
                row = meta[index]
                if row[6] <= funds:
                    _ability_actions(g, p, iid, card, index, row, "react", out, pool)


def _ability_actions(g: "GameState", p: int, iid: int, card, index: int, row: tuple, verb: str, out: list,
                     pool: tuple) -> None:
    if row[2] > card.charge:
        return
    cache = g._pay_memo
    pays = cache.get(row[5])
    if pays is None:
        pays = cache[row[5]] = payments(row[0], row[1], pool)
    if not pays or not _targets_exist(g, p, iid, row):
        return
    ctx = g.tb
    slug = card.slug
    for pay in pays:
        out.append(_new(Action, (verb, p, (iid, slug, index, pay), ctx)))


# ---------------------------------------------------------------- reaction windows
def window_actions(g: "GameState", p: int) -> list[Action]:
    ctx = g.tb
    out: list[Action] = [_new(Action, ("pass", p, (), ctx))]
    cards = g.cards
    pool = tuple(g.players[p].pool)
    pay_memo = g._pay_memo
    for iid, slug, info in _hand_entries(g, g.players[p].hand):
        if info.type == "instant":
            pays = pay_memo.get(info.cost_id)
            if pays is None:
                pays = pay_memo[info.cost_id] = payments(info.req, info.any, pool)
            _cast(g, p, iid, cards[iid], pays, out)
    _board_actions(g, p, out, False, pool, sum(pool))
    return out


# ---------------------------------------------------------------- pending decisions
def decision_actions(g: "GameState", d: dict) -> list[Action]:
    ctx = g.tb
    kind = d["type"]
    p = d["player"]
    if kind == "mulligan":
        return [_new(Action, ("keep", p, (), ctx)), _new(Action, ("mulligan", p, (), ctx))]
    if kind == "first_player":
        return [_new(Action, ("first_player", p, (0,), ctx)), _new(Action, ("first_player", p, (1,), ctx))]
    if kind in ("target", "assign"):
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
                out.append(_new(Action, ("store_charge", p, (key, iid, g.cards[iid].slug), ctx)))
        out.append(_new(Action, ("burn", p, (burnable(g, p),), ctx)))
        return out
    if kind == "discharge":
        left = d["left"]
        out = []
        for iid in g.players[p].board:
            room = absorb_capacity(g, p, iid)
            if room <= 0:
                continue
            cap = min(room, left)
            for n in sorted({1, cap}):
                out.append(_new(Action, ("absorb", p, (iid, g.cards[iid].slug, n), ctx)))
        if not d["returned"]:
            out.append(_new(Action, ("deflect", p, (1,), ctx)))
            if left > 1:
                out.append(_new(Action, ("deflect", p, (left,), ctx)))
        return out
    if kind == "cataclysm":
        left = d["left"]
        out = []
        for iid in g.characters(p):
            cap = min(cataclysm_capacity(g, p, iid), left)
            if cap <= 0:
                continue
            for n in sorted({1, cap}):
                out.append(_new(Action, ("assign_damage", p, (iid, g.cards[iid].slug, n), ctx)))
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

