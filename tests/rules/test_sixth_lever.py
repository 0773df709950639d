"""Issue 35's sixth lever: bookkeeping the engine redid at every turn or board walk, now kept as it changes. Each
shortcut must give the very answers of the work it replaces."""
from __future__ import annotations

import itertools

from rules.engine.bots import get_bot
from rules.engine.legal import legal_actions
from rules.engine.payment import counter_keys_code, counter_pay_keys
from rules.engine.setup import new_game


def _all_energy(g, p) -> dict:
    """Every Energy card player p has in play, by slug in slug order, each slug's in board order (worked out)."""
    found: dict = {}
    for iid in g.players[p].board:
        card = g.cards[iid]
        if card.info.type == "energy":
            found.setdefault(card.slug, []).append(iid)
    return {slug: tuple(found[slug]) for slug in sorted(found)}


def _untapped_energy(g, p) -> dict:
    """What Player.index_ready builds: the untapped Energy cards in play by slug in slug order, in board order."""
    return {slug: [i for i in iids if not g.cards[i].tapped] for slug, iids in _all_energy(g, p).items()
            if any(not g.cards[i].tapped for i in iids)}


def test_the_energy_in_play_is_kept_as_cards_enter_and_leave(catalogue, decks):
    # Player.energy (every Energy card in play, what the untapped index becomes when a turn starts) is kept as
    # Energy cards enter, leave and change control, instead of the board being walked and sorted at every turn's
    # start: at every decision of whole random and greedy games it is the worked-out one, the untapped index is
    # index_ready's (but for the slugs whose Energy is all tapped, kept with nothing left), and a copy of the state
    # played on never changes the original's.
    turns = 0
    for bot, seed, (a, b) in itertools.product(("random", "greedy"), range(2),
                                               itertools.permutations(range(len(decks)), 2)):
        g = new_game(catalogue, [decks[a], decks[b]], seed=seed)
        players = [get_bot(bot, seed * 2 + p) for p in range(2)]
        while not g.is_over:
            for p in g.everyone:
                player = g.players[p]
                assert player.energy == _all_energy(g, p)
                assert {slug: iids for slug, iids in player.ready.items() if iids} == _untapped_energy(g, p)
            before = [dict(g.players[p].energy) for p in g.everyone]
            action = players[g.current_player].choose(g)
            if len(g.history) % 50 == 7:   # a copy played on for a while leaves the original's index alone
                copy = g.clone()
                for _ in range(20):
                    if copy.is_over:
                        break
                    copy.apply(get_bot("random", len(g.history)).choose(copy))
                assert [g.players[p].energy for p in g.everyone] == before
            g.apply(action)
            turns += action.kind == "end_turn"
    assert turns > 1000


def test_the_energy_in_play_follows_cards_that_leave_play_or_change_hands(catalogue, decks):
    # The starter games never take an Energy card out of play or under another's control, so that is asked here:
    # after each such move both players' indexes are the worked-out ones, and untapping at a turn's start gives
    # the untapped index that walking the board (index_ready) gives.
    g = new_game(catalogue, [decks[1], decks[2]], seed=9)
    bots = [get_bot("greedy", p) for p in range(2)]
    while sum(len(g.players[p].energy) for p in g.everyone) < 4 or len(g.history) < 120:
        g.apply(bots[g.current_player].choose(g))
    moves = [("control", 1), ("control", 0), ("destroy", None), ("hand", None), ("control", 1), ("temporary", 0)]
    for move, to in moves:
        owner = max(g.everyone, key=lambda p: sum(map(len, g.players[p].energy.values())))
        iids = [i for iids in g.players[owner].energy.values() for i in iids]
        iid = iids[len(iids) // 2]
        if move == "destroy":
            g.destroy(iid, "a test")
        elif move == "hand":
            g.to_hand(iid)
        else:
            g.change_control(iid, 1 - owner, move == "temporary")
        for p in g.everyone:
            player = g.players[p]
            assert player.energy == _all_energy(g, p)
            assert {slug: iids for slug, iids in player.ready.items() if iids} == _untapped_energy(g, p)
            walked = player.copy()
            player.untap_all(g.cards)
            walked.index_ready(g.cards)
            assert player.ready == walked.ready




def test_a_batterys_counter_offers_are_kept_per_card_and_keys(catalogue, decks):
    # The offers to add a Battery counter are kept per player and Battery under a small int naming the pool keys
    # that may pay it, in place of a (player, card, keys) tuple key: the same keys give the same code and the very
    # same offers, two different keys never the same code, and the offers are those the keys ask for.
    codes = {keys: counter_keys_code(keys) for n in range(1, 4) for keys in itertools.permutations(range(6), n)}
    assert len(set(codes.values())) == len(codes) and 0 not in codes.values() and counter_keys_code(()) == 0
    assert all(counter_keys_code(keys) == code for keys, code in codes.items())
    seen = 0
    for seed in range(4):
        g = new_game(catalogue, [decks[seed], decks[seed + 1]], seed=seed)
        bot = get_bot("greedy", seed)
        while not g.is_over:
            first = [a for a in legal_actions(g) if a.kind == "add_counter"]
            again = [a for a in legal_actions(g) if a.kind == "add_counter"]
            assert len(first) == len(again) and all(x is y for x, y in zip(first, again))
            keys = counter_pay_keys(g.tb, tuple(g.players[g.current_player].pool))
            for iid in {a.args[0] for a in first}:
                assert [a.args[2] for a in first if a.args[0] == iid] == list(keys)
            seen += bool(first)
            g.apply(bot.choose(g))
    assert seen > 100
