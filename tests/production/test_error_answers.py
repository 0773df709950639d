"""API clients always get the JSON error shape — for an unknown address, a crash, or a NUL character that
PostgreSQL text cannot hold (which would otherwise be a 500 there)."""
import json

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import RequestFactory

from cataclysm_site.error_pages import server_error

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_throttle_history():
    cache.clear()
    yield
    cache.clear()


def test_an_unknown_api_address_is_a_json_404(client):
    response = client.get("/api/no-such-thing/")
    assert response.status_code == 404 and response.json()["code"] == "not_found"


def test_an_unknown_page_is_still_an_html_404(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404 and response["Content-Type"].startswith("text/html")


def test_a_crash_under_the_api_is_a_json_500_and_a_page_elsewhere():
    api = server_error(RequestFactory().get("/api/decks/"))
    assert api.status_code == 500 and json.loads(api.content)["code"] == "server_error"
    page = server_error(RequestFactory().get("/decks/"))
    assert page.status_code == 500 and page["Content-Type"].startswith("text/html")


@pytest.mark.parametrize("url", ["/api/decks/a%00b/", "/api/goldfish/%00/", "/decks/a%00b/"])
def test_nul_in_the_path_is_not_found(client, url):
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("query", [{"q": "a\x00b"}, {"hero": "\x00"}, {"a\x00": "1"}])
def test_nul_in_the_query_string_is_a_400(client, query):
    response = client.get("/api/decks/", query)
    assert response.status_code == 400 and response.json()["code"] == "bad_request"


@pytest.mark.parametrize("body", [{"text": "a\x00b"}, {"cards": [{"card": "x\x00", "count": 1}]}, {"\x00": 1}])
def test_nul_in_a_json_body_is_a_400(client, body):
    response = client.post("/api/decks/validate/", json.dumps(body), content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "bad_request"


def test_the_text_backslash_u0000_is_not_a_nul(client, catalogue_db):
    response = client.post("/api/decks/validate/", json.dumps({"text": "Hero: \\u0000"}),
                           content_type="application/json")
    assert response.status_code == 200


def test_nul_in_a_form_body_is_a_400(client):
    User.objects.create_user("ann", password="ann-pass-123")
    response = client.post("/api/auth/token/", "username=ann%00&password=ann-pass-123",
                           content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400 and response.json()["code"] == "bad_request"
    good = client.post("/api/auth/token/", "username=ann&password=ann-pass-123",
                       content_type="application/x-www-form-urlencoded")
    assert good.status_code == 200


@pytest.mark.urls("tests.production.urls")
def test_an_upload_may_hold_nul_bytes(client):
    upload = SimpleUploadedFile("art.png", b"\x89PNG\x00\x00\x00")
    assert client.post("/api/users/", {"file": upload}).status_code == 200
