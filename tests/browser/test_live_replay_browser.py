"""The replay of a finished live table, walked to its last step in Chromium at 1366 and 390 px by each player and
by a spectator: no script error, the game log filled, the two sides named as the players they are (never "CPU" or
"the computer"), and the other seat's hidden decisions told as a person at the table saw them ("Player 2 plays
Light Resonance", "Player 2 passed"), never as an engine's kind ("decides (play_energy)").

The game is played through the services in moments (tests/live/finished.py): the first seat plays a public starter
deck, the second a pasted list that stays hidden from the first player and the spectators."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible
from tests.browser.helpers import log_in_as, new_page
from tests.live.finished import finished_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = {"laptop": {"width": 1366, "height": 800}, "phone": {"width": 390, "height": 844}}
PASSWORD = "replay-pass-4821"
VERSUS_WORDS = re.compile(r"\bCPU\b|computer|decides \(|seed null", re.IGNORECASE)


def walk_to_the_end(page, base, table, width) -> None:
    """Open the replay, check step 0, go to the last step with the End key and check the whole page there."""
    page.set_viewport_size(width)
    page.goto(f"{base}/play/{table.pk}/replay/")
    steps = len(table.actions)
    expect(page.locator("#rp-step")).to_have_text(f"Step 0 of {steps}")
    expect(page.locator("#gf-log li").first).to_be_visible()
    page.click("#rp-last")
    expect(page.locator("#rp-step")).to_have_text(f"Step {steps} of {steps}")
    expect(page.locator("#gf-result")).to_be_visible()
    assert page.locator("#gf-log li").count() > 100  # the whole game's log, up to the Cataclysm
    text = page.inner_text("body")
    assert not VERSUS_WORDS.search(text), VERSUS_WORDS.search(text)
    assert "dr-veylan" not in text and "elder-maru" not in text  # Heroes by their names, never their slugs
    assert page.evaluate("document.documentElement.scrollWidth") <= width["width"]
    assert_accessible(page, f"a live replay's last step at {width['width']} px")


def hidden_step(page, base, table) -> dict | None:
    """The first of the second seat's Energy plays, as this viewer's replay API tells it."""
    index = page.request.get(f"{base}/api/tables/{table.pk}/replay/").json()
    return next((s for s in index["steps"] if s["player"] == 1 and s["kind"] == "play_energy"), None)


def test_each_viewer_replays_a_finished_live_game_to_its_last_step(browser, live_server, django_user_model,
                                                                  monkeypatch, catalogue):
    monkeypatch.setattr("rules.live.notify.send", lambda table_id, message: None)  # no socket listens here
    alice = django_user_model.objects.create_user("alice", password=PASSWORD)
    bob = django_user_model.objects.create_user("bob", password=PASSWORD)
    table = finished_table(alice, bob)
    base = live_server.url
    errors: list[str] = []
    viewers = {}
    for name in ("alice", "bob", "spectator"):
        page = new_page(browser, errors=errors, console=True)
        if name != "spectator":
            log_in_as(page, base, name, PASSWORD)
        viewers[name] = page

    for width in WIDTHS.values():
        for name, page in viewers.items():
            walk_to_the_end(page, base, table, width)
            assert errors == [], (name, width, errors)

    # Each player's replay is drawn from their own seat; a spectator's from the first.
    expect(viewers["bob"].locator("#gf-board-title")).to_have_text("Player 2's board · bob · Elder Maru")
    expect(viewers["alice"].locator("#gf-board-title")).to_have_text("Player 1's board · alice · Dr. Veylan")
    expect(viewers["spectator"].locator("#vs-opp-title")).to_have_text("Player 2's board · bob · Elder Maru")
    expect(viewers["spectator"].locator("#live-players")).to_contain_text("alice · Dr. Veylan")

    # The second seat played a pasted list: its decisions are hidden from the first player and the spectators, and
    # read as the table's log told them; its own player reads them as made.
    for name in ("alice", "spectator"):
        page = viewers[name]
        step = hidden_step(page, base, table)
        assert step is not None and step["action"] == "hidden"
        assert re.fullmatch(r"Player 2 plays [A-Z][\w ]+", step["label"]), step["label"]
        page.goto("about:blank")  # (the same address with another #step would not load the page again)
        page.goto(f"{base}/play/{table.pk}/replay/#step={step['step']}")
        expect(page.locator("#rp-what")).to_have_text(step["label"])
    own = hidden_step(viewers["bob"], base, table)
    assert own["action"] != "hidden"
    viewers["bob"].goto("about:blank")
    viewers["bob"].goto(f"{base}/play/{table.pk}/replay/#step={own['step']}")
    expect(viewers["bob"].locator("#rp-what")).to_have_text(re.compile(r"^Player 2: Play [A-Z]"))
    assert errors == []
