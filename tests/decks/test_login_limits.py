"""Login limits (issue 31): guessing is limited per account and client, the account is slowed rather than locked, and
a stranger hammering an account can never stop its owner logging in from their own client, on any login path.

Time passing is the module's clock set some seconds after a failure on record (login_limits.now), never a sleep.
"""
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import User
from django.db.models import Max, Min
from django.test import Client
from rest_framework.test import APIClient

from cataclysm_site import login_limits

pytestmark = pytest.mark.django_db

PASSWORD = "alice-pass-123"
STRANGER, OWNER = "198.51.100.7", "203.0.113.9"
LIMIT = 5
COOL_OFF = 15 * 60


@pytest.fixture(autouse=True)
def _limits(settings):
    settings.AXES_FAILURE_LIMIT = LIMIT
    settings.AXES_COOLOFF_TIME = timedelta(seconds=COOL_OFF)
    settings.LOGIN_CLIENT_FAILURE_LIMIT = 20
    settings.LOGIN_ACCOUNT_DELAY_AFTER = 5
    settings.LOGIN_ACCOUNT_DELAY_CAP = 60
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "login": "1000/min"}}  # the login limits, not the rate
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast: the tests count, not time


@pytest.fixture
def alice(db):
    """The owner, a superuser: the admin's login is hers too."""
    return User.objects.create_superuser("alice", email="alice@example.org", password=PASSWORD)


@pytest.fixture
def bob(db):
    return User.objects.create_user("bob", password="bob-pass-456")


@pytest.fixture
def clock(monkeypatch):
    """Set the login limits' clock `seconds` after the latest failure on record (or the earliest, with Min)."""
    def set_clock(seconds: float, anchor=Max):
        instant = AccessAttempt.objects.aggregate(at=anchor("attempt_time"))["at"] + timedelta(seconds=seconds)
        monkeypatch.setattr(login_limits, "now", lambda: instant)
    return set_clock


def form_login(username: str, password: str, address: str = STRANGER):
    """Log in through the HTML form, from a client of its own at `address`; return the response."""
    return Client(REMOTE_ADDR=address).post("/accounts/login/", {"username": username, "password": password})


def admin_login(username: str, password: str, address: str = STRANGER):
    return Client(REMOTE_ADDR=address).post("/admin/login/", {"username": username, "password": password})


def token_login(username: str, password: str, address: str = STRANGER):
    return APIClient(REMOTE_ADDR=address).post("/api/auth/token/", {"username": username, "password": password},
                                               format="json")


PATHS = [form_login, admin_login, token_login]
PATH_IDS = ["form", "admin", "token"]


def logged_in(response) -> bool:
    return response.status_code == 302 or (response.status_code == 200 and "token" in response.json())


def refused(response) -> int:
    """The Retry-After of a refused login (429 with the login limits' message), else 0."""
    if response.status_code != 429:
        return 0
    text = response.content.decode()
    assert "failed logins" in text and response["Retry-After"].isdigit()
    return int(response["Retry-After"])


def hammer(username: str, times: int, address: str = STRANGER):
    """Wrong passwords for `username` from `address`, in turn on the form, the admin's login and the token endpoint."""
    return [PATHS[n % 3](username, f"guess-{n}", address) for n in range(times)]


@pytest.mark.parametrize("login", PATHS, ids=PATH_IDS)
def test_a_stranger_hammering_an_account_cannot_stop_its_owner_logging_in_from_her_own_client(alice, login):
    hammer("alice", 20)
    assert logged_in(login("alice", PASSWORD, address=OWNER))  # at once, with her password


def test_the_owner_logs_in_on_every_path_however_many_addresses_hammer_her_account(alice):
    for n in range(40):
        hammer("alice", 6, address=f"192.0.2.{n + 1}")
    assert [logged_in(login("alice", PASSWORD, address=OWNER)) for login in PATHS] == [True] * 3


@pytest.mark.parametrize("login", PATHS, ids=PATH_IDS)
def test_the_limit_th_wrong_password_locks_the_account_from_that_client_only(alice, login):
    answers = [login("alice", f"guess-{n}") for n in range(LIMIT)]
    assert [refused(answer) for answer in answers] == [0] * (LIMIT - 1) + [COOL_OFF]
    assert refused(login("alice", PASSWORD)) and not logged_in(login("alice", PASSWORD))  # even the right one
    assert logged_in(login("alice", PASSWORD, address=OWNER))


