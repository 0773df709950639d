"""Legal action generation: cheap, no copies; labels are formatted only when asked for."""
from __future__ import annotations

from typing import Any

from .actions import Action, new_action
from .arcburn import burnable, storage_cards
from .flow import next_need
from .hand_plan import hand_now
from .payment import PoolView, pool_key, pool_view
from .pyramid import absorb_capacity, cataclysm_capacities
from .state import State
from .tables import HAND_CAST, HAND_EQUIP, HAND_PLAY, HAND_SUMMON
from .targets import any_target, ref_slug


def legal_actions(g: State) -> list[Action]:
    if g.ended():
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
# main_actions, window_actions and the board walk they share are the hottest code of the engine: they read the hits
# of their memos (pool views, hand plans, tap offers, charge and counter offers, chosen targets) inline and call a
# helper only on a miss (a Python call costs more than most of what it would wrap).

def main_actions(g: State, p: int) -> list[Action]:
    """The hand's offers in hand order, then the board's: tap an Energy card (one per name), then per card in board
    order: spend its charge, add a Battery counter, its Use abilities and its boost; then end the turn."""
    player = g.players[p]
    view = g.tb.pools.get(pool_key(player.pool)) or pool_view(g.tb, player.pool)
    funds = view.funds
    entries, energy, cheapest, _, _ = hand_now(g, p, player)
    if funds < cheapest:
        out = list(energy)  # the pool pays for nothing in hand: its Energy cards are all it offers
    else:
        out = _hand_actions(g, p, entries, view)
    _board_offers(g, p, player, view, out, True)
    out.append(g._offer_memo[p << 1] or _plain_offer(g, "end_turn", p))
    return out


def _board_offers(g: State, p: int, player, view: PoolView, out: list, main: bool) -> None:
    """The board's offers, the same in the Action Phase (`main`) and a reaction window but for abilities: tap an
    Energy card (one per name, its first untapped card, in slug order: a canonical order), then per card in board
    order: spend its charge, add a Battery counter, and its Use abilities and boost (`main`) or its reactions.
    The hottest loop of the engine: memo hits are read inline, helpers called on a miss or for a card's abilities."""
    taps = g._tap_offers[p]   # card id -> its tap or spend-charge offer, or None: a list read at a C index
    for slug, untapped in player.ready.items():
        if untapped:
            iid = untapped[0]
            offer = taps[iid] if iid < len(taps) else None
            out.append(offer or _tap_offer(g, p, iid, slug))
    cards = g.cards
    funds = view.funds
    counter_keys = view.counter_keys
    counter_code = view.counter_code
    counter_memo = g._counter_memo[p]
    tick = g.tick
    for iid in player.actors:
        card = cards[iid]
        info = card.info
        if funds < (info.main_floor if main else info.window_floor):
            continue  # no charge to offer, and the pool pays for none of its abilities (tables.py)
        charge = card.charge
        if info.holds_charge:
            if charge and not card.tapped:   # one offer per card; the amount is the next decision (issue 35)
                offer = taps[iid] if iid < len(taps) else None
                out.append(offer or _charge_offer(g, p, iid))
            if counter_keys and info.is_battery:
                kept = counter_memo[iid] if iid < len(counter_memo) else None
                offers = kept.get(counter_code) if kept is not None else None
                out.extend(offers or _counter_offers(g, p, iid, counter_keys, counter_code))
            if charge <= 0 and info.is_scene:
                continue  # a Dormant Scene: no abilities
        if not main:
            rows = info.react_rows
            if rows and card.disabled <= tick:   # not Disrupted, Delayed or Suppressed
                _react_offers(g, p, iid, card, rows, view, out)
            elif rows and info.passive_start:    # Disrupted: its one-shot Passives still trigger (RULINGS 36, 39)
                _react_offers(g, p, iid, card, tuple([r for r in rows if r[0] in info.passive_start]), view, out)
            continue
        rows = info.use_rows
        if rows and (not card.tapped or info.is_hero) and card.disabled <= tick:  # not Disrupted, Delayed, Suppressed
            _use_offers(g, p, iid, card, rows, view, out)
        if info.can_boost and not card.tapped and card.host >= 0 and card.disabled <= tick:
            for pay in view.pay_for(info.boost_cost_id, info.boost_req, info.boost_any):
                out.append(new_action("activate", p, (iid, card.slug, -1, pay), g.tb))


