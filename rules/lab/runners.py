"""Where a study's chunks run: Celery workers on the configured broker (`CeleryRunner`), or a process pool of this
process (`LocalRunner`, the embedded default; `play_all` also serves `manage.py goldfish --workers N`). Every chunk is
played by the same function (`rules.tasks.play_chunk`, rules/engine/lab.py's `play_games`), wherever it runs. The
`Driver` moves the studies on by itself: what the workers finish is stored without anyone looking.
"""
from __future__ import annotations

import logging
import multiprocessing
import os
import socket
import threading
import uuid
import zlib
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from django.conf import settings
from django.db import connections

logger = logging.getLogger(__name__)


class CeleryRunner:
    """Chunks as Celery tasks (rules/tasks.py) on the configured broker."""

    name = "celery"

    def new_task_id(self) -> str:
        return uuid.uuid4().hex

    def submit(self, task_id: str, study: Mapping, start: int, count: int) -> None:
        from rules.tasks import play_chunk_on_worker
        play_chunk_on_worker.apply_async(args=[dict(study), start, count], task_id=task_id)

    def poll(self, task_id: str, study: Mapping, start: int, count: int) -> tuple[str, Any]:
        from celery.result import AsyncResult
        result = AsyncResult(task_id)
        if result.successful():
            return "done", result.result
        if result.failed():
            return "failed", f"chunk of games {start}-{start + count - 1}: {result.result}"
        return "pending", None

    def forget(self, task_ids: Iterable[str]) -> None:
        """Nothing to drop: a tally stays in the result backend (for CELERY_RESULT_EXPIRES) for any process."""

    def driven(self, sims):
        """The studies this process moves on: every active one on the broker (any process may store a tally)."""
        return sims

    def busy(self) -> bool:
        return False

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

    def lost(self, sim_id, pending: Iterable[str] = ()) -> bool:
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
        Driver.stop()
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

    # A chunk's task id starts with the process that plays it (`owner`): the process's pool holds the chunk, and
    # another process (gunicorn's other workers) must neither play it again while that one lives nor wait for it
    # once that one is gone.
    def new_task_id(self) -> str:
        return owner() + uuid.uuid4().hex

    def submit(self, task_id: str, study: Mapping, start: int, count: int) -> None:
        from rules.tasks import play_chunk
        self._futures[task_id] = self.pool().submit(play_chunk, dict(study), start, count)

    def poll(self, task_id: str, study: Mapping, start: int, count: int) -> tuple[str, Any]:
        """A chunk of this process's pool: done (with its tally), failed, or pending; a chunk of another process's
        pool, or of one gone, is pending here (`lost` says when to send it again)."""
        future = self._futures.get(task_id)
        if future is None or not future.done():
            return "pending", None
        error = future.exception()
        if error is not None:
            return "failed", f"chunk of games {start}-{start + count - 1}: {error}"
        return "done", future.result()

    def forget(self, task_ids: Iterable[str]) -> None:
        """Drop the chunks whose tallies are stored (after storing, so that a look meanwhile never misses one)."""
        for task_id in task_ids:
            self._futures.pop(task_id, None)

    def driven(self, sims):
        """The studies this process moves on: those with a chunk in its pool."""
        return sims.filter(chunks__task_id__startswith=owner(), chunks__tally__isnull=True).distinct()

    def busy(self) -> bool:
        """Whether the pool is still playing a chunk of this process's (its study may not be visible yet)."""
        return any(not future.done() for future in list(self._futures.values()))

    def mark_sent(self, sim_id) -> None:
        """Nothing to mark: the pool's chunks live and die with this process (`lost` finds them gone)."""

    def lost(self, sim_id, pending: Iterable[str] = ()) -> bool:
        """Whether a chunk still to play is in no living pool: this process's own, no longer held (the pool was
        closed), one of a process of this machine that has ended (a server restarted, a worker recycled or
        killed), or of a task id from before owners were named. A chunk of another machine's process cannot be
        told: the study's LAB_STALL_SECONDS covers it."""
        return any(task_id not in self._futures and not owner_alive(task_id) for task_id in pending)

    def revoke(self, task_ids: list[str]) -> None:
        for task_id in task_ids:
            future = self._futures.pop(task_id, None)
            if future is not None:
                future.cancel()


def _start_time(pid: int) -> str:
    """When a process started (clock ticks since boot, Linux's /proc), or "" where that cannot be read."""
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return ""


_OWNER: dict[int, str] = {}


def owner() -> str:
    """This process, as a task id's prefix: its machine, its pid and when it started (a pid is reused)."""
    pid = os.getpid()
    if pid not in _OWNER:
        _OWNER[pid] = f"{zlib.crc32(socket.gethostname().encode()):08x}.{pid}.{_start_time(pid)}."
    return _OWNER[pid]


def owner_alive(task_id: str) -> bool:
    """Whether the process a chunk's task id names may still hold it: False when it is this machine's and has ended
    (or the id names none); True for another machine's."""
    parts = task_id.split(".")
    if len(parts) != 4 or not parts[1].isdigit():
        return False
    if parts[0] != owner().split(".")[0]:
        return True
    pid = int(parts[1])
    if pid == os.getpid():
        return parts[2] == _start_time(pid) and task_id in LocalRunner._futures
    return _start_time(pid) == parts[2] and (bool(parts[2]) or _exists(pid))


def _exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class Driver:
    """Moves the studies on by themselves: a thread of this process that stores what the workers finished, every
    LAB_DRIVE_SECONDS, while any study it moves is active (`tick`, the lab's `drive`, says so).

    Started by whatever sends or looks at a study (`ensure`), never at import: a gunicorn master that preloads the
    site forks its workers with no thread and no database connection of the driver. Its connection is closed after
    each round, so it holds none between rounds either (the embedded pool's processes are spawned, not forked)."""

    _lock = threading.Lock()
    _thread: threading.Thread | None = None
    _poked = False
    _stop = threading.Event()

    @classmethod
    def ensure(cls, tick: Callable[[], bool]) -> None:
        with cls._lock:
            cls._poked = True   # a round that found nothing to do must look again before the thread ends
            if cls._thread is not None and cls._thread.is_alive():
                return
            cls._stop.clear()
            cls._thread = threading.Thread(target=cls._run, args=(tick,), name="lab-driver", daemon=True)
            cls._thread.start()

    @classmethod
    def stop(cls) -> None:
        """End the thread (the tests' teardown, with the pool)."""
        cls._stop.set()
        thread = cls._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(10)

    @classmethod
    def _run(cls, tick: Callable[[], bool]) -> None:
        while not cls._stop.wait(settings.LAB_DRIVE_SECONDS):
            with cls._lock:
                cls._poked = False
            try:
                active = tick()
            except Exception:   # noqa: BLE001 - a database or broker away for a while: the next round tries again
                logger.warning("The lab's driver could not move the studies on; trying again", exc_info=True)
                active = True
            finally:
                connections.close_all()   # this thread's own
            with cls._lock:
                if not active and not cls._poked:
                    cls._thread = None
                    return


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
