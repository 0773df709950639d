"""Setup: Heroes in play, 7-card hands, the mulligan, the Pyramid, seats and edges, the first player."""
import pytest

from rules.engine import DeckSpec, GameDataError, new_game
from tests.rules.conftest import basic_deck, do, find, ids, lemurian_deck

NO_ENERGY = DeckSpec("dr-veylan", ("kalen-vos",) * 45)


def test_heroes_start_in_play_and_hands_have_seven_cards(cat):
    g = new_game(cat, [basic_deck(), lemurian_deck()], seed=1)
    for p in (0, 1):
        hero = g.cards[g.players[p].hero]
        assert hero.info.type == "hero" and hero.zone == "board" and hero.damage == 0
        assert len(g.players[p].hand) == 7 and len(g.players[p].deck) == 45 - 7


def test_decks_are_shuffled_by_the_seed(cat):
    a = new_game(cat, [basic_deck(), None], seed=1)
    b = new_game(cat, [basic_deck(), None], seed=2)
    c = new_game(cat, [basic_deck(), None], seed=1)
    order = lambda g: [g.cards[i].slug for i in g.players[0].deck]  # noqa: E731
    assert order(a) == order(c)
    assert order(a) != order(b)


def test_pyramid_deck_is_the_fifty_shared_cards_shuffled(cat):
    g = new_game(cat, [basic_deck(), None], seed=3)
    assert len(g.pyramid) == 50 and sorted(g.pyramid) == sorted(cat.pyramid_deck)
    assert g.pyramid != list(cat.pyramid_deck)
    assert [e.charge for e in g.edges] == [0, 0, 0, 0]


def test_ruling_15_mulligan_is_offered_only_without_energy_and_at_most_three_times(cat):
    g = new_game(cat, [NO_ENERGY, None], seed=0)
    assert sorted(a.kind for a in g.legal_actions()) == ["keep", "mulligan"]
    for n in range(1, 4):
        do(g, "mulligan")
        assert g.players[0].mulligans == n and len(g.players[0].hand) == 7 and len(g.players[0].deck) == 38
    # After 3 mulligans you must keep: the next decision is who goes first.
    assert [a.kind for a in g.legal_actions()] == ["first_player", "first_player"]


def test_a_hand_with_energy_cannot_mulligan(cat):
    g = new_game(cat, [DeckSpec("dr-veylan", ("dark-current",) * 45), None], seed=0)
    assert "mulligan.0" not in ids(g)


def test_keep_ends_the_mulligan(cat):
    g = new_game(cat, [NO_ENERGY, None], seed=0)
    do(g, "keep")
    assert g.players[0].mulligans == 0 and find(g, "first_player")


def test_ruling_15_first_player_is_a_decision_of_the_player(cat):
    g = new_game(cat, [basic_deck(), None], seed=5)
    assert g.current_player == 0
    assert sorted(a.args[0] for a in g.legal_actions() if a.kind == "first_player") == [0, 1]
    do(g, "first_player", 1)
    # The goldfish seat goes first: its turn passes by itself, then Player 1 acts in round 1.
    assert g.first == 1 and g.round == 1 and g.active == 0 and g.phase == "action"


def test_two_players_toss_a_seeded_coin_for_who_chooses(cat):
    choosers = {new_game(cat, [basic_deck(), lemurian_deck()], seed=s).current_player for s in range(12)}
    assert choosers == {0, 1}
    assert any(e["type"] == "coin" for e in new_game(cat, [basic_deck(), lemurian_deck()], seed=0).events)


@pytest.mark.parametrize("seating,shared,dead", [("side-by-side", ["E1"], ["E3"]), ("diagonal", [], [])])
def test_seats_set_adjacent_edges(cat, seating, shared, dead):
    g = new_game(cat, [basic_deck(), lemurian_deck()], seed=0, seating=seating)
    seats = cat.rulebook["seatings"][seating]
    for p in (0, 1):
        assert g.players[p].seat == seats[p]
        assert [f"E{e + 1}" for e in g.players[p].edges] == cat.rulebook["seats"][seats[p]]["edges"]
    assert [f"E{e.idx + 1}" for e in g.edges if len(e.adjacent) == 2] == shared
    assert [f"E{e.idx + 1}" for e in g.edges if not e.adjacent] == dead
    view = g.view()["pyramid"]["edges"]
    assert [e["edge"] for e in view if e["dead"]] == dead


def test_goldfish_seat_has_no_deck_no_hero_and_never_decides(cat):
    g = new_game(cat, [basic_deck(), None], seed=0)
    assert g.players[1].goldfish and g.players[1].hero == -1 and not g.players[1].deck
    do(g, "first_player", 0)
    do(g, "end_turn")
    assert g.current_player == 0 and g.round == 2


def test_unknown_cards_and_seatings_are_refused(cat):
    with pytest.raises(GameDataError, match="unknown card"):
        new_game(cat, [DeckSpec("dr-veylan", ("no-such-card",)), None])
    with pytest.raises(GameDataError, match="not a Hero"):
        new_game(cat, [DeckSpec("kalen-vos", ()), None])
    with pytest.raises(GameDataError, match="seating"):
        new_game(cat, [basic_deck(), None], seating="circle")
    with pytest.raises(GameDataError, match="cannot be in a deck"):
        new_game(cat, [DeckSpec("dr-veylan", ("the-pulse",)), None])


def test_two_goldfish_seats_play_the_pyramid_alone_to_the_cataclysm(cat):
    g = new_game(cat, [None, None], seed=4)
    assert g.is_over and all(e.locked for e in g.edges)
    assert g.result()["eliminated"] == [True, True] and g.result()["winner"] is None
