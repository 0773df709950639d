"""The registry of study kinds (pure: no Django): name -> `StudyKind` (studybase.py), read by the engine's lab and by
the site's form, API, checks and pages. Goldfish, matchup, matrix and Pyramid studies are defined here; card impact and
the table of three or four decks each in its own module (impact.py, studytable.py). A new kind: its `StudyKind` in
its own module, added to `STUDY_KINDS` below.
"""
from __future__ import annotations

import itertools
import math
from typing import Any, Mapping, Sequence

from . import impact, studytable
from .catalogue import Catalogue
from .health import ending, game_facts, summary, tally_game
from .match import play_game, record, wilson
from .setup import DeckSpec, new_game
from .simulate import PLAYED_KINDS, distribution, game_seed, game_stats, goldfish_game, pyramid_facts
from .studybase import (
    MAX_DECKS,
    SCORE,
    Z95,
    StudyKind,
    add,
    count,
    deck_names,
    extreme,
    interval,
    spec,
    tally_distribution,
)
from .studyrequest import Study, StudyRequest, player_words, players_words
from .version import ENGINE_VERSION

MEANS = ("arc_burn_damage", "scene_damage", "discharge_damage", "edges_discharged", "cards_played")


# ---------------------------------------------------------------- the headline question's width (precision.py)
def mean_width(counts: Mapping[str, int]) -> float | None:
    """The 95% interval's width of the mean of counted values (None below two games)."""
    n = sum(counts.values())
    if n < 2:
        return None
    mean = sum(float(v) * k for v, k in counts.items()) / n
    variance = sum(k * (float(v) - mean) ** 2 for v, k in counts.items()) / (n - 1)
    return 2 * Z95 * math.sqrt(variance / n)


def rate_width(outcomes: Mapping[str, int]) -> float | None:
    wins, losses, draws = (outcomes.get(k, 0) for k in ("win", "loss", "draw"))
    n = wins + losses + draws
    if not n:
        return None
    low, high = wilson(wins + draws / 2, n)
    return high - low


def widest_win_rate(study: Study, tally: Mapping[str, Any]) -> float | None:
    """The widest win rate interval of the study's cells (a matchup has one)."""
    widths = [rate_width(v) for k, v in tally["counts"].items() if k.endswith("/outcome") and not k.startswith("health")]
    widths = [w for w in widths if w is not None]
    return max(widths) if widths else None


# ---------------------------------------------------------------- goldfish: one deck, a bot, the empty opponent
def play_goldfish(catalogue: Catalogue, study: Study, index: int, tally: dict, variants: tuple) -> None:
    state = goldfish_game(catalogue, spec(study["decks"][0]), seed=game_seed(int(study["seed"]), index),
                          bot=study["bot"], seating=study.get("seating", "side-by-side"), variants=variants)
    row = game_stats(state, catalogue)
    # health.game_facts, from what game_stats has counted already (one pass over the log, not two)
    facts = {"rounds": state.round, "ending": ending(state), "discharges": row["edges_discharged"],
             "decisions": row["actions"]}
    tally_game(tally, (study["decks"][0]["hero"],), facts)
    count(tally, "", "legacy", row["legacy"])
    count(tally, "", "rounds", row["rounds"])
    add(tally, "", "hero_survived", int(row["hero_survived"]))
    for name in MEANS:
        add(tally, "", name, row[name])
    # what only the goldfish summary of the command line and the deck page shows (goldfish_summary)
    count(tally, "", "actions", row["actions"])
    add(tally, "", "edges_discharged_adjacent", row["edges_discharged_adjacent"])
    for name in PLAYED_KINDS:
        add(tally, "", f"cards_played:{name}", row["cards_played_by_kind"][name])
    extreme(tally, "best", (row["legacy"], -index), index, row["seed"])
    extreme(tally, "worst", (-row["legacy"], -index), index, row["seed"])


def goldfish_results(study: Study, tally: Mapping[str, Any]) -> dict[str, Any]:
    n, sums = tally["games"], tally["sums"]
    best, worst = tally["extremes"]["best"], tally["extremes"]["worst"]
    survived = sums["/hero_survived"]
    return {
        "games": n, "legacy": tally_distribution(tally, "/legacy"), "rounds": tally_distribution(tally, "/rounds"),
        "hero_survival_rate": round(survived / n, 4), "hero_survival_interval": interval(survived, n),
        "means": {name: round(sums[f"/{name}"] / n, 3) for name in MEANS},
        "best_game": {"index": best["index"], "seed": best["seed"], "legacy": best["rank"][0]},
        "worst_game": {"index": worst["index"], "seed": worst["seed"], "legacy": -worst["rank"][0]},
        "rules_health": summary(tally, distribution),
    }


