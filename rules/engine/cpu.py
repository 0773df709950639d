"""The computer opponent's difficulty levels (versus games and `manage.py match`), rules/CPU.md.

- `cpu:easy` and `cpu:normal`: the ladder CPU of the Arcade sheet (rules/engine/ladder.py: rungs, personalities and
  traps are data in rules/engine/cpu.yaml), taking a random legal choice instead on one decision in two (easy) or
  about one in seven (normal): the sheet's difficulty dip switches, also data (`levels` in cpu.yaml);
- `cpu:hard`: the greedy player (a one-step Legacy heuristic, rules/engine/greedy.py), which never errs;
- `cpu:quick`: the expert's search on a small fixed budget, answering within 100 ms a decision (rules/engine/quick.py);
- `cpu:expert`: the hard player improved by search over sampled futures (rules/engine/expert.py).
Each decides from its own seat's knowledge only (its hand and the public board, never the other hand or any deck
order). A level's randomness comes from (its seed, the decisions made so far in the game), never from state kept in
the object, so a fresh CPU chooses the same in the same state: a versus game replays and resumes exactly.
"""
from __future__ import annotations

import random

from .actions import Action
from .bot import Bot
from .bots import BOTS
from .game import GameState
from .greedy import GreedyBot
from .ladder import LadderPlayer, policy

LEVELS: dict[str, dict] = policy()["levels"]   # the one registry of the difficulty levels (cpu.yaml `levels`)
# Level -> chance that a decision with a real choice is a random legal one instead of the level's own (cpu.yaml).
MISTAKE_RATE: dict[str, float] = {name: float(level["mistakes"]) for name, level in LEVELS.items()}


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

    def choose(self, state: GameState) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise ValueError("no legal action: the game is over")
        if len(actions) == 1:
            self.last_reason = f"ONLY CHOICE: {actions[0].label}"
            return actions[0]
        draw = random.Random(f"{self.seed}:{len(state.history)}")   # per decision: a fresh CPU draws the same
        if draw.random() < MISTAKE_RATE.get(self.level, 0.0):
            action = actions[draw.randrange(len(actions))]
            self.last_reason = f"{self.level.upper()}: {action.label} (a guess)"
            return action
        return self.decide(state, actions)

    def decide(self, state: GameState, actions: list[Action]) -> Action:
        """The level's own choice (the hard player's: the most Legacy now)."""
        action = self.greedy.choose(state)
        self.last_reason = f"HARD: {action.label} (the most Legacy now)"
        return action


class LadderCpu(CpuPlayer):
    """A ladder level; its reason names the rung, personality, trap or Golden Rule that chose."""

    def decide(self, state: GameState, actions: list[Action]) -> Action:
        action, reason = LadderPlayer().choose(state, actions)
        self.last_reason = reason
        return action


PLAYS: dict[str, type[CpuPlayer]] = {"ladder": LadderCpu, "greedy": CpuPlayer}   # "search", "quick": expert.py
# and quick.py register themselves

for _name, _level in LEVELS.items():
    if _level["plays"] in PLAYS:
        BOTS[f"cpu:{_name}"] = type(f"Cpu{_name.title()}", (PLAYS[_level["plays"]],), {"level": _name})


def player_of(level: str) -> str:
    """The engine player of a difficulty level (bots.get_bot name)."""
    return f"cpu:{level}"


def level_labels() -> list[tuple[str, str]]:
    """Every level as (name, label), in the registry's order: the choices a game's difficulty is stored with."""
    return [(name, level["label"]) for name, level in LEVELS.items()]


def offered(where: str) -> dict[str, str]:
    """The levels offered in `where` ("versus" or "studies"), name -> player, in the registry's order."""
    return {name: player_of(name) for name, level in LEVELS.items() if where in level["offered"]}


def level_menu(where: str) -> list[tuple[str, str]]:
    """The levels offered in `where` as (name, "Label: what it is in words"), for a level menu."""
    return [(name, f"{level['label']}: {level['says']}") for name, level in LEVELS.items()
            if where in level["offered"]]
