"""Start games against the computer through the API and play them with the visitor's own legal actions."""
from __future__ import annotations

MINE = "starter-dr-veylan"
CPU_DECK = "starter-elder-maru"


def start(client, **body):
    """Start a game against the computer; return the response JSON (the test fails loudly if it was refused)."""
    body.setdefault("deck", MINE)
    body.setdefault("opponent", CPU_DECK)
    body.setdefault("difficulty", "normal")
    response = client.post("/api/versus/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def act(client, game, action_id=None, **extra):
    """Make the first legal decision that is not ending the turn (or `action_id`); return the response."""
    if action_id is None:
        actions = game["legal_actions"]
        action_id = next((a["id"] for a in actions if a["kind"] != "end_turn"), actions[0]["id"])
    return client.post(f"/api/versus/{game['id']}/actions/", {"action": action_id, **extra}, format="json")


def finish(client, game):
    """Let a bot decide for the visitor until the Cataclysm (a few requests if the cap stops one)."""
    for _ in range(20):
        response = client.post(f"/api/versus/{game['id']}/bot/", {"until": "end"}, format="json")
        assert response.status_code == 200, response.json()
        game = response.json()
        if game["status"] == "finished":
            return game
    raise AssertionError("the game did not finish")