def goldfish_summary(tally: Mapping[str, Any], *, catalogue: Catalogue, deck: DeckSpec, bot: str, seating: str,
                     seed: int, variants: Sequence[str] = ()) -> dict[str, Any]:
    """A goldfish run's statistics as `manage.py goldfish` prints them and a deck's bulk runs store them: whole
    numbers kept whole (the lab's results show them as floats), from the same tally as the lab's goldfish study."""
    n, sums = tally["games"], tally["sums"]
    best, worst = tally["extremes"]["best"], tally["extremes"]["worst"]

    def whole(key: str) -> dict[str, Any]:
        counts = tally["counts"].get(key, {})
        return distribution(itertools.chain.from_iterable([int(v)] * k for v, k in counts.items()))

    def mean(key: str) -> float:
        return round(float(sums[key] / n), 3)

    return {
        "engine_version": ENGINE_VERSION, "data_hash": catalogue.data_hash, "bot": bot, "seating": seating,
        "variants": sorted(set(variants)), "seed": seed, "games": n,
        "deck": {"hero": deck.hero, "cards": len(deck.cards)},
        "legacy": whole("/legacy"), "rounds": whole("/rounds"), "actions": whole("/actions"),
        "hero_survival_rate": round(float(sums["/hero_survived"] / n), 4),
        "means": {**{name: mean(f"/{name}") for name in MEANS[:4]},
                  "edges_discharged_adjacent": mean("/edges_discharged_adjacent"), "cards_played": mean("/cards_played"),
                  "cards_played_by_kind": {name: mean(f"/cards_played:{name}") for name in PLAYED_KINDS}},
        "best_game": {"index": best["index"], "seed": best["seed"], "legacy": best["rank"][0]},
        "worst_game": {"index": worst["index"], "seed": worst["seed"], "legacy": -worst["rank"][0]},
    }


GOLDFISH = StudyKind(
    name="goldfish", label="One deck, goldfish (a bot plays it)", summary="one deck and a bot", decks=(1, 1),
    play=play_goldfish, results=goldfish_results, players=lambda decks: "bot",
    inputs=lambda catalogue, study, request: {"bot": request.bot},
    title=lambda study: f"{deck_names(study)}: {player_words(study.get('bot'))}, goldfish",
    width=lambda study, tally: mean_width(tally["counts"].get("/legacy", {})),
    measure=lambda one: float(next(iter(one["counts"]["/legacy"]))),
    fields=("deck", "bot"), results_template="lab/results/goldfish.html")


# ---------------------------------------------------------------- matchups and matrices: decks against each other
def pairs(study: Study) -> list[tuple[int, int]]:
    return list(itertools.combinations(range(len(study["decks"])), 2))


