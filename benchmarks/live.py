"""Live tables under load: `python -m benchmarks live [--tables K] [--seconds S] [--servers N] [--think T]
[--players P] [--json]` (`make bench-live`).

Starts a throwaway Redis (scripts/redis.sh, the channel layer), prepares a scratch database (SQLite in a temporary
folder, or the PostgreSQL of DATABASE_URL), and N uvicorn processes serving cataclysm_site.asgi exactly as the
production set-up of docs/operations/scaling.md does (default 2). Then K tables are opened over HTTP, each by a bot on
the first server and joined by a bot on the second (anonymous sessions, so their sockets are seated by their cookies),
and every bot connects its table's WebSocket on the *other* server than the one it joined, so every update crosses
processes through Redis. Each bot decides (a random legal action, seeded) whenever its socket's view says it may, over
the socket, after a pause of about `--think` seconds (default 2; 0 measures capacity: every bot decides at once, so the
servers are always saturated and the round trip is mostly queueing). Measured for S seconds after every socket is
connected:

- decisions/s: decisions saved (table versions advanced) across all tables;
- the round trip from sending a decision to the opponent's socket receiving the view at the new version,
  p50 / p99 / max in ms.

`--players 3` or `4` seats that many bots at every table (issue 34: a table starts once every seat is taken), their
sockets spread over the servers the same way: a 4-player table's round trip is measured against the 2-player one.

Server, Redis and bots share the machine: on the 2-core development machine that is the whole budget.
"""
from __future__ import annotations

import argparse
import asyncio
import http.cookiejar
import json
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WARM_UP = 3.0  # seconds of play before measuring
DECKS = ("starter-dr-veylan", "starter-elder-maru", "starter-talah", "starter-lethan")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_env(database_url: str, channel_url: str) -> dict[str, str]:
    """A production server's environment on plain-HTTP loopback, with rate limits out of the way."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CELERY_", "LAB_"))}
    env.update(DJANGO_SETTINGS_MODULE="cataclysm_site.settings", DATABASE_URL=database_url, DJANGO_DEBUG="false",
               DJANGO_SECRET_KEY=os.environ.get("BENCH_SECRET_KEY") or secrets.token_urlsafe(50),
               DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost", DJANGO_SECURE_SSL_REDIRECT="false",
               DJANGO_SESSION_COOKIE_SECURE="false", DJANGO_CSRF_COOKIE_SECURE="false",
               DJANGO_THROTTLE_ANON="1000000/min", DJANGO_THROTTLE_USER="1000000/min",
               DJANGO_THROTTLE_EXPENSIVE="1000000/min", CHANNEL_LAYER_URL=channel_url, PYTHONUNBUFFERED="1")
    return env


def prepare_database(workdir: Path) -> str:
    """Migrate a scratch database, make the shared cache's table (the servers' default with DEBUG off) and load the
    catalogue and the starter decks; return its DATABASE_URL."""
    url = os.environ.get("DATABASE_URL") or f"sqlite:///{workdir / 'live.sqlite3'}"
    env = server_env(url, "")
    for command in (["migrate", "--noinput"], ["createcachetable"], ["load_catalogue"], ["load_starter_decks"]):
        subprocess.run([sys.executable, "manage.py", *command, "--verbosity", "0"], cwd=ROOT, env=env, check=True)
    return url


class AsgiProcess:
    """One uvicorn process serving the site (HTTP and WebSockets) on a free loopback port."""

    def __init__(self, env: dict[str, str], log_path: Path):
        self.env = env
        self.log_path = log_path
        self.port = 0
        self.process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60) -> "AsgiProcess":
        self.port = free_port()
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "uvicorn", "cataclysm_site.asgi:application", "--host", "127.0.0.1",
                 "--port", str(self.port), "--ws", "websockets-sansio", "--lifespan", "off", "--no-access-log",
                 "--log-level", "warning"], cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                with urllib.request.urlopen(self.base + "/api/ping/", timeout=2) as answer:
                    if answer.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the ASGI server did not start:\n{self.log_path.read_text()[-3000:]}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


class Browser:
    """An HTTP client with its own cookies: one anonymous visitor (a session of its own)."""

    def __init__(self):
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def post(self, url: str, body: dict) -> dict:
        request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
        with self.opener.open(request, timeout=30) as answer:
            return json.loads(answer.read())

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)


def open_table(servers: list[AsgiProcess], index: int, players: int = 2) -> dict:
    """Open a table on the first server, joined by guests on the last (and, with more players, alternately); each
    player's socket goes to another server than the one they sat down on."""
    browsers = [Browser() for _ in range(players)]
    body = {"deck": DECKS[index % 4], "seed": index, **({"players": players} if players != 2 else {})}
    created = browsers[0].post(servers[0].base + "/api/tables/", body)
    joined_on = [servers[0]]
    for seat in range(1, players):
        server = servers[-1] if seat % 2 else servers[0]
        browsers[seat].post(server.base + f"/api/tables/{created['id']}/join/", {"deck": DECKS[(index + seat) % 4]})
        joined_on.append(server)
    other = {id(servers[0]): servers[-1], id(servers[-1]): servers[0]}
    return {"id": created["id"], "players": [(b, other[id(s)]) for b, s in zip(browsers, joined_on)]}


