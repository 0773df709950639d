"""The probes: /healthz reports whether the database, the cache and the channel layer answer (503 without the
database, 200 "degraded" without Redis), /api/ping/ answers without any of them."""
import json
import urllib.request

import pytest
from django.db.backends.utils import CursorWrapper
from django.db.utils import OperationalError

from cataclysm_site.settings import caches_for, channel_layers_for


def refuse_queries(monkeypatch):
    def execute(self, sql, params=None):
        raise OperationalError("could not connect to server: Connection refused")

    monkeypatch.setattr(CursorWrapper, "execute", execute)


@pytest.mark.django_db
def test_healthz_says_ok_when_the_database_answers(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok" and response.json()["database"] == "ok"
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_healthz_reports_a_lost_redis_as_degraded_not_down(client, settings, lost_redis):
    """Every server shares the one Redis: taking them all out of rotation would turn a slower site into none."""
    settings.CACHES = caches_for(lost_redis)  # production's cache on that Redis
    settings.CHANNEL_LAYERS = channel_layers_for(lost_redis)
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "degraded", "database": "ok", "cache": "unavailable",
                               "channel_layer": "unavailable"}


@pytest.mark.django_db
def test_healthz_answers_503_while_the_database_is_down_and_ok_after(client, monkeypatch):
    with monkeypatch.context() as patch:
        refuse_queries(patch)
        response = client.get("/healthz")
        assert response.status_code == 503
        assert response["Retry-After"].isdigit()
        assert response.json()["status"] == "unavailable" and response.json()["database"] == "unavailable"
    assert client.get("/healthz").status_code == 200


def test_ping_answers_ok_without_the_database(client, monkeypatch):
    refuse_queries(monkeypatch)
    response = client.get("/api/ping/")
    assert response.status_code == 200
    assert response.json() == {"ok": True}


def test_ping_is_never_rate_limited(client, rates):
    rates(anon="1/min")
    assert {client.get("/api/ping/").status_code for _ in range(3)} == {200}


def test_ping_rejects_writes_in_the_error_shape(client):
    response = client.post("/api/ping/", {"x": 1}, content_type="application/json")
    assert response.status_code == 405
    assert response.json()["code"] == "method_not_allowed"


@pytest.mark.django_db(transaction=True)
def test_a_real_http_server_answers_the_probes(live_server):
    with urllib.request.urlopen(f"{live_server.url}/healthz", timeout=10) as response:
        assert response.status == 200
        assert json.loads(response.read())["status"] == "ok"
    with urllib.request.urlopen(f"{live_server.url}/api/ping/", timeout=10) as response:
        assert response.headers["Content-Type"] == "application/json"
        assert response.read() == b'{"ok":true}'
