"""Errors the engine raises: an illegal move, and bad game data."""
from __future__ import annotations


class IllegalAction(Exception):
    """A move the rules do not allow now; `rule` names the rule, the state is left unchanged."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class GameDataError(ValueError):
    """Saved game, scenario or record data that cannot be loaded; the message says what is wrong."""
