"""Signed-in spectators write in a table's chat too, under the players' rules: sanitized like comments, at most 5
lines in 10 s each, hidden from a player who mutes the others; anonymous visitors only read."""
from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from tests.live.helpers import seat_table
from tests.live.test_sockets import connect, login, next_table, post_json, run


def spectator(name: str) -> APIClient:
    client = APIClient()
    client.force_login(User.objects.create_user(name, password="pw-123456789"))
    return client


def test_a_signed_in_spectator_writes_sanitized_lines_everyone_at_the_table_reads(api, other, watcher):
    table_id = seat_table(api, other, seed=3)["id"]
    url = f"/api/tables/{table_id}/chat/"
    carl = spectator("carl")
    line = carl.post(url, {"text": "nice <script>alert(1)</script> [[Kalen Vos]]"}, format="json")
    assert line.status_code == 201 and line.json()["seat"] == 2
    html = line.json()["html"]
    assert "<script>" not in html and "&lt;script&gt;" in html and 'href="/cards/kalen-vos/"' in html
    for reader in (api, other, watcher, carl):
        assert [m["seat"] for m in reader.get(f"/api/tables/{table_id}/").json()["chat"]] == [2]
    refused = watcher.post(url, {"text": "hi"}, format="json")
    assert refused.status_code == 403 and "sign in" in refused.json()["message"]
    assert b'id="live-chat-form"' in carl.get(f"/play/{table_id}/").content
    page = watcher.get(f"/play/{table_id}/").content.decode()
    assert 'id="live-chat-form"' not in page and "sign in</a> to join in" in page
    assert 'id="live-mute"' not in carl.get(f"/play/{table_id}/").content.decode()  # only players mute


def test_each_spectator_is_limited_like_a_player_and_a_muting_player_hides_them(api, other):
    table_id = seat_table(api, other, seed=3)["id"]
    url = f"/api/tables/{table_id}/chat/"
    carl, dora = spectator("carl"), spectator("dora")
    for _ in range(5):
        assert carl.post(url, {"text": "go"}, format="json").status_code == 201
    throttled = carl.post(url, {"text": "go go"}, format="json")
    assert throttled.status_code == 429 and throttled.json()["code"] == "chat_throttled"
    assert dora.post(url, {"text": "me too"}, format="json").status_code == 201  # per spectator, not per table
    assert carl.post(url, {"text": " "}, format="json").json()["code"] == "bad_message"
    assert other.post(f"/api/tables/{table_id}/mute/", {"muted": True}, format="json").status_code == 200
    assert other.get(f"/api/tables/{table_id}/").json()["chat"] == []
    assert len(api.get(f"/api/tables/{table_id}/").json()["chat"]) == 6  # muting hides them for that player only
    assert spectator("erin").post(f"/api/tables/{table_id}/mute/", {"muted": True},
                                  format="json").json()["code"] == "not_player"


@pytest.mark.django_db(transaction=True)
def test_a_spectators_line_over_the_socket_reaches_the_players_sockets(catalogue_db):
    (ann, ann_cookie), (bob, _), (_, carl_cookie) = login("ann"), login("bob"), login("carl")
    table_id = post_json(ann, "/api/tables/", {"deck": "starter-dr-veylan", "seed": 31}).json()["id"]
    assert post_json(bob, f"/api/tables/{table_id}/join/", {"deck": "starter-elder-maru"}).status_code == 200

    async def scenario():
        mine, carl = await connect(table_id, ann_cookie), await connect(table_id, carl_cookie)
        await next_table(mine, []), await next_table(carl, [])
        await carl.send_json_to({"type": "chat", "text": "well played"})
        heard = await mine.receive_json_from(timeout=5)
        await mine.disconnect(), await carl.disconnect()
        return heard

    heard = run(scenario())
    assert heard["type"] == "chat" and heard["line"]["seat"] == 2 and "well played" in heard["line"]["html"]
