"""Saving, loading, records and replay; scenarios (rules/SCENARIOS.md)."""
import copy
import json
import random

import pytest

from rules.engine import ENGINE_VERSION, GameDataError, GameState, load_scenario, new_game, replay
from tests.rules.conftest import basic_deck, do, lemurian_deck, play_randomly
from tests.rules.test_pyramid import discharging


def midgame(cat, seed=3, steps=120):
    g = new_game(cat, [basic_deck(), lemurian_deck()], seed=seed)
    play_randomly(g, random.Random(seed), max_steps=steps)
    return g


def test_to_json_is_plain_json_and_loads_back_equal(cat):
    g = midgame(cat)
    data = g.to_json()
    again = GameState.from_json(json.loads(json.dumps(data)), cat)
    assert again == g and again.digest() == g.digest()
    assert [a.id for a in again.legal_actions()] == [a.id for a in g.legal_actions()]
    assert again.events == g.events


def test_clone_is_independent(cat):
    g = midgame(cat)
    c = g.clone()
    assert c == g
    c.apply(c.legal_actions()[-1])
    assert c != g and g.digest() == midgame(cat).digest()


def test_a_clone_in_an_edge_discharge_keeps_its_own_tally_of_what_was_deflected(cat):
    """The discharge under way is copied, not shared: a search that plays a Deflect out in a clone must not change the
    damage the real game's players have deflected (rulebook, Edge Discharge)."""
    g = discharging(cat)
    do(g, "absorb", "dr-veylan", n=1)
    do(g, "deflect", n=9)
    before = [list(g.discharge["deflected"]), g.discharge["edge"], g.discharge["returns"]]
    c = g.clone()
    assert c.discharge == g.discharge
    c.discharge["deflected"][0] += 3
    assert [list(g.discharge["deflected"]), g.discharge["edge"], g.discharge["returns"]] == before


def test_a_clone_carries_every_field_of_the_state(cat):
    """`clone()` names the fields it shares (the compiled form keeps them out of the instance dict): a field added to
    GameState and forgotten there would be None in a compiled clone, so every declared field is checked by name."""
    import re
    from pathlib import Path

    import rules.engine
    declared = Path(rules.engine.__file__).with_name("state.pxd").read_text(encoding="utf-8")
    fields = [name for line in re.findall(r"^    cdef public \w+ (.+)$", declared, re.M)
              for name in re.split(r",\s*", line.strip())]
    assert {"tb", "phase", "history", "cards", "_offer_memo"} <= set(fields)
    g = midgame(cat)
    c = g.clone()
    for name in fields:
        assert (getattr(c, name) is None) == (getattr(g, name) is None), name
        assert type(getattr(c, name)) is type(getattr(g, name)), name


def test_same_seed_and_actions_give_the_same_digest(cat):
    assert midgame(cat, seed=7).digest() == midgame(cat, seed=7).digest()
    assert midgame(cat, seed=7).digest() != midgame(cat, seed=8).digest()


def test_record_replays_to_the_same_state(cat):
    g = midgame(cat, seed=11, steps=300)
    record = g.record()
    assert set(record) == {"engine_version", "data_hash", "decks", "seating", "seed", "variants", "card_ids",
                           "actions"}
    assert record["card_ids"] == "drawn"   # how its cards were numbered (test_card_ids.py)
    assert record["variants"] == []   # the printed rules: no variant switched on
    assert record["engine_version"] == ENGINE_VERSION and record["data_hash"] == cat.data_hash
    again = replay(cat, json.loads(json.dumps(record)))
    assert again.digest() == g.digest()


def test_replay_refuses_other_card_data_and_illegal_actions(cat):
    record = midgame(cat, steps=20).record()
    with pytest.raises(GameDataError, match="card data"):
        replay(cat, {**record, "data_hash": "0000"})
    with pytest.raises(GameDataError, match="not legal"):
        replay(cat, {**record, "actions": record["actions"] + ["summon.0.999.DC9"]})


