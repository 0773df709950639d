"""Where a study's chunks run: Celery workers on the configured broker (`CeleryRunner`), or a process pool of this
process (`LocalRunner`, the embedded default; `play_all` also serves `manage.py goldfish --workers N`). Every chunk is
played by the same function (`rules.tasks.play_chunk`, rules/engine/lab.py's `run_chunk`), wherever it runs.
"""
from __future__ import annotations

import multiprocessing
import os
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Mapping, Sequence

from django.conf import settings


class CeleryRunner:
    """Chunks as Celery tasks (rules/tasks.py) on the configured broker."""

    name = "celery"

    def submit(self, task_id: str, study: Mapping, start: int, count: int) -> None:
        from rules.tasks import run_chunk
        run_chunk.apply_async(args=[dict(study), start, count], task_id=task_id)

    def poll(self, task_id: str, study: Mapping, start: int, count: int) -> tuple[str, Any]:
        from celery.result import AsyncResult
        result = AsyncResult(task_id)
        if result.successful():
            return "done", result.result
        if result.failed():
            return "failed", f"chunk of games {start}-{start + count - 1}: {result.result}"
        return "pending", None

    def revoke(self, task_ids: list[str]) -> None:
        from cataclysm_site.celery import app
        if task_ids:
            app.control.revoke(task_ids)

    # A mark per study in the broker's Redis, set when its chunks are sent: a broker that comes back without it
    # (restarted without persistence, flushed) has lost the study's queued chunks and finished tallies too.
    MARK = "lab:sent:{}"

    def mark_sent(self, sim_id) -> None:
        client = broker_redis()
        if client is not None:
            client.set(self.MARK.format(sim_id), 1, ex=settings.CELERY_RESULT_EXPIRES)

    def lost(self, sim_id) -> bool:
        """Whether the broker has lost this study's chunks (False when it cannot tell: not Redis, or unreachable)."""
        import redis

        client = broker_redis()
        try:
            return client is not None and not client.exists(self.MARK.format(sim_id))
        except redis.RedisError:
            return False


class LocalRunner:
    """The embedded default: the same chunk function in a process pool of this process, every core busy."""

    name = "local"
    _pool: ProcessPoolExecutor | None = None
    _futures: dict[str, Future] = {}

    @classmethod
    def pool(cls, workers: int | None = None) -> ProcessPoolExecutor:
        """The pool (`workers` processes, by default LAB_LOCAL_WORKERS), started on first use."""
        workers = workers or settings.LAB_LOCAL_WORKERS
        if cls._pool is not None and cls._pool._max_workers != workers:
            cls.close()
        if cls._pool is None:
            # "spawn": fresh interpreters. Forking a web server's process copies its threads' locks mid-use, and a
            # forked pool deadlocked under the test server.
            # Each process exits when this one dies, even by SIGKILL (prepare_pool_process).
            from rules.tasks import prepare_pool_process
            cls._pool = ProcessPoolExecutor(max_workers=workers, initializer=prepare_pool_process,
                                            initargs=(os.getpid(),), mp_context=multiprocessing.get_context("spawn"))
            # When the server stops, drop the chunks still queued: by default the interpreter would play every one
            # of them before exiting (a Ctrl-C could wait minutes). They are played again when the study is next
            # looked at. Registered with threading's exit hooks, which run before concurrent.futures' own.
            threading._register_atexit(cls._pool.shutdown, wait=False, cancel_futures=True)
        return cls._pool

    @classmethod
    def close(cls) -> None:
        """Stop the pool and wait for its processes to finish (the tests' teardown, whose chunks are small). Python
        3.11's own exit hook can race a pool still closing down after the server's `wait=False` and print "Bad file
        descriptor" at exit; a pool already joined here leaves it nothing to race."""
        if cls._pool is not None:
            cls._pool.shutdown(wait=True, cancel_futures=True)
            cls._pool = None
            cls._futures.clear()

    @classmethod
    def play_all(cls, study: Mapping, chunks: Sequence[tuple[int, int]], workers: int) -> list[dict[str, Any]]:
        """Play every chunk of a study on `workers` processes and wait for their tallies, in the chunks' order
        (`manage.py goldfish --workers N`: the lab's pool, not one of its own)."""
        from rules.tasks import play_chunk
        pool = cls.pool(workers)
        futures = [pool.submit(play_chunk, dict(study), start, count) for start, count in chunks]
        return [future.result() for future in futures]

    def submit(self, task_id: str, study: Mapping, start: int, count: int) -> None:
        from rules.tasks import play_chunk
        self._futures[task_id] = self.pool().submit(play_chunk, dict(study), start, count)

    def poll(self, task_id: str, study: Mapping, start: int, count: int) -> tuple[str, Any]:
        future = self._futures.get(task_id)
        if future is None:   # this server restarted since: play the chunk again
            self.submit(task_id, study, start, count)
            return "pending", None
        if not future.done():
            return "pending", None
        self._futures.pop(task_id, None)
        error = future.exception()
        if error is not None:
            return "failed", f"chunk of games {start}-{start + count - 1}: {error}"
        return "done", future.result()

    def mark_sent(self, sim_id) -> None:
        """Nothing to mark: the pool's chunks live and die with this process (`poll` sends them again)."""

    def lost(self, sim_id) -> bool:
        return False

    def revoke(self, task_ids: list[str]) -> None:
        for task_id in task_ids:
            future = self._futures.pop(task_id, None)
            if future is not None:
                future.cancel()


_REDIS_CLIENTS: dict[str, Any] = {}


def broker_redis():
    """A client of the broker's Redis (one per URL, kept), or None when the broker is not Redis."""
    url = settings.CELERY_BROKER_URL
    if not url.startswith(("redis://", "rediss://", "unix://")):
        return None
    if url not in _REDIS_CLIENTS:
        import redis

        _REDIS_CLIENTS[url] = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
    return _REDIS_CLIENTS[url]


def runner() -> CeleryRunner | LocalRunner:
    return CeleryRunner() if settings.CELERY_BROKER_URL else LocalRunner()
