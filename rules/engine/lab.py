"""Studies: many seeded games split into chunks that any worker may play, merged into one result (issue 15).

A study is a plain mapping: {"kind": "goldfish"|"matchup"|"matrix"|"pyramid", "games", "seed", "decks": [{"name",
"hero", "cards"}], "bot" (goldfish), "p1"/"p2" (matchups), "seating", "variants", "pyramid_deck" (optional: a
composition [{"card", "count"}] played instead of the Pyramid deck, as the named variant `study-pyramid`), "cards"
(the card data it plays, studydata.py), "errata" and "paired" (errata.py, paired.py), "target_width" (precision.py),
"filler" (card_impact, impact.py)}. Game `i` of a study is always
seeded with `game_seed(seed, i)` and, in a matchup, deck A sits first in even games; so which worker plays it, and
in which chunk, changes nothing. A chunk's result is a tally that adds up exactly (counts of each value, sums,
the best and worst game): merging the tallies of any split gives the same numbers as playing all games in one loop.

The top of the lab's modules: what each kind plays and reports is its entry in the registry (studykinds.py,
`StudyKind` in studybase.py); this module runs a chunk of any kind and reads the merged tally.
"""
from __future__ import annotations

from typing import Any, Mapping

from .paired import paired, paired_results, run_paired
from .simulate import game_seed, split
from .studybase import (
    STUDY_PYRAMID,
    add,
    count,
    extreme,
    merge,
    new_tally,
    spec,
    study_catalogue,
    study_variants,
)
from .studykinds import KINDS, MEANS, STUDY_KINDS, pairs, total_games

__all__ = ["KINDS", "MEANS", "STUDY_KINDS", "STUDY_PYRAMID", "add", "count", "extreme", "game_seed", "merge",
           "new_tally", "pairs", "results", "run_chunk", "spec", "split", "study_catalogue", "study_variants",
           "total_games"]


def run_chunk(catalogue, study: Mapping[str, Any], start: int, count: int) -> dict[str, Any]:
    """Play games start .. start+count-1 of the study; return their tally."""
    if paired(study):
        return run_paired(catalogue, study, start, count)
    play = STUDY_KINDS[study["kind"]].play
    catalogue, variants = study_catalogue(catalogue, study), study_variants(study)
    tally = new_tally()
    for index in range(start, start + count):
        play(catalogue, study, index, tally, variants)
        tally["games"] += 1
    return tally


def results(study: Mapping[str, Any], tally: Mapping[str, Any]) -> dict[str, Any]:
    """What a designer reads: distributions, rates with 95% intervals, means (from the merged tally)."""
    if not tally["games"]:
        return {"games": 0}
    if paired(study):
        return paired_results(study, tally)
    return STUDY_KINDS[study["kind"]].results(study, tally)
