"""Scenarios: a board described in plain JSON, for rules tests and designers (format: rules/SCENARIOS.md).

A scenario can state any position a rules question needs: the mulligan, a turn's start, the Action Phase, the End
Phase, the Pyramid turn, the middle of an Edge Discharge, a stack with items and who holds priority, a card its owner
no longer controls, a reaction Passive already used this turn. Every key is checked: an unknown key or a value out of
range is a `GameDataError` that names where it is (`players[0].board[2]: unknown key 'ownr'`), never ignored.
"""
from __future__ import annotations

import sys
from typing import Any, Mapping

from .decks import DRAWN, DeckSpec, add_card, add_cards, default_seating, id_order, seat_players, set_variants
from .effects import TARGET_MODES
from .errors import GameDataError
from .flow import run
from .game import GameState
from .model import BOARD, DECK, GRAVE, HAND, Item
from .rng import Rng
from .serialize import check_consistency
from .tables import EDGE_NAMES, POOL_KEYS

TOP_KEYS = frozenset({"description", "players", "seating", "seed", "round", "first_player", "active", "phase",
                      "pyramid", "variants", "stack", "priority", "passes", "discharge"})
PLAYER_KEYS = frozenset({"hero", "board", "hand", "deck", "graveyard", "pool", "mulligans"})
CARD_KEYS = frozenset({"card", "damage", "charge", "tapped", "ward", "fortify", "stabilize", "shielded", "disabled",
                       "entered_this_turn", "equipment", "owner", "temporary", "reacted"})
ZONE_CARD_KEYS = frozenset({"card", "owner"})
PYRAMID_KEYS = frozenset({"edges", "deck", "tide"})
EDGE_KEYS = frozenset({"charge", "counter"})
ITEM_KEYS = frozenset({"card", "player", "ability", "targets", "amount"})
DISCHARGE_KEYS = frozenset({"edge", "left", "deflected", "absorbed", "returned"})
# phase -> where the game stands: the turn counter (tick) and whether a player is active
PHASES = ("mulligan", "first_player", "turn_start", "action", "arc_burn", "end", "pyramid", "discharge")


def _keys(raw: Any, allowed: frozenset, where: str) -> Mapping:
    if not isinstance(raw, Mapping):
        raise GameDataError(f"{where}: must be an object")
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise GameDataError(f"{where}: unknown key '{unknown[0]}' (allowed: {', '.join(sorted(allowed))})")
    return raw


def _int(raw: Mapping, key: str, where: str, default: int, lo: int, hi: int | None = None) -> int:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
        span = f"{lo}–{hi}" if hi is not None else f"at least {lo}"
        raise GameDataError(f"{where}.{key}: must be a whole number, {span} (got {value!r})")
    return value


def _list(raw: Mapping, key: str, where: str) -> list:
    value = raw.get(key, [])
    if not isinstance(value, list):
        raise GameDataError(f"{where}.{key}: must be a list")
    return value


def _seat(value: Any, where: str) -> int:
    if value not in (1, 2):
        raise GameDataError(f"{where}: a player is 1 or 2 (got {value!r})")
    return value - 1


def load_scenario(catalogue, data: Mapping[str, Any], *, card_ids: str = DRAWN) -> GameState:
    """Build a game from a readable board description (format: rules/SCENARIOS.md).

    Cards are numbered in the order listed (players in seat order: Hero, board, hidden cards, graveyard; then the
    stack's Instants), but the hidden ones — a player's hand and deck together — take their block of numbers in an
    order drawn from the seed, so that neither the listing nor which of them were in hand shows (`decks.add_cards`;
    `card_ids="listed"`: as listed, as engine 1.0.0 did).
    """
    data = _keys(data, TOP_KEYS, "scenario")
    g = GameState(catalogue)
    tb = g.tb
    pyramid_deck = set_variants(g, data.get("variants", []))
    g.seed = _int(data, "seed", "scenario", 0, 0)
    g.rng = Rng.from_seed(g.seed)
    order = id_order(g, card_ids)
    g.scenario = dict(data)
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or len(raw_players) not in (2, 3, 4):
        raise GameDataError("scenario.players: needs two entries (null for the goldfish), or three or four, one "
                            "per seat clockwise")
    seating = data.get("seating", default_seating(len(raw_players)))
    if seating not in tb.seatings:
        raise GameDataError(f"scenario.seating: one of {', '.join(sorted(tb.seatings))} (got {seating!r})")
    if len(tb.seatings[seating]) != len(raw_players):
        raise GameDataError(f"scenario.seating: {seating} seats {len(tb.seatings[seating])} players, and "
                            f"scenario.players lists {len(raw_players)}")
    seat_players(g, seating, [p is None for p in raw_players])
    phase = data.get("phase", "action")
    if phase not in PHASES:
        raise GameDataError(f"scenario.phase: one of {', '.join(PHASES)} (got {phase!r})")
    _set_clock(g, data, phase)
    g.decks = [None] * len(raw_players)
    for p, raw in enumerate(raw_players):
        if raw is None:
            continue
        _load_player(g, p, raw, f"players[{p}]", order)
        hero = g.cards[g.players[p].hero].slug if g.players[p].hero >= 0 else None
        g.decks[p] = DeckSpec(hero, ())
    _load_pyramid(g, data.get("pyramid") or {}, pyramid_deck)
    _load_stack(g, data)
    if phase == "discharge":
        _load_discharge(g, data.get("discharge"))
    elif "discharge" in data:
        raise GameDataError("scenario.discharge: only with \"phase\": \"discharge\"")
    if all(e.locked for e in g.edges) and phase not in ("mulligan", "first_player"):
        g.cataclysm_due = True
    check_consistency(g)
    for player in g.players:
        player.index_board(g.cards)
    g.note("scenario", None, "Scenario loaded: round {0}, phase {1}", (g.round, phase))
    run(g)
    return g


