"""Load benchmark of the production server: requests per second and latency of the site's main endpoints.

    scripts/bench-load.sh [--duration 10] [--workers N] [--json] [--only ping,search,...]    (make bench-load)

The script gives this module a throwaway PostgreSQL (DATABASE_URL); this module migrates it, loads the catalogue and
the starter decks, collects the static files, starts gunicorn with DEBUG off on a free 127.0.0.1 port (rate limits
raised so that they never answer 429), drives each endpoint with wrk for a fixed time, and stops the server again,
whatever happens. Each endpoint's throughput is also given as a ratio to `/api/ping/`, the API's cheapest answer.

Before anything is timed the database is vacuumed and analyzed (a fresh load otherwise sets autovacuum off in the
middle of a run) and every endpoint is driven for WARM_UP_SECONDS, untimed, so each worker has its connection and
caches (goldfish players are not: a warm-up would move their games on). This machine's speed drifts by a quarter
within minutes, so a ratio to ping is measured in pairs: each endpoint runs in SLICE_SECONDS slices, each right after
a slice of ping, and its ratio is its rate over the rate of its own ping slices (the ping row sums every ping slice;
a row's latency percentiles are its slices', weighted by requests).

Targets: catalogue search and deck validation at least TARGET_RATIO of ping's throughput; a goldfish action's p99
under GOLDFISH_P99_MS with PLAYERS concurrent players, each with its own game, session and connection. Goldfish runs
twice: players who think THINK_MS on average before each decision (people playing: the target applies here), and
players who never think (saturation: the server's capacity, and the latency when it is overloaded).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass, field
from pathlib import Path

import yaml

from cataclysm_site import gunicorn_conf  # the settings serve-prod uses (GUNICORN_THREADS and the rest)

ROOT = Path(__file__).resolve().parent.parent
LUA_DIR = Path(__file__).resolve().parent / "load"
STARTER_DECKS = ROOT / "cards" / "data" / "starter_decks.yaml"

WARM_UP_SECONDS = 2
SLICE_SECONDS = 2
TARGET_RATIO = 0.5
GOLDFISH_P99_MS = 50.0
PLAYERS = 16
THINK_MS = 500
CONNECTIONS = 16
DECK = "starter-dr-veylan"
SEARCHES = ["kalen", "t:person civ:atl", "k:strike cost<=3", '"enters play" -r:common', "e:dr t:battery"]
CARD_PAGES = ["kalen-vos", "dr-veylan", "crystal-lancer", "heartstone"]


@dataclass
class Endpoint:
    """One thing to measure: a wrk script with its environment, at some concurrency."""

    name: str
    label: str
    script: str
    env: dict[str, str] = field(default_factory=dict)
    connections: int = CONNECTIONS
    threads: int = 2


@dataclass
class Result:
    name: str
    label: str
    connections: int
    requests: int
    rps: float
    p50_ms: float
    p90_ms: float
    p99_ms: float
    max_ms: float
    errors: int
    ratio_to_ping: float | None = None
    target: str = ""
    met: bool | None = None
    runs: list[dict] = field(default_factory=list)  # the slices this row combines


# --------------------------------------------------------------------------------------------------------- server

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_env(database_url: str, static_root: Path) -> dict[str, str]:
    """Return a production environment on loopback HTTP, with the rate limits out of the way."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DJANGO_", "GUNICORN_"))}
    env.update(
        DJANGO_SETTINGS_MODULE="cataclysm_site.settings",
        DATABASE_URL=database_url,
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SECURE_SSL_REDIRECT="false",  # loopback HTTP stands in for the TLS proxy in front of a real server
        DJANGO_SESSION_COOKIE_SECURE="false",
        DJANGO_CSRF_COOKIE_SECURE="false",
        DJANGO_STATIC_ROOT=str(static_root),
        DJANGO_THROTTLE_ANON="1000000000/min",
        DJANGO_THROTTLE_USER="1000000000/min",
        DJANGO_THROTTLE_EXPENSIVE="1000000000/min",
        DJANGO_LOG_LEVEL="ERROR",
    )
    return env


def vacuum_analyze(database_url: str) -> None:
    """Settle the freshly loaded database: table statistics for the planner, no autovacuum to come mid-run."""
    import psycopg

    with psycopg.connect(database_url, autocommit=True) as connection:
        connection.execute("VACUUM ANALYZE")


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True)


