"""Issue 35's eighth lever: the cost of offering the legal actions, each shortcut checked against the computation it
replaces.

- a pool's key in `Tables.pools` (`payment.pool_key`) packs its counts into one int: equal keys must mean equal pools;
- each player's hand as last seen is kept with its plan across decisions (in the state's hand memo): at every
  decision of whole games the offers must be those of a copy of the state whose memos are all empty.
"""
from __future__ import annotations

import itertools

from rules.engine.bots import get_bot
from rules.engine.legal import legal_actions
from rules.engine.payment import pool_key
from rules.engine.setup import new_game


def test_a_pools_key_names_it_exactly():
    # Every pool of six counts from 0 to 3, and pools at and past the packing's bounds (a count of 255, 256, -1; a
    # seventh and an eighth count; a shorter pool): equal keys exactly for equal pools.
    pools = [list(counts) for counts in itertools.product(range(4), repeat=6)]
    pools += [[255, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 255], [256, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 256], [-1, 0, 0, 0, 0, 0],
              [0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 1], [0] * 8, [1] * 8, [0, 0, 0, 0, 0], [], [1, 0, 0, 0, 0]]
    keys = {}
    for pool in pools:
        key = pool_key(pool)
        assert key == pool_key(list(pool))
        assert keys.setdefault(key, pool) == pool, f"{pool} and {keys[key]} share the key {key}"
    assert len(keys) == len(pools)
    assert type(pool_key([256, 0, 0, 0, 0, 0])) is tuple and type(pool_key([0] * 8)) is tuple


def _fresh(g):
    """A copy of the state with every memo of move generation empty (a copy shares the hand and offer memos)."""
    c = g.clone()
    c._hand_memo, c._offer_memo = {}, [None] * len(c._offer_memo)
    c._tap_offers = tuple([] for _ in c._tap_offers)
    c._counter_memo = tuple([] for _ in c._counter_memo)
    c._target_memo = {}
    return c


def _offers(actions) -> list:
    return [(a.id, a.label) for a in actions]


def _play_side_by_side(catalogue, chosen_decks, seed: int, bot: str, teams: bool = False) -> int:
    """Play one whole game with `bot` in every seat, checking at every decision that the offers made with the kept
    memos are those of a copy with none; return how many decisions were checked."""
    g = new_game(catalogue, chosen_decks, seed=seed, teams=teams)
    bots = [get_bot(bot, seed * len(chosen_decks) + p) for p in range(len(chosen_decks))]
    checked = 0
    while not g.is_over:
        kept = _offers(legal_actions(g))
        assert kept == _offers(legal_actions(_fresh(g))), f"seed {seed}, decision {len(g.history)}"
        checked += 1
        g.apply(bots[g.current_player].choose(g))
    return checked


def test_the_offers_made_with_the_hands_last_seen_are_made_afresh(catalogue, decks):
    # Every ordered pairing of the six starter decks with random players, and some with the greedy player; tables
    # of three and four (the hand last seen is kept per player).
    checked = 0
    for (i, a), (j, b) in itertools.permutations(enumerate(decks), 2):
        checked += _play_side_by_side(catalogue, [a, b], i * 6 + j, "random")
        if (i + j) % 5 == 0:
            checked += _play_side_by_side(catalogue, [a, b], 100 + i * 6 + j, "greedy")
    for seed in range(2):
        checked += _play_side_by_side(catalogue, decks[seed:seed + 3], seed, "random")
        checked += _play_side_by_side(catalogue, [decks[(seed + k) % 6] for k in range(4)], seed, "random",
                                      teams=bool(seed % 2))
    assert checked > 10_000
