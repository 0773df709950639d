"""Keep a process's table sockets subscribed when Redis loses their groups.

A table's sockets hear of its changes through the table's group on the channel layer: a set kept in Redis. A Redis
flush, or a restart that kept nothing, empties every group, and the sockets (still open, their pages still saying
"live") would hear nothing more until their page's next ping, up to 15 s later. So every process checks each
CHECK_SECONDS that Redis still holds its mark (one command: layer.LiveChannelLayer.groups_lost); when the mark is
gone, or Redis was unreachable and answers again, each of the process's sockets joins its group again and is sent
the table if it changed meanwhile. A table update that found the group empty is thus delivered within about
CHECK_SECONDS plus the time to build the views. Memberships also expire (the layer's group_expiry, a day): every
half of that, each socket joins its group again, so that a socket open for days keeps hearing its table.

Only a channel layer that can tell (LiveChannelLayer) is watched; the in-memory layer lives and dies with the
process.
"""
from __future__ import annotations

import asyncio
import contextvars
import logging
import weakref

from redis.exceptions import RedisError

log = logging.getLogger(__name__)

CHECK_SECONDS = 0.5

_sockets: weakref.WeakSet = weakref.WeakSet()
_watcher: dict = {}  # the running check, with its event loop: {"task", "loop"}


async def join(consumer) -> None:
    """Watch over `consumer` (a TableConsumer), starting the process's check if needed: before the consumer joins
    its group, so that no loss after the join goes unseen."""
    _sockets.add(consumer)
    layer = consumer.channel_layer
    if not hasattr(layer, "groups_lost"):
        return
    loop = asyncio.get_running_loop()
    task = _watcher.get("task")
    if task is None or task.done() or _watcher["loop"] is not loop:
        ready = asyncio.Event()
        # In a context of its own: not the joining socket's message's (consumers.dispatch), which ends before it.
        _watcher.update(loop=loop, ready=ready, task=loop.create_task(_watch(layer, ready), context=contextvars.Context()))
    await _watcher["ready"].wait()


def leave(consumer) -> None:
    _sockets.discard(consumer)


async def _check(layer) -> bool | None:
    """True if the groups may be lost, False if not, None while Redis is unreachable."""
    try:
        return await layer.groups_lost()
    except (RedisError, OSError) as error:
        layer.warn("check", error)
        return None


async def _watch(layer, ready: asyncio.Event) -> None:
    healthy = await _check(layer) is not None  # sets the mark: only a loss after now counts
    ready.set()
    loop = asyncio.get_running_loop()
    renewed = loop.time()
    while True:
        await asyncio.sleep(CHECK_SECONDS)
        lost = await _check(layer)
        if lost is None:
            healthy = False
            continue
        if lost or not healthy:
            log.warning("live: the channel layer lost its groups (or was away); %d sockets subscribe again",
                        len(_sockets))
            await resubscribe_all()
            renewed = loop.time()
        elif loop.time() - renewed > layer.group_expiry / 2:
            await asyncio.gather(*(socket.subscribe() for socket in list(_sockets)), return_exceptions=True)
            renewed = loop.time()
        healthy = True


async def resubscribe_all() -> None:
    results = await asyncio.gather(*(socket.resubscribe() for socket in list(_sockets)), return_exceptions=True)
    for result in results:
        if isinstance(result, Exception):
            log.info("live: a socket could not catch up: %r", result)
