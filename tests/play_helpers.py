"""Playing a game of any mode through its API as a client does: start it, make the first decision offered. Each
mode's helpers (tests/goldfish/helpers.py, tests/versus/helpers.py) add only the deck and the fields of its own."""
from __future__ import annotations


def start_game(client, mode: str, body: dict) -> dict:
    """Start a game of `mode`; return the response JSON (the test fails loudly if it was refused)."""
    response = client.post(f"/api/{mode}/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def act_in(client, mode: str, game: dict, action_id=None, **extra):
    """Make the first legal decision that is not ending the turn (or `action_id`); return the response."""
    if action_id is None:
        actions = game["legal_actions"]
        action_id = next((a["id"] for a in actions if a["kind"] != "end_turn"), actions[0]["id"])
    return client.post(f"/api/{mode}/{game['id']}/actions/", {"action": action_id, **extra}, format="json")
