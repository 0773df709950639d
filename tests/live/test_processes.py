"""Two ASGI server processes share tables through the Redis channel layer: a decision made over a socket of one process
reaches the sockets of the other at once, each with its own view (uvicorn as docs/operations/scaling.md's production
section runs it, a throwaway Redis, a scratch database both processes use)."""
from __future__ import annotations

import json
import os

import pytest
from websockets.sync.client import connect

from benchmarks.live import AsgiProcess, Browser, prepare_database, server_env
from rules.lab.processes import redis_start, redis_stop

pytestmark = pytest.mark.slow


@pytest.fixture
def two_servers(tmp_path):
    name = f"test-live-{os.getpid()}"
    servers = []
    try:
        env = server_env(prepare_database(tmp_path), redis_start(name))
        servers = [AsgiProcess(env, tmp_path / f"server-{i}.log").start() for i in range(2)]
        yield servers
    finally:
        for server in servers:
            server.stop()
        redis_stop(name)


def socket_to(server: AsgiProcess, table_id: str, browser: Browser | None = None):
    headers = {"Origin": server.base, **({"Cookie": browser.cookie_header()} if browser else {})}
    return connect(server.base.replace("http://", "ws://") + f"/ws/tables/{table_id}/", additional_headers=headers,
                   open_timeout=10, max_size=2**24)


def next_table(socket) -> dict:
    while True:
        message = json.loads(socket.recv(timeout=10))
        if message["type"] == "table":
            return message["table"]


def test_a_decision_on_one_process_reaches_the_sockets_of_the_other(two_servers):
    a, b = two_servers
    host, guest = Browser(), Browser()
    table_id = host.post(a.base + "/api/tables/", {"deck": "starter-dr-veylan", "seed": 5})["id"]
    guest.post(b.base + f"/api/tables/{table_id}/join/", {"deck": "starter-elder-maru"})
    with socket_to(a, table_id, host) as host_socket, socket_to(b, table_id, guest) as guest_socket, \
            socket_to(b, table_id) as watcher:
        views = [next_table(s) for s in (host_socket, guest_socket, watcher)]
        assert [v["seat"] for v in views] == [0, 1, None]
        for _ in range(6):
            seat = next(v["seat"] for v in views[:2] if v["can_act"])
            sockets = (host_socket, guest_socket)
            choice = views[seat]["legal_actions"][0]["id"]
            sockets[seat].send(json.dumps({"type": "action", "action": choice, "version": views[seat]["version"]}))
            before = views[seat]["version"]
            views = [next_table(s) for s in (host_socket, guest_socket, watcher)]
            assert [v["version"] for v in views] == [before + 1] * 3
            assert "hand" in views[1]["state"]["players"][1] and "hand" not in views[1]["state"]["players"][0]
            assert all("hand" not in p for p in views[2]["state"]["players"])