def open_tables(servers: list[AsgiProcess], count: int, players: int = 2) -> list[dict]:
    with ThreadPoolExecutor(max_workers=8) as pool:
        return list(pool.map(lambda i: open_table(servers, i, players), range(count)))


class Tally:
    def __init__(self):
        self.sent: dict[tuple[str, int], float] = {}  # (table, version decided on) -> when the decision went out
        self.trips: list[float] = []
        self.decisions = 0
        self.errors = 0
        self.error_codes: dict[str, int] = {}  # the socket's error messages by code (and failed connections)
        self.measuring = False


async def bot(table: dict, seat: int, tally: Tally, stop: asyncio.Event, ready: asyncio.Queue, seed: int,
              think: float) -> None:
    from websockets.asyncio.client import connect

    browser, server = table["players"][seat]
    rng = random.Random(seed)
    url = server.base.replace("http://", "ws://") + f"/ws/tables/{table['id']}/"
    headers = {"Cookie": browser.cookie_header(), "Origin": server.base}
    try:
        socket_ = await connect(url, additional_headers=headers, max_size=2**24, open_timeout=60)
    except (OSError, asyncio.TimeoutError, Exception):  # noqa: BLE001 - counted, and the run goes on without it
        tally.errors += 1
        tally.error_codes["connect"] = tally.error_codes.get("connect", 0) + 1
        await ready.put(None)
        return
    async with socket_:
        await ready.put(seat)
        acted_on = -1
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(socket_.recv(), timeout=0.5)
            except asyncio.TimeoutError:
                continue
            now = time.perf_counter()
            message = json.loads(raw)
            if message["type"] == "error":
                tally.errors += 1
                code = str(message.get("code"))
                tally.error_codes[code] = tally.error_codes.get(code, 0) + 1
                continue
            if message["type"] != "table":
                continue
            view = message["table"]
            version = view["version"]
            sent = tally.sent.pop((table["id"], version - 1), None)
            if sent is not None and tally.measuring:
                tally.trips.append(now - sent)
                tally.decisions += 1
            if view["status"] != "live" or not view["can_act"] or version <= acted_on:
                continue
            acted_on = version
            action = rng.choice(view["legal_actions"])["id"]
            if think:  # a person's pause before deciding: between half and one and a half times `think`
                await asyncio.sleep(think * (0.5 + rng.random()))
            tally.sent[(table["id"], version)] = time.perf_counter()
            await socket_.send(json.dumps({"type": "action", "action": action, "version": version}))


