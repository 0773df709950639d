"""The Redis channel layer of live tables (settings.CHANNEL_LAYERS), made to outlast idle sockets and Redis outages.

channels_redis waits for a socket's next message with BZPOPMIN, blocking `brpop_timeout` (5 s) on the server, while
redis-py (8.x) times a read out after `socket_timeout`, by default also 5 s: every idle socket's wait ended in
redis.exceptions.TimeoutError, which dropped the socket. Here a read waits `brpop_timeout + READ_MARGIN` seconds, so
Redis always answers a blocked read first; commands that do not block answer at once, and a Redis that is gone is
noticed on connecting (CONNECT_TIMEOUT).

A receive that fails (Redis stopped, restarted, unreachable) is retried every RETRY_SECONDS instead of ending the
socket: while Redis is away a socket gets no pushes but still answers its page's pings with the current table
(consumers.TableConsumer), and `groups_lost` tells the sockets' watcher (rules/live/watch.py) to subscribe them
again once Redis is back.
"""
from __future__ import annotations

import asyncio
import logging
import time

from channels_redis.core import RedisChannelLayer
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

READ_MARGIN = 10        # seconds a read may wait beyond the longest blocking command
CONNECT_TIMEOUT = 2     # seconds to open a connection to Redis
RETRY_SECONDS = 1       # between two attempts to receive while Redis is away
MARK_SECONDS = 60       # how long the process's mark lives in Redis unless renewed (each watch.CHECK_SECONDS)
WARN_EVERY = 30         # seconds between two warnings of the same outage


class LiveChannelLayer(RedisChannelLayer):
    def __init__(self, hosts=None, **kwargs):
        super().__init__(hosts=hosts, **kwargs)
        self.hosts = [dict(host) for host in self.hosts]
        for host in self.hosts:
            host["socket_timeout"] = self.brpop_timeout + READ_MARGIN
            host.setdefault("socket_connect_timeout", CONNECT_TIMEOUT)
            host.setdefault("health_check_interval", 30)
        self.mark_key = f"{self.prefix}:process:{self.client_prefix}"
        self._warned_at = 0.0

    def warn(self, what: str, error: BaseException) -> None:
        """Log an outage once every WARN_EVERY seconds, not once for every socket and every retry."""
        now = time.monotonic()
        if now - self._warned_at >= WARN_EVERY:
            self._warned_at = now
            log.warning("live: channel layer unavailable (%s: %s: %s); sockets get no pushes until Redis is back, "
                        "their pings still answer", what, type(error).__name__, error)

    async def receive_single(self, channel):
        """Wait for the channel's next message through any Redis outage, retrying every RETRY_SECONDS: the process
        has one such wait at a time (its other sockets wait for it), so an outage costs one attempt a second."""
        while True:
            try:
                return await super().receive_single(channel)
            except (RedisError, OSError) as error:
                self.warn("receive", error)
                await asyncio.sleep(RETRY_SECONDS)

    async def _clean_receive_backup(self, index, channel):
        """Drop a received message's backup copy; if Redis is gone meanwhile the copy stays and the message comes
        again (a table update is idempotent), which is logged rather than raised in a task nobody awaits."""
        try:
            await super()._clean_receive_backup(index, channel)
        except (RedisError, OSError) as error:
            self.warn("clean", error)

    async def groups_lost(self) -> bool:
        """Tell whether Redis may have lost this process's group memberships since the last call: True when the
        process's mark is gone (a flush, a restart without persistence) and on the first call; the mark is set
        again, so that the next call says False until it is lost again. Raises RedisError while Redis is away."""
        lost = False
        for index in range(self.ring_size):
            connection = self.connection(index)
            if not await connection.expire(self.mark_key, MARK_SECONDS):
                await connection.set(self.mark_key, 1, ex=MARK_SECONDS)
                lost = True
        return lost
