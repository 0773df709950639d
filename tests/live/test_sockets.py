"""The table's WebSockets (Django Channels): each seat's socket gets its own view and the spectator's the public
view, on connecting and after every decision (made over HTTP or over a socket); no message of the three sockets ever
names a card hidden from its receiver."""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from unittest import mock

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from benchmarks.live import free_port
from cataclysm_site.asgi import application
from cataclysm_site.settings import channel_layers_for
from rules.live import notify
from rules.models import Table
from tests.live.helpers import P1_DECK, P2_DECK, Secrets, first_choice

pytestmark = pytest.mark.django_db(transaction=True)
TIMEOUT = 5


def run(coroutine):
    """asyncio.run in a thread of its own: after a browser test, Playwright's sync API keeps an event loop running in
    this thread, where asyncio.run refuses to start another."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def login(name: str) -> tuple[Client, str]:
    """A signed-in browser: its Django test client and the session cookie a socket sends."""
    user = get_user_model().objects.create_user(name, password="pw-123456789")
    client = Client()
    client.force_login(user)
    return client, client.cookies[settings.SESSION_COOKIE_NAME].value


async def connect(table_id: str, cookie: str | None = None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if cookie:
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()))
    socket = WebsocketCommunicator(application, f"/ws/tables/{table_id}/", headers=headers)
    connected, _ = await socket.connect(timeout=TIMEOUT)
    assert connected
    return socket


async def next_table(socket: WebsocketCommunicator, messages: list) -> dict:
    """The next table payload on this socket (chat lines and others are kept in `messages` too)."""
    while True:
        message = await socket.receive_json_from(timeout=TIMEOUT)
        messages.append(message)
        if message["type"] == "table":
            return message["table"]


def post_json(client: Client, url: str, body: dict):
    return client.post(url, body, content_type="application/json")


@pytest.fixture
def players(catalogue_db):
    (ann, ann_cookie), (bob, bob_cookie) = login("ann"), login("bob")
    table_id = post_json(ann, "/api/tables/", {"deck": P1_DECK, "seed": 31}).json()["id"]
    assert post_json(bob, f"/api/tables/{table_id}/join/", {"deck": P2_DECK}).status_code == 200
    return table_id, (ann, ann_cookie), (bob, bob_cookie)


def test_every_socket_gets_its_own_view_after_each_decision_and_never_a_hidden_card(players):
    table_id, (ann, ann_cookie), (bob, bob_cookie) = players

    async def scenario():
        sockets = [await connect(table_id, ann_cookie), await connect(table_id, bob_cookie), await connect(table_id)]
        logs: list[list] = [[], [], []]
        views = [await next_table(s, log) for s, log in zip(sockets, logs)]
        assert [v["seat"] for v in views] == [0, 1, None]
        for step in range(16):
            seat = next(v["seat"] for v in views[:2] if v["can_act"])
            message = {"action": first_choice(views[seat]), "version": views[seat]["version"]}
            if step % 2:  # over the socket
                await sockets[seat].send_json_to({"type": "action", **message})
            else:  # over HTTP: the sockets hear of it all the same
                client = (ann, bob)[seat]
                response = await sync_to_async(post_json)(client, f"/api/tables/{table_id}/actions/", message)
                assert response.status_code == 200
            views = [await next_table(s, log) for s, log in zip(sockets, logs)]
            assert len({v["version"] for v in views}) == 1 and views[0]["version"] == message["version"] + 1
            assert [v["seat"] for v in views] == [0, 1, None]
            assert "hand" in views[0]["state"]["players"][0] and "hand" not in views[0]["state"]["players"][1]
            assert "hand" in views[1]["state"]["players"][1] and "hand" not in views[1]["state"]["players"][0]
            assert all("hand" not in p for p in views[2]["state"]["players"])
            assert not views[2]["legal_actions"] and sum(bool(v["legal_actions"]) for v in views) == 1
        for socket in sockets:
            await socket.disconnect()
        return logs

    logs = run(scenario())
    row = Table.objects.get()
    assert len(row.actions) >= 16
    # Every message each socket received, against what its receiver may not know (the secrets as they are now:
    # a card drawn since is still in the hand or the deck, or public by now).
    for receiver, messages in enumerate(logs):
        viewer = receiver if receiver < 2 else None
        for seat in (0, 1):
            if seat == viewer:
                continue
            secrets = Secrets(row, seat, viewer)
            assert len(secrets.slugs) >= 5
            for message in messages:
                assert secrets.leaks(message) == [], (receiver, seat, message["type"])
        assert len(messages) >= 17
    assert Secrets(row, 0).leaks(logs[0][-1]), "the walk finds a seat's own hand in its own messages"


def test_a_socket_refuses_a_spectators_decision_and_answers_a_stale_one_with_the_table(players):
    table_id, (ann, ann_cookie), (bob, bob_cookie) = players

    async def scenario():
        watcher, mine = await connect(table_id), await connect(table_id, ann_cookie)
        await next_table(watcher, []), await next_table(mine, [])
        await watcher.send_json_to({"type": "action", "action": "pass.0", "version": 1})
        refused = await watcher.receive_json_from(timeout=TIMEOUT)
        await mine.send_json_to({"type": "resign", "version": 0})
        stale = await mine.receive_json_from(timeout=TIMEOUT)
        await watcher.disconnect(), await mine.disconnect()
        return refused, stale

    refused, stale = run(scenario())
    assert (refused["type"], refused["code"]) == ("error", "not_player")
    assert (stale["code"], stale["table"]["version"], stale["table"]["seat"]) == ("conflict", 1, 0)


def test_no_socket_for_a_table_that_does_not_exist(catalogue_db):
    async def scenario():
        socket = WebsocketCommunicator(application, "/ws/tables/nope/", headers=[(b"origin", b"http://testserver")])
        connected, code = await socket.connect(timeout=TIMEOUT)
        return connected, code

    assert run(scenario()) == (False, 4404)


def test_the_opponents_socket_hears_of_a_rematch_offer(players):
    table_id, (ann, ann_cookie), (bob, bob_cookie) = players
    assert post_json(bob, f"/api/tables/{table_id}/resign/", {}).status_code == 200

    async def scenario():
        socket = await connect(table_id, bob_cookie)
        before = await next_table(socket, [])
        offer = await sync_to_async(post_json)(ann, f"/api/tables/{table_id}/rematch/", {})
        after = await next_table(socket, [])
        await socket.disconnect()
        return before, offer.json(), after

    before, offer, after = run(scenario())
    assert before["rematch"] is None and before["status"] == "finished"
    assert after["rematch"] == {"id": offer["id"], "url": f"/play/{offer['id']}/", "status": "open"}


def test_a_sockets_write_leaves_its_notification_to_the_event_loop():
    """A socket's write runs on its process's one database thread, shared by every socket there: the message telling
    the table's sockets goes out from the event loop once the write returns, not from that thread (notify.held)."""
    sent = []

    class Layer:
        async def group_send(self, name, message):
            sent.append((name, message))

    held: list = []
    with notify.held(held):
        notify.changed("t1", 4)  # outside a transaction: "on commit" is now
    assert sent == [] and held == [("table.t1", {"type": "table.changed", "version": 4, "again": False})]
    with mock.patch.object(notify, "get_channel_layer", Layer):
        run(notify.flush(held))
    assert sent == held


