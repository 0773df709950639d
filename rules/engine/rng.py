"""A tiny seeded generator held in the game state (SplitMix64), so shuffles replay exactly."""
from __future__ import annotations

_MASK = (1 << 64) - 1
# SplitMix64's constants, named so that the compiled form can hold them as 64-bit C integers (rng.pxd), where
# arithmetic wraps modulo 2**64 exactly as `& _MASK` makes it here.
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


class Rng:
    """SplitMix64: one 64-bit integer of state, trivial to copy and serialise."""

    __slots__ = ("state",)

    def __init__(self, state: int = 0):
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        """Start a generator from any integer seed (mixed once so small seeds differ well)."""
        rng = cls(seed ^ 0x5DEECE66D2B3F6A1)
        rng.next64()
        return rng

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a uniform integer in [0, n) without modulo bias."""
        if n <= 1:
            return 0
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (Fisher-Yates), drawing exactly the numbers `below(i + 1)` would: this is
        `below` and `next64` written out in one loop, as every game setup shuffles a deck and the Pyramid.

        `below`'s test `value < 2**64 - 2**64 % n` is written `value <= last` with `last = _MASK - (_MASK % n + 1) % n`
        (the same number less one, as 2**64 % n is (_MASK % n + 1) % n), so that every number here fits in 64 bits:
        the compiled form runs this loop on C integers (rng.pxd)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            last = _MASK - (_MASK % n + 1) % n
            while True:
                state = z = (state + _GAMMA) & _MASK
                z = ((z ^ (z >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                value = z ^ (z >> 31)
                if value <= last:
                    break
            j = value % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def copy(self) -> "Rng":
        return Rng(self.state)
