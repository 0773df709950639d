"""Seating: three and four players around the Pyramid, free-for-all and two against two (issue 34, RULINGS 41–47).

"It has 4 edges (E1–E4) and 4 seats (S1–S4) arranged around it" · "Play proceeds clockwise." · "Once all players
pass priority, the stack resolves last-in, first-out."
"""
import pytest

from rules.engine import GameDataError, GameState, new_game
from rules.engine.view import SPECTATOR
from tests.rules.conftest import basic_deck, do, lemurian_deck, scenario

VEYLAN = {"hero": "dr-veylan", "deck": ["dark-current"] * 3}
MARU = {"hero": "elder-maru", "deck": ["light-resonance"] * 3}
LETHAN = {"hero": "lethan", "deck": ["dark-current"] * 3}
TALAH = {"hero": "talah", "deck": ["light-resonance"] * 3}


def table(cat, players, **kw):
    """A board of three or four players, Player 1 active in round 1 unless said otherwise."""
    return scenario(cat, [dict(p) if p else p for p in players], pyramid={"deck": ["the-pulse"]}, **kw)


def test_ruling_41_three_players_take_s1_to_s3_and_leave_s4_empty(cat):
    g = new_game(cat, [basic_deck(), lemurian_deck(), basic_deck()], seed=1)
    assert g.seating == "three-players" and [p.seat for p in g.players] == ["S1", "S2", "S3"]
    # S1: E1 E4, S2: E1 E2, S3: E2 E3. S1 has E4 alone, S3 has E3 alone, S2 shares both of its edges.
    assert [e.adjacent for e in g.edges] == [(0, 1), (1, 2), (2,), (0,)]
    assert not any(not e.adjacent for e in g.edges)   # no dead edge


def test_ruling_41_four_players_have_every_edge_between_two_neighbours(cat):
    g = new_game(cat, [basic_deck(), lemurian_deck(), basic_deck(), lemurian_deck()], seed=1)
    assert [p.seat for p in g.players] == ["S1", "S2", "S3", "S4"]
    assert [e.adjacent for e in g.edges] == [(0, 1), (1, 2), (2, 3), (0, 3)]


def test_ruling_41_partners_sit_diagonally_so_every_edge_lies_between_the_teams(cat):
    g = new_game(cat, [basic_deck(), lemurian_deck(), basic_deck(), lemurian_deck()], seed=1, teams=True)
    assert g.seating == "two-against-two" and g.teams == (0, 1, 0, 1)
    for edge in g.edges:
        assert {g.teams[p] for p in edge.adjacent} == {0, 1}


@pytest.mark.parametrize("decks,kw,message", [
    (5, {}, "two, three or four decks"), (1, {}, "two, three or four decks"),
    (3, {"teams": True}, "team game needs four players"), (2, {"teams": True}, "team game needs four players"),
    (3, {"seating": "side-by-side"}, "seats 2 players"), (4, {"seating": "diagonal", "teams": True}, "not a team game"),
])
def test_bad_formats_are_refused_clearly(cat, decks, kw, message):
    with pytest.raises(GameDataError, match=message):
        new_game(cat, [basic_deck()] * decks, seed=1, **kw)


def test_the_printed_two_player_game_is_still_the_default(cat):
    g = new_game(cat, [basic_deck(), lemurian_deck()], seed=1)
    assert g.seating == "side-by-side" and len(g.players) == 2 and g.teams == ()
    assert "teams" not in g.record() and len(g.to_json()["players"]) == 2


def test_ruling_42_turns_go_clockwise_from_the_first_player_then_the_pyramid(cat):
    g = table(cat, [VEYLAN, MARU, LETHAN, TALAH], first_player=2, active=2)
    order = []
    while g.round == 1:
        order.append(g.active)
        do(g, "end_turn")
    # S3 first, then S4, S1, S2; then the Pyramid; round 2 starts with S3 again: the first player does not move.
    assert order == [2, 3, 0, 1] and g.active == 2 and g.round == 2
    turns = [e["text"] for e in g.events if e["type"] in ("turn", "pyramid")]
    assert turns[-2].startswith("Pyramid turn") and turns[-1] == "Round 2: Player 3's turn"


