"""Studies: many seeded games split into chunks that any worker may play, merged into one result (issue 15).

A study is a plain mapping: {"kind": "goldfish"|"matchup"|"matrix"|"pyramid", "games", "seed", "decks": [{"name",
"hero", "cards"}], "bot" (goldfish), "p1"/"p2" (matchups), "seating", "variants", "pyramid_deck" (optional: a
composition [{"card", "count"}] played instead of the Pyramid deck, as the named variant `study-pyramid`), "cards"
(the card data it plays, studydata.py), "errata" and "paired" (errata.py, paired.py), "target_width" (precision.py),
"filler" (card_impact, impact.py)}. Game `i` of a study is always
seeded with `game_seed(seed, i)` and, in a matchup, deck A sits first in even games; so which worker plays it, and
in which chunk, changes nothing. A chunk's result is a tally that adds up exactly (counts of each value, sums,
the best and worst game): merging the tallies of any split gives the same numbers as playing all games in one loop.
"""
from __future__ import annotations

import dataclasses
import itertools
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from . import impact
from .catalogue import Catalogue, Variant, pyramid_deck_from
from .errata import STUDY_ERRATA, with_errata
from .health import game_facts, summary, tally_game
from .match import play_game, wilson
from .paired import paired, paired_results, run_paired
from .setup import DeckSpec, new_game
from .simulate import distribution, game_seed, game_stats, goldfish_game, pyramid_facts, split  # noqa: F401

KINDS = ("goldfish", "matchup", "matrix", "pyramid", impact.KIND)
STUDY_PYRAMID = "study-pyramid"   # the variant a study's own Pyramid composition is played as
MEANS = ("arc_burn_damage", "scene_damage", "discharge_damage", "edges_discharged", "cards_played")


def total_games(study: Mapping[str, Any]) -> int:
    """Games the study plays: `games` per pair of decks for a matrix, else `games`."""
    if study["kind"] == "matrix":
        return len(pairs(study)) * int(study["games"])
    return int(study["games"])


def pairs(study: Mapping[str, Any]) -> list[tuple[int, int]]:
    return list(itertools.combinations(range(len(study["decks"])), 2))


def spec(deck: Mapping[str, Any]) -> DeckSpec:
    return DeckSpec(deck["hero"], tuple(deck["cards"]))


def study_catalogue(catalogue: Catalogue, study: Mapping[str, Any], errata: bool = True) -> Catalogue:
    """The catalogue the study plays: with its errata as the variant `study-errata` (unless `errata` is False: the
    other half of a paired study) and its Pyramid composition as the variant `study-pyramid`, if it has them.

    Raises ValueError for a composition naming a card that is not a Pyramid card, ErrataError for bad errata."""
    if errata and study.get("errata"):
        catalogue = with_errata(catalogue, study["cards"], study["errata"])
    entries = study.get("pyramid_deck")
    if not entries:
        return catalogue
    deck = pyramid_deck_from(entries, catalogue.cards)
    variant = Variant(slug=STUDY_PYRAMID, name="The study's Pyramid deck",
                      description=", ".join(f"{e['count']} {e['card']}" for e in entries), pyramid_deck=deck)
    return dataclasses.replace(catalogue, variants=MappingProxyType({**catalogue.variants, STUDY_PYRAMID: variant}))


def study_variants(study: Mapping[str, Any], errata: bool = True) -> tuple[str, ...]:
    """The variants every game of the study is played under, its own Pyramid composition and errata included."""
    return tuple(study.get("variants", ())) + ((STUDY_PYRAMID,) if study.get("pyramid_deck") else ()) + (
        (STUDY_ERRATA,) if errata and study.get("errata") else ())


# ---------------------------------------------------------------- playing a chunk
def run_chunk(catalogue: Catalogue, study: Mapping[str, Any], start: int, count: int) -> dict[str, Any]:
    """Play games start .. start+count-1 of the study; return their tally."""
    if paired(study):
        return run_paired(catalogue, study, start, count)
    if study["kind"] == impact.KIND:
        return impact.run_chunk(study_catalogue(catalogue, study), study, start, count, study_variants(study))
    tally = new_tally()
    catalogue = study_catalogue(catalogue, study)
    for index in range(start, start + count):
        play_one(catalogue, study, index, tally)
    return tally


