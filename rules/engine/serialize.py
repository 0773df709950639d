"""Saving and loading games: to_json / from_json (validating); records are replayed by records.py.

The state codec works on the game state's data (`state.State`): `GameState.to_json` and `GameState.from_json`
(game.py) call it, handing `state_from_json` the class to build.
"""
from __future__ import annotations

import sys
from typing import Any, Mapping

from .catalogue import Catalogue
from .decks import CARD_IDS, LISTED, DeckSpec, seat_format, set_variants
from .errors import GameDataError
from .model import BOARD, DECK, GRAVE, HAND, Card, Edge, Item, Player
from .rng import Rng
from .state import State
from .tables import EDGE_NAMES, POOL_KEYS
from .version import ENGINE_VERSION

ZONES = (DECK, HAND, BOARD, GRAVE, "stack")
PHASES = ("mulligan", "first_player", "first_player_chosen", "turn_start", "action", "arc_burn", "end", "pyramid",
          "discharge", "discharge_recombine", "discharge_finish", "round_end", "cataclysm", "cataclysm_apply",
          "over")
DECISIONS = ("mulligan", "first_player", "passive", "target", "assign", "arc_burn", "discharge", "cataclysm",
             "charge")


# ---------------------------------------------------------------- to JSON
def state_to_json(g: State) -> dict:
    data = {
        "engine_version": ENGINE_VERSION,
        "data_hash": g.cat.data_hash,
        "seed": g.seed,
        "seating": g.seating,
        "variants": list(g.variants),
        "rng": format(g.rng.state, "x"),
        "decks": [None if d is None else {"hero": d.hero, "cards": list(d.cards)} for d in g.decks],
        "scenario": g.scenario,
        "history": g.action_ids,
        "cards": [c.to_json() for c in g.cards],
        "players": [p.to_json() for p in g.players],
        "edges": [e.to_json() for e in g.edges],
        "tide": g.tide,
        "pyramid": list(g.pyramid),
        "stack": [i.to_json() for i in g.stack],
        "building": None if g.building is None else g.building.to_json(),
        "priority": g.priority,
        "passes": g.passes,
        "resolving": g.resolving,
        "tqueue": [list(t) for t in g.tqueue],
        "pending": [dict(d) for d in g.pending],
        "assigned": [{str(k): v for k, v in a.items()} for a in g.assigned],
        "discharge": None if g.discharge is None else {"edge": g.discharge["edge"],
                                                        "deflected": list(g.discharge["deflected"]),
                                                        "returns": g.discharge["returns"]},
        "edge_queue": list(g.edge_queue),
        "phase": g.phase,
        "active": g.active,
        "first": g.first,
        "round": g.round,
        "tick": g.tick,
        "mull_idx": g.mull_idx,
        "next_sid": g.next_sid,
        "destroyed": g.destroyed,
        "cataclysm_due": g.cataclysm_due,
        "remaining": list(g.remaining),
        "eliminated": list(g.eliminated),
        "final": g.final,
        "events": [[r[0], r[1], r[2], r[3], r[4], list(r[5])] for r in g.log_rows],
    }
    if g.card_ids != LISTED:   # a state numbered as engine 1.0.0 numbered it is written as 1.0.0 wrote it
        data["card_ids"] = g.card_ids
    return data


# ---------------------------------------------------------------- from JSON, validating
def _need(data: Mapping, key: str, kind: Any, where: str = "game") -> Any:
    if not isinstance(data, Mapping) or key not in data:
        raise GameDataError(f"{where}: missing '{key}'")
    value = data[key]
    if kind is int and isinstance(value, bool):
        raise GameDataError(f"{where}: '{key}' must be an integer")
    if kind is not None and not isinstance(value, kind):
        name = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise GameDataError(f"{where}: '{key}' must be {name}, not {type(value).__name__}")
    return value


# The most any whole number of a card or of the turn's clock may be: the compiled form holds them in C longs
# (model.pxd, state.pxd), and a game never comes near (a tick is a turn, a counter a few dozen).
SMALL = 2**31 - 1


def _small(value: int, key: str, where: str) -> int:
    if not -SMALL <= value <= SMALL:
        raise GameDataError(f"{where}: '{key}' is out of range (at most {SMALL} either side of 0)")
    return value


