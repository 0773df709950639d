"""Cached answers (search, card pages, validation) equal fresh ones and follow a card edit: at once when made in
this process (the admin), within FRESHNESS_SECONDS when made by another.

Caches are only filled outside transactions, so these tests use a real (transactional) database.
"""
import pytest
from django.core.management import call_command
from django.utils import timezone
from rest_framework.test import APIClient

from cards import catalogue
from cards.api import SEARCH_CACHE
from cards.catalogue import clear_cache
from cards.models import Card

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def loaded():
    call_command("load_catalogue", verbosity=0)
    clear_cache()
    yield
    clear_cache()


def search(client, query):
    response = client.get("/api/cards/", {"q": query})
    assert response.status_code == 200
    return response.json()


def test_a_repeated_search_is_answered_from_the_cache_with_the_same_body(loaded):
    client = APIClient()
    first = search(client, "strike>=1 t:person")
    assert SEARCH_CACHE, "the first search should have been cached"
    assert search(client, "strike>=1 t:person") == first
    clear_cache()
    assert search(client, "strike>=1 t:person") == first


def test_an_edited_card_shows_at_once_in_search_and_on_its_page(loaded):
    client = APIClient()
    assert search(client, "name:kalen")["count"] == 1
    assert "Kalen Vos" in client.get("/cards/kalen-vos/").content.decode()
    card = Card.objects.get(slug="kalen-vos")
    card.flavor = "Rewritten by a designer."
    card.save()
    assert "Rewritten by a designer." in client.get("/cards/kalen-vos/").content.decode()
    card.name = "Kalen Vosk"
    card.save()
    assert search(client, "name:vosk")["count"] == 1


def test_a_cached_validation_follows_the_catalogue(loaded):
    client = APIClient()
    body = {"text": "Hero: Dr. Veylan\n3 Kalen Vos\n16 Dark Current"}
    first = client.post("/api/decks/validate/", body, format="json").json()
    assert client.post("/api/decks/validate/", body, format="json").json() == first
    assert first["count"] == 19
    Card.objects.filter(slug="kalen-vos").delete()
    clear_cache()  # a bulk delete bypasses the model signals, as load_catalogue --prune does
    after = client.post("/api/decks/validate/", body, format="json").json()
    assert any(error["code"] == "unknown_card" for error in after["errors"])


def test_a_card_changed_by_another_process_shows_within_the_freshness_time(loaded, monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(catalogue, "monotonic", lambda: clock[0])
    client = APIClient()
    assert search(client, "name:kalen")["count"] == 1  # answered, and now kept in this process's cache
    # Another process (a second app server, `manage.py load_catalogue`) renames the card: no signal reaches us.
    Card.objects.filter(slug="kalen-vos").update(name="Kalen Vosk", updated_at=timezone.now())
    clock[0] += catalogue.FRESHNESS_SECONDS / 2
    assert search(client, "name:kalen")["results"][0]["name"] == "Kalen Vos"  # a cached answer, still fresh enough
    clock[0] += catalogue.FRESHNESS_SECONDS
    assert search(client, "name:kalen")["results"][0]["name"] == "Kalen Vosk"
    assert "Kalen Vosk" in client.get("/cards/kalen-vos/").content.decode()
