"""The action round trip of goldfish and versus games: `python -m benchmarks roundtrip [--actions N] [--rounds R] [--json]`.

One POST of a decision through the whole Django stack in this process (Django's test client on a throwaway SQLite
database in memory: the request, the serializers, the service, the conditional save, the payload and its
rendering), timed in CPU time of this process (the machine is shared: wall time would measure the neighbours) for N
decisions of goldfish games and N of versus games against the easy computer. Each decision is a seeded random
choice among the legal actions the previous response listed, so two runs make the same decisions; a finished game is
followed by a new one. Then the same decisions are replayed in the engine alone, to put the round trip beside the
cost of applying a decision and of the full-state digest (`GameState.digest()`: a whole `to_json`, `json.dumps` and
a SHA-256). `make bench-roundtrip` runs it; docs/benchmarks.md quotes its figures.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

DECK = "starter-dr-veylan"
OPPONENT = "starter-elder-maru"
DIFFICULTY = "easy"
SEED = 1


def setup_django(directory: str) -> None:
    """Django on a fresh SQLite database in `directory`, migrated, with the catalogue and the starter decks."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cataclysm_site.settings")
    os.environ["DATABASE_URL"] = f"sqlite:///{Path(directory) / 'roundtrip.sqlite3'}"
    os.environ["CARD_IMAGES_AHEAD"] = "skip"
    for scope in ("ANON", "USER", "EXPENSIVE"):
        os.environ[f"DJANGO_THROTTLE_{scope}"] = "1000000000/min"  # never 429: every request is one decision
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    call_command("load_catalogue", verbosity=0)
    call_command("load_starter_decks", verbosity=0)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(times: list[float]) -> dict:
    """CPU milliseconds per decision: mean, median, 99th percentile."""
    ms = [t * 1000 for t in times]
    return {"decisions": len(ms), "mean_ms": round(statistics.fmean(ms), 3),
            "p50_ms": round(percentile(ms, 0.5), 3), "p99_ms": round(percentile(ms, 0.99), 3)}


def play(client, mode: str, actions: int, rng: random.Random) -> tuple[list[float], list[str]]:
    """POST `actions` decisions of `mode` games; return each POST's time and the ids of the games played."""
    start_body = {"deck": DECK, "seed": SEED}
    if mode == "versus":
        start_body.update(opponent=OPPONENT, difficulty=DIFFICULTY)
    times: list[float] = []
    games: list[str] = []
    game = None
    while len(times) < actions:
        if game is None or not game["legal_actions"]:
            response = client.post(f"/api/{mode}/", start_body, format="json")
            assert response.status_code == 201, response.content[:300]
            game = response.json()
            games.append(game["id"])
            start_body["seed"] += 1
            continue
        choice = rng.choice(game["legal_actions"])["id"]
        body = {"action": choice, "version": game["version"], "log_from": game["log_count"]}
        began = time.process_time()
        response = client.post(f"/api/{mode}/{game['id']}/actions/", body, format="json")
        times.append(time.process_time() - began)
        assert response.status_code == 200, response.content[:300]
        game = response.json()
    return times, games


def engine_costs(mode: str, game_ids: list[str]) -> dict:
    """Replay the games' decisions in the engine alone: ms to apply one, and ms of the state's full digest."""
    from cards.catalogue import get_catalogue
    from rules.engine import replay
    from rules.models import GoldfishGame, VersusGame

    model = GoldfishGame if mode == "goldfish" else VersusGame
    catalogue = get_catalogue()
    apply_s = digest_s = 0.0
    count = 0
    for game in model.objects.filter(pk__in=game_ids):
        record = game.record()
        actions = record["actions"]
        record["actions"] = []
        state = replay(catalogue, record)
        for action in actions:
            began = time.process_time()
            state.apply(action)
            applied = time.process_time()
            state.digest()
            digest_s += time.process_time() - applied
            apply_s += applied - began
            count += 1
    return {"engine_decisions": count, "apply_ms": round(1000 * apply_s / max(1, count), 3),
            "digest_ms": round(1000 * digest_s / max(1, count), 3)}


def measure(actions: int, seed: int, rounds: int) -> dict:
    """Each mode `rounds` times over (the same decisions each time); the round with the lowest mean is reported, the
    one least disturbed by the rest of the machine."""
    from rest_framework.test import APIClient

    from rules.engine import COMPILED

    report = {"engine": "compiled" if COMPILED else "plain Python", "seed": seed, "rounds": rounds, "modes": {}}
    for mode in ("goldfish", "versus"):
        play(APIClient(), mode, min(20, actions), random.Random(seed))  # warm: imports, caches, the first queries
        best, games = None, []
        for _ in range(rounds):
            times, games = play(APIClient(), mode, actions, random.Random(seed))
            row = summary(times)
            if best is None or row["mean_ms"] < best["mean_ms"]:
                best = row
        report["modes"][mode] = {**best, **engine_costs(mode, games)}
    return report


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks roundtrip", description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=400, help="decisions timed per mode (default 400)")
    parser.add_argument("--seed", type=int, default=SEED, help="seeds the choice of decisions")
    parser.add_argument("--rounds", type=int, default=3, help="times each mode is played; the best round counts")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    memory = "/dev/shm" if os.path.isdir("/dev/shm") else None  # a commit's fsync is the disk's time, not ours
    with tempfile.TemporaryDirectory(prefix="roundtrip-", dir=memory) as directory:
        setup_django(directory)
        report = measure(args.actions, args.seed, args.rounds)
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"Action round trip, CPU ms ({report['engine']} engine; Django test client, SQLite in memory; "
          f"{args.actions} decisions a mode, seeded random choices, best of {args.rounds} rounds)")
    for mode, row in report["modes"].items():
        print(f"  {mode:>8}: POST …/actions/ {row['mean_ms']:.2f} ms mean, {row['p50_ms']:.2f} p50, "
              f"{row['p99_ms']:.2f} p99; engine alone: apply {row['apply_ms']:.3f} ms, "
              f"full digest {row['digest_ms']:.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
