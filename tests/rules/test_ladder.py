"""The ladder CPU (rules/engine/ladder.py, policy in rules/engine/cpu.yaml): set up a board, let it act, check the
rung, the personality, the Golden Rule and the traps of the Arcade sheet as rules/CPU.md maps them."""
from __future__ import annotations

import pytest

from rules.engine import load_scenario
from rules.engine.bots import BOTS, play_turn
from rules.engine.catalogue import load_catalogue
from rules.engine.cpu import LEVELS, LadderCpu
from rules.engine.ladder import personality, policy


class Ladder(LadderCpu):
    """The ladder without the dip switches' mistakes: every choice is the ladder's own."""

    level = "ladder"


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()


def duel(catalogue, me, them, **kw):
    """Player 1 (the CPU) in its Action Phase against Player 2."""
    data = {"players": [{"deck": ["dark-current"] * 5, **me}, {"deck": ["dark-current"] * 5, **them}],
            "phase": "action", **kw}
    return load_scenario(catalogue, data)


def people(state, player):
    return [p["card"] for p in state.view()["players"][player]["people"]]


def test_the_ladder_and_levels_are_data():
    rungs = [rung["name"] for rung in policy()["rungs"]]
    assert rungs == ["LETHAL", "DEPLOY", "SPECIAL", "ATTACK", "PASS"]
    assert set(policy()["factions"].values()) == set(policy()["personalities"])
    assert {name: level["plays"] for name, level in LEVELS.items()} == {
        "easy": "ladder", "normal": "ladder", "hard": "greedy", "quick": "quick", "expert": "search"}
    assert issubclass(BOTS["cpu:normal"], LadderCpu) and issubclass(BOTS["cpu:easy"], LadderCpu)


def test_deploy_plays_the_hand_as_a_queue_first_card_it_can_pay_for(catalogue):
    """The hard player buys the most Legacy (the Uncommon); the ladder plays its hand left to right."""
    state = duel(catalogue, {"hero": "dr-veylan", "board": ["dark-current"] * 3,
                             "hand": ["kalen-vos", "voltaic-duelist"]}, {"hero": "elder-maru"})
    cpu = Ladder(0)
    cpu.choose(state)
    assert cpu.last_reason.startswith("DEPLOY: ")
    play_turn(state, cpu)
    assert people(state, 0) == ["kalen-vos"]


def test_lethal_comes_before_deploy(catalogue):
    """Crystal Lancer can destroy the other side's wounded Person: it does that before playing its hand."""
    state = duel(catalogue, {"hero": "mayor-vaelis", "board": ["dark-current"] * 2 + ["crystal-lancer"],
                             "hand": ["kalen-vos"]},
                 {"hero": "elder-maru", "board": [{"card": "thorn-chanter", "damage": 1}]})
    cpu = Ladder(0)
    while True:
        action = cpu.choose(state)
        if not action.kind.startswith("tap"):
            break
        state.apply(action)
    assert cpu.last_reason.startswith("LETHAL: ") and action.kind == "activate"


def cpu_turn(state, cpu):
    """Let the CPU (Player 1) play its turn, Player 2 passing priority; return the rung of each of its choices."""
    reasons = []
    for _ in range(60):
        if state.is_over or state.active != 0 or state.phase != "action":
            break
        if state.current_player == 1:
            state.apply(next(a for a in state.legal_actions() if a.kind == "pass"))
            continue
        action = cpu.choose(state)
        reasons.append(cpu.last_reason.split(":")[0])
        state.apply(action)
    return reasons


def test_without_a_kill_the_ladder_deploys_first_attacks_after_and_stores_the_rest(catalogue):
    state = duel(catalogue, {"hero": "mayor-vaelis", "board": ["dark-current"] * 4 + ["crystal-lancer", "heartstone"],
                             "hand": ["kalen-vos"]},
                 {"hero": "elder-maru", "board": ["the-rootmother"]})
    reasons = [r for r in cpu_turn(state, Ladder(0)) if r != "ONLY CHOICE"]
    assert "LETHAL" not in reasons
    rungs = [r for r in dict.fromkeys(reasons) if r in ("DEPLOY", "ATTACK", "PASS")]
    assert rungs == ["DEPLOY", "ATTACK", "PASS"], reasons
    assert people(state, 0) == ["crystal-lancer", "kalen-vos"]


@pytest.mark.parametrize("hero,expected", [("dr-veylan", "the Predator"), ("mayor-vaelis", "the Machine"),
                                           ("lethan", "the Trickster")])
def test_the_personality_is_the_heros_factions(catalogue, hero, expected):
    state = duel(catalogue, {"hero": hero}, {"hero": "elder-maru"})
    assert personality(state, 0)["name"] == expected


def test_the_predator_destroys_the_person_it_can_and_the_machine_goes_for_the_hero(catalogue):
    picks = {}
    for hero in ("dr-veylan", "mayor-vaelis"):
        state = duel(catalogue, {"hero": hero, "board": ["dark-current", "kalen-vos"]},
                     {"hero": "elder-maru", "board": [{"card": "bramble-zealot", "damage": 1}, "thorn-chanter"]})
        cpu = Ladder(0)
        for _ in range(20):
            kinds = {a.kind for a in state.legal_actions()}
            if "target" in kinds:
                action = cpu.choose(state)
                picks[hero] = (state.cards[action.args[2]].slug, cpu.last_reason)
                break
            state.apply(cpu.choose(state))
    assert picks["dr-veylan"][0] == "bramble-zealot" and picks["dr-veylan"][1].startswith("THE PREDATOR: ")
    assert picks["mayor-vaelis"][0] == "elder-maru" and picks["mayor-vaelis"][1].startswith("THE MACHINE: ")


def trap_board(catalogue, damage):
    """Player 2's Crystal Lancer has struck at Player 1's Ebb Mediator (2 HP, `damage` already taken); Player 1
    (Lethan) holds priority with an untapped Dark Current for its Hero's reaction Ward."""
    return duel(catalogue,
                {"hero": "lethan", "board": [{"card": "ebb-mediator", "damage": damage}, "dark-current"],
                 "pool": {"DC": 1}},
                {"hero": "elder-maru", "board": ["crystal-lancer"]},
                active=1, stack=[{"card": "crystal-lancer", "player": 2, "ability": 1,
                                  "targets": ["P1 ebb-mediator"]}], priority=1)


def test_a_trap_fires_only_to_prevent_a_death(catalogue):
    lethal = trap_board(catalogue, damage=1)
    cpu = Ladder(0)
    action = cpu.choose(lethal)
    assert action.kind == "react" and cpu.last_reason.startswith("TRAP: ")
    chip = trap_board(catalogue, damage=0)
    cpu = Ladder(0)
    cpu.choose(chip)   # no trap: the hard player's choice, which weighs the Ward on its own (issue 35)
    assert not cpu.last_reason.startswith("TRAP: ")
