"""The lab in a real headless Chromium: from a deck page to a started study, its live progress bar, its results."""
from __future__ import annotations

import pytest
from django.core.management import call_command

from cards.catalogue import clear_cache


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_deck_page_starts_a_study_whose_page_shows_progress_then_results(page, live_server):
    call_command("load_catalogue", verbosity=0)
    call_command("load_starter_decks", verbosity=0)
    clear_cache()
    page.set_viewport_size({"width": 390, "height": 844})   # a phone
    page.goto(f"{live_server.url}/decks/starter-talah/")
    page.click("#deck-simulate")
    assert page.locator("#id_decks option:checked").inner_text().startswith("Talah Starter")
    page.fill("#id_games", "300")
    page.fill("#id_seed", "8")
    page.click("#lab-start-button")
    page.wait_for_url("**/lab/*/")
    assert page.locator("#lab-bar").count() == 1
    page.wait_for_selector("#lab-results", timeout=120_000)   # lab.js polls, then reloads the finished study
    assert page.locator("#lab-status").text_content().strip() == "done"
    assert "300 of 300 games" in page.locator("#lab-figures").inner_text()
    assert page.locator(".gf-chart-fig").count() == 2
    with page.expect_download() as caught:
        page.click("text=Download CSV")
    assert caught.value.suggested_filename.endswith(".csv")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_bad_study_says_what_went_wrong(page, live_server):
    call_command("load_catalogue", verbosity=0)
    call_command("load_starter_decks", verbosity=0)
    clear_cache()
    page.goto(f"{live_server.url}/lab/")
    page.check("input[name=kind][value=matchup]")
    page.select_option("#id_decks", ["starter-talah"])
    page.click("#lab-start-button")
    assert "takes 2 decks" in page.locator("[role=alert]").inner_text()
