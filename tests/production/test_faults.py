"""Faults a production server meets: killed in the middle of a write, a database locked or out of reach.

Each test runs gunicorn (DEBUG off) on a copy of a prepared database of the engine the suite runs on, and breaks
it for real: SIGKILL to the whole server while a goldfish action's transaction is open, another connection holding
the database's lock, the network path to PostgreSQL cut. The promise under test: a game is always at its last
committed state, an outage answers 503 with Retry-After (never a 500), and the next request after it works.
"""
import json
import socket
import sqlite3
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable
from urllib.parse import urlsplit

import psycopg
import pytest
import requests

from rules.models import GoldfishGame
from tests.production.servers import (  # noqa: F401 - fixtures
    is_postgres,
    postgres_url,
    prepared_database,
    start_server,
    token_session,
)

SEED = 11
PAUSE_WAIT = 30.0  # seconds to wait for the server to reach the pause point


# --------------------------------------------------------------------------- a server killed in the middle of an action

def game_snapshot(game: dict) -> dict:
    """Return what makes a game the game it is: how far it got, its state's digest and what can be done now."""
    return {
        "version": game["version"],
        "moves": game["moves"],
        "digest": game["digest"],
        "status": game["status"],
        "legal_actions": [action["id"] for action in game["legal_actions"]],
    }


def act(player: requests.Session, server, game: dict) -> dict:
    action = game["legal_actions"][0]["id"]
    response = player.post(server.url(f"/api/goldfish/{game['id']}/actions/"),
                           json={"action": action, "version": game["version"]})
    assert response.status_code == 200, response.text
    return response.json()


def test_a_server_killed_mid_action_leaves_the_game_at_its_last_committed_state(
        start_server, prepared_database, tmp_path):
    database = prepared_database.copy()
    armed, paused = tmp_path / "armed", tmp_path / "paused"
    server = start_server(
        database, workers=1, app="tests.production.servers:pausing_application()",
        FAULT_PAUSE_TABLE=GoldfishGame._meta.db_table, FAULT_ARMED_FILE=str(armed), FAULT_PAUSED_FILE=str(paused),
    )
    player = requests.Session()  # an anonymous player: the game is tied to this session's cookie
    started = player.post(server.url("/api/goldfish/"), json={"deck": "starter-talah", "seed": SEED})
    assert started.status_code == 201, started.text
    game = act(player, server, act(player, server, started.json()))
    committed = game_snapshot(game)
    assert committed["version"] == 2 and committed["legal_actions"]

    armed.touch()
    outcome: dict = {}

    def interrupted_action():
        try:
            outcome["response"] = player.post(server.url(f"/api/goldfish/{game['id']}/actions/"), timeout=60,
                                              json={"action": committed["legal_actions"][0],
                                                    "version": committed["version"]})
        except requests.ConnectionError as exc:
            outcome["error"] = exc

    request = threading.Thread(target=interrupted_action)
    request.start()
    deadline = time.monotonic() + PAUSE_WAIT
    while not paused.exists() and time.monotonic() < deadline and request.is_alive():
        time.sleep(0.05)
    assert paused.exists(), f"the action never reached its write: {outcome}"
    server.kill()
    request.join(timeout=30)
    assert "error" in outcome, f"the killed server answered: {outcome}"
    assert json.loads(paused.read_text())["in_transaction"], "the action's write must run inside a transaction"

    restarted = start_server(database, workers=1)
    reloaded = player.get(restarted.url(f"/api/goldfish/{game['id']}/"))
    assert reloaded.status_code == 200, reloaded.text
    assert game_snapshot(reloaded.json()) == committed
    following = act(player, restarted, reloaded.json())
    assert following["version"] == committed["version"] + 1
    replayed = player.get(restarted.url(f"/api/goldfish/{game['id']}/replay/")).json()
    assert replayed["digest"] == following["digest"]  # the saved log rebuilds exactly the saved state


# --------------------------------------------------------------------------- a database locked or out of reach

class TcpProxy:
    """Forward a local port to the database, and cut it (refuse and drop every connection) on demand."""

    def __init__(self, target: tuple[str, int]):
        self.target = target
        self.port = 0
        self.listener: socket.socket | None = None
        self.connections: list[socket.socket] = []
        self.lock = threading.Lock()

    def open(self) -> "TcpProxy":
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(16)
        self.port = listener.getsockname()[1]
        self.listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()
        return self

    def cut(self) -> None:
        with self.lock:
            if self.listener is not None:
                try:
                    self.listener.shutdown(socket.SHUT_RDWR)  # wakes the thread blocked in accept()
                except OSError:
                    pass
                self.listener.close()
                self.listener = None
            for conn in self.connections:
                try:
                    conn.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                conn.close()
            self.connections.clear()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.connections += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for conn in (source, sink):
                try:
                    conn.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


@dataclass
class Outage:
    """A way for the database to fail: how to serve through it, and how to hold it down for a while."""

    name: str
    serve: Callable  # (prepared_database, start_server) -> (server, hold: context manager factory)
    blocks_health_probe: bool  # SELECT 1 fails too (a lock on the tables does not stop it)


