"""Is the search player stronger than the ladder's best? `python -m benchmarks expert [--games N] [--budget B]`.

`cpu:expert` (rules/engine/expert.py) plays `cpu:hard` in the *duplicate* format of bridge and poker matches: every
deal (a deck in each chair and a game seed) is played twice, once with the expert in the first chair and once in the
second, against the hard player in the other. Luck cancels out of the pair: a deal the decks or the seed decide
counts one game won and one lost whoever plays, so the win rate above 50% is what the expert's play turned. The deals
are every ordered pair of the decks below (each deck against itself included), N deals a pair for each run seed; the
report gives the win rate with its 95% Wilson interval over games and, since a deal's two games are one unit, its
95% interval over deals and a sign test (benchmarks/duplicate.py), the deals the expert won from both chairs or lost
from both, and the time it takes per decision (process CPU time, over all its decisions and over the ones it
searched) and its slowest searched decision. Games run in a process pool over every core (each game is one task, seeded by its deal,
so the numbers do not depend on the pool).

Why duplicate: these decks' games are decided mostly by the matchup and the seed (the coin toss, the shuffles, when the
Pyramid brings the Cataclysm; Dr. Veylan wins his games against the others whoever plays him), so with seats merely
alternating the hard player itself scored 56.2% from the expert's chairs over 48 games: a win rate so measured is
partly the schedule's luck. In duplicate the hard player in the expert's chairs scores exactly 50%.

`--narrow` searches fewer kinds of decision, as the expert once did; `--ceiling` measures what the search could win at
best (below; with `--player plans`, its second level). `--budget` sets the play-out budget (decisions played out per searched decision; the default is the
expert's own, `expert.BUDGET`). Issue 13's target is at least 60% against `cpu:hard`, with at most one second a decision
on the 2-core machine the project is measured on. `make bench-expert` runs it; docs/benchmarks.md quotes its figures.
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import time
from concurrent.futures import ProcessPoolExecutor

from rules.engine import new_game
from rules.engine.bots import BOTS, get_bot
from rules.engine.catalogue import load_catalogue
from rules.engine.expert import BUDGET, MAX_BUDGET, SEARCHED, ExpertPlayer
from rules.engine.match import wilson
from rules.engine.plans import PlanPlayer
from rules.engine.simulate import game_seed, starter_deck

from .duplicate import complete, deal_scores, paired

DECKS = ("starter-elder-maru", "starter-mayor-vaelis", "starter-talah", "starter-dr-veylan")
# `--narrow`: the expert's search before it searched every kind of decision (rules/CPU.md): only the Action Phase's
# commitments, targets, absorb/deflect, Cataclysm damage and reactions, six candidates instead of twelve.
NARROW = SEARCHED - {"keep", "mulligan", "first_player", "store_charge", "burn", "assign", "trigger", "decline"}

# `--player NAME`: the ideas screened against the expert (rules/CPU.md), by name.
VARIANTS = {
    "deep": lambda seed: ExpertPlayer(seed, budget=48_000, max_worlds=24),   # three times the budget, twice the futures
    "plans": PlanPlayer,                                                     # a second step of its own turn searched
    "plans-lite": lambda seed: PlanPlayer(seed, budget=16_000, max_candidates=4),   # ... at about the expert's cost
    # Play-outs cut 2 or 4 rounds ahead and scored by the learned evaluation (rules/engine/evaluation.py): the
    # expert's budget, spent on up to four times as many sampled futures.
    "cut-2": lambda seed: ExpertPlayer(seed, horizon=2, max_worlds=48),
    "cut-4": lambda seed: ExpertPlayer(seed, horizon=4, max_worlds=48),
    # ... cut 2 rounds ahead, keeping the hard choice unless another gains 2% of a win a future (the model's small
    # biases, such as ending the turn over summoning early on, then decide nothing).
    "cut-2-edge": lambda seed: ExpertPlayer(seed, horizon=2, max_worlds=48, edge=0.02),
}


class TrueFuture:
    """The one future an instrument samples: the game itself (the real hidden cards, deck orders and generator, so
    one future is exact against the deterministic hard player)."""

    def sample(self, state, me, draw):
        return state.clone()


class Clairvoyant(TrueFuture, ExpertPlayer):
    """`--ceiling`: the expert playing its candidates out in the true future. A measuring instrument, never a
    player: what one step of search over the hard player's play-outs could win at best, however well it sampled."""

    def __init__(self, seed: int, **options):
        super().__init__(seed, max_worlds=1, min_worlds=1, **options)