def play_pairing(catalogue: Catalogue, study: Study, index: int, tally: dict, variants: tuple) -> None:
    """A matchup's game `index`, or a matrix's (`games` a pair of decks, pair after pair); deck A first in even
    games."""
    cell, game = (0, 1), index
    if study["kind"] == "matrix":
        cell, game = pairs(study)[index // int(study["games"])], index % int(study["games"])
    row = play_game(catalogue, spec(study["decks"][cell[0]]), spec(study["decks"][cell[1]]), p1=study["p1"],
                    p2=study["p2"], seed=game_seed(int(study["seed"]), game), a_first=game % 2 == 0,
                    seating=study.get("seating", "side-by-side"), variants=variants)
    key = f"{cell[0]}-{cell[1]}"
    tally_game(tally, (study["decks"][cell[0]]["hero"], study["decks"][cell[1]]["hero"]), row["health"])
    count(tally, key, "outcome", row["outcome"])
    count(tally, key, "rounds", row["rounds"])
    add(tally, key, "legacy_a", row["legacy_a"])
    add(tally, key, "legacy_b", row["legacy_b"])


def cell_results(tally: Mapping[str, Any], key: str) -> dict[str, Any]:
    one = record(tally["counts"].get(f"{key}/outcome", {}))
    n = one["games"]
    return {**one, "mean_legacy_a": round(tally["sums"][f"{key}/legacy_a"] / n, 2),
            "mean_legacy_b": round(tally["sums"][f"{key}/legacy_b"] / n, 2),
            "rounds": tally_distribution(tally, f"{key}/rounds")}


def matchup_results(study: Study, tally: Mapping[str, Any]) -> dict[str, Any]:
    return {"games": tally["games"], "decks": [d["name"] for d in study["decks"]], **cell_results(tally, "0-1"),
            "rules_health": summary(tally, distribution)}


def matrix_results(study: Study, tally: Mapping[str, Any]) -> dict[str, Any]:
    """Each deck's win rate against each other deck, both ways round, and overall."""
    names = [d["name"] for d in study["decks"]]
    table: dict[str, dict[str, Any]] = {name: {} for name in names}
    for a, b in pairs(study):
        cell = cell_results(tally, f"{a}-{b}")
        table[names[a]][names[b]] = record({"win": cell["wins"], "loss": cell["losses"], "draw": cell["draws"]})
        table[names[b]][names[a]] = record({"win": cell["losses"], "loss": cell["wins"], "draw": cell["draws"]})
    overall = {}
    for name in names:
        played = sum(c["games"] for c in table[name].values())
        score = sum(c["wins"] + c["draws"] / 2 for c in table[name].values())
        overall[name] = {"games": played, "win_rate": round(score / played, 4), "interval": interval(score, played)}
    return {"games": tally["games"], "decks": names, "cells": table, "overall": overall,
            "rules_health": summary(tally, distribution)}


def both_players(catalogue: Catalogue, study: Study, request: StudyRequest) -> dict[str, Any]:
    return {"p1": request.p1, "p2": request.p2}


MATCHUP = StudyKind(
    name="matchup", label="A matchup (two decks)", summary="two decks and two players", decks=(2, 2),
    play=play_pairing, results=matchup_results, players=lambda decks: "players", inputs=both_players,
    title=lambda study: f"{deck_names(study)}: {players_words(study)}", width=widest_win_rate,
    measure=lambda one: SCORE[next(iter(one["counts"]["0-1/outcome"]))],
    fields=("pair",), results_template="lab/results/matchup.html")

MATRIX = StudyKind(
    name="matrix", label="A matrix (every pair of 2–8 decks)", summary=f"every pair of 2-{MAX_DECKS} decks",
    decks=(2, MAX_DECKS), play=play_pairing, results=matrix_results, players=lambda decks: "players",
    inputs=both_players,
    title=lambda study: f"{len(study['decks'])} decks: matrix, {players_words(study)}",
    width=widest_win_rate, pairs_of_games=lambda decks: decks * (decks - 1) // 2,
    fields=("deck_checks", "players"), results_template="lab/results/matrix.html")


# ---------------------------------------------------------------- the Pyramid alone: a rule set, no deck
def play_pyramid(catalogue: Catalogue, study: Study, index: int, tally: dict, variants: tuple) -> None:
    state = new_game(catalogue, [None, None], seed=game_seed(int(study["seed"]), index),
                     seating=study.get("seating", "side-by-side"), variants=variants)
    facts = pyramid_facts(state)
    tally_game(tally, (), game_facts(state))
    count(tally, "", "rounds", facts["rounds"])
    for name in ("discharges", "resets", "resets_set_by_tide"):
        add(tally, "", name, facts[name])
    add(tally, "", "full_circle", int(facts["full_circle"]))
    add(tally, "", "no_cataclysm", int(not facts["over"]))


def pyramid_results(study: Study, tally: Mapping[str, Any]) -> dict[str, Any]:
    n, sums = tally["games"], tally["sums"]
    return {
        "games": n, "rounds": tally_distribution(tally, "/rounds"),
        "mean_discharges": round(sums["/discharges"] / n, 3), "resets": sums["/resets"],
        "resets_set_by_tide": sums["/resets_set_by_tide"], "games_ended_by_full_circle": sums["/full_circle"],
        "games_without_cataclysm": sums["/no_cataclysm"], "rules_health": summary(tally, distribution),
    }


PYRAMID = StudyKind(
    name="pyramid", label="The Pyramid alone (no deck)", summary="the Pyramid alone, no deck", decks=(0, 0),
    play=play_pyramid, results=pyramid_results, players=lambda decks: "", inputs=lambda catalogue, study, request: {},
    title=lambda study: "the Pyramid", width=lambda study, tally: mean_width(tally["counts"].get("/rounds", {})),
    results_template="lab/results/pyramid.html")


# ---------------------------------------------------------------- the registry
STUDY_KINDS: dict[str, StudyKind] = {kind.name: kind for kind in (GOLDFISH, MATCHUP, MATRIX, PYRAMID, impact.CARD_IMPACT,
                                                                   studytable.TABLE)}
KINDS = tuple(STUDY_KINDS)


def total_games(study: Study) -> int:
    """Games the study plays: `games` per pair of decks for a matrix, per seat rotation for a table, else `games`."""
    return STUDY_KINDS[study["kind"]].pairs_of_games(len(study["decks"])) * int(study["games"])
