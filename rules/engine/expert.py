"""`cpu:expert`: the hard player, improved by search over sampled futures (determinized Monte Carlo).

The hard player (the greedy one-step Legacy heuristic, `bots.GreedyBot`) is fast and never blunders on the spot, but
it cannot see past its own decision. At every decision where a real choice is open, the expert asks the hard player
what it would do, lists the alternatives, and plays each of them out many times in futures it samples, keeping the
one that wins most often. This is a *rollout algorithm* (Tesauro and Galperin; Bertsekas): one step of policy
improvement over the hard player, which it can only match or beat on average in the futures it samples.

Decisions it searches (`candidates`): every kind but paying (`SEARCHED`): the Action Phase's commitments (summon,
play, cast, equip, activate, play Energy, end the turn), chosen targets and Allocate's points, absorb/deflect,
Cataclysm damage, reactions, one-shot Passives (in a reaction window), storing charge or Arc Burn, mulligans and
who goes first. Paying for what it chose to buy (tapping Energy and charge, Battery counters) keeps the hard player's
choice: the same commitment bought another way is the same choice, and there are many of them.

What it may know (rules/CPU.md): its own hand, every card in play and in the graveyards, how many cards each hand
and deck holds, which Pyramid cards have been flipped, and the other player's decklist (chosen in the open: a starter
or a public deck). What it cannot know it samples, in every future afresh (`determinize`): which of the other
player's remaining cards are in their hand and in which order their deck lies, its own deck's order, the order of the
Pyramid cards not yet flipped, and the game's generator. So two states that differ only in what it cannot see give
the same choice (tests/rules/test_cpu.py).

Its budget is a number of decisions played out per searched decision (`budget`), never a clock, so the same seed and
state give the same choice on any machine: a versus game replays and resumes exactly. With a `horizon` (issue 35) a
play-out stops at the start of the round that many rounds ahead and scores the position with the learned evaluation
(evaluation.py: the chance to win, and the Legacy margin on the board as the tie-break); a game that ends first scores
its real result. Shorter play-outs buy more sampled futures for the same budget. Without one (the default) every
play-out runs to the end. `benchmarks/expert.py` (`make
bench-expert`) measures the default: its CPU time a searched decision and its strength against the hard player.
"""
from __future__ import annotations

import random

from .actions import Action
from .bots import BOTS
from .cpu import CpuPlayer
from .evaluation import win_probability
from .game import GameState
from .greedy import GreedyBot, _score_target, _target_context
from .model import DECK, HAND
from .rng import Rng

BUDGET = 16_000          # decisions played out per searched decision, over all candidates and sampled futures
MAX_WORLDS = 12          # sampled futures per candidate at most (late in a game a play-out is short)
MIN_WORLDS = 2           # ... and at least, whatever they cost
MAX_CANDIDATES = 12      # the hard player's choice and at most eleven alternatives
MAX_BUDGET = 128_000     # at most: about a second of CPU a searched decision on the compiled engine (issue 35's bound)
MAX_HORIZON = 60         # rounds ahead a play-out may stop at, at most: past the last round (50), so no cut at all
MARGIN_WEIGHT = 1000     # a point of Legacy margin weighs 1/1000 of a win: it decides between equal win counts
PAYING = frozenset({"tap", "tap_charge", "spend_charge", "add_counter"})
# The decisions it searches, by the kind of the hard player's choice: every kind but paying. Searching only the
# Action Phase's commitments, targets, absorb/deflect, Cataclysm damage and reactions with six candidates and a budget
# of 4,000 (`benchmarks/expert.py --narrow --budget 4000`, the expert before 2026-11-25) won fewer of the same 256
# games against the hard player: 60.9% against 62.7% (rules/CPU.md).
SEARCHED = frozenset({"summon", "play", "cast", "equip", "activate", "play_energy", "end_turn", "pass", "react",
                      "target", "assign", "absorb", "deflect", "assign_damage", "trigger", "decline",
                      "store_charge", "burn", "keep", "mulligan", "first_player"})
# One representative per commitment: the same card bought with another payment is the same choice.
_SAME_CHOICE = {
    "summon": lambda a: (a.kind, a.args[1]), "play": lambda a: (a.kind, a.args[1]),
    "cast": lambda a: (a.kind, a.args[1]), "equip": lambda a: (a.kind, a.args[1], a.args[2]),
    "activate": lambda a: (a.kind, a.args[0], a.args[2]), "react": lambda a: (a.kind, a.args[0], a.args[2]),
}


