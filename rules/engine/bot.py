"""What every bot is: a player that picks one of the actions a state offers (`Bot`), and the seeded uniform-random
one. The greedy bot builds on it (`greedy.py`); `bots.py` names them all and lets one play.
"""
from __future__ import annotations

import random

from .actions import Action
from .game import GameState


class Bot:
    """A player that picks one of the legal actions of a state."""

    name = "bot"

    def __init__(self, seed: int = 0):
        self.seed = int(seed)

    def choose(self, state: GameState) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} seed={self.seed}>"


class RandomBot(Bot):
    """Uniformly random among the legal actions, from its own seeded generator (same seed, same game)."""

    name = "random"

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.rng = random.Random(self.seed)
        self._bits = self.rng.getrandbits

    def choose(self, state: GameState) -> Action:
        """`actions[rng.randrange(len(actions))]`, with `Random._randbelow` written out as `bots._play_out_random`
        writes it: the very same draws from the same generator, but in the compiled form no call of an interpreted
        function (`_randbelow` is Python code in the standard library: 5% of a random game's instructions)."""
        return _draw(state, self._bits)


# The bit length of every count of offers below 1024 (`n.bit_length()`, which the compiled form would call as a
# Python method of an int at every decision).
_BIT_LENGTH = tuple(n.bit_length() for n in range(1024))


def _draw(state: GameState, getrandbits) -> Action:
    """`RandomBot.choose`'s draw. In the compiled form (bot.pxd) a C function whose GameState is held in a typed
    local, so that `legal_actions` is a C call of the `cpdef` method, not a Python method call found by name at
    every decision (issue 35); any other object is asked by name as before."""
    if isinstance(state, GameState):
        gs = state
        actions = gs.legal_actions()
    else:
        actions = state.legal_actions()
    n = len(actions)
    if not n:
        raise ValueError("no legal action: the game is over")
    k = _BIT_LENGTH[n] if n < 1024 else n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return actions[r]
