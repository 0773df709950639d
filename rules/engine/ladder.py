"""The ladder CPU (`cpu:normal`): the Arcade sheet's CPU, adapted to Cataclysm (rules/CPU.md).

In its Action Phase it climbs a five-rung ladder, LETHAL, DEPLOY, SPECIAL, ATTACK, PASS, and takes the first rung
that offers a move (the rungs, what each takes and the personalities are data: rules/engine/cpu.yaml). Its hand is a
Queue: DEPLOY plays the first card in hand order it can pay for. It taps Energy for what it chose and pays as the
hard player would. Its targets follow the Personality of its Hero's faction; ties follow the Golden Rule (what
takes the most Legacy from the other side now, then the lowest HP left, then the earliest card). Traps fire by
themselves: in a reaction window it answers with a defensive reaction only an ability that would destroy one of its
characters. What the sheet leaves to the player (mulligan, who goes first, Edge Discharge, Arc Burn, the Cataclysm's
damage) it decides as the hard player does, with the same small functions (`greedy.py`, `greedy_value.py`).

It reads only its own hand and the public board, and draws no random number: the same state, the same choice.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from .actions import Action
from .game import GameState
from .greedy import GreedyBot, _score_edge, _score_target, _target_context
from .greedy_pay import _affordable, _pay_of, _pay_score, _tap_for, _typed_demand
from .greedy_value import (
    DAMAGING,
    EDGE_ADDING,
    _ability_gain,
    _enemy_damage_gain,
    _safe_host,
    _Side,
    usable_abilities,
)
from .tables import EDGE_NAMES, cost_vector

POLICY_PATH = Path(__file__).with_name("cpu.yaml")
BUY_VERBS = {"person": "summon", "instant": "cast", "artifact": "equip", "enchantment": "equip"}


@lru_cache(maxsize=1)
def policy() -> dict[str, Any]:
    """The ladder, personalities, traps and difficulty switches (rules/engine/cpu.yaml), read once."""
    with open(POLICY_PATH, encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def personality(g: GameState, p: int) -> dict[str, Any]:
    """The targeting personality of player p's Hero's faction (the Trickster when it has no faction)."""
    data = policy()
    hero = g.players[p].hero
    faction = g.cards[hero].info.faction if hero >= 0 else None
    if faction is None:
        hero_slug = g.decks[p].hero if g.decks[p] is not None else None
        faction = g.tb.info[hero_slug].faction if hero_slug in g.tb.info else None
    return data["personalities"][data["factions"].get(faction or "", "trickster")]


class LadderPlayer:
    """The decisions of the ladder CPU; `choose` returns (action, reason)."""

    def __init__(self) -> None:
        self.greedy = GreedyBot()

    def choose(self, g: GameState, actions: list[Action]) -> tuple[Action, str]:
        p = g.current_player
        kinds = {a.kind for a in actions}
        if "end_turn" in kinds:
            return climb(g, p, actions)
        if kinds & {"target", "assign"}:
            return choose_target(g, p, actions)
        if "pass" in kinds and g.stack:
            trap = spring_trap(g, p, actions)
            if trap is not None:
                return trap, f"TRAP: {trap.label}"
        action = self.greedy.choose(g)
        return action, action.label


# ---------------------------------------------------------------- the Action Phase: the ladder
def climb(g: GameState, p: int, actions: list[Action]) -> tuple[Action, str]:
    """The first rung with a move; each rung's move is a legal action now (or the Energy to tap for it)."""
    by_kind: dict[str, list[Action]] = {}
    for a in actions:
        by_kind.setdefault(a.kind, []).append(a)
    side = _Side(g, p)
    for rung in policy()["rungs"]:
        if rung["name"] == "PASS":
            break
        move = rung_move(g, p, rung, side, by_kind)
        if move is not None:
            return move, f"{rung['name']}: {move.label}"
    store = pass_move(g, p, side, by_kind)
    return store, f"PASS: {store.label}"