def _set_clock(g: GameState, data: Mapping, phase: str) -> None:
    """Round, turn counter, first and active player for the phase (the game's own numbering of turns)."""
    if phase in ("mulligan", "first_player"):
        for key in ("round", "first_player", "active", "stack", "priority"):
            if key in data:
                raise GameDataError(f"scenario.{key}: the game has not started in phase {phase}")
        g.phase, g.round, g.tick, g.first, g.active = phase, 0, 0, -1, -1
        return
    g.round = _int(data, "round", "scenario", 1, 1, g.full_circle)
    n = len(g.players)
    g.first = _int(data, "first_player", "scenario", 0, 0, n - 1)
    g.active = _int(data, "active", "scenario", g.first, 0, n - 1)
    # A round is n player turns clockwise from the first player, then the Pyramid's (RULINGS 41).
    turn_tick = (n + 1) * (g.round - 1) + 1 + (g.active - g.first) % n
    if phase in ("pyramid", "discharge"):
        if "active" in data:
            raise GameDataError(f"scenario.active: nobody is active in phase {phase}")
        g.tick, g.active = (n + 1) * g.round, -1
        if phase == "pyramid":
            g.tick -= 1   # the Pyramid turn's own tick comes as it starts
    else:
        g.tick = turn_tick - 1 if phase == "turn_start" else turn_tick
    g.phase = sys.intern(phase)   # the engine's own phase object: State.ended tests identity
    raw_players = data["players"]
    if g.active >= 0 and raw_players[g.active] is None and phase in ("action", "arc_burn", "end"):
        raise GameDataError("scenario.active: the goldfish seat never has a turn to play")


