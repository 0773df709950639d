"""`cpu:quick`: the expert's search on a small fixed budget, for phones and live tables (issue 35).

The expert (rules/engine/expert.py) plays its candidates out to the end of the game in up to twelve sampled futures,
~0.1 s a searched decision and over half a second at worst: too slow for a phone or for a live table where people
wait on the computer's seat. The quick level is the same one step of policy improvement over the hard player with a
budget small enough to answer within 100 ms a decision (p90, compiled engine, `python -m benchmarks quick`): it
compares the hard player's choice with at most `MAX_CANDIDATES - 1` alternatives, each played out in the same few
sampled futures (`MIN_WORLDS` to `MAX_WORLDS`, while the play-outs stay within `BUDGET` decisions). Fewer candidates
and futures make it noisier than the expert, so it wins fewer games against hard than the expert does, but more than
half of them (rules/CPU.md gives the figures).

What it may see is the expert's: it samples every hidden card afresh (`expert.determinize`: the other hand, every
deck order, the unflipped Pyramid and the generator) from its own seat's view, so states that differ only in what it
cannot see give the same choice. Its budget is a count of decisions, never a clock, so the same seed and state give
the same choice on any machine, and a versus game replays and resumes exactly.
"""
from __future__ import annotations

from .actions import Action
from .bots import BOTS
from .expert import ExpertPlayer
from .game import GameState

BUDGET = 1_000       # decisions played out per searched decision, over all candidates and sampled futures
MAX_WORLDS = 2       # sampled futures per candidate at most
MIN_WORLDS = 1       # ... and at least, whatever they cost
MAX_CANDIDATES = 3   # the hard player's choice and at most two alternatives


class QuickPlayer(ExpertPlayer):
    """The expert's search on the quick level's budget; its reasons say QUICK."""

    level = "quick"

    def __init__(self, seed: int = 0, budget: int = BUDGET, max_worlds: int = MAX_WORLDS,
                 min_worlds: int = MIN_WORLDS, max_candidates: int = MAX_CANDIDATES):
        super().__init__(seed, budget=budget, max_worlds=max_worlds, min_worlds=min_worlds,
                         max_candidates=max_candidates)

    def decide(self, state: GameState, actions: list[Action]) -> Action:
        action = super().decide(state, actions)
        self.last_reason = "QUICK:" + self.last_reason.removeprefix("EXPERT:")
        return action


BOTS["cpu:quick"] = QuickPlayer
