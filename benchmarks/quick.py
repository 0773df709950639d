"""Is the quick level quick, and does it still beat hard? `python -m benchmarks quick [--games N] [--seed S,..]`.

`cpu:quick` (rules/engine/quick.py) plays `cpu:hard` in the duplicate format of `benchmarks/expert.py`: every deal (a
deck in each chair, a game seed) is played twice, the quick player in each chair, so a deal the decks or the seed
decide counts one win and one loss whoever plays. It reports the win rate with its 95% Wilson interval over games,
its 95% interval over deals and a sign test (benchmarks/duplicate.py: a deal's two games are one unit), and the
process CPU time of each of the quick player's decisions: p50, p90 and the slowest, over all its decisions (what a
player waits for) and over the searched ones (where it plays futures out). Issue 35's targets: at most 100 ms a
decision at the p90 on the compiled engine, on the 2-core machine the project is measured on, and more than half of
the games against hard. `make bench-cpu` (benchmarks/cpu.py) runs it after the ladder's pairings; docs/benchmarks.md
and rules/CPU.md quote its figures.
"""
from __future__ import annotations

import argparse
import json
import os
import time
from concurrent.futures import ProcessPoolExecutor

from rules.engine import new_game
from rules.engine.bots import get_bot
from rules.engine.catalogue import load_catalogue
from rules.engine.match import wilson
from rules.engine.native import COMPILED
from rules.engine.quick import QuickPlayer
from rules.engine.simulate import game_seed, starter_deck

from .duplicate import deal_scores, paired
from .expert import DECKS, schedule, seed_list


def play(task: tuple) -> dict:
    """One game of a deal: deck `a` in the first chair, `b` in the second, the quick player in chair `chair`."""
    a, b, deal, chair, _budget, seed, _mode = task
    catalogue = load_catalogue()
    game = game_seed(seed, deal)
    g = new_game(catalogue, [starter_deck(catalogue, a), starter_deck(catalogue, b)], seed=game)
    quick, hard = QuickPlayer(game), get_bot("cpu:hard", game + 1)
    times, searched = [], []
    while not g.is_over:
        if g.current_player != chair:
            g.apply(hard.choose(g))
            continue
        quick.compared = 0   # stays 0 unless this decision is searched
        started = time.process_time()
        action = quick.choose(g)
        spent = time.process_time() - started
        times.append(spent)
        if quick.compared >= 2:
            searched.append(spent)
        g.apply(action)
    winner = g.result()["winner"]
    return {"seed": seed, "a": a, "b": b, "deal": deal, "score": 0.5 if winner is None else float(winner == chair),
            "times": times, "searched": searched}


def quantiles(times: list[float]) -> dict:
    """p50, p90 and the slowest of a list of seconds, in milliseconds."""
    ordered = sorted(times) or [0.0]
    at = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]   # noqa: E731
    return {"p50_ms": round(1000 * at(0.5), 1), "p90_ms": round(1000 * at(0.9), 1),
            "max_ms": round(1000 * ordered[-1], 1), "count": len(times)}


def measure(deals: int, seeds: tuple[int, ...], workers: int, decks: tuple[str, ...] = DECKS) -> dict:
    tasks = schedule(decks, deals, 0, seeds)
    started = time.monotonic()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        rows = list(pool.map(play, tasks))
    score = sum(r["score"] for r in rows)
    low, high = wilson(score, len(rows))
    by_deal = {key: sum(scores) for key, scores in deal_scores(rows).items()}
    return {
        "decks": list(decks), "deals": len(by_deal), "games": len(rows), "seeds": list(seeds),
        "compiled": bool(COMPILED), "win_rate": round(score / len(rows), 4),
        "interval": [round(low, 4), round(high, 4)],
        "deals_won_from_both_chairs": sum(1 for s in by_deal.values() if s == 2.0),
        "deals_lost_from_both_chairs": sum(1 for s in by_deal.values() if s == 0.0),
        "decision": quantiles([t for r in rows for t in r["times"]]),
        "searched_decision": quantiles([t for r in rows for t in r["searched"]]), **paired(rows),
        "wall_seconds": round(time.monotonic() - started, 1), "workers": workers,
    }


def describe(report: dict) -> list[str]:
    """The report in words, as `make bench-cpu` prints it."""
    every, searched = report["decision"], report["searched_decision"]
    return [
        f"cpu:quick vs cpu:hard, duplicate format: {report['deals']} deals, each from both chairs = "
        f"{report['games']} games ({'compiled' if report['compiled'] else 'plain Python'} engine)",
        f"  quick wins {report['win_rate'] * 100:.1f}% (95% {report['interval'][0] * 100:.1f}–"
        f"{report['interval'][1] * 100:.1f}%); deals won from both chairs {report['deals_won_from_both_chairs']}, "
        f"lost from both {report['deals_lost_from_both_chairs']}; over deals {report['deal_score'] * 100:.1f}% "
        f"(95% {report['deal_interval'][0] * 100:.1f}–{report['deal_interval'][1] * 100:.1f}%), "
        f"sign test p = {report['sign_test_p']:.2g}",
        f"  CPU a decision: p50 {every['p50_ms']} ms, p90 {every['p90_ms']} ms, slowest {every['max_ms']} ms "
        f"({every['count']} decisions); searched ones: p50 {searched['p50_ms']} ms, p90 {searched['p90_ms']} ms "
        f"({searched['count']}); {report['wall_seconds']} s on {report['workers']} processes",
    ]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks quick", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=13, help="deals per ordered pair of decks, each played from "
                        "both chairs (default 13: 16 ordered pairs x 13 deals x 2 chairs = 416 games)")
    parser.add_argument("--seed", type=seed_list, default=(1,), help="run seed, or several comma-separated")
    parser.add_argument("--decks", default=",".join(DECKS), help="comma-separated starter decks")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    decks = tuple(d.strip() for d in args.decks.split(",") if d.strip())
    report = measure(args.games, args.seed, args.workers, decks)
    print(json.dumps(report) if args.json else "\n".join(describe(report)))
    return 0
