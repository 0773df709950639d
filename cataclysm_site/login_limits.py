"""Limits on guessing passwords that never hand a stranger a way to keep an account's owner out.

The old limits locked an account on every path, from everywhere, after 5 failures from anywhere: anyone could lock
anyone out, the superuser too, and keep them out with ~10 requests every 15 minutes (issue 31). OWASP's advice is
followed instead: lock the pair (account, client), slow the account with growing delays rather than a lock, and never
let what strangers sent limit the owner. Three limits, each refusing a login *before* any password is hashed
(LoginLimitBackend comes first in AUTHENTICATION_BACKENDS):

- The pair (account, client): after DJANGO_LOGIN_FAILURE_LIMIT (5) failed logins for one username from one client
  within DJANGO_LOGIN_COOLOFF_SECONDS (15 minutes), that client may not try that account again until enough of its
  failures are that old. What one client sends locks nothing for any other client, so the owner, from their own
  client, is never refused for what a stranger sent.
- The client, across accounts: after DJANGO_LOGIN_CLIENT_FAILURE_LIMIT (20) failures from one client, whatever the
  usernames (credential stuffing: one password tried on many accounts), it may not log in to any account. Only what
  that client sent counts, so no one else's client is locked (people behind one shared address share its count,
  hence a limit four times the pair's).
- The account, across clients: a stranger with many addresses would get 5 tries at each. So once an account has
  DJANGO_LOGIN_ACCOUNT_DELAY_AFTER (5) failures in the window, from any clients, a client that has itself failed at
  that account waits, after the account's latest failure, 1 s, doubling with each further failure and capped at
  DJANGO_LOGIN_ACCOUNT_DELAY_CAP_SECONDS (60): a delay, never a lock. A client with no failure of its own there is not
  delayed (its try is hashed), so the owner's right password from their own client logs them in at once however hard
  the account is hammered, and a typo of theirs costs them at most the cap. The price, paid knowingly: an attacker
  gets one try per address they hold per window, the delay metering the rest. An IPv6 client is its /64 network
  (login_client), so that addresses of one's own are not fresh clients.

A refusal answers 429 with Retry-After and a message giving the time actually left, computed from the failure records'
times, and is not itself counted (tries during a lock do not prolong it). The HTML form, the admin's login and the
API's token endpoint all authenticate through Django's authenticate(), so all are counted and refused alike. Failures
are recorded by django-axes in the database, so every server process sees the same counts: one row per username,
client and user agent, stamped with its latest failure, whose failures leave the window DJANGO_LOGIN_COOLOFF_SECONDS
later. A successful login clears its own pair's failures (the owner's typos from where they logged in), never a
stranger's at the same account nor the client's at other accounts; a completed password reset clears all the
account's failures, its owner having proved who they are through their mailbox.
"""
from __future__ import annotations

import ipaddress
import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from operator import itemgetter

from axes.backends import AxesStandaloneBackend
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from axes.utils import reset as reset_login_failures
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from rest_framework.throttling import BaseThrottle

LOGIN_LOCKED = "login_locked"


def now() -> datetime:
    """The limits' clock (one place, so that tests can move it)."""
    return timezone.now()


def cool_off() -> timedelta:
    return settings.AXES_COOLOFF_TIME


def client_ip(request: HttpRequest) -> str:
    """Return the client's address as the API's rate limits see it (DJANGO_NUM_PROXIES decides whom to trust)."""
    return BaseThrottle().get_ident(request)


def login_client(request: HttpRequest) -> str:
    """The client the limits count: its address, or for IPv6 its /64 network (one subscriber's; written as that
    network's first address, which the database stores as any other)."""
    address = client_ip(request)
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:  # not an address (a proxy's header misread): the connection's own address
        return request.META.get("REMOTE_ADDR") or "0.0.0.0"
    if parsed.version == 6:
        if parsed.ipv4_mapped:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False).network_address)
    return str(parsed)


@dataclass(frozen=True)
class Refusal:
    """Why a login may not be tried now, and for how many more seconds."""

    seconds: float
    reason: str  # with {wait} for the time left

    @property
    def retry_after(self) -> int:
        return max(1, math.ceil(self.seconds))

    @property
    def message(self) -> str:
        return self.reason.format(wait=wait_message(self.retry_after))


def wait_message(seconds: float) -> str:
    """'40 seconds', '1 minute', '10 minutes': a short wait in seconds, a longer one in whole minutes, rounded up."""
    seconds = math.ceil(seconds)
    count, unit = (seconds, "second") if seconds < 60 else (math.ceil(seconds / 60), "minute")
    return f"{count} {unit}{'s' if count != 1 else ''}"


