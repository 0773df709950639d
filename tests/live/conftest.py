import pytest
from rest_framework.test import APIClient


@pytest.fixture
def watcher(catalogue_db):
    """A third visitor: neither player, watching."""
    return APIClient()