def play_one(catalogue: Catalogue, study: Mapping[str, Any], index: int, tally: dict[str, Any],
             errata: bool = True) -> None:
    """Play game `index` of the study (with `study_catalogue`'s catalogue) and add it to the tally."""
    kind, seed = study["kind"], int(study["seed"])
    seating, variants = study.get("seating", "side-by-side"), study_variants(study, errata)
    if kind == "goldfish":
        state = goldfish_game(catalogue, spec(study["decks"][0]), seed=game_seed(seed, index), bot=study["bot"],
                              seating=seating, variants=variants)
        row = game_stats(state, catalogue)
        tally_game(tally, (study["decks"][0]["hero"],), game_facts(state))
        count(tally, "", "legacy", row["legacy"])
        count(tally, "", "rounds", row["rounds"])
        add(tally, "", "hero_survived", int(row["hero_survived"]))
        for name in MEANS:
            add(tally, "", name, row[name])
        extreme(tally, "best", (row["legacy"], -index), index, row["seed"])
        extreme(tally, "worst", (-row["legacy"], -index), index, row["seed"])
    elif kind == "pyramid":
        state = new_game(catalogue, [None, None], seed=game_seed(seed, index), seating=seating, variants=variants)
        facts = pyramid_facts(state)
        tally_game(tally, (), game_facts(state))
        count(tally, "", "rounds", facts["rounds"])
        for name in ("discharges", "resets", "resets_set_by_tide"):
            add(tally, "", name, facts[name])
        add(tally, "", "full_circle", int(facts["full_circle"]))
        add(tally, "", "no_cataclysm", int(not facts["over"]))
    else:
        cell, game = (0, 1), index
        if kind == "matrix":
            cell, game = pairs(study)[index // int(study["games"])], index % int(study["games"])
        row = play_game(catalogue, spec(study["decks"][cell[0]]), spec(study["decks"][cell[1]]), p1=study["p1"],
                        p2=study["p2"], seed=game_seed(seed, game), a_first=game % 2 == 0, seating=seating,
                        variants=variants)
        key = f"{cell[0]}-{cell[1]}"
        tally_game(tally, (study["decks"][cell[0]]["hero"], study["decks"][cell[1]]["hero"]), row["health"])
        count(tally, key, "outcome", row["outcome"])
        count(tally, key, "rounds", row["rounds"])
        add(tally, key, "legacy_a", row["legacy_a"])
        add(tally, key, "legacy_b", row["legacy_b"])
    tally["games"] += 1


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


def merge(tallies: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Add chunk tallies together: the same result for any split of the same games."""
    out = new_tally()
    for tally in tallies:
        out["games"] += tally["games"]
        for key, counts in tally["counts"].items():
            mine = out["counts"].setdefault(key, {})
            for value, n in counts.items():
                mine[value] = mine.get(value, 0) + n
        for key, total in tally["sums"].items():
            out["sums"][key] = out["sums"].get(key, 0) + total
        for name, held in tally["extremes"].items():
            current = out["extremes"].get(name)
            if current is None or held["rank"] > current["rank"]:
                out["extremes"][name] = dict(held)
    return out


# ---------------------------------------------------------------- the study's result
def results(study: Mapping[str, Any], tally: Mapping[str, Any]) -> dict[str, Any]:
    """What a designer reads: distributions, rates with 95% intervals, means (from the merged tally)."""
    n = tally["games"]
    if not n:
        return {"games": 0}
    if paired(study):
        return paired_results(study, tally)
    if study["kind"] == impact.KIND:
        return impact.results(study, tally)
    sums = tally["sums"]
    kind = study["kind"]
    if kind == "goldfish":
        best, worst = tally["extremes"]["best"], tally["extremes"]["worst"]
        survived = sums["/hero_survived"]
        return {
            "games": n, "legacy": _distribution(tally, "/legacy"), "rounds": _distribution(tally, "/rounds"),
            "hero_survival_rate": round(survived / n, 4), "hero_survival_interval": _interval(survived, n),
            "means": {name: round(sums[f"/{name}"] / n, 3) for name in MEANS},
            "best_game": {"index": best["index"], "seed": best["seed"], "legacy": best["rank"][0]},
            "worst_game": {"index": worst["index"], "seed": worst["seed"], "legacy": -worst["rank"][0]},
            "rules_health": summary(tally, distribution),
        }
    if kind == "pyramid":
        return {
            "games": n, "rounds": _distribution(tally, "/rounds"),
            "mean_discharges": round(sums["/discharges"] / n, 3), "resets": sums["/resets"],
            "resets_set_by_tide": sums["/resets_set_by_tide"], "games_ended_by_full_circle": sums["/full_circle"],
            "games_without_cataclysm": sums["/no_cataclysm"], "rules_health": summary(tally, distribution),
        }
    names = [d["name"] for d in study["decks"]]
    cells = {f"{a}-{b}": _cell(tally, f"{a}-{b}") for a, b in (pairs(study) if kind == "matrix" else [(0, 1)])}
    if kind == "matchup":
        return {"games": n, "decks": names, **cells["0-1"], "rules_health": summary(tally, distribution)}
    table: dict[str, dict[str, Any]] = {name: {} for name in names}
    for key, cell in cells.items():
        a, b = (int(i) for i in key.split("-"))
        table[names[a]][names[b]] = {k: cell[k] for k in ("games", "wins", "losses", "draws", "win_rate", "interval")}
        flipped = cell["losses"] + cell["draws"] / 2
        table[names[b]][names[a]] = {"games": cell["games"], "wins": cell["losses"], "losses": cell["wins"],
                                     "draws": cell["draws"], "win_rate": round(flipped / cell["games"], 4),
                                     "interval": _interval(flipped, cell["games"])}
    overall = {}
    for name in names:
        played = sum(c["games"] for c in table[name].values())
        score = sum(c["wins"] + c["draws"] / 2 for c in table[name].values())
        overall[name] = {"games": played, "win_rate": round(score / played, 4), "interval": _interval(score, played)}
    return {"games": n, "decks": names, "cells": table, "overall": overall,
            "rules_health": summary(tally, distribution)}


def _cell(tally: Mapping[str, Any], key: str) -> dict[str, Any]:
    outcomes = tally["counts"].get(f"{key}/outcome", {})
    wins, losses, draws = (outcomes.get(k, 0) for k in ("win", "loss", "draw"))
    n = wins + losses + draws
    score = wins + draws / 2
    return {"games": n, "wins": wins, "losses": losses, "draws": draws, "win_rate": round(score / n, 4),
            "interval": _interval(score, n), "mean_legacy_a": round(tally["sums"][f"{key}/legacy_a"] / n, 2),
            "mean_legacy_b": round(tally["sums"][f"{key}/legacy_b"] / n, 2),
            "rounds": _distribution(tally, f"{key}/rounds")}


def _interval(successes: float, n: int) -> list[float]:
    low, high = wilson(successes, n)
    return [round(low, 4), round(high, 4)]


def _distribution(tally: Mapping[str, Any], key: str) -> dict[str, Any]:
    counts = tally["counts"].get(key, {})
    return distribution(itertools.chain.from_iterable([float(v)] * n for v, n in counts.items()))
