"""Password-reset limits (issue 31): a client may ask only so often, an address is mailed only so often, and nothing
a stranger sends stops the owner getting a working link from their own client. A completed reset lets the owner in.

Time passing is the login limits' clock moved forward (login_limits.now), never a sleep.
"""
import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from cataclysm_site import login_limits, reset_limits

pytestmark = pytest.mark.django_db

STRANGER, OWNER = "198.51.100.7", "203.0.113.9"
WINDOW = 15 * 60


@pytest.fixture(autouse=True)
def _limits(settings):
    settings.AXES_FAILURE_LIMIT = 5
    settings.AXES_COOLOFF_TIME = timedelta(seconds=WINDOW)
    settings.LOGIN_RESET_CLIENT_LIMIT = 5
    settings.LOGIN_RESET_ADDRESS_MAILS = 10
    settings.LOGIN_RESET_ADDRESS_INTERVAL = 60
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def alice(db):
    return User.objects.create_user("alice", email="alice@example.org", password="alice-pass-123")


@pytest.fixture
def later(monkeypatch):
    """Move the limits' clock `seconds` ahead of the time the fixture was set up."""
    start = timezone.now()

    def move(seconds: float):
        monkeypatch.setattr(login_limits, "now", lambda: start + timedelta(seconds=seconds))
    move(0)
    return move


def form_reset(email: str, address: str):
    return Client(REMOTE_ADDR=address).post("/accounts/password_reset/", {"email": email})


def api_reset(email: str, address: str):
    return APIClient(REMOTE_ADDR=address).post("/api/auth/password-reset/", {"email": email}, format="json")


def accepted(response) -> bool:
    return response.status_code in (202, 302)


def reset_link(message) -> str:
    return re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", message.body).group(1)


def choose_password(client: Client, message, password: str):
    confirm_url = client.get(reset_link(message)).url
    return client.post(confirm_url, {"new_password1": password, "new_password2": password})


@pytest.mark.parametrize("reset", [form_reset, api_reset], ids=["form", "api"])
def test_a_stranger_asking_resets_for_an_address_cannot_stop_its_owner_getting_a_working_link(alice, reset):
    for n in range(10):
        (form_reset, api_reset)[n % 2]("alice@example.org", STRANGER)
    before = len(mail.outbox)
    assert accepted(reset("alice@example.org", OWNER))
    assert len(mail.outbox) == before + 1 and mail.outbox[-1].to == ["alice@example.org"]  # her own request's mail
    owner = Client(REMOTE_ADDR=OWNER)
    assert choose_password(owner, mail.outbox[-1], "brand-new-pass-77").status_code == 302
    assert owner.login(username="alice", password="brand-new-pass-77")


def test_strangers_at_many_addresses_do_not_stop_the_owners_mail_either(alice, settings):
    for n in range(settings.LOGIN_RESET_ADDRESS_MAILS - 1):  # past the cap: the next test
        for _ in range(5):
            api_reset("alice@example.org", f"192.0.2.{n + 1}")
    before = len(mail.outbox)
    assert accepted(form_reset("alice@example.org", OWNER)) and len(mail.outbox) == before + 1


def test_one_client_mails_an_address_once_a_window_and_asks_only_so_often(alice, later):
    answers = [api_reset("alice@example.org", STRANGER) for _ in range(5)]
    assert [answer.status_code for answer in answers] == [202] * 5 and len(mail.outbox) == 1  # no mail bombing
    later(5 * 60)
    refused = api_reset("bob@example.org", STRANGER)
    assert refused.status_code == 429 and refused.json()["code"] == reset_limits.RESET_LIMITED
    assert int(refused["Retry-After"]) == 10 * 60  # the time actually left, not the whole window
    page = form_reset("bob@example.org", STRANGER)
    assert page.status_code == 429 and "Try again in 10 minutes" in page.content.decode()
    later(WINDOW - 30)
    assert int(api_reset("bob@example.org", STRANGER)["Retry-After"]) == 30
    later(WINDOW)
    assert accepted(api_reset("alice@example.org", STRANGER)) and len(mail.outbox) == 2  # a new window
    assert accepted(api_reset("someone@example.org", OWNER))  # another client was never limited


def test_past_its_cap_an_address_is_mailed_at_most_once_a_minute_and_the_owner_still_gets_a_link(alice, later):
    for n in range(10):
        api_reset("alice@example.org", f"192.0.2.{n + 1}")
    assert len(mail.outbox) == 10  # the cap: ten mails a window to one address
    later(20)
    assert accepted(form_reset("alice@example.org", OWNER)) and len(mail.outbox) == 10
    assert mail.outbox[-1].to == ["alice@example.org"]  # the newest link in her mailbox works for her
    owner = Client(REMOTE_ADDR=OWNER)
    assert choose_password(owner, mail.outbox[-1], "brand-new-pass-77").status_code == 302
    later(60)
    assert accepted(form_reset("alice@example.org", OWNER)) and len(mail.outbox) == 11  # once the interval is up
    later(70)
    assert accepted(api_reset("alice@example.org", "192.0.2.99")) and len(mail.outbox) == 11  # spaced a minute


def test_a_completed_reset_lifts_the_owners_own_lock(alice):
    owner = Client(REMOTE_ADDR=OWNER)
    for n in range(5):
        owner.post("/accounts/login/", {"username": "alice", "password": f"typo-{n}"})
    assert owner.post("/accounts/login/", {"username": "alice", "password": "alice-pass-123"}).status_code == 429
    assert accepted(form_reset("alice@example.org", OWNER))
    assert choose_password(owner, mail.outbox[-1], "brand-new-pass-77").status_code == 302
    assert owner.post("/accounts/login/", {"username": "alice", "password": "brand-new-pass-77"}).status_code == 302
