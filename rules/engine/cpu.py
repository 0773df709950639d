"""The computer opponent's difficulty levels (versus games), built from the engine's random and greedy players.

This is the interim ladder of issue 13: the CPU that rules/CPU.md is to describe (the action ladder, personalities
per faction, the expert search) is not built yet, so only three levels exist, each a real difference in play:
- `cpu:easy`: a legal choice at random;
- `cpu:normal`: the greedy player, who takes a random legal choice instead on one decision in four;
- `cpu:hard`: the greedy player.
Each decides from its own seat's knowledge only (the greedy player reads its own hand and the public board, never
the other hand or any deck order). A level's randomness comes from (its seed, the decisions made so far in the game),
never from state kept in the object, so a fresh CPU chooses the same in the same state: a versus game replays and
resumes exactly.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .actions import Action
from .bots import BOTS, Bot, GreedyBot

if TYPE_CHECKING:
    from .state import GameState

# Level -> chance that a decision with a real choice is a random legal one instead of the greedy player's.
MISTAKE_RATE = {"easy": 1.0, "normal": 0.25, "hard": 0.0}


class CpuPlayer(Bot):
    """One difficulty level; `last_reason` says why it chose its last action, for the game log."""

    level = "hard"

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.greedy = GreedyBot(seed)
        self.last_reason = ""

    @property
    def name(self) -> str:  # type: ignore[override]
        return f"cpu:{self.level}"

    def choose(self, state: "GameState") -> Action:
        actions = state.legal_actions()
        if not actions:
            raise ValueError("no legal action: the game is over")
        if len(actions) == 1:
            self.last_reason = f"ONLY CHOICE: {actions[0].label}"
            return actions[0]
        draw = random.Random(f"{self.seed}:{len(state.history)}")   # per decision: a fresh CPU draws the same
        if draw.random() < MISTAKE_RATE[self.level]:
            action = actions[draw.randrange(len(actions))]
            self.last_reason = f"{self.level.upper()}: {action.label} (a guess)"
            return action
        action = self.greedy.choose(state)
        self.last_reason = f"{self.level.upper()}: {action.label} (the most Legacy now)"
        return action


def _level(name: str) -> type[CpuPlayer]:
    return type(f"Cpu{name.title()}", (CpuPlayer,), {"level": name})


for _name in MISTAKE_RATE:
    BOTS[f"cpu:{_name}"] = _level(_name)
