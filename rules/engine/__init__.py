"""The Cataclysm rules engine: pure Python, no Django. See rules/ENGINE.md and its layers in ARCHITECTURE.md."""
# First: importing `native` installs the hot modules' compiled form (rules/engine/native.py), where a fresh build
# exists, before any of them is imported; COMPILED names them, () when all run as plain Python.
from .native import COMPILED

# isort: split
from . import cpu, expert, quick  # noqa: F401  (the cpu:* players, registered with the bots as they are imported)
from .actions import Action
from .errors import GameDataError, IllegalAction
from .game import GameState
from .records import replay
from .scenario import load_scenario
from .setup import DeckSpec, new_game
from .version import ENGINE_VERSION

__all__ = ["COMPILED", "ENGINE_VERSION", "Action", "DeckSpec", "GameDataError", "GameState", "IllegalAction",
           "load_scenario", "new_game", "replay"]
