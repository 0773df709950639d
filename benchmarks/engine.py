"""The engine benchmark: goldfish games per second per core, actions per second and peak memory.

`python -m benchmarks engine [--quick] [--json] [--seconds S] [--check]`. One process, one core: for each bot (random,
greedy) and each starter deck it plays seeded goldfish games for a CPU-time budget, then measures the memory one game
needs with tracemalloc (untimed, since tracing slows Python down). Rates use CPU time, so other load on a shared
machine disturbs them less than wall-clock rates would, and each cell's games are replayed (same seeds, same games)
so that the fastest of REPEATS runs counts, as `timeit` reports its best: interference only ever adds time. The
engine's compiled form runs where it is built (the report says which); `CATACLYSM_ENGINE=python` measures the plain one.

The table cells (issue 34) measure what a decision costs with every seat played: the same starter decks around
tables of two, three and four players and two against two, every seat played by the same bot, per decision (a
table's game has more players, so more decisions, and only the cost of each is comparable).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import sys
import time
import tracemalloc
from typing import Any

from rules.engine import COMPILED, ENGINE_VERSION
from rules.engine.bots import get_bot
from rules.engine.catalogue import Catalogue, load_catalogue
from rules.engine.setup import new_game
from rules.engine.simulate import goldfish_game, starter_deck

BOTS = ("random", "greedy")
# Tables of every seat played (issue 34): seating, seats. Their decks cycle through the starter decks, sorted.
TABLES = (("side-by-side", 2), ("three-players", 3), ("four-players", 4), ("two-against-two", 4))
TARGET_GAMES_PER_SECOND = 200  # full goldfish games per second per core, random bot
FULL_SECONDS = 2.0             # CPU budget per bot and deck
QUICK_SECONDS = 0.25
REPEATS = 3                    # each cell's games are played this many times; the fastest run counts


def play_games(catalogue: Catalogue, deck, bot: str, count: int) -> tuple[int, int, float]:
    """Play games with seeds 0..count-1; return (actions, summed Legacy, CPU seconds)."""
    actions = legacy = 0
    cpu0 = time.process_time()
    for seed in range(count):
        state = goldfish_game(catalogue, deck, seed=seed, bot=bot)
        actions += len(state.history)  # the decisions made (not their ids: formatting them is not play)
        legacy += state.result()["legacy"][0]
    return actions, legacy, time.process_time() - cpu0


def bench_cell(catalogue: Catalogue, deck_slug: str, bot: str, seconds: float,
               repeats: int = REPEATS) -> dict[str, Any]:
    """Play seeded games of one deck with one bot until `seconds` of CPU time are spent (at least one game), then
    play the same games again `repeats - 1` times and keep the fastest run, as `timeit` does: on a shared machine
    other processes only ever add time."""
    deck = starter_deck(catalogue, deck_slug)
    games = actions = legacy = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while True:
        state = goldfish_game(catalogue, deck, seed=games, bot=bot)
        games += 1
        actions += len(state.history)
        legacy += state.result()["legacy"][0]
        if time.process_time() - cpu0 >= seconds:
            break
    runs = [time.process_time() - cpu0]
    wall = time.perf_counter() - wall0
    for _ in range(repeats - 1):
        again, _legacy, cpu = play_games(catalogue, deck, bot, games)
        assert again == actions, "a seeded game played differently the second time"
        runs.append(cpu)
    cpu = min(runs)
    return {"bot": bot, "deck": deck_slug, "games": games, "actions": actions, "cpu_seconds": round(cpu, 3),
            "cpu_seconds_runs": [round(r, 3) for r in runs], "wall_seconds_first_run": round(wall, 3),
            "games_per_second": round(games / cpu, 1), "actions_per_second": round(actions / cpu),
            "actions_per_game": round(actions / games, 1), "legacy_mean": round(legacy / games, 1)}


def table_game(catalogue: Catalogue, decks: list, seating: str, bot: str, seed: int) -> int:
    """One game with every seat played by `bot`; return its decisions."""
    g = new_game(catalogue, decks, seating=seating, seed=seed)
    players = [get_bot(bot, seed + p) for p in range(len(decks))]
    while not g.is_over:
        g.apply(players[g.current_player].choose(g))
    return len(g.history)


def table_cell(catalogue: Catalogue, seating: str, seats: int, bot: str, seconds: float,
               repeats: int = REPEATS) -> dict[str, Any]:
    """Seeded games of one table for `seconds` of CPU time (at least one), replayed `repeats - 1` times; the fastest
    run's CPU time per decision."""
    names = sorted(catalogue.starter_decks)
    games = 0
    actions: list[int] = []
    cpu0 = time.process_time()
    while True:
        decks = [starter_deck(catalogue, names[(games + p) % len(names)]) for p in range(seats)]
        actions.append(table_game(catalogue, decks, seating, bot, games))
        games += 1
        if time.process_time() - cpu0 >= seconds:
            break
    runs = [time.process_time() - cpu0]
    for _ in range(repeats - 1):
        start = time.process_time()
        for seed in range(games):
            decks = [starter_deck(catalogue, names[(seed + p) % len(names)]) for p in range(seats)]
            table_game(catalogue, decks, seating, bot, seed)
        runs.append(time.process_time() - start)
    cpu = min(runs)
    total = sum(actions)
    return {"bot": bot, "seating": seating, "players": seats, "games": games, "actions": total,
            "cpu_seconds": round(cpu, 3), "actions_per_game": round(total / games, 1),
            "microseconds_per_decision": round(cpu / total * 1e6, 1)}