def sqlite_locked(prepared, start_server):
    """Another connection holds SQLite's exclusive lock: readers and writers wait one second, then give up."""
    database = prepared.copy()
    server = start_server(database, workers=1, DJANGO_SQLITE_TIMEOUT="1")

    @contextmanager
    def hold():
        conn = sqlite3.connect(database.removeprefix("sqlite:///"), isolation_level=None)
        conn.execute("BEGIN EXCLUSIVE")
        try:
            yield
        finally:
            conn.rollback()
            conn.close()

    return server, hold


def postgres_locked(prepared, start_server):
    """Another transaction holds ACCESS EXCLUSIVE locks on the tables; the server waits one second for a lock."""
    database = prepared.copy()
    name = urlsplit(database).path.lstrip("/")
    server = start_server(postgres_url(prepared.settings, name, options="-c lock_timeout=1000"), workers=1)

    @contextmanager
    def hold():
        settings = prepared.settings
        with psycopg.connect(host=settings["HOST"], port=settings["PORT"], user=settings["USER"],
                             password=settings["PASSWORD"], dbname=name) as conn:
            conn.execute("LOCK TABLE cards_card, decks_deck, authtoken_token, rules_goldfishgame "
                         "IN ACCESS EXCLUSIVE MODE")
            yield
            conn.rollback()

    return server, hold


def postgres_unreachable(prepared, start_server):
    """The network path to PostgreSQL is cut: open connections drop, new ones are refused."""
    database = prepared.copy()
    name = urlsplit(database).path.lstrip("/")
    proxy = TcpProxy((prepared.settings["HOST"], int(prepared.settings["PORT"]))).open()
    settings = {**prepared.settings, "HOST": "127.0.0.1", "PORT": proxy.port}
    server = start_server(postgres_url(settings, name, connect_timeout="2"), workers=1)

    @contextmanager
    def hold():
        proxy.cut()
        try:
            yield
        finally:
            proxy.open()

    return server, hold


OUTAGES = (
    [Outage("postgres-locked", postgres_locked, False), Outage("postgres-unreachable", postgres_unreachable, True)]
    if is_postgres() else [Outage("sqlite-locked", sqlite_locked, False)]
)


def assert_unavailable(response: requests.Response, *, page: bool = False) -> None:
    assert response.status_code == 503, response.text[:500]
    assert response.headers["Retry-After"].isdigit()
    if page:
        assert response.headers["Content-Type"].startswith("text/html")
        assert "try again" in response.text
    else:
        assert response.json()["code"] == "database_unavailable"


def assert_cached_or_unavailable(response: requests.Response, *, shows: str) -> None:
    """A search the server answered before may be answered from its memory while the database is down (the same
    answer); else it is a clear 503."""
    if response.status_code == 200:
        assert response.text == shows
    else:
        assert_unavailable(response)


@pytest.mark.parametrize("outage", OUTAGES, ids=lambda outage: outage.name)
def test_a_database_outage_answers_503_and_the_next_request_works(outage, start_server, prepared_database):
    server, database_down = outage.serve(prepared_database, start_server)
    reader = requests.Session()
    writer = token_session(prepared_database.tokens["alice"])
    search, deck = server.url("/api/cards/?q=kalen"), server.url("/api/decks/starter-talah/")
    deck_page = server.url("/decks/starter-talah/")
    searched = reader.get(search)  # also a warm, pooled connection that the outage must not poison
    assert searched.status_code == 200
    player = requests.Session()
    game = act(player, server, player.post(server.url("/api/goldfish/"), json={"deck": "starter-talah"}).json())

    with database_down():
        assert_unavailable(reader.get(server.url("/api/cards/?q=vos")))  # not answered before: needs the database
        assert_unavailable(reader.get(deck))
        assert_unavailable(writer.post(server.url("/api/decks/"),
                                       json={"name": "Written during the outage", "hero": "talah", "cards": []}))
        assert_unavailable(reader.get(deck_page, headers={"Accept": "text/html"}), page=True)
        # The server keeps the game in memory since the last action, but an action is only ever written, never
        # answered from memory.
        assert_unavailable(player.post(server.url(f"/api/goldfish/{game['id']}/actions/"),
                                       json={"action": game["legal_actions"][0]["id"], "version": game["version"]}))
        assert_cached_or_unavailable(reader.get(search), shows=searched.text)
        health = reader.get(server.url("/healthz"))
        assert health.status_code == (503 if outage.blocks_health_probe else 200)

    assert reader.get(search).status_code == 200
    assert reader.get(deck).json()["id"] == "starter-talah"
    assert act(player, server, game)["version"] == game["version"] + 1  # the refused action left the game as it was
    assert reader.get(server.url("/healthz")).status_code == 200
    mine = writer.get(server.url("/api/decks/?mine=true")).json()
    assert [d["name"] for d in mine["results"]] == []  # the refused write left nothing behind