def test_scenario_games_record_their_scenario_and_replay(cat):
    g = load_scenario(cat, {"players": [{"hero": "dr-veylan", "board": ["dark-current"],
                                         "deck": ["dark-current"] * 3}, None]})
    do(g, "tap", "dark-current")
    do(g, "end_turn")
    assert replay(cat, g.record()).digest() == g.digest()


def broken(data, path, value):
    data = copy.deepcopy(data)
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize("path,value,message", [
    (("players",), KeyError, "missing 'players'"),
    (("cards", 0, "slug"), "no-such-card", "unknown card"),
    (("cards", 3, "zone"), "limbo", "unknown zone"),
    (("cards", 3, "damage"), -2, "negative"),
    (("edges", 0, "charge"), 25, "outside"),
    (("phase",), "brunch", "unknown phase"),
    (("engine_version",), "0.1", "engine"),
    (("players", 0, "pool"), [1, 2], "pool"),
    (("rng",), "zz", "hexadecimal"),
    (("pyramid", 0), "kalen-vos", "not a Pyramid card"),
    (("players", 0, "hand", 0), 99999, "does not exist"),
    (("cards", 3, "charge"), 2**70, "out of range"),   # held in a C long by the compiled form (model.pxd)
    (("cards", 3, "shield"), -2**40, "out of range"),
    (("tick",), 2**64, "out of range"),
])
def test_from_json_names_what_is_wrong(cat, path, value, message):
    data = midgame(cat).to_json()
    with pytest.raises(GameDataError, match=message):
        GameState.from_json(broken(data, path, value), cat)


def test_from_json_finds_a_card_in_two_places(cat):
    data = midgame(cat).to_json()
    data["players"][0]["hand"].append(data["players"][0]["deck"][0])
    with pytest.raises(GameDataError, match="two places|says zone"):
        GameState.from_json(data, cat)


def test_from_json_refuses_something_that_is_not_a_game(cat):
    with pytest.raises(GameDataError):
        GameState.from_json([], cat)


@pytest.mark.parametrize("scenario,message", [
    ({"players": [{"hero": "kalen-vos"}, None]}, "not a Hero"),
    ({"players": [{"hero": "dr-veylan", "hand": ["nope"]}, None]}, "unknown card"),
    ({"players": [{"hero": "dr-veylan", "board": ["phase-cutter"]}, None]}, "by itself"),
    ({"players": [{"hero": "dr-veylan", "board": [{"card": "heartstone", "equipment": ["phase-cutter"]}]}, None]},
     "only be attached to a Person"),
    ({"players": [{"hero": "dr-veylan"}, None], "phase": "lunch"}, "phase"),
    ({"players": [{"hero": "dr-veylan"}]}, "two entries"),
    ({"players": [{"hero": "dr-veylan", "pool": {"XX": 1}}, None]}, "unknown energy"),
    ({"players": [{"hero": "dr-veylan"}, None], "pyramid": {"edges": [21, 0, 0, 0]}}, "charge must be"),
    ({"players": [{"hero": "dr-veylan", "board": [{"card": "kalen-vos", "damage": 2}]}, None]}, "destroyed"),
    ({"players": [None, {"hero": "dr-veylan"}], "active": 0}, "goldfish"),
    ({"players": [{"hero": "dr-veylan", "board": [{"card": "kalen-vos", "damage": 10**30}]}, None]}, "0–999"),
])
def test_scenario_errors_are_clear(cat, scenario, message):
    with pytest.raises(GameDataError, match=message):
        load_scenario(cat, scenario)


def test_scenario_deck_is_listed_top_first(cat):
    g = load_scenario(cat, {"players": [{"hero": "dr-veylan", "deck": ["kalen-vos", "heartstone"]}, None],
                            "phase": "turn_start"})
    assert [g.cards[i].slug for i in g.players[0].hand] == ["kalen-vos"]


def test_finished_game_round_trips(cat):
    g = new_game(cat, [basic_deck(), None], seed=2)
    play_randomly(g, random.Random(2))
    assert g.is_over
    again = GameState.from_json(json.loads(json.dumps(g.to_json())), cat)
    assert again.result() == g.result() and again.is_over
