"""Issue 35's fourth lever: work the engine did at every decision or game that it need not do, now done once or not
at all. Each shortcut must give the very answers of the work it replaces."""
from __future__ import annotations

import gc

import pytest

from rules.engine import native
from rules.engine.actions import new_action
from rules.engine.bots import get_bot
from rules.engine.decks import DeckSpec
from rules.engine.errors import GameDataError
from rules.engine.greedy_pay import _pay_of, _pay_score, _typed_demand
from rules.engine.greedy_value import _cheapest, _host_rank, by_kind
from rules.engine.pyramid import cataclysm_capacities, cataclysm_capacity, preventions
from rules.engine.setup import new_game


def _states(catalogue, decks, bot: str, seeds: range):
    """Every state of whole two-player games of the starter decks, both seats played by `bot`."""
    for seed in seeds:
        g = new_game(catalogue, [decks[seed % len(decks)], decks[(seed + 1) % len(decks)]], seed=seed)
        players = [get_bot(bot, seed * 2 + p) for p in range(2)]
        while not g.is_over:
            yield g
            g.apply(players[g.current_player].choose(g))


def test_an_offer_is_left_out_of_the_cycle_collector_in_the_compiled_form():
    # An Action refers to nothing that refers back to an action, so it cannot be part of a reference cycle: the
    # compiled form neither tracks it nor counts its allocation towards a collection (actions.py). The plain form's
    # slotted class is tracked, as every instance of a Python class is.
    offer = new_action("end_turn", 0, (), None)
    assert gc.is_tracked(offer) == ("actions" not in native.COMPILED)


def test_the_cataclysm_capacities_of_a_board_are_those_of_each_card_alone(catalogue, decks):
    # Worked out together (each controller's continuous Fortify and Stabilize found once), the figures are those of
    # cataclysm_capacity and of fortify_total + ward + stabilize_room card by card, at every decision of whole games,
    # for every card in play or in hand (a card out of play can take nothing).
    asked = with_passives = 0
    for g in _states(catalogue, decks, "greedy", range(6)):
        for p in g.everyone:
            cards = list(g.players[p].board) + list(g.players[p].hand)
            together = cataclysm_capacities(g, p, cards)
            assert list(together) == cards
            assert together == {i: cataclysm_capacity(g, p, i) for i in cards}
            people = g.characters(p)
            prevented = preventions(g, people)
            assert prevented == {i: g.fortify_total(i) + g.cards[i].ward + g.stabilize_room(i) for i in people}
            asked += 1
            with_passives += any(prevented[i] != g.cards[i].ward for i in people)
    assert asked > 1000 and with_passives > 100   # the games met continuous prevention, not only empty boards


def test_the_greedy_player_buys_with_the_offer_of_least_key_ids_breaking_ties(catalogue, decks):
    # _cheapest compares ids only between offers equal on payment score and host rank; its choice is still the
    # first offer of least (score, -host rank, id).
    compared = 0
    for g in _states(catalogue, decks, "greedy", range(4)):
        if g.pending or g.stack:
            continue
        groups = by_kind(g.legal_actions())
        demand = _typed_demand(g, g.current_player)
        for kind in ("summon", "play", "activate", "equip", "cast"):
            offered = groups.get(kind, [])
            if len(offered) > 1:
                expected = min(offered, key=lambda a: (_pay_score(_pay_of(a), demand), -_host_rank(g, a), a.id))
                assert _cheapest(g, offered, demand) is expected
                compared += 1
    assert compared > 50


def test_a_deck_is_checked_once_by_the_catalogue_and_a_bad_one_always(catalogue, decks):
    deck = decks[0]
    new_game(catalogue, [deck, decks[1]], seed=1)
    assert (deck.hero, tuple(deck.cards)) in new_game(catalogue, [deck, decks[1]], seed=2).tb.decks_checked
    bad = DeckSpec(deck.hero, tuple(deck.cards[:-1]) + ("no-such-card",))
    for _ in range(2):   # refused each time: a deck that failed is not remembered
        with pytest.raises(GameDataError, match="player 2: unknown card 'no-such-card'"):
            new_game(catalogue, [deck, bad], seed=1)
