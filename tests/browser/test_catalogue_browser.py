"""The catalogue in a real headless Chromium: search, filter, table view, sort, a card page, a bad query.

Set SCREENSHOT_DIR to keep screenshots of the catalogue and a card page (for a look at the design).
"""
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from cards.catalogue import get_catalogue
from tests.browser.axe import assert_accessible
from tests.browser.helpers import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TABLE_ROW_LINK = "table.card-table td.col-name a"
GRID_LINK = "ul.card-grid a.card-link"


def slugs_of(page, selector):
    return [href.strip("/").split("/")[-1] for href in page.locator(selector).evaluate_all(
        "links => links.map(a => a.getAttribute('href'))")]


def shot(page, name):
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        page.wait_for_function("""() => Array.from(document.images)
            .filter(img => img.getBoundingClientRect().top < window.innerHeight)
            .every(img => img.complete && img.naturalWidth > 0)""")
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=False)


def test_search_filter_sort_and_open_a_card(page, live_server, media, cards):
    catalogue = get_catalogue()
    csp_errors = []
    page.on("console", lambda m: csp_errors.append(m.text) if "Content Security Policy" in m.text else None)
    page.set_viewport_size({"width": 1280, "height": 900})

    # Search with the query syntax.
    page.goto(f"{live_server.url}/cards/")
    page.fill("#id_q", "t:person k:heal")
    page.press("#id_q", "Enter")
    page.wait_for_url(re.compile(r"q=t%3Aperson"))
    expected = {c.slug for c in catalogue.cards.values()
                if c.type == "person" and any(a.keyword == "heal" for a in c.abilities)}
    assert expected and set(slugs_of(page, GRID_LINK)) == expected
    assert "view=&" not in page.url and "faction=" not in page.url  # empty fields stay out of the URL

    # Apply a filter: choosing a civilization submits the form by itself.
    page.click("summary:has-text('Filters')")
    page.select_option("#id_civilization", "lemurian")
    page.wait_for_url(re.compile(r"civilization=lemurian"))
    expected = {slug for slug in expected if catalogue[slug].civilization == "lemurian"}
    assert expected and set(slugs_of(page, GRID_LINK)) == expected
    expect(page.locator(".active-filters")).to_contain_text("Civilization: Lemurian")
    assert_accessible(page, "the catalogue, filtered, filters open")
    shot(page, "catalogue-grid")

    # Switch to the table, then sort by cost (ascending, then descending) with the column header.
    page.click("nav.view-toggle >> text=Table")
    page.wait_for_url(re.compile(r"view=table"))
    expect(page.locator("table.card-table")).to_be_visible()
    page.click("th.col-cost a")
    page.wait_for_url(re.compile(r"order=cost"))
    costs = [catalogue[s].cost.total for s in slugs_of(page, TABLE_ROW_LINK)]
    assert costs == sorted(costs) and set(slugs_of(page, TABLE_ROW_LINK)) == expected
    page.click("th.col-cost a")
    page.wait_for_url(re.compile(r"order=-cost"))
    costs = [catalogue[s].cost.total for s in slugs_of(page, TABLE_ROW_LINK)]
    assert costs == sorted(costs, reverse=True)
    expect(page.locator("th.col-cost")).to_have_attribute("aria-sort", "descending")
    shot(page, "catalogue-table")

    # Open a card page: its rules text is there and its image has loaded.
    first = slugs_of(page, TABLE_ROW_LINK)[0]
    page.locator(TABLE_ROW_LINK).first.click()
    page.wait_for_url(re.compile(rf"/cards/{first}/$"))
    card = catalogue[first]
    expect(page.locator("h1")).to_have_text(card.name)
    rules = page.locator(".rules-text")
    for keyword in {catalogue.keywords[a.keyword]["name"] for a in card.abilities}:
        expect(rules).to_contain_text(keyword)
    image = page.locator("img.card-image")
    expect(image).to_be_visible()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle())
    assert image.evaluate("img => [img.naturalWidth, img.naturalHeight]") == [375, 525]
    expect(page.locator(".reminders")).to_contain_text("Heal")
    assert_accessible(page, "a card page")
    shot(page, "card-page")

    # A query the parser cannot read explains itself and points to the syntax page.
    page.goto(f"{live_server.url}/cards/")
    page.fill("#id_q", "t:perzon cost<=3")
    page.press("#id_q", "Enter")
    error = page.locator(".query-error")
    expect(error).to_contain_text("nknown type 'perzon'")
    expect(error.locator("mark")).to_have_text("perzon")
    expect(error.locator("a[href='/cards/syntax/']")).to_be_visible()
    assert_accessible(page, "the catalogue with a query error")
    shot(page, "catalogue-error")
    assert csp_errors == []


def test_phone_layout_collapses_the_grid(page, live_server, media, cards):
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/cards/?q=t:hero")
    boxes = [page.locator(GRID_LINK).nth(i).bounding_box() for i in range(2)]
    assert boxes[0]["width"] < 390 / 2  # two columns on a phone
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing overflows sideways
    assert_accessible(page, "the catalogue on a phone")
    shot(page, "catalogue-phone")
