"""Games saved by engine 1.0.0 still load and replay exactly (issue 31).

Engine 1.1.0 draws the order in which a deck's cards take their numbers; 1.0.0 numbered them in decklist order, and
its saved games' action ids name those numbers. data/legacy_games.json was written by engine 1.0.0 itself (commit
8223614, before the change; never regenerate it): four games of the frozen test card set (a goldfish game, a duel,
a diagonal duel under the tide variant, a scenario game), each with its record as the site stores it (engine
version, decks, seating, seed, variants, actions), a snapshot after 40 decisions (the site's `state` column, events
left out), the digests 1.0.0 computed and a hash of its final state.

A state's JSON and digest include the version of the engine that wrote it, so a game rebuilt by 1.1.0 is compared
with 1.0.0's apart from that stamp: everything else, every card's number included, must be the same.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from rules.engine import ENGINE_VERSION, GameDataError, GameState, replay

LEGACY = json.loads((Path(__file__).parent / "data" / "legacy_games.json").read_text(encoding="utf-8"))["games"]


def unstamped(g: GameState) -> dict:
    """The state's JSON without the event log (never in a digest) and without the writing engine's version."""
    data = json.loads(json.dumps(g.to_json()))
    assert data.pop("engine_version") == ENGINE_VERSION
    data.pop("events")
    return data


def state_hash(g: GameState) -> str:
    return hashlib.sha256(json.dumps(unstamped(g), sort_keys=True, separators=(",", ":")).encode()).hexdigest()


@pytest.mark.parametrize("name", sorted(LEGACY))
def test_a_record_saved_by_1_0_replays_to_the_same_game(cat, name):
    saved = LEGACY[name]
    record = saved["record"]
    assert record["engine_version"] == "1.0.0" and "card_ids" not in record
    g = replay(cat, record)
    assert state_hash(g) == saved["final_hash"]
    assert g.card_ids == "listed" and g.record()["card_ids"] == "listed"
    assert state_hash(replay(cat, g.record())) == saved["final_hash"]   # its record, saved again, still does


@pytest.mark.parametrize("name", sorted(LEGACY))
def test_a_snapshot_saved_by_1_0_loads_unchanged_and_plays_on(cat, name):
    saved = LEGACY[name]
    snapshot = saved["snapshot"]
    g = GameState.from_json(snapshot, cat)
    assert g.card_ids == "listed"
    assert unstamped(g) == {k: v for k, v in snapshot.items() if k != "engine_version"}   # no new key either
    for action in saved["record"]["actions"][len(g.action_ids):]:
        g.apply(action)
    assert state_hash(g) == saved["final_hash"]


def test_the_version_a_record_names_decides_its_numbering(cat):
    """The same log under 1.1.0's numbering is another game: the version stored with a game is what replays it."""
    saved = LEGACY["duel_seed2"]
    record = {**saved["record"], "engine_version": "1.1.0"}
    try:
        other = state_hash(replay(cat, record))
    except GameDataError:   # an action id naming a card that is now elsewhere
        other = None
    assert other != saved["final_hash"]
    assert state_hash(replay(cat, {**record, "card_ids": "listed"})) == saved["final_hash"]
    no_version = {k: v for k, v in record.items() if k != "engine_version"}
    assert state_hash(replay(cat, no_version)) == saved["final_hash"]   # saved before versions were recorded


@pytest.mark.parametrize("bad", ["one", "1", [1, 0]])
def test_a_record_with_an_unreadable_version_is_refused_clearly(cat, bad):
    record = {**LEGACY["goldfish_seed1"]["record"], "engine_version": bad}
    with pytest.raises(GameDataError, match="engine_version"):
        replay(cat, record)


def test_an_unknown_numbering_is_refused(cat):
    with pytest.raises(GameDataError, match="card_ids"):
        GameState.from_json({**LEGACY["goldfish_seed1"]["snapshot"], "card_ids": "sorted"}, cat)
    with pytest.raises(GameDataError, match="card_ids"):
        replay(cat, {**LEGACY["goldfish_seed1"]["record"], "card_ids": "sorted"})