def prepare(env: dict[str, str]) -> None:
    """Migrate, make the cache table, load the catalogue and the starter decks, collect the static files (card pages
    need them)."""
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "createcachetable")  # the production default cache (settings.CACHES)
    manage(env, "load_catalogue", "-v", "0")
    manage(env, "load_starter_decks", "-v", "0")
    manage(env, "collectstatic", "--noinput", "-v", "0")


class Gunicorn:
    """gunicorn in its own process group, stopped (or killed) by `stop()`."""

    def __init__(self, env: dict[str, str], workers: int, log_path: Path):
        self.env, self.workers, self.log_path = env, workers, log_path
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Serve with production's gunicorn settings (cataclysm_site/gunicorn_conf.py), on this port."""
        env = {**self.env, "GUNICORN_BIND": f"127.0.0.1:{self.port}", "GUNICORN_WORKERS": str(self.workers),
               "GUNICORN_THREADS": str(gunicorn_conf.threads)}
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "cataclysm_site.wsgi",
                 "--config", "python:" + gunicorn_conf.__name__],
                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited; see {self.log_path}")
            try:
                with urllib.request.urlopen(self.base_url + "/api/ping/", timeout=2):
                    return
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not answer within a minute; see {self.log_path}")

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=5)


# --------------------------------------------------------------------------------------------------------- workload

def starter_decklist(slug: str) -> dict:
    """Return a starter deck as the JSON decklist a client posts to /api/decks/validate/."""
    decks = yaml.safe_load(STARTER_DECKS.read_text(encoding="utf-8"))["decks"]
    deck = next(d for d in decks if d["slug"] == slug)
    return {"hero": deck["hero"], "cards": [{"card": c["card"], "count": c["count"]} for c in deck["cards"]]}


def post_json(url: str, body: dict, cookie: str | None = None) -> tuple[dict, str | None]:
    """POST JSON and return the answer with the session cookie the server set (or the one sent)."""
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    if cookie:
        request.add_header("Cookie", f"sessionid={cookie}")
    with urllib.request.urlopen(request, timeout=30) as response:
        set_cookie = response.headers.get("Set-Cookie") or ""
        match = re.search(r"sessionid=([^;]+)", set_cookie)
        return json.loads(response.read()), match.group(1) if match else cookie


def start_players(base_url: str, players: int, path: Path) -> Path:
    """Start one anonymous goldfish game per player, each in a session of its own; write them for goldfish.lua."""
    lines = []
    for player in range(players):
        game, cookie = post_json(base_url + "/api/goldfish/", {"deck": DECK, "seed": player + 1})
        if not cookie or not game.get("legal_actions"):
            raise RuntimeError(f"could not start a goldfish game: {game}")
        actions = "|".join(action["id"] for action in game["legal_actions"])
        if re.search(r'[\s"\\]', actions):
            raise RuntimeError(f"goldfish.lua cannot carry these action ids: {actions!r}")
        lines.append(f"{game['id']} {cookie} {game['version']} {actions}")
    path.write_text("\n".join(lines) + "\n")
    return path


def endpoints(workdir: Path, base_url: str, players: int, think_ms: int, only: set[str] | None) -> list[Endpoint]:
    wanted = (lambda name: only is None or name in only or name == "ping")
    body = workdir / "decklist.json"
    body.write_text(json.dumps(starter_decklist(DECK)))
    found = [
        Endpoint("ping", "GET /api/ping/", "get.lua", {"BENCH_PATHS": "/api/ping/"}),
        Endpoint("search", "GET /api/cards/?q=… (5 queries)", "get.lua",
                 {"BENCH_PATHS": "|".join(f"/api/cards/?q={urllib.request.quote(q)}" for q in SEARCHES)}),
        Endpoint("card_page", "GET /cards/<slug>/ (4 cards)", "get.lua",
                 {"BENCH_PATHS": "|".join(f"/cards/{slug}/" for slug in CARD_PAGES)}),
        Endpoint("validate", "POST /api/decks/validate/ (a starter list)", "post_json.lua",
                 {"BENCH_PATH": "/api/decks/validate/", "BENCH_BODY_FILE": str(body)}),
    ]
    found = [e for e in found if wanted(e.name)]
    for name, think, label in (("goldfish", think_ms, f"{players} players, ~{think_ms} ms thinking"),
                               ("goldfish_saturated", 0, f"{players} players, no thinking")):
        if wanted(name):
            games = start_players(base_url, players, workdir / f"{name}.txt")
            found.append(Endpoint(name, f"POST /api/goldfish/<id>/actions/ ({label})", "goldfish.lua",
                                  {"BENCH_GAMES_FILE": str(games), "BENCH_DECK": DECK, "BENCH_THINK_MS": str(think)},
                                  connections=players, threads=players))
    return found


