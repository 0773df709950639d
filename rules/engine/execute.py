"""Carry out one legal action (already checked by GameState.apply): `carry_out`, which does
`HANDLERS[kind](g, player, args)`."""
from __future__ import annotations

from .arcburn import arc_burn
from .flow import continue_item, new_item, pass_priority, start_game
from .model import Item
from .payment import pay_text
from .state import State
from .tables import COLORLESS, POOL_KEYS


def _pay(g: State, p: int, pay: tuple) -> None:
    pool = g.players[p].pool
    for i, n in enumerate(pay):
        pool[i] -= n


def _keep(g, p, args) -> None:
    g.pending.pop()
    g.note("keep", p, "Player {0} keeps their hand", (p + 1,))
    g.mull_idx += 1


def _mulligan(g, p, args) -> None:
    g.pending.pop()
    player = g.players[p]
    for iid in player.hand:
        g.cards[iid].zone = "deck"
    player.deck.extend(player.hand)
    player.hand.clear()
    g.rng.shuffle(player.deck)
    player.mulligans += 1
    g.draw(p, g.tb.hand_size)
    g.note("mulligan", p, "Player {0} mulligans (no Energy): hand shuffled back, 7 new cards ({1} of {2})", (p + 1,
           player.mulligans, g.tb.max_mulligans))


def _first_player(g, p, args) -> None:
    g.pending.pop()
    start_game(g, args[0])


def _play_energy(g, p, args) -> None:
    iid = args[0]
    g.players[p].hand.remove(iid)
    g.enter_play(iid, p)
    g.note("play_energy", p, "Player {0} plays {1}", (p + 1, g.cards[iid].info.name))


def _tap(g, p, args) -> None:
    card = g.cards[args[0]]
    card.tapped = True
    info = card.info
    player = g.players[p]
    ready = player.ready[card.slug]   # a list (execute.pxd): its `remove` is a C call, not a method found by name
    ready.remove(card.iid)
    player.pool[info.produces] += 1
    g.note("tap", p, "Player {0} taps {1} for 1 {2}", (p + 1, info.name, POOL_KEYS[info.produces]))


def _tap_charge(g, p, args) -> None:
    """Spend a card's charge: all of it at once if it holds one counter, else ask how much (the "charge" decision,
    answered by `_spend_charge`). Nothing changes until the amount is known (issue 35)."""
    iid = args[0]
    card = g.cards[iid]
    if card.charge <= 1:
        _spend(g, p, card, card.charge)
    else:
        g.pending.append({"type": "charge", "player": p, "card": iid})


def _spend_charge(g, p, args) -> None:
    g.pending.pop()
    _spend(g, p, g.cards[args[0]], args[2])


def _spend(g, p, card, n) -> None:
    card.tapped = True
    card.charge -= n
    g.players[p].pool[COLORLESS] += n
    g.note("tap_charge", p, "Player {0} taps {1} and spends {2} charge as CE", (p + 1, card.info.name, n))


def _summon(g, p, args) -> None:
    iid, _, pay = args
    _pay(g, p, pay)
    g.players[p].hand.remove(iid)
    g.enter_play(iid, p)
    info = g.cards[iid].info
    verb = "summons" if info.type == "person" else "plays"
    g.note("summon", p, "Player {0} {1} {2} (pays {3})", (p + 1, verb, info.name, pay_text(pay)))


def _equip(g, p, args) -> None:
    iid, _, host, _, pay = args
    _pay(g, p, pay)
    g.players[p].hand.remove(iid)
    g.enter_play(iid, p, host=host)
    verb = "equips" if g.cards[iid].info.type == "artifact" else "attunes"
    g.note("equip", p, "Player {0} {1} {2} to {3} (pays {4})", (p + 1, verb, g.name(iid), g.name(host), pay_text(pay)))


def _activate(g, p, args) -> None:
    iid, _, index, pay = args
    card = g.cards[iid]
    _pay(g, p, pay)
    card.tapped = True
    if index < 0:
        item = Item(g.next_sid, p, iid, -1, "boost", [[-1, g.tb.boost_bonus, []]])
        g.next_sid += 1
        g.note("activate", p, "Player {0} activates {1}'s boost (pays {2})", (p + 1, card.info.name, pay_text(pay)))
    else:
        ability = card.info.abilities[index]
        card.charge -= ability.cost.charge
        item = new_item(g, p, iid, -1, "use", [index])
        g.note("activate", p, "Player {0} activates {1} (pays {2}{3})", (p + 1, card.info.name, pay_text(pay),
               f" and {ability.cost.charge} charge" if ability.cost.charge else ""))
    g.building = item
    continue_item(g)


def _react(g, p, args) -> None:
    iid, _, index, pay = args
    card = g.cards[iid]
    ability = card.info.abilities[index]
    _pay(g, p, pay)
    card.charge -= ability.cost.charge
    if card.used_tick != g.tick:
        card.used_tick, card.used = g.tick, 0
    card.used |= 1 << index
    g.note("react", p, "Player {0} triggers {1}'s Passive (pays {2})", (p + 1, card.info.name, pay_text(pay)))
    g.building = new_item(g, p, iid, -1, "reaction", [index])
    continue_item(g)