class ExpertPlayer(CpuPlayer):
    """The search player; `budget` decisions played out per searched decision (deterministic from seed and state)."""

    level = "expert"

    def __init__(self, seed: int = 0, budget: int = BUDGET, max_worlds: int = MAX_WORLDS, min_worlds: int = MIN_WORLDS,
                 searched: frozenset = SEARCHED, max_candidates: int = MAX_CANDIDATES, horizon: int | None = None,
                 edge: float = 0.0):
        super().__init__(seed)
        check_budget(budget, max_worlds, min_worlds, max_candidates)
        check_horizon(horizon, edge)
        self.horizon = horizon                # rounds ahead a play-out stops at (None: the end of the game)
        self.edge = edge                      # the share of a win a future an alternative must gain over the hard choice
        self.budget = budget
        self.max_worlds = max_worlds
        self.min_worlds = min_worlds
        self.searched = searched              # the decisions it searches, by the hard player's choice's kind
        self.max_candidates = max_candidates
        self.compared = 0                     # the candidates its last searched decision compared (0: none searched)

    def sample(self, state: GameState, me: int, draw: random.Random) -> GameState:
        """One future to play the candidates out in: the state with everything seat `me` cannot see drawn afresh.
        (`benchmarks/expert.py --ceiling` overrides it with the true state, to measure what search could gain at
        best; a player never does.)"""
        return determinize(state, me, draw)

    def options(self, state: GameState, actions: list[Action]) -> tuple[Action, list[Action]]:
        """The hard player's choice and the candidates to search beside it; none when fewer than two are worth it
        (the hard choice is then played, and said so)."""
        hard = self.greedy.choose(state)
        options = candidates(state, actions, hard, self.searched, self.max_candidates)
        self.compared = len(options) if len(options) >= 2 else 0
        if len(options) < 2:
            self.last_reason = f"EXPERT: {hard.label} (as the hard player)"
            return hard, []
        return hard, options

    def decide(self, state: GameState, actions: list[Action]) -> Action:
        hard, options = self.options(state, actions)
        if not options:
            return hard
        me = state.current_player
        draw = random.Random(f"{self.seed}:{len(state.history)}")   # per decision: a fresh CPU draws the same
        wins = [0.0] * len(options)     # 1 a win, 1/2 a draw
        margins = [0] * len(options)    # Legacy margins, summed over the futures
        worlds = spent = 0
        while worlds < self.max_worlds and (worlds < self.min_worlds or spent < self.budget):
            world = self.sample(state, me, draw)
            for index, option in enumerate(options):   # every option meets the same futures: a fair comparison
                future = world.clone()
                future.apply(option)
                outcome, margin, steps = play_out(future, me, self.greedy, self.horizon)
                wins[index] += outcome
                margins[index] += margin
                spent += steps
            worlds += 1
        # The most wins; then the biggest Legacy margin (a bigger win is a safer one); then the hard player's choice.
        score = [wins[i] + margins[i] / MARGIN_WEIGHT for i in range(len(options))]
        best = max(range(len(options)), key=lambda i: (score[i], i == 0))
        if score[best] - score[0] < self.edge * worlds:   # not clearly better than the hard choice: keep it
            best = 0
        choice = options[best]
        said = f"won {wins[best]:.3g} of {worlds} sampled futures, Legacy margin {margins[best] / worlds:+.0f}"
        if best != 0:
            said += f"; the hard choice won {wins[0]:.3g}, margin {margins[0] / worlds:+.0f}"
        self.last_reason = f"EXPERT: {choice.label} ({said})"
        return choice


def check_budget(budget: int, max_worlds: int, min_worlds: int, max_candidates: int) -> None:
    """Refuse a search it cannot run or could not finish in time, with what is allowed (ValueError)."""
    if isinstance(budget, bool) or not isinstance(budget, int) or not 1 <= budget <= MAX_BUDGET:
        raise ValueError(f"search budget out of range: {budget!r} (1 to {MAX_BUDGET:,} decisions played out)")
    if not 1 <= min_worlds <= max_worlds:
        raise ValueError(f"sampled futures out of range: {min_worlds!r} to {max_worlds!r} (at least 1, min <= max)")
    if max_candidates < 2:
        raise ValueError(f"candidates out of range: {max_candidates!r} (at least 2: the hard choice and another)")


def check_horizon(horizon: int | None, edge: float = 0.0) -> None:
    """Refuse a play-out horizon that is not a whole number of rounds ahead within range, or an edge that is not a
    share of a win from 0 to 1 (ValueError)."""
    if isinstance(edge, bool) or not isinstance(edge, (int, float)) or not 0.0 <= edge < 1.0:
        raise ValueError(f"edge over the hard choice out of range: {edge!r} (0 to 1, a share of a win a future)")
    if horizon is None:
        return
    if isinstance(horizon, bool) or not isinstance(horizon, int) or not 1 <= horizon <= MAX_HORIZON:
        raise ValueError(f"play-out horizon out of range: {horizon!r} (1 to {MAX_HORIZON} rounds ahead, or None "
                         "to play to the end)")


