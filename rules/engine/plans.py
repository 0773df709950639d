"""A second level of search for the expert: its own turn's next choice searched inside each candidate (issue 35).

The expert (expert.py) compares its candidates by playing each one out with the hard player deciding everything
after it, its own seat's next choices included. So a candidate worth something only with a follow-up the hard player
would not make (summon a Person, then equip it; tap out for two cheap cards instead of one dear one) is undervalued:
one step of policy improvement over the hard player, whose measured ceiling is near 64% (rules/CPU.md).

`PlanPlayer` searches two steps of its own turn. After each candidate it lets the hard player pay and answer until the
next choice of its own that the expert would search, in the same turn; there it tries the hard player's choice and a
few alternatives (`FOLLOW`), each played out to the end. A candidate is worth its best follow-up, averaged over the
same sampled futures (the follow-up is chosen once for all the futures, as the player will choose it: from what it
sees, not from a future it cannot see). Between turns nothing changes: the hard player's choice is played out.

What it may know and how it samples are the expert's (`ExpertPlayer.sample`, `expert.determinize`), its budget a
count of decisions, never a clock: the same seed and state give the same choice.
"""
from __future__ import annotations

import random

from .actions import Action
from .expert import ExpertPlayer, candidates, play_out
from .game import GameState

BUDGET = 48_000        # decisions played out per searched decision
MAX_CANDIDATES = 6     # at the first step: the hard player's choice and five alternatives
FOLLOW = 3             # at the second: the hard player's choice and two alternatives
MAX_WORLDS = 12
MIN_WORLDS = 2
MARGIN_WEIGHT = 1000   # a point of Legacy margin weighs 1/1000 of a win, as in the expert
GREEDY = "greedy"      # the key of the hard player's own follow-up, whichever action it is in a future


class PlanPlayer(ExpertPlayer):
    """The expert with its own turn's next choice searched inside each candidate (deterministic from seed and
    state)."""

    def __init__(self, seed: int = 0, budget: int = BUDGET, max_worlds: int = MAX_WORLDS, min_worlds: int = MIN_WORLDS,
                 max_candidates: int = MAX_CANDIDATES, follow: int = FOLLOW):
        super().__init__(seed, budget=budget, max_worlds=max_worlds, min_worlds=min_worlds,
                         max_candidates=max_candidates)
        self.follow = follow

    def decide(self, state: GameState, actions: list[Action]) -> Action:
        hard, options = self.options(state, actions)
        if not options:
            return hard
        me = state.current_player
        turn = (state.active, state.round)
        draw = random.Random(f"{self.seed}:{len(state.history)}")
        # Per candidate, per follow-up key: [summed score, futures seen].
        tallies: list[dict[object, list[float]]] = [{} for _ in options]
        worlds = spent = 0
        while worlds < self.max_worlds and (worlds < self.min_worlds or spent < self.budget):
            world = self.sample(state, me, draw)
            for index, option in enumerate(options):
                future = world.clone()
                future.apply(option)
                follow, steps = self._next_choice(future, me, turn)
                spent += steps
                for n, second in enumerate(follow or [None]):
                    line = future if second is None or len(follow) == 1 else future.clone()
                    if second is not None:
                        line.apply(second)
                    outcome, margin, steps = play_out(line, me, self.greedy)
                    spent += steps
                    score = outcome + margin / MARGIN_WEIGHT
                    keys = (GREEDY,) if second is None else ((GREEDY, _key(second)) if n == 0 else (_key(second),))
                    for key in keys:
                        tally = tallies[index].setdefault(key, [0.0, 0])
                        tally[0] += score
                        tally[1] += 1
            worlds += 1
        values = [_best(tally, worlds) for tally in tallies]
        best = max(range(len(options)), key=lambda i: (values[i], i == 0))
        choice = options[best]
        said = f"best line scored {values[best]:.3f} a future over {worlds}"
        if best != 0:
            said += f"; the hard choice's {values[0]:.3f}"
        self.last_reason = f"EXPERT: {choice.label} ({said})"
        return choice

    def _next_choice(self, g: GameState, me: int, turn: tuple) -> tuple[list[Action], int]:
        """Let the hard player pay and answer until its seat's next searched choice in the same turn; that choice's
        candidates ([] when the turn or the game ended first, or the other seat must choose), and the steps taken."""
        steps = 0
        while g.phase != "over" and g.current_player == me and (g.active, g.round) == turn:
            hard = self.greedy.choose(g)
            follow = candidates(g, g.legal_actions(), hard, self.searched, self.follow)
            if len(follow) >= 2:
                return follow, steps
            g.apply_legal(hard)
            steps += 1
        return [], steps


def _key(action: Action) -> tuple:
    """A follow-up's identity across futures: what it is, read through the action's public fields."""
    return action.kind, action.player, repr(action.args)


def _best(tally: dict[object, list[float]], worlds: int) -> float:
    """A candidate's worth: its best follow-up's mean score, among those tried in every future (the hard player's
    own always is)."""
    return max(total / seen for total, seen in tally.values() if seen == worlds)