def rung_move(g: GameState, p: int, rung: dict, side: _Side, by_kind: dict) -> Action | None:
    player = g.players[p]
    cards = g.cards
    if "plays" in rung:
        plays = set(rung["plays"])
        if "energy" in plays and "play_energy" in by_kind:
            return by_kind["play_energy"][0]
        seen: set[str] = set()
        for iid in player.hand:   # the Queue: hand order, the first it can pay for
            info = cards[iid].info
            if info.type not in plays or info.type == "energy" or info.slug in seen:
                continue
            seen.add(info.slug)
            verb = BUY_VERBS.get(info.type, "play")
            verbs = [a for a in by_kind.get(verb, ()) if a.args[1] == info.slug]
            if info.is_equipment:
                verbs = [a for a in verbs if _safe_host(g, a.args[2])]
                if not any(_safe_host(g, i) for i in player.board):
                    continue
            move = _buy(g, p, info.req, info.any, verbs, by_kind)
            if move is not None:
                return move
        return None
    keywords = set(rung.get("does", ()))
    only = rung.get("only")
    for iid, index, ability in usable_abilities(g, p):
        if ability.keyword not in keywords or not _worth(g, p, side, iid, ability, only):
            continue
        req, any_ = cost_vector(ability.cost)
        verbs = [a for a in by_kind.get("activate", ()) if a.args[0] == iid and a.args[2] == index]
        move = _buy(g, p, req, any_, verbs, by_kind)
        if move is not None:
            return move
    for iid in player.hand:
        info = cards[iid].info
        if info.type != "instant":
            continue
        if not any(info.abilities[i].keyword in keywords and _worth(g, p, side, -1, info.abilities[i], only)
                   for i in info.instant):
            continue
        verbs = [a for a in by_kind.get("cast", ()) if a.args[1] == info.slug]
        move = _buy(g, p, info.req, info.any, verbs, by_kind)
        if move is not None:
            return move
    return None


def _worth(g: GameState, p: int, side: _Side, src: int, ability, only: str | None) -> bool:
    """Whether a rung's condition holds for this ability now (see cpu.yaml: only)."""
    if only == "lethal":
        return ability.keyword in DAMAGING and bool(_killable(g, p, ability.amount or 0))
    if only == "helpful":
        return _ability_gain(g, side, src, ability) > 0
    if only == "enemies":
        return side.opp_chars or (ability.keyword == "drain" and side.enemy_charge > 0)
    return True


def _killable(g: GameState, p: int, amount: int) -> list[int]:
    """The other side's characters `amount` damage would destroy (HP left and Ward covered; Shield protects)."""
    cards = g.cards
    return [i for q in g.foes[p] for i in g.players[q].board
            if cards[i].info.is_character and cards[i].shield < g.tick
            and 0 < cards[i].hp_left + cards[i].ward <= amount]


def _buy(g: GameState, p: int, req: tuple, any_: int, verbs: list[Action], by_kind: dict) -> Action | None:
    """The legal action that buys it now (the payment the hard player prefers), or the Energy to tap for it."""
    demand = _typed_demand(g, p)
    if verbs:
        return min(verbs, key=lambda a: (_pay_score(_pay_of(a), demand), a.id))
    pool = list(g.players[p].pool)
    for iid in g.players[p].board:
        card = g.cards[iid]
        if card.info.type == "energy" and not card.tapped:
            pool[card.info.produces] += 1
    if not _affordable(req, any_, pool):
        return None
    return _tap_for(g, p, req, any_, by_kind.get("tap", ()), demand)


def pass_move(g: GameState, p: int, side: _Side, by_kind: dict) -> Action:
    """PASS: with a Battery, tap what is left and store it as counters; then end the turn."""
    if side.battery and side.charge_worth > 0:
        if "tap" in by_kind:
            return by_kind["tap"][0]
        counters = by_kind.get("add_counter", ())
        if counters:
            return counters[0]
    return by_kind["end_turn"][0]


