"""Steps the page tests share: log in through the form, and check that a page fits a phone."""
from playwright.sync_api import expect

PHONE = {"width": 390, "height": 844}


def log_in_as(page, base, username, password):
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("form.stack button[type=submit]")
    expect(page.locator(".account .who")).to_have_text(username)


def fits_the_phone(page):
    """Nothing on the page is wider than a 390 px phone (no sideways scrolling)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
