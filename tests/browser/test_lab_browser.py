"""The lab in a real headless Chromium: from a deck page to a started study, its live progress bar, its results."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from rules.lab import services as lab
from rules.models import Simulation
from tests.browser.axe import assert_accessible

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def start_the_study(page) -> Simulation:
    """Press the form's Start button and follow it to the new study's page; return the study."""
    page.click("#lab-start-button")
    page.wait_for_url("**/lab/*/")
    return Simulation.objects.get()

def test_a_deck_page_starts_a_study_whose_page_shows_progress_then_results(page, live_server, catalogue):
    page.set_viewport_size({"width": 390, "height": 844})   # a phone
    page.goto(f"{live_server.url}/decks/starter-talah/")
    page.click("#deck-simulate")
    assert page.locator("#id_deck_goldfish option:checked").inner_text().startswith("Talah Starter")
    page.fill("#id_games", "300")
    page.fill("#id_seed", "8")
    start_the_study(page)
    assert page.locator("#lab-bar").count() == 1
    page.wait_for_selector("#lab-results", timeout=120_000)   # lab.js polls, then reloads the finished study
    assert page.locator("#lab-status").text_content().strip() == "done"
    assert "300 of 300 games" in page.locator("#lab-figures").inner_text()
    assert page.locator(".gf-chart-fig").count() == 2
    assert_accessible(page, "a finished goldfish study's results on a phone")
    with page.expect_download() as caught:
        page.click("text=Download CSV")
    assert caught.value.suggested_filename.endswith(".csv")


def test_a_bad_study_says_what_went_wrong(page, live_server, catalogue):
    page.goto(f"{live_server.url}/lab/")
    page.check("input[name=kind][value=matrix]")
    page.check("input[name=decks][value=starter-talah]")
    page.click("#lab-start-button")
    assert "takes 2" in page.locator("[role=alert]").inner_text()
    assert_accessible(page, "the lab's form with an error")
    expect(page.locator("input[name=decks][value=starter-talah]")).to_be_checked()   # the form keeps the choice
    page.check("input[name=kind][value=pyramid]")
    page.fill("#id_pyramid_the-pulse", "3")
    page.fill("#id_pyramid_the-surge", "4")
    page.click("#lab-start-button")
    assert "holds 10 to 100 cards (this one 7)" in page.locator("[role=alert]").inner_text()


def test_a_matchup_runs_deck_a_with_player_a_whatever_the_list_order(page, live_server, catalogue):
    """Deck B chosen from above deck A in the list still plays as B, with B's player; the title says A vs B."""
    page.goto(f"{live_server.url}/lab/")
    page.check("input[name=kind][value=matchup]")
    page.select_option("#id_deck_a", "starter-talah")
    page.select_option("#id_p1_matchup", "cpu:normal")
    page.select_option("#id_deck_b", "starter-dr-veylan")
    page.select_option("#id_p2_matchup", "cpu:hard")
    page.fill("#id_games", "20")
    sim = start_the_study(page)
    try:
        assert sim.title.startswith("Talah Starter vs Dr. Veylan Starter: the normal computer vs the hard computer")
    finally:
        lab.cancel(sim)


def test_a_pyramid_study_of_another_composition_from_the_form(page, live_server, catalogue):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/lab/")
    page.check("input[name=kind][value=pyramid]")
    assert page.locator("#id_pyramid_the-pulse").input_value() == "40"   # the printed deck to start from
    page.fill("#id_pyramid_the-pulse", "30")
    page.fill("#id_pyramid_the-surge", "20")
    page.fill("#id_games", "200")
    page.click("#lab-start-button")
    page.wait_for_selector("#lab-results", timeout=120_000)
    assert "own Pyramid deck: 30 The Pulse, 20 The Surge" in page.locator("header").last.inner_text()   # names
    assert page.locator(".gf-chart-fig").count() == 1   # the Cataclysm round's distribution
    assert_accessible(page, "a finished Pyramid study's results")


def test_the_form_shows_each_kinds_fields_and_a_running_study_survives_a_reload_and_cancels(page, live_server, catalogue):
    page.goto(f"{live_server.url}/lab/")
    page.check("input[name=kind][value=pyramid]")
    assert not page.locator("#id_deck_a").is_visible() and not page.locator("#id_p1").is_visible()
    page.check("input[name=kind][value=matchup]")
    assert page.locator("#id_deck_a").is_visible() and page.locator("#id_p2_matchup").is_visible()
    assert not page.locator("#id_bot").is_visible() and not page.locator("#id_p2").is_visible()
    page.check("input[name=kind][value=goldfish]")
    page.select_option("#id_deck_goldfish", ["starter-dr-veylan"])
    page.fill("#id_games", "20000")
    start_the_study(page)
    try:
        expect(page.locator("#lab-figures")).to_have_text(re.compile(r"^[1-9]"), timeout=60_000)   # games done
        page.reload()   # the study goes on; its page picks it up again
        assert_accessible(page, "a running study's page")
        assert page.locator("#lab-status").text_content().strip() in ("queued", "running")
        page.click("#lab-cancel button")
        assert page.locator("#lab-status").text_content().strip() == "cancelled"
    finally:
        for sim in Simulation.objects.all():   # whatever happened, leave no chunk queued in this process's pool
            lab.cancel(sim)
    page.goto(f"{live_server.url}/lab/")
    assert "cancelled" in page.locator(".lab-list").inner_text()


def test_an_erratum_is_picked_changed_seen_and_studied_from_the_form(page, live_server, catalogue):
    """The errata form (issue 33): find a card by typing, change one number, see printed → erratum before starting,
    start the paired study and read its verdict."""
    page.goto(f"{live_server.url}/lab/")
    page.check("input[name=kind][value=errata]")
    assert page.locator("#id_erratum_card").is_visible() and not page.locator("#id_deck_a").is_visible()
    page.fill("#lab-erratum-search", "kalen")
    page.press("#lab-erratum-search", "Enter")   # the first match: its fields come up, nothing starts
    page.wait_for_selector("#lab-erratum-fields")
    assert page.locator("#id_erratum_card").input_value() == "kalen-vos" and Simulation.objects.count() == 0
    expect(page.locator("input[name=kind][value=errata]")).to_be_checked()
    expect(page.locator("#lab-erratum-nochange")).to_be_visible()
    page.fill("#id_erratum_abilities_1_amount", "3")
    expect(page.locator("#lab-erratum-changes")).to_have_text("Ability 1 · amount: 1 → 3")   # the diff, live
    expect(page.locator("#lab-erratum-nochange")).to_be_hidden()
    page.select_option("#id_deck_goldfish", "starter-dr-veylan")
    page.fill("#id_games", "30")
    page.fill("#id_seed", "4")
    sim = start_the_study(page)
    assert sim.study["errata"] == {"kalen-vos": {"abilities": {"1": {"amount": 3}}}} and sim.study["paired"]
    page.wait_for_selector("#lab-verdict", timeout=180_000)
    assert re.match(r"Mean Legacy \d+\.\d → \d+\.\d, [+−]?\d+\.\d \([+−]?\d+\.\d%\)",
                    page.locator("#lab-verdict-effect").inner_text())
    assert re.search(r"of 30 games played out", page.locator("#lab-verdict").inner_text())
    assert "Ability 1 · amount" in page.locator("#lab-errata").inner_text()
