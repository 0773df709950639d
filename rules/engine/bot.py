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
        # randrange(n) is _randbelow(n) after argument checks; calling it directly draws the very same numbers
        # and spares the checks on the hot path (the engine benchmark's random games).
        self._below = getattr(self.rng, "_randbelow", self.rng.randrange)

    def choose(self, state: GameState) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise ValueError("no legal action: the game is over")
        return actions[self._below(len(actions))]
