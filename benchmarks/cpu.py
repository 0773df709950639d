"""How real the computer's difficulty levels are: `python -m benchmarks cpu [--games N] [--seed S] [--json]`.

For each pairing of levels (hard vs normal, normal vs easy, hard vs easy) it plays N games for every ordered pair of the
decks below, seats alternating inside each match (so decks and seats are both swapped), and reports the stronger level's
win rate with its 95% Wilson interval and the time per decision; then the quick level against hard in the duplicate
format (benchmarks/quick.py: its p50/p90 CPU a decision and its win rate with the interval). `make bench-cpu` runs it;
docs/benchmarks.md quotes its figures. Difficulty targets live here, not in unit tests (tests/rules/test_cpu.py checks
only the ordering on a small sample). Then it reports the Instants the greedy player casts a game, before issue 35 and
now, and the new greedy and hard players against the old ones in duplicate (`benchmarks/instants.py`; `--deals 0`
leaves the duplicate games out).
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import time

from benchmarks import instants
from rules.engine.catalogue import load_catalogue
from rules.engine.match import play_match, wilson
from rules.engine.simulate import starter_deck

from . import quick

PAIRINGS = (("cpu:hard", "cpu:normal"), ("cpu:normal", "cpu:easy"), ("cpu:hard", "cpu:easy"))
DECKS = ("starter-dr-veylan", "starter-elder-maru", "starter-mayor-vaelis", "starter-talah")


def measure(games: int, seed: int) -> dict:
    catalogue = load_catalogue()
    specs = {name: starter_deck(catalogue, name) for name in DECKS}
    rows = []
    for strong, weak in PAIRINGS:
        wins = draws = played = decisions = 0
        started = time.process_time()
        for a, b in itertools.permutations(DECKS, 2):
            result = play_match(catalogue, specs[a], specs[b], p1=strong, p2=weak, games=games, seed=seed)
            wins += result["wins"]
            draws += result["draws"]
            played += result["games"]
            decisions += round(result["decisions"]["mean"] * result["games"])
        seconds = time.process_time() - started
        score = wins + draws / 2
        low, high = wilson(score, played)
        rows.append({"stronger": strong, "weaker": weak, "games": played, "wins": wins, "draws": draws,
                     "win_rate": round(score / played, 4), "interval": [round(low, 4), round(high, 4)],
                     "ms_per_decision": round(1000 * seconds / max(1, decisions), 3)})
    return {"decks": list(DECKS), "games_per_ordered_pair": games, "seed": seed, "pairings": rows}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks cpu", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=34, help="games per ordered pair of decks (default 34: "
                        "12 ordered pairs x 34 = 408 games per pairing)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick-games", type=int, default=13, help="cpu:quick vs cpu:hard: deals per ordered pair "
                        "of decks, each from both chairs (default 13: 416 games; 0 skips it)")
    parser.add_argument("--json", action="store_true")
    instants.add_arguments(parser)
    args = parser.parse_args(argv)
    report = measure(args.games, args.seed)
    report["instants"] = instants.measure(args.instant_games, args.deals, args.seed)
    if args.quick_games:
        report["quick"] = quick.measure(args.quick_games, (args.seed,), os.cpu_count() or 1)
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"CPU difficulty: decks {', '.join(DECKS)}; every ordered pair, {args.games} games each, seats alternating")
    for row in report["pairings"]:
        print(f"  {row['stronger']:>10} vs {row['weaker']:<10} {row['games']:>5} games: "
              f"{row['win_rate'] * 100:5.1f}% (95% {row['interval'][0] * 100:.1f}–{row['interval'][1] * 100:.1f}%), "
              f"{row['ms_per_decision']:.2f} ms a decision")
    instants.print_report(report["instants"])
    if "quick" in report:
        print("\n".join(quick.describe(report["quick"])))
    return 0
