"""A table socket answers every frame it cannot read with an error message carrying a code, and stays open; a socket
path that names no table is refused at the handshake, never with a 500 (issue 31)."""
from __future__ import annotations

import json
import logging

import pytest
from channels.testing import WebsocketCommunicator
from django.db.utils import OperationalError
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect as ws_connect

from cataclysm_site.asgi import application
from rules.live import tables
from rules.models import TableMessage
from tests.live.servers import AsgiServer
from tests.live.test_sockets import TIMEOUT, connect, next_table, players, run  # noqa: F401 - a fixture

pytestmark = pytest.mark.django_db(transaction=True)

DEEP = "[" * 1000 + "]" * 1000
BAD_FRAMES = [  # (the frame as text, or bytes for a binary frame; the error code it gets)
    ("{", "parse_error"),
    ("", "parse_error"),
    ('{"type": "chat", "text": "hi"', "parse_error"),
    (DEEP, "too_deep"),
    ('{"type": "chat", "text": ' + DEEP + "}", "too_deep"),
    (b"\x00\x01binary", "binary_frame"),
    ('{"type": "chat", "text": "a\\ud800b"}', "bad_text"),
    ('{"type": "chat", "text": "\\udfff"}', "bad_text"),
    ('{"type": "chat", "text": "a\ud800b"}', "bad_text"),  # unescaped: no browser sends it, a client library might
    ('{"type": "chat", "text": "a\\u0000b"}', "bad_request"),
    ("[]", "bad_message"),
    ("42", "bad_message"),
    ('"ping"', "bad_message"),
    ('{"type": "nonsense"}', "bad_message"),
    ("x" * 300_000, "too_large"),
]


def test_every_bad_frame_gets_an_error_with_a_code_and_the_socket_stays_open(players):
    table_id, (ann, ann_cookie), _ = players

    async def scenario():
        socket = await connect(table_id, ann_cookie)
        before = await next_table(socket, [])
        replies = []
        for frame, _ in BAD_FRAMES:
            kind = "bytes" if isinstance(frame, bytes) else "text"
            await socket.send_input({"type": "websocket.receive", kind: frame})
            replies.append(await socket.receive_json_from(timeout=TIMEOUT))
        await socket.send_json_to({"type": "chat", "text": "still here"})  # the socket still works
        line = await socket.receive_json_from(timeout=TIMEOUT)
        await socket.send_json_to({"type": "ping"})
        pong = await socket.receive_json_from(timeout=TIMEOUT)
        await socket.disconnect()
        return before, replies, line, pong

    before, replies, line, pong = run(scenario())
    for (frame, code), reply in zip(BAD_FRAMES, replies):
        assert reply["type"] == "error" and reply["code"] == code, (str(frame)[:40], reply)
        assert reply["message"], reply
    assert line["type"] == "chat" and line["line"]["text"] == "still here"
    assert pong == {"type": "pong", "version": before["version"]}
    assert list(TableMessage.objects.values_list("text", flat=True)) == ["still here"]


@pytest.mark.parametrize("path", ["/ws/nothing/", "/ws/tables/%00/", "/ws/tables/a%2Fb/", "/ws/tables/a%0A/", "/"])
def test_a_socket_path_that_names_no_table_is_refused_at_the_handshake(catalogue_db, path):
    async def scenario():
        socket = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://testserver")])
        return await socket.connect(timeout=TIMEOUT)

    assert run(scenario()) == (False, 4404)


def test_a_real_server_refuses_an_unknown_socket_path_without_an_error(catalogue_db, caplog):
    caplog.set_level(logging.WARNING)
    with AsgiServer(application) as server:
        base = server.url.replace("http://", "ws://")
        for path in ("/ws/nothing/", "/ws/tables/%00/"):
            with pytest.raises(InvalidStatus) as refused:
                ws_connect(base + path, additional_headers={"Origin": server.url}, open_timeout=10)
            assert refused.value.response.status_code == 403
    assert "Traceback" not in caplog.text and "ValueError" not in caplog.text and not [
        r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text


def test_a_bad_frame_is_refused_in_the_words_of_the_http_api(players):
    """The same body over HTTP is refused with the same code."""
    table_id, (ann, _), _ = players
    response = ann.post(f"/api/tables/{table_id}/chat/", '{"text": "a\\ud800b"}', content_type="application/json")
    assert (response.status_code, response.json()["code"]) == (400, "bad_text")
    deep = json.dumps({"text": "x"})[:-1] + ', "more": ' + DEEP + "}"
    response = ann.post(f"/api/tables/{table_id}/chat/", deep, content_type="application/json")
    assert (response.status_code, response.json()["code"]) == (400, "too_deep")


def test_a_database_outage_is_an_error_message_not_a_closed_socket(players, monkeypatch):
    table_id, (ann, ann_cookie), _ = players

    async def scenario():
        socket = await connect(table_id, ann_cookie)
        await next_table(socket, [])
        with monkeypatch.context() as patch:
            patch.setattr(tables, "get_table", refuse)
            await socket.send_json_to({"type": "ping"})
            refused = await socket.receive_json_from(timeout=TIMEOUT)
        await socket.send_json_to({"type": "ping"})
        pong = await socket.receive_json_from(timeout=TIMEOUT)
        await socket.disconnect()
        return refused, pong

    def refuse(table_id):
        raise OperationalError("could not connect to server: Connection refused")

    refused, pong = run(scenario())
    assert (refused["type"], refused["code"], refused["retry_after"]) == ("error", "database_unavailable", 5)
    assert pong["type"] == "pong"
