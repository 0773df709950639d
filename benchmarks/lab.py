"""The lab's engine, measured: `python -m benchmarks lab [--games N] [--analysis N] [--deck D] [--quick] [--json]`.

Issue 15's four figures, on the real parts: a throwaway Redis (scripts/redis.sh) and Celery worker processes started
here, exactly as `make run` starts them.

1. Throughput: one greedy-goldfish study of `--games` games, split into the lab's chunks (rules/engine/simulate.py
   `split`), played by the plain in-process loop (`rules.engine.lab.play_games` over every game, in this
   process; timed before and after the 1-worker run, and averaged), then by 1 worker and by 2 workers. Reported: games/s of each, the scaling from 1 worker to 2, and the
   engine's overhead (how much slower 1 worker is than the plain loop on the same games).
2. A 10,000-game greedy analysis of one deck (`--analysis`) on 2 workers, from the first chunk sent to the last
   tally back.
3. Time to first progress: a study started through the lab's own code (`rules.lab.services.start_study`, a scratch SQLite
   database), polled as the study page's script polls the API (`lab.refresh`), until games done > 0.
4. Card impact (issue 26): a greedy-goldfish `card_impact` study of the deck with `--impact` seeds on 2 workers (each
   seed plays the deck as built and once per distinct card), and the widest half-interval of "one copy adds" among
   its cards, in Legacy points (the issue's target: every card at ±3 in under 2 minutes).

Wall-clock figures: the machine's other load shows in them, so run it on an idle machine. Workers are started and
answering a ping before any clock starts; their start-up is not counted.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECK = "starter-talah"


def on_workers(study: dict, chunks: list[tuple[int, int]]) -> tuple[float, dict]:
    """Send every chunk as a task, wait for every tally; (seconds, merged tally)."""
    from rules.engine import lab as engine_lab
    from rules.tasks import play_chunk_on_worker

    started = time.perf_counter()
    results = [play_chunk_on_worker.apply_async(args=[study, start, count]) for start, count in chunks]
    tallies = [r.get(timeout=3600) for r in results]
    return time.perf_counter() - started, engine_lab.merge(tallies)


def first_progress(deck: str, games: int) -> float:
    """Seconds from starting a study through the lab's code to the first poll that shows games done."""
    from django.core.management import call_command

    from rules.engine.studyrequest import StudyRequest
    from rules.lab import services as lab
    from rules.play.actors import Actor

    call_command("migrate", verbosity=0)
    call_command("load_catalogue", verbosity=0)
    call_command("load_starter_decks", verbosity=0)
    started = time.perf_counter()
    request = StudyRequest(kind="goldfish", decks=(deck,), games=games, seed=1, bot="greedy")
    sim = lab.start_study(actor=Actor(user=None, session_key=""), request=request, trusted=True)
    while sim.games_done == 0:
        time.sleep(0.02)
        sim = lab.refresh(sim)
    seconds = time.perf_counter() - started
    lab.cancel(sim)
    return seconds


def impact_study(catalogue, entry: dict, seeds: int) -> dict:
    """A greedy-goldfish card impact study of the deck, its filler the Energy card it runs most of."""
    from collections import Counter
    energy = Counter(s for s in entry["cards"] if catalogue.cards[s].type == "energy").most_common(1)[0][0]
    return {"kind": "card_impact", "games": seeds, "seed": 1, "bot": "greedy", "decks": [entry], "filler": energy,
            "seating": "side-by-side", "variants": [], "data_hash": catalogue.data_hash}


