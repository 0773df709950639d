"""Input that used to crash the site answers with a 4xx in the error shape: lone UTF-16 surrogates in JSON text,
JSON nested deeper than any request needs, a chunked body Django would have read as empty, and a scenario file
nested deeper than Python's recursion limit."""
import json

import pytest
from django.core.management import CommandError, call_command

from cataclysm_site.middleware import MAX_JSON_DEPTH

pytestmark = pytest.mark.django_db

SURROGATE_TEXT = "Hero: Dr. Veylan\n3 \ud800 Vos"
# Every endpoint the outside probe saw answer 500 to a lone surrogate, with the body it sent.
SURROGATE_BODIES = {
    "/api/decks/validate/": {"text": SURROGATE_TEXT},
    "/api/decks/stats/": {"text": SURROGATE_TEXT},
    "/api/decks/export/": {"text": SURROGATE_TEXT, "format": "text"},
    "/api/decks/opening-hand/": {"text": SURROGATE_TEXT},
    "/api/goldfish/": {"text": SURROGATE_TEXT},
    "/api/versus/": {"text": SURROGATE_TEXT, "opponent": "starter-talah"},
    "/api/auth/token/": {"username": "ann\udfff", "password": "x\ud800"},
}


def assert_error(response, status: int, code: str) -> None:
    assert response.status_code == status, response.content[:300]
    body = response.json()
    assert body["code"] == code and body["message"]


@pytest.mark.parametrize("url", sorted(SURROGATE_BODIES))
def test_a_lone_surrogate_in_json_text_is_a_400(client, catalogue_db, url):
    body = json.dumps(SURROGATE_BODIES[url])  # ASCII-escaped: "\ud800" travels as the six characters \ud800
    assert "\\ud800" in body or "\\udfff" in body
    assert_error(client.post(url, body, content_type="application/json"), 400, "bad_text")


def test_a_surrogate_encoded_as_raw_bytes_is_a_400_too(client, catalogue_db):
    body = b'{"text": "3 \xed\xa0\x80 Vos"}'  # what UTF-8 would be for U+D800, which UTF-8 forbids
    response = client.post("/api/decks/validate/", body, content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] in {"bad_text", "parse_error"}


def test_a_surrogate_pair_is_a_character_like_any_other(client, catalogue_db):
    body = json.dumps({"text": "Hero: Dr. Veylan\n3 Kalen Vos \U0001F30A"})  # sent as \ud83c\udf0a
    assert "\\ud83c\\udf0a" in body
    response = client.post("/api/decks/validate/", body, content_type="application/json")
    assert response.status_code == 200


@pytest.mark.parametrize("url", ["/api/decks/validate/", "/api/decks/", "/api/goldfish/", "/api/versus/",
                                 "/api/simulations/", "/api/auth/token/", "/api/collection/"])
@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 1000, 100_000])
def test_deeply_nested_json_is_a_400(client, catalogue_db, url, depth):
    body = "[" * depth + "]" * depth
    assert_error(client.post(url, body, content_type="application/json"), 400, "too_deep")
    objects = min(depth, 40_000)  # 6 bytes a level: within the 256 kB a body may have
    body = '{"text":' + '{"a":' * objects + "1" + "}" * objects + "}"
    assert_error(client.post(url, body, content_type="application/json"), 400, "too_deep")


def test_nesting_within_the_limit_reaches_the_view(client, catalogue_db):
    body = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    response = client.post("/api/decks/validate/", body, content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] != "too_deep"


def test_a_chunked_body_is_411_not_read_as_empty(client, catalogue_db):
    response = client.post("/api/decks/validate/", json.dumps({"text": "Hero: Dr. Veylan"}),
                           content_type="application/json", HTTP_TRANSFER_ENCODING="chunked")
    assert_error(response, 411, "length_required")


def test_a_chunked_form_post_to_a_page_is_a_411_page(client, catalogue_db):
    response = client.post("/accounts/login/", "username=a&password=b",
                           content_type="application/x-www-form-urlencoded", HTTP_TRANSFER_ENCODING="chunked")
    assert response.status_code == 411 and response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_a_scenario_nested_100k_deep_is_a_clear_error(tmp_path, catalogue_db, suffix):
    path = tmp_path / f"deep{suffix}"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(CommandError, match="scenario_unreadable: .* nests lists and mappings too deeply"):
        call_command("run_scenario", str(path))


def test_an_actions_file_nested_100k_deep_is_a_clear_error(tmp_path, catalogue_db):
    scenario = tmp_path / "deep.actions.txt"
    scenario.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(CommandError, match="actions_unreadable: .* nests lists and mappings too deeply"):
        call_command("run_scenario", "rules/scenarios/example_of_play.json", "--actions", str(scenario))
