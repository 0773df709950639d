"""The same hostile input through gunicorn as `make serve-prod` configures it: the site, not the server, answers."""
import json

import pytest
import requests

from tests.production.servers import prepared_database, start_server  # noqa: F401 - fixtures


@pytest.fixture
def server(start_server):  # noqa: F811 - the fixture imported above
    return start_server(workers=1, production_config=True)


def test_a_search_longer_than_the_site_takes_gets_the_apis_answer_not_a_414(server):
    query = "ア" * 501  # 3 bytes each, 9 characters percent-encoded: a 4.5 kB request line
    response = requests.get(server.url("/api/cards/"), params={"q": query}, timeout=30)
    assert response.status_code == 400, response.text[:300]
    assert response.json()["code"] == "bad_query" and "500" in response.json()["message"]


def test_a_chunked_body_is_refused_with_411(server):
    body = json.dumps({"text": "Hero: Dr. Veylan\n3 Kalen Vos"}).encode()
    response = requests.post(server.url("/api/decks/validate/"), data=iter([body[:10], body[10:]]),
                             headers={"Content-Type": "application/json"}, timeout=30)
    assert response.request.headers.get("Transfer-Encoding") == "chunked"
    assert response.status_code == 411
    assert response.json()["code"] == "length_required"


def test_a_lone_surrogate_is_a_400_not_a_500(server):
    response = requests.post(server.url("/api/decks/validate/"), data='{"text": "3 \\ud800 Vos"}',
                             headers={"Content-Type": "application/json"}, timeout=30)
    assert response.status_code == 400 and response.json()["code"] == "bad_text"