def _use_offers(g: State, p: int, iid: int, card, rows: tuple, view: PoolView, out: list) -> None:
    """A card's Use abilities the Action Phase offers, one per payment, if the pool and its charge pay and it has a
    target. Split from `_board_offers` (issue 36), which calls it only for a card whose abilities can be used."""
    funds = view.funds
    charge = card.charge
    known = view.pays
    for index, row in rows:
        energy, held, cost_id = row[6], row[2], row[5]   # read once into C longs when compiled (legal.pxd)
        if energy > funds or held > charge:
            continue  # cannot pay the energy or the charge
        pays = known[cost_id]
        if pays is None:
            pays = view.pay_for(cost_id, row[0], row[1])
        if not pays:
            continue
        target = row[3]
        if target is not None:
            keys = target[3]
            found = g._target_memo.get(keys[p]) if keys is not None else None
            if found is None:
                found = _targets_exist(g, p, iid, row)
            if not found:
                continue
        slug = card.slug
        ctx = g.tb
        for pay in pays:
            out.append(new_action("activate", p, (iid, slug, index, pay), ctx))


def _react_offers(g: State, p: int, iid: int, card, rows: tuple, view: PoolView, out: list) -> None:
    """A card's reaction Passives a window offers: each once per turn, if the pool and its charge pay for it and
    it has a target."""
    tick = g.tick
    funds = view.funds
    charge = card.charge
    for index, row in rows:
        if card.used_tick == tick and card.used & (1 << index):
            continue  # used this turn
        energy, held, cost_id = row[6], row[2], row[5]
        if energy > funds or held > charge:
            continue
        pays = view.pay_for(cost_id, row[0], row[1])
        if pays and _targets_exist(g, p, iid, row):
            slug = card.slug
            for pay in pays:
                out.append(new_action("react", p, (iid, slug, index, pay), g.tb))


def _tap_offer(g: State, p: int, iid: int, slug: str) -> Action:
    """Tap an Energy card (the first untapped one of its name): one immutable offer per card and game."""
    offer = _slot(g, g._tap_offers[p], iid)[iid] = new_action("tap", p, (iid, slug), g.tb)
    return offer


def _slot(g: State, memo: list, iid: int) -> list:
    """`memo`, long enough to hold card `iid`'s entry: the per-card memos are lists indexed by card id, which the
    compiled form reads as a bounds check and a load, where a dict hashed and probed the id (about a hundred
    instructions, 1,400 times a random game: issue 35's eleventh lever). They grow on a miss, as cards are added."""
    if len(memo) <= iid:
        memo.extend([None] * (max(len(g.cards), iid + 1) - len(memo)))
    return memo


def _plain_offer(g: State, kind: str, p: int) -> Action:
    """End the turn or pass: one immutable offer per player and game (building an Action costs about a thousand
    instructions even compiled, more than all the rest of a decision's bookkeeping for it). Kept in the offer memo,
    a list of two places a player (decks.seat_format), at `p << 1` (end the turn) or `p << 1 | 1` (pass): read at a
    C index, where a dict under those int keys was hashed and probed, and a `(kind, p)` tuple key before that was
    built, hashed and compared at every decision (issue 35)."""
    offer = g._offer_memo[(p << 1) + (1 if kind == "pass" else 0)] = new_action(kind, p, (), g.tb)
    return offer


def _charge_offer(g: State, p: int, iid: int) -> Action:
    """Spend a card's charge: one immutable offer per card and player, kept with the tap offers (a card that holds
    charge is never Energy, so its id meets no tap offer's): a small int key, the same object at every look-up, where
    the key ~(iid << 2 | p) of the offer memo was a new int, hashed and compared by value (issue 35). How much to
    spend is asked next, as a pending "charge" decision (issue 35: one offer per amount made 30 of a greedy
    decision's 36 offers)."""
    offer = _slot(g, g._tap_offers[p], iid)[iid] = new_action("tap_charge", p, (iid, g.cards[iid].slug), g.tb)
    return offer


def _counter_offers(g: State, p: int, iid: int, counter_keys: tuple, code: int) -> tuple:
    """Add a counter to a Battery, paid from each key that may pay it (the same immutable offers per keys), kept per
    player and Battery under the keys' code (payment.counter_keys_code): two look-ups of small ints (issue 35)."""
    memo = _slot(g, g._counter_memo[p], iid)
    kept = memo[iid]
    if kept is None:
        kept = memo[iid] = {}
    ctx = g.tb
    slug = g.cards[iid].slug
    offers = kept[code] = tuple([new_action("add_counter", p, (iid, slug, k), ctx) for k in counter_keys])
    return offers


