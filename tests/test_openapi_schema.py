"""The API's OpenAPI schema is pinned byte for byte: a refactoring that moves views, serializers or URLs must not change
what clients see.

The schema depends on the database in one respect: an integer field's bounds are the database's (Django's
`integer_field_range`: SQLite's 64-bit, PostgreSQL's 16- or 32-bit columns), and the server enforces exactly those.
So it is pinned once per database the suite runs on. A deliberate API change regenerates both files and commits them
with the change:
    .venv/bin/python manage.py spectacular --file tests/data/openapi.yaml
    DATABASE_URL=$(scripts/pg.sh start) .venv/bin/python manage.py spectacular --file tests/data/openapi.postgresql.yaml
"""
from pathlib import Path

from django.core.management import call_command
from django.db import connection

PINNED = {
    "sqlite": Path(__file__).parent / "data" / "openapi.yaml",
    "postgresql": Path(__file__).parent / "data" / "openapi.postgresql.yaml",
}


def test_generated_schema_equals_the_committed_one(tmp_path):
    generated = tmp_path / "openapi.yaml"
    call_command("spectacular", "--file", str(generated))
    pinned = PINNED[connection.vendor]
    assert generated.read_text() == pinned.read_text(), (
        f"the OpenAPI schema changed; if that is intended, regenerate {pinned.name} (see this module)")


def test_the_two_pinned_schemas_differ_only_in_integer_bounds():
    """Anything else that differs between them is drift: one file regenerated without the other."""
    sqlite, postgresql = (PINNED[vendor].read_text().splitlines() for vendor in ("sqlite", "postgresql"))
    bound = ("maximum:", "minimum:", "format: int64", "format: int32")
    assert [line for line in sqlite if not line.strip().startswith(bound)] == \
        [line for line in postgresql if not line.strip().startswith(bound)]


def test_every_rate_limited_operation_documents_its_429_with_retry_after():
    """The API's throttles answer 429 in the error shape with Retry-After on nearly every operation; the schema said
    so for eleven of them (issue 31). A client reading it now knows to wait, everywhere."""
    from drf_spectacular.generators import SchemaGenerator

    generator = SchemaGenerator()
    schema = generator.get_schema(public=True)
    throttled = [(path, method.lower()) for path, _, method, callback in generator.endpoints
                 if path in schema["paths"] and generator.create_view(callback, method).get_throttles()]
    assert len(throttled) > 70
    for path, method in throttled:
        answer = schema["paths"][path][method]["responses"].get("429")
        assert answer is not None, f"{method.upper()} {path} does not document its 429"
        assert answer["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1] in ("Error", "TokenError")
        assert answer["headers"]["Retry-After"]["required"] is True, f"{method.upper()} {path}"
        assert "`throttled`" in answer["description"], f"{method.upper()} {path}"
