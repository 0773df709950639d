"""The engine state of a table at a version, kept per process: the three sockets of a table (and the next decision)
are answered from one load instead of three. Keyed by (table id, version, catalogue version), so a kept state is
exactly the row's; the row stays the only truth (every write is conditional on its version)."""
from __future__ import annotations

from cards.catalogue import DerivedCache, catalogue_version, get_catalogue
from rules.engine import GameState, IllegalAction
from rules.models import Table
from rules.play.store import load_state

STATES = DerivedCache(maxsize=512)
LATEST = DerivedCache(maxsize=512)  # table id -> (version, catalogue version, state): the newest this process has


def _key(table: Table) -> tuple:
    return table.pk, table.version, catalogue_version()


def state_of(table: Table) -> GameState | None:
    """The table's state at its version, to read (never change it: `for_write` gives a copy); None before a game."""
    if not table.actions and not table.state:
        return None
    key = _key(table)
    state = STATES.get(key)
    if state is None:
        state = advanced(table) or load_state(table, get_catalogue())
        STATES.put(key, state)
        LATEST.put(table.pk, (table.version, key[2], state))
    return state


def advanced(table: Table) -> GameState | None:
    """The newest state this process holds of the table brought up to the row's log (another process saved the
    decisions since): one or two decisions applied instead of a snapshot decoded or a log replayed. A table's log
    only ever grows, so the held state's decisions are the log's first ones."""
    latest = LATEST.get(table.pk)
    if latest is None or latest[1] != catalogue_version() or latest[0] > table.version:
        return None
    state = latest[2]
    done = len(state.history)
    if done > len(table.actions):
        return None
    if done == len(table.actions):
        return state  # a write that made no decision (a draw offer): the same position
    state = state.clone()
    try:
        for action in table.actions[done:]:
            state.apply(action)
    except IllegalAction:
        return None
    return state


def for_write(table: Table) -> GameState:
    """A copy of the table's state that a decision may change."""
    return state_of(table).clone()


def keep(table: Table, state: GameState) -> None:
    """Remember the state just saved at the table's new version."""
    if state.cat is get_catalogue() or state.cat.data_hash == table.data_hash:  # an older release's never change
        key = _key(table)
        STATES.put(key, state)
        LATEST.put(table.pk, (table.version, key[2], state))
