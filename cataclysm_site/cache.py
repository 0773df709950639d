"""The Redis cache (settings.CACHES with a redis:// DJANGO_CACHE), made to degrade rather than fail.

What the cache holds can be lost without harm: the API's rate-limit counters, the ids of the public deck feeds,
the matchup tables, the chat's pace. With Django's RedisCache a Redis that is stopped or unreachable raised
redis.exceptions.ConnectionError out of the first cache call of a request: every rate-limited endpoint answered 500.
Here a failing call answers as an empty cache would (a miss; a write that kept nothing), so rate limits fail open
(every client is allowed) and everything else is computed afresh; a warning says so, once every WARN_EVERY seconds
per process. After a failure the cache is not asked again for RETRY_SECONDS, so an outage costs a request nothing;
/healthz (cataclysm_site/health.py) reports the cache "unavailable" meanwhile.
"""
from __future__ import annotations

import logging
import time

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

TIMEOUT = 1.0         # seconds to connect to Redis, and to wait for an answer (every cache command is quick)
RETRY_SECONDS = 2.0   # after a failure, the cache is left alone this long
WARN_EVERY = 30.0

_down_until: dict[tuple, float] = {}   # per Redis server list, for the whole process (each thread has a client)
_warned_at: dict[tuple, float] = {}

# What each command answers while Redis is away: what an empty cache that keeps nothing would answer.
MISSES = {
    "add": lambda key, value, timeout: True,
    "get": lambda key, default: default,
    "set": lambda key, value, timeout: None,
    "touch": lambda key, timeout: False,
    "delete": lambda key: False,
    "get_many": lambda keys: {},
    "has_key": lambda key: False,
    "incr": lambda key, delta: delta,
    "set_many": lambda data, timeout: None,
    "delete_many": lambda keys: None,
    "clear": lambda: False,
}


def _degrading(name: str):
    real, miss = getattr(RedisCacheClient, name), MISSES[name]

    def command(self, *args):
        servers = tuple(self._servers)
        if time.monotonic() < _down_until.get(servers, 0.0):
            return miss(*args)
        try:
            return real(self, *args)
        except RedisError as error:
            self.failed(error)
            return miss(*args)

    command.__name__ = name
    return command


class DegradingRedisCacheClient(RedisCacheClient):
    def __init__(self, servers, **options):
        options.setdefault("socket_connect_timeout", TIMEOUT)
        options.setdefault("socket_timeout", TIMEOUT)
        super().__init__(servers, **options)

    def failed(self, error: RedisError) -> None:
        servers = tuple(self._servers)
        now = time.monotonic()
        _down_until[servers] = now + RETRY_SECONDS
        if now - _warned_at.get(servers, -WARN_EVERY) >= WARN_EVERY:
            _warned_at[servers] = now
            log.warning("cache unavailable (%s: %s): rate limits are not applied and cached lists are computed "
                        "afresh until Redis answers again", type(error).__name__, error)

    def reachable(self) -> bool:
        """Ask Redis itself (whatever the last failure was): True if it answers; a success lets the cache be used
        again at once."""
        try:
            self.get_client(None, write=True).ping()
        except RedisError as error:
            self.failed(error)
            return False
        _down_until.pop(tuple(self._servers), None)
        return True


for _name in MISSES:
    setattr(DegradingRedisCacheClient, _name, _degrading(_name))


class DegradingRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = DegradingRedisCacheClient

    def reachable(self) -> bool:
        return self._cache.reachable()