def test_with_the_channel_layer_lost_a_socket_still_opens_and_its_pings_bring_the_table(players, settings):
    """Redis away: no pushes, but the socket opens with the table and each heartbeat (ping) brings a newer one."""
    table_id, (ann, ann_cookie), (bob, bob_cookie) = players
    settings.CHANNEL_LAYERS = channel_layers_for(f"redis://127.0.0.1:{free_port()}/0")  # production's, Redis lost

    async def scenario():
        socket = await connect(table_id, ann_cookie)
        view = await next_table(socket, [])
        await socket.send_json_to({"type": "ping"})
        pong = await socket.receive_json_from(timeout=TIMEOUT)
        client = ann if view["can_act"] else bob
        decided = await sync_to_async(post_json)(client, f"/api/tables/{table_id}/actions/",
                                                 {"action": first_choice(view), "version": view["version"]})
        await socket.send_json_to({"type": "ping"})
        after = await next_table(socket, [])
        await socket.disconnect()
        return view, pong, decided, after

    view, pong, decided, after = run(scenario())
    assert pong == {"type": "pong", "version": view["version"]}
    assert decided.status_code == 200 and after["version"] == view["version"] + 1


def test_the_mover_is_answered_from_its_own_decision_without_reading_the_table_again(players):
    """A decision over the socket reads the table's row once (to decide) and answers the mover from the table that
    decision returned: it does not wait to hear of its own move on the channel layer and read the row again."""
    table_id, (ann, ann_cookie), (bob, bob_cookie) = players
    reads = []
    read_row = type(Table.objects).raw

    def counted(manager, *args, **kwargs):
        reads.append(args)
        return read_row(manager, *args, **kwargs)

    async def scenario():
        sockets = [await connect(table_id, ann_cookie), await connect(table_id, bob_cookie)]
        views = [await next_table(s, []) for s in sockets]
        seat = next(v["seat"] for v in views if v["can_act"])
        mover = sockets[seat]
        with mock.patch.object(type(Table.objects), "raw", counted):
            await sockets[1 - seat].disconnect()  # only the mover's socket reads the row from here on
            await mover.send_json_to({"type": "action", "action": first_choice(views[seat]),
                                      "version": views[seat]["version"]})
            answer = await next_table(mover, [])
            assert await mover.receive_nothing(timeout=0.5)  # its own notification, heard later, sends nothing more
        await mover.disconnect()
        return views[seat], answer

    before, answer = run(scenario())
    assert answer["version"] == before["version"] + 1 and answer["seat"] == before["seat"]
    assert "hand" in answer["state"]["players"][before["seat"]]
    assert "hand" not in answer["state"]["players"][1 - before["seat"]]
    assert len(reads) == 1, f"the row was read {len(reads)} times for one decision"


def test_the_mover_is_answered_even_while_the_channel_layer_is_lost(players, settings):
    """Redis away: the table's other sockets hear of a decision only at their next ping, but the socket that made it
    is answered at once, from its own decision."""
    table_id, (ann, ann_cookie), (bob, bob_cookie) = players
    settings.CHANNEL_LAYERS = channel_layers_for(f"redis://127.0.0.1:{free_port()}/0")  # production's, Redis lost

    async def scenario():
        sockets = [await connect(table_id, ann_cookie), await connect(table_id, bob_cookie)]
        views = [await next_table(s, []) for s in sockets]
        seat = next(v["seat"] for v in views if v["can_act"])
        await sockets[seat].send_json_to({"type": "action", "action": first_choice(views[seat]),
                                          "version": views[seat]["version"]})
        answer = await next_table(sockets[seat], [])
        for socket in sockets:
            await socket.disconnect()
        return views[seat], answer

    before, answer = run(scenario())
    assert answer["version"] == before["version"] + 1 and answer["seat"] == before["seat"]
    assert answer["can_act"] == (answer["state"]["current_player"] == before["seat"])
