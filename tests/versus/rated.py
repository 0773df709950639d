"""Playing a rated game against the computer to its end as its player does (issue 35): every decision the player's
own (no bot may decide in a rated game), the last one made through the API, so the game finishes where a real one
does: in the service's write."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from rules.engine.bots import get_bot
from rules.models import VersusGame
from rules.play import store
from rules.versus import services as versus
from tests.versus.helpers import start


def signed_in(name: str = "rated-player") -> tuple[APIClient, object]:
    user = get_user_model().objects.create_user(name, password="pw-long-enough-1")
    client = APIClient()
    client.force_authenticate(user)
    return client, user


def play_out(game_id: str) -> tuple[list[str], int]:
    """The whole game as it will go (the player choosing as the greedy bot would, each computer as it does): every
    decision's id, and the index of the player's last decision."""
    row = VersusGame.objects.get(pk=game_id)
    state = store.load_state(row)
    mine = get_bot("greedy", 7)
    last = -1
    while not state.is_over:
        player = state.current_player
        if player == row.seat:
            last = len(state.action_ids)
            state.apply(mine.choose(state))
        else:
            state.apply(versus.cpu_player(row, player).choose(state))
    return state.action_ids, last


def finish_by_hand(client, game: dict) -> dict:
    """Make the player's decisions up to their last one (saved through the service, as the player's writes are),
    then the last one through the API, the computers answering to the end; return the finished game's JSON."""
    actions, last = play_out(game["id"])
    row = VersusGame.objects.get(pk=game["id"])
    state = store.load_state(row)
    for action in actions[len(row.actions):last]:
        state.apply(action)
    versus.save(row, state, [], read_version=row.version)
    response = client.post(f"/api/versus/{game['id']}/actions/", {"action": actions[last]}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "finished"
    return response.json()


def start_rated(client, **body) -> dict:
    return start(client, rated=True, **body)
