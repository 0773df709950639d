"""Tell a table's sockets that it changed: one message to the table's group, sent once the write is committed.

The message carries only the new version, never a view: each socket (consumers.TableConsumer) builds its own view
for its own seat, so no message on the channel layer can carry one seat's hidden cards to another. With the Redis
channel layer the group reaches every server process; without it, the in-memory layer reaches this process only.
"""
from __future__ import annotations

import logging
from contextlib import contextmanager
from contextvars import ContextVar

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

# Messages a socket's write holds back, to be sent by the socket itself once the write returns (`held`).
_HELD: ContextVar[list | None] = ContextVar("live_notify_held", default=None)


def group(table_id: str) -> str:
    return f"table.{table_id}"


@contextmanager
def held(messages: list):
    """Collect the messages committed writes send into `messages` instead of sending them.

    A socket's writes run on its server process's one database thread (Channels' `database_sync_to_async`), which
    every socket of the process shares: a message sent from there blocks it for a round trip to the channel layer.
    The socket's consumer holds them back and sends them from the event loop (`flush`), so the thread goes on to the
    next socket's work."""
    token = _HELD.set(messages)
    try:
        yield messages
    finally:
        _HELD.reset(token)


async def flush(messages: list) -> None:
    """Send what `held` collected, from the event loop; a lost notification is logged, as in `send`."""
    layer = get_channel_layer()
    if layer is None:
        return
    for name, message in messages:
        try:
            await layer.group_send(name, message)
        except Exception as error:  # noqa: BLE001 - the write is saved; only the push failed
            lost(name, error)


def send(table_id: str, message: dict) -> None:
    """Send now (or hold it back, inside `held`); a lost notification is logged, not raised (each client resyncs on
    its next ping or reload)."""
    messages = _HELD.get()
    if messages is not None:
        messages.append((group(table_id), message))
        return
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group(table_id), message)
    except Exception as error:  # noqa: BLE001 - the write is saved; only the push failed
        lost(group(table_id), error)


def lost(name: str, error: Exception) -> None:
    """Log a notification that could not be sent: one line while Redis is away (its sockets catch up by their
    pings and rules/live/watch.py), a traceback for anything else."""
    away = isinstance(error, (RedisError, OSError))
    log.warning("live: could not notify %s (%s: %s)", name, type(error).__name__, error, exc_info=not away)


def changed(table_id: str, version: int, *, again: bool = False) -> None:
    """After the current transaction commits: every socket of the table fetches its view at `version` (`again`: even
    a socket that was sent that version, when something beside the table changed, e.g. a rematch was opened)."""
    transaction.on_commit(lambda: send(table_id, {"type": "table.changed", "version": version, "again": again}))


def chat(table_id: str, message_id: int) -> None:
    transaction.on_commit(lambda: send(table_id, {"type": "table.chat", "id": message_id}))
