"""Bots that play from `state.legal_actions()`, by name: a seeded uniform-random player (`bot.py`) and a greedy
Legacy heuristic (`greedy.py`, `greedy_value.py`); the cpu:* players register here too (`cpu.py`, `expert.py`).

`get_bot(name, seed)` builds one; `play_turn` and `play_out` let it act for the rest of a turn or a game. A bot only
ever returns one of the actions the engine offers, so whatever it does is legal.
"""
from __future__ import annotations

from typing import Any

from .actions import Action
from .bot import Bot, RandomBot
from .game import GameState
from .greedy import GreedyBot
from .legal import legal_actions as generate_actions

UNKNOWN_NAME = "bot_unknown"

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def get_bot(name: str, seed: int = 0) -> Bot:
    """Build a bot by name ("random" or "greedy"); raise ValueError naming the known ones otherwise."""
    cls = BOTS.get(name)
    if cls is None:
        raise ValueError(f"{UNKNOWN_NAME}: unknown bot '{name}' (choose from {', '.join(sorted(BOTS))})")
    return cls(seed)


def play_turn(state: GameState, bot: Bot, *, max_actions: int = 10_000) -> list[Action]:
    """Let the bot act for the player deciding now until the turn moves on (to another player, the Pyramid or a
    new turn) or the game ends; return the actions applied."""
    done: list[Action] = []
    if state.is_over:
        return done
    player, turn = state.current_player, _turn_of(state)
    while not state.is_over and state.current_player == player and _turn_of(state) == turn:
        if len(done) >= max_actions:
            raise RuntimeError(f"bot_stalled: {bot.name} took {max_actions} actions in one turn")
        action = bot.choose(state)
        state.apply(action)
        done.append(action)
    return done


def play_out(state: GameState, bot: Bot, *, max_actions: int = 100_000) -> int:
    """Let the bot make every decision (for both seats) until the game is over; return how many it made."""
    if type(bot) is RandomBot:
        return _play_out_random(state, bot, max_actions)
    count = 0
    while not state.is_over:
        if count >= max_actions:
            raise RuntimeError(f"bot_stalled: the game did not end within {max_actions} actions")
        state.apply(bot.choose(state))
        count += 1
    return count


def _play_out_random(state: GameState, bot: RandomBot, max_actions: int) -> int:
    """`play_out` for the random bot, which bulk simulation and the engine benchmark run by the thousand: the same
    choices as `RandomBot.choose` (`Random._randbelow` written out: the very same draws from the same generator),
    applied with `apply_legal`, since an action picked from the state's own list needs no search to be checked."""
    getrandbits = bot.rng.getrandbits
    apply_legal = state.apply_legal  # leaves no list cached: each state's list is generated afresh below
    count = 0
    while state.phase != "over":
        if count >= max_actions:
            raise RuntimeError(f"bot_stalled: the game did not end within {max_actions} actions")
        actions = state._legal = generate_actions(state)
        n = len(actions)
        if not n:
            raise ValueError("no legal action: the game is over")
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        apply_legal(actions[r])
        count += 1
    return count


def _turn_of(state: GameState) -> Any:
    tick = getattr(state, "tick", None)
    return tick if tick is not None else state.view()["turn"]
