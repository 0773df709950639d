"""The models and their migrations agree: a model change (such as moving the fields goldfish and versus games share
onto their abstract base, `rules.models.PlayedGame`) that would alter the database needs its migration."""
from io import StringIO

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_the_models_need_no_migration_that_is_not_written():
    out = StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit as exc:  # --check exits non-zero when a migration is missing
        pytest.fail(f"makemigrations would write a migration (exit {exc.code}):\n{out.getvalue()}")
    assert "No changes detected" in out.getvalue()
