"""API rate limits that read their rates at request time, so an environment or a test can change them.

DRF's own classes copy DEFAULT_THROTTLE_RATES once, at import. Views that are expensive to answer set
`throttle_scope = "expensive"` and are then limited by that scope's rate as well as the per-client ones.
"""
from rest_framework import throttling
from rest_framework.settings import api_settings


class LiveRates:
    """Look the rates up in the current API settings on every request."""

    @property
    def THROTTLE_RATES(self):  # noqa: N802 - the name DRF's SimpleRateThrottle reads
        return api_settings.DEFAULT_THROTTLE_RATES


class AnonRateThrottle(LiveRates, throttling.AnonRateThrottle):
    """Limit anonymous clients per IP address (rate "anon")."""


class UserRateThrottle(LiveRates, throttling.UserRateThrottle):
    """Limit signed-in users per account (rate "user"), anonymous ones per IP address."""


class ScopedRateThrottle(LiveRates, throttling.ScopedRateThrottle):
    """Limit the views that name a `throttle_scope` by that scope's rate; other views pass."""
