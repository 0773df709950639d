"""A production-like site for the socket tests that need real processes: one Redis server (the channel layer on
database 0, the cache on database 1) that a test may flush, stop and start again on the same port, and one uvicorn
process serving the site as the README's production section runs it (benchmarks/live.py's AsgiProcess)."""
from __future__ import annotations

import json
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import redis
from websockets.sync.client import connect

from benchmarks.live import AsgiProcess, Browser, free_port, prepare_database, server_env


class RedisServer:
    """redis-server in the foreground on a fixed loopback port, nothing persisted."""

    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> "RedisServer":
        self.process = subprocess.Popen(
            [shutil.which("redis-server") or "redis-server", "--bind", "127.0.0.1", "--port", str(self.port),
             "--save", "", "--appendonly", "no", "--dir", str(self.workdir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                redis.Redis.from_url(self.url()).ping()
                return self
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def flushall(self) -> None:
        redis.Redis.from_url(self.url()).flushall()


class Site:
    """The server, its Redis and its log; a player who opened a table and one who joined it."""

    def __init__(self, workdir: Path):
        self.redis = RedisServer(workdir).start()
        env = server_env(prepare_database(workdir), self.redis.url(0))
        env["DJANGO_CACHE"] = self.redis.url(1)
        self.log_path = workdir / "server.log"
        self.server = AsgiProcess(env, self.log_path).start()

    def close(self) -> None:
        self.server.stop()
        self.redis.stop()

    def log(self) -> str:
        return self.log_path.read_text()

    def get(self, path: str, browser: Browser | None = None) -> tuple[int, dict[str, str], bytes]:
        opener = (browser or Browser()).opener
        try:
            with opener.open(self.server.base + path, timeout=30) as answer:
                return answer.status, dict(answer.headers), answer.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    def open_table(self, seed: int) -> tuple[str, list[Browser]]:
        host, guest = Browser(), Browser()
        table_id = host.post(self.server.base + "/api/tables/", {"deck": "starter-dr-veylan", "seed": seed})["id"]
        guest.post(self.server.base + f"/api/tables/{table_id}/join/", {"deck": "starter-elder-maru"})
        return table_id, [host, guest]

    def decide(self, table_id: str, players: list[Browser]) -> int:
        """Make one decision over HTTP, by whoever must decide; return the table's new version."""
        for player in players:
            view = json.loads(self.get(f"/api/tables/{table_id}/", player)[2])
            if view["can_act"]:
                choice = view["legal_actions"][0]["id"]
                url = self.server.base + f"/api/tables/{table_id}/actions/"
                return player.post(url, {"action": choice, "version": view["version"]})["version"]
        raise AssertionError("nobody may decide")

    def socket(self, table_id: str):
        url = self.server.base.replace("http://", "ws://") + f"/ws/tables/{table_id}/"
        return connect(url, additional_headers={"Origin": self.server.base}, open_timeout=10, max_size=2**24)


def next_table(socket, timeout: float = 10) -> dict:
    """The next table payload on a socket (other messages are skipped), waiting at most `timeout` seconds in all."""
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(socket.recv(timeout=max(0.0, deadline - time.monotonic())))
        if message["type"] == "table":
            return message["table"]