# ---------------------------------------------------------------- players and cards
def _load_player(g: GameState, p: int, raw: Any, where: str, order: Rng | None) -> None:
    raw = _keys(raw, PLAYER_KEYS, where)
    tb = g.tb
    player = g.players[p]
    if raw.get("hero") is not None:
        slug, extra = _slug_of(g, raw["hero"], f"{where}.hero", CARD_KEYS - {"equipment"})
        if tb.info[slug].type != "hero":
            raise GameDataError(f"{where}.hero: '{slug}' is not a Hero")
        iid = add_card(g, slug, p, BOARD)
        player.hero = iid
        player.board.append(iid)
        _apply_status(g, iid, extra, f"{where}.hero")
    for n, entry in enumerate(_list(raw, "board", where)):
        here = f"{where}.board[{n}]"
        slug, extra = _slug_of(g, entry, here, CARD_KEYS)
        info = tb.info[slug]
        if info.type in ("hero", "pyramid", "instant") or info.is_equipment:
            raise GameDataError(f"{here}: '{slug}' ({info.type}) cannot stand on the board by itself")
        iid = add_card(g, slug, p, BOARD)
        if info.type in ("scene", "battery"):
            g.cards[iid].charge = info.charge
        player.board.append(iid)
        _apply_status(g, iid, extra, here)
        for m, eq_entry in enumerate(_list(extra, "equipment", here)):
            eq_here = f"{here}.equipment[{m}]"
            eq_slug, eq_extra = _slug_of(g, eq_entry, eq_here, CARD_KEYS - {"equipment", "temporary"})
            if not tb.info[eq_slug].is_equipment:
                raise GameDataError(f"{eq_here}: '{eq_slug}' is not an Artifact or Enchantment")
            if info.type != "person":
                raise GameDataError(f"{eq_here}: equipment can only be attached to a Person")
            eq = add_card(g, eq_slug, p, BOARD)
            g.cards[eq].host = iid
            g.cards[eq].charge = tb.info[eq_slug].charge
            player.board.append(eq)
            _apply_status(g, eq, eq_extra, eq_here)
    slugs, zones = [], []
    for key, zone in (("hand", HAND), ("deck", DECK), ("graveyard", GRAVE)):
        entries = _list(raw, key, where)
        for n, entry in enumerate(reversed(entries) if zone == DECK else entries):   # the deck's top is first
            here = f"{where}.{key}[{len(entries) - 1 - n if zone == DECK else n}]"
            slug, extra = _slug_of(g, entry, here, ZONE_CARD_KEYS)
            if "owner" in extra:
                raise GameDataError(f"{here}.owner: only a card in play can be controlled by a player who does not "
                                    "own it")
            slugs.append(slug)
            zones.append(zone)
    hidden = len(zones) - zones.count(GRAVE)   # the hand and the deck: numbered together, in a drawn order
    ids = add_cards(g, slugs[:hidden], p, zones[:hidden], order) + add_cards(g, slugs[hidden:], p, zones[hidden:], None)
    lists = {HAND: player.hand, DECK: player.deck, GRAVE: player.grave}
    for iid, zone in zip(ids, zones):
        lists[zone].append(iid)
    pool = raw.get("pool", {})
    if not isinstance(pool, Mapping):
        raise GameDataError(f"{where}.pool: must be an object of energy codes")
    for code in pool:
        if code not in POOL_KEYS:
            raise GameDataError(f"{where}.pool: unknown energy '{code}' (one of {', '.join(POOL_KEYS)})")
        player.pool[POOL_KEYS.index(code)] = _int(pool, code, f"{where}.pool", 0, 0, 99)
    player.mulligans = _int(raw, "mulligans", where, 0, 0, tb.max_mulligans)


def _slug_of(g: GameState, entry: Any, where: str, allowed: frozenset) -> tuple[str, Mapping]:
    if isinstance(entry, str):
        slug, extra = entry, {}
    elif isinstance(entry, Mapping) and isinstance(entry.get("card"), str):
        extra = _keys(entry, allowed, where)
        slug = entry["card"]
    else:
        raise GameDataError(f"{where}: each card is a slug or {{\"card\": slug, ...}}")
    if slug not in g.tb.info:
        raise GameDataError(f"{where}: unknown card '{slug}'")
    return slug, extra


def _apply_status(g: GameState, iid: int, extra: Mapping, where: str) -> None:
    """A card's statuses in play; `owner`/`temporary` put it under the control of the player whose board it is on."""
    card = g.cards[iid]
    card.entered = g.tick if extra.get("entered_this_turn") else max(0, g.tick - 1)
    card.tapped = _flag(extra, "tapped", where)
    card.damage = _int(extra, "damage", where, 0, 0, 999)
    if card.damage and (card.info.hp is None or card.damage >= card.info.hp):
        raise GameDataError(f"{where}: {card.slug} would already be destroyed ({card.damage} damage)"
                            if card.info.hp else f"{where}.damage: {card.slug} has no HP to damage")
    card.charge = _int(extra, "charge", where, card.charge, 0, 999)
    card.ward = _int(extra, "ward", where, 0, 0, 99)
    card.fortify = _int(extra, "fortify", where, 0, 0, 99)
    stabilize = _int(extra, "stabilize", where, 0, 0, 99)
    if stabilize:
        card.stab, card.stab_tick = stabilize, g.tick
    if _flag(extra, "shielded", where):
        card.shield = g.tick
    disabled = extra.get("disabled", False)
    if disabled is True:
        card.disabled = g.tick + len(g.players) + 1   # suppressed for one round
    elif disabled is not False:
        card.disabled = g.tick + _int(extra, "disabled", where, 0, 1, 30)
    if "owner" in extra:
        owner = _seat(extra["owner"], f"{where}.owner")
        if owner != card.ctrl:
            card.owner = owner
            if _flag(extra, "temporary", where):
                card.temp = owner   # control returns to its owner at the end of the turn
                g.temp_control = True
    elif "temporary" in extra:
        raise GameDataError(f"{where}.temporary: only with an 'owner' other than the player it is under")
    reacted = extra.get("reacted", [])
    if not isinstance(reacted, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in reacted):
        raise GameDataError(f"{where}.reacted: a list of ability numbers (1 = the card's first ability)")
    for number in reacted:
        if not 1 <= number <= len(card.info.abilities) or card.info.abilities[number - 1].trigger != "reaction":
            raise GameDataError(f"{where}.reacted: ability {number} of {card.slug} is not a reaction Passive")
        card.used_tick = g.tick
        card.used |= 1 << (number - 1)


