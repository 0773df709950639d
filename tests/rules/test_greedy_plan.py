"""Issue 35's fifth lever: the greedy player keeps its plan (its view of both boards, its ranking of what to buy, its
Instants weighed) across one payment's Energy taps instead of working it out again at every tap; the sixth keeps it
across the Battery counters that end the payment too, while they leave what it counted the same. It must choose
exactly as a greedy player that works everything out afresh: these tests play whole games and ask, at every
decision, the player with its kept plan and the same player on a copy of the state (a copy keeps no memo, so there
everything is worked out from scratch), and check they agree."""
from __future__ import annotations

import itertools

import pytest

from rules.engine.bots import get_bot
from rules.engine.greedy import PLAN_KEYS
from rules.engine.greedy_value import _Side
from rules.engine.setup import new_game


def _play_side_by_side(catalogue, chosen_decks, seed: int, bot: str = "greedy", teams: bool = False) -> dict:
    """Play one whole game with `bot` in every seat, asking at every decision both the bot on the state itself (its
    plan kept) and a second instance on a fresh copy (nothing kept); fail at the first decision where they differ.
    Return how many decisions followed an Energy tap or a Battery counter of the same player (where a kept plan can
    be reused)."""
    g = new_game(catalogue, chosen_decks, seed=seed, teams=teams)
    seats = len(chosen_decks)
    kept = [get_bot(bot, seed * seats + p) for p in range(seats)]
    fresh = [get_bot(bot, seed * seats + p) for p in range(seats)]
    counts = {"decisions": 0, "after_a_tap": 0, "after_a_counter": 0}
    while not g.is_over:
        p = g.current_player
        expected = fresh[p].choose(g.clone())
        chosen = kept[p].choose(g)
        assert chosen.id == expected.id, (
            f"seed {seed}, decision {len(g.history)}: the kept plan chose {chosen.id}, afresh {expected.id}")
        last = g.history[-1] if g.history else None
        counts["decisions"] += 1
        counts["after_a_tap"] += getattr(last, "kind", None) == "tap" and last.player == p
        counts["after_a_counter"] += getattr(last, "kind", None) == "add_counter" and last.player == p
        g.apply(chosen)
    return counts


def test_the_kept_plan_chooses_as_afresh_in_every_starter_pairing(catalogue, decks):
    # Every ordered pairing of the six starter decks, two seeds each: about 60 whole games, tens of thousands of
    # decisions, thousands of them in the middle of a payment (after an Energy tap), where the plan is reused.
    totals = {"decisions": 0, "after_a_tap": 0, "after_a_counter": 0}
    for (i, a), (j, b) in itertools.permutations(enumerate(decks), 2):
        for seed in (i * 6 + j, 100 + i * 6 + j):
            for key, n in _play_side_by_side(catalogue, [a, b], seed).items():
                totals[key] += n
    assert totals["decisions"] > 30_000 and totals["after_a_tap"] > 5_000 and totals["after_a_counter"] > 1_000


def test_the_kept_plan_chooses_as_afresh_at_tables_of_three_and_four(catalogue, decks):
    # A plan is kept per player: at tables of three and four (teams too) each seat's plan is its own.
    for seed in range(3):
        _play_side_by_side(catalogue, decks[seed:seed + 3], seed)
        _play_side_by_side(catalogue, [decks[(seed + k) % 6] for k in range(4)], seed, teams=bool(seed % 2))


@pytest.mark.parametrize("level", ["cpu:easy", "cpu:normal", "cpu:hard"])
def test_the_levels_built_on_the_greedy_player_choose_as_afresh(catalogue, decks, level):
    # The computer levels play the greedy player's Action Phase (with their own mistakes, drawn per decision).
    for seed in range(2):
        _play_side_by_side(catalogue, [decks[seed], decks[seed + 2]], seed, bot=level)


def _choose_watching_the_plan(g, bots):
    """The player to move chooses (the state is left unplayed); its kept plan before and after, and the last action
    played."""
    p = g.current_player
    before = g._target_memo.get(PLAN_KEYS[p])
    action = bots[p].choose(g)
    return p, action, before, g._target_memo.get(PLAN_KEYS[p]), (g.history[-1] if g.history else None)


def test_the_plan_made_at_a_payments_first_tap_is_kept_to_its_last(catalogue, decks):
    # The plan lives in the state's memo for the quiet span: after an Energy tap the same plan (the same view of the
    # boards) serves the next decision, and any other decision (which empties the memo) ends it. Before the lever
    # every decision read both boards again.
    g = new_game(catalogue, [decks[0], decks[1]], seed=3)
    bots = [get_bot("greedy", p) for p in range(2)]
    reused = 0
    while not g.is_over:
        p, action, before, after, last = _choose_watching_the_plan(g, bots)
        if before is not None and getattr(last, "kind", None) == "tap" and "end_turn" in {
                a.kind for a in g.legal_actions()}:
            assert after is before and after.side is before.side
            reused += 1
        g.apply(action)
        if action.kind not in ("tap", "tap_charge", "spend_charge", "add_counter"):
            assert PLAN_KEYS[p] not in g._target_memo
    assert reused > 50


def test_a_copy_of_the_state_starts_without_the_plan(catalogue, decks):
    # The expert's play-outs copy the state: a copy never inherits a plan made for another state.
    g = new_game(catalogue, [decks[2], decks[3]], seed=5)
    bot = get_bot("greedy", 0)
    while not any(key in g._target_memo for key in PLAN_KEYS):
        g.apply(bot.choose(g))
    assert not any(key in g.clone()._target_memo for key in PLAN_KEYS)


def test_the_plan_is_kept_across_the_payments_battery_counters(catalogue, decks):
    # Issue 35's sixth lever: the counters that store what is left of the pool at the end of an Action Phase keep the
    # plan (the same view of the boards) while a counter is still worth a point; once the charge held reaches the
    # Cataclysm's damage (a counter then worth nothing) it is worked out again. Before the lever every counter had
    # the plan worked out again.
    kept = renewed = 0
    for seed, (a, b) in enumerate(itertools.permutations(range(6), 2)):
        g = new_game(catalogue, [decks[a], decks[b]], seed=seed)
        bots = [get_bot("greedy", p) for p in range(2)]
        while not g.is_over:
            p, action, before, after, last = _choose_watching_the_plan(g, bots)
            if before is not None and getattr(last, "kind", None) == "add_counter" and last.player == p and \
                    "end_turn" in {o.kind for o in g.legal_actions()}:
                if before.side is None or before.side.charge_worth == _Side(g, p).charge_worth:
                    assert after is before
                    kept += 1
                else:
                    assert after is not before
                    renewed += 1
            g.apply(action)
    assert kept > 500 and renewed > 0
