"""A game for someone who cannot see the board: the board in words (a visually hidden summary, rewritten after every
decision) and a polite live region that speaks the new log lines and the computer's moves, in a real Chromium
against the computer; the board passes the accessibility check before and after."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible
from tests.browser.helpers import LAPTOP, errors_on, start_versus
from tests.browser.test_goldfish_browser import decide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_board_in_words_and_the_computers_moves_spoken(page, live_server, catalogue):
    errors = errors_on(page)
    page.set_viewport_size(LAPTOP)
    start_versus(page, live_server.url, "starter-dr-veylan", "starter-elder-maru", 2024, difficulty="easy")
    expect(page.locator("#goldfish")).to_have_attribute("data-version", re.compile(r"\d+"))

    # The summary: whose turn and the phase, both players with their Heroes' HP, Energy and hands, the Pyramid.
    summary = page.locator("#gf-summary")
    expect(summary).to_contain_text("You: Hero Dr. Veylan, HP")
    expect(summary).to_contain_text("The computer: Hero Elder Maru, HP")
    expect(summary).to_contain_text("7 cards in hand")
    expect(summary).to_contain_text(re.compile(r"The Pyramid: E1 \d+ of \d+"))
    assert page.locator("#gf-summary-box").bounding_box()["width"] <= 1  # read aloud, not drawn
    announce = page.locator("#gf-announce")
    expect(announce).to_have_attribute("aria-live", "polite")
    before = summary.inner_text()
    assert_accessible(page, "versus board, first decision")

    # Decisions by clicking until the computer has played a card: the summary has changed, and the live region
    # said what the computer did.
    clicks = 0
    while not page.locator("#vs-last").is_visible() and clicks < 40:
        decide(page)
        clicks += 1
    assert clicks < 40, "the computer never played"
    assert summary.inner_text() != before
    expect(summary).to_contain_text("In play:")
    expect(announce).to_contain_text("Computer: ")
    expect(announce.locator("p").last).not_to_be_empty()
    assert_accessible(page, "versus board, after the computer's move")
    assert errors == []