def candidates(state: GameState, actions: list[Action], hard: Action, searched: frozenset = SEARCHED,
               limit: int = MAX_CANDIDATES) -> list[Action]:
    """The choices worth searching, the hard player's first; [] when its choice stands unsearched."""
    if hard.kind not in searched or _repeats_last_use(state, hard):
        return []
    groups: dict[object, Action] = {}
    for action in actions:
        if action.kind in PAYING and action.kind not in searched:
            continue
        key = _SAME_CHOICE.get(action.kind, lambda a: a)(action)
        if key not in groups or action == hard:
            groups[key] = action
    others = [a for a in groups.values() if a != hard]
    if any(a.kind in ("target", "assign") for a in others):
        context = _target_context(state)
        p = state.current_player
        others.sort(key=lambda a: -_score_target(state, p, a.args[2], context)
                    if a.kind in ("target", "assign") else 0.0)
    else:
        others.sort(key=lambda a: a.kind != "end_turn")   # stopping is always an alternative worth a look
    return [hard] + others[:limit - 1]


def _repeats_last_use(state: GameState, hard: Action) -> bool:
    """Whether the hard player wants to use again the ability it used last (paying, targets and passing priority
    to let it resolve aside): the search
    that chose the first use chose the line, and searching every repeat of a Use ability cost most of the time in
    games with one (a Hero's Accelerate used again and again, say)."""
    if hard.kind != "activate":
        return False
    for past in reversed(state.history):
        kind = past.kind if isinstance(past, Action) else past.split(".", 1)[0]
        if kind in PAYING or kind in ("target", "pass"):
            continue
        return isinstance(past, Action) and past.kind == "activate" and past.player == hard.player \
            and past.args[0] == hard.args[0] and past.args[2] == hard.args[2]
    return False


def determinize(state: GameState, me: int, draw: random.Random) -> GameState:
    """A copy of the state in which everything seat `me` cannot see is drawn afresh (see the module's docstring)."""
    world = state.clone()
    for seat in world.everyone:   # every other seat's hand and deck, a partner's too (RULINGS 46)
        if seat == me:
            continue
        other = world.players[seat]
        unseen = sorted(other.hand + other.deck)   # the same cards, whichever were where: sorted, then shuffled
        draw.shuffle(unseen)
        n = len(other.hand)
        other.hand, other.deck = unseen[:n], unseen[n:]
        for iid in other.hand:
            world.cards[iid].zone = HAND
        for iid in other.deck:
            world.cards[iid].zone = DECK
    own = world.players[me]
    own.deck = sorted(own.deck)
    draw.shuffle(own.deck)
    flipped = min(len(world.pyramid), sum(1 for row in world.log_rows if row[0] == "pyramid"))
    hidden = sorted(world.pyramid[:len(world.pyramid) - flipped])
    draw.shuffle(hidden)
    world.pyramid[:len(hidden)] = hidden
    world.rng = Rng.from_seed(draw.getrandbits(64))
    world._legal = None
    return world


def play_out(g: GameState, me: int, player: GreedyBot, horizon: int | None = None) -> tuple[float, int, int]:
    """Play the game to its end with the hard player in both seats; return its outcome for `me` (1 for a win, 0.5 a
    draw, 0 a loss), its Legacy margin and the number of decisions it took. With a `horizon`, stop at the start of
    the round `horizon` rounds ahead and return the learned evaluation's chance of a win instead (evaluation.py) and
    the Legacy margin on the board then."""
    steps = 0
    stop = g.round + horizon if horizon is not None else -1
    while g.phase != "over":
        if g.round == stop:
            return win_probability(g, me), _margin(g.result(), g, me), steps
        g.apply_legal(player.choose(g))
        steps += 1
    result = g.result()
    winner = result["winner"]
    if len(result["legacy"]) == 2:
        outcome = 0.5 if winner is None else (1.0 if winner == me else 0.0)
        return outcome, _margin(result, g, me), steps
    # A table (RULINGS 45): a win alone or with a partner is a win, a shared draw half.
    winners = result["winners"]
    outcome = (0.5 if result["tiebreak"] == "draw" else 1.0) if me in winners else 0.0
    return outcome, _margin(result, g, me), steps


def _margin(result: dict, g: GameState, me: int) -> int:
    """Seat `me`'s Legacy margin: over the other player, or over the best opponent at a table."""
    legacy = result["legacy"]
    if len(legacy) == 2:
        return legacy[me] - legacy[1 - me]
    return legacy[me] - max(legacy[q] for q in g.foes[me])


BOTS["cpu:expert"] = ExpertPlayer
