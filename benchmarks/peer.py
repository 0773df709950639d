"""The peer benchmark (issue 35): decisions per second of this engine beside Essence Wars, a Rust card-game engine.

`python -m benchmarks peer [--json] [--seconds S] [--rounds N] [--core C]`. `essence-wars` (pinned in the `bench` extra,
`make bench-peer` installs it) is driven from Python a step at a time, as this engine is: whole two-player games from
set-up to the end, every seat played by the same kind of bot, one decision asked and applied per step, the time of
set-up, choosing and applying all counted (CPU time). The two engines take turns in rounds (this engine's random games,
the peer's, this engine's greedy games, the peer's, and again) so that a drift of the shared machine falls on both,
and the process is pinned to one core (`os.sched_setaffinity`) so that neither side runs on another core.

The bots, each engine's own:
- random: this engine's `RandomBot` (a seeded `random.Random` drawing uniformly among `state.legal_actions()`) against
  the peer's `PyGame.random_action()` (uniform among the legal actions, from the game's seed, in Rust). A second peer
  row, `random-python-rng`, draws from the peer's legal-action mask with a seeded `random.Random` in Python, as this
  engine's bot draws: the ratio against it (`ratio_random_python_rng`) says what a Python-side choice costs the peer.
- greedy: this engine's `GreedyBot` against the peer's `PyGame.greedy_action()` (its built-in GreedyBot).

`ratio_random` and `ratio_greedy` are this engine's decisions/s over the peer's (issue 35's target: >= 0.5). The games
differ (other rules, other cards), so games/s are reported beside decisions/s but not compared as a ratio.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from typing import Any, Callable

from rules.engine import ENGINE_VERSION
from rules.engine.bots import get_bot
from rules.engine.catalogue import load_catalogue
from rules.engine.setup import new_game
from rules.engine.simulate import starter_deck

from .engine import engine_form

PEER = "essence-wars"
BOTS = ("random", "greedy")
FULL_SECONDS = 20.0   # CPU seconds per side and bot
ROUNDS = 10           # each side's budget is spent in this many interleaved slices
MAX_DECISIONS = 20_000  # a game longer than this is a bug of the driver, not a game
TARGET_RATIO = 0.5
INSTALL_HINT = "pip install -e '.[bench]' (or: make bench-peer)"


class PeerMissing(RuntimeError):
    """essence_wars is not installed: the benchmark cannot run (it is a benchmark-only dependency)."""


def load_peer():
    """The essence_wars module, or PeerMissing saying how to install it."""
    try:
        import essence_wars
    except ImportError as exc:
        raise PeerMissing(f"the peer benchmark needs {PEER}: {INSTALL_HINT} ({exc})") from exc
    return essence_wars


def pin_to_one_core(core: int | None) -> int | None:
    """Pin this process to `core` (default: the last core it may run on); None where the OS cannot pin."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    allowed = sorted(os.sched_getaffinity(0))
    chosen = allowed[-1] if core is None else core
    if chosen not in allowed:
        raise ValueError(f"core {chosen} is not one this process may run on ({allowed})")
    os.sched_setaffinity(0, {chosen})
    return chosen


class CodexSide:
    """This engine: two starter decks (cycling through the sorted list by game), both seats played by `bot`."""

    name = "codex"

    def __init__(self):
        self.catalogue = load_catalogue()
        self.decks = [starter_deck(self.catalogue, slug) for slug in sorted(self.catalogue.starter_decks)]

    def game(self, bot: str, seed: int) -> int:
        """Play game `seed` to its end; return its decisions."""
        decks = [self.decks[seed % len(self.decks)], self.decks[(seed + 1) % len(self.decks)]]
        g = new_game(self.catalogue, decks, seed=seed)
        players = [get_bot(bot, seed * 2 + p) for p in range(2)]
        decisions = 0
        while not g.is_over:
            g.apply(players[g.current_player].choose(g))
            decisions += 1
            if decisions > MAX_DECISIONS:
                raise RuntimeError(f"codex game {seed} ({bot}) passed {MAX_DECISIONS} decisions")
        return decisions


class PeerSide:
    """Essence Wars: two of its constructed decks (its test decks left out), cycling by game, both seats one bot."""

    name = "peer"

    def __init__(self, module):
        self.module = module
        self.decks = sorted(d for d in module.PyGame.list_decks() if "test" not in d)

    def game(self, bot: str, seed: int) -> int:
        """Play game `seed` to its end; return its decisions."""
        g = self.module.PyGame(self.decks[seed % len(self.decks)], self.decks[(seed + 1) % len(self.decks)])
        g.reset(seed=seed)
        choose = self.chooser(g, bot, seed)
        decisions = 0
        while not g.is_done():
            g.step(choose())
            decisions += 1
            if decisions > MAX_DECISIONS:
                raise RuntimeError(f"peer game {seed} ({bot}) passed {MAX_DECISIONS} decisions")
        return decisions

    @staticmethod
    def chooser(g, bot: str, seed: int) -> Callable[[], int]:
        """The peer's own bot, or (random-python-rng) a seeded Python draw among the legal actions of its mask."""
        if bot == "random":
            return g.random_action
        if bot == "greedy":
            return g.greedy_action
        import numpy  # essence_wars depends on it
        below = random.Random(seed)._randbelow

        def draw() -> int:
            legal = numpy.flatnonzero(g.action_mask())
            return int(legal[below(len(legal))])
        return draw


