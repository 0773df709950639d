"""Issue 35's tenth lever: a card's counters, ticks, host and controller, the turn's clock, a card definition's costs
and floors, and a pool's funds are C longs in the compiled form (model.pxd, state.pxd, tables.pxd, payment.pxd), a
card's tapped state is a C flag, move generation reads an ability's energy, charge cost and cost id into C longs
(legal.pxd), and an ability's trigger, keyword and target are strs (tables.pxd). A C long or a str refuses
(TypeError, OverflowError) what the plain form would keep: None for a number, a float, a number past 2**63, a number
for a name. So each must hold exactly that type in the plain form too, at every decision of whole games and for
every card of the catalogue, and what a saved game or a scenario reads in is bounded before it gets there. The phase
is tested by identity (`State.ended`), so a phase read in is interned (tests/rules/invariants.py checks every one).
"""
from __future__ import annotations

import json
import random

import pytest

from rules.engine import GameDataError, GameState, new_game
from rules.engine.bots import get_bot
from rules.engine.model import Card
from rules.engine.payment import pool_view
from rules.engine.serialize import SMALL
from rules.engine.tables import tables

CLOCK = ("active", "first", "round", "tick")
COSTS = ("cost_id", "total", "boost_cost_id", "main_floor", "window_floor")


def whole(value) -> bool:
    return type(value) is int and -SMALL <= value <= SMALL


def check_every_number(g) -> None:
    for card in g.cards:
        for name in Card.FIELDS:
            value = getattr(card, name)
            if name == "tapped":
                assert type(value) is bool, (card.slug, name, value)
            elif name not in ("slug", "zone"):
                assert whole(value), (card.slug, name, value)
    for name in CLOCK:
        assert whole(getattr(g, name)), (name, getattr(g, name))
    for player in g.players:
        assert whole(pool_view(g.tb, player.pool).funds)


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_every_number_of_a_card_and_of_the_clock_stays_a_whole_number_through_whole_games(catalogue, decks, bot):
    decisions = 0
    for seed in range(3):
        g = new_game(catalogue, [decks[seed % len(decks)], decks[(seed + 1) % len(decks)]], seed=seed)
        players = [get_bot(bot, seed * 2 + p) for p in range(2)]
        while not g.is_over:
            check_every_number(g)
            g.apply(players[g.current_player].choose(g))
            decisions += 1
        check_every_number(g)
    assert decisions > 300


def test_every_definition_costs_and_floors_in_whole_numbers(catalogue, decks):
    g = new_game(catalogue, decks[:2], seed=5)
    g.legal_actions()   # the floors are set with the offers' rows (offers.py), once the first offers are made
    infos = list(g.tb.info.values())
    assert len(infos) > 100
    for info in infos:
        for name in COSTS:
            assert whole(getattr(info, name)), (info.slug, name)
        for row in info.meta:   # an ability's charge cost, cost id and energy, read into C longs (legal.pxd)
            assert whole(row[2]) and whole(row[5]) and whole(row[6]), (info.slug, row)
        for ability in info.abilities:   # strs in the compiled form (tables.pxd): startswith is a C call
            assert all(type(getattr(ability, name)) is str for name in ("trigger", "keyword", "target")), info.slug
            assert whole(ability.charge_cost) and ability.charge_cost == ability.cost.charge, info.slug  # a C long
    assert all(whole(info.total) for info in tables(catalogue).info.values())


def test_a_saved_game_round_trips_its_numbers_exactly(catalogue, decks):
    g = new_game(catalogue, decks[:2], seed=8)
    rng = random.Random(8)
    for _ in range(150):
        actions = g.legal_actions()
        g.apply(actions[rng.randrange(len(actions))])
    again = GameState.from_json(g.to_json(), catalogue)
    assert [c.to_json() for c in again.cards] == [c.to_json() for c in g.cards]
    assert [getattr(again, n) for n in CLOCK] == [getattr(g, n) for n in CLOCK]
    check_every_number(again)


def test_a_saved_game_with_a_number_too_large_for_the_engine_is_refused_by_name(catalogue, decks):
    data = new_game(catalogue, decks[:2], seed=2).to_json()
    data["cards"][5]["used"] = 2**63
    with pytest.raises(GameDataError, match="'used' is out of range"):
        GameState.from_json(data, catalogue)


def test_a_finished_game_read_back_is_still_over(catalogue, decks):
    """`State.ended` tests the phase by identity (`phase is OVER`), so a phase read in from JSON, a new str, must be
    interned to the engine's own: else a finished game read back would never end."""
    g = new_game(catalogue, decks[:2], seed=4)
    rng = random.Random(4)
    while not g.is_over:
        actions = g.legal_actions()
        g.apply(actions[rng.randrange(len(actions))])
    again = GameState.from_json(json.loads(json.dumps(g.to_json())), catalogue)
    assert again.is_over and again.current_player is None and again.legal_actions() == []


def test_a_card_copy_carries_every_field(catalogue, decks):
    """`Card.copy` names each field (so that the compiled form copies C values): one left out would be lost by
    `clone()`, which the expert and the lab's play-outs use."""
    g = new_game(catalogue, decks[:2], seed=6)
    card = g.cards[7]
    for n, name in enumerate(Card.FIELDS):   # a distinct value in every field
        if name == "tapped":
            card.tapped = True
        elif name not in ("iid", "slug", "zone"):
            setattr(card, name, 100 + n)
    copy = card.copy()
    assert copy is not card and copy.info is card.info
    assert copy.to_json() == card.to_json()
    assert all(getattr(copy, name) == getattr(card, name) for name in Card.FIELDS)