def test_ruling_42_a_seeded_draw_names_who_chooses_the_first_player_among_all_players(cat):
    choosers = set()
    for seed in range(12):
        g = new_game(cat, [basic_deck(), lemurian_deck(), basic_deck()], seed=seed)
        while g.phase == "mulligan":
            do(g, "keep")
        assert g.pending[-1]["type"] == "first_player"
        choosers.add(g.current_player)
        assert sorted(a.args[0] for a in g.legal_actions()) == [0, 1, 2]   # any player may be chosen
    assert choosers == {0, 1, 2}


def test_ruling_43_priority_passes_clockwise_and_the_stack_resolves_once_everyone_passes(cat):
    g = table(cat, [{**VEYLAN, "pool": {"DC": 2}}, MARU, LETHAN, TALAH])
    do(g, "activate", "dr-veylan")
    do(g, "target", ref=g.players[1].hero)
    assert g.priority == 1
    do(g, "pass")
    assert g.priority == 2 and len(g.stack) == 1
    do(g, "pass")
    assert g.priority == 3 and len(g.stack) == 1
    do(g, "pass")
    assert g.priority == 0 and len(g.stack) == 1   # back to the active player: three passes are not all
    do(g, "pass")
    assert g.stack == [] and g.cards[g.players[1].hero].damage == 2
    assert any(e["text"].startswith("All players pass") for e in g.events)


def test_ruling_43_a_response_starts_the_round_of_passes_again(cat):
    g = table(cat, [{**VEYLAN, "pool": {"DC": 2}}, MARU, {**TALAH, "hand": ["probe-shield"], "pool": {"LR": 1}}])
    do(g, "activate", "dr-veylan")
    do(g, "target", ref=g.players[1].hero)
    do(g, "pass")                                   # Player 2
    do(g, "cast", "probe-shield")                   # Player 3 answers, shielding Player 2's Hero
    do(g, "target", ref=g.players[1].hero)
    assert g.priority == 0 and g.passes == 0        # the next player after the one who declared
    for _ in range(3):
        do(g, "pass")
    # Everyone passed once after the Shield: it resolves, then the strike, which finds its target shielded.
    assert g.stack == [] and g.cards[g.players[1].hero].damage == 0


def test_ruling_44_a_partner_is_not_an_opponent(cat):
    g = table(cat, [{**VEYLAN, "pool": {"DC": 2}}, MARU, LETHAN, TALAH], seating="two-against-two")
    do(g, "activate", "dr-veylan")   # Strike 2 to an enemy character
    options = {a.args[2] for a in g.legal_actions() if a.kind == "target"}
    assert options == {g.players[1].hero, g.players[3].hero}   # not Lethan, Player 3, the partner


def test_ruling_44_every_other_player_is_an_opponent_in_a_free_for_all(cat):
    g = table(cat, [{**VEYLAN, "pool": {"DC": 2}}, MARU, LETHAN, TALAH])
    do(g, "activate", "dr-veylan")
    options = {a.args[2] for a in g.legal_actions() if a.kind == "target"}
    assert options == {g.players[1].hero, g.players[2].hero, g.players[3].hero}


def test_ruling_44_take_control_takes_an_opponents_card_never_a_partners(cat):
    g = table(cat, [{**MARU, "hand": ["probe-take-control"], "pool": {"LR": 1}}, {**VEYLAN, "board": ["heartstone"]},
                    {**LETHAN, "board": ["heartstone"]}, {**TALAH, "board": ["heartstone"]}],
              seating="two-against-two")
    do(g, "cast", "probe-take-control")
    owners = {g.cards[a.args[2]].ctrl for a in g.legal_actions() if a.kind == "target"}
    assert owners == {1, 3}   # Players 2 and 4: Player 3's Heartstone is a partner's


