"""Start goldfish games through the API and play them with their own legal actions."""
from __future__ import annotations

STARTER = "starter-dr-veylan"


def start(client, **body):
    """Start a goldfish game; return the response JSON (the test fails loudly if it was refused)."""
    body.setdefault("deck", STARTER)
    response = client.post("/api/goldfish/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def act(client, game, action_id=None, **extra):
    """Make the first legal decision that is not ending the turn (or `action_id`); return the response."""
    if action_id is None:
        actions = game["legal_actions"]
        action_id = next((a["id"] for a in actions if a["kind"] != "end_turn"), actions[0]["id"])
    return client.post(f"/api/goldfish/{game['id']}/actions/", {"action": action_id, **extra}, format="json")


def play(client, game, steps):
    """Make `steps` decisions in a row; return the last game JSON."""
    for _ in range(steps):
        response = act(client, game)
        assert response.status_code == 200, response.json()
        game = response.json()
    return game


def finish(client, game, bot="greedy"):
    response = client.post(f"/api/goldfish/{game['id']}/bot/", {"bot": bot, "until": "end"}, format="json")
    assert response.status_code == 200, response.json()
    return response.json()
