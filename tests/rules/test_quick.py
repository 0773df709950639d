"""The quick computer level (rules/engine/quick.py, issue 35): offered where levels are, legal, blind to hidden cards,
and the same game from the same seed. Its speed and strength are the benchmark's (`python -m benchmarks quick`)."""
from __future__ import annotations

import random

import pytest

from rules.engine import GameState, new_game
from rules.engine.bots import get_bot
from rules.engine.cpu import LEVELS, level_menu, offered
from rules.engine.model import DECK, HAND
from rules.engine.quick import BUDGET, QuickPlayer
from rules.engine.rng import Rng
from rules.engine.simulate import starter_deck

DECKS = ("starter-talah", "starter-lethan")


def game(catalogue, seed):
    return new_game(catalogue, [starter_deck(catalogue, d) for d in DECKS], seed=seed)


def test_quick_is_offered_between_hard_and_expert_and_says_what_it_is():
    quick = get_bot("cpu:quick", 3)
    assert isinstance(quick, QuickPlayer) and quick.name == "cpu:quick" and quick.budget == BUDGET
    assert list(LEVELS) == ["easy", "normal", "hard", "quick", "expert"]
    assert offered("versus")["quick"] == "cpu:quick" and offered("studies")["quick"] == "cpu:quick"
    menu = dict(level_menu("versus"))
    assert menu["quick"].startswith("Quick: ") and "tenth of a second" in menu["quick"]
    assert all(": " in words for words in menu.values())


def test_an_unknown_level_is_still_refused():
    with pytest.raises(ValueError, match="unknown bot 'cpu:quickest'"):
        get_bot("cpu:quickest")


def test_the_quick_player_only_returns_legal_actions_and_plays_the_same_game_from_the_same_seed(catalogue):
    """A whole game, quick against hard, played twice from seed 8: every choice legal, the same game both times, and
    its searched decisions say so in its reasons."""
    def play() -> tuple[list, list[str]]:
        g = game(catalogue, 8)
        players = [get_bot("cpu:quick", 8), get_bot("cpu:hard", 9)]
        reasons = []
        while not g.is_over:
            bot = players[g.current_player]
            action = bot.choose(g)
            assert action in g.legal_actions()
            if bot is players[0]:
                reasons.append(bot.last_reason)
            g.apply(action)
        return [a.id for a in g.history], reasons

    first, reasons = play()
    assert play() == (first, reasons)
    assert any(r.startswith("QUICK: ") and "sampled futures" in r for r in reasons)


def scrambled(state: GameState, seat: int, draw: random.Random) -> GameState:
    """The same position with what `seat` cannot see drawn anew: the other hand dealt afresh from the other hand and
    deck together (as many cards as before), both decks in another order, the unflipped Pyramid reordered and the
    game's generator reseeded."""
    other = GameState.from_json(state.to_json(), state.cat)
    foe = other.players[1 - seat]
    unseen = foe.hand + foe.deck
    draw.shuffle(unseen)
    foe.hand, foe.deck = unseen[:len(foe.hand)], unseen[len(foe.hand):]
    for iid in foe.hand:
        other.cards[iid].zone = HAND
    for iid in foe.deck:
        other.cards[iid].zone = DECK
    draw.shuffle(other.players[seat].deck)
    unflipped = len(other.pyramid) - sum(1 for row in other.log_rows if row[0] == "pyramid")
    if unflipped > 1:
        hidden = other.pyramid[:unflipped]
        draw.shuffle(hidden)
        other.pyramid[:unflipped] = hidden
    other.rng = Rng.from_seed(draw.getrandbits(64))
    return other


def test_the_quick_player_never_sees_a_hidden_card(catalogue):
    """The other hand and every deck order scrambled between decisions: the same choices, decision after decision,
    its searched ones included (a player that read the other hand or a deck's order would choose otherwise in some)."""
    g = game(catalogue, 21)
    quick, hard, draw = get_bot("cpu:quick", 6), get_bot("cpu:hard", 7), random.Random(35)
    checked = searched = 0
    while not g.is_over and checked < 40:
        seat = g.current_player
        if seat == 1:
            g.apply(hard.choose(g))
            continue
        quick.compared = 0
        action = quick.choose(g)
        if len(g.legal_actions()) > 1 and g.players[1].deck:
            twin = scrambled(g, seat, draw)
            assert twin.players[1].hand != g.players[1].hand or len(g.players[1].hand) == 0 or \
                twin.players[1].deck != g.players[1].deck
            assert get_bot("cpu:quick", 6).choose(twin) == action
            checked += 1
            searched += quick.compared >= 2
        g.apply(action)
    assert checked == 40 and searched >= 5
