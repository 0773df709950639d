"""The greedy player casts its Instants where they pay and holds them where nothing does (issue 35,
rules/engine/greedy_instants.py): positions from rules/SCENARIOS.md with the other player's ability on the stack."""
from __future__ import annotations

import pytest

from rules.engine import load_scenario
from rules.engine.catalogue import load_catalogue
from rules.engine.greedy import GreedyBefore, GreedyBot


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()


def window(catalogue, mine, theirs, stack, hero="mayor-vaelis"):
    """Player 2 (Player 1's opponent, active) has put `stack` on the stack; Player 1 (the greedy player) holds
    priority with one untapped Light and one Dark Current in its pool."""
    data = {"players": [{"hero": hero, "deck": ["dark-current"] * 5, "pool": {"LC": 1, "DC": 1}, **mine},
                        {"hero": "elder-maru", "deck": ["dark-current"] * 5, **theirs}],
            "phase": "action", "active": 1, "stack": stack, "priority": 1}
    return load_scenario(catalogue, data)


def settle(state, bot):
    """Player 1's greedy choices until the stack has resolved, Player 2 passing; return what Player 1 did."""
    done = []
    while state.stack or state.building is not None or state.pending:
        actions = state.legal_actions()
        if state.current_player == 0:
            action = bot.choose(state)
            done.append(action)
        else:
            action = next((a for a in actions if a.kind == "pass"), actions[0])
        state.apply(action)
    return done


def alive(state, slug, player=0):
    return any(state.cards[i].slug == slug for i in state.players[player].board)


def lancer_strikes(damage):
    return [{"card": "crystal-lancer", "player": 2, "ability": 1, "targets": ["P1 ebb-mediator"]}], damage


def test_ward_against_damage_that_would_destroy_a_person(catalogue):
    stack, _ = lancer_strikes(1)
    state = window(catalogue, {"board": [{"card": "ebb-mediator", "damage": 1}], "hand": ["bright-bulwark"]},
                   {"board": ["crystal-lancer"]}, stack)
    done = settle(state, GreedyBot(0))
    assert [a.kind for a in done][0] == "cast" and done[0].args[1] == "bright-bulwark"
    assert alive(state, "ebb-mediator")


def test_shield_against_a_pending_destroy(catalogue):
    stack = [{"card": "song-of-severance", "player": 2, "ability": 1, "targets": ["P1 tidebreaker-kessa"]}]
    state = window(catalogue, {"board": ["tidebreaker-kessa"], "hand": ["glass-wall"]}, {}, stack)
    done = settle(state, GreedyBot(0))
    assert done[0].kind == "cast" and done[0].args[1] == "glass-wall"
    assert alive(state, "tidebreaker-kessa")


def test_lethal_damage_on_the_unit_about_to_hit(catalogue):
    stack, _ = lancer_strikes(0)
    state = window(catalogue, {"board": ["ebb-mediator"], "hand": ["crackling-jolt"]},
                   {"board": [{"card": "crystal-lancer", "damage": 1}]}, stack, hero="dr-veylan")
    done = settle(state, GreedyBot(0))
    assert done[0].kind == "cast" and done[0].args[1] == "crackling-jolt"
    assert not alive(state, "crystal-lancer", player=1)


def test_holds_its_instants_against_chip_damage(catalogue):
    """One point at a full-health Hero: neither a Ward nor a Shield pays for itself; both stay in hand."""
    stack = [{"card": "crystal-lancer", "player": 2, "ability": 1, "targets": ["P1 ebb-mediator"]}]
    state = window(catalogue, {"board": ["ebb-mediator", "tidebreaker-kessa"], "hand": ["bright-bulwark"]},
                   {"board": ["crystal-lancer"]}, stack)
    state.cards[next(i for i in state.players[0].board if state.cards[i].slug == "ebb-mediator")].ward = 1
    done = settle(state, GreedyBot(0))
    assert all(a.kind == "pass" for a in done)
    assert [state.cards[i].slug for i in state.players[0].hand] == ["bright-bulwark"]


def test_the_greedy_player_before_issue_35_let_the_person_die(catalogue):
    """What the benchmark's "before" plays: it passed, and the Person was destroyed."""
    stack, _ = lancer_strikes(1)
    state = window(catalogue, {"board": [{"card": "ebb-mediator", "damage": 1}], "hand": ["bright-bulwark"]},
                   {"board": ["crystal-lancer"]}, stack)
    done = settle(state, GreedyBefore(0))
    assert [a.kind for a in done] == ["pass"]
    assert not alive(state, "ebb-mediator")


def test_before_the_cataclysm_it_wards_its_hero_rather_than_keep_the_card(catalogue):
    """Every edge a charge from locking: the Cataclysm comes next, and a Ward kept in hand would be worth nothing."""
    def turn(edges):
        data = {"players": [{"hero": "mayor-vaelis", "deck": ["dark-current"] * 5, "hand": ["bright-bulwark"],
                             "board": ["light-current"]}, {"hero": "elder-maru", "deck": ["dark-current"] * 5}],
                "phase": "action", "pyramid": {"edges": edges}}
        state = load_scenario(catalogue, data)
        bot = GreedyBot(0)
        while state.current_player == 0 and not state.is_over and state.phase == "action":
            action = bot.choose(state)
            state.apply(action)
            if action.kind == "end_turn":
                break
        return [state.cards[i].slug for i in state.players[0].hand]

    assert turn([19, 19, 19, 19]) == []
    assert turn([5, 5, 5, 5]) == ["bright-bulwark"]
