"""Fixtures for the lab: a real broker with real Celery workers (rules/lab/processes.py, as `make run` starts them)."""
from __future__ import annotations

import os
import time

import pytest

from rules.lab.processes import Workers, redis_start, redis_stop


@pytest.fixture(scope="session")
def redis_url():
    """One throwaway Redis on a free port for this test process (scripts/redis.sh), stopped at the end."""
    name = f"test-{os.getpid()}"
    yield redis_start(name)
    redis_stop(name)


@pytest.fixture
def broker(settings, redis_url):
    """The lab and its Celery app on the test Redis, emptied first; workers start on demand and stop after the test.

    A chunk left by a killed worker is back in the queue after 4 s (the queue is swept every second)."""
    import redis

    from cataclysm_site.celery import app

    redis.Redis.from_url(redis_url).flushall()
    settings.CELERY_BROKER_URL = settings.CELERY_RESULT_BACKEND = redis_url
    app.conf.broker_url = app.conf.result_backend = redis_url
    workers = Workers(redis_url, CELERY_VISIBILITY_TIMEOUT="4", CELERY_RESTORE_INTERVAL="1")
    yield workers
    workers.stop()
    app.conf.broker_url = app.conf.result_backend = None


def wait_for(predicate, timeout: float = 120.0, every: float = 0.2):
    """Poll until `predicate()` is true; fail the test when it never is."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"timed out after {timeout} s")
