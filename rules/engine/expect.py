"""Expected outcomes for scenarios: a designer writes what must be true after the actions, as JSON, not Python.

`check(state, expected)` compares only the keys the expectation names and returns one readable line per difference
("cards.P2 sorella-venn.damage: expected 0, got 1"); an empty list means the outcome is as expected. The format is
in rules/SCENARIOS.md (Expectations).
"""
from __future__ import annotations

from typing import Any, Mapping

from .errors import GameDataError
from .game import GameState
from .model import BOARD
from .tables import EDGE_NAMES

TOP = frozenset({"description", "phase", "round", "over", "current_player", "winner", "tiebreak", "legacy",
                 "eliminated", "cards", "edges", "stack", "pending", "events", "no_events", "legal_actions",
                 "not_legal_actions", "pool", "hand_count", "deck_count"})
CARD = frozenset({"zone", "damage", "hp_left", "charge", "tapped", "controller", "owner", "fortify", "ward"})
EDGE = frozenset({"charge", "locked", "counter"})


def observe_card(g: GameState, ref: str) -> dict[str, Any] | None:
    """What a scenario reference ("slug" or "P2 slug") names now: the first such card in play, else anywhere."""
    players, slug = g.everyone, ref
    if ref[:2] in ("P1", "P2", "P3", "P4")[:len(g.players)] and ref[2:3] == " ":
        players, slug = (int(ref[1]) - 1,), ref[3:]
    found = [c for c in g.cards if c.slug == slug and (c.ctrl if c.zone == BOARD else c.owner) in players]
    if not found:
        return None
    card = next((c for c in found if c.zone == BOARD), found[0])
    return {"zone": card.zone, "damage": card.damage, "hp_left": card.hp_left if card.info.hp else None,
            "charge": card.charge, "tapped": card.tapped, "controller": card.ctrl + 1, "owner": card.owner + 1,
            "fortify": card.fortify, "ward": card.ward}


def observe(g: GameState) -> dict[str, Any]:
    """Everything an expectation can name, from a state."""
    result = g.result()
    return {
        "phase": g.phase, "round": g.round, "over": g.is_over,
        "current_player": _seat(g),
        "winner": None if result["winner"] is None else result["winner"] + 1,
        "tiebreak": result["tiebreak"], "legacy": list(result["legacy"]), "eliminated": list(result["eliminated"]),
        "edges": {EDGE_NAMES[e.idx]: {"charge": e.charge, "locked": e.locked, "counter": e.counter}
                  for e in g.edges},
        "stack": [g.cards[i.src].slug for i in g.stack],
        "pending": g.pending[-1]["type"] if g.pending else None,
        "pool": [dict(zip(("DC", "LC", "DR", "LR", "CE", "Buff"), p.pool)) for p in g.players],
        "hand_count": [len(p.hand) for p in g.players],
        "deck_count": [len(p.deck) for p in g.players],
    }


def _seat(g: GameState) -> int | None:
    player = None if g.is_over else g.current_player
    return None if player is None or player < 0 else player + 1


def check(g: GameState, expected: Mapping[str, Any]) -> list[str]:
    """The differences between the state and the expectation, one readable line each."""
    if not isinstance(expected, Mapping):
        raise GameDataError("an expectation must be a JSON object")
    unknown = sorted(set(expected) - TOP)
    if unknown:
        raise GameDataError(f"expectation: unknown key '{unknown[0]}' (allowed: {', '.join(sorted(TOP))})")
    seen = observe(g)
    out: list[str] = []
    for key, want in expected.items():
        if key == "description":
            continue
        if key == "cards":
            out += _cards(g, want)
        elif key == "edges":
            out += _edges(seen["edges"], want)
        elif key in ("events", "no_events"):
            texts = [e["text"] for e in g.events]
            for text in want:
                present = any(text in t for t in texts)
                if present != (key == "events"):
                    out.append(f"{key}: {'no' if key == 'events' else 'an'} event contains {text!r}")
        elif key in ("legal_actions", "not_legal_actions"):
            legal = {a.id for a in g.legal_actions()} | {a.label for a in g.legal_actions()}
            for action in want:
                if (action in legal) != (key == "legal_actions"):
                    out.append(f"{key}: {action!r} is {'not ' if key == 'legal_actions' else ''}legal now")
        elif seen[key] != want and not (key == "pool" and _pool_matches(seen[key], want)):
            out.append(f"{key}: expected {want!r}, got {seen[key]!r}")
    return out


def _cards(g: GameState, want: Any) -> list[str]:
    out = []
    if not isinstance(want, Mapping):
        raise GameDataError("expectation.cards: an object of \"P1 slug\": {field: value}")
    for ref, fields in want.items():
        seen = observe_card(g, ref)
        if fields is None:
            if seen is not None and seen["zone"] == BOARD:
                out.append(f"cards.{ref}: expected no such card in play, got one ({seen['zone']})")
            continue
        if seen is None:
            out.append(f"cards.{ref}: expected a card, there is none")
            continue
        unknown = sorted(set(fields) - CARD)
        if unknown:
            raise GameDataError(f"expectation.cards.{ref}: unknown key '{unknown[0]}' (allowed: {', '.join(sorted(CARD))})")
        for field, value in fields.items():
            if seen[field] != value:
                out.append(f"cards.{ref}.{field}: expected {value!r}, got {seen[field]!r}")
    return out


def _edges(seen: Mapping[str, Any], want: Any) -> list[str]:
    out = []
    if not isinstance(want, Mapping):
        raise GameDataError("expectation.edges: an object of \"E1\": {charge, locked, counter}")
    for name, fields in want.items():
        if name not in seen:
            raise GameDataError(f"expectation.edges: unknown edge '{name}'")
        if not isinstance(fields, Mapping) or set(fields) - EDGE:
            raise GameDataError(f"expectation.edges.{name}: an object of {', '.join(sorted(EDGE))}")
        for field, value in fields.items():
            if seen[name][field] != value:
                out.append(f"edges.{name}.{field}: expected {value!r}, got {seen[name][field]!r}")
    return out


def _pool_matches(seen: list[dict], want: Any) -> bool:
    return isinstance(want, list) and len(want) == 2 and all(
        isinstance(w, Mapping) and all(s.get(k) == v for k, v in w.items()) for s, w in zip(seen, want))