def _cast(g, p, args) -> None:
    iid, _, pay = args
    card = g.cards[iid]
    _pay(g, p, pay)
    g.players[p].hand.remove(iid)
    card.zone = "stack"
    g.note("cast", p, "Player {0} casts {1} (pays {2})", (p + 1, card.info.name, pay_text(pay)))
    g.building = new_item(g, p, iid, iid, "instant", card.info.instant)
    continue_item(g)


def _add_counter(g, p, args) -> None:
    iid, _, key = args
    g.players[p].pool[key] -= 1
    card = g.cards[iid]
    card.charge += 1
    g.note("add_counter", p, "Player {0} pays 1 {1} to add a charge counter to {2} ({3})",
           (p + 1, POOL_KEYS[key], card.info.name, card.charge))


def _choose(g, p, args) -> None:
    _sid, index, ref, _ = args
    g.pending.pop()
    g.building.effects[index][2].append(ref)
    continue_item(g)


def _trigger(g, p, args) -> None:
    iid, _, index = args
    g.pending.pop()
    g.tqueue.append([p, iid, index, "passive"])


def _decline(g, p, args) -> None:
    iid, _, index = args
    g.pending.pop()
    g.note("decline", p, "Player {0} does not trigger {1} this turn", (p + 1, g.cards[iid].info.name))


def _pass(g, p, args) -> None:
    pass_priority(g, p)


def _end_turn(g, p, args) -> None:
    g.note("end_turn", p, "Player {0} ends the Action Phase", (p + 1,))
    g.phase = "arc_burn"


def _store_charge(g, p, args) -> None:
    key, iid, _ = args
    g.players[p].pool[key] -= 1
    g.cards[iid].charge += 1
    g.note("store", p, "Player {0} stores 1 {1} as charge on {2} instead of Arc Burn",
           (p + 1, POOL_KEYS[key], g.cards[iid].info.name))


def _burn(g, p, args) -> None:
    g.pending.pop()
    arc_burn(g, p)


def _absorb(g, p, args) -> None:
    iid, _, n = args
    d = g.pending[-1]
    d["left"] -= n
    g.assigned[p][iid] = g.assigned[p].get(iid, 0) + n
    g.note("absorb", p, "Player {0} absorbs {1} damage with {2}", (p + 1, n, g.name(iid)))


def _deflect(g, p, args) -> None:
    n = args[0]
    d = g.pending[-1]
    d["left"] -= n
    g.discharge["deflected"][p] += n
    g.note("deflect", p, "Player {0} deflects {1} damage to the Pyramid", (p + 1, n))


def _assign_damage(g, p, args) -> None:
    iid, _, n = args
    d = g.pending[-1]
    d["left"] -= n
    g.assigned[p][iid] = g.assigned[p].get(iid, 0) + n


HANDLERS = {
    "keep": _keep, "mulligan": _mulligan, "first_player": _first_player, "play_energy": _play_energy,
    "tap": _tap, "tap_charge": _tap_charge, "spend_charge": _spend_charge,
    "summon": _summon, "play": _summon, "equip": _equip,
    "activate": _activate, "react": _react, "cast": _cast, "add_counter": _add_counter, "target": _choose,
    "assign": _choose, "pass": _pass, "end_turn": _end_turn, "store_charge": _store_charge, "burn": _burn,
    "absorb": _absorb, "deflect": _deflect, "assign_damage": _assign_damage, "trigger": _trigger,
    "decline": _decline,
}



# The kinds most decisions are (over nine in ten of random and greedy games' decisions), most frequent first, each
# with its handler's place in carry_out's chain.
_FREQUENT = {"tap": 0, "pass": 1, "add_counter": 2, "end_turn": 3, "target": 4, "assign": 4, "activate": 5,
             "tap_charge": 6, "store_charge": 7, "play_energy": 8}


def carry_out(g: State, kind: str, p: int, args: tuple) -> None:
    """`HANDLERS[kind](g, p, args)`, with the most frequent kinds found first by one dict look-up and small-int tests:
    in the compiled form each is then a C call of its handler, where calling the table's entry calls a Python object
    (its arguments boxed and type-checked, some 500 instructions, more than a tap's own work; issue 35). Not a chain
    of string tests: the compiled form compares two unequal strings in full (`PyUnicode_Compare`, about 80
    instructions each). HANDLERS stays the one table of every kind; the rest are called from it."""
    code = _FREQUENT.get(kind, -1)
    if code == 0:
        _tap(g, p, args)
    elif code == 1:
        _pass(g, p, args)
    elif code == 2:
        _add_counter(g, p, args)
    elif code == 3:
        _end_turn(g, p, args)
    elif code == 4:
        _choose(g, p, args)
    elif code == 5:
        _activate(g, p, args)
    elif code == 6:
        _tap_charge(g, p, args)
    elif code == 7:
        _store_charge(g, p, args)
    elif code == 8:
        _play_energy(g, p, args)
    else:
        HANDLERS[kind](g, p, args)
