"""Instructions per goldfish game, counted by valgrind's callgrind: the engine's cost as a figure machine drift
cannot move.

`python -m benchmarks instructions [--games N] [--bot random|greedy] [--json]`. On a shared VM a wall-clock rate
drifts by up to a quarter from one minute to the next, so `make bench` can say "met" one run and "not met" the
next with the same code. Callgrind counts the instructions the interpreter executes instead, the same for the same
code, inputs and interpreter whatever else the machine does; it is how engine changes are judged. Each bot is run
twice in a child process under callgrind, once setting up and playing nothing and once playing seeds 0..N-1 on each
starter deck, so the difference is the games alone: (count(N) - count(0)) / (6 N). The child runs the engine's
compiled form where it is built; `CATACLYSM_ENGINE=python` counts the plain one.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BOTS = ("random", "greedy")
DEFAULT_GAMES = 5
_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def play(bot: str, games: int) -> int:
    """The child's work: one warm-up game (imports, tables and caches), then `games` seeded games per starter deck.
    Returns the decisions made in the counted games."""
    from rules.engine.catalogue import load_catalogue
    from rules.engine.simulate import goldfish_game, starter_deck

    catalogue = load_catalogue()
    decks = [starter_deck(catalogue, slug) for slug in sorted(catalogue.starter_decks)]
    goldfish_game(catalogue, decks[0], seed=10_000, bot=bot)
    return sum(len(goldfish_game(catalogue, deck, seed=seed, bot=bot).history)
               for deck in decks for seed in range(games))


def parse_collected(stderr: str) -> int:
    """The total instruction count callgrind prints when the program ends ("==123== Collected : 660344651")."""
    match = _COLLECTED.search(stderr)
    if match is None:
        raise RuntimeError(f"callgrind printed no instruction count:\n{stderr[-2000:]}")
    return int(match.group(1))


def count(bot: str, games: int) -> tuple[int, int]:
    """(instructions, decisions) of a child process that plays `games` games per deck under callgrind."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         sys.executable, "-m", "benchmarks.instructions", "--child", bot, str(games)],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"}, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the callgrind run failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return parse_collected(done.stderr), int(done.stdout.strip() or 0)


def per_game(base: int, total: int, decks: int, games: int) -> int:
    """Instructions per game, the start-up run's count taken away."""
    return round((total - base) / (decks * games))


def run(bots: tuple[str, ...], games: int) -> dict[str, Any]:
    from benchmarks.engine import engine_form  # the child runs the same form: same files, same environment
    from rules.engine import ENGINE_VERSION
    from rules.engine.catalogue import load_catalogue

    catalogue = load_catalogue()
    decks = len(catalogue.starter_decks)
    rows = []
    for bot in bots:
        base, _ = count(bot, 0)
        total, decisions = count(bot, games)
        instructions = per_game(base, total, decks, games)
        rows.append({"bot": bot, "games": decks * games, "instructions_per_game": instructions,
                     "decisions_per_game": round(decisions / (decks * games), 1),
                     "instructions_per_decision": round(instructions * decks * games / max(decisions, 1))})
    return {"benchmark": "instructions", "engine_version": ENGINE_VERSION, "engine_form": engine_form(),
            "data_hash": catalogue.data_hash,
            "python": sys.version.split()[0], "python_home": sys.base_prefix, "games_per_deck": games,
            "bots": rows}


def format_report(report: dict[str, Any]) -> str:
    out = [f"Instructions per goldfish game (callgrind), engine {report['engine_version']} "
           f"({report['engine_form']}), card data "
           f"{report['data_hash']}, Python {report['python']} ({report['python_home']}), seeds 0..."
           f"{report['games_per_deck'] - 1} on each starter deck", "",
           f"{'bot':<8}{'games':>7}{'instructions/game':>19}{'decisions/game':>16}{'instructions/decision':>23}"]
    for row in report["bots"]:
        out.append(f"{row['bot']:<8}{row['games']:>7}{row['instructions_per_game']:>19,}"
                   f"{row['decisions_per_game']:>16}{row['instructions_per_decision']:>23,}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks instructions", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help="seeded games per starter deck")
    parser.add_argument("--bot", choices=BOTS, action="append", help="measure this bot only (repeatable)")
    parser.add_argument("--json", action="store_true", help="Print one JSON object instead of the table.")
    parser.add_argument("--child", nargs=2, metavar=("BOT", "GAMES"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(play(args.child[0], int(args.child[1])))
        return 0
    if args.games < 1:
        parser.error("--games must be at least 1")
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    report = run(tuple(args.bot or BOTS), args.games)
    print(json.dumps(report, sort_keys=True) if args.json else format_report(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
