"""The computer opponent's interim difficulty levels (rules/engine/cpu.py): legal, deterministic, really different."""
from __future__ import annotations

import pytest

from rules.engine import new_game
from rules.engine.bots import get_bot
from rules.engine.catalogue import load_catalogue
from rules.engine.simulate import game_seed, starter_deck

LEVELS = ("cpu:easy", "cpu:normal", "cpu:hard")


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()


def duel(catalogue, first, second, seed, decks=("starter-dr-veylan", "starter-elder-maru")):
    """Play a whole two-player game: `first` in seat 1, `second` in seat 2; return the final state."""
    g = new_game(catalogue, [starter_deck(catalogue, decks[0]), starter_deck(catalogue, decks[1])], seed=seed)
    players = [get_bot(first, seed), get_bot(second, seed + 1)]
    while not g.is_over:
        bot = players[g.current_player]
        action = bot.choose(g)
        assert action in g.legal_actions()
        assert bot.last_reason
        g.apply(action)
    return g


@pytest.mark.parametrize("level", LEVELS)
def test_a_fresh_cpu_chooses_the_same_in_the_same_state_and_says_why(catalogue, level):
    g = new_game(catalogue, [starter_deck(catalogue, "starter-talah"), starter_deck(catalogue, "starter-lethan")],
                 seed=9)
    played = get_bot(level, 4)
    for _ in range(120):
        if g.is_over:
            break
        action = played.choose(g)
        fresh = get_bot(level, 4)
        assert fresh.choose(g) == action and fresh.last_reason == played.last_reason
        g.apply(action)


def test_hard_beats_easy_and_normal_sits_between(catalogue):
    """Both seats and both decks swapped: the greedy player wins most games against the random one."""
    wins = {("cpu:hard", "cpu:easy"): 0, ("cpu:normal", "cpu:easy"): 0}
    games = 0
    for index in range(6):
        seed = game_seed(3, index)
        for decks in (("starter-dr-veylan", "starter-elder-maru"), ("starter-elder-maru", "starter-dr-veylan")):
            games += 1
            for pair in wins:
                strong_first = index % 2 == 0
                seats = pair if strong_first else pair[::-1]
                result = duel(catalogue, *seats, seed=seed, decks=decks).result()
                wins[pair] += result["winner"] == (0 if strong_first else 1)
    assert wins[("cpu:hard", "cpu:easy")] >= 0.8 * games
    assert wins[("cpu:normal", "cpu:easy")] >= 0.6 * games


def hidden_from(state, seat):
    """The same position, but what `seat`'s opponent cannot see is different: its hand swapped for cards of its deck,
    its deck in another order, the deciding player's own deck in another order, the Pyramid cards not yet flipped in
    another order, and the game's generator (the future shuffles and Pyramid draws) reseeded."""
    from rules.engine import GameState
    from rules.engine.model import DECK, HAND
    from rules.engine.rng import Rng
    other = GameState.from_json(state.to_json(), state.cat)
    player = other.players[seat]
    n = len(player.hand)
    player.hand, player.deck = player.deck[:n], list(reversed(player.hand + player.deck[n:]))
    for iid in player.hand:
        other.cards[iid].zone = HAND
    for iid in player.deck:
        other.cards[iid].zone = DECK
    other.players[1 - seat].deck.reverse()
    unflipped = len(other.pyramid) - sum(1 for row in other.log_rows if row[0] == "pyramid")
    if unflipped > 1:
        other.pyramid[:unflipped] = other.pyramid[unflipped - 1::-1]
    other.rng = Rng.from_seed(987654321)
    return other


@pytest.mark.parametrize("level", LEVELS)
def test_a_cpu_decides_only_from_what_its_seat_may_know(catalogue, level):
    """Two states that differ only in the other player's hand, deck order and the hidden future: the same choice."""
    g = new_game(catalogue, [starter_deck(catalogue, "starter-talah"), starter_deck(catalogue, "starter-lethan")],
                 seed=21)
    checked = 0
    for step in range(400):
        if g.is_over:
            break
        seat = g.current_player
        if len(g.legal_actions()) > 1 and len(g.players[1 - seat].deck) >= len(g.players[1 - seat].hand):
            twin = hidden_from(g, 1 - seat)
            assert twin.legal_actions() == g.legal_actions()
            assert get_bot(level, 6).choose(twin) == get_bot(level, 6).choose(g)
            checked += 1
        g.apply(get_bot(level, 6).choose(g))
    assert checked > 20