def _hand_actions(g: State, p: int, entries: tuple, view: PoolView) -> list[Action]:
    """The hand's offers in hand order: its Energy cards, and what the pool can pay for."""
    ctx = g.tb
    cards = g.cards
    funds = view.funds
    known = view.pays
    out: list[Action] = []
    people = None
    for iid, slug, info, energy in entries:
        if energy is not None:
            out.append(energy)
            continue
        if info.total > funds:
            continue  # unaffordable whatever the mix: skip the payment search
        pays = known[info.cost_id]
        if pays is None:
            pays = view.pay_for(info.cost_id, info.req, info.any)
        if not pays:
            continue
        code = info.hand_code   # the card's type as a small int (tables.py): no string compared
        if code == HAND_SUMMON or code == HAND_PLAY:
            verb = "summon" if code == HAND_SUMMON else "play"
            for pay in pays:
                out.append(new_action(verb, p, (iid, slug, pay), ctx))
        elif code == HAND_EQUIP:
            if people is None:
                people = [i for i in g.players[p].board if cards[i].info.hand_code == HAND_SUMMON]
            for host in people:
                for pay in pays:
                    out.append(new_action("equip", p, (iid, slug, host, cards[host].slug, pay), ctx))
        elif code == HAND_CAST:
            _cast(g, p, iid, cards[iid], pays, out)
    return out


def _cast(g: State, p: int, iid: int, card, pays: tuple, out: list) -> None:
    info = card.info
    if not pays:
        return
    meta = info.meta
    for index in info.instant:
        if not _targets_exist(g, p, iid, meta[index]):
            return
    ctx = g.tb
    slug = card.slug
    for pay in pays:
        out.append(new_action("cast", p, (iid, slug, pay), ctx))


def _targets_exist(g: State, p: int, src: int, row: tuple) -> bool:
    """Every chosen-target effect of an ability has at least one legal target now.

    Memoized in `g._target_memo` until a decision other than a quiet one (state.QUIET): who may be targeted depends
    on what is in play and where, Shields, hosts, edges, the stack and the graveyards, never on a pool, a tapped
    state or a charge count, the only things quiet decisions change. main_actions inlines the memo hit."""
    if not row[4]:
        return False
    target = row[3]
    if target is None:
        return True
    keyword, kind, check, keys = target
    key = keys[p] if keys is not None else (p, keyword, kind, src)
    memo = g._target_memo
    found = memo.get(key)
    if found is None:
        found = memo[key] = any_target(g, p, src, keyword, kind, check)
    return found


# ---------------------------------------------------------------- reaction windows
def window_actions(g: State, p: int) -> list[Action]:
    """Pass, the Instants the pool pays for, then the board's offers in a window: tap Energy, spend charge, add a
    Battery counter, react (the same order as in main_actions, without Use abilities and boosts)."""
    player = g.players[p]
    view = g.tb.pools.get(pool_key(player.pool)) or pool_view(g.tb, player.pool)
    funds = view.funds
    out: list[Action] = [g._offer_memo[p << 1 | 1] or _plain_offer(g, "pass", p)]
    cards = g.cards
    for iid, slug, info in hand_now(g, p, player)[3]:
        if info.total <= funds:
            pays = view.pay_for(info.cost_id, info.req, info.any)
            if pays:
                _cast(g, p, iid, cards[iid], pays, out)
    _board_offers(g, p, player, view, out, False)
    return out


# ---------------------------------------------------------------- pending decisions
def decision_actions(g: State, d: dict) -> list[Action]:
    """The choices of the pending decision `d` (an Edge Discharge's from `_discharge_actions`: issue 36)."""
    ctx = g.tb
    kind = d["type"]
    p = d["player"]
    if kind == "mulligan":
        return [new_action("keep", p, (), ctx), new_action("mulligan", p, (), ctx)]
    if kind == "first_player":
        return [new_action("first_player", p, (q,), ctx) for q in g.everyone]
    if kind == "passive":
        args = (d["card"], g.cards[d["card"]].slug, d["index"])
        return [new_action("trigger", p, args, ctx), new_action("decline", p, args, ctx)]
    if kind in ("target", "assign"):
        item = g.building
        asked = g._asked
        if (asked is not None and asked[0] is item and asked[1] == d.get("eff")
                and asked[2] == len(item.effects[asked[1]][2])):
            need = asked[3]  # continue_item has just worked out this very choice (flow.py)
        else:
            need = next_need(g, item)
        if need is None:
            return []
        index, _, options = need
        cards = g.cards
        sid = item.sid
        out = []
        for ref in options:   # a loop, not a comprehension: the card is a typed local when compiled (legal.pxd)
            if type(ref) is int and ref >= 0:
                card = cards[ref]
                out.append(new_action(kind, p, (sid, index, ref, card.slug), ctx))
            else:
                out.append(new_action(kind, p, (sid, index, ref, ref_slug(g, ref)), ctx))
        return out
    if kind == "arc_burn":
        pool = g.players[p].pool
        out = []
        for key in range(5):
            if pool[key]:  # the first key holding energy pays a stored charge
                for iid in storage_cards(g, p):
                    out.append(new_action("store_charge", p, (key, iid, g.cards[iid].slug), ctx))
                break
        out.append(new_action("burn", p, (burnable(g, p),), ctx))
        return out
    if kind == "charge":   # how much of a card's charge to spend, 1 to all of it (a "tap_charge" asked it)
        iid = d["card"]
        card = g.cards[iid]
        return [new_action("spend_charge", p, (iid, card.slug, n), ctx) for n in range(1, card.charge + 1)]
    if kind == "discharge":
        return _discharge_actions(g, d, p, ctx)
    if kind == "cataclysm":
        left = d["left"]
        out = []
        for iid, cap in cataclysm_capacities(g, p, g.characters(p)).items():
            cap = min(cap, left)
            if cap <= 0:
                continue
            for n in sorted({1, cap}):
                out.append(new_action("assign_damage", p, (iid, g.cards[iid].slug, n), ctx))
        return out
    return []