class PlanClairvoyant(TrueFuture, PlanPlayer):
    """`--ceiling --player plans`: the second level of search (its own turn's next choice) in the true future: what
    two steps of search over the hard player's play-outs could win at best."""

    def __init__(self, seed: int, **options):
        super().__init__(seed, max_worlds=1, min_worlds=1, **options)


# The instruments `--ceiling` combines with: none (the expert's one step) or `--player plans` (two steps).
CEILINGS = {"": Clairvoyant, "plans": PlanClairvoyant}


def make_expert(mode: dict, seed: int, budget: int) -> ExpertPlayer:
    if mode.get("ceiling"):
        if mode.get("narrow"):
            return Clairvoyant(seed, budget=budget, searched=NARROW, max_candidates=6)
        return CEILINGS[mode.get("player", "")](seed, budget=budget)
    if mode.get("player"):   # `--player NAME`: another search player in the expert's chairs, on its own budget
        return {**BOTS, **VARIANTS}[mode["player"]](seed)
    options = {"budget": budget}
    if mode.get("narrow"):
        options.update(searched=NARROW, max_candidates=6)
    return ExpertPlayer(seed, **options)


def schedule(decks: tuple[str, ...], deals: int, budget: int, seeds: tuple[int, ...],
             mode: dict | None = None) -> list[tuple]:
    """Every game of the match: (first chair's deck, second chair's deck, deal, the expert's chair, budget, seed,
    mode) for each run seed, each ordered pair of decks, `deals` deals a pair, and both chairs of each deal.

    Deal by deal: the first deal of every seed and pairing, then the second, so a run cut short (`--rows` keeps what
    it played) has met every pairing and seed as often as the others, not the first pairings only."""
    return [(a, b, deal, chair, budget, seed, mode or {}) for deal in range(deals) for seed in seeds
            for a, b in itertools.product(decks, repeat=2) for chair in (0, 1)]


def play(task: tuple) -> dict:
    """One game of a deal: deck `a` in the first chair, `b` in the second, the expert in chair `chair` and the hard
    player in the other."""
    a, b, deal, chair, budget, seed, mode = task
    catalogue = load_catalogue()
    game = game_seed(seed, deal)
    g = new_game(catalogue, [starter_deck(catalogue, a), starter_deck(catalogue, b)], seed=game)
    expert, hard = make_expert(mode, game, budget), get_bot("cpu:hard", game + 1)
    decisions = searched = 0
    thinking = searching = slowest = 0.0
    times, search_times = [], []   # every decision's CPU time and every searched one's, for the p90s
    while not g.is_over:
        if g.current_player != chair:
            g.apply(hard.choose(g))
            continue
        expert.compared = 0   # stays 0 unless this decision is searched (a lone legal action never reaches decide)
        started = time.process_time()
        action = expert.choose(g)
        spent = time.process_time() - started
        is_search = expert.compared >= 2
        decisions += 1
        thinking += spent
        times.append(spent)
        if is_search:
            searched += 1
            searching += spent
            search_times.append(spent)
            slowest = max(slowest, spent)
        g.apply(action)
    winner = g.result()["winner"]
    return {"a": a, "b": b, "deal": deal, "seed": seed, "chair": chair, "deck": (a, b)[chair],
            "score": 0.5 if winner is None else float(winner == chair), "rounds": g.round, "decisions": decisions,
            "searched": searched, "thinking": thinking, "searching": searching, "slowest": slowest,
            "times": times, "search_times": search_times}


