"""The engine state of a table at a version, kept per process: the three sockets of a table (and the next decision)
are answered from one load instead of three. Keyed by (table id, version, catalogue version), so a kept state is
exactly the row's; the row stays the only truth (every write is conditional on its version)."""
from __future__ import annotations

from cards.catalogue import DerivedCache, catalogue_version, get_catalogue
from rules.engine import GameState
from rules.live.shared import load_state
from rules.models import Table

STATES = DerivedCache(maxsize=512)


def _key(table: Table) -> tuple:
    return table.pk, table.version, catalogue_version()


def state_of(table: Table) -> GameState | None:
    """The table's state at its version, to read (never change it: `for_write` gives a copy); None before a game."""
    if not table.actions and not table.state:
        return None
    state = STATES.get(_key(table))
    if state is None:
        state = load_state(table, get_catalogue())
        STATES.put(_key(table), state)
    return state


def for_write(table: Table) -> GameState:
    """A copy of the table's state that a decision may change."""
    return state_of(table).clone()


def keep(table: Table, state: GameState) -> None:
    """Remember the state just saved at the table's new version."""
    if state.cat is get_catalogue():
        STATES.put(_key(table), state)
