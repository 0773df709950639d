"""Login limits: failed logins per account and per client on every login path, refused before any password is hashed,
with a message and a cool-down; password-reset requests limited alike; everyone else unaffected."""
import re
import time
from datetime import timedelta

import pytest
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import User
from django.core import mail
from rest_framework.test import APIClient

from cataclysm_site import login_limits

pytestmark = pytest.mark.django_db

PASSWORD = "ann-pass-123"
ATTACKER, NEIGHBOUR = "198.51.100.7", "203.0.113.9"
LIMIT = 5


@pytest.fixture(autouse=True)
def _limits(settings):
    settings.AXES_FAILURE_LIMIT = LIMIT
    settings.AXES_COOLOFF_TIME = timedelta(minutes=15)
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast: the tests count, not time


@pytest.fixture
def ann(db):
    return User.objects.create_user("ann", email="ann@example.org", password=PASSWORD)


@pytest.fixture
def bob(db):
    return User.objects.create_user("bob", password="bob-pass-456")


def form_login(username: str, password: str, address: str = ATTACKER):
    """Log in through the HTML form, from a client of its own at `address`; return the response."""
    from django.test import Client

    return Client(REMOTE_ADDR=address).post("/accounts/login/", {"username": username, "password": password})


def admin_login(username: str, password: str, address: str = ATTACKER):
    from django.test import Client

    return Client(REMOTE_ADDR=address).post("/admin/login/", {"username": username, "password": password})


def token_login(username: str, password: str, address: str = ATTACKER):
    return APIClient(REMOTE_ADDR=address).post("/api/auth/token/", {"username": username, "password": password},
                                               format="json")


def logged_in(response) -> bool:
    return response.status_code == 302 or (response.status_code == 200 and "token" in response.json())


def locked(response) -> bool:
    text = response.content.decode()
    return response.status_code == 429 and "Too many failed logins" in text and "15 minutes" in text \
        and int(response["Retry-After"]) == 15 * 60


@pytest.mark.parametrize("login", [form_login, token_login, admin_login], ids=["form", "token", "admin"])
def test_the_limit_th_wrong_password_locks_the_account_and_then_the_right_one_is_refused(ann, login):
    answers = [login("ann", f"guess-{n}") for n in range(LIMIT)]
    assert not any(locked(answer) for answer in answers[:-1])
    assert locked(answers[-1])
    right = login("ann", PASSWORD)
    assert locked(right) and not logged_in(right)


def test_the_token_endpoint_answers_a_locked_login_in_the_api_error_shape(ann):
    for n in range(LIMIT):
        token_login("ann", f"guess-{n}")
    body = token_login("ann", PASSWORD).json()
    assert body["code"] == login_limits.LOGIN_LOCKED and "15 minutes" in body["message"]


def test_a_locked_out_login_is_refused_before_any_password_is_hashed(ann, monkeypatch):
    for n in range(LIMIT):
        form_login("ann", f"guess-{n}")
    hashed = []
    original = ModelBackend.authenticate
    monkeypatch.setattr(ModelBackend, "authenticate",
                        lambda self, *args, **kwargs: hashed.append(1) or original(self, *args, **kwargs))
    for n in range(20):
        assert locked(form_login("ann", f"more-{n}"))
        assert locked(token_login("ann", f"more-{n}", address=f"192.0.2.{n + 1}"))  # per account, from anywhere
    assert hashed == []


def test_the_account_is_limited_from_every_address_and_others_log_in_meanwhile(ann, bob):
    for n in range(LIMIT):
        token_login("ann", f"guess-{n}", address=f"192.0.2.{n + 1}")  # a guess from each of five addresses
    assert locked(form_login("ann", PASSWORD, address=NEIGHBOUR))
    assert logged_in(form_login("bob", "bob-pass-456", address=NEIGHBOUR))
    assert logged_in(token_login("bob", "bob-pass-456", address=NEIGHBOUR))
    assert APIClient(REMOTE_ADDR=ATTACKER).get("/api/ping/").status_code == 200  # the rest of the site is open


