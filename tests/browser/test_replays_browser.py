"""Every mode's replay walked to its last step by its own controls, at 1366 px and at 390 px: a finished goldfish
game, a finished game against the computer and a finished live table. At the last step the page shows the final
board, the whole log and the result, raised no script error, scrolls nowhere sideways on a phone, and passes the
accessibility check (tests/browser/axe.py)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect
from rest_framework.test import APIClient

from tests.browser.axe import assert_accessible
from tests.browser.helpers import errors_on
from tests.goldfish import helpers as goldfish
from tests.live.finished import finished_table
from tests.versus import helpers as versus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = {"laptop": {"width": 1366, "height": 800}, "phone": {"width": 390, "height": 844}}


def walk_to_the_last_step(page, url: str, width: dict) -> None:
    """Open the replay, step to its end with the End button, and check the last step as a player sees it."""
    errors = errors_on(page)
    page.set_viewport_size(width)
    page.goto(url)
    replay = page.locator("#goldfish-replay")
    expect(replay).to_have_attribute("data-step", "0")
    steps = int(page.get_attribute("#rp-range", "max"))
    assert steps > 10
    page.click("#rp-next")
    expect(replay).to_have_attribute("data-step", "1")
    page.click("#rp-last")
    expect(replay).to_have_attribute("data-step", str(steps))
    expect(page.locator("#rp-step")).to_have_text(f"Step {steps} of {steps}")
    expect(page.locator("#rp-next")).to_be_disabled()
    expect(page.locator("#gf-result")).to_be_visible()   # the Cataclysm's result, as the game ended
    expect(page.locator("#gf-status")).to_contain_text("Game over")
    assert page.locator("#gf-log li").count() > 50        # the whole game's log
    expect(page.locator("#gf-board-body .gf-hero-slot")).to_be_visible()
    expect(page.locator("#gf-summary")).to_contain_text("The game is over.")
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width["width"], f"{url}: the page is {wide} px wide at {width['width']} px"
    assert_accessible(page, f"{url} at {width['width']} px, last step")
    assert errors == [], errors


@pytest.mark.parametrize("width_name", list(WIDTHS))
def test_a_goldfish_and_a_versus_replay_to_the_last_step(page, live_server, width_name, catalogue):
    client = APIClient()
    game = goldfish.finish(client, goldfish.start(client, seed=11))
    assert game["status"] == "finished"
    walk_to_the_last_step(page, f"{live_server.url}/goldfish/{game['id']}/replay/", WIDTHS[width_name])

    match = versus.finish(client, versus.start(client, seed=12, difficulty="easy"))
    walk_to_the_last_step(page, f"{live_server.url}/versus/{match['id']}/replay/", WIDTHS[width_name])


@pytest.mark.parametrize("width_name", list(WIDTHS))
def test_a_live_replay_to_the_last_step(page, live_server, django_user_model, monkeypatch, width_name,
                                      catalogue):
    monkeypatch.setattr("rules.live.notify.send", lambda table_id, message: None)  # no socket listens here
    alice = django_user_model.objects.create_user("alice", password="replay-pass-4821")
    bob = django_user_model.objects.create_user("bob", password="replay-pass-4821")
    table = finished_table(alice, bob)
    walk_to_the_last_step(page, f"{live_server.url}/play/{table.pk}/replay/", WIDTHS[width_name])
