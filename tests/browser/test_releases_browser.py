"""Releases in a real headless Chromium (issue 32): a designer publishes the draft from the staff page — first
told there is nothing to publish, then, once a card is edited, giving its reason and landing on the new release's
patch notes — and the site's header stays one line on a laptop for a signed-in designer."""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from cards.models import Release
from tests.browser.helpers import LAPTOP, PHONE, fits_the_phone, log_in_as
from tests.cards.test_releases import edit_an_amount

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "designer-pass-5173"


@pytest.fixture
def designer(transactional_db, media, catalogue):
    """The catalogue (Playtest 1.0 current) and a staff account, in the live server's database."""
    name = "dana-the-designer"  # a long name: the header cuts it short rather than wrap
    get_user_model().objects.create_user(name, password=PASSWORD, is_staff=True)
    return name


def test_a_designer_publishes_the_edited_draft_with_a_reason_and_reads_its_patch_notes(page, live_server, designer):
    page.set_viewport_size(LAPTOP)
    log_in_as(page, live_server.url, designer, PASSWORD)
    page.goto(f"{live_server.url}/releases/")
    page.get_by_role("link", name="Publish the draft").click()
    expect(page.locator(".nothing-to-publish")).to_contain_text("Nothing to publish.")
    expect(page.locator(".publish-button")).to_have_count(0)

    slug, old, new = edit_an_amount()  # a designer's edit in the admin: the draft now differs
    page.reload()
    change = page.locator(f"#change-{slug}")
    expect(change.locator(".change-fields")).to_contain_text(f"{old} → {new}")
    for face in ("img.face-before", "img.face-after"):  # both faces drawn
        assert change.locator(face).evaluate("img => img.complete && img.naturalWidth > 0")
    change.locator("textarea").fill(f"Too weak at {old}.")
    page.fill("#id_name", "Playtest 1.1")
    page.fill("#id_notes", "Round two.")
    page.click(".publish-button")

    page.wait_for_url(f"{live_server.url}/releases/playtest-1-1/")
    expect(page.locator(f"#change-{slug} .reason")).to_contain_text(f"Too weak at {old}.")
    expect(page.locator("h1")).to_contain_text("Playtest 1.1")
    assert Release.objects.get(current=True).slug == "playtest-1-1"


def test_the_header_stays_one_line_on_a_laptop_for_a_signed_in_designer_and_folds_on_a_phone(page, live_server,
                                                                                               designer):
    page.set_viewport_size(LAPTOP)
    log_in_as(page, live_server.url, designer, PASSWORD)
    page.goto(f"{live_server.url}/releases/")
    header = page.locator(".site-header")
    line = page.locator(".site-nav a").first.bounding_box()["height"]
    assert header.bounding_box()["height"] < 2.5 * line + 24, "the header wraps onto a second line at 1366 px"
    tops = {round(box["y"]) for box in (page.locator(sel).last.bounding_box() for sel in (
        ".brand", ".site-nav a", ".quick-search input", ".account .who", ".account button"))}
    assert max(tops) - min(tops) < line, f"the header's parts are not on one line: tops {sorted(tops)}"
    assert page.evaluate("document.documentElement.scrollWidth") <= LAPTOP["width"]

    page.set_viewport_size(PHONE)
    page.reload()
    fits_the_phone(page)
    page.click(".menu-toggle")
    expect(page.locator(".account .who")).to_be_visible()
    expect(page.locator(".site-nav a[href='/releases/']")).to_be_visible()
    fits_the_phone(page)