async def play(tables: list[dict], seconds: float, think: float) -> Tally:
    tally, stop, ready = Tally(), asyncio.Event(), asyncio.Queue()
    tasks = [asyncio.create_task(bot(t, seat, tally, stop, ready, 1000 * i + seat, think))
             for i, t in enumerate(tables) for seat in range(len(t["players"]))]
    for _ in tasks:
        await ready.get()
    await asyncio.sleep(WARM_UP)  # every table's first decisions (each process's caches, Django's first calls)
    tally.measuring = True
    started = time.perf_counter()
    await asyncio.sleep(seconds)
    tally.measuring = False
    tally.seconds = time.perf_counter() - started
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return tally


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def run(tables: int, seconds: float, servers: int, think: float = 0.0, players: int = 2) -> dict:
    from rules.lab.processes import redis_start, redis_stop

    name = f"bench-live-{os.getpid()}"
    started: list[AsgiProcess] = []
    with tempfile.TemporaryDirectory(prefix="bench-live-") as tmp:
        workdir = Path(tmp)
        try:
            channel_url = redis_start(name)
            env = server_env(prepare_database(workdir), channel_url)
            for index in range(servers):
                started.append(AsgiProcess(env, workdir / f"server-{index}.log").start())
            opened = open_tables(started, tables, players)
            tally = asyncio.run(play(opened, seconds, think))
        finally:
            for server in started:
                server.stop()
            redis_stop(name)
        server_errors = logged_errors([server.log_path for server in started])
    trips_ms = [t * 1000 for t in tally.trips]
    return {"tables": tables, "players": players, "servers": servers, "think": think,
            "seconds": round(tally.seconds, 1),
            "decisions": tally.decisions, "decisions_per_second": round(tally.decisions / tally.seconds, 1),
            "round_trip_ms": {"p50": round(percentile(trips_ms, 0.5), 1), "p99": round(percentile(trips_ms, 0.99), 1),
                              "max": round(max(trips_ms, default=float("nan")), 1),
                              "mean": round(statistics.fmean(trips_ms), 1) if trips_ms else None},
            "errors": tally.errors, "error_codes": tally.error_codes, "server_errors": server_errors}


def logged_errors(paths: list[Path]) -> dict[str, int]:
    """The exceptions the servers logged, by their last line (what failed a socket or a request), most first."""
    found: dict[str, int] = {}
    for path in paths:
        lines = path.read_text(errors="replace").splitlines() if path.exists() else []
        for line in lines:
            if re.match(r"^[\w.]+(Error|Exception|Timeout)\b", line):
                found[line[:160]] = found.get(line[:160], 0) + 1
    return dict(sorted(found.items(), key=lambda item: -item[1]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks live", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20, help="concurrent tables (two bots each)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to measure")
    parser.add_argument("--servers", type=int, default=2, help="ASGI server processes")
    parser.add_argument("--think", type=float, default=2.0,
                        help="a bot's mean pause before each decision, in seconds (0: decide at once: capacity)")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4),
                        help="seats (bots) at each table: 2, or 3 or 4 (issue 34)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cataclysm_site.settings")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stopped from outside: still stop servers and Redis
    result = run(args.tables, args.seconds, args.servers, args.think, args.players)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        trip = result["round_trip_ms"]
        print(f"{result['tables']} tables of {result['players']} on {result['servers']} processes, thinking {result['think']} s, "
              f"{result['seconds']} s: "
              f"{result['decisions']} decisions, {result['decisions_per_second']} decisions/s; decision -> opponent's "
              f"update p50 {trip['p50']} ms, p99 {trip['p99']} ms, max {trip['max']} ms; errors {result['errors']}"
              + (f" {result['error_codes']}" if result["error_codes"] else ""))
        for line, count in list(result["server_errors"].items())[:5]:
            print(f"  server log: {count} × {line}")
    return 0
