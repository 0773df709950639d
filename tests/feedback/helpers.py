"""Signed-in players and finished live tables for the statistics and notes tests."""
from __future__ import annotations

from django.contrib.auth.models import User
from rest_framework.test import APIClient

from rules.engine.catalogue import load_catalogue
from tests.live.helpers import P1_DECK, P2_DECK, play, seat_table


def signed_in(name: str, *, staff: bool = False) -> APIClient:
    client = APIClient()
    client.force_login(User.objects.create_user(name, password="pw-123456789", is_staff=staff))
    return client


def finished_table(host: APIClient, guest: APIClient, *, seed: int, decisions: int, resigns: APIClient,
                   **body) -> str:
    """Seat `guest` at `host`'s table, make `decisions` decisions, then `resigns` resigns; return the table id."""
    table_id = seat_table(host, guest, seed=seed, **body)["id"]
    play([host, guest], table_id, decisions)
    assert resigns.post(f"/api/tables/{table_id}/resign/", {}, format="json").status_code == 200
    return table_id


def starter_cards(slug: str) -> set[str]:
    return {row["card"] for row in load_catalogue().starter_decks[slug]["cards"]}


ONLY_P1 = starter_cards(P1_DECK) - starter_cards(P2_DECK)   # cards only the host's starter deck runs