def _int_list(value: Any, where: str, limit: int) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise GameDataError(f"{where} must be a list of card numbers")
    for v in value:
        if not 0 <= v < limit:
            raise GameDataError(f"{where}: card number {v} does not exist")
    return list(value)


def state_from_json(data: Any, cat: Catalogue, cls: type[State]) -> State:
    """Rebuild a state of class `cls` (game.GameState) from `to_json()` output, checking every part; raise
    GameDataError on bad data. Each part is read by a helper of its own, in the order the parts were always read
    (so the first fault found in bad data is the same), so that no function passes cyclomatic complexity 20
    (issue 36)."""
    if not isinstance(data, Mapping):
        raise GameDataError("game data must be a JSON object")
    version = str(_need(data, "engine_version", str))
    if version.split(".")[0] != ENGINE_VERSION.split(".")[0]:
        raise GameDataError(f"saved by engine {version}; this engine is {ENGINE_VERSION}")
    g = cls(cat)
    seats = _read_setup(data, g)
    count = len(seats)
    raw_cards = _need(data, "cards", list)
    for iid, raw in enumerate(raw_cards):
        g.cards.append(_card(raw, iid, g.tb, count))
    n = len(g.cards)
    _read_players(data, g, seats, n)
    _read_pyramid(data, g, count)
    _read_stack(data, g, count, n)
    _read_turn(data, g, count)
    seat_format(g)
    check_consistency(g)
    for player in g.players:
        player.index_board(g.cards)
    return g


def _read_setup(data: Mapping, g: State) -> tuple:
    """What the game was set up with (seed, seating, generator, decks, variants, scenario, card ids) and its
    history; return the seating's seats, which say how many players sit (RULINGS 41)."""
    tb = g.tb
    g.seed = _need(data, "seed", int)
    g.seating = _need(data, "seating", str)
    if g.seating not in tb.seatings:
        raise GameDataError(f"unknown seating '{g.seating}'")
    seats = tb.seatings[g.seating]
    count = len(seats)
    try:
        g.rng = Rng(int(_need(data, "rng", str), 16))
    except ValueError as exc:
        raise GameDataError("'rng' must be a hexadecimal generator state") from exc
    g.decks = _decks(_need(data, "decks", list), count)
    set_variants(g, data.get("variants", []))   # a state saved before variants existed played none
    g.scenario = data.get("scenario")
    g.card_ids = data.get("card_ids", LISTED)   # absent: saved before ids were drawn (engine 1.0.0)
    if g.card_ids not in CARD_IDS:
        raise GameDataError(f"unknown card_ids '{g.card_ids}' (one of {', '.join(CARD_IDS)})")
    g.history = list(_need(data, "history", list))
    if not all(isinstance(h, str) for h in g.history):
        raise GameDataError("'history' must be a list of action ids")
    return seats


def _read_players(data: Mapping, g: State, seats: tuple, n: int) -> None:
    """The players, one per seat, their zones naming cards among the `n` read."""
    tb = g.tb
    count = len(seats)
    raw_players = _need(data, "players", list)
    if len(raw_players) != count:
        raise GameDataError(f"a game in the {g.seating} seating has exactly {count} players")
    for p, raw in enumerate(raw_players):
        where = f"player {p + 1}"
        player = Player(p, bool(_need(raw, "goldfish", bool, where)), seats[p], tb.seats[seats[p]])
        player.hero = _need(raw, "hero", int, where)
        player.deck = _int_list(_need(raw, "deck", list, where), f"{where} deck", n)
        player.hand = _int_list(_need(raw, "hand", list, where), f"{where} hand", n)
        player.grave = _int_list(_need(raw, "graveyard", list, where), f"{where} graveyard", n)
        player.board = _int_list(_need(raw, "board", list, where), f"{where} board", n)
        pool = _need(raw, "pool", list, where)
        if len(pool) != len(POOL_KEYS) or not all(isinstance(v, int) and v >= 0 for v in pool):
            raise GameDataError(f"{where}: 'pool' must be {len(POOL_KEYS)} non-negative integers")
        player.pool = list(pool)
        player.mulligans = _need(raw, "mulligans", int, where)
        g.players.append(player)