def _lock_left(rows: list[tuple[int, datetime]], limit: int) -> float:
    """Seconds until fewer than `limit` failures are left in the window (each row's leave `cool_off` after its time);
    0 if there are already fewer."""
    total, left = sum(failures for failures, _ in rows), 0.0
    for failures, at in sorted(rows, key=itemgetter(1)):
        if total < limit:
            break
        total -= failures
        left = (at + cool_off() - now()).total_seconds()
    return left


def _delay_left(rows: list[tuple[int, datetime]]) -> float:
    """Seconds left of the account's delay: 2**(failures past the threshold) after its latest failure, capped."""
    beyond = sum(failures for failures, _ in rows) - settings.LOGIN_ACCOUNT_DELAY_AFTER
    if beyond < 0:
        return 0.0
    delay = min(settings.LOGIN_ACCOUNT_DELAY_CAP, 2 ** min(beyond, 30))
    latest = max(at for _, at in rows)
    return max(0.0, (latest + timedelta(seconds=delay) - now()).total_seconds())


def refusal(request: HttpRequest, username: str | None, *, delays: bool = True) -> Refusal | None:
    """Whether this client may try to log in to `username` now: None, or the first limit that refuses it."""
    client = login_client(request)
    rows = AccessAttempt.objects.filter(Q(username=username) | Q(ip_address=client), attempt_time__gt=now() - cool_off())
    rows = list(rows.values_list("username", "ip_address", "failures_since_start", "attempt_time"))
    pair = [(failures, at) for name, ip, failures, at in rows if name == username and ip == client]
    left = _lock_left(pair, settings.AXES_FAILURE_LIMIT)
    if left > 0:
        return Refusal(left, "Too many failed logins for this account from your address: logging in to it from here "
                             "is paused for {wait}. A password reset by e-mail lets its owner in at once.")
    from_client = [(failures, at) for _, ip, failures, at in rows if ip == client]
    left = _lock_left(from_client, settings.LOGIN_CLIENT_FAILURE_LIMIT)
    if left > 0:
        return Refusal(left, "Too many failed logins from your address: logging in from here is paused for {wait}.")
    if delays and pair:
        left = _delay_left([(failures, at) for name, _, failures, at in rows if name == username])
        if left > 0:
            return Refusal(left, "Too many failed logins for this account lately, from several addresses: try it "
                                 "again from here in {wait}.")
    return None


class LoginLimitBackend(AxesStandaloneBackend):
    """Refuse a login that a limit holds back, before the next backend hashes anything.

    A login without a request (`manage.py` scripts, the test client's `login()`) comes from no client, so it is not
    limited; every login over the network passes its request.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


class LoginLimitHandler(AxesDatabaseHandler):
    """Axes' database handler with this module's limits in place of axes' own test. A success clears the failures of
    its own pair (account, client) only: settings.AXES_LOCKOUT_PARAMETERS names that pair for axes."""

    def is_locked(self, request, credentials=None) -> bool:
        request.login_refusal = refusal(request, get_client_username(request, credentials))
        return request.login_refusal is not None

    def user_login_failed(self, sender, credentials, request=None, **kwargs):
        """Record the failure (axes); if it completes a lock, answer this very try with the lock."""
        super().user_login_failed(sender, credentials, request, **kwargs)
        if request is None or getattr(request, "login_refusal", None) is not None:
            return  # refused before any password was checked: nothing was recorded
        request.login_refusal = refusal(request, get_client_username(request, credentials), delays=False)
        if request.login_refusal is not None:
            request.axes_locked_out, request.axes_credentials = True, credentials


def lockout_response(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    """Answer a refused login: the API's error shape under /api/, else the login page with the message; 429."""
    found = (getattr(request, "login_refusal", None) or refusal(request, get_client_username(request, credentials))
             or Refusal(1, "Too many failed logins: try again in {wait}."))  # a lock that ran out meanwhile
    if request.path.startswith("/api/"):
        response = JsonResponse({"code": LOGIN_LOCKED, "message": found.message}, status=429)
    else:
        response = render(request, "registration/login.html",
                          {"form": AuthenticationForm(request), "locked": found.message}, status=429)
    response["Retry-After"] = str(found.retry_after)
    return response


def clear_own_failures(request: HttpRequest, user) -> None:
    """Forget the failures at this account from this client: its owner has just logged in from it (the token
    endpoint's authenticate() sends no logged-in signal, so it calls this itself)."""
    reset_login_failures(username=user.get_username(), ip=login_client(request))


def clear_account_failures(user) -> None:
    """Forget every failed login at an account, from any client: its owner has proved who they are through the
    e-mailed link of a password reset."""
    reset_login_failures(username=user.get_username())
