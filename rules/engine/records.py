"""Records and replay: a game rebuilt from `GameState.record()` — its decks, seating, seed, variants (or scenario),
how its cards were numbered and its action ids — on top of setup, scenarios and the state codec (serialize.py)."""
from __future__ import annotations

from typing import Any, Mapping

from .catalogue import Catalogue
from .decks import card_ids_for
from .errors import GameDataError, IllegalAction
from .game import GameState
from .scenario import load_scenario
from .serialize import _decks, _need
from .setup import new_game


def replay(catalogue: Catalogue, record: Mapping[str, Any]) -> GameState:
    """Rebuild a game from `record()` output: same decks, seat, seed and action ids give the same state.

    The cards are numbered as the record says (`card_ids`), else as the engine that made it did: a stored game
    records its `engine_version`, and one saved by 1.0.0 (or with no version at all) numbered them as listed. Its
    action ids name those numbers, so it replays only so.
    """
    if not isinstance(record, Mapping):
        raise GameDataError("a record must be a JSON object")
    actions = _need(record, "actions", list, "record")
    data_hash = record.get("data_hash")
    if data_hash and data_hash != catalogue.data_hash:
        raise GameDataError(f"the record was played with card data {data_hash}; this catalogue is "
                            f"{catalogue.data_hash}")
    card_ids = record.get("card_ids") or card_ids_for(record.get("engine_version"))
    if record.get("scenario") is not None:
        g = load_scenario(catalogue, record["scenario"], card_ids=card_ids)
    else:
        raw_decks = _need(record, "decks", list, "record")
        decks = _decks(raw_decks, len(raw_decks) if len(raw_decks) in (3, 4) else 2)
        g = new_game(catalogue, decks, seating=_need(record, "seating", str, "record"),
                     seed=_need(record, "seed", int, "record"), variants=record.get("variants") or (),
                     card_ids=card_ids)
    for n, action_id in enumerate(actions):
        try:
            g.apply(action_id)
        except IllegalAction as exc:
            raise GameDataError(f"action #{n + 1} '{action_id}' is not legal in the replayed game: {exc}") from exc
    return g
