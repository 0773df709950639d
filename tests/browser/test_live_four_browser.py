"""A live table of four in Chromium (issue 34): four people at four browsers sit down through one invitation link,
each sees the Pyramid in the middle with the three other boards around it (on a phone: their own board and the
Pyramid, the others one tap away), only their own hand, and every move of the others; a spectator sees no hand.

The site is served by an ASGI server in a thread of the test process (tests/live/servers.py)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cataclysm_site.asgi import application
from rules.models import Table
from tests.browser.axe import assert_accessible
from tests.browser.helpers import LAPTOP, PHONE, fits_the_phone, new_page
from tests.browser.test_goldfish_browser import shot
from tests.browser.test_live_browser import UPDATE_MS, wait_version
from tests.live.servers import AsgiServer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DECKS = ("starter-dr-veylan", "starter-elder-maru", "starter-lethan", "starter-talah")
SEED = 1


def test_four_players_and_a_spectator_at_one_live_table(browser, catalogue, settings):
    errors: list[str] = []
    with AsgiServer(application) as server:
        base = server.url
        people = [new_page(browser, PHONE if n == 3 else LAPTOP, errors) for n in range(4)]
        host = people[0]
        # A known seed, as the goldfish journey's: a random one deals an opening hand without Energy about one table
        # in twenty, and its mulligan comes before the coin toss's choice the test waits for (seed 1: no mulligan,
        # Player 3 on a laptop chooses).
        opened = host.request.post(f"{base}/api/tables/", data={"deck": DECKS[0], "players": 4, "seat": "first",
                                                                 "seed": SEED})
        assert opened.status == 201, opened.text()
        invite = opened.json()["invite_url"]
        table = Table.objects.get()
        host.goto(f"{base}{table.get_absolute_url()}")
        expect(host.locator("#gf-status")).to_have_text("Waiting for players: 1 of 4 seated.")
        expect(host.locator("#live-conn")).to_have_text("live", timeout=UPDATE_MS)
        for n, guest in enumerate(people[1:], start=1):
            guest.goto(invite)
            guest.select_option("#id_deck", DECKS[n])
            guest.click("#live-join")
            if n < 3:  # the waiting pages count the seats taken as people sit down
                expect(guest.locator("#gf-status")).to_have_text(f"Waiting for players: {n + 1} of 4 seated.")
                expect(host.locator("#gf-status")).to_have_text(f"Waiting for players: {n + 1} of 4 seated.",
                                                                   timeout=UPDATE_MS)
        watcher = new_page(browser, LAPTOP, errors)
        watcher.goto(f"{base}{table.get_absolute_url()}")
        version = Table.objects.get().version
        for page in people + [watcher]:
            wait_version(page, version)
            expect(page.locator(".vs-ring .vs-seat")).to_have_count(3)
            expect(page.locator(".vs-ring-center")).to_be_visible()
        for seat, page in enumerate(people):
            expect(page.locator("#gf-hand .gf-card").first).to_be_visible()
            titles = page.locator(".vs-seat h2").all_inner_texts()
            assert len(titles) == 3 and not any(t.startswith("You") for t in titles), titles
        chooser = Table.objects.get().to_move  # the coin toss's winner (the table's seed)
        expect(people[chooser].locator("#goldfish")).to_contain_text(
            f"Choose who goes first: you (Player {chooser + 1}) or one of the others, by seat.")
        expect(watcher.locator("p.eyebrow")).to_contain_text("Four players, each for themselves")
        assert watcher.locator("#gf-hand").is_hidden()
        expect(watcher.locator("#gf-actions")).to_contain_text("only the 4 players at this table can act")
        assert_accessible(people[0], "a live table of four, a player's board")
        shot(people[0], "live-four-laptop")
        phone = people[3]
        fits_the_phone(phone)
        phone.locator(".vs-switch-btn").first.click()
        expect(phone.locator(".vs-seat.shown")).to_have_count(1)
        assert_accessible(phone, "a live table of four on a phone")
        shot(phone, "live-four-phone")

        # Whoever is to decide clicks; every page follows.
        for _ in range(4):
            row = Table.objects.get()
            mover = people[row.to_move]
            button = mover.locator("#gf-actions .gf-act").first
            expect(button).to_be_visible(timeout=UPDATE_MS)
            button.click()
            for page in people + [watcher]:
                wait_version(page, row.version + 1)
    assert errors == []