def traced_peak(catalogue: Catalogue, deck_slug: str, bot: str) -> int:
    """Peak bytes Python allocates while one goldfish game is set up and played to the end."""
    deck = starter_deck(catalogue, deck_slug)
    tracemalloc.start()
    try:
        goldfish_game(catalogue, deck, seed=0, bot=bot)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def run(seconds: float) -> dict[str, Any]:
    """Measure every bot on every starter deck and return the report."""
    catalogue = load_catalogue()
    decks = sorted(catalogue.starter_decks)
    goldfish_game(catalogue, starter_deck(catalogue, decks[0]), seed=0, bot="random")  # warm the caches
    cells = [bench_cell(catalogue, deck, bot, seconds) for bot in BOTS for deck in decks]
    tables = [table_cell(catalogue, seating, seats, bot, seconds) for bot in BOTS for seating, seats in TABLES]
    totals = {}
    for bot in BOTS:
        rows = [c for c in cells if c["bot"] == bot]
        games, actions = sum(c["games"] for c in rows), sum(c["actions"] for c in rows)
        cpu = sum(c["cpu_seconds"] for c in rows)
        per_deck = [c["games_per_second"] for c in rows]
        totals[bot] = {"games": games, "actions": actions, "cpu_seconds": round(cpu, 3),
                       "games_per_second": round(games / cpu, 1), "actions_per_second": round(actions / cpu),
                       "slowest_deck_games_per_second": min(per_deck),
                       "traced_peak_bytes_per_game": max(traced_peak(catalogue, d, bot) for d in decks)}
    rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    measured = totals["random"]["games_per_second"]
    return {
        "benchmark": "engine",
        "engine_version": ENGINE_VERSION,
        "engine_form": engine_form(),
        "data_hash": catalogue.data_hash,
        "python": platform.python_version(),
        "python_home": sys.base_prefix,  # which build: Debian's (/usr) or another (pyenv, ...)
        "machine": {"cpus": os.cpu_count(), "load_average": [round(x, 2) for x in os.getloadavg()]},
        "processes": 1,
        "seconds_per_cell": seconds,
        "repeats": REPEATS,
        "cells": cells,
        "tables": tables,
        "totals": totals,
        "peak_rss_bytes": rss_kib * 1024,
        "target": {"bot": "random", "games_per_second_per_core": TARGET_GAMES_PER_SECOND, "measured": measured,
                   "met": measured >= TARGET_GAMES_PER_SECOND},
    }


def engine_form() -> str:
    """Which form of the engine this process runs (rules/engine/native.py; CATACLYSM_ENGINE=python forces plain)."""
    return f"compiled ({len(COMPILED)} modules)" if COMPILED else "plain Python"


def format_report(report: dict[str, Any]) -> str:
    """The report as a plain-text table."""
    out = [
        f"Engine benchmark: engine {report['engine_version']} ({report['engine_form']}), "
        f"card data {report['data_hash']}, "
        f"Python {report['python']} ({report['python_home']}), 1 process, "
        f"{report['seconds_per_cell']:g} s CPU per bot and deck, "
        f"best of {report['repeats']} runs "
        f"(load average {', '.join(map(str, report['machine']['load_average']))} on {report['machine']['cpus']} CPUs)",
        "",
        f"{'bot':<8}{'deck':<28}{'games':>7}{'games/s/core':>14}{'actions/s':>11}{'actions/game':>14}"
        f"{'Legacy':>8}",
    ]
    for c in report["cells"]:
        out.append(f"{c['bot']:<8}{c['deck']:<28}{c['games']:>7}{c['games_per_second']:>14.1f}"
                   f"{c['actions_per_second']:>11}{c['actions_per_game']:>14.1f}{c['legacy_mean']:>8.1f}")
    out += ["", f"{'bot':<8}{'table (every seat played)':<28}{'games':>7}{'actions/game':>14}{'µs/decision':>13}"]
    for c in report["tables"]:
        out.append(f"{c['bot']:<8}{c['seating'] + ' (' + str(c['players']) + ')':<28}{c['games']:>7}"
                   f"{c['actions_per_game']:>14.1f}{c['microseconds_per_decision']:>13.1f}")
    out.append("")
    for bot, t in report["totals"].items():
        out.append(f"{bot:<8}{'all six decks':<28}{t['games']:>7}{t['games_per_second']:>14.1f}"
                   f"{t['actions_per_second']:>11}   slowest deck {t['slowest_deck_games_per_second']:.1f} games/s, "
                   f"one game peaks at {t['traced_peak_bytes_per_game'] / 2**20:.2f} MiB traced")
    target = report["target"]
    verdict = "met" if target["met"] else "NOT met"
    out += [
        "",
        f"Peak memory (process RSS): {report['peak_rss_bytes'] / 2**20:.1f} MiB",
        f"Target: >= {target['games_per_second_per_core']} goldfish games/s/core with the random bot: "
        f"{target['measured']:.1f}, {verdict}",
    ]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks engine", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_SECONDS} s per bot and deck instead of "
                                                             f"{FULL_SECONDS} s")
    parser.add_argument("--seconds", type=float, default=None, help="CPU seconds per bot and deck.")
    parser.add_argument("--json", action="store_true", help="Print one JSON object instead of the table.")
    parser.add_argument("--check", action="store_true", help="Exit 1 if the random bot misses the target.")
    args = parser.parse_args(argv)
    seconds = args.seconds if args.seconds is not None else (QUICK_SECONDS if args.quick else FULL_SECONDS)
    if seconds <= 0:
        parser.error("--seconds must be positive")
    report = run(seconds)
    print(json.dumps(report, sort_keys=True) if args.json else format_report(report))
    return 1 if args.check and not report["target"]["met"] else 0


if __name__ == "__main__":
    sys.exit(main())