def test_the_stranger_is_told_the_time_actually_left(alice, clock):
    assert refused(hammer("alice", LIMIT)[-1])
    locked_at = AccessAttempt.objects.get().attempt_time
    assert all(refused(answer) for answer in hammer("alice", 15))
    assert AccessAttempt.objects.get().attempt_time == locked_at  # tries meanwhile do not prolong the lock
    clock(0)
    assert refused(form_login("alice", PASSWORD)) == COOL_OFF
    clock(5 * 60)
    for login in PATHS:
        answer = login("alice", PASSWORD)
        assert refused(answer) == 10 * 60 and "10 minutes" in answer.content.decode()
    clock(COOL_OFF - 30)
    answer = token_login("alice", PASSWORD)
    assert refused(answer) == 30 and "30 seconds" in answer.json()["message"]
    assert answer.json()["code"] == login_limits.LOGIN_LOCKED
    clock(COOL_OFF)
    assert logged_in(form_login("alice", PASSWORD))  # the lock has lifted


def test_a_refused_login_is_refused_before_any_password_is_hashed(alice, monkeypatch):
    hammer("alice", LIMIT)
    hashed = []
    original = ModelBackend.authenticate
    monkeypatch.setattr(ModelBackend, "authenticate",
                        lambda self, *args, **kwargs: hashed.append(1) or original(self, *args, **kwargs))
    assert all(refused(answer) for answer in hammer("alice", 20))
    assert hashed == []


def test_many_addresses_slow_the_account_with_a_growing_capped_delay_never_a_lock(alice, clock):
    for n in range(LIMIT + 3):  # eight failures, one from each address: the delay is 2**3 s after the latest
        form_login("alice", "guess", address=f"192.0.2.{n + 1}")
    clock(0)
    assert refused(token_login("alice", "guess", address="192.0.2.1")) == 8  # an address that failed at it waits
    clock(3)
    assert refused(form_login("alice", "guess", address="192.0.2.2")) == 5
    clock(8)
    assert not refused(form_login("alice", "guess", address="192.0.2.2"))  # after the delay, one more try
    for n in range(30):
        form_login("alice", "guess", address=f"192.0.2.{n + 100}")
    clock(0)
    assert refused(form_login("alice", "guess", address="192.0.2.100")) == 60  # capped
    assert logged_in(form_login("alice", PASSWORD, address=OWNER))  # an address with no failure is not delayed


def test_an_ipv6_client_is_its_64_network(alice):
    for n in range(LIMIT):
        form_login("alice", f"guess-{n}", address=f"2001:db8:1:2::{n + 1}")
    assert refused(form_login("alice", PASSWORD, address="2001:db8:1:2:ffff::9"))
    assert logged_in(form_login("alice", PASSWORD, address="2001:db8:1:3::1"))


def test_a_client_guessing_many_accounts_is_locked_for_all_but_no_one_else_is(alice, bob, clock):
    for n in range(20):
        form_login(f"user{n}", "guess")  # one guess at each of twenty accounts, from one address
    clock(60, anchor=Min)
    assert refused(form_login("alice", PASSWORD)) == COOL_OFF - 60  # until the first of the twenty is 15 minutes old
    assert logged_in(form_login("alice", PASSWORD, address=OWNER))
    assert logged_in(token_login("bob", "bob-pass-456", address=OWNER))
    assert APIClient(REMOTE_ADDR=STRANGER).get("/api/ping/").status_code == 200  # the rest of the site is open


@pytest.mark.parametrize("login", [form_login, token_login], ids=["form", "token"])
def test_a_login_clears_its_own_clients_failures_at_the_account_but_not_a_strangers(alice, login, clock):
    hammer("alice", LIMIT)
    login("alice", "typo", address=OWNER)
    assert 0 < refused(login("alice", PASSWORD, address=OWNER)) <= 60  # her typo amid an attack: a short wait
    clock(60)
    assert logged_in(login("alice", PASSWORD, address=OWNER))
    assert not refused(login("alice", "one-more-typo", address=OWNER))  # her failure was cleared: no wait
    assert refused(login("alice", PASSWORD))  # the stranger's lock stays
    assert AccessAttempt.objects.filter(username="alice", ip_address=STRANGER).exists()


@pytest.mark.parametrize("login", [form_login, token_login], ids=["form", "token"])
def test_a_guessers_own_login_clears_neither_their_guesses_at_another_account_nor_their_address(alice, bob, login):
    for n in range(LIMIT - 1):
        login("alice", f"guess-{n}")
    assert logged_in(login("bob", "bob-pass-456"))  # the guesser's own account, from the same address
    assert refused(form_login("alice", "guess-last"))  # their count at alice went on: that made five
