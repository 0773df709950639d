"""The deckbuilder in a real headless Chromium: build a legal deck from nothing, save it, export it, keep it private.

Set SCREENSHOT_DIR to keep screenshots of the deckbuilder and the deck page (for a look at the design).
"""
import json
import os
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from cards.catalogue import get_catalogue
from decks import selectors
from decks.management.commands.load_starter_decks import STARTER_FILE, read_starter_decks
from decks.models import Deck, Visibility
from decks.stats import simulate_opening
from tests.browser.axe import assert_accessible
from tests.browser.helpers import LAPTOP, errors_on, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HERO = "dr-veylan"


def shot(page, name):
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def log_in(page, base, username, password):
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("form.stack button[type=submit]")
    page.wait_for_url(re.compile(r"/$|/decks/"))


def add_by_clicking(page, name, copies):
    """Search the catalogue for a card and click its row once per copy."""
    page.fill("#card-query", f'"{name}"')
    row = page.locator("#card-results .card-row", has=page.locator(".card-name", has_text=re.compile(f"^{re.escape(name)}$")))
    expect(row).to_have_count(1)
    for _ in range(copies):
        row.click()
    expect(row.locator(".in-deck-count")).to_have_text(f"×{copies}")


def add_by_keyboard(page, name, copies):
    """Search, move to the card's row and press + once per copy."""
    page.fill("#card-query", f'"{name}"')
    row = page.locator("#card-results .card-row", has=page.locator(".card-name", has_text=re.compile(f"^{re.escape(name)}$")))
    expect(row).to_have_count(1)
    row.focus()
    for _ in range(copies):
        page.keyboard.press("+")
    expect(row.locator(".in-deck-count")).to_have_text(f"×{copies}")


def test_build_a_legal_deck_by_clicking_save_export_and_keep_it_private(page, browser, live_server, media, cards):
    catalogue = get_catalogue()
    User.objects.create_user("ann", password="ann-pass-123")
    User.objects.create_user("ben", password="ben-pass-123")
    wanted = next(d for d in read_starter_decks(STARTER_FILE) if d["hero"] == HERO)["counts"]
    csp_errors = []
    page.on("console", lambda m: csp_errors.append(m.text) if "Content Security Policy" in m.text else None)
    page.set_viewport_size({"width": 1360, "height": 900})
    base = live_server.url

    log_in(page, base, "ann", "ann-pass-123")
    page.goto(f"{base}/decks/new/")
    page.evaluate("localStorage.clear()")
    page.reload()
    expect(page.locator("#validity-badge")).to_contain_text("Invalid")  # an empty deck is not legal

    page.click(f"[data-hero={HERO}]")
    expect(page.locator(f"[data-hero={HERO}]")).to_have_attribute("aria-checked", "true")
    energy = [slug for slug in wanted if catalogue[slug].type == "energy"]
    for slug, copies in wanted.items():
        adder = add_by_keyboard if slug in energy[:1] else add_by_clicking
        adder(page, catalogue[slug].name, copies)

    expect(page.locator("#deck-count strong")).to_have_text("45")
    expect(page.locator("#validity-badge")).to_have_text("Valid")
    expect(page.locator("#errors li")).to_have_count(0)
    assert_accessible(page, "the deckbuilder with a whole deck")
    shot(page, "deckbuilder")

    # Save: the new deck gets its random id in the address bar.
    page.fill("#deck-name", "Browser Sparks")
    page.click("#save-deck")
    expect(page.locator("#save-status")).to_contain_text("Saved as version 1")
    page.wait_for_url(re.compile(r"/decks/[A-Za-z0-9_-]{12,}/edit/$"))
    deck_id = page.url.rstrip("/").split("/")[-2]
    deck = Deck.objects.with_cards().get(pk=deck_id)
    assert (deck.owner.username, deck.name, deck.visibility) == ("ann", "Browser Sparks", Visibility.PRIVATE)
    assert deck.counts() == wanted and selectors.deck_validation(deck).valid

    # Export as text and as a deck code.
    page.click("#open-export")
    output = page.locator("#export-output")
    expect(output).to_have_value(re.compile(r"^Hero: Dr\. Veylan"))
    text = output.input_value()
    for slug, copies in wanted.items():
        assert f"{copies} {catalogue[slug].name}" in text.splitlines()
    page.click("[data-export=code]")
    expect(output).to_have_value(re.compile(r"^[A-Za-z0-9_-]{20,}\s"))
    page.keyboard.press("Escape")

    # The owner's deck page shows it valid.
    page.goto(f"{base}/decks/{deck_id}/")
    expect(page.locator("#validity")).to_have_text("Valid · 45 cards")
    # Deal a hand that mulligans once (the page draws its seed at random; the first deal is steered to one that
    # does), so the faded mulligan row is always there when the page's contrast is checked.
    seed = next(s for s in range(1000) if simulate_opening(catalogue, wanted, seed=s, draws=0)["mulligans"] == 1)
    page.route("**/opening-hand/", lambda route: route.continue_(post_data=json.dumps({"seed": seed, "draws": 0})))
    page.click("#new-hand")
    expect(page.locator("#hand-output .mulligan")).to_have_count(1)
    expect(page.locator("#hand-output .hand-row").last.locator("li")).to_have_count(7)
    expect(page.locator("#hand-info")).to_have_text(f"Seed {seed}")
    page.unroute("**/opening-hand/")
    assert_accessible(page, "the owner's deck page with a sample hand and a mulligan")
    shot(page, "deck-page")

    # Another user, and a visitor, cannot open it while it is private.
    for who in ("ben", None):
        other = new_page(browser)
        if who:
            log_in(other, base, who, f"{who}-pass-123")
        response = other.goto(f"{base}/decks/{deck_id}/")
        assert response.status == 404
        assert "Browser Sparks" not in other.content()
        api = other.request.get(f"{base}/api/decks/{deck_id}/")
        assert api.status == 404
        other.context.close()

    assert csp_errors == []


def test_quick_add_a_line_with_a_typo_and_type_a_count_in_the_box(page, live_server, cards):
    """Fourteen copies in one line (a misspelt name offers the importer's suggestion as one click), then a count box."""
    errors = errors_on(page, console=True)
    page.set_viewport_size(LAPTOP)
    page.goto(f"{live_server.url}/decks/new/")
    expect(page.locator("#fork-deck")).to_be_hidden()   # an unsaved deck has nothing to fork
    page.click(".hero-option[data-hero=elder-maru]")

    page.fill("#quick-add-input", "14 Light Resonanse")
    page.press("#quick-add-input", "Enter")
    suggestion = page.locator("#quick-add-status .suggestion", has_text="Add 14 Light Resonance")
    expect(suggestion).to_be_visible()
    suggestion.click()
    expect(page.locator("#deck-count strong")).to_have_text("14")
    expect(page.locator("#quick-add-status")).to_contain_text("Added 14 Light Resonance.")

    box = page.locator("#deck-groups .deck-card[data-slug=light-resonance] .qty-input")
    box.fill("20")
    box.press("Enter")
    expect(page.locator("#deck-count strong")).to_have_text("20")
    page.locator("#deck-groups .deck-card[data-slug=light-resonance] .qty-input").fill("0")
    page.locator("#deck-groups .deck-card[data-slug=light-resonance] .qty-input").press("Tab")
    expect(page.locator("#deck-count strong")).to_have_text("0")
    assert not errors, errors
