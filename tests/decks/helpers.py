"""Helpers the deck tests share."""
from rest_framework.test import APIClient


def client_for(user=None) -> APIClient:
    """An API client signed in as this user (anonymous without one)."""
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client
