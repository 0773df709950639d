"""The API's OpenAPI schema is pinned byte for byte: a refactoring that moves views, serializers or URLs must not change
what clients see. A deliberate API change regenerates the file with
`.venv/bin/python manage.py spectacular --file tests/data/openapi.yaml` and commits it with the change."""
from pathlib import Path

from django.core.management import call_command

PINNED = Path(__file__).parent / "data" / "openapi.yaml"


def test_generated_schema_equals_the_committed_one(tmp_path):
    generated = tmp_path / "openapi.yaml"
    call_command("spectacular", "--file", str(generated))
    assert generated.read_text() == PINNED.read_text(), (
        "the OpenAPI schema changed; if that is intended, regenerate tests/data/openapi.yaml (see this module)")
