"""Paired errata studies: the same seeds played with and without a study's errata (pure: no Django).

With `"paired": true` (and errata; goldfish and matchup studies) game `i` is played twice, on the same seed, once
with the printed cards and once with the errata, and the tally keeps both halves (keys prefixed `base:` and
`errata:`) plus the sum and the sum of squares of each pair's difference in the study's measure: the deck's Legacy
(goldfish) or deck A's score (matchup: a win 1, a draw ½), and the games the errata touched (the two halves' tallies
differ: the game played out otherwise), which a designer reads next to the effect ("706 of 2,000 games"). Common random numbers (the same shuffles, the same bot
choices until the errata first matter) make the difference's interval far tighter than two separate studies'.
The tally still adds up exactly across chunks, so any split gives the same result.
"""
from __future__ import annotations

import math
from typing import Any, Mapping

from .studybase import Z95, add, fold, new_tally, study_catalogue, study_variants
from .studykinds import STUDY_KINDS
from .studyrequest import Study

PAIRED_KINDS = tuple(name for name, kind in STUDY_KINDS.items() if kind.measure is not None)
HALVES = ("base:", "errata:")


def paired(study: Study) -> bool:
    return bool(study.get("paired") and study.get("errata") and study.get("kind") in PAIRED_KINDS)


def half(tally: Mapping[str, Any], prefix: str) -> dict[str, Any]:
    """One half of a paired tally, as an ordinary tally."""
    def strip(mapping: Mapping[str, Any]) -> dict[str, Any]:
        return {k[len(prefix):]: v for k, v in mapping.items() if k.startswith(prefix)}
    return {"games": tally["games"], "counts": strip(tally["counts"]), "sums": strip(tally["sums"]),
            "extremes": strip(tally["extremes"])}


def run_paired(catalogue, study: Study, start: int, count: int) -> dict[str, Any]:
    """Games start .. start+count-1, each played without and with the errata on its seed: both halves' tallies and
    the sums of the paired difference (and its square) in the kind's measure."""
    kind = STUDY_KINDS[study["kind"]]
    halves = ((HALVES[0], study_catalogue(catalogue, study, errata=False), study_variants(study, errata=False)),
              (HALVES[1], study_catalogue(catalogue, study), study_variants(study)))
    out = new_tally()
    for index in range(start, start + count):
        values, games = [], []
        for prefix, played, variants in halves:
            one = new_tally()
            kind.play(played, study, index, one, variants)
            one["games"] += 1
            fold(out, one, prefix)
            values.append(kind.measure(one))
            games.append((one["counts"], one["sums"]))
        difference = values[1] - values[0]
        add(out, "pair", "d", difference)
        add(out, "pair", "d2", difference * difference)
        add(out, "pair", "touched", int(games[0] != games[1]))
        out["games"] += 1
    return out


def paired_results(study: Study, tally: Mapping[str, Any]) -> dict[str, Any]:
    """Both halves' results and the mean paired difference (errata minus printed) with its 95% interval."""
    n = tally["games"]
    kind = STUDY_KINDS[study["kind"]]
    total, squares = tally["sums"].get("pair/d", 0.0), tally["sums"].get("pair/d2", 0.0)
    mean = total / n
    variance = max(0.0, (squares - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    width = Z95 * math.sqrt(variance / n)
    return {
        "games": n, "paired": True,
        "measure": "legacy" if study["kind"] == "goldfish" else "score of deck A (win 1, draw 1/2)",
        "without_errata": kind.results(study, half(tally, HALVES[0])),
        "with_errata": kind.results(study, half(tally, HALVES[1])),
        "difference": {"mean": round(mean, 4), "interval": [round(mean - width, 4), round(mean + width, 4)]},
        # None for a study tallied before games touched were counted
        "games_touched": int(tally["sums"]["pair/touched"]) if "pair/touched" in tally["sums"] else None,
    }
