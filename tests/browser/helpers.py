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


def load_the_catalogue():
    """The catalogue and the starter decks in the live server's database, with every cache emptied."""
    from django.core.cache import cache
    from django.core.management import call_command

    from cards.catalogue import clear_cache

    call_command("load_catalogue", verbosity=0)
    call_command("load_starter_decks", verbosity=0)
    clear_cache()
    cache.clear()
