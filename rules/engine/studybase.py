"""What every kind of study shares (pure: no Django): the tally a chunk of games adds up to, the study's catalogue
and variants, and `StudyKind`, the one entry that says everything about a kind of study.

The bottom of the lab's modules: the kinds (studykinds.py, impact.py) are built on it, paired.py and precision.py
on the kinds, lab.py on all of them; none imports a module above it.

A tally adds up exactly (counts of each value, sums, the best and worst game), so merging the tallies of any split
of a study's games gives the same numbers as playing all of them in one loop.
"""
from __future__ import annotations

import dataclasses
import itertools
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping

from .catalogue import Catalogue, Variant, pyramid_deck_from
from .errata import STUDY_ERRATA, with_errata
from .match import wilson
from .setup import DeckSpec
from .simulate import distribution
from .studydata import study_tables
from .studyrequest import Study

STUDY_PYRAMID = "study-pyramid"   # the variant a study's own Pyramid composition is played as
MAX_DECKS = 8                     # decks a study may take
SCORE = {"win": 1.0, "draw": 0.5, "loss": 0.0}   # a matchup's score for deck A
Z95 = 1.959964


class StudyInputError(ValueError):
    """A kind's own input is wrong: the site answers 400 with this code, message and extra fields."""

    def __init__(self, code: str, message: str, extra: Mapping[str, Any] | None = None):
        super().__init__(message)
        self.code, self.message, self.extra = code, message, dict(extra or {})


@dataclasses.dataclass(frozen=True)
class StudyKind:
    """Everything the engine and the site know about one kind of study: a new kind is one of these (in its own
    module, listed in studykinds.py). The engine plays and sums it; the site's form, API, checks and pages read it.

    - `play(catalogue, study, index, tally, variants)`: play game `index` of the study and add it to the tally
      (not its `games` count: the loop does that);
    - `results(study, tally)`: what a designer reads, from the merged tally;
    - `players(decks)`: who plays a study of that many decks: "bot" (a goldfish bot), "players" (p1 and p2),
      "table" (p1 at every seat), "";
    - `inputs(catalogue, study, request)`: the kind's own fields of the study, checked, from the StudyRequest's `bot`,
      `p1`, `p2`, `filler` (StudyInputError when wrong);
    - `title(study)`: the default title's head (decks and what is studied);
    - `width(study, tally)`: the 95% interval's width of its headline question (precision.py), None if none;
    - `measure(one_game_tally)`: the per-game figure a paired errata study compares (None: no paired study);
    - `pairs_of_games(decks)`: games played for each of the study's `games` (a matrix: one a pair of decks);
    - `weight`: games each played game counts for against the per-study limit;
    - `games_unit`: what the default title says `games` are counted in (a table's: " in each seat rotation");
    - `fields`: the start form's field groups it uses (deck, pair, deck_checks, bot, players);
    - `results_template`: the page fragment that shows its results.
    """

    name: str
    label: str
    summary: str
    decks: tuple[int, int]
    play: Callable[..., None]
    results: Callable[[Mapping[str, Any], Mapping[str, Any]], dict]
    players: Callable[[int], str]
    inputs: Callable[..., dict]
    title: Callable[[Mapping[str, Any]], str]
    width: Callable[[Mapping[str, Any], Mapping[str, Any]], float | None]
    results_template: str
    fields: tuple[str, ...] = ()
    measure: Callable[[Mapping[str, Any]], float] | None = None
    pairs_of_games: Callable[[int], int] = lambda decks: 1
    weight: int = 1
    games_unit: str = ""


# ---------------------------------------------------------------- the study's decks, catalogue and rules
def spec(deck: Mapping[str, Any]) -> DeckSpec:
    return DeckSpec(deck["hero"], tuple(deck["cards"]))


def deck_names(study: Study) -> str:
    """"A vs B": the decks a study names in its default title."""
    return " vs ".join(d["name"] for d in study["decks"])


def study_catalogue(catalogue: Catalogue, study: Study, errata: bool = True) -> Catalogue:
    """The catalogue the study plays: with its errata as the variant `study-errata` (unless `errata` is False: the
    other half of a paired study) and its Pyramid composition as the variant `study-pyramid`, if it has them.

    Raises ValueError for a composition naming a card that is not a Pyramid card, ErrataError for bad errata."""
    if errata and study.get("errata"):
        catalogue = with_errata(catalogue, study["cards"], study["errata"], study_tables(study))
    entries = study.get("pyramid_deck")
    if not entries:
        return catalogue
    deck = pyramid_deck_from(entries, catalogue.cards)
    variant = Variant(slug=STUDY_PYRAMID, name="The study's Pyramid deck",
                      description=", ".join(f"{e['count']} {e['card']}" for e in entries), pyramid_deck=deck)
    return dataclasses.replace(catalogue, variants=MappingProxyType({**catalogue.variants, STUDY_PYRAMID: variant}))


def study_variants(study: Study, errata: bool = True) -> tuple[str, ...]:
    """The variants every game of the study is played under, its own Pyramid composition and errata included."""
    return tuple(study.get("variants", ())) + ((STUDY_PYRAMID,) if study.get("pyramid_deck") else ()) + (
        (STUDY_ERRATA,) if errata and study.get("errata") else ())


# ---------------------------------------------------------------- the tally
def new_tally() -> dict[str, Any]:
    return {"games": 0, "counts": {}, "sums": {}, "extremes": {}}


def count(tally: dict, cell: str, name: str, value: Any) -> None:
    counts = tally["counts"].setdefault(f"{cell}/{name}", {})
    counts[str(value)] = counts.get(str(value), 0) + 1


def add(tally: dict, cell: str, name: str, value: float) -> None:
    key = f"{cell}/{name}"
    tally["sums"][key] = tally["sums"].get(key, 0) + value


def extreme(tally: dict, name: str, rank: tuple, index: int, seed: int) -> None:
    """Keep the game with the highest rank (ties: the earliest game, whatever the split)."""
    held = tally["extremes"].get(name)
    if held is None or list(rank) > held["rank"]:
        tally["extremes"][name] = {"rank": list(rank), "index": index, "seed": seed}


def fold(into: dict[str, Any], one: Mapping[str, Any], prefix: str = "") -> None:
    """Add a tally's counts, sums and extremes into another, under a key prefix (not its `games`)."""
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


def merge(tallies: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Add chunk tallies together: the same result for any split of the same games."""
    out = new_tally()
    for tally in tallies:
        out["games"] += tally["games"]
        fold(out, tally)
    return out


# ---------------------------------------------------------------- reading a tally
def interval(successes: float, n: int) -> list[float]:
    """The 95% Wilson interval of a rate, rounded as every result shows it."""
    low, high = wilson(successes, n)
    return [round(low, 4), round(high, 4)]


def tally_distribution(tally: Mapping[str, Any], key: str) -> dict[str, Any]:
    """The distribution of a counted figure (its values as floats, as every study's results show them)."""
    counts = tally["counts"].get(key, {})
    return distribution(itertools.chain.from_iterable([float(v)] * n for v, n in counts.items()))
