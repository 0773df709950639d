"""Scenarios state any position a rules question needs, and refuse what they cannot mean (rules/SCENARIOS.md)."""
from __future__ import annotations

import pytest

from rules.engine import GameDataError, load_scenario, replay
from tests.rules.conftest import do, iid_of

ME = {"hero": "dr-veylan", "deck": ["dark-current"] * 3}
FOE = {"hero": "elder-maru", "deck": ["light-resonance"] * 3}


def load(cat, **data):
    data.setdefault("players", [dict(ME), dict(FOE)])
    data.setdefault("pyramid", {"deck": ["the-pulse"]})
    return load_scenario(cat, data)


@pytest.mark.parametrize("data,where", [
    ({"owner": 1}, "scenario: unknown key 'owner'"),
    ({"players": [{**ME, "hnd": []}, None]}, r"players\[0\]: unknown key 'hnd'"),
    ({"players": [{**ME, "board": [{"card": "kalen-vos", "ownr": 2}]}, None]},
     r"players\[0\].board\[0\]: unknown key 'ownr'"),
    ({"pyramid": {"deck": ["the-pulse"], "edgs": []}}, "scenario.pyramid: unknown key 'edgs'"),
    ({"pyramid": {"edges": [{"charge": 20, "counter": 9}, 0, 0, 0], "deck": ["the-pulse"]}}, "counter"),
    ({"pyramid": {"edges": [{"charge": 5, "counter": 2}, 0, 0, 0], "deck": ["the-pulse"]}}, "only a locked edge"),
    ({"round": 0}, r"scenario.round: must be a whole number"),
    ({"first_player": 2}, "scenario.first_player"),
    ({"players": [{**ME, "board": [{"card": "kalen-vos", "tapped": "yes"}]}, None]}, "tapped: true or false"),
    ({"players": [{**ME, "board": [{"card": "kalen-vos", "owner": 3}]}, None]}, "a player is 1 or 2"),
    ({"players": [{**ME, "hand": [{"card": "kalen-vos", "owner": 2}]}, None]}, "only a card in play"),
    ({"players": [{**ME, "board": [{"card": "kalen-vos", "reacted": [1]}]}, None]}, "not a reaction Passive"),
    ({"stack": [{"card": "kalen-vos", "player": 1, "ability": 1, "targets": ["P2 elder-maru"]}], "phase": "pyramid"},
     "only during a player's turn"),
    ({"stack": [{"card": "kalen-vos", "player": 1, "ability": 1, "targts": []}]}, r"stack\[0\]: unknown key"),
    ({"priority": 1}, "only with items on the stack"),
    ({"discharge": {"edge": "E1"}}, "only with \"phase\": \"discharge\""),
    ({"phase": "discharge", "discharge": {"edge": "E2"}}, "must be locked"),
    ({"phase": "mulligan", "round": 3}, "has not started"),
])
def test_unknown_keys_and_out_of_range_values_are_errors_that_say_where(cat, data, where):
    with pytest.raises(GameDataError, match=where):
        load(cat, **data)


def test_the_mulligan(cat):
    g = load(cat, phase="mulligan", players=[{**ME, "hand": ["kalen-vos"] * 7, "deck": ["dark-current"] * 10},
                                              {**FOE, "hand": ["light-resonance"] * 7}])
    assert g.pending[-1] == {"type": "mulligan", "player": 0}
    assert sorted(a.kind for a in g.legal_actions()) == ["keep", "mulligan"]
    do(g, "mulligan")
    assert g.players[0].mulligans == 1 and len(g.players[0].hand) == 7


def test_the_end_phase_starts_with_arc_burn(cat):
    g = load(cat, phase="arc_burn", players=[{**ME, "pool": {"DC": 2}, "board": ["heartstone"]}, dict(FOE)])
    assert g.pending[-1]["type"] == "arc_burn" and g.current_player == 0
    do(g, "burn")
    assert g.cards[g.players[0].hero].damage == 2


def test_the_middle_of_a_discharge(cat):
    g = load(cat, phase="discharge", pyramid={"edges": [20, 5, 5, 5], "deck": ["the-pulse"]},
             players=[{**ME, "board": ["kalen-vos"]}, dict(FOE)],
             discharge={"edge": "E1", "left": [4, 10], "deflected": [5, 0], "absorbed": {"P1 kalen-vos": 1}})
    assert g.current_player == 0 and g.pending[-1]["left"] == 4
    do(g, "deflect", n=4)
    do(g, "deflect", n=10)   # Player 2 deflects everything too: 19 deflected, 6 back to each
    assert g.discharge["deflected"] == [9, 10] and g.discharge["returns"] == 6
    do(g, "absorb", "dr-veylan", n=6)
    do(g, "absorb", "elder-maru", n=6)
    assert g.cards[iid_of(g, "kalen-vos")].damage == 1 and g.edges[0].charge == 0


def test_a_stack_with_items_and_who_holds_priority(cat):
    g = load(cat, players=[{**ME, "board": ["kalen-vos"]}, {**FOE, "board": ["sorella-venn"]}],
             stack=[{"card": "kalen-vos", "player": 1, "ability": 1, "targets": ["P2 sorella-venn"]},
                    {"card": "deep-roots", "player": 2, "targets": ["P2 sorella-venn"]}],
             priority=1, passes=1)
    assert [i.kind for i in g.stack] == ["enters", "instant"] and g.current_player == 0
    do(g, "pass")   # the second pass in a row: the stack resolves, Deep Roots first
    assert g.stack == [] and g.cards[iid_of(g, "sorella-venn")].damage == 0


def test_owner_is_not_controller_and_temporary_control_returns(cat):
    g = load(cat, players=[{**ME, "board": [{"card": "sorella-venn", "owner": 2, "temporary": True}]}, dict(FOE)])
    card = g.cards[iid_of(g, "sorella-venn")]
    assert card.ctrl == 0 and card.owner == 1 and card.temp == 1
    do(g, "end_turn")
    assert card.ctrl == 1 and card.iid in g.players[1].board
    g = load(cat, players=[{**ME, "board": [{"card": "sorella-venn", "owner": 2}]}, dict(FOE)])
    rows = {r["card"] for r in g.result()["breakdown"][0]}
    assert "sorella-venn" in rows   # Legacy counts what you control, whoever owns it


def test_a_reaction_passive_already_used_this_turn(cat):
    board = [{"card": "spire-warden", "reacted": [1]}]
    g = load(cat, players=[{**ME, "board": board, "pool": {"DC": 2}}, {**FOE, "pool": {"LR": 1}}],
             stack=[{"card": "elder-maru", "player": 2, "ability": 1, "targets": ["P2 elder-maru"]}], priority=1)
    assert not any(a.kind == "react" for a in g.legal_actions())
    fresh = load(cat, players=[{**ME, "board": ["spire-warden"], "pool": {"DC": 2}}, {**FOE, "pool": {"LR": 1}}],
                 stack=[{"card": "elder-maru", "player": 2, "ability": 1, "targets": ["P2 elder-maru"]}], priority=1)
    assert any(a.kind == "react" for a in fresh.legal_actions())


def test_a_scenario_game_replays_from_its_record(cat):
    g = load(cat, players=[{**ME, "board": ["kalen-vos"]}, {**FOE, "board": ["sorella-venn"]}],
             stack=[{"card": "kalen-vos", "player": 1, "ability": 1, "targets": ["P2 sorella-venn"]}], priority=2)
    do(g, "pass")
    do(g, "pass")
    again = replay(cat, g.record())
    assert again.digest() == g.digest() and again.to_json()["scenario"]["stack"]
