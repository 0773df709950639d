"""Shared fixtures: the catalogue in the test database, API clients, and Chromium for the browser tests."""
import os

import pytest
from django.conf import settings
from django.core.management import call_command
from rest_framework.test import APIClient

# Tests load the catalogue again and again: drawing every card image in the background each time would only load
# the machine. Set in the environment too, for the servers and commands tests start as processes.
os.environ["CARD_IMAGES_AHEAD"] = "skip"
settings.CARD_IMAGES_AHEAD = "skip"

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


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """On SQLite, the test database is a file, as the site's own is, not Django's default shared in-memory one.

    Live tables are written by one thread (a player's decision over HTTP) while others read or write them (the
    sockets following the table, a player's presence): on a file a writer waits for another's lock (the settings'
    timeout, as in production), but in shared-cache memory SQLite refuses at once ("database table is locked"), and
    a test answered 503 where a player would not. Durability is not needed here, so nothing waits on the disk."""
    db = settings.DATABASES["default"]
    if db["ENGINE"] != "django.db.backends.sqlite3":
        return
    db.setdefault("TEST", {})["NAME"] = str(tmp_path_factory.getbasetemp() / "test-db.sqlite3")
    db.setdefault("OPTIONS", {})["init_command"] = "PRAGMA journal_mode=WAL; PRAGMA synchronous=OFF"


@pytest.fixture(scope="session", autouse=True)
def _lab_pool_closed():
    """Close the lab's embedded process pool when the session ends, if a test started one: joined here, it leaves
    Python 3.11's exit hook nothing to race (an "OSError: Bad file descriptor" printed at a worker's exit)."""
    yield
    import sys

    lab = sys.modules.get("rules.lab.services")
    if lab is not None:
        lab.LocalRunner.close()


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


@pytest.fixture
def api(catalogue_db):
    """An API client with its own browser session (an anonymous player), over the loaded catalogue."""
    return APIClient()


@pytest.fixture
def other(catalogue_db):
    """A second anonymous player, in another browser session."""
    return APIClient()