def new_tally() -> dict[str, Any]:
    return {"games": 0, "decisions": 0, "cpu_seconds": 0.0}


def play_slice(side, bot: str, tally: dict[str, Any], seconds: float) -> None:
    """Play `side`'s next seeded games with `bot` for `seconds` of CPU time (at least one game), adding to tally."""
    cpu0 = time.process_time()
    while True:
        tally["decisions"] += side.game(bot, tally["games"])
        tally["games"] += 1
        if time.process_time() - cpu0 >= seconds:
            break
    tally["cpu_seconds"] += time.process_time() - cpu0


def finish(tally: dict[str, Any]) -> dict[str, Any]:
    cpu = tally["cpu_seconds"]
    return {"games": tally["games"], "decisions": tally["decisions"], "cpu_seconds": round(cpu, 3),
            "decisions_per_second": round(tally["decisions"] / cpu), "games_per_second": round(tally["games"] / cpu, 1),
            "decisions_per_game": round(tally["decisions"] / tally["games"], 1)}


def run(seconds: float, rounds: int = ROUNDS, core: int | None = None) -> dict[str, Any]:
    """Pin to one core, warm both engines, then interleave `rounds` slices of every (side, bot) row; the report."""
    module = load_peer()
    pinned = pin_to_one_core(core)
    codex, peer = CodexSide(), PeerSide(module)
    rows = [(codex, "random"), (peer, "random"), (peer, "random-python-rng"), (codex, "greedy"), (peer, "greedy")]
    for side, bot in rows:  # warm caches (the catalogue's, the greedy tables) outside the timing
        side.game(bot, 10_000)
    tallies = {(side.name, bot): new_tally() for side, bot in rows}
    for _ in range(rounds):
        for side, bot in rows:
            play_slice(side, bot, tallies[(side.name, bot)], seconds / rounds)
    sides: dict[str, dict[str, Any]] = {"codex": {}, "peer": {}}
    for (name, bot), tally in tallies.items():
        sides[name][bot] = finish(tally)

    def ratio(ours: str, theirs: str) -> float:
        return round(sides["codex"][ours]["decisions_per_second"] / sides["peer"][theirs]["decisions_per_second"], 3)
    report = {
        "benchmark": "peer",
        "engine_version": ENGINE_VERSION,
        "engine_form": engine_form(),
        "peer": {"package": PEER, "version": getattr(module, "__version__", "unknown"), "decks": peer.decks},
        "python": platform.python_version(),
        "machine": {"cpus": os.cpu_count(), "pinned_core": pinned,
                    "load_average": [round(x, 2) for x in os.getloadavg()]},
        "seconds_per_side": seconds,
        "rounds": rounds,
        "sides": sides,
        "ratio_random": ratio("random", "random"),
        "ratio_greedy": ratio("greedy", "greedy"),
        "ratio_random_python_rng": ratio("random", "random-python-rng"),
    }
    report["target"] = {"ratio": TARGET_RATIO,
                        "met": report["ratio_random"] >= TARGET_RATIO and report["ratio_greedy"] >= TARGET_RATIO}
    return report


def format_report(report: dict[str, Any]) -> str:
    """The report as a plain-text table."""
    peer = report["peer"]
    out = [f"Peer benchmark: engine {report['engine_version']} ({report['engine_form']}) against {peer['package']} "
           f"{peer['version']}, Python {report['python']}, pinned to core {report['machine']['pinned_core']}, "
           f"{report['seconds_per_side']:g} s CPU per side and bot in {report['rounds']} interleaved rounds "
           f"(load average {', '.join(map(str, report['machine']['load_average']))} on {report['machine']['cpus']} "
           f"CPUs)", "",
           f"{'side':<7}{'bot':<19}{'games':>8}{'decisions':>11}{'decisions/s':>13}{'games/s':>10}{'dec./game':>11}"]
    for name, bots in report["sides"].items():
        for bot, r in bots.items():
            out.append(f"{name:<7}{bot:<19}{r['games']:>8}{r['decisions']:>11}{r['decisions_per_second']:>13}"
                       f"{r['games_per_second']:>10.1f}{r['decisions_per_game']:>11.1f}")
    verdict = "met" if report["target"]["met"] else "NOT met"
    out += ["", f"ratio_random {report['ratio_random']}  ratio_greedy {report['ratio_greedy']}  "
                f"(ratio_random_python_rng {report['ratio_random_python_rng']})",
            f"Target: both ratios >= {report['target']['ratio']}: {verdict}"]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks peer", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=FULL_SECONDS,
                        help=f"CPU seconds per side and bot (default {FULL_SECONDS:g}).")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help=f"Interleaved rounds (default {ROUNDS}).")
    parser.add_argument("--core", type=int, default=None, help="The core to pin to (default: the last allowed).")
    parser.add_argument("--json", action="store_true", help="Print one JSON object instead of the table.")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    try:
        report = run(args.seconds, args.rounds, args.core)
    except (PeerMissing, ValueError) as exc:
        print(f"peer benchmark: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report, sort_keys=True) if args.json else format_report(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
