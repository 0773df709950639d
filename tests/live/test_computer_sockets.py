"""A computer thinking at one table holds up no other table (issue 35). A computer's decisions are made in the write
of the move that handed them over, which can take seconds at the slower levels; the sockets' database work ran on
one thread per server process (Channels runs every consumer's `database_sync_to_async` there), so while one table's
computer thought, every other table of that process could neither connect, move nor hear a move. Each socket
message now runs in a thread of its own, as Django runs each HTTP request."""
from __future__ import annotations

import asyncio
import threading
from unittest import mock

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from rules.live import services, states
from rules.live.tables import get_table
from rules.play import computers
from tests.live.computer_tables import actor_of, table_with_computer
from tests.live.helpers import seat_table
from tests.live.test_sockets import connect, next_table, run

pytestmark = pytest.mark.django_db(transaction=True)


def person(name: str) -> tuple[APIClient, str]:
    from django.contrib.auth import get_user_model
    client = APIClient()
    client.force_login(get_user_model().objects.create_user(name, password="pw-123456789"))
    return client, client.cookies[settings.SESSION_COOKIE_NAME].value


def until_end_of_turn(table_id: str) -> dict:
    """Make the person's decisions (the first offered) until ending the turn is one of them: ending it then hands
    the next decision to the computer."""
    table = get_table(table_id)
    for _ in range(200):
        actions = states.state_of(table).legal_actions()
        if any(a.kind == "end_turn" for a in actions):
            return table
        table = services.act(table_id=table_id, actor=actor_of(table, table.to_move), action=actions[0].id,
                             expected_version=table.version)
    raise AssertionError("the person never came to end a turn")


def test_a_computer_thinking_at_one_table_holds_up_no_other_tables_socket(catalogue_db):
    alice, alice_cookie = person("alice")
    bob, bob_cookie = person("bob")
    carol, _ = person("carol")
    computer_table = table_with_computer(alice, level="easy")["id"]
    until_end_of_turn(computer_table)
    other_table = seat_table(bob, carol)["id"]

    thinking, release = threading.Event(), threading.Event()
    decide = computers.decide

    def slow_decide(level, seed, state):
        thinking.set()
        release.wait(60)   # a computer that thinks until the test lets it go
        return decide(level, seed, state)

    async def scenario():
        loop = asyncio.get_running_loop()
        mine = await connect(computer_table, alice_cookie)
        view = await next_table(mine, [])
        end_turn = next(a["id"] for a in view["legal_actions"] if a["kind"] == "end_turn")
        try:
            await mine.send_json_to({"type": "action", "action": end_turn, "version": view["version"]})
            assert await loop.run_in_executor(None, thinking.wait, 30), "the computer was never asked"
            other = await connect(other_table, bob_cookie)   # while the computer thinks
            assert (await next_table(other, []))["id"] == other_table
            await other.send_json_to({"type": "ping"})
            assert (await other.receive_json_from(timeout=5))["type"] == "pong"
            await other.disconnect()
        finally:
            release.set()
        after = await next_table(mine, [])
        while not after["can_act"] and after["status"] == "live":
            after = await next_table(mine, [])
        await mine.disconnect()
        return after

    with mock.patch.object(computers, "decide", slow_decide):
        after = run(scenario())
    assert after["status"] == "finished" or after["can_act"]   # the computer played its turn: Alice's decision again
