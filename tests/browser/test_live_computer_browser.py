"""A computer at a live table in Chromium (issue 35): the host of a waiting table chooses "Add a computer" (a level,
the deck left to the site), the board appears at once with the computer named in its seat, and each of the host's
first decisions, clicked on the board, is answered by the computer before the page is the host's to play again.

The site is served by an ASGI server in a thread of the test process (tests/live/servers.py)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cataclysm_site.asgi import application
from rules.live.tables import level_of
from rules.models import Table
from tests.browser.axe import assert_accessible
from tests.browser.helpers import PHONE, fits_the_phone, new_page
from tests.browser.test_goldfish_browser import shot
from tests.browser.test_live_browser import UPDATE_MS, board_version
from tests.live.servers import AsgiServer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def click_my_decision(host) -> Table:
    """Click my next decision (ending my turn when I may, to hand the computers one of their own), wait for the board
    that follows, and check the computers have answered: the table is then mine to play, or over."""
    ends = host.locator('#gf-actions .gf-act[data-action^="end_turn"]')
    expect(host.locator("#gf-actions .gf-act").first).to_be_visible(timeout=UPDATE_MS)
    before = board_version(host)
    (ends if ends.count() else host.locator("#gf-actions .gf-act")).first.click()
    expect(host.locator("#goldfish")).not_to_have_attribute("data-version", str(before), timeout=UPDATE_MS)
    row = Table.objects.get()
    assert row.status == "finished" or level_of(row, row.to_move) is None  # the computers have answered
    return row


def seats_that_decided(row: Table) -> set[str]:
    """The seats (as the action ids write them) that have made a decision at the table."""
    return {a.split(".")[1] for a in row.actions if len(a.split(".")) > 1}


def test_a_person_adds_a_computer_and_plays_the_first_moves(browser, catalogue):
    errors: list[str] = []
    with AsgiServer(application) as server:
        base = server.url
        host = new_page(browser, PHONE, errors)
        host.goto(f"{base}/")  # the session's cookie first, so the API request below is this browser's
        opened = host.request.post(f"{base}/api/tables/", data={"deck": "starter-dr-veylan", "seed": 1})
        assert opened.status == 201, opened.text()
        table = Table.objects.get()
        host.goto(f"{base}{table.get_absolute_url()}")
        expect(host.locator("#live-add-computer")).to_be_visible()
        assert_accessible(host, "a waiting table offering a computer")
        host.select_option("#live-computer-level", "hard")
        host.click("#live-add-computer")
        expect(host.locator("#goldfish")).to_be_visible(timeout=UPDATE_MS)
        expect(host.locator("#live-players")).to_contain_text("Computer (hard)")
        row = Table.objects.get()
        assert row.status == "live" and level_of(row, 1) == "hard"
        for _ in range(6):  # my decisions, clicked, until the computer has made one of its own
            if "1" in seats_that_decided(click_my_decision(host)):
                break
        assert "1" in seats_that_decided(Table.objects.get()), "the computer never decided"
        expect(host.locator("#gf-actions .gf-act").first).to_be_visible(timeout=UPDATE_MS)  # my turn again
        fits_the_phone(host)
        assert_accessible(host, "a live table against a computer")
    assert errors == []


def test_a_person_seats_two_computers_at_a_table_of_three_and_both_play(browser, catalogue):
    """A table of three: the host seats a normal computer, then an easy one; the Pyramid's board starts with both
    named around it, and as the host clicks, each computer takes its own decisions in its turn."""
    errors: list[str] = []
    with AsgiServer(application) as server:
        base = server.url
        host = new_page(browser, PHONE, errors)
        host.goto(f"{base}/")
        opened = host.request.post(f"{base}/api/tables/", data={"deck": "starter-dr-veylan", "players": 3,
                                                                 "seat": "first", "seed": 1})
        assert opened.status == 201, opened.text()
        table = Table.objects.get()
        host.goto(f"{base}{table.get_absolute_url()}")
        for seat, level in ((1, "normal"), (2, "easy")):
            expect(host.locator("#live-add-computer")).to_be_visible(timeout=UPDATE_MS)
            host.select_option("#live-computer-seat", str(seat))
            host.select_option("#live-computer-level", level)
            host.click("#live-add-computer")
            expect(host.locator("#live-players")).to_contain_text(f"Computer ({level})", timeout=UPDATE_MS)
        expect(host.locator("#goldfish")).to_be_visible(timeout=UPDATE_MS)
        row = Table.objects.get()
        assert row.status == "live" and (level_of(row, 1), level_of(row, 2)) == ("normal", "easy")
        expect(host.locator(".vs-ring .vs-seat")).to_have_count(2)
        expect(host.locator(".vs-ring-center")).to_be_visible()
        seen: set[str] = set()
        for _ in range(40):   # my decisions, clicked, until both computers have made one of theirs
            seen = seats_that_decided(Table.objects.get())
            if {"1", "2"} <= seen:
                break
            click_my_decision(host)
        assert {"1", "2"} <= seen, f"not every computer decided: {sorted(seen)}"
        fits_the_phone(host)
        assert_accessible(host, "a live table of three with two computers")
        shot(host, "live-three-computers-phone")
    assert errors == []