def _discharge_actions(g: State, d: dict, p: int, ctx) -> list[Action]:
    """Edge Discharge: absorb 1 or all that fits with each card that absorbs, or deflect 1 or all (if not returned)."""
    left = d["left"]
    out = []
    cards = g.cards
    for iid in g.players[p].board:
        card = cards[iid]
        if not card.info.absorbs:
            continue  # absorb_capacity is 0 (tables.py)
        room = absorb_capacity(g, p, iid)
        if room <= 0:
            continue
        cap = min(room, left)
        for n in ((1, cap) if cap > 1 else sorted({1, cap})):
            out.append(new_action("absorb", p, (iid, card.slug, n), ctx))
    if not d["returned"]:
        out.append(new_action("deflect", p, (1,), ctx))
        if left > 1:
            out.append(new_action("deflect", p, (left,), ctx))
    return out


# ---------------------------------------------------------------- why an action is refused
_RULES = {
    "keep": "Setup: Mulligan", "mulligan": "Setup: Mulligan", "first_player": "Setup: Determine first player",
    "play_energy": "Energy: Energy cards are played for free", "tap": "Energy: tap Energy cards to generate energy",
    "tap_charge": "Charge: tap a card to spend its charge", "spend_charge": "Charge: tap a card to spend its charge",
    "summon": "People: pay the summon cost",
    "play": "Action Phase: pay the summon cost", "equip": "Artifacts & Enchantments: equip/attune",
    "activate": "Use abilities: during your Action Phase, paying the listed cost",
    "react": "Passive abilities: can be triggered once per turn during the Reaction Phase",
    "cast": "Instants: during any Reaction Phase", "add_counter": "Batteries: pay 1CE to add a charge counter",
    "target": "Abilities: choose a legal target", "assign": "Abilities: distribute among legal targets",
    "pass": "Stack & Priority", "end_turn": "Turn Structure: End Phase",
    "store_charge": "End Phase: Arc Burn", "burn": "End Phase: Arc Burn",
    "absorb": "Edge Discharge: absorb or deflect", "deflect": "Edge Discharge: absorb or deflect",
    "assign_damage": "Cataclysm: distribute remaining damage",
    "trigger": "Passive abilities: can be triggered once per turn", "decline": "Passive abilities: can be triggered once per turn",
}


def explain_illegal(g: State, action: Any) -> tuple[str, str]:
    """Name the rule a refused action breaks, as precisely as the action lets us."""
    text = action if isinstance(action, str) else getattr(action, "id", repr(action))
    if g.phase == "over":
        return "The Cataclysm", f"the game is over; {text} cannot be played"
    parts = text.split(".") if isinstance(text, str) else []
    kind = parts[0] if parts else ""
    player = None
    if len(parts) > 1 and parts[1].isdigit():
        player = int(parts[1])
    if player is not None and player >= len(g.players):
        # An id naming a seat the game does not have is no action of this game, not someone else's turn.
        seats = len(g.players)
        return "actions", (f"{text} is no action of this game: it names Player {player + 1}, and the game has "
                           f"{seats} player{'' if seats == 1 else 's'}")
    if player is not None and player != g.current_player:
        return "Stack & Priority", (f"it is Player {(g.current_player or 0) + 1}'s decision, not Player "
                                    f"{player + 1}'s ({text})")
    rule = _RULES.get(kind, "Turn Structure")
    if g.pending:
        return rule, f"{text} is not one of the choices of the pending {g.pending[-1]['type']} decision"
    return rule, f"{text} is not legal now (phase {g.phase}); it may be stale, unaffordable or out of turn"

