"""Start goldfish games through the API and play them with their own legal actions."""
from __future__ import annotations

from tests.play_helpers import act_in, start_game

STARTER = "starter-dr-veylan"


def start(client, **body):
    """Start a goldfish game (of the starter deck unless `deck` says otherwise); return the response JSON."""
    body.setdefault("deck", STARTER)
    return start_game(client, "goldfish", body)


def act(client, game, action_id=None, **extra):
    """Make the first legal decision that is not ending the turn (or `action_id`); return the response."""
    return act_in(client, "goldfish", game, action_id, **extra)


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
