"""Limits on guessing passwords: failed logins per account and per client, and password-reset requests.

Failed logins are counted by django-axes, in the database (so every server process sees the same counts): after
DJANGO_LOGIN_FAILURE_LIMIT failures (settings.AXES_FAILURE_LIMIT) for one username, or from one client address,
further logins of that account, or from that address, are refused for the cool-down, *before* any password is hashed
(LoginLimitBackend comes first in AUTHENTICATION_BACKENDS). The HTML form, the admin's login and the API's token
endpoint all authenticate through Django's `authenticate()`, so all of them are counted and refused alike. A refused
login answers 429 with a message that says how long to wait; other accounts, from other addresses, log in as usual,
and nothing else on the site is limited by it.

Password-reset requests are limited the same way, per address asked for and per client, in the cache that every
process shares in production (each may send an e-mail). A completed password reset lifts its account's cool-down: the
owner has proved who they are.
"""
from __future__ import annotations

import hashlib
import math
from datetime import timedelta

from axes.backends import AxesStandaloneBackend
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_cool_off
from axes.utils import reset as reset_login_failures
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from rest_framework.throttling import BaseThrottle

LOGIN_LOCKED = "login_locked"
RESET_LIMITED = "reset_limited"
RESET_LIMITED_MESSAGE = "Too many password-reset requests for this address or from your address."


class LoginLimitBackend(AxesStandaloneBackend):
    """Refuse a login while its account or its client is cooling down, before the next backend hashes anything.

    A login without a request (`manage.py` scripts, the test client's `login()`) comes from no client, so it is not
    limited; every login over the network passes its request.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


class LoginLimitHandler(AxesDatabaseHandler):
    """Count failures in the database, as axes does; a successful login clears its own account's failures only.

    Axes would also clear every failure from the address it came from: a guesser could then log in to an account of
    their own after every few guesses at someone else's, and never reach either limit.
    """

    def reset_user_attempts(self, request, credentials=None) -> int:
        return self.reset_attempts(username=get_client_username(request, credentials))


def client_ip(request: HttpRequest) -> str:
    """Return the client's address as the API's rate limits see it (DJANGO_NUM_PROXIES decides whom to trust)."""
    return BaseThrottle().get_ident(request)


def cool_off_seconds(request: HttpRequest | None = None) -> int:
    cool_off = get_cool_off(request) or timedelta(0)
    return int(cool_off.total_seconds())


def wait_message(seconds: float) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


def login_locked_message(request: HttpRequest | None = None) -> str:
    return (f"Too many failed logins for this account or from your address. Logging in is paused for "
            f"{wait_message(cool_off_seconds(request))}; a password reset by e-mail lets the account's owner in "
            f"at once.")


def lockout_response(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    """Answer a refused login: the API's error shape under /api/, else the login page with the message; 429."""
    message = login_locked_message(request)
    if request.path.startswith("/api/"):
        response = JsonResponse({"code": LOGIN_LOCKED, "message": message}, status=429)
    else:
        response = render(request, "registration/login.html",
                          {"form": AuthenticationForm(request), "locked": message}, status=429)
    response["Retry-After"] = str(cool_off_seconds(request))
    return response


def reset_request_wait(request: HttpRequest, email: str) -> int:
    """Count a password-reset request; return 0 if it may go ahead, else the seconds until one may.

    At most LOGIN_FAILURE_LIMIT requests per address and per client within a cool-down (each request may mail the
    address): the same numbers as failed logins.
    """
    window = cool_off_seconds(request) or 1
    address = hashlib.sha256(email.strip().lower().encode()).hexdigest()
    keys = [f"login-limits:reset:address:{address}", f"login-limits:reset:client:{client_ip(request)}"]
    counts = [count_in_window(key, window) for key in keys]
    return window if max(counts) > settings.AXES_FAILURE_LIMIT else 0


def count_in_window(key: str, window: int) -> int:
    """Add one to a counter that starts afresh `window` seconds after its first count; return the new count."""
    if cache.add(key, 1, window):
        return 1
    try:
        return cache.incr(key)
    except ValueError:  # expired between the two calls: this is the first count of a new window
        cache.set(key, 1, window)
        return 1


def clear_account_failures(user) -> None:
    """Forget an account's failed logins (and so lift its cool-down): its owner has just proved who they are, with
    the password (a token request) or through the e-mailed link of a password reset."""
    reset_login_failures(username=user.get_username())
