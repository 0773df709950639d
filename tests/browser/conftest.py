"""Browser tests run Playwright's sync API inside pytest's event loop; Django must allow its ORM there.

The setup most page tests share is here as fixtures: `catalogue` (cards and starter decks, caches emptied), `cards`
(the cards alone, for tests that count decks) and `media` (card images drawn into the test's own folder).
"""
import os

import pytest

from tests.browser.helpers import load_the_catalogue

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture
def media(settings, tmp_path):
    """Card images rendered for this test only, into its temporary folder."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def catalogue():
    """The catalogue and the starter decks in the live server's database, every cache emptied."""
    load_the_catalogue()


@pytest.fixture
def cards():
    """The catalogue alone (no starter decks), every cache emptied."""
    load_the_catalogue(starters=False)
