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

from .paired import paired
from .studybase import Z95
from .studykinds import STUDY_KINDS
from .studyrequest import Study

MIN_GAMES = 100


def width(study: Study, tally: Mapping[str, Any]) -> float | None:
    """The 95% interval's width of the study's question over the tally's games (None: not measurable yet)."""
    n = tally["games"]
    if paired(study):
        total, squares = tally["sums"].get("pair/d", 0.0), tally["sums"].get("pair/d2", 0.0)
        if n < 2:
            return None
        mean = total / n
        return 2 * Z95 * math.sqrt(max(0.0, (squares - n * mean * mean) / (n - 1)) / n)
    return STUDY_KINDS[study["kind"]].width(study, tally)


def answered(study: Study, tallies: Sequence[Mapping[str, Any]], merge) -> tuple[int, dict, float] | None:
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
