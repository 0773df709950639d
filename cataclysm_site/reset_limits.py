"""Limits on password-reset requests that never let what strangers sent stop the owner getting a working link.

The old limit refused every request for an address after 5 from anywhere, so a stranger asking for someone's address
every few minutes kept its owner from ever resetting (issue 31). Instead, within a window of
DJANGO_LOGIN_COOLOFF_SECONDS (15 minutes, the login limits' window):

- A client (login_limits.login_client) may ask DJANGO_RESET_CLIENT_LIMIT (5) times, for any addresses; past that it
  is answered 429 `reset_limited`, with the time actually left. Only what that client sent counts.
- Only mails are limited per address, never requests: a request that is not mailed is answered as any other (the
  answer never tells whether an account has the address). A client's first request for an address is mailed unless
  the address already had DJANGO_RESET_ADDRESS_MAILS (10) mails in the window; past that cap, one mail every
  DJANGO_RESET_ADDRESS_INTERVAL_SECONDS (60). Later requests from the same client for the same address in the window
  are not mailed (one stranger cannot fill a mailbox).

So the owner, asking from their own client, gets a mail at once, unless ten or more other clients had the address
mailed within the window and one of them within the last minute: then the newest of those mails, under a minute old,
is in the owner's mailbox, and its link works for them (any unused link does, for DJANGO_PASSWORD_RESET_TIMEOUT). A
mail bomb is bounded to 10 mails a window plus one a minute, however many addresses send it.

The counts live in the cache every process shares in production (each process may send a mail); they are a limit,
not a ledger, so two requests racing may both pass.
"""
from __future__ import annotations

import hashlib
import math

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from cataclysm_site import login_limits

RESET_LIMITED = "reset_limited"
RESET_LIMITED_MESSAGE = "Too many password-reset requests from your address."


def window() -> int:
    return int(login_limits.cool_off().total_seconds()) or 1


def request_wait(request: HttpRequest) -> int:
    """Count a reset request from this client; return 0 if it may go ahead, else the seconds until one may."""
    count, start = _count(f"reset-limits:client:{login_limits.login_client(request)}")
    if count <= settings.LOGIN_RESET_CLIENT_LIMIT:
        return 0
    return max(1, math.ceil(start + window() - login_limits.now().timestamp()))


def may_mail(request: HttpRequest, email: str) -> bool:
    """Whether this request's mail to `email` goes out (recorded as sent if so)."""
    address = hashlib.sha256(email.strip().lower().encode()).hexdigest()
    client_key = f"reset-limits:mailed:{address}:{login_limits.login_client(request)}"
    address_key = f"reset-limits:mails:{address}"
    moment, span = login_limits.now().timestamp(), window()
    if (cache.get(client_key) or -math.inf) > moment - span:
        return False  # this client has had this address mailed in the window
    sent = [at for at in cache.get(address_key, []) if at > moment - span]
    if len(sent) >= settings.LOGIN_RESET_ADDRESS_MAILS and moment - max(sent) < settings.LOGIN_RESET_ADDRESS_INTERVAL:
        return False
    cache.set(client_key, moment, span)
    cache.set(address_key, [*sent, moment], span)
    return True


def _count(name: str) -> tuple[int, float]:
    """Add one to the count `name` in its window, which starts at its first count; return the count and that start."""
    moment, span = login_limits.now().timestamp(), window()
    start = cache.get_or_set(f"{name}:start", moment, span)
    if start + span <= moment:  # over, though the cache has not dropped it yet
        start = moment
        cache.set(f"{name}:start", start, span)
    key, timeout = f"{name}:{start}", math.ceil(start + span - moment) + 1
    cache.add(key, 0, timeout)
    try:
        return cache.incr(key), start
    except ValueError:  # dropped between the two calls
        cache.set(key, 1, timeout)
        return 1, start
