"""Sockets stay up, and the site keeps serving, whatever Redis does (issue 31): an idle socket is never dropped, a
socket whose group was lost with a Redis flush hears the next decision within 2 s, and with Redis stopped the API
answers, /healthz says what is missing and a socket opened meanwhile catches up once Redis is back. A real uvicorn
process on a real Redis (tests/live/redis_site.py), as in production."""
from __future__ import annotations

import json
import time

import pytest

from tests.live.redis_site import Site, next_table

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    site = Site(tmp_path_factory.mktemp("uptime"))
    yield site
    site.close()


def assert_quiet_log(site: Site) -> None:
    log = site.log()
    assert "Traceback" not in log and "TimeoutError" not in log, log[-3000:]


def test_an_idle_socket_stays_open_for_a_minute_and_hears_the_next_decision(site):
    table_id, players = site.open_table(seed=1)
    with site.socket(table_id) as watcher:
        before = next_table(watcher)["version"]
        time.sleep(60)  # nothing sent either way (but the WebSocket protocol's own pings)
        after = site.decide(table_id, players)
        assert next_table(watcher)["version"] == after == before + 1
    assert_quiet_log(site)


def test_after_a_redis_flush_a_socket_hears_the_next_decision_within_two_seconds(site):
    table_id, players = site.open_table(seed=2)
    with site.socket(table_id) as watcher:
        before = next_table(watcher)["version"]
        site.redis.flushall()  # the table's group (who listens to it) is gone
        after = site.decide(table_id, players)
        assert next_table(watcher, timeout=2)["version"] == after == before + 1
    assert_quiet_log(site)


def test_with_redis_stopped_the_api_answers_healthz_says_degraded_and_sockets_catch_up_after(site):
    table_id, players = site.open_table(seed=3)
    site.redis.stop()
    try:
        status, _, body = site.get("/api/decks/")  # rate limited: its counter lives in the Redis cache
        assert status == 200 and json.loads(body)["results"]
        status, _, body = site.get("/healthz")
        assert status == 200
        assert json.loads(body) == {"status": "degraded", "database": "ok", "cache": "unavailable",
                                    "channel_layer": "unavailable"}
        with site.socket(table_id) as watcher:  # opened while Redis is down: no push yet, but a view
            before = next_table(watcher)["version"]
            site.redis.start()
            after = site.decide(table_id, players)
            assert next_table(watcher, timeout=3)["version"] == after == before + 1
    finally:
        if site.redis.process.poll() is not None:
            site.redis.start()
    status, _, body = site.get("/healthz")
    assert (status, json.loads(body)["status"]) == (200, "ok")
    log = site.log()
    assert "cache unavailable" in log and "rate limits are not applied" in log
    assert "Traceback" not in log, log[-3000:]
