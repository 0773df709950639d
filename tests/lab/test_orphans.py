"""The embedded pool's processes die with the web process that started them: a gunicorn worker killed mid-study
(SIGKILL, as a timeout, the OOM killer or an operator would) leaves no pool process behind."""
from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import requests

from tests.lab.conftest import wait_for
from tests.production.servers import prepared_database, start_server  # noqa: F401 - fixtures

PROC = Path("/proc")


def parent_of(pid: int) -> int | None:
    try:
        stat = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    return int(stat.rsplit(")", 1)[1].split()[1])


def children_of(pid: int) -> list[int]:
    return [int(entry.name) for entry in PROC.iterdir() if entry.name.isdigit() and parent_of(int(entry.name)) == pid]


def is_running(pid: int) -> bool:
    """Whether the process exists and has not exited (a zombie waiting for its new parent to reap it has)."""
    try:
        state = (PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def pool_processes(worker: int) -> list[int]:
    """The worker's embedded-pool processes (spawned interpreters), not its other helpers."""
    return [pid for pid in children_of(worker)
            if b"spawn_main" in (PROC / str(pid) / "cmdline").read_bytes()]


def test_a_worker_killed_mid_study_leaves_no_pool_process(start_server):  # noqa: F811 - the fixture imported above
    server = start_server(workers=1, LAB_LOCAL_WORKERS="2", LAB_MAX_GAMES_ANONYMOUS="100000")
    response = requests.post(server.url("/api/simulations/"), json={
        "kind": "goldfish", "deck": "starter-dr-veylan", "games": 100000, "seed": 1, "bot": "greedy"}, timeout=60)
    assert response.status_code == 202, response.text
    [worker] = children_of(server.process.pid)
    pool = wait_for(lambda: len(pool_processes(worker)) == 2 and pool_processes(worker), timeout=60)
    time.sleep(1)  # mid-chunk
    os.kill(worker, signal.SIGKILL)
    started = time.monotonic()
    try:
        wait_for(lambda: not any(is_running(pid) for pid in pool), timeout=5, every=0.1)
    finally:
        for pid in filter(is_running, pool):  # a survivor would play its 100,000 games on: not past this test
            os.kill(pid, signal.SIGKILL)
    print(f"the pool's {len(pool)} processes were gone {time.monotonic() - started:.1f} s after the kill")
