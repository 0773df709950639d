"""The Cataclysm rules engine: pure Python, no Django. See rules/ENGINE.md."""
ENGINE_VERSION = "1.0.0"

from .native import install as _install_compiled  # noqa: E402

# The hot modules' compiled form (rules/engine/native.py), where a fresh build exists; () when all run as plain Python.
COMPILED = _install_compiled()

# The state first: it loads the rule modules (execute, flow, effects…) in the order their compiled form needs, before
# the modules on top of them (setup, serialize, scenario, records) import any one of them directly.
from .state import GameState  # noqa: E402

# isort: split
from .actions import Action  # noqa: E402
from .errors import GameDataError, IllegalAction  # noqa: E402
from .records import replay  # noqa: E402
from .scenario import load_scenario  # noqa: E402
from .setup import DeckSpec, new_game  # noqa: E402

# isort: split
# Last: the cpu:* players register with the bots once everything above is loaded.
from . import cpu, expert  # noqa: E402,F401  (register the cpu:* players with the bots)

__all__ = ["ENGINE_VERSION", "Action", "DeckSpec", "GameDataError", "GameState", "IllegalAction", "load_scenario",
           "new_game", "replay"]
