"""Fixtures for games against the computer: API clients, each its own browser session (an anonymous player)."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient


@pytest.fixture
def api(catalogue_db):
    return APIClient()


@pytest.fixture
def other(catalogue_db):
    return APIClient()
