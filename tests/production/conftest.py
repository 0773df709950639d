"""Fixtures for the production tests."""
import pytest
from django.core.cache import cache

from benchmarks.live import free_port


@pytest.fixture
def rates(settings):
    """Set the API's rate limits for one test, on a fresh throttle history: `rates(anon="3/min")`."""

    def set_rates(**rates):
        current = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {**current, **rates}}

    cache.clear()
    yield set_rates
    cache.clear()


@pytest.fixture
def lost_redis():
    """The URL of a Redis that is not there: a free port of its own (the cache remembers each server's outage)."""
    return f"redis://127.0.0.1:{free_port()}/0"
