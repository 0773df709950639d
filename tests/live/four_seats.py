"""Open, fill and play live tables of three and four players over the API (tests/live/test_four_seats*.py)."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from rules.models import Table
from tests.live.helpers import invite_token

DECKS = ("starter-dr-veylan", "starter-elder-maru", "starter-lethan", "starter-talah")
# The shortest way to the Cataclysm: every seat passes, ends its turn, keeps its hand; else its first choice.
QUICK = ("end_turn", "pass", "keep", "decline")


def accounts(*names: str) -> list[APIClient]:
    clients = []
    for name in names:
        client = APIClient()
        client.force_authenticate(get_user_model().objects.create_user(name, password="pw-123456789"))
        clients.append(client)
    return clients


def fill_table(clients, **body) -> dict:
    """The first client opens a table of len(clients) with `body`, the others join by its invite link in turn; the
    last join's answer (the game started)."""
    body.setdefault("players", len(clients))
    created = clients[0].post("/api/tables/", {"deck": DECKS[0], "listed": False, **body}, format="json")
    assert created.status_code == 201, created.json()
    token = invite_token(created.json())
    for n, client in enumerate(clients[1:], start=1):
        response = client.post(f"/api/tables/{created.json()['id']}/join/", {"deck": DECKS[n], "invite": token},
                               format="json")
        assert response.status_code == 200, response.json()
    return response.json()


def quick_choice(view: dict) -> str:
    actions = view["legal_actions"]
    return next((a["id"] for kind in QUICK for a in actions if a["kind"] == kind), actions[0]["id"])


def play_to_the_end(clients, table_id: str, limit: int = 20_000) -> set[int]:
    """Every seat decides in turn over the API (the seat to decide asks for its view, then acts) until the game is
    over; return the seats that decided."""
    acted: set[int] = set()
    for _ in range(limit):
        row = Table.objects.only("status", "to_move").get(pk=table_id)
        if row.status == "finished":
            return acted
        client = clients[row.to_move]
        view = client.get(f"/api/tables/{table_id}/").json()
        assert view["can_act"] and view["seat"] == row.to_move
        response = client.post(f"/api/tables/{table_id}/actions/", {"action": quick_choice(view),
                                                                     "version": view["version"]}, format="json")
        assert response.status_code == 200, response.json()
        acted.add(row.to_move)
    raise AssertionError("the game did not end")