def _read_pyramid(data: Mapping, g: State, count: int) -> None:
    """The Pyramid: its edges (charge within 0 to the lock, a locked edge full), the tide and its deck."""
    tb = g.tb
    raw_edges = _need(data, "edges", list)
    if len(raw_edges) != tb.edge_count:
        raise GameDataError(f"the Pyramid has {tb.edge_count} edges")
    for e, raw in enumerate(raw_edges):
        edge = Edge(e, tuple(p for p in range(count) if e in g.players[p].edges))
        edge.charge = _need(raw, "charge", int, f"edge {EDGE_NAMES[e]}")
        edge.locked = _need(raw, "locked", bool, f"edge {EDGE_NAMES[e]}")
        edge.counter = _need(raw, "counter", int, f"edge {EDGE_NAMES[e]}")
        edge.locked_tick = _need(raw, "locked_tick", int, f"edge {EDGE_NAMES[e]}")
        if not 0 <= edge.charge <= tb.lock_at:
            raise GameDataError(f"edge {EDGE_NAMES[e]}: charge {edge.charge} is outside 0–{tb.lock_at}")
        if edge.locked != (edge.charge == tb.lock_at) and edge.locked:
            raise GameDataError(f"edge {EDGE_NAMES[e]}: a locked edge holds {tb.lock_at} charge")
        g.edges.append(edge)
    g.tide = _need(data, "tide", int)
    g.pyramid = list(_need(data, "pyramid", list))
    for slug in g.pyramid:
        if slug not in tb.info or tb.info[slug].type != "pyramid":
            raise GameDataError(f"the Pyramid deck holds '{slug}', which is not a Pyramid card")


def _read_stack(data: Mapping, g: State, count: int, n: int) -> None:
    """The stack, the item being declared, priority, the trigger queue and the pending decisions."""
    g.stack = [_item(raw, g, "stack item") for raw in _need(data, "stack", list)]
    building = data.get("building")
    g.building = None if building is None else _item(building, g, "item being declared")
    g.priority = _need(data, "priority", int)
    g.passes = _need(data, "passes", int)
    g.resolving = _need(data, "resolving", bool)
    g.tqueue = [list(t) for t in _need(data, "tqueue", list)]
    for t in g.tqueue:
        if len(t) != 4 or not (0 <= t[1] < n):
            raise GameDataError(f"bad trigger entry {t}")
    g.pending = [dict(d) for d in _need(data, "pending", list)]
    for d in g.pending:
        if d.get("type") not in DECISIONS or d.get("player") not in range(count):
            raise GameDataError(f"bad pending decision {d}")
        if d["type"] == "passive" and not (isinstance(d.get("card"), int) and 0 <= d["card"] < n
                                           and isinstance(d.get("index"), int)):
            raise GameDataError(f"bad pending decision {d}")
        if d["type"] == "charge" and not (isinstance(d.get("card"), int) and 0 <= d["card"] < n):
            raise GameDataError(f"bad pending decision {d}")


def _read_turn(data: Mapping, g: State, count: int) -> None:
    """Where the turn stands: damage assigned, a discharge under way, the phase and counters, who remains, the
    result and the event log."""
    assigned = _need(data, "assigned", list)
    try:
        g.assigned = [{int(k): int(v) for k, v in a.items()} for a in assigned]
    except (AttributeError, ValueError) as exc:
        raise GameDataError("'assigned' must map card numbers to points") from exc
    if len(g.assigned) != count:
        raise GameDataError("'assigned' must have one entry per player")
    discharge = data.get("discharge")
    g.discharge = None if discharge is None else {"edge": int(discharge["edge"]),
                                                  "deflected": [int(x) for x in discharge["deflected"]],
                                                  "returns": int(discharge["returns"])}
    g.edge_queue = list(_need(data, "edge_queue", list))
    g.phase = sys.intern(_need(data, "phase", str))   # the engine's own phase object: State.ended tests identity
    if g.phase not in PHASES:
        raise GameDataError(f"unknown phase '{g.phase}'")
    for key in ("active", "first", "round", "tick", "mull_idx", "next_sid", "destroyed"):
        setattr(g, key, _small(_need(data, key, int), key, "game"))
    g.cataclysm_due = _need(data, "cataclysm_due", bool)
    g.remaining = list(_need(data, "remaining", list))
    g.eliminated = list(_need(data, "eliminated", list))
    g.final = data.get("final")
    g.log_rows = [(r[0], r[1], r[2], r[3], r[4], tuple(r[5])) for r in data.get("events", [])]
    if len(g.remaining) != count or len(g.eliminated) != count:
        raise GameDataError("'remaining' and 'eliminated' must have one entry per player")


