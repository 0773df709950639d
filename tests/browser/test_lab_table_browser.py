"""The lab's table study in a real headless Chromium (issue 34): chosen seat by seat on the form, played, and read
by seat, with the middle seat set beside the flank seats."""
from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from cards.catalogue import clear_cache
from tests.browser.axe import assert_accessible


@pytest.fixture
def starter_decks(transactional_db):
    """The catalogue and the starter decks, in the live server's database."""
    call_command("load_catalogue", verbosity=0)
    call_command("load_starter_decks", verbosity=0)
    clear_cache()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_table_of_three_is_chosen_seat_by_seat_and_read_by_seat(page, live_server, starter_decks):
    page.goto(f"{live_server.url}/lab/")
    page.check("input[name=kind][value=table]")
    expect(page.locator("#lab-table-seats")).to_be_visible()
    expect(page.locator("#id_seating")).to_be_hidden()   # a table's seats follow from its decks
    expect(page.locator("#id_deck_goldfish")).to_be_hidden()
    page.select_option("#id_table_deck_1", "starter-talah")
    page.select_option("#id_table_deck_2", "starter-lethan")
    page.select_option("#id_table_deck_3", "starter-elder-maru")
    page.select_option("#id_table_deck_4", "")   # nobody: three players
    page.select_option("#id_p1_table", "greedy")
    page.fill("#id_games", "1")
    page.fill("#id_seed", "3")
    page.click("#lab-start-button")
    page.wait_for_url("**/lab/*/")
    assert "Talah Starter · Lethan Starter · Elder Maru Starter: a table of three, the greedy player at every seat" \
        in page.locator("h1").inner_text()
    page.wait_for_selector("#lab-results", timeout=120_000)
    assert "3 of 3 games" in page.locator("#lab-figures").inner_text()
    expect(page.locator("#lab-by-seat tbody tr")).to_have_count(3)
    expect(page.locator("#lab-by-deck tbody tr")).to_have_count(3)
    expect(page.locator("#lab-middle-rate")).to_contain_text("% of the games (95% interval")
    assert_accessible(page, "a finished table study's results")
