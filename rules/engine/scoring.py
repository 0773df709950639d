"""Legacy scoring, tiebreakers and elimination (rulebook: Legacy Scoring, Tiebreakers, Player Elimination)."""
from __future__ import annotations

import copy

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

    Before the game is over this is the Legacy the boards would score now, with no winner. Beyond the printed
    two-player game (RULINGS 45) it also names `winners`: the survivor, or every player sharing a draw; a team game
    adds each team's players and summed Legacy (`teams`, `team_legacy`) and `winning_team` (`winner` stays None
    there: no single player survives alone).
    """
    if g.final is not None and g.phase == "over":
        return copy.deepcopy(g.final)  # a copy: the caller may change it
    over = g.phase == "over"
    everyone = g.everyone
    eliminated = list(g.eliminated) if over else [False for _ in everyone]
    rows = [[] if eliminated[p] else breakdown(g, p) for p in everyone]
    legacy = [sum(r["value"] for r in rows[p]) for p in everyone]
    sides = _sides(g)
    winner, tiebreak, tied = None, None, []
    if over:
        winner, tiebreak, tied = decide(g, legacy, eliminated)
    how = ending(g)   # how the Cataclysm came (health.py): the pages name the full circle (RULINGS 16)
    out = {"legacy": legacy, "winner": winner, "tiebreak": tiebreak, "eliminated": eliminated,
           "breakdown": rows, "final": over, "ending": how, "ending_text": ENDING_TEXT.get(how)}
    if len(everyone) > 2:
        out["winners"] = sorted(p for side in tied for p in sides[side])
        if g.teams:
            out["teams"] = [list(side) for side in sides]
            out["team_legacy"] = [sum(legacy[p] for p in side) for side in sides]
            out["winning_team"] = winner
            out["winner"] = None
    return out


def _sides(g: State) -> list[tuple[int, ...]]:
    """Who wins or loses together: each team's players in a team game, else each player alone."""
    if not g.teams:
        return [(p,) for p in g.everyone]
    return [tuple(p for p in g.everyone if g.teams[p] == t) for t in sorted(set(g.teams))]


def decide(g: State, legacy: list[int], eliminated: list[bool]) -> tuple[int | None, str | None, list[int]]:
    """Highest Legacy wins; an eliminated player loses to one who is not (RULINGS 34); then the tiebreakers, each
    among those still tied (RULINGS 45). Returns the winning side (a player, or a team in a team game; None for a
    draw), the tiebreak used, and the sides that share the top (the winner alone, or everyone in the draw).

    A side is a player, or a team whose Legacy, deck cards and surviving Heroes are its players' sums and which is
    eliminated only when all its players are.
    """
    sides = _sides(g)
    tied = [s for s, side in enumerate(sides) if not all(eliminated[p] for p in side)] or list(range(len(sides)))
    if len(tied) == 1:
        return tied[0], None, tied
    score = [sum(legacy[p] for p in side) for side in sides]
    tied = _best(tied, score)
    if len(tied) == 1:
        return tied[0], None, tied
    for slug in g.tb.tiebreakers or ("deck", "hero", "draw"):
        if slug == "deck":
            decks = [sum(len(g.players[p].deck) for p in side) for side in sides]
            tied = _best(tied, decks)
            if len(tied) == 1:
                return tied[0], "deck", tied
        elif slug == "hero":
            heroes = [sum(1 for p in side if g.players[p].hero >= 0) for side in sides]
            tied = _best(tied, heroes)
            if len(tied) == 1:
                return tied[0], "hero", tied
        elif slug == "draw":
            return None, "draw", tied
    return None, "draw", tied


def _best(tied: list[int], values: list[int]) -> list[int]:
    """The sides among `tied` with the highest value."""
    top = max(values[s] for s in tied)
    return [s for s in tied if values[s] == top]
