"""Fixtures for the lab: a real broker with real Celery workers (rules/lab_processes.py, as `make run` starts them)."""
from __future__ import annotations

import os
import time

import pytest

from rules.lab_processes import Workers, redis_start, redis_stop


@pytest.fixture
def broker(settings):
    """A throwaway Redis on a free port that the lab and its Celery app use for this test; workers start on demand.

    A chunk left by a killed worker is back in the queue after 4 s (the queue is swept every second)."""
    from cataclysm_site.celery import app

    name = f"test-{os.getpid()}"
    url = redis_start(name)
    settings.CELERY_BROKER_URL = settings.CELERY_RESULT_BACKEND = url
    app.conf.broker_url = app.conf.result_backend = url
    workers = Workers(url, CELERY_VISIBILITY_TIMEOUT="4", CELERY_RESTORE_INTERVAL="1")
    yield workers
    workers.stop()
    app.conf.broker_url = app.conf.result_backend = None
    redis_stop(name)


def wait_for(predicate, timeout: float = 120.0, every: float = 0.2):
    """Poll until `predicate()` is true; fail the test when it never is."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"timed out after {timeout} s")
