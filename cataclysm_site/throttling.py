"""API rate limits: a token bucket per client, with rates read at request time (an environment or a test sets them).

DRF's own classes copy DEFAULT_THROTTLE_RATES once, at import, and keep every request's timestamp of the last period
in the cache: at a high rate each request then pickles a list of thousands of floats. These classes keep one number
per client instead (the generic cell rate algorithm, GCRA): "300/min" lets a client make 300 requests at once, then
one more every 60/300 s as the bucket refills. Views that are expensive to answer set `throttle_scope = "expensive"`
and are then limited by that scope's rate as well as the per-client one.
"""
from rest_framework import throttling
from rest_framework.permissions import SAFE_METHODS
from rest_framework.settings import api_settings


class LiveRates:
    """Look the rates up in the current API settings on every request."""

    @property
    def THROTTLE_RATES(self):  # noqa: N802 - the name DRF's SimpleRateThrottle reads
        return api_settings.DEFAULT_THROTTLE_RATES


class TokenBucket(LiveRates, throttling.SimpleRateThrottle):
    """Allow `num_requests` at once per `duration`, refilled evenly: one cache read and one write per request."""

    retry_after: float | None = None

    def allow_request(self, request, view) -> bool:
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        if self.num_requests <= 0:
            self.retry_after = float(self.duration)
            return False
        now = self.timer()
        interval = self.duration / self.num_requests
        # The "theoretical arrival time": when the bucket will be full again if nothing else comes.
        full_at = max(self.cache.get(self.key, now), now)
        if full_at - now > self.duration - interval:  # the bucket is empty
            self.retry_after = full_at - now - (self.duration - interval)
            return False
        full_at += interval
        self.cache.set(self.key, full_at, max(1, int(full_at - now) + 1))
        return True

    def wait(self) -> float | None:
        """Seconds until the next request would be allowed (DRF's Retry-After)."""
        return self.retry_after


class AnonRateThrottle(throttling.AnonRateThrottle, TokenBucket):
    """Limit anonymous clients per IP address (rate "anon")."""


class UserRateThrottle(throttling.UserRateThrottle, TokenBucket):
    """Limit signed-in users per account (rate "user"); anonymous clients are the anon rate's."""

    def get_cache_key(self, request, view):
        if not (request.user and request.user.is_authenticated):
            return None
        return super().get_cache_key(request, view)


class ScopedRateThrottle(throttling.ScopedRateThrottle, TokenBucket):
    """Limit the views that name a `throttle_scope` by that scope's rate; other views pass."""


class CommunityWriteThrottle(TokenBucket):
    """Limit likes, comments, reports and tags per client (rate "community"); reading is not limited by it."""

    scope = "community"

    def get_cache_key(self, request, view):
        if request.method in SAFE_METHODS:
            return None
        ident = request.user.pk if request.user and request.user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}
