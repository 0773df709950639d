"""Legacy scoring, tiebreakers and elimination (rulebook: Legacy Scoring, Tiebreakers, Player Elimination)."""
from __future__ import annotations

import json

from .health import ENDING_TEXT, ending
from .model import BOARD
from .state import State

_ZONES = {"hero": "hero", "person": "people", "artifact": "equipment", "enchantment": "equipment",
          "scene": "scenes", "battery": "batteries"}
_TYPE_NAMES = {"person": "Person", "artifact": "Artifact", "enchantment": "Enchantment", "scene": "Scene",
               "battery": "Battery"}


def breakdown(g: State, p: int) -> list[dict]:
    """Every card on a player's board with its Legacy value and why."""
    rows = []
    for iid in g.players[p].board:
        card = g.cards[iid]
        info = card.info
        if card.zone != BOARD or info.type not in _ZONES:
            continue
        rarity = (info.rarity or "").capitalize()
        if info.type == "hero":
            value = max(0, card.hp_left)
            reason = f"Hero, alive: {value} HP"
        elif info.type == "person":
            value = max(0, card.hp_left) * info.legacy_mult
            reason = f"Person, {rarity}: {max(0, card.hp_left)} HP × {info.legacy_mult}"
        else:
            value = info.legacy_value
            dormant = " (Dormant)" if info.type == "scene" and card.charge <= 0 else ""
            reason = f"{_TYPE_NAMES[info.type]}, {rarity}{dormant}: {value}"
        rows.append({"card": card.slug, "name": info.name, "zone": _ZONES[info.type], "value": value,
                     "reason": reason})
    return rows


def result(g: State) -> dict:
    """The outcome: Legacy, winner, tiebreak used, elimination and the per-card breakdown.

    Before the game is over this is the Legacy the boards would score now, with no winner.
    """
    if g.final is not None and g.phase == "over":
        return json.loads(json.dumps(g.final))  # a copy: the caller may change it
    over = g.phase == "over"
    eliminated = list(g.eliminated) if over else [False, False]
    rows = [[] if eliminated[p] else breakdown(g, p) for p in (0, 1)]
    legacy = [sum(r["value"] for r in rows[p]) for p in (0, 1)]
    winner, tiebreak = None, None
    if over:
        winner, tiebreak = decide(g, legacy, eliminated)
    how = ending(g)   # how the Cataclysm came (health.py): the pages name the full circle (RULINGS 16)
    return {"legacy": legacy, "winner": winner, "tiebreak": tiebreak, "eliminated": eliminated,
            "breakdown": rows, "final": over, "ending": how, "ending_text": ENDING_TEXT.get(how)}


def decide(g: State, legacy: list[int], eliminated: list[bool]) -> tuple[int | None, str | None]:
    """Highest Legacy wins; an eliminated player loses to one who is not (RULINGS 34); then the tiebreakers."""
    if eliminated[0] != eliminated[1]:
        return (1 if eliminated[0] else 0), None
    if legacy[0] != legacy[1]:
        return (0 if legacy[0] > legacy[1] else 1), None
    for slug in g.tb.tiebreakers or ("deck", "hero", "draw"):
        if slug == "deck":
            decks = [len(g.players[p].deck) for p in (0, 1)]
            if decks[0] != decks[1]:
                return (0 if decks[0] > decks[1] else 1), "deck"
        elif slug == "hero":
            heroes = [g.players[p].hero >= 0 for p in (0, 1)]
            if heroes[0] != heroes[1]:
                return (0 if heroes[0] else 1), "hero"
        elif slug == "draw":
            return None, "draw"
    return None, "draw"
