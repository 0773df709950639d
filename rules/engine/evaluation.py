"""A learned evaluation: the chance a seat wins from a position, without playing the game to its end (issue 35).

The expert (expert.py) values a candidate by playing it out to the end of the game, 200 to 2,700 decisions, so it
affords only a couple of dozen play-outs a decision and no depth. A cut-off evaluation lets a play-out stop a few
rounds ahead and score the position instead; the shorter play-outs buy more sampled futures for the same budget.

`features(state, seat)` is a small fixed vector of what decides this game, read from the seat's point of view: every
entry is the seat's figure minus the other side's (so the vector of the other seat is its exact negative, and with
no constant term `win_probability(state, 0) + win_probability(state, 1) == 1` in a two-player game), plus the move
and the approach of the Cataclysm as multipliers. It reads only what both players see (boards, charge, counts of
hands and decks, the Pyramid's edges, the round), never a hand's cards or a deck's order. In a table game (RULINGS 45)
the other side is the mean of the seat's foes.

Why these: Legacy decides the game, but only what survives the Cataclysm's 80 damage counts, less each player's
stored charge, and the player puts that damage where it costs least Legacy (a Hero's HP first, then Common People,
and so on): `projected` is that outcome if the Cataclysm came now, and the `_late` products let it weigh more as the
edges fill. Energy, hand and deck sizes are what a player still has to build with; a deck's size is also the first
tiebreaker.

`win_probability(state, seat)` is the logistic of the weights and the features. The weights are data
(`evaluation.json`, beside this module, with where they came from: `python -m benchmarks evaluation --fit`), loaded
once. Pure Python: the engine imports no numpy at run time.
"""
from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path

from .game import GameState

WEIGHTS = Path(__file__).with_name("evaluation.json")
FEATURES = ("legacy", "projected", "legacy_late", "projected_late", "charge", "hp", "people", "energy", "hand",
            "deck", "hero", "edges_near", "to_move")
_SCALE = {"legacy": 50.0, "projected": 50.0, "charge": 20.0, "hp": 20.0, "people": 3.0, "energy": 5.0, "hand": 5.0,
          "deck": 20.0}


def side(g: GameState, p: int) -> dict[str, float]:
    """One seat's public figures, unscaled."""
    player = g.players[p]
    cards = g.cards
    lock_at = g.tb.lock_at
    legacy = charge = hp = people = energy = fixed = 0
    characters: list[tuple[int, int]] = []   # (Legacy a point of HP is worth, HP left) of its Hero and People
    for iid in player.board:
        card = cards[iid]
        info = card.info
        charge += card.charge
        kind = info.type
        if kind == "hero" or kind == "person":
            left = max(0, card.hp_left)
            per = 1 if kind == "hero" else info.legacy_mult
            legacy += left * per
            hp += left
            characters.append((per, left))
            people += kind == "person"
        elif kind == "energy":
            energy += 1
        elif info.legacy_value:
            fixed += info.legacy_value
    legacy += fixed
    # The Cataclysm now: 80 less its charge, put on the HP worth least Legacy first (what the player would choose).
    damage = max(0, g.tb.cataclysm_damage - charge)
    projected = fixed
    for per, left in sorted(characters):
        taken = min(left, damage)
        damage -= taken
        projected += (left - taken) * per
    near = sum(1.0 if g.edges[e].locked else g.edges[e].charge / lock_at for e in player.edges if e < len(g.edges))
    return {"legacy": legacy, "projected": projected, "charge": charge, "hp": hp, "people": people, "energy": energy,
            "hand": len(player.hand), "deck": len(player.deck), "hero": float(player.hero >= 0 and
                                                                            cards[player.hero].zone == "board"),
            "edges_near": near}


def progress(g: GameState) -> float:
    """How near the Cataclysm is, 0 to 1: the edges' mean fill (a locked edge is full)."""
    if not g.edges:
        return 0.0
    lock_at = g.tb.lock_at
    return sum(1.0 if e.locked else min(e.charge, lock_at) / lock_at for e in g.edges) / len(g.edges)


def features(g: GameState, seat: int) -> list[float]:
    """The vector `FEATURES` names, from `seat`'s point of view (see the module's docstring)."""
    mine = side(g, seat)
    foes = g.foes[seat]
    theirs = {key: sum(side(g, q)[key] for q in foes) / len(foes) for key in mine} if len(foes) > 1 \
        else side(g, foes[0])
    diff = {key: (mine[key] - theirs[key]) / _SCALE.get(key, 1.0) for key in mine}
    late = progress(g)
    mover = g.current_player
    diff["legacy_late"] = diff["legacy"] * late
    diff["projected_late"] = diff["projected"] * late
    diff["to_move"] = 0.0 if mover is None or g.phase == "over" else (1.0 if mover == seat else -1.0)
    return [diff[name] for name in FEATURES]


@cache
def weights() -> tuple[float, ...]:
    """The fitted weights, in `FEATURES`' order (read once; a file fitted on other features is refused)."""
    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"{WEIGHTS.name} was fitted on other features: {data['features']}")
    return tuple(float(w) for w in data["weights"])


def logistic(z: float) -> float:
    """1 / (1 + e^-z), without overflow far from 0."""
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def win_probability(g: GameState, seat: int, w: tuple[float, ...] | None = None) -> float:
    """The chance `seat` wins from here, by the fitted model (`w` to try other weights)."""
    w = weights() if w is None else w
    return logistic(sum(a * b for a, b in zip(w, features(g, seat))))
