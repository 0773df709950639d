"""Accounts in a real headless Chromium on a phone: reset a forgotten password by e-mail, delete the account."""
import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from playwright.sync_api import expect

from decks import services
from decks.models import Deck, Visibility
from tests.browser.axe import assert_accessible
from tests.browser.helpers import PHONE, fits_the_phone, log_in_as

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_reset_a_forgotten_password_by_email_on_a_phone(page, live_server, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    User.objects.create_user("ann", email="ann@example.org", password="old-pass-123")
    page.set_viewport_size(PHONE)
    base = live_server.url

    page.goto(f"{base}/accounts/login/")
    page.click("text=Forgot your password?")
    page.fill("#id_email", "not an address")
    page.click("form.stack button[type=submit]")
    expect(page.locator(".form-error")).to_contain_text("Enter a valid email address.")
    fits_the_phone(page)
    assert_accessible(page, "the password reset form with an error")
    page.fill("#id_email", "ann@example.org")
    page.click("form.stack button[type=submit]")
    expect(page.locator("#reset-sent")).to_contain_text("Check your e-mail")

    link = re.search(r"https?://\S+/accounts/reset/\S+/", mail.outbox[0].body).group(0)
    page.goto(link)
    page.fill("#id_new_password1", "brand-new-pass-77")
    page.fill("#id_new_password2", "brand-new-pass-78")
    page.click("form.stack button[type=submit]")
    expect(page.locator(".form-error")).to_contain_text("didn’t match")
    page.fill("#id_new_password1", "brand-new-pass-77")
    page.fill("#id_new_password2", "brand-new-pass-77")
    page.click("form.stack button[type=submit]")
    expect(page.locator("#reset-complete")).to_be_visible()
    fits_the_phone(page)

    expect(page.locator("text=Log in with it")).to_be_visible()
    log_in_as(page, base, "ann", "brand-new-pass-77")


def test_delete_the_account_keeping_public_decks_anonymised(page, live_server, cards):
    ann = User.objects.create_user("ann", password="ann-pass-123")
    public = services.deck_create(owner=ann, name="Shared list", hero="dr-veylan", counts={"kalen-vos": 3},
                                  visibility=Visibility.PUBLIC)
    services.deck_create(owner=ann, name="Secret list", hero="dr-veylan", counts={"kalen-vos": 3})
    page.set_viewport_size(PHONE)
    base = live_server.url
    log_in_as(page, base, "ann", "ann-pass-123")
    page.click(".menu-toggle")   # on a phone the account's links are in the header's menu
    page.click(".account .who")
    page.click("#delete-account-link")
    page.fill("#id_password", "wrong-pass")
    page.click("#delete-account-form button[type=submit]")
    expect(page.locator("#password-error")).to_have_text("That is not your password; nothing was deleted.")
    expect(page.locator("#public_decks-error")).to_contain_text("Choose whether your public decks stay")
    fits_the_phone(page)
    assert_accessible(page, "the account deletion form with errors")
    page.fill("#id_password", "ann-pass-123")
    page.check("input[name=public_decks][value=keep]")
    page.click("#delete-account-form button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Your account and 1 deck(s) are deleted; 1 public deck(s) stay")
    expect(page.locator(".account")).to_contain_text("Log in")

    page.goto(f"{base}/decks/{public.pk}/")
    expect(page.locator(".deck-byline")).to_contain_text("by [deleted]")
    assert list(Deck.objects.values_list("name", flat=True)) == ["Shared list"]
