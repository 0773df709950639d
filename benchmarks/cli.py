"""The command line against the engine: `manage.py goldfish`'s decisions per second for exactly the games `make bench`
measures the engine on, start-up included, and a 10,000-game analysis on every core.

`python -m benchmarks cli [--deck D] [--greedy N] [--random N] [--analysis N] [--seed S] [--repeats R] [--json]`.
For each bot it plays games 0..N-1 of the seed (game i on `game_seed(seed, i)`) twice, back to back: in this process
with the engine alone (`goldfish_game` and the result, as `make bench` plays), then as `manage.py goldfish --workers 1
--json` in a child process, whose CPU time (start-up, Django, catalogue and statistics included) is read from the
kernel. Both play the same games, so the same decisions: the ratio of decisions per second is the ratio of CPU times.
Each pair runs `--repeats` times and the fastest of each side counts (other load only ever adds time). Then the
command's start-up alone (one game) and `--analysis` greedy games on every core (`--workers` left at its default),
timed by the wall clock.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from rules.engine.catalogue import load_catalogue
from rules.engine.simulate import game_seed, goldfish_game, starter_deck

ROOT = Path(__file__).resolve().parents[1]
TARGET = 0.85   # the command line plays at least this share of the engine's decisions per second


def engine_run(catalogue, deck_slug: str, bot: str, games: int, seed: int) -> tuple[int, float]:
    """(decisions, CPU seconds) of the games played by the engine alone, as `make bench` plays them."""
    deck = starter_deck(catalogue, deck_slug)
    decisions = 0
    cpu0 = time.process_time()
    for index in range(games):
        state = goldfish_game(catalogue, deck, seed=game_seed(seed, index), bot=bot)
        decisions += len(state.history)
        state.result()
    return decisions, time.process_time() - cpu0


def command_run(deck_slug: str, bot: str, games: int, seed: int, workers: int | None = 1) -> dict[str, Any]:
    """`manage.py goldfish` in a child process: its statistics, CPU seconds (every process it started) and wall
    seconds."""
    args = [sys.executable, "manage.py", "goldfish", "--deck", deck_slug, "--games", str(games), "--seed", str(seed),
            "--bot", bot, "--json"] + ([] if workers is None else ["--workers", str(workers)])
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall0 = time.perf_counter()
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - wall0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"stats": json.loads(done.stdout), "cpu_seconds": cpu, "wall_seconds": wall}


def compare(catalogue, deck_slug: str, bot: str, games: int, seed: int, repeats: int) -> dict[str, Any]:
    engine_cpu, command_cpu = [], []
    decisions = 0
    for _ in range(repeats):
        decisions, cpu = engine_run(catalogue, deck_slug, bot, games, seed)
        engine_cpu.append(cpu)
        run = command_run(deck_slug, bot, games, seed)
        command_cpu.append(run["cpu_seconds"])
        told = run["stats"]["actions"]["mean"] * games
        assert abs(told - decisions) <= games * 0.0005 + 1, "the command played other games than the engine"
    engine, command = min(engine_cpu), min(command_cpu)
    return {"bot": bot, "games": games, "decisions": decisions,
            "engine_cpu_seconds": round(engine, 3), "command_cpu_seconds": round(command, 3),
            "engine_decisions_per_second": round(decisions / engine), "command_decisions_per_second":
            round(decisions / command), "ratio": round(engine / command, 3),
            "runs": {"engine": [round(c, 3) for c in engine_cpu], "command": [round(c, 3) for c in command_cpu]}}


def run(deck: str, greedy: int, random_games: int, analysis: int, seed: int, repeats: int) -> dict[str, Any]:
    catalogue = load_catalogue()
    goldfish_game(catalogue, starter_deck(catalogue, deck), seed=0, bot="random")   # warm the caches
    rows = [compare(catalogue, deck, bot, games, seed, repeats)
            for bot, games in (("greedy", greedy), ("random", random_games)) if games]
    start = min((command_run(deck, "greedy", 1, seed) for _ in range(repeats)), key=lambda r: r["cpu_seconds"])
    report: dict[str, Any] = {
        "benchmark": "cli", "deck": deck, "seed": seed, "repeats": repeats, "target_ratio": TARGET,
        "machine": {"cpus": os.cpu_count(), "load_average": [round(x, 2) for x in os.getloadavg()]},
        "catalogue": start["stats"]["catalogue"], "rows": rows,
        "start_up": {"cpu_seconds": round(start["cpu_seconds"], 3), "wall_seconds": round(start["wall_seconds"], 3)},
    }
    if analysis:
        big = command_run(deck, "greedy", analysis, seed, workers=None)
        report["analysis"] = {"games": analysis, "bot": "greedy", "workers": os.cpu_count(),
                              "wall_seconds": round(big["wall_seconds"], 2), "cpu_seconds": round(big["cpu_seconds"], 2)}
    report["met"] = all(row["ratio"] >= TARGET for row in rows)
    return report


def format_report(report: dict[str, Any]) -> str:
    load = ", ".join(map(str, report["machine"]["load_average"]))
    out = [f"The command line against the engine: {report['deck']}, seed {report['seed']}, best of "
           f"{report['repeats']} (catalogue from the {report['catalogue']}; load average {load} on "
           f"{report['machine']['cpus']} CPUs)", "",
           f"{'bot':<8}{'games':>7}{'decisions':>11}{'engine CPU s':>14}{'command CPU s':>15}{'engine dec/s':>14}"
           f"{'command dec/s':>15}{'ratio':>8}"]
    for r in report["rows"]:
        out.append(f"{r['bot']:<8}{r['games']:>7}{r['decisions']:>11}{r['engine_cpu_seconds']:>14.2f}"
                   f"{r['command_cpu_seconds']:>15.2f}{r['engine_decisions_per_second']:>14}"
                   f"{r['command_decisions_per_second']:>15}{r['ratio']:>7.0%} ")
    out += ["", f"Start-up (one game): {report['start_up']['cpu_seconds']:.2f} s CPU, "
            f"{report['start_up']['wall_seconds']:.2f} s wall"]
    if "analysis" in report:
        a = report["analysis"]
        out.append(f"{a['games']:,} greedy games on every core ({a['workers']}): {a['wall_seconds']:.1f} s wall, "
                   f"{a['cpu_seconds']:.1f} s CPU")
    out.append(f"Target: the command at >= {TARGET:.0%} of the engine's decisions/s: "
               f"{'met' if report['met'] else 'NOT met'}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks cli", description=__doc__.splitlines()[0])
    parser.add_argument("--deck", default="starter-talah")
    parser.add_argument("--greedy", type=int, default=2000, help="Greedy games compared (0: none).")
    parser.add_argument("--random", type=int, default=10000, dest="random_games",
                        help="Random games compared (0: none).")
    parser.add_argument("--analysis", type=int, default=10000, help="Greedy games on every core, wall-clock timed "
                        "(0: none).")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=1, help="Runs of each side; the fastest counts.")
    parser.add_argument("--json", action="store_true", help="Print one JSON object instead of the table.")
    args = parser.parse_args(argv)
    report = run(args.deck, args.greedy, args.random_games, args.analysis, args.seed, max(1, args.repeats))
    print(json.dumps(report, sort_keys=True) if args.json else format_report(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