def _decks(raw: list, count: int = 2) -> list:
    if len(raw) != count:
        raise GameDataError(f"'decks' must have {count} entries, one per player")
    out = []
    for d in raw:
        if d is None:
            out.append(None)
        elif isinstance(d, Mapping) and isinstance(d.get("cards"), list):
            out.append(DeckSpec(d.get("hero"), tuple(d["cards"])))
        else:
            raise GameDataError("each deck must be null or {'hero': slug, 'cards': [slugs]}")
    return out


def _card(raw: Any, iid: int, tb, count: int = 2) -> Card:
    where = f"card #{iid}"
    slug = _need(raw, "slug", str, where)
    if slug not in tb.info:
        raise GameDataError(f"{where}: unknown card '{slug}'")
    if _need(raw, "iid", int, where) != iid:
        raise GameDataError(f"{where}: numbered {raw['iid']}")
    card = Card(iid, slug, tb.info[slug], _need(raw, "owner", int, where), _need(raw, "zone", str, where))
    for name in Card.FIELDS:
        if name in ("iid", "slug", "owner", "zone"):
            continue
        value = _need(raw, name, bool if name == "tapped" else int, where)
        setattr(card, name, _small(value, name, where))
    if not (0 <= card.owner < count and 0 <= card.ctrl < count):
        raise GameDataError(f"{where}: owner and controller must be player 0 to {count - 1}")
    if card.zone not in ZONES:
        raise GameDataError(f"{where}: unknown zone '{card.zone}'")
    if card.damage < 0 or card.charge < 0:
        raise GameDataError(f"{where}: damage and charge cannot be negative")
    return card


def _item(raw: Any, g: State, where: str) -> Item:
    try:
        item = Item.from_json(raw)
    except (KeyError, TypeError, ValueError) as exc:
        raise GameDataError(f"{where}: malformed ({exc})") from exc
    if not 0 <= item.src < len(g.cards):
        raise GameDataError(f"{where}: source card {item.src} does not exist")
    info = g.cards[item.src].info
    for effect in item.effects:
        if effect[0] >= len(info.abilities) or effect[0] < -1:
            raise GameDataError(f"{where}: {info.name} has no ability {effect[0]}")
    return item


def check_consistency(g: State) -> None:
    """Every card is in exactly the zone its lists say; Heroes are where they should be."""
    seen: dict[int, str] = {}
    for p, player in enumerate(g.players):
        for zone, cards in ((DECK, player.deck), (HAND, player.hand), (GRAVE, player.grave), (BOARD, player.board)):
            for iid in cards:
                if iid in seen:
                    raise GameDataError(f"card #{iid} is in two places")
                seen[iid] = zone
                card = g.cards[iid]
                if card.zone != zone:
                    raise GameDataError(f"card #{iid} ({card.slug}) says zone {card.zone} but is listed in {zone}")
                owner_side = card.ctrl if zone == BOARD else card.owner
                if owner_side != p:
                    raise GameDataError(f"card #{iid} ({card.slug}) is listed under the wrong player")
        if player.hero >= 0:
            if player.hero not in player.board or g.cards[player.hero].info.type != "hero":
                raise GameDataError(f"player {p + 1}'s Hero must be a Hero card on their board")
    on_stack = {i.card for i in g.stack if i.card >= 0}
    if g.building is not None and g.building.card >= 0:
        on_stack.add(g.building.card)
    for card in g.cards:
        if card.zone == "stack":
            if card.iid not in on_stack:
                raise GameDataError(f"card #{card.iid} is on the stack but no stack item carries it")
        elif card.iid not in seen:
            raise GameDataError(f"card #{card.iid} ({card.slug}) is in no zone")