# ---------------------------------------------------------------- targets: personality, then the Golden Rule
def choose_target(g: GameState, p: int, actions: list[Action]) -> tuple[Action, str]:
    context = _target_context(g)
    keyword = context["keyword"]
    mood = personality(g, p)
    options = [(i, a) for i, a in enumerate(actions) if a.kind in ("target", "assign")]
    if keyword in DAMAGING:
        enemies = [(i, a) for i, a in options if isinstance(a.args[2], int) and a.args[2] >= 0
                   and g.cards[a.args[2]].ctrl in g.foes[p]]
        if enemies:
            pick = _prey(g, p, mood, enemies, context)
            return pick, f"{mood['name'].upper()}: {pick.label}"
    if keyword in EDGE_ADDING and mood["edges"] == "theirs":
        theirs = [(i, a) for i, a in options if a.args[2] in EDGE_NAMES
                  and p not in g.edges[EDGE_NAMES.index(a.args[2])].adjacent]
        if theirs:
            best = max(theirs, key=lambda t: (_score_edge(g, p, EDGE_NAMES.index(t[1].args[2]), keyword, 1), -t[0]))
            return best[1], f"{mood['name'].upper()}: {best[1].label}"
    best = max(options, key=lambda t: (_score_target(g, p, t[1].args[2], context), -t[0]))
    return best[1], f"GOLDEN RULE: {best[1].label}"


def _prey(g: GameState, p: int, mood: dict, enemies: list[tuple[int, Action]], context: dict) -> Action:
    cards = g.cards
    amount = context["amount"]

    def golden(t: tuple[int, Action]) -> tuple:
        """What hurts the other side most now, then the lowest HP left, then the earliest."""
        iid = t[1].args[2]
        return (-_enemy_damage_gain(g, iid, amount, context["already"].get(iid, 0)), cards[iid].hp_left, t[0])

    heroes = [t for t in enemies if cards[t[1].args[2]].info.type == "hero"]
    people = [t for t in enemies if cards[t[1].args[2]].info.type == "person"]
    if mood["prey"] == "best_kill":
        kills = [t for t in people if cards[t[1].args[2]].hp_left + cards[t[1].args[2]].ward <= amount]
        if kills:
            return max(kills, key=lambda t: (cards[t[1].args[2]].info.legacy_mult * cards[t[1].args[2]].hp_left,
                                             -t[0]))[1]
        if heroes:
            return heroes[0][1]
    elif mood["prey"] == "hero" and heroes:
        return heroes[0][1]
    elif mood["prey"] == "alternate":
        if g.tick % 2 == 0 and heroes:
            return heroes[0][1]
        if people:
            return min(people, key=lambda t: (cards[t[1].args[2]].hp_left, t[0]))[1]
    return min(enemies, key=golden)[1]


# ---------------------------------------------------------------- Traps
def spring_trap(g: GameState, p: int, actions: list[Action]) -> Action | None:
    """A defensive reaction, only against an ability of the other player's that would destroy my character."""
    top = g.stack[-1]
    if top.ctrl == p or not _lethal_to_me(g, p, top):
        return None
    traps = set(policy()["traps"])
    for a in actions:
        if a.kind == "react":
            ability = g.cards[a.args[0]].info.abilities[a.args[2]]
        elif a.kind == "cast":
            info = g.tb.info[a.args[1]]
            ability = next((info.abilities[i] for i in info.instant), None)
        else:
            continue
        if ability is not None and ability.keyword in traps:
            return a
    return None


def _lethal_to_me(g: GameState, p: int, item) -> bool:
    cards = g.cards
    for effect in item.effects:
        ability = cards[item.src].info.abilities[effect[0]]
        if ability.keyword not in DAMAGING:
            continue
        for target in effect[2]:
            if isinstance(target, int) and target >= 0 and cards[target].ctrl == p \
                    and cards[target].info.is_character \
                    and cards[target].hp_left + cards[target].ward <= effect[1]:
                return True
    return False
