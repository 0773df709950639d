"""The live page's heartbeat (static/js/live.js): it pings its table's socket, and a socket that stops answering —
a connection lost without a close, as behind a proxy that dropped it — is replaced by a new one, while a socket that
answers is kept. The heartbeat is shortened to half a second for the test (window.liveHeartbeatMs)."""
from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client
from playwright.sync_api import expect

from cataclysm_site.asgi import application
from rules.live.consumers import TableConsumer
from tests.live.servers import AsgiServer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table_id():
    call_command("load_catalogue", verbosity=0)
    call_command("load_starter_decks", verbosity=0)
    response = Client().post("/api/tables/", {"deck": "starter-dr-veylan", "seed": 3}, content_type="application/json")
    return response.json()["id"]


@pytest.fixture
def connects(monkeypatch):
    """Count the sockets the server opens; `connects.deaf = True` makes every socket ignore pings."""
    count = {"n": 0, "deaf": False}
    connect, receive_json = TableConsumer.connect, TableConsumer.receive_json

    async def counted(self):
        count["n"] += 1
        await connect(self)

    async def maybe_deaf(self, content, **kwargs):
        if count["deaf"] and content.get("type") == "ping":
            return
        await receive_json(self, content, **kwargs)

    monkeypatch.setattr(TableConsumer, "connect", counted)
    monkeypatch.setattr(TableConsumer, "receive_json", maybe_deaf)
    return count


def test_a_page_replaces_a_socket_that_stopped_answering_and_keeps_one_that_answers(browser, table_id, connects):
    with AsgiServer(application) as server:
        page = browser.new_page()
        page.add_init_script("window.liveHeartbeatMs = 500")
        page.goto(f"{server.url}/play/{table_id}/")
        expect(page.locator("#live-conn")).to_have_text("live")
        page.wait_for_timeout(3000)  # six heartbeats, each answered
        assert connects["n"] == 1
        connects["deaf"] = True
        expect(page.locator("#live-conn")).to_have_text("reconnecting…", timeout=5000)
        connects["deaf"] = False
        expect(page.locator("#live-conn")).to_have_text("live", timeout=5000)
        assert connects["n"] == 2
        page.close()
