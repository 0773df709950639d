"""Studies: many seeded games split into chunks that any worker may play, merged into one result (issue 15).

A study is a `Study` (studyrequest.py: a typed mapping, stored as JSON): {"kind": "goldfish"|"matchup"|"matrix"|
"pyramid", "games", "seed", "decks": [{"name", "hero", "cards"}], "bot" (goldfish), "p1"/"p2" (matchups), "seating",
"variants", "pyramid_deck" (optional: a composition [{"card", "count"}] played instead of the Pyramid deck, as the
named variant `study-pyramid`), "cards" (the card data it plays, studydata.py), "errata" and "paired" (errata.py,
paired.py), "target_width" (precision.py), "filler" (card_impact, impact.py)}. Game `i` of a study is always seeded
with `game_seed(seed, i)` and, in a matchup, deck A sits first in even games; so which worker plays it, and in which
chunk, changes nothing. A chunk's result is a tally that adds up exactly (counts of each value, sums, the best and
worst game): merging the tallies of any split gives the same numbers as playing all games in one loop.

The top of the lab's modules: what each kind plays and reports is its entry in the registry (studykinds.py,
`StudyKind` in studybase.py); this module runs a chunk of any kind and reads the merged tally.
"""
from __future__ import annotations

import time
from typing import Any, Callable, Mapping, Sequence

from .bots import get_bot
from .paired import paired, paired_results, run_paired
from .setup import DeckSpec
from .simulate import split
from .studybase import merge, new_tally, study_catalogue, study_variants
from .studykinds import KINDS, STUDY_KINDS, goldfish_summary, total_games
from .studyrequest import Study

BAD_GAMES = "bad_games"

# What callers read here with the loop: the kinds, the chunker, merging tallies, a study's games and its rules.
__all__ = ["KINDS", "merge", "play_games", "results", "run_goldfish", "split", "study_catalogue", "study_variants",
           "total_games"]


def play_games(catalogue, study: Study, start: int, count: int,
              deadline: float | None = None) -> dict[str, Any]:
    """Play games start .. start+count-1 of the study; return their tally. The one loop of bulk play: the lab's
    workers, `manage.py goldfish` and a deck page's bulk runs all play their games here. With a `deadline`
    (time.monotonic()), it stops after the game that passes it: the tally's `games` says how many were played."""
    if paired(study):
        return run_paired(catalogue, study, start, count)
    play = STUDY_KINDS[study["kind"]].play
    catalogue, variants = study_catalogue(catalogue, study), study_variants(study)
    tally = new_tally()
    for index in range(start, start + count):
        play(catalogue, study, index, tally, variants)
        tally["games"] += 1
        if deadline is not None and time.monotonic() > deadline:
            break
    return tally



def goldfish_study(deck: DeckSpec, *, games: int, seed: int, bot: str, seating: str = "side-by-side",
                   variants: Sequence[str] = ()) -> Study:
    """A goldfish study of one deck, as `manage.py goldfish` and a deck's bulk runs play it."""
    return {"kind": "goldfish", "games": games, "seed": seed, "bot": bot, "seating": seating,
            "variants": list(variants), "decks": [{"name": deck.hero, "hero": deck.hero, "cards": list(deck.cards)}]}


ChunkPlayer = Callable[[Mapping[str, Any], Sequence[tuple[int, int]]], list]


def run_goldfish(catalogue, deck: DeckSpec, *, games: int, seed: int, bot: str = "random",
                 seating: str = "side-by-side", variants: Sequence[str] = (),
                 play_chunks: ChunkPlayer | None = None) -> dict[str, Any]:
    """Play `games` goldfish games of a deck and return JSON-able statistics (`goldfish_summary`). The games are a
    goldfish study's chunks (`split`), played in this process or by `play_chunks(study, chunks)` (the lab's runner:
    `manage.py goldfish --workers N`); any split and any number of workers give the same output."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"{BAD_GAMES}: the number of games must be a positive integer (got {games!r})")
    get_bot(bot)  # fail fast on an unknown bot name
    study = goldfish_study(deck, games=games, seed=seed, bot=bot, seating=seating, variants=variants)
    chunks = split(games)
    if play_chunks is None:
        tallies = [play_games(catalogue, study, start, count) for start, count in chunks]
    else:
        tallies = play_chunks(study, chunks)
    return goldfish_summary(merge(tallies), catalogue=catalogue, deck=deck, bot=bot, seating=seating, seed=seed,
                            variants=variants)


def results(study: Study, tally: Mapping[str, Any]) -> dict[str, Any]:
    """What a designer reads: distributions, rates with 95% intervals, means (from the merged tally)."""
    if not tally["games"]:
        return {"games": 0}
    if paired(study):
        return paired_results(study, tally)
    return STUDY_KINDS[study["kind"]].results(study, tally)
