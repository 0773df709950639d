"""Start games against the computer through the API and play them with the visitor's own legal actions."""
from __future__ import annotations

from tests.play_helpers import act_in, start_game

MINE = "starter-dr-veylan"
CPU_DECK = "starter-elder-maru"


def start(client, **body):
    """Start a game against the computer (your starter against another, normal difficulty, unless `body` says
    otherwise); return the response JSON."""
    body.setdefault("deck", MINE)
    body.setdefault("opponent", CPU_DECK)
    body.setdefault("difficulty", "normal")
    return start_game(client, "versus", body)


def act(client, game, action_id=None, **extra):
    """Make the first legal decision that is not ending the turn (or `action_id`); return the response."""
    return act_in(client, "versus", game, action_id, **extra)


def finish(client, game):
    """Let a bot decide for the visitor until the Cataclysm (a few requests if the cap stops one)."""
    for _ in range(20):
        response = client.post(f"/api/versus/{game['id']}/bot/", {"until": "end"}, format="json")
        assert response.status_code == 200, response.json()
        game = response.json()
        if game["status"] == "finished":
            return game
    raise AssertionError("the game did not finish")
