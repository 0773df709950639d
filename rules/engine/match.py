"""Matches between two decks played by bots: win rates with confidence intervals, for designers (`manage.py match`).

Game `i` of a match is seeded with `game_seed(seed, i)` and alternates the seats: deck A sits first in even games and
second in odd ones, so neither deck keeps the first seat's edge. Each deck keeps its own player (`p1` plays deck A,
`p2` deck B) wherever it sits. A draw counts as half a win in the win rate.
"""
from __future__ import annotations

import math
import statistics
from collections import Counter
from typing import Any, Mapping, Sequence

from .bots import get_bot
from .catalogue import Catalogue
from .health import game_facts
from .setup import DeckSpec, new_game
from .simulate import game_seed


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) when there is no game."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def record(outcomes: Mapping[str, int], score: float | None = None) -> dict[str, Any]:
    """One side's record over games, as every match, table and study reports it: games, wins, losses, draws, the
    win rate and its 95% Wilson interval, from the count of each outcome ("win", "loss", "draw"). A side's score is
    its wins plus its share of each draw: half of a draw between two unless `score` says otherwise (at a table a
    draw is shared by everyone in it: tablematch.py); so every reading of games, however they are split, agrees."""
    wins, losses, draws = (int(outcomes.get(k, 0)) for k in ("win", "loss", "draw"))
    n = wins + losses + draws
    score = wins + draws / 2 if score is None else score
    low, high = wilson(score, n)
    return {"games": n, "wins": wins, "losses": losses, "draws": draws,
            "win_rate": round(score / n, 4) if n else 0.0, "interval": [round(low, 4), round(high, 4)]}


def play_game(catalogue: Catalogue, deck_a: DeckSpec, deck_b: DeckSpec, *, p1: str, p2: str, seed: int,
              a_first: bool, seating: str = "side-by-side", variants: Sequence[str] = (),
              keep_state: bool = False) -> dict[str, Any]:
    """One game (under the named rule variants); returns who won from deck A's side, both Legacies, rounds and
    decisions (and with `keep_state` the final state, for card impact)."""
    seats = (deck_a, deck_b) if a_first else (deck_b, deck_a)
    g = new_game(catalogue, list(seats), seating=seating, seed=seed, variants=variants)
    players = [get_bot(p1, seed), get_bot(p2, seed + 1)]
    a_seat = 0 if a_first else 1
    by_seat = [players[0], players[1]] if a_first else [players[1], players[0]]
    decisions = 0
    while not g.is_over:
        g.apply(by_seat[g.current_player].choose(g))
        decisions += 1
    result = g.result()
    winner = result["winner"]
    return {
        "seed": seed, "a_first": a_first, "seating": seating, "rounds": g.round, "decisions": decisions,
        "outcome": "draw" if winner is None else ("win" if winner == a_seat else "loss"),
        "legacy_a": result["legacy"][a_seat], "legacy_b": result["legacy"][1 - a_seat],
        "health": game_facts(g),   # how it ended, discharges, decisions (rules health, health.py)
        **({"state": g} if keep_state else {}),
    }


def play_match(catalogue: Catalogue, deck_a: DeckSpec, deck_b: DeckSpec, *, p1: str, p2: str, games: int,
               seed: int = 0, seatings: Sequence[str] = ("side-by-side",)) -> dict[str, Any]:
    """`games` games per seating, seats alternating; deck A's wins, losses, draws, win rate and its interval."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"the number of games must be a positive integer (got {games!r})")
    for name in (p1, p2):
        get_bot(name)   # fail fast on an unknown player
    rows = [play_game(catalogue, deck_a, deck_b, p1=p1, p2=p2, seed=game_seed(seed, index), a_first=index % 2 == 0,
                      seating=seating)
            for seating in seatings for index in range(games)]
    return summary(rows, p1=p1, p2=p2, seed=seed, seatings=seatings)


def summary(rows: Sequence[dict[str, Any]], **about: Any) -> dict[str, Any]:
    return {
        **{k: list(v) if isinstance(v, tuple) else v for k, v in about.items()},
        **record(Counter(r["outcome"] for r in rows)),
        "mean_legacy_a": round(statistics.mean(r["legacy_a"] for r in rows), 2),
        "mean_legacy_b": round(statistics.mean(r["legacy_b"] for r in rows), 2),
        "rounds": _spread([r["rounds"] for r in rows]), "decisions": _spread([r["decisions"] for r in rows]),
    }


def _spread(values: list[int]) -> dict[str, float]:
    return {"mean": round(statistics.mean(values), 1), "min": min(values), "max": max(values)}


def play_matrix(catalogue: Catalogue, decks: dict[str, DeckSpec], *, p1: str, p2: str, games: int, seed: int = 0,
                seatings: Sequence[str] = ("side-by-side",)) -> dict[str, Any]:
    """Every pair of decks (each pair `games` games per seating): row deck's win rate against each column deck."""
    names = list(decks)
    if len(names) < 2:
        raise ValueError("a matrix needs at least two decks")
    cells: dict[str, dict[str, Any]] = {a: {} for a in names}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            result = play_match(catalogue, decks[a], decks[b], p1=p1, p2=p2, games=games, seed=seed,
                                seatings=seatings)
            cells[a][b] = record({"win": result["wins"], "loss": result["losses"], "draw": result["draws"]})
            cells[b][a] = record({"win": result["losses"], "loss": result["wins"], "draw": result["draws"]})
    overall = {}
    for a in names:
        n = sum(c["games"] for c in cells[a].values())
        score = sum(c["wins"] + c["draws"] / 2 for c in cells[a].values())
        low, high = wilson(score, n)
        overall[a] = {"games": n, "win_rate": round(score / n, 4), "interval": [round(low, 4), round(high, 4)]}
    return {"decks": names, "p1": p1, "p2": p2, "seed": seed, "seatings": list(seatings), "games_per_pair": games,
            "cells": cells, "overall": overall}