def _flag(extra: Mapping, key: str, where: str) -> bool:
    value = extra.get(key, False)
    if not isinstance(value, bool):
        raise GameDataError(f"{where}.{key}: true or false (got {value!r})")
    return value


# ---------------------------------------------------------------- the Pyramid, the stack, a discharge
def _load_pyramid(g: GameState, raw: Any, pyramid_deck: tuple[str, ...]) -> None:
    tb = g.tb
    raw = _keys(raw, PYRAMID_KEYS, "scenario.pyramid")
    edges = raw.get("edges", [0] * tb.edge_count)
    if not isinstance(edges, list) or len(edges) != tb.edge_count:
        raise GameDataError(f"scenario.pyramid.edges: the Pyramid has {tb.edge_count} edges")
    g.tide = _int(raw, "tide", "scenario.pyramid", 0, 0, tb.lock_at)
    if g.tide and not g.tide_rule:
        raise GameDataError("scenario: a Pyramid 'tide' needs the 'tide' rule variant")
    for e, entry in enumerate(edges):
        where = f"scenario.pyramid.edges[{e}]"
        edge = g.edges[e]
        counter = None
        if isinstance(entry, Mapping):
            entry = _keys(entry, EDGE_KEYS, where)
            edge.charge = _edge_charge(entry.get("charge", 0), where, tb.lock_at)
            if "counter" in entry:
                counter = _int(entry, "counter", where, tb.counter_start, tb.counter_start, tb.discharge_at - 1)
        else:
            edge.charge = _edge_charge(entry, where, tb.lock_at)
        if edge.charge < g.tide:
            raise GameDataError(f"{where}: edge {EDGE_NAMES[e]} is below the tide ({g.tide})")
        if edge.charge == tb.lock_at:
            edge.locked = True
            edge.counter = counter if counter is not None else tb.counter_start
            edge.locked_tick = g.tick - 1
        elif counter is not None:
            raise GameDataError(f"{where}.counter: only a locked edge (charge {tb.lock_at}) has a discharge counter")
    deck = raw.get("deck")
    if deck is None:
        g.pyramid = list(pyramid_deck)
        g.rng.shuffle(g.pyramid)
        return
    if not isinstance(deck, list) or not deck:
        raise GameDataError("scenario.pyramid.deck: a non-empty list of Pyramid cards, top first")
    for n, slug in enumerate(deck):
        if slug not in tb.info or tb.info[slug].type != "pyramid":
            raise GameDataError(f"scenario.pyramid.deck[{n}]: '{slug}' is not a Pyramid card")
    g.pyramid = list(deck)