def measure(deck: str, games: int, analysis: int, impact: int = 200) -> dict:
    from cataclysm_site.celery import app
    from rules.engine import lab as engine_lab
    from rules.engine.catalogue import load_catalogue
    from rules.engine.simulate import starter_deck
    from rules.lab.processes import Workers, redis_start, redis_stop
    from rules.tasks import prepare_process

    catalogue = load_catalogue()
    spec = starter_deck(catalogue, deck)
    entry = {"name": deck, "hero": spec.hero, "cards": list(spec.cards)}
    study = {"kind": "goldfish", "games": games, "seed": 1, "bot": "greedy", "decks": [entry],
             "seating": "side-by-side", "variants": [], "data_hash": catalogue.data_hash}
    chunks = engine_lab.split(games)

    prepare_process()   # the plain loop gets what a worker process gets: the catalogue compiled, the heap frozen

    def in_process() -> tuple[float, dict]:
        started = time.perf_counter()
        tally = engine_lab.play_games(catalogue, study, 0, games)
        return time.perf_counter() - started, tally

    plain_before, plain = in_process()

    name = f"bench-{os.getpid()}"
    url = redis_start(name)
    app.conf.broker_url = app.conf.result_backend = url
    workers = Workers(url)
    try:
        workers.start(1, quiet=True, wait=True)
        one_seconds, one = on_workers(study, chunks)
        plain_after, _ = in_process()   # the machine's speed drifts: the plain loop on either side of one worker
        plain_seconds = (plain_before + plain_after) / 2
        workers.start(1, quiet=True, wait=True)   # a second worker: two in all
        two_seconds, two = on_workers(study, chunks)
        big = dict(study, games=analysis)
        analysis_seconds, _ = on_workers(big, engine_lab.split(analysis))
        cards = impact_study(catalogue, entry, impact)
        impact_seconds, impact_tally = on_workers(cards, engine_lab.split(impact))
        os.environ["CELERY_BROKER_URL"] = url
        from django.conf import settings
        settings.CELERY_BROKER_URL = url
        progress_seconds = first_progress(deck, analysis)
    finally:
        workers.stop()
        redis_stop(name)
    same = engine_lab.results(study, plain) == engine_lab.results(study, one) == engine_lab.results(study, two)
    rate = {"in_process": games / plain_seconds, "one_worker": games / one_seconds, "two_workers": games / two_seconds}
    return {
        "deck": deck, "bot": "greedy", "games": games, "chunks": len(chunks), "same_numbers": same,
        "games_per_second": {k: round(v, 1) for k, v in rate.items()},
        "scaling_two_workers": round(rate["two_workers"] / rate["one_worker"], 2),
        "overhead_one_worker": round(1 - rate["one_worker"] / rate["in_process"], 3),
        "analysis": {"games": analysis, "workers": 2, "seconds": round(analysis_seconds, 1)},
        "first_progress_seconds": round(progress_seconds, 2),
        "card_impact": impact_figures(cards, engine_lab.results(cards, impact_tally), impact_seconds),
    }


def impact_figures(study: dict, results: dict, seconds: float) -> dict:
    halves = [(r["one_copy"]["interval"][1] - r["one_copy"]["interval"][0]) / 2 for r in results["cards"]
              if r["one_copy"]]
    return {"seeds": study["games"], "cards": len(results["cards"]), "workers": 2, "seconds": round(seconds, 1),
            "widest_half_interval": round(max(halves), 2) if halves else None}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks lab", description=__doc__.splitlines()[0])
    parser.add_argument("--deck", default=DECK, help=f"the deck (a starter slug; default {DECK})")
    parser.add_argument("--games", type=int, default=2000, help="games of the throughput study (default 2000)")
    parser.add_argument("--analysis", type=int, default=10_000, help="games of the analysis (default 10000)")
    parser.add_argument("--impact", type=int, default=200, help="seeds of the card impact study (default 200)")
    parser.add_argument("--quick", action="store_true", help="40 and 60 games: checks it runs, measures nothing")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.analysis, args.impact = 40, 60, 2
    with tempfile.TemporaryDirectory() as scratch:
        os.environ["DATABASE_URL"] = f"sqlite:///{scratch}/bench.sqlite3"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cataclysm_site.settings")
        sys.path.insert(0, str(ROOT))
        import django
        django.setup()
        report = measure(args.deck, args.games, args.analysis, args.impact)
    if args.json:
        print(json.dumps(report))
        return 0
    rate = report["games_per_second"]
    print(f"The lab on Redis + Celery: {report['games']} greedy goldfish games of {report['deck']} "
          f"in {report['chunks']} chunks (same numbers every way: {report['same_numbers']})")
    print(f"  plain in-process loop  {rate['in_process']:8.1f} games/s")
    print(f"  1 worker               {rate['one_worker']:8.1f} games/s   overhead "
          f"{report['overhead_one_worker'] * 100:.1f}%")
    print(f"  2 workers              {rate['two_workers']:8.1f} games/s   scaling {report['scaling_two_workers']}x")
    print(f"  {report['analysis']['games']:,}-game greedy analysis on 2 workers: {report['analysis']['seconds']} s")
    print(f"  time to first progress: {report['first_progress_seconds']} s")
    impact = report["card_impact"]
    print(f"  card impact, {impact['cards']} cards x {impact['seeds']} seeds on 2 workers: {impact['seconds']} s, "
          f"widest interval ±{impact['widest_half_interval']} Legacy")
    return 0
