"""The sockets of a four-player table (issue 34): after every decision each of the four players' sockets gets its
own seat's view, the spectator's the public view, and no message ever names a card hidden from its receiver."""
from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from rules.models import Table
from tests.live.four_seats import DECKS, quick_choice
from tests.live.helpers import Secrets
from tests.live.test_sockets import connect, login, next_table, post_json, run

pytestmark = pytest.mark.django_db(transaction=True)


def test_every_one_of_four_players_hears_each_decision_in_their_own_view(catalogue_db):
    people = [login(name) for name in ("ann", "bob", "cy", "dee")]
    created = post_json(people[0][0], "/api/tables/", {"deck": DECKS[0], "players": 4, "seed": 13}).json()
    table_id = created["id"]
    for n, (client, _) in enumerate(people[1:], start=1):
        assert post_json(client, f"/api/tables/{table_id}/join/", {"deck": DECKS[n]}).status_code == 200

    async def scenario():
        sockets = [await connect(table_id, cookie) for _, cookie in people] + [await connect(table_id)]
        logs: list[list] = [[] for _ in sockets]
        views = [await next_table(s, log) for s, log in zip(sockets, logs)]
        assert [v["seat"] for v in views] == [0, 1, 2, 3, None]
        deciders = set()
        for _ in range(12):
            seat = next(v["seat"] for v in views[:4] if v["can_act"])
            deciders.add(seat)
            message = {"action": quick_choice(views[seat]), "version": views[seat]["version"]}
            response = await sync_to_async(post_json)(people[seat][0], f"/api/tables/{table_id}/actions/", message)
            assert response.status_code == 200
            views = [await next_table(s, log) for s, log in zip(sockets, logs)]
            assert {v["version"] for v in views} == {message["version"] + 1}
            for receiver, view in enumerate(views):
                hands = [seat for seat, player in enumerate(view["state"]["players"]) if "hand" in player]
                assert hands == ([receiver] if receiver < 4 else [])
            assert sum(bool(v["legal_actions"]) for v in views) == 1
        for socket in sockets:
            await socket.disconnect()
        return logs, deciders

    logs, deciders = run(scenario())
    assert len(deciders) >= 2  # the decisions went around the table
    row = Table.objects.get()
    for receiver, messages in enumerate(logs):
        viewer = receiver if receiver < 4 else None
        assert len(messages) >= 13
        for seat in range(4):
            if seat != viewer:
                secrets = Secrets(row, seat, viewer)
                assert all(secrets.leaks(m) == [] for m in messages), (receiver, seat)