# ---------------------------------------------------------------- cpu:expert (rules/engine/expert.py)
def small_expert(seed):
    """The expert with a small search budget: the same player, searching fewer futures, so tests stay quick."""
    from rules.engine.expert import ExpertPlayer
    return ExpertPlayer(seed, budget=600, max_worlds=2)


def test_the_expert_is_a_difficulty_level_with_a_search_budget():
    from rules.engine.expert import BUDGET, ExpertPlayer
    expert = get_bot("cpu:expert", 3)
    assert isinstance(expert, ExpertPlayer) and expert.name == "cpu:expert" and expert.budget == BUDGET


def test_the_expert_decides_only_from_what_its_seat_may_know_and_the_same_when_fresh(catalogue):
    """What it cannot see it samples: two states differing only in the other hand, deck orders, the Pyramid's hidden
    order and the generator give the same choice, and a fresh expert (a reload) chooses as the one that has been
    playing. Checked on searched decisions from the middle of a game, where play-outs are short."""
    from rules.engine.expert import candidates
    g = new_game(catalogue, [starter_deck(catalogue, "starter-talah"), starter_deck(catalogue, "starter-lethan")],
                 seed=21)
    playing, hard = small_expert(6), get_bot("cpu:hard", 6)
    searched = 0
    while not g.is_over and searched < 8:
        seat = g.current_player
        searching = len(g.history) >= 60 and len(candidates(g, g.legal_actions(), hard.choose(g))) >= 2
        action = playing.choose(g) if searching else hard.choose(g)
        assert action in g.legal_actions()
        if searching:
            searched += 1
            assert "sampled futures" in playing.last_reason
            assert small_expert(6).choose(hidden_from(g, 1 - seat)) == action
            fresh = small_expert(6)
            assert fresh.choose(g) == action and fresh.last_reason == playing.last_reason
        g.apply(action)
    assert searched == 8


def test_the_expert_searches_commitments_and_leaves_paying_to_the_hard_player(catalogue):
    from rules.engine.expert import PAYING, candidates
    g = new_game(catalogue, [starter_deck(catalogue, "starter-talah"), starter_deck(catalogue, "starter-lethan")],
                 seed=4)
    hard = get_bot("cpu:hard", 0)
    seen_paying = seen_choice = False
    while not g.is_over and not (seen_paying and seen_choice):
        actions = g.legal_actions()
        choice = hard.choose(g)
        options = candidates(g, actions, choice)
        if choice.kind in PAYING:
            assert options == []
            seen_paying = True
        elif len(options) >= 2:
            assert options[0] == choice and len(set(options)) == len(options)
            assert not any(o.kind in PAYING for o in options)
            seen_choice = True
        g.apply(choice)
    assert seen_paying and seen_choice


def test_every_kind_of_decision_the_engine_offers_is_searched_or_paying(catalogue):
    """The expert searches every kind of decision but paying (`SEARCHED` names them one by one): a kind the engine
    offers that is in neither set would silently keep the hard player's choice."""
    from rules.engine.expert import PAYING, SEARCHED
    offered = set()
    pairs = [("talah", "lethan"), ("dr-veylan", "elder-maru"), ("mayor-vaelis", "high-mystic-nysha")]
    for seed, (a, b) in enumerate(pairs):
        g = new_game(catalogue, [starter_deck(catalogue, a), starter_deck(catalogue, b)], seed=seed)
        hard = get_bot("cpu:hard", seed)
        while not g.is_over:
            offered |= {action.kind for action in g.legal_actions()}
            g.apply(hard.choose(g))
    assert {"summon", "target", "first_player", "store_charge", "end_turn", "tap"} <= offered
    assert offered <= SEARCHED | PAYING, offered - SEARCHED - PAYING