# --------------------------------------------------------------------------------------------------------- wrk

def run_wrk(endpoint: Endpoint, base_url: str, duration: int) -> Result:
    env = {**os.environ, "BENCH_LUA_DIR": str(LUA_DIR), **endpoint.env}
    command = ["wrk", "--threads", str(endpoint.threads), "--connections", str(endpoint.connections),
               "--duration", f"{duration}s", "--timeout", "10s", "--script", str(LUA_DIR / endpoint.script),
               base_url]
    completed = subprocess.run(command, env=env, capture_output=True, text=True, timeout=duration + 60)
    match = re.search(r"^BENCH_RESULT (\{.*\})$", completed.stdout, re.MULTILINE)
    if completed.returncode != 0 or not match:
        raise RuntimeError(f"wrk failed on {endpoint.name}:\n{completed.stdout}\n{completed.stderr}")
    data = json.loads(match.group(1))
    seconds = data["duration_us"] / 1e6
    return Result(
        name=endpoint.name, label=endpoint.label, connections=endpoint.connections, requests=data["requests"],
        rps=data["requests"] / seconds if seconds else 0.0,
        p50_ms=data["p50_us"] / 1000, p90_ms=data["p90_us"] / 1000, p99_ms=data["p99_us"] / 1000,
        max_ms=data["max_us"] / 1000, errors=sum(data["errors"].values()),
    )


def combine(slices: list[Result]) -> Result:
    """One row from the slices of one endpoint: requests summed, rate over their time, percentiles weighted."""
    first = slices[0]
    requests = sum(r.requests for r in slices)
    seconds = sum(r.requests / r.rps for r in slices if r.rps)

    def weighted(name: str) -> float:
        return sum(getattr(r, name) * r.requests for r in slices) / requests if requests else 0.0

    return Result(name=first.name, label=first.label, connections=first.connections, requests=requests,
                  rps=requests / seconds if seconds else 0.0, p50_ms=weighted("p50_ms"), p90_ms=weighted("p90_ms"),
                  p99_ms=weighted("p99_ms"), max_ms=max(r.max_ms for r in slices),
                  errors=sum(r.errors for r in slices), runs=[asdict(r) for r in slices])


def paired_with_ping(ping: Endpoint, endpoint: Endpoint, base_url: str, duration: int
                     ) -> tuple[list[Result], Result]:
    """Run ping and the endpoint in alternate slices for `duration` seconds each; return the ping slices and the
    endpoint's row, whose ratio is to those slices."""
    pings, runs = [], []
    for _ in range(max(1, round(duration / SLICE_SECONDS))):
        pings.append(run_wrk(ping, base_url, SLICE_SECONDS))
        runs.append(run_wrk(endpoint, base_url, SLICE_SECONDS))
    result, own_ping = combine(runs), combine(pings)
    result.ratio_to_ping = result.rps / own_ping.rps if own_ping.rps else None
    return pings, result


def measure(endpoints_: list[Endpoint], base_url: str, duration: int) -> list[Result]:
    """Ping (first in the list), then every other endpoint: paired with ping slices, or one run for the goldfish
    players, whose target is latency."""
    ping, *others = endpoints_
    ping_slices, results = [], []
    for endpoint in others:
        print(f"bench-load: {endpoint.label} for {duration} s", file=sys.stderr)
        if endpoint.script == "goldfish.lua":
            results.append(run_wrk(endpoint, base_url, duration))
            continue
        slices, result = paired_with_ping(ping, endpoint, base_url, duration)
        ping_slices += slices
        results.append(result)
    if not ping_slices:
        ping_slices.append(run_wrk(ping, base_url, duration))
    ping_row = combine(ping_slices)
    ping_row.ratio_to_ping = 1.0
    return [ping_row, *results]


