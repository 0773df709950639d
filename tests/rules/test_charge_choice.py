"""Spending charge as two decisions (issue 35): the card, then the amount — and logs saved before, which spent it as
one decision ("tap_charge.P.IID.N"), still replay to the same game.

Goldfish, versus and live games are stored as (seed, action ids) and rebuilt by replaying them, so an old game's log
must keep replaying after the action space changed.
"""
from __future__ import annotations

import pytest

from rules.engine import replay
from rules.engine.bots import get_bot
from rules.engine.setup import new_game
from rules.engine.simulate import starter_deck


def old_log(ids: list[str]) -> list[str]:
    """The log as the engine before issue 35 wrote it: each (card, amount) pair as one id naming the amount; a card
    of one counter, which spends it at once now, as an id of amount 1."""
    out: list[str] = []
    for action_id in ids:
        if action_id.startswith("spend_charge."):
            out[-1] = "tap_charge." + ".".join(action_id.split(".")[1:])   # tap_charge.P.IID + the amount
        elif action_id.startswith("tap_charge."):
            out.append(action_id + ".1")   # replaced by the amount that follows, if one does
        else:
            out.append(action_id)
    return out


def play(catalogue, seed: int):
    decks = sorted(catalogue.starter_decks)
    g = new_game(catalogue, [starter_deck(catalogue, decks[seed % len(decks)]),
                             starter_deck(catalogue, decks[(seed + 1) % len(decks)])], seed=seed)
    bots = [get_bot("random", seed * 2 + p) for p in range(2)]
    while not g.is_over:
        g.apply(bots[g.current_player].choose(g))
    return g


@pytest.fixture(scope="module")
def catalogue():
    from rules.engine.catalogue import load_catalogue
    return load_catalogue()


def test_random_games_spend_charge_by_amount_and_an_old_log_of_them_replays_to_the_same_state(catalogue):
    amounts = 0
    for seed in range(6):
        g = play(catalogue, seed)
        ids = g.action_ids
        amounts += sum(1 for i in ids if i.startswith("spend_charge."))
        record = g.record()
        record["actions"] = old_log(ids)
        old = replay(catalogue, record)
        now, before = g.to_json(), old.to_json()
        assert before.pop("history") == record["actions"]   # kept as it was logged: one id a step
        now.pop("history")
        assert before == now and old.is_over
    assert amounts > 0   # the games did ask amounts (else the old ids above would all be of one counter)


def test_an_old_log_replays_step_by_step_as_a_stored_game_is_rebuilt(catalogue):
    g = play(catalogue, 7)
    record = g.record()
    record["actions"] = old_log(g.action_ids)
    rebuilt = replay(catalogue, {**record, "actions": []})
    for action_id in record["actions"]:
        rebuilt.apply(action_id)
        assert rebuilt.action_ids[-1] == action_id   # the stored log and the state's history step together
    assert rebuilt.is_over and rebuilt.result() == g.result()
