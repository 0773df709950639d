"""Live tables with computers in seats (issue 35), opened and played through the API and the services: the people
choose by a seeded random policy, the computers answer by themselves."""
from __future__ import annotations

import random

from rules.live import services, states
from rules.live.tables import get_table, level_of
from rules.models import Table
from rules.play.actors import Actor
from tests.live.helpers import open_table


def seat_computer(client, table_id: str, seat: int, level: str = "hard", **body):
    return client.post(f"/api/tables/{table_id}/computer/", {"seat": seat, "level": level, **body}, format="json")


def table_with_computer(client, *, level: str = "hard", **body) -> dict:
    """Open a two-seat table as `client` (Player 1) and seat a computer of `level` opposite: the game starts."""
    created = open_table(client, **body)
    response = seat_computer(client, created["id"], 1, level)
    assert response.status_code == 200, response.json()
    return response.json()


def actor_of(table: Table, seat: int) -> Actor:
    """The person in `seat`, as the services know them (their account, else their browser's session token)."""
    user = getattr(table, f"p{seat + 1}_user")
    return Actor(user=user) if user is not None else Actor(session_key=getattr(table, f"p{seat + 1}_session"))


def play_out(table_id: str, *, seed: int = 3, limit: int = 5000) -> tuple[Table, int]:
    """Make every person's decision (a seeded random choice, playing more often than passing) until the game ends;
    after each one the computers have answered: the decision is a person's again, or the game is over. Return the
    finished table and how many decisions the people made."""
    rng = random.Random(seed)
    table = get_table(table_id)
    made = 0
    while table.status != "finished":
        assert made < limit, "the game did not end"
        seat = table.to_move
        assert level_of(table, seat) is None, f"the computer in seat {seat} was left to decide"
        actions = states.state_of(table).legal_actions()
        playing = [a for a in actions if a.kind not in ("end_turn", "mulligan")]
        action = rng.choice(playing if playing and rng.random() < 0.7 else actions)
        table = services.act(table_id=table_id, actor=actor_of(table, seat), action=action.id,
                             expected_version=table.version)
        made += 1
    return Table.objects.get(pk=table_id), made
