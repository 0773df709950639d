"""Fixtures for the goldfish tests: API clients, each its own browser session (an anonymous player)."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient


@pytest.fixture
def api(catalogue_db):
    """An API client with its own browser session (an anonymous player)."""
    return APIClient()


@pytest.fixture
def other(catalogue_db):
    """A second anonymous player, in another browser session."""
    return APIClient()