def measure(deals: int, budget: int, seeds: tuple[int, ...], workers: int, decks: tuple[str, ...] = DECKS,
            mode: dict | None = None, keep: str = "") -> dict:
    tasks = schedule(decks, deals, budget, seeds, mode)
    started = time.monotonic()
    rows = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for row in pool.map(play, tasks):
            rows.append(row)
            if keep:   # `--rows FILE`: each game as it ends, so a run cut short still tells what it played
                with open(keep, "a", encoding="utf-8") as out:
                    out.write(json.dumps(row) + "\n")
    return {**summarize(rows, decks, deals, budget, seeds, mode),
            "wall_seconds": round(time.monotonic() - started, 1), "workers": workers}


def from_rows(path: str, budget: int, mode: dict) -> dict:
    """`--report-rows FILE`: the report of the games a run kept (`--rows`), its deals played from both chairs only,
    without playing again: the figures of docs/benchmarks.md can be checked from the rows they came from."""
    with open(path, encoding="utf-8") as kept:
        rows = complete([json.loads(line) for line in kept if line.strip()])
    if not rows:
        raise SystemExit(f"{path}: no deal played from both chairs")
    decks = tuple(dict.fromkeys(r["a"] for r in rows))
    deals = 1 + max(r["deal"] for r in rows)
    seeds = tuple(sorted({r["seed"] for r in rows}))
    return {**summarize(rows, decks, deals, budget, seeds, mode), "wall_seconds": 0.0, "workers": 0}


def summarize(rows: list[dict], decks: tuple[str, ...], deals: int, budget: int, seeds: tuple[int, ...],
              mode: dict | None) -> dict:
    """The match's figures from its games' rows."""
    score = sum(r["score"] for r in rows)
    low, high = wilson(score, len(rows))
    searched = sum(r["searched"] for r in rows)
    by_deal = {key: sum(scores) for key, scores in deal_scores(rows).items()}
    per_deck = {}
    for deck in decks:
        mine = [r for r in rows if r["deck"] == deck]
        per_deck[deck] = round(sum(r["score"] for r in mine) / len(mine), 3)
    times = sorted(t for r in rows for t in r["times"])
    search_times = sorted(t for r in rows for t in r["search_times"])
    by_pair: dict[str, list[int]] = {}   # per ordered pair of decks: deals won from both chairs, split, lost from both
    for (_, a, b, _), s in by_deal.items():
        tally = by_pair.setdefault(f"{a}/{b}", [0, 0, 0])
        tally[0 if s == 2.0 else 2 if s == 0.0 else 1] += 1
    return {
        "decks": list(decks), "deals_per_ordered_pair": deals, "deals": len(by_deal), "games": len(rows),
        "budget": budget, "seeds": list(seeds), "mode": mode or {},
        "win_rate": round(score / len(rows), 4), "interval": [round(low, 4), round(high, 4)],
        "wins": sum(1 for r in rows if r["score"] == 1.0), "draws": sum(1 for r in rows if r["score"] == 0.5),
        "deals_won_from_both_chairs": sum(1 for s in by_deal.values() if s == 2.0),
        "deals_lost_from_both_chairs": sum(1 for s in by_deal.values() if s == 0.0),
        "win_rate_by_expert_deck": per_deck,
        "ms_per_decision": round(1000 * sum(r["thinking"] for r in rows) / sum(r["decisions"] for r in rows), 1),
        "ms_per_searched_decision": round(1000 * sum(r["searching"] for r in rows) / max(1, searched), 1),
        "slowest_decision_s": round(max(r["slowest"] for r in rows), 2),
        "p90_decision_ms": _p90(times), "p90_searched_decision_ms": _p90(search_times),
        "deals_by_pair_won_split_lost": by_pair,
        "searched_per_game": round(searched / len(rows), 1), **paired(rows),
    }


def _p90(times: list[float]) -> float:
    """The 90th percentile of sorted CPU times, in ms."""
    return round(1000 * times[int(0.9 * (len(times) - 1))], 1) if times else 0.0


def budget_arg(text: str) -> int:
    """`--budget B`: a whole number of decisions within the expert's range."""
    try:
        budget = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number of decisions: {text!r}") from None
    if not 1 <= budget <= MAX_BUDGET:
        raise argparse.ArgumentTypeError(f"out of range: {budget} (1 to {MAX_BUDGET:,} decisions played out)")
    return budget


