"""The collection in a real headless Chromium on a phone: record cards on the card page and the checklist, import
with a mistake, see a deck's missing cards, and limit the deckbuilder to what I own."""
import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from decks import selectors, services
from tests.browser.axe import assert_accessible
from tests.browser.helpers import PHONE, errors_on, fits_the_phone, log_in_as

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_record_my_collection_and_see_it_in_decks_and_the_deckbuilder(page, live_server, media, cards):
    ann = User.objects.create_user("ann", password="ann-pass-123")
    deck = services.deck_create(owner=ann, name="Veylan list", hero="dr-veylan",
                                counts={"kalen-vos": 3, "arc-gallery": 2})
    errors = errors_on(page, csp=True)
    page.set_viewport_size(PHONE)
    base = live_server.url
    log_in_as(page, base, "ann", "ann-pass-123")

    page.goto(f"{base}/cards/kalen-vos/")
    page.fill("#owned-count", "2")
    page.click("#own-control button")
    expect(page.locator(".messages")).to_contain_text("You own 2 × Kalen Vos.")
    expect(page.locator("#owned-count")).to_have_value("2")

    page.goto(f"{base}/collection/?faction=atlantean-fanatic")
    fits_the_phone(page)
    page.fill("input[name=count-dr-veylan]", "1")
    page.fill("input[name=count-kalen-vos]", "150")
    page.click("#checklist button[type=submit]")
    expect(page.locator("#checklist-errors")).to_contain_text("Kalen Vos: “150” is not a number of copies")
    page.fill("input[name=count-kalen-vos]", "2")
    page.click("#checklist button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Saved: you own 3 copies of 2")

    page.fill("#id_text", "1 Arc Gallery\n1 Arc Galery")
    page.click("#import-form button[type=submit]")
    expect(page.locator("#import-problems")).to_contain_text("Did you mean Arc Gallery?")
    fits_the_phone(page)
    assert_accessible(page, "the collection with an import's problems")
    page.fill("#id_text", "1 Arc Gallery")
    page.click("#import-form button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Imported 1 copies of 1 card(s)")
    assert selectors.collection_counts(ann) == {"kalen-vos": 2, "dr-veylan": 1, "arc-gallery": 1}

    page.goto(f"{base}/decks/{deck.pk}/")
    expect(page.locator("#ownership")).to_contain_text("You own 3/5 — missing: 1 Arc Gallery, 1 Kalen Vos.")
    expect(page.locator(".deck-rows .lacking")).to_have_count(2)
    fits_the_phone(page)

    page.goto(f"{base}/decks/{deck.pk}/edit/")
    expect(page.locator("#deck-groups .lacking")).to_have_count(2)
    page.check("#owned-only")
    expect(page.locator("#card-results .card-row")).to_have_count(2)  # Kalen Vos and Arc Gallery: Veylan is a Hero
    expect(page.locator("#card-results .owned-count").first).to_contain_text("own")
    assert not errors, errors
