"""Paired errata studies: the same seeds played with and without a study's errata (pure: no Django).

With `"paired": true` (and errata; goldfish and matchup studies) game `i` is played twice, on the same seed, once
with the printed cards and once with the errata, and the tally keeps both halves (keys prefixed `base:` and
`errata:`) plus the sum and the sum of squares of each pair's difference in the study's measure: the deck's Legacy
(goldfish) or deck A's score (matchup: a win 1, a draw ½). Common random numbers (the same shuffles, the same bot
choices until the errata first matter) make the difference's interval far tighter than two separate studies'.
The tally still adds up exactly across chunks, so any split gives the same result.
"""
from __future__ import annotations

import math
from typing import Any, Mapping

PAIRED_KINDS = ("goldfish", "matchup")
HALVES = ("base:", "errata:")
SCORE = {"win": 1.0, "draw": 0.5, "loss": 0.0}
Z95 = 1.959964


def paired(study: Mapping[str, Any]) -> bool:
    return bool(study.get("paired") and study.get("errata") and study.get("kind") in PAIRED_KINDS)


def measure(study: Mapping[str, Any], one: Mapping[str, Any]) -> float:
    """The study's measure for a one-game tally: the Legacy (goldfish) or deck A's score (matchup)."""
    if study["kind"] == "goldfish":
        return float(next(iter(one["counts"]["/legacy"])))
    return SCORE[next(iter(one["counts"]["0-1/outcome"]))]


def fold(into: dict[str, Any], one: Mapping[str, Any], prefix: str) -> None:
    """Add a tally into another under a key prefix (extremes kept as `merge` keeps them)."""
    for key, counts in one["counts"].items():
        mine = into["counts"].setdefault(prefix + key, {})
        for value, n in counts.items():
            mine[value] = mine.get(value, 0) + n
    for key, total in one["sums"].items():
        into["sums"][prefix + key] = into["sums"].get(prefix + key, 0) + total
    for name, held in one["extremes"].items():
        current = into["extremes"].get(prefix + name)
        if current is None or held["rank"] > current["rank"]:
            into["extremes"][prefix + name] = dict(held)


def half(tally: Mapping[str, Any], prefix: str) -> dict[str, Any]:
    """One half of a paired tally, as an ordinary tally."""
    def strip(mapping: Mapping[str, Any]) -> dict[str, Any]:
        return {k[len(prefix):]: v for k, v in mapping.items() if k.startswith(prefix)}
    return {"games": tally["games"], "counts": strip(tally["counts"]), "sums": strip(tally["sums"]),
            "extremes": strip(tally["extremes"])}


def run_paired(catalogue, study: Mapping[str, Any], start: int, count: int) -> dict[str, Any]:
    from . import lab  # lab imports this module
    base, changed = lab.study_catalogue(catalogue, study, errata=False), lab.study_catalogue(catalogue, study)
    out = lab.new_tally()
    for index in range(start, start + count):
        values = []
        for prefix, played, errata in ((HALVES[0], base, False), (HALVES[1], changed, True)):
            one = lab.new_tally()
            lab.play_one(played, study, index, one, errata=errata)
            fold(out, one, prefix)
            values.append(measure(study, one))
        difference = values[1] - values[0]
        lab.add(out, "pair", "d", difference)
        lab.add(out, "pair", "d2", difference * difference)
        out["games"] += 1
    return out


def paired_results(study: Mapping[str, Any], tally: Mapping[str, Any]) -> dict[str, Any]:
    """Both halves' results and the mean paired difference (errata minus printed) with its 95% interval."""
    from . import lab
    n = tally["games"]
    plain = {**study, "paired": False}
    total, squares = tally["sums"].get("pair/d", 0.0), tally["sums"].get("pair/d2", 0.0)
    mean = total / n
    variance = max(0.0, (squares - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    width = Z95 * math.sqrt(variance / n)
    return {
        "games": n, "paired": True,
        "measure": "legacy" if study["kind"] == "goldfish" else "score of deck A (win 1, draw 1/2)",
        "without_errata": lab.results(plain, half(tally, HALVES[0])),
        "with_errata": lab.results(plain, half(tally, HALVES[1])),
        "difference": {"mean": round(mean, 4), "interval": [round(mean - width, 4), round(mean + width, 4)]},
    }