def seed_list(text: str) -> tuple[int, ...]:
    """`--seed 1,2`: each run seed deals its own games."""
    try:
        seeds = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a seed or a comma-separated list of seeds: {text!r}") from None
    return seeds


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks expert", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="deals (seeds) per ordered pair of decks, each played "
                        "from both chairs (default 2: 16 ordered pairs x 2 deals x 2 chairs = 64 games)")
    parser.add_argument("--budget", type=budget_arg, default=BUDGET, help=f"play-out budget (default {BUDGET})")
    parser.add_argument("--seed", type=seed_list, default=(1,), help="the run's seed, or several comma-separated: "
                        "each seed deals its own games (default 1)")
    parser.add_argument("--decks", default=",".join(DECKS), help="comma-separated starter decks")
    parser.add_argument("--narrow", action="store_true", help="search only the Action Phase's commitments, targets, "
                        "absorb/deflect, Cataclysm damage and reactions, with six candidates (the expert's former "
                        "search; with --budget 4000, the former expert)")
    parser.add_argument("--ceiling", action="store_true", help="measure the ceiling: the expert searching in the true "
                        "future (it sees the hidden cards: an instrument, never a player)")
    parser.add_argument("--player", default="", help="another search player in the expert's chairs (a level's "
                        "name, e.g. cpu:quick), on its own default budget")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--rows", default="", help="append each game's row to this file (JSON lines) as it ends")
    parser.add_argument("--report-rows", default="", metavar="FILE", help="report the games a run kept with --rows "
                        "(its deals played from both chairs), without playing")
    args = parser.parse_args(argv)
    decks = tuple(d.strip() for d in args.decks.split(",") if d.strip())
    mode = {key: True for key in ("narrow", "ceiling") if getattr(args, key)}
    if args.player:
        if args.player not in BOTS and args.player not in VARIANTS:
            parser.error(f"unknown player {args.player!r}; known: {', '.join(sorted([*BOTS, *VARIANTS]))}")
        if args.ceiling and args.player not in CEILINGS:
            parser.error(f"--ceiling measures the expert's one step, or with --player plans its two steps; not "
                         f"{args.player!r}")
        mode["player"] = args.player
    if args.report_rows:
        report = from_rows(args.report_rows, args.budget, mode)
        decks, args.games, args.seed = tuple(report["decks"]), report["deals_per_ordered_pair"], report["seeds"]
    else:
        report = measure(args.games, args.budget, args.seed, args.workers, decks, mode, args.rows)
    if args.json:
        print(json.dumps(report))
        return 0
    shown = " ".join(f"--{key}" if value is True else f"--{key} {value}" for key, value in mode.items())
    print(f"cpu:expert (budget {report['budget']}{', ' + shown if shown else ''}) vs cpu:hard, duplicate format: "
          f"{report['deals']} deals ({', '.join(decks)}: every ordered pair, {args.games} deals each, run seed "
          f"{','.join(map(str, args.seed))}), each from both chairs = {report['games']} games")
    print(f"  expert wins {report['win_rate'] * 100:.1f}% (95% {report['interval'][0] * 100:.1f}–"
          f"{report['interval'][1] * 100:.1f}%; the hard player in its chairs: 50% by construction); by the expert's "
          "deck: " + ", ".join(f"{d} {v * 100:.0f}%" for d, v in report["win_rate_by_expert_deck"].items()))
    print(f"  deals won from both chairs: {report['deals_won_from_both_chairs']}, lost from both: "
          f"{report['deals_lost_from_both_chairs']} (the rest split: the deal decided them); over deals: "
          f"{report['deal_score'] * 100:.1f}% (95% {report['deal_interval'][0] * 100:.1f}–"
          f"{report['deal_interval'][1] * 100:.1f}%), sign test p = {report['sign_test_p']:.2g}")
    print(f"  {report['ms_per_decision']} ms a decision on average, {report['ms_per_searched_decision']} ms a "
          f"searched one ({report['searched_per_game']} a game), slowest {report['slowest_decision_s']} s; "
          f"{report['wall_seconds']} s on {report['workers']} processes")
    print(f"  p90 CPU a decision: {report['p90_decision_ms']} ms (searched ones: {report['p90_searched_decision_ms']} ms)")
    return 0
