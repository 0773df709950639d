"""Stop when answered: a study that asks for a precision (`"target_width": 0.02`) stops as soon as the 95% interval
of its question is that narrow (pure: no Django).

The question is the study's headline figure: deck A's win rate (a matchup; the widest cell of a matrix), the mean
Legacy (goldfish), the mean Cataclysm round (a Pyramid study), or the paired difference (a paired errata study), each
in its own units (0.02 is two points of win rate). To keep "the same inputs and seed give the same numbers", the
study stops on chunks in order only: `answered` reads the tallies of the first chunks, in index order, that are all
played, and finds the fewest of them whose merged games answer it, so the answer never depends on which worker was
quicker. At least MIN_GAMES games are played before any stop, so that a handful of alike games cannot stop a study.
"""
from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

from .match import wilson
from .paired import Z95, paired

MIN_GAMES = 100


def _mean_width(counts: Mapping[str, int]) -> float | None:
    n = sum(counts.values())
    if n < 2:
        return None
    mean = sum(float(v) * k for v, k in counts.items()) / n
    variance = sum(k * (float(v) - mean) ** 2 for v, k in counts.items()) / (n - 1)
    return 2 * Z95 * math.sqrt(variance / n)


def _rate_width(outcomes: Mapping[str, int]) -> float | None:
    wins, losses, draws = (outcomes.get(k, 0) for k in ("win", "loss", "draw"))
    n = wins + losses + draws
    if not n:
        return None
    low, high = wilson(wins + draws / 2, n)
    return high - low


def width(study: Mapping[str, Any], tally: Mapping[str, Any]) -> float | None:
    """The 95% interval's width of the study's question over the tally's games (None: not measurable yet)."""
    n = tally["games"]
    if paired(study):
        total, squares = tally["sums"].get("pair/d", 0.0), tally["sums"].get("pair/d2", 0.0)
        if n < 2:
            return None
        mean = total / n
        return 2 * Z95 * math.sqrt(max(0.0, (squares - n * mean * mean) / (n - 1)) / n)
    counts = tally["counts"]
    kind = study["kind"]
    if kind == "goldfish":
        return _mean_width(counts.get("/legacy", {}))
    if kind == "pyramid":
        return _mean_width(counts.get("/rounds", {}))
    widths = [_rate_width(v) for k, v in counts.items() if k.endswith("/outcome") and not k.startswith("health")]
    widths = [w for w in widths if w is not None]
    return max(widths) if widths else None


def answered(study: Mapping[str, Any], tallies: Sequence[Mapping[str, Any]], merge) -> tuple[int, dict, float] | None:
    """The fewest first chunks whose games answer the study to its `target_width`: (chunks, merged tally, width),
    or None while the chunks played in order do not."""
    target = study.get("target_width")
    if not target:
        return None
    merged = merge([])
    for k in range(1, len(tallies) + 1):
        merged = merge([merged, tallies[k - 1]])   # the first k chunks, merged one more at a time
        if merged["games"] < MIN_GAMES:
            continue
        found = width(study, merged)
        if found is not None and found <= target:
            return k, merged, round(found, 6)
    return None
