"""The computer as a player of any mode: its levels, its seed, and one decision (issue 35).

Versus games (`rules.versus.services`) and live tables (`rules.live.computers`) both seat computers. Both build the
player from the one registry of levels (rules/engine/cpu.py, cpu.yaml) and seed it the same way, so a level plays
the same at a live table as against a visitor in versus, and its rating (`rules.play.ratings`) means one thing.

The computer decides from the engine's state as the mode holds it, as every player of rules/engine does: what it
may not see (the other hands, every deck's order, the unflipped Pyramid) it never reads, and the expert and the quick
level search over futures drawn afresh (tests/rules/test_quick.py scrambles what it cannot see between decisions
and gets the same choices). A fresh player for each decision: its choice is a function of its seed, its seat and the
state alone, so a game replays, a retried request decides the same, and nothing is kept between requests.
"""
from __future__ import annotations

from rules.engine import Action, GameState
from rules.engine.bots import get_bot
from rules.engine.cpu import offered
from rules.play.decks import MAX_SEED

# The levels a person may seat: level -> the player behind it, in the registry's order (by strength).
CPU_BOTS: dict[str, str] = offered("versus")


def cpu_seed(seed: int) -> int:
    """The computer's own seed from the game's: fixed for the game, so a fresh player in the same state chooses the
    same."""
    return (seed * 1_000_003 + 17) % MAX_SEED


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the computer in `seat` of a game dealt from `seed`: one of its own per seat."""
    return (cpu_seed(seed) + seat) % MAX_SEED


def computer(level: str, seed: int):
    """A fresh player of `level` (a key of CPU_BOTS), seeded."""
    return get_bot(CPU_BOTS[level], seed)


def decide(level: str, seed: int, state: GameState) -> tuple[Action, str]:
    """One decision of a fresh computer of `level` in `state` (its seat's to make), and its reason in words."""
    player = computer(level, seed)
    action = player.choose(state)
    return action, str(getattr(player, "last_reason", "") or "")
