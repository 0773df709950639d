"""The process's watch over its sockets' group memberships (rules/live/watch.py), against a stand-in layer: a lost
mark (a Redis flush) or Redis coming back makes every socket subscribe again and catch up, and memberships are renewed
before the layer's group_expiry ends them."""
from __future__ import annotations

import asyncio

from redis.exceptions import ConnectionError as RedisConnectionError

from rules.live import watch
from tests.live.test_sockets import run


class Layer:
    group_expiry = 86400

    def __init__(self, answers):
        self.answers = list(answers)  # what groups_lost says, call after call (an exception: Redis away)

    async def groups_lost(self):
        answer = self.answers.pop(0) if self.answers else False
        if isinstance(answer, Exception):
            raise answer
        return answer

    def warn(self, what, error):
        pass


class Socket:
    def __init__(self, layer):
        self.channel_layer = layer
        self.subscribed = self.caught_up = 0

    async def subscribe(self):
        self.subscribed += 1

    async def resubscribe(self):
        self.caught_up += 1


def watch_for(layer, checks: int, monkeypatch) -> list[Socket]:
    monkeypatch.setattr(watch, "CHECK_SECONDS", 0.001)

    async def scenario():
        sockets = [Socket(layer), Socket(layer)]
        for socket in sockets:
            await watch.join(socket)
        while layer.answers or checks and not any(s.caught_up + s.subscribed for s in sockets):
            await asyncio.sleep(0.001)
        await asyncio.sleep(0.05)
        for socket in sockets:
            watch.leave(socket)
        watch._watcher["task"].cancel()
        return sockets

    return run(scenario())


def test_sockets_catch_up_after_a_flush_and_after_an_outage_not_otherwise(monkeypatch):
    quiet = watch_for(Layer([True, False, False, False]), 0, monkeypatch)  # the first call sets the mark
    assert [s.caught_up for s in quiet] == [0, 0]
    flushed = watch_for(Layer([True, False, True, False]), 1, monkeypatch)
    assert [s.caught_up for s in flushed] == [1, 1]
    away = watch_for(Layer([True, RedisConnectionError("refused"), RedisConnectionError("refused"), False]), 1,
                     monkeypatch)
    assert [s.caught_up for s in away] == [1, 1]


def test_memberships_are_renewed_before_the_layer_expires_them(monkeypatch):
    layer = Layer([True])
    layer.group_expiry = 0.01
    renewed = watch_for(layer, 1, monkeypatch)
    assert all(s.subscribed >= 1 for s in renewed) and [s.caught_up for s in renewed] == [0, 0]
