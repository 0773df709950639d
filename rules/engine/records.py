"""Records and replay: a game rebuilt from `GameState.record()` — its decks, seating, seed, variants (or scenario)
and action ids — on top of setup, scenarios and the state codec (serialize.py)."""
from __future__ import annotations

from typing import Any, Mapping

from .catalogue import Catalogue
from .errors import GameDataError, IllegalAction
from .game import GameState
from .scenario import load_scenario
from .serialize import _decks, _need
from .setup import new_game


def replay(catalogue: Catalogue, record: Mapping[str, Any]) -> GameState:
    """Rebuild a game from `record()` output: same decks, seat, seed and action ids give the same state."""
    if not isinstance(record, Mapping):
        raise GameDataError("a record must be a JSON object")
    actions = _need(record, "actions", list, "record")
    data_hash = record.get("data_hash")
    if data_hash and data_hash != catalogue.data_hash:
        raise GameDataError(f"the record was played with card data {data_hash}; this catalogue is "
                            f"{catalogue.data_hash}")
    if record.get("scenario") is not None:
        g = load_scenario(catalogue, record["scenario"])
    else:
        decks = _decks(_need(record, "decks", list, "record"))
        g = new_game(catalogue, decks, seating=_need(record, "seating", str, "record"),
                     seed=_need(record, "seed", int, "record"), variants=record.get("variants") or ())
    for n, action_id in enumerate(actions):
        try:
            g.apply(action_id)
        except IllegalAction as exc:
            raise GameDataError(f"action #{n + 1} '{action_id}' is not legal in the replayed game: {exc}") from exc
    return g