def test_a_client_guessing_many_accounts_is_limited_but_not_the_accounts_elsewhere(ann, bob):
    for n in range(LIMIT):
        form_login(f"user{n}", "guess")  # five accounts, one guess each, from one address
    assert locked(form_login("ann", PASSWORD))  # that address is cooling down, whatever the account
    assert logged_in(form_login("ann", PASSWORD, address=NEIGHBOUR))  # the account itself is not locked


def test_the_lockout_lifts_after_the_cool_down(ann, settings):
    settings.AXES_COOLOFF_TIME = timedelta(seconds=1)
    for n in range(LIMIT):
        form_login("ann", f"guess-{n}")
    assert form_login("ann", PASSWORD).status_code == 429
    time.sleep(1.2)
    assert logged_in(form_login("ann", PASSWORD))


@pytest.mark.parametrize("login", [form_login, token_login], ids=["form", "token"])
def test_a_successful_login_clears_the_accounts_failures_before_it(ann, login):
    for n in range(LIMIT - 1):
        login("ann", f"typo-{n}", address=f"192.0.2.{n + 1}")
    assert logged_in(login("ann", PASSWORD, address=NEIGHBOUR))
    assert not locked(login("ann", "one-more-typo", address=NEIGHBOUR))


@pytest.mark.parametrize("login", [form_login, token_login], ids=["form", "token"])
def test_a_guessers_own_login_clears_neither_their_guesses_at_another_account_nor_their_address(ann, bob, login):
    for n in range(LIMIT - 1):
        login("ann", f"guess-{n}")
    assert logged_in(login("bob", "bob-pass-456"))  # the guesser's own account, from the same address
    assert locked(form_login("ann", "guess-last", address=NEIGHBOUR))  # ann's count went on: that made five
    assert locked(form_login("someone", "guess", address=ATTACKER))  # and so did the address's


# --- password resets -----------------------------------------------------------------------------------------------

def reset_link(message) -> str:
    return re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", message.body).group(1)


def test_password_reset_requests_are_limited_per_address_on_the_form_and_the_api(ann):
    from django.test import Client

    answers = [Client(REMOTE_ADDR=f"192.0.2.{n + 1}").post("/accounts/password_reset/", {"email": "ann@example.org"})
               for n in range(LIMIT)]
    assert [answer.status_code for answer in answers] == [302] * LIMIT and len(mail.outbox) == LIMIT
    refused = Client(REMOTE_ADDR=NEIGHBOUR).post("/accounts/password_reset/", {"email": "ann@example.org"})
    assert refused.status_code == 429 and "Too many password-reset requests" in refused.content.decode()
    api = APIClient(REMOTE_ADDR=NEIGHBOUR).post("/api/auth/password-reset/", {"email": "ann@example.org"},
                                                format="json")
    assert api.status_code == 429 and api.json()["code"] == login_limits.RESET_LIMITED and int(api["Retry-After"]) > 0
    assert len(mail.outbox) == LIMIT


def test_password_reset_requests_are_limited_per_client(ann):
    client = APIClient(REMOTE_ADDR=ATTACKER)
    answers = [client.post("/api/auth/password-reset/", {"email": f"someone{n}@example.org"}, format="json")
               for n in range(LIMIT + 1)]
    assert [answer.status_code for answer in answers] == [202] * LIMIT + [429]
    other = APIClient(REMOTE_ADDR=NEIGHBOUR).post("/api/auth/password-reset/", {"email": "ann@example.org"},
                                                  format="json")
    assert other.status_code == 202


def test_a_completed_password_reset_lifts_the_accounts_cool_down(ann):
    from django.test import Client

    for n in range(LIMIT):
        token_login("ann", f"guess-{n}", address=f"192.0.2.{n + 1}")
    owner = Client(REMOTE_ADDR=NEIGHBOUR)
    assert locked(owner.post("/accounts/login/", {"username": "ann", "password": PASSWORD}))
    owner.post("/accounts/password_reset/", {"email": "ann@example.org"})
    confirm_url = owner.get(reset_link(mail.outbox[-1])).url
    done = owner.post(confirm_url, {"new_password1": "brand-new-pass-77", "new_password2": "brand-new-pass-77"})
    assert done.status_code == 302
    assert logged_in(owner.post("/accounts/login/", {"username": "ann", "password": "brand-new-pass-77"}))
