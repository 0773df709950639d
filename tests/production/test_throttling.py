"""Rate limits: clients over their rate get 429 in the API's error shape, per client and per expensive scope, and
may come back when Retry-After says."""
import logging

import pytest
from django.contrib.auth import get_user_model

from cataclysm_site.settings import caches_for
from cataclysm_site.throttling import AnonRateThrottle

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.production.urls")]


def test_anonymous_client_over_its_rate_gets_429_in_the_error_shape(client, rates):
    rates(anon="3/min")
    assert [client.get("/api/users/").status_code for _ in range(3)] == [200, 200, 200]
    response = client.get("/api/users/")
    assert response.status_code == 429
    body = response.json()
    assert body["code"] == "throttled"
    assert "throttled" in body["message"].lower()
    assert 0 < int(response["Retry-After"]) <= 60


def test_with_the_cache_lost_rate_limits_fail_open_with_a_warning(client, rates, settings, lost_redis, caplog):
    """A Redis outage must not turn every rate-limited endpoint into a 500: nobody is limited meanwhile."""
    settings.CACHES = caches_for(lost_redis)  # production's cache on that Redis
    rates(anon="2/min")
    with caplog.at_level(logging.WARNING, logger="cataclysm_site.cache"):
        assert [client.get("/api/users/").status_code for _ in range(4)] == [200] * 4
    warnings = [r.getMessage() for r in caplog.records if r.name == "cataclysm_site.cache"]
    assert len(warnings) == 1 and "rate limits are not applied" in warnings[0]


def test_a_forged_forwarded_for_header_does_not_escape_the_limit(client, rates):
    rates(anon="2/min")
    statuses = [client.get("/api/users/", HTTP_X_FORWARDED_FOR=f"203.0.113.{n}").status_code for n in range(3)]
    assert statuses == [200, 200, 429]


def test_signed_in_users_have_their_own_rate(client, rates):
    rates(anon="1/min", user="4/min")
    client.force_login(get_user_model().objects.create_user("reader", password="a long passphrase"))
    assert [client.get("/api/users/").status_code for _ in range(5)] == [200, 200, 200, 200, 429]


def test_expensive_endpoints_have_a_tighter_scope(client, rates):
    rates(anon="100/min", expensive="2/min")
    assert [client.get("/api/expensive/").status_code for _ in range(3)] == [200, 200, 429]
    assert client.get("/api/users/").status_code == 200


def test_a_throttled_client_may_come_back_when_told(client, rates, monkeypatch):
    clock = [1_000_000.0]
    monkeypatch.setattr(AnonRateThrottle, "timer", lambda self: clock[0])
    rates(anon="3/min")
    assert [client.get("/api/users/").status_code for _ in range(4)] == [200, 200, 200, 429]
    wait = int(client.get("/api/users/")["Retry-After"])
    clock[0] += wait - 1
    assert client.get("/api/users/").status_code == 429  # not yet
    clock[0] += 1
    assert client.get("/api/users/").status_code == 200  # the rate's next request has come due ...
    assert client.get("/api/users/").status_code == 429  # ... only that one
    clock[0] += 60
    assert [client.get("/api/users/").status_code for _ in range(4)] == [200, 200, 200, 429]  # a minute: all 3 again

