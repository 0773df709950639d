"""Property: whatever JSON a client writes to whichever endpoint — any Unicode, lone surrogates included, any
nesting — the answer is a 2xx or a 4xx in the error shape, never a 5xx.

The write endpoints are read from the site's own OpenAPI schema, so a new endpoint is covered without touching this
file; path parameters name real objects of the signed-in user (a deck, a goldfish and a versus game, a comment), so
that the body reaches the view rather than a 404.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from tests.goldfish import helpers as goldfish
from tests.versus import helpers as versus

pytestmark = pytest.mark.django_db
WRITE_METHODS = ("post", "put", "patch", "delete")


def write_operations() -> list[tuple[str, str, list[str]]]:
    """Every (method, path template, request-body field names) of the schema that takes a body."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema.get("components", {}).get("schemas", {})
    operations = []
    for path, item in schema["paths"].items():
        for method in WRITE_METHODS:
            if method in item:
                operations.append((method, path, sorted(body_fields(item[method], components))))
    return operations


def body_fields(operation: dict, components: dict) -> set[str]:
    """The property names of an operation's JSON request body (through $ref, oneOf and allOf)."""
    content = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    pending, names = [content.get("schema", {})], set()
    while pending:
        node = pending.pop()
        if "$ref" in node:
            node = components.get(node["$ref"].rsplit("/", 1)[-1], {})
        names.update(node.get("properties", {}))
        for key in ("oneOf", "anyOf", "allOf"):
            pending.extend(node.get(key, []))
    return names


OPERATIONS = write_operations()
CHARACTERS = st.one_of(st.characters(exclude_categories=[]), st.characters(categories=["Cs"]))
TEXT = st.text(CHARACTERS, max_size=30)
LONE_SURROGATE_TEXT = st.builds(lambda head, lone, tail: head + lone + tail,
                                TEXT, st.characters(categories=["Cs"]), TEXT)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), TEXT)


@dataclass(frozen=True)
class Deep:
    """A value wrapped in `depth` lists or objects (written out by `encode`, as json.dumps cannot go that deep)."""

    value: object
    depth: int
    in_lists: bool


def nested(value_strategy):
    """Wrap values in lists or objects, from none to deeper than Python's recursion limit."""
    depths = st.one_of(st.integers(0, 40), st.integers(900, 1500))
    return st.builds(Deep, value_strategy, depths, st.booleans())


def encode(value, ensure_ascii: bool) -> str:
    """JSON text of a generated body, `Deep` values included."""
    if isinstance(value, Deep):
        opening, closing = ("[", "]") if value.in_lists else ('{"a":', "}")
        return opening * value.depth + encode(value.value, ensure_ascii) + closing * value.depth
    if isinstance(value, dict):
        items = (f"{json.dumps(key, ensure_ascii=ensure_ascii)}:{encode(item, ensure_ascii)}"
                 for key, item in value.items())
        return "{" + ",".join(items) + "}"
    if isinstance(value, list):
        return "[" + ",".join(encode(item, ensure_ascii) for item in value) + "]"
    return json.dumps(value, ensure_ascii=ensure_ascii)


def bodies(fields: list[str]):
    """JSON documents: one of the operation's own fields holding text with a lone surrogate or a deeply nested
    value; objects with some of its fields holding anything; or a bare value, nested or not."""
    values = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner,
                                                                                             max_size=3),
                          max_leaves=8)
    anything = st.one_of(LONE_SURROGATE_TEXT, TEXT, values, nested(values))
    names = st.sampled_from(fields) if fields else TEXT
    objects = st.fixed_dictionaries({}, optional={field: anything for field in fields})
    return st.one_of(
        st.dictionaries(names, LONE_SURROGATE_TEXT, min_size=1, max_size=2),
        st.dictionaries(names, nested(values), min_size=1, max_size=2),
        st.builds(lambda own, extra: {**extra, **own}, objects, st.dictionaries(TEXT, anything, max_size=2)),
        nested(values), SCALARS,
    )


@pytest.fixture
def player(catalogue_db, settings):
    """A signed-in client and the ids its path parameters take."""
    settings.LAB_MAX_GAMES = settings.LAB_MAX_GAMES_ANONYMOUS = 20  # a study the fuzzing starts stays tiny
    user = User.objects.create_user("fuzz", password="fuzz-pass-123")
    client = APIClient()
    client.force_authenticate(user)
    deck = client.post("/api/decks/", {"name": "Fuzzed", "text": "Hero: Talah\n2 Kalen Vos\n",
                                       "visibility": "public"}, format="json").json()
    other = APIClient()
    other.force_authenticate(User.objects.create_user("other", password="other-pass-123"))
    comment = other.post(f"/api/decks/{deck['id']}/comments/", {"body": "Nice"}, format="json").json()
    ids = {"deck_id": deck["id"], "comment_id": comment["id"], "sim_id": "0",
           "goldfish": goldfish.start(client)["id"], "versus": versus.start(client)["id"]}
    return client, ids


def concrete(path: str, ids: dict) -> str:
    """The path with real ids in place of its parameters (a game id by the kind of game the path is about)."""
    game = ids["versus"] if path.startswith("/api/versus/") else ids["goldfish"]
    values = {**ids, "game_id": game, "step": "0", "name": "fuzz"}
    for name, value in values.items():
        path = path.replace("{" + name + "}", str(value))
    return path.replace("{", "x").replace("}", "x")  # a parameter no one named yet: still a path


def test_the_schema_lists_the_write_endpoints_the_issue_names():
    paths = {path for _, path, _ in OPERATIONS}
    assert {"/api/decks/validate/", "/api/decks/stats/", "/api/decks/export/", "/api/decks/opening-hand/",
            "/api/goldfish/", "/api/versus/", "/api/auth/token/"} <= paths


def test_no_json_body_gets_a_server_error(player):
    """One test over every operation (the set-up, a catalogue and two games, is paid once)."""
    client, ids = player
    for method, path, fields in OPERATIONS:
        check_operation(client, method.upper(), concrete(path, ids), fields)


def check_operation(client, method: str, url: str, fields: list[str]) -> None:
    @settings(max_examples=25, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(body=bodies(fields), raw=st.booleans())
    def check(body, raw):
        text = encode(body, ensure_ascii=not raw)
        data = text.encode("utf-8", "surrogatepass")  # raw: a surrogate as the bytes UTF-8 would give it
        response = client.generic(method, url, data, content_type="application/json")
        assert response.status_code < 500, (method, url, text[:200], response.content[:300])
        if response.status_code >= 400:
            answer = response.json()
            assert isinstance(answer.get("code"), str) and isinstance(answer.get("message"), str), answer

    check()