def test_ruling_47_this_turn_lasts_one_players_turn_and_until_your_next_turn_a_round(cat):
    g = table(cat, [{**MARU, "hand": ["probe-shield", "probe-disrupt"], "pool": {"LR": 2}}, VEYLAN, LETHAN])
    do(g, "cast", "probe-shield")
    do(g, "target", ref=g.players[0].hero)
    for _ in range(3):
        do(g, "pass")
    do(g, "cast", "probe-disrupt")
    do(g, "target", ref=g.players[1].hero)
    for _ in range(3):
        do(g, "pass")
    hero, veylan = g.cards[g.players[0].hero], g.cards[g.players[1].hero]
    assert hero.shield == g.tick                   # Shield: this turn, Player 1's own
    do(g, "end_turn")
    assert g.active == 1 and hero.shield < g.tick  # Player 2's turn: no longer shielded
    # Disrupt: "until your next turn", Player 1's turn of round 2, after Players 2 and 3 and the Pyramid.
    assert veylan.disabled == g.tick + 3


def test_ruling_46_a_seat_sees_only_its_own_hand_a_partners_included(cat):
    hands = [["probe-strike"], ["probe-heal"], ["probe-ward"], ["probe-buff"]]
    g = table(cat, [{**p, "hand": h} for p, h in zip((MARU, VEYLAN, TALAH, LETHAN), hands)],
              seating="two-against-two")
    for seat in range(4):
        view = g.view(seat)
        for p, entry in enumerate(view["players"]):
            assert entry["hand_count"] == 1 and entry["team"] == p % 2
            assert ("hand" in entry) == (p == seat), (seat, p)
        assert view["players"][seat]["hand"][0]["card"] == hands[seat][0]
    assert all("hand" not in entry for entry in g.view(SPECTATOR)["players"])


def test_a_table_round_trips_through_json(cat):
    g = new_game(cat, [basic_deck(), lemurian_deck(), basic_deck(), lemurian_deck()], seed=3, teams=True)
    again = GameState.from_json(g.to_json(), cat)
    assert again == g and again.teams == (0, 1, 0, 1) and again.foes == [(1, 3), (0, 2), (1, 3), (0, 2)]
    data = g.to_json()
    data["players"] = data["players"][:3]
    with pytest.raises(GameDataError, match="exactly 4 players"):
        GameState.from_json(data, cat)


def discharging(cat, edge, players):
    """`edge` locked with its counter at 3 at a table: the next Pyramid turn discharges it."""
    edges = [{"charge": 20, "counter": 3} if e == edge else 0 for e in range(4)]
    return scenario(cat, players, phase="pyramid", pyramid={"edges": edges, "deck": ["northern-flare"]})


def test_ruling_18_a_flank_seat_alone_at_its_own_edge_gets_the_whole_remainder_back(cat):
    g = discharging(cat, 3, [VEYLAN, MARU, LETHAN])   # E4: S1's alone when S4 is empty
    assert [d["player"] for d in g.pending] == [0]
    do(g, "deflect", n=10)
    assert g.discharge["returns"] == 6   # the Pyramid absorbs 4 of 10 and returns 6 to its one adjacent player
    do(g, "absorb", "dr-veylan", n=6)
    assert [g.cards[p.hero].damage for p in g.players] == [6, 0, 0]


def test_ruling_18_the_middle_seat_shares_each_discharge_with_one_neighbour(cat):
    g = discharging(cat, 1, [VEYLAN, MARU, LETHAN])   # E2: S2 and S3
    assert sorted(d["player"] for d in g.pending) == [1, 2]
    do(g, "deflect", n=10)
    do(g, "deflect", n=10)
    assert g.discharge["returns"] == 6   # 20 deflected: the Pyramid keeps 8, 6 back to each of the two
    do(g, "absorb", "elder-maru", n=6)
    do(g, "absorb", "lethan", n=6)
    assert [g.cards[p.hero].damage for p in g.players] == [0, 6, 6]
