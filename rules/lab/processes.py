"""The lab's real parts as processes: a throwaway Redis (scripts/redis.sh) and Celery workers on it.

The test suite and `python -m benchmarks lab` start them exactly as `make run` does (scripts/run.sh), so what they
measure and check is what a user runs. Nothing here is used by the site itself.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the project: rules/lab/processes.py is two folders down


def redis_start(name: str) -> str:
    """Start (or find) the Redis server called `name` on a free loopback port; return its URL."""
    return _redis("start", name, check=True)


def redis_stop(name: str) -> None:
    _redis("stop", name, check=False)


def _redis(action: str, name: str, *, check: bool) -> str:
    done = subprocess.run([str(ROOT / "scripts/redis.sh"), action], env={**os.environ, "REDIS_NAME": name},
                          capture_output=True, text=True, check=check)
    return done.stdout.strip()


class Workers:
    """Celery worker processes (one pool process each) on a broker: start them, kill one, stop them all."""

    def __init__(self, url: str, **env: str):
        self.url = url
        self.env = env
        self.procs: list[subprocess.Popen] = []

    def start(self, n: int = 1, *, quiet: bool = False, wait: bool = False) -> None:
        """Start `n` more workers; with `wait`, return only once every worker answers a ping."""
        env = {**os.environ, "CELERY_BROKER_URL": self.url, "CELERY_RESULT_BACKEND": self.url,
               "DJANGO_SETTINGS_MODULE": "cataclysm_site.settings", **self.env}
        out = subprocess.DEVNULL if quiet else None
        for _ in range(n):
            name = f"w{len(self.procs)}-{os.getpid()}@%h"   # as `name` spells it
            self.procs.append(subprocess.Popen(
                [str(Path(sys.executable).with_name("celery")), "-A", "cataclysm_site", "worker", "--concurrency",
                 "1", "-n", name, "--loglevel", "ERROR" if quiet else "WARNING", "--without-gossip",
                 "--without-mingle"], cwd=ROOT, env=env, start_new_session=True, stdout=out, stderr=out))
        if wait:
            self.wait_ready()

    def wait_ready(self, timeout: float = 60.0) -> None:
        from cataclysm_site.celery import app

        deadline = time.monotonic() + timeout
        while len(app.control.ping(timeout=0.5)) < len(self.procs):
            if time.monotonic() > deadline:
                raise RuntimeError(f"the Celery workers did not all answer within {timeout:.0f} s")

    def name(self, index: int) -> str:
        """The worker's node name, as Celery's control commands address it (`%h` is this machine's name)."""
        return f"w{index}-{os.getpid()}@{socket.gethostname()}"

    def pause(self, index: int) -> None:
        """SIGSTOP a worker and its pool process: frozen, it can neither finish its chunk nor take another."""
        os.killpg(self.procs[index].pid, signal.SIGSTOP)

    def resume(self, index: int) -> None:
        os.killpg(self.procs[index].pid, signal.SIGCONT)

    def kill(self, index: int) -> None:
        """SIGKILL a worker and its pool process at once (paused or not): a machine lost mid-chunk."""
        os.killpg(self.procs[index].pid, signal.SIGKILL)
        self.procs[index].wait(10)

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
                os.killpg(proc.pid, signal.SIGCONT)   # a paused worker takes its SIGTERM only once running
        for proc in self.procs:
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
        self.procs = []
