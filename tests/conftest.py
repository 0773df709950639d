"""Shared fixtures: the catalogue in the test database, and Chromium for the browser tests."""
import pytest
from django.core.management import call_command

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Drive Debian's chromium: Playwright's own browser downloads are not reachable here."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Start every test with an empty cache, so rate-limit counters never leak from one test into another."""
    from django.core.cache import cache

    cache.clear()
    yield


@pytest.fixture
def catalogue_db(db):
    """Load the card catalogue and the six starter decks into the test database."""
    call_command("load_catalogue", verbosity=0)
    call_command("load_starter_decks", verbosity=0)
    return db