def _edge_charge(value: Any, where: str, lock_at: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= lock_at:
        raise GameDataError(f"{where}: an edge's charge must be 0–{lock_at} (got {value!r})")
    return value


def find_card(g: GameState, ref: Any, where: str, zone: str | None = BOARD) -> int:
    """A card named in a scenario: "slug" (the first such card, Player 1's side first) or "P2 slug"."""
    if not isinstance(ref, str):
        raise GameDataError(f"{where}: name a card as \"slug\" or \"P2 slug\" (got {ref!r})")
    players = g.everyone
    slug = ref
    if ref[:2] in ("P1", "P2", "P3", "P4")[:len(g.players)] and ref[2:3] == " ":
        players, slug = (int(ref[1]) - 1,), ref[3:]
    for p in players:
        player = g.players[p]
        lists = {BOARD: player.board, HAND: player.hand, GRAVE: player.grave, DECK: player.deck}
        for z, cards in lists.items():
            if zone is not None and z != zone:
                continue
            for iid in cards:
                if g.cards[iid].slug == slug:
                    return iid
    raise GameDataError(f"{where}: no card '{ref}'" + (" in play" if zone == BOARD else ""))


def _load_stack(g: GameState, data: Mapping) -> None:
    """Stack items, bottom first, and who holds priority over them (`priority`, `passes` so far)."""
    items = _list(data, "stack", "scenario")
    if not items:
        for key in ("priority", "passes"):
            if key in data:
                raise GameDataError(f"scenario.{key}: only with items on the stack")
        return
    if g.phase != "action":
        raise GameDataError("scenario.stack: items wait on the stack only during a player's turn (phase action)")
    for n, raw in enumerate(items):
        where = f"scenario.stack[{n}]"
        raw = _keys(raw, ITEM_KEYS, where)
        ctrl = _seat(raw.get("player"), f"{where}.player")
        slug = raw.get("card")
        if not isinstance(slug, str) or slug not in g.tb.info:
            raise GameDataError(f"{where}.card: a card slug (got {slug!r})")
        info = g.tb.info[slug]
        card = -1
        if info.type == "instant":
            src = card = add_card(g, slug, ctrl, "stack")   # the Instant itself travels on the stack
        else:
            src = find_card(g, f"P{ctrl + 1} {slug}", f"{where}.card")
        number = _int(raw, "ability", where, 1, 1, len(info.abilities))
        ability = info.abilities[number - 1]
        kind = {"instant": "instant", "use": "use", "reaction": "reaction", "enters": "enters",
                "passive": "passive"}.get(ability.trigger)
        if kind is None:
            raise GameDataError(f"{where}.ability: ability {number} of {slug} never goes on the stack")
        amount = _int(raw, "amount", where, g.amount_for(src, ability, ctrl), 0, 99)
        targets = []
        for m, ref in enumerate(_list(raw, "targets", where)):
            if isinstance(ref, str) and ref in EDGE_NAMES:
                targets.append(ref)
            else:
                targets.append(find_card(g, ref, f"{where}.targets[{m}]", zone=None))
        if TARGET_MODES.get(ability.target, "fixed") != "fixed" and not targets:
            raise GameDataError(f"{where}.targets: {slug}'s ability {number} needs its targets")
        item = Item(g.next_sid, ctrl, src, card, kind, [[number - 1, amount, targets]])
        g.next_sid += 1
        g.stack.append(item)
    last = g.stack[-1].ctrl
    g.priority = _seat(data.get("priority", 2 - last), "scenario.priority")
    g.passes = _int(data, "passes", "scenario", 0, 0, 1)


def _load_discharge(g: GameState, raw: Any) -> None:
    """The middle of an Edge Discharge: which edge, the points each player has left, what was deflected and absorbed."""
    tb = g.tb
    raw = _keys(raw, DISCHARGE_KEYS, "scenario.discharge")
    edge_name = raw.get("edge")
    if edge_name not in EDGE_NAMES:
        raise GameDataError(f"scenario.discharge.edge: one of {', '.join(EDGE_NAMES)} (got {edge_name!r})")
    e = EDGE_NAMES.index(edge_name)
    edge = g.edges[e]
    if not edge.locked:
        raise GameDataError(f"scenario.discharge.edge: {edge_name} must be locked (charge {tb.lock_at}) to discharge")
    edge.counter = tb.discharge_at
    returned = _flag(raw, "returned", "scenario.discharge")
    full = tb.discharge_damage
    left = raw.get("left", [full if p in edge.adjacent else 0 for p in g.everyone])
    deflected = raw.get("deflected", [0 for _ in g.everyone])
    for key, value in (("left", left), ("deflected", deflected)):
        if not isinstance(value, list) or len(value) != len(g.players):
            raise GameDataError(f"scenario.discharge.{key}: one number per player, "
                                f"[{', '.join(f'Player {p + 1}' for p in g.everyone)}]")
        for p in g.everyone:
            _int({key: value[p]}, key, f"scenario.discharge[{p}]", 0, 0, full if not returned or key == "left" else 99)
    g.destroyed = 0
    g.assigned = [{} for _ in g.players]
    g.discharge = {"edge": e, "deflected": list(deflected), "returns": 0}
    g.edge_queue = [e] + [i for i, other in enumerate(g.edges) if i != e and other.counter >= tb.discharge_at]
    absorbed = raw.get("absorbed", {})
    if not isinstance(absorbed, Mapping):
        raise GameDataError("scenario.discharge.absorbed: an object of \"P1 slug\": points")
    for ref, points in absorbed.items():
        iid = find_card(g, ref, f"scenario.discharge.absorbed[{ref!r}]")
        p = g.cards[iid].ctrl
        g.assigned[p][iid] = _int(absorbed, ref, "scenario.discharge.absorbed", 0, 1, full)
    for p in reversed([q for q in g.everyone if q in edge.adjacent]):
        if left[p] and not g.players[p].goldfish:
            g.pending.append({"type": "discharge", "player": p, "left": left[p], "returned": returned})
    if returned:
        g.discharge["returns"] = max(left)
    g.phase = "discharge_finish" if returned else "discharge_recombine"
