"""A database that is locked or unreachable answers 503 with Retry-After, never a 500; the next request works."""
import pytest
from django.db.backends.utils import CursorWrapper
from django.db.utils import InterfaceError, OperationalError

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.production.urls")]

OUTAGES = [OperationalError("database is locked"), InterfaceError("connection already closed")]


@pytest.fixture
def outage(monkeypatch):
    """Make the next query fail with the given database error, as a lock or a lost connection would."""
    real_execute = CursorWrapper.execute

    def start(error):
        def execute(self, sql, params=None):
            monkeypatch.setattr(CursorWrapper, "execute", real_execute)  # only this one query fails
            raise error

        monkeypatch.setattr(CursorWrapper, "execute", execute)

    return start


@pytest.mark.parametrize("error", OUTAGES, ids=type)
def test_api_answers_503_json_then_recovers(client, outage, error):
    outage(error)
    response = client.get("/api/users/")
    assert response.status_code == 503
    assert response.json()["code"] == "database_unavailable"
    assert "try again" in response.json()["message"]
    assert response["Retry-After"].isdigit()
    assert client.get("/api/users/").json() == {"users": 0}


@pytest.mark.parametrize("error", OUTAGES, ids=type)
def test_page_answers_a_503_page_then_recovers(client, outage, error):
    outage(error)
    response = client.get("/page/")
    assert response.status_code == 503
    assert response["Content-Type"].startswith("text/html")
    assert b"try again" in response.content
    assert response["Retry-After"].isdigit()
    assert client.get("/page/").status_code == 200


def test_a_client_asking_for_json_gets_json_from_a_page_url(client, outage):
    outage(OperationalError("database is locked"))
    response = client.get("/page/", HTTP_ACCEPT="application/json")
    assert response.status_code == 503
    assert response.json()["code"] == "database_unavailable"


def test_other_errors_are_not_disguised_as_outages(client, monkeypatch):
    def execute(self, sql, params=None):
        raise ZeroDivisionError

    monkeypatch.setattr(CursorWrapper, "execute", execute)
    client.raise_request_exception = False
    assert client.get("/page/").status_code == 500
