"""Accounts beyond sign-up: the password reset by e-mail, the account page and deleting an account."""
import re

import pytest
from django.contrib.auth.models import User
from django.core import mail

from decks import services
from decks.models import Deck, DeckVersion, Visibility

pytestmark = pytest.mark.django_db

VEYLAN = {"kalen-vos": 3, "arc-gallery": 1}


@pytest.fixture(autouse=True)
def _outbox(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def reset_link(message) -> str:
    return re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", message.body).group(1)


# --- password reset ------------------------------------------------------------------------------------------------

def test_a_password_reset_mails_a_link_that_sets_a_new_password_once(client, db):
    User.objects.create_user("ann", email="ann@example.org", password="old-pass-123")
    response = client.post("/accounts/password_reset/", {"email": "ann@example.org"})
    assert response.status_code == 302 and response.url == "/accounts/password_reset/done/"
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["ann@example.org"] and message.subject == "Reset your Cataclysm Codex password"
    assert "Hello ann" in message.body

    form = client.get(reset_link(message), follow=True)
    assert b"Choose a new password" in form.content
    confirm_url = form.redirect_chain[-1][0]
    mismatch = client.post(confirm_url, {"new_password1": "brand-new-pass-77", "new_password2": "other-pass-77"})
    assert mismatch.status_code == 200 and "didn’t match" in mismatch.content.decode()
    done = client.post(confirm_url, {"new_password1": "brand-new-pass-77", "new_password2": "brand-new-pass-77"})
    assert done.status_code == 302 and done.url == "/accounts/reset/done/"
    assert client.login(username="ann", password="brand-new-pass-77")
    client.logout()

    again = client.get(reset_link(message), follow=True)
    assert b"This link does not work" in again.content  # a link works once


def test_a_reset_for_an_unknown_address_looks_the_same_and_sends_nothing(client, db):
    response = client.post("/accounts/password_reset/", {"email": "nobody@example.org"})
    assert response.status_code == 302 and response.url == "/accounts/password_reset/done/"
    assert mail.outbox == []


def test_a_reset_with_a_malformed_address_says_so(client, db):
    response = client.post("/accounts/password_reset/", {"email": "not an address"})
    assert response.status_code == 200 and "Enter a valid email address." in response.content.decode()


def test_email_settings_come_from_the_environment(monkeypatch):
    import importlib

    from cataclysm_site import settings as site_settings

    monkeypatch.delenv("DJANGO_EMAIL_BACKEND", raising=False)
    monkeypatch.delenv("DJANGO_EMAIL_HOST", raising=False)
    assert importlib.reload(site_settings).EMAIL_BACKEND == "django.core.mail.backends.console.EmailBackend"
    monkeypatch.setenv("DJANGO_EMAIL_HOST", "smtp.example.org")
    monkeypatch.setenv("DJANGO_EMAIL_PORT", "465")
    monkeypatch.setenv("DJANGO_EMAIL_USE_SSL", "true")
    reloaded = importlib.reload(site_settings)
    assert reloaded.EMAIL_BACKEND == "django.core.mail.backends.smtp.EmailBackend"
    assert (reloaded.EMAIL_HOST, reloaded.EMAIL_PORT, reloaded.EMAIL_USE_SSL) == ("smtp.example.org", 465, True)
    monkeypatch.delenv("DJANGO_EMAIL_HOST")
    importlib.reload(site_settings)


# --- deleting an account -------------------------------------------------------------------------------------------

@pytest.fixture
def ann_with_decks(catalogue_db):
    ann = User.objects.create_user("ann", password="ann-pass-123")
    decks = {
        visibility: services.deck_create(owner=ann, name=f"Ann {visibility}", hero="dr-veylan", counts=VEYLAN,
                                         visibility=visibility)
        for visibility in Visibility.values
    }
    return ann, decks


def test_the_account_page_counts_the_decks_and_links_to_deletion(client, ann_with_decks):
    ann, _ = ann_with_decks
    client.force_login(ann)
    page = client.get("/accounts/").content.decode()
    assert "3 decks: 1 public, 1 unlisted, 1 private." in page and 'href="/accounts/delete/"' in page


def test_deleting_an_account_keeps_public_decks_anonymised_when_asked(client, ann_with_decks):
    ann, decks = ann_with_decks
    client.force_login(ann)
    response = client.post("/accounts/delete/", {"password": "ann-pass-123", "public_decks": "keep"}, follow=True)
    assert "Your account and 2 deck(s) are deleted; 1 public deck(s) stay, anonymised." in response.content.decode()
    assert not User.objects.filter(username="ann").exists()
    assert set(Deck.objects.values_list("pk", flat=True).filter(name__startswith="Ann")) == {decks["public"].pk}
    kept = Deck.objects.get(pk=decks["public"].pk)
    assert kept.owner.username == "[deleted]" and not kept.owner.is_active and not kept.owner.has_usable_password()
    assert not DeckVersion.objects.filter(deck=kept, author__isnull=False).exists()
    page = client.get(f"/decks/{kept.pk}/").content.decode()
    assert "by [deleted]" in page and "ann" not in re.findall(r"by (\S+)", page)
    assert client.get("/decks/mine/").status_code == 302  # logged out


def test_deleting_an_account_can_take_the_public_decks_too(client, ann_with_decks):
    ann, _ = ann_with_decks
    client.force_login(ann)
    client.post("/accounts/delete/", {"password": "ann-pass-123", "public_decks": "delete"})
    assert not Deck.objects.filter(name__startswith="Ann").exists()
    assert not User.objects.filter(username="ann").exists()


@pytest.mark.parametrize("data, error", [
    ({"password": "wrong-pass", "public_decks": "keep"}, "That is not your password; nothing was deleted."),
    ({"password": "ann-pass-123"}, "Choose whether your public decks stay (anonymised) or go."),
    ({"password": "ann-pass-123", "public_decks": "sell"}, "Select a valid choice."),
])
def test_a_refused_deletion_says_why_and_deletes_nothing(client, ann_with_decks, data, error):
    ann, _ = ann_with_decks
    client.force_login(ann)
    response = client.post("/accounts/delete/", data)
    assert response.status_code == 200 and error in response.content.decode()
    assert User.objects.filter(username="ann").exists() and Deck.objects.filter(owner=ann).count() == 3


def test_deleting_needs_a_login(client, db):
    response = client.get("/accounts/delete/")
    assert response.status_code == 302 and response.url.startswith("/accounts/login/")


def test_the_deleted_author_cannot_log_in_nor_be_signed_up_for(client, ann_with_decks):
    ann, _ = ann_with_decks
    services.anonymise_public_decks(owner=ann)
    assert not client.login(username="[deleted]", password="")
    taken = client.post("/accounts/signup/", {"username": "[deleted]", "password1": "a-long-passphrase-42",
                                               "password2": "a-long-passphrase-42"})
    assert taken.status_code == 200 and User.objects.filter(username="[deleted]").count() == 1


# --- the same through the API --------------------------------------------------------------------------------------

def test_the_api_mails_a_reset_link_and_answers_the_same_for_any_address(db):
    from rest_framework.test import APIClient

    User.objects.create_user("ann", email="ann@example.org", password="old-pass-123")
    api = APIClient()
    known = api.post("/api/auth/password-reset/", {"email": "ann@example.org"}, format="json")
    unknown = api.post("/api/auth/password-reset/", {"email": "nobody@example.org"}, format="json")
    assert known.status_code == unknown.status_code == 202 and known.json() == unknown.json()
    assert [m.to for m in mail.outbox] == [["ann@example.org"]] and "/accounts/reset/" in mail.outbox[0].body
    bad = api.post("/api/auth/password-reset/", {"email": "not an address"}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "invalid"


def test_the_api_deletes_the_account_after_its_password(ann_with_decks):
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    ann, decks = ann_with_decks
    token = Token.objects.create(user=ann)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    wrong = api.post("/api/auth/delete-account/", {"password": "nope", "public_decks": "keep"}, format="json")
    assert wrong.status_code == 400 and wrong.json()["code"] == "wrong_password"
    assert User.objects.filter(username="ann").exists()
    done = api.post("/api/auth/delete-account/", {"password": "ann-pass-123", "public_decks": "delete"}, format="json")
    assert done.json() == {"kept": 0, "deleted": 3}
    assert not Deck.objects.filter(name__startswith="Ann").exists()
    assert api.get("/api/collection/").status_code in (401, 403)  # the token went with the account
    assert APIClient().post("/api/auth/delete-account/", {}, format="json").status_code == 403
