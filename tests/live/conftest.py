import pytest
from rest_framework.test import APIClient


@pytest.fixture
def watcher(catalogue_db):
    """A third visitor: neither player, watching."""
    return APIClient()


@pytest.fixture(autouse=True)
def _in_memory_channel_layer(settings):
    """The tests of one process use the in-memory channel layer whatever the environment says (REDIS_URL, …);
    test_processes.py gives its server processes a Redis of their own."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