def judge(results: list[Result]) -> None:
    """Fill in each result's ratio to ping and whether it meets its target."""
    ping = next((r for r in results if r.name == "ping"), None)
    for result in results:
        if result.ratio_to_ping is None and ping and ping.rps:
            result.ratio_to_ping = result.rps / ping.rps
        if result.name in {"search", "validate"} and result.ratio_to_ping is not None:
            result.target = f">= {TARGET_RATIO:.0%} of ping"
            result.met = result.ratio_to_ping >= TARGET_RATIO and result.errors == 0
        elif result.name == "goldfish":
            result.target = f"p99 < {GOLDFISH_P99_MS:.0f} ms"
            result.met = result.p99_ms < GOLDFISH_P99_MS and result.errors == 0


def markdown(results: list[Result], duration: int, workers: int) -> str:
    lines = [
        f"Load benchmark: gunicorn as serve-prod ({workers} workers × {gunicorn_conf.threads} threads, gthread), "
        f"DEBUG off, PostgreSQL; wrk {duration} s per endpoint (in {SLICE_SECONDS} s slices, each after a slice of "
        f"ping, for the ratios); "
        f"{os.cpu_count()} CPUs shared by server and load generator.",
        "",
        "| Endpoint | Conns | Requests | Req/s | p50 ms | p90 ms | p99 ms | Max ms | Errors | vs ping | Target | Met |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    for r in results:
        ratio = f"{r.ratio_to_ping:.0%}" if r.ratio_to_ping is not None else ""
        met = {True: "yes", False: "**no**", None: ""}[r.met]
        lines.append(f"| {r.label} | {r.connections} | {r.requests} | {r.rps:.1f} | {r.p50_ms:.1f} | "
                     f"{r.p90_ms:.1f} | {r.p99_ms:.1f} | {r.max_ms:.1f} | {r.errors} | {ratio} | {r.target} | {met} |")
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------------------- main

def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=10, help="seconds of wrk per endpoint (default 10)")
    parser.add_argument("--workers", type=int, default=gunicorn_conf.workers,
                        help=f"gunicorn workers (default {gunicorn_conf.workers}, as serve-prod: GUNICORN_WORKERS)")
    parser.add_argument("--players", type=int, default=PLAYERS, help="concurrent goldfish players (default 16)")
    parser.add_argument("--think-ms", type=int, default=THINK_MS,
                        help=f"a goldfish player's average thinking time per decision (default {THINK_MS})")
    parser.add_argument("--only", default="",
                        help="comma-separated: ping,search,card_page,validate,goldfish,goldfish_saturated")
    parser.add_argument("--json", action="store_true", help="print the results as JSON instead of a table")
    parser.add_argument("--keep-server", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    database_url = os.environ.get("DATABASE_URL")
    if not database_url:
        print("bench-load: set DATABASE_URL (scripts/bench-load.sh starts a throwaway PostgreSQL)", file=sys.stderr)
        return 2
    if not shutil.which("wrk"):
        print("bench-load: wrk is not installed (scripts/bench-load.sh installs Debian's wrk)", file=sys.stderr)
        return 2
    only = {name.strip() for name in args.only.split(",") if name.strip()} or None
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # run the `finally` below on TERM, as on Ctrl-C
    workdir = Path(tempfile.mkdtemp(prefix="bench-load-"))
    env = server_env(database_url, workdir / "static")
    server = Gunicorn(env, args.workers, workdir / "gunicorn.log")
    try:
        print("bench-load: preparing the database and the static files", file=sys.stderr)
        prepare(env)
        vacuum_analyze(database_url)
        server.start()
        measured = endpoints(workdir, server.base_url, args.players, args.think_ms, only)
        print(f"bench-load: warming the endpoints up for {WARM_UP_SECONDS} s each (untimed)", file=sys.stderr)
        for endpoint in measured:
            if endpoint.script != "goldfish.lua":  # players keep their games' versions: they must start fresh
                run_wrk(endpoint, server.base_url, WARM_UP_SECONDS)
        results = measure(measured, server.base_url, args.duration)
        judge(results)
    finally:
        server.stop()
        if not args.keep_server:
            shutil.rmtree(workdir, ignore_errors=True)
    if args.json:
        print(json.dumps({"duration_s": args.duration, "workers": args.workers, "cpus": os.cpu_count(),
                          "results": [asdict(r) for r in results]}, indent=2))
    else:
        print(markdown(results, args.duration, args.workers))
    return 0 if all(r.met is not False for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
