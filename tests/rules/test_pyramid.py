"""The Pyramid: Pyramid turn, Edge Lock, the discharge counter, Edge Discharge, Recombine, edge reset, the tide."""
import pytest

from rules.engine import load_scenario
from tests.rules.conftest import do, iid_of, scenario

P1 = {"hero": "dr-veylan", "deck": ["dark-current"] * 5}
P2 = {"hero": "elder-maru", "deck": ["light-resonance"] * 5}


def pyramid_turn(cat, edges, deck=("the-pulse",), p1=None, p2=None, seating="side-by-side", tide=None):
    """A board just before the Pyramid turn of round 1 (`tide`: under the `tide` variant, at that level)."""
    p1 = dict(P1) if p1 is None else (None if p1 == "goldfish" else p1)
    p2 = dict(P2) if p2 is None else (None if p2 == "goldfish" else p2)
    pyramid = {"edges": edges, "deck": list(deck)}
    if tide is not None:
        pyramid["tide"] = tide
    return scenario(cat, [p1, p2], phase="pyramid", seating=seating, pyramid=pyramid,
                    variants=[] if tide is None else ["tide"])


def test_pyramid_card_resolves_at_once_and_goes_to_the_bottom(cat):
    g = pyramid_turn(cat, [0, 0, 0, 0], deck=["the-surge", "the-pulse", "northern-flare"])
    assert [e.charge for e in g.edges] == [2, 2, 2, 2]
    assert g.pyramid == ["the-pulse", "northern-flare", "the-surge"]
    assert g.round == 2 and g.active == 0 and g.stack == []   # no one could respond


@pytest.mark.parametrize("card,expected", [
    ("the-pulse", [4, 6, 5, 9]), ("the-surge", [5, 7, 6, 10]), ("northern-flare", [5, 5, 4, 8]),
    ("eastern-flare", [3, 7, 4, 8]), ("southern-flare", [3, 5, 6, 8]), ("western-flare", [3, 5, 4, 10]),
    ("the-undertow", [6, 5, 4, 8])])
def test_each_pyramid_card(cat, card, expected):
    g = pyramid_turn(cat, [3, 5, 4, 8], deck=[card], tide=3)
    assert [e.charge for e in g.edges] == expected


def test_edge_locks_at_twenty_and_takes_no_more_charge(cat):
    g = pyramid_turn(cat, [19, 18, 0, 0], deck=["the-surge"])
    assert [e.charge for e in g.edges] == [20, 20, 2, 2]
    assert g.edges[0].locked and g.edges[1].locked and g.edges[0].counter == 1
    assert any(e["type"] == "edge_lock" for e in g.events)


def test_ruling_17_discharge_counter_starts_at_one_advances_each_pyramid_turn_and_discharges_at_four(cat):
    g = pyramid_turn(cat, [19, 0, 0, 0], deck=["the-pulse"], p1={"hero": None, "deck": ["dark-current"] * 5},
                     p2="goldfish")
    counters = []
    for _ in range(4):
        counters.append(g.edges[0].counter if g.edges[0].locked else None)
        do(g, "end_turn")   # the goldfish's turn passes by itself, then the Pyramid turn
    # Locked on the first Pyramid turn (counter 1), then 2, 3, and at 4 it discharged and reset.
    assert counters == [1, 2, 3, None]
    assert any(e["type"] == "discharge" for e in g.events)


def test_ruling_17_an_edge_locked_by_a_player_advances_on_the_next_pyramid_turn(cat):
    g = scenario(cat, [{**P1, "hand": ["probe-accelerate"], "pool": {"LR": 1}}, dict(P2)],
                 pyramid={"edges": [17, 0, 0, 0], "deck": ["the-pulse"]})
    do(g, "cast", "probe-accelerate")
    do(g, "target", ref="E1")
    do(g, "pass")
    do(g, "pass")
    assert g.edges[0].locked and g.edges[0].counter == 1
    do(g, "end_turn")
    do(g, "end_turn")
    assert g.edges[0].counter == 2


def discharging(cat, p1=None, p2=None, seating="side-by-side", edges=None, tide=None):
    """E1 locked with its counter at 3: the next Pyramid turn discharges it."""
    edges = edges or [{"charge": 20, "counter": 3}, 0, 0, 0]
    return pyramid_turn(cat, edges, deck=["northern-flare"], p1=p1, p2=p2, seating=seating, tide=tide)


def test_discharge_deals_ten_to_each_adjacent_player_who_absorbs_or_deflects_each_point(cat):
    g = discharging(cat)
    assert g.pending[-1] == {"type": "discharge", "player": 0, "left": 10, "returned": False}
    kinds = {a.kind for a in g.legal_actions()}
    assert kinds == {"absorb", "deflect"}
    do(g, "absorb", "dr-veylan", n=1)
    do(g, "deflect", n=9)
    assert g.current_player == 1
    do(g, "absorb", "elder-maru", n=10)
    # 9 deflected: the Pyramid absorbs 3 and returns 3 to each adjacent player.
    do(g, "absorb", "dr-veylan", n=3)
    do(g, "absorb", "elder-maru", n=3)
    assert g.cards[g.players[0].hero].damage == 4 and g.cards[g.players[1].hero].damage == 13
    assert g.edges[0].charge == 0 and not g.edges[0].locked and g.round == 2


def test_ruling_19_charge_cards_absorb_discharge_damage_by_losing_charge(cat):
    g = discharging(cat, p1={**P1, "board": [{"card": "tidewell-cell", "charge": 2}, "kalen-vos"]})
    options = {a.args[1] for a in g.legal_actions() if a.kind == "absorb"}
    assert options == {"dr-veylan", "tidewell-cell", "kalen-vos"}
    do(g, "absorb", "tidewell-cell", n=2)
    do(g, "absorb", "kalen-vos", n=2)
    do(g, "absorb", "dr-veylan", n=6)
    do(g, "deflect", n=10)   # Player 2 deflects everything: 10 deflected, 3 back to each
    do(g, "absorb", "dr-veylan", n=3)
    do(g, "absorb", "elder-maru", n=3)
    assert g.cards[iid_of(g, "tidewell-cell")].charge == 0
    assert g.cards[iid_of(g, "kalen-vos")].zone == "graveyard"
    # RULINGS 20: the edge resets to the number of cards destroyed (Kalen Vos).
    assert g.edges[0].charge == 1


def test_ruling_20_edge_reset_counts_every_card_destroyed_on_both_sides(cat):
    p1 = {**P1, "board": [{"card": "kalen-vos", "equipment": ["phase-cutter"]}]}
    p2 = {**P2, "board": ["sorella-venn"]}
    g = discharging(cat, p1=p1, p2=p2)
    do(g, "absorb", "kalen-vos", n=2)
    do(g, "deflect", n=8)
    do(g, "absorb", "sorella-venn", n=2)
    do(g, "deflect", n=8)
    do(g, "absorb", "dr-veylan", n=5)
    do(g, "absorb", "elder-maru", n=5)
    # Kalen Vos with Phase Cutter, and Sorella Venn: three cards.
    assert g.edges[0].charge == 3


def absorb_points(g, slug, points):
    """Absorb point by point, as a player may."""
    for _ in range(points):
        do(g, "absorb", slug, n=1)


def deflect_points(g, points):
    for _ in range(points):
        do(g, "deflect", n=1)


@pytest.mark.parametrize("total", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
def test_recombine_table_row_by_row(cat, total):
    row = cat.rulebook["recombine"][total]
    g = discharging(cat)
    mine = total // 2
    absorb_points(g, "dr-veylan", 10 - mine)
    deflect_points(g, mine)
    deflect_points(g, total - mine)
    absorb_points(g, "elder-maru", 10 - (total - mine))
    while g.pending:   # the returned damage, if any, absorbed by each Hero
        do(g, "absorb", n=g.pending[-1]["left"])
    returned = [g.cards[g.players[0].hero].damage - (10 - mine),
                g.cards[g.players[1].hero].damage - (10 - (total - mine))]
    assert returned == [row["returns"], row["returns"]]
    assert total - sum(returned) == row["absorbs"]


def test_ruling_18_the_general_rule_reproduces_the_table_and_extends_it(cat):
    from rules.engine.tables import tables
    tb = tables(cat)
    for total, row in cat.rulebook["recombine"].items():
        assert total - 2 * (total // 3) == row["absorbs"]          # the printed "Pyramid Absorbs" column
        assert tb.recombine_returns(total, 2) == row["returns"]     # the rest, shared by the two players
    assert tb.recombine_absorbs(20) == 8 and tb.recombine_returns(20, 2) == 6
    assert tb.recombine_absorbs(11) == 5 and tb.recombine_returns(11, 2) == 3


@pytest.mark.parametrize("total,back", [(1, 0), (2, 0), (3, 2), (4, 2), (5, 2), (7, 4), (10, 6)])
def test_ruling_18_one_adjacent_player_gets_the_whole_remainder(cat, total, back):
    from rules.engine.tables import tables
    tb = tables(cat)
    assert tb.recombine_returns(total, 1) == back == total - tb.recombine_absorbs(total)


def test_recombine_beyond_the_table_both_players_deflect_everything(cat):
    g = discharging(cat)
    do(g, "deflect", n=10)
    do(g, "deflect", n=10)
    assert g.discharge["returns"] == 6
    do(g, "absorb", "dr-veylan", n=6)
    do(g, "absorb", "elder-maru", n=6)
    assert g.cards[g.players[0].hero].damage == 6


def test_ruling_18_a_single_adjacent_player_gets_the_remainder_back_and_must_absorb_it(cat):
    g = discharging(cat, seating="diagonal")   # E1 is Player 1's alone
    assert len(g.pending) == 1
    do(g, "deflect", n=10)
    # The Pyramid absorbs ~40% (4 of 10, as the table's column) and returns the remainder, 6, to its one player.
    assert g.discharge["returns"] == 6
    assert {a.kind for a in g.legal_actions()} == {"absorb"}   # returned damage cannot be deflected again
    do(g, "absorb", "dr-veylan", n=6)
    assert g.cards[g.players[0].hero].damage == 6 and g.cards[g.players[1].hero].damage == 0


def test_ruling_21_goldfish_deflects_everything_at_a_shared_edge(cat):
    g = discharging(cat, p2="goldfish")
    assert g.discharge["deflected"][1] == 10
    do(g, "absorb", "dr-veylan", n=10)
    # 10 deflected by the goldfish: 3 come back to each; the goldfish has nothing to absorb them with.
    do(g, "absorb", "dr-veylan", n=3)
    assert g.cards[g.players[0].hero].damage == 13 and g.round == 2


def test_dead_edge_locks_and_discharges_harming_no_one(cat):
    g = discharging(cat, edges=[0, 0, {"charge": 20, "counter": 3}, 0])   # E3 is dead side by side
    assert g.pending == [] and g.round == 2
    assert g.cards[g.players[0].hero].damage == 0 and g.cards[g.players[1].hero].damage == 0
    assert not g.edges[2].locked and g.edges[2].charge == 0
    assert any("dead edge" in e["text"] for e in g.events)


def test_player_with_nothing_to_absorb_deflects_everything(cat):
    g = discharging(cat, p1={"hero": None, "deck": ["dark-current"]})
    assert g.discharge["deflected"][0] == 10


# ---------------------------------------------------------------- RULINGS 16: the printed Pyramid, and the full circle
def test_ruling_16_the_default_pyramid_deck_is_fifty_pulse_and_surge_cards(cat):
    from rules.engine.catalogue import load_catalogue
    real = load_catalogue()
    assert len(real.pyramid_deck) == 50 and set(real.pyramid_deck) == {"the-pulse", "the-surge"}


def test_ruling_16_a_discharged_edge_resets_to_the_cards_destroyed_as_printed(cat):
    g = discharging(cat, edges=[{"charge": 20, "counter": 3}, 12, 12, 12], p2="goldfish",
                    p1={"hero": None, "deck": ["dark-current"]})
    assert g.edges[0].charge == 0 and g.tide == 0   # no card destroyed: 0, however high the others are


def test_ruling_16_the_pyramid_coming_full_circle_locks_every_edge(cat):
    deck = ["the-pulse"] * 5   # the top of the deck; the whole deck is the default's 50 cards
    g = load_scenario(cat, {"players": [dict(P1), None], "phase": "pyramid", "round": 49,
                            "pyramid": {"edges": [20, 3, 9, 0], "deck": deck}})
    assert not g.is_over and g.round == 50   # round 49 does not flip the deck's last card
    g = load_scenario(cat, {"players": [dict(P1), None], "phase": "pyramid", "round": 50,
                            "pyramid": {"edges": [20, 3, 9, 0], "deck": deck}})
    assert g.is_over and any(e["type"] == "full_circle" for e in g.events)


def test_ruling_16_the_result_says_the_cataclysm_came_by_the_full_circle(cat):
    g = load_scenario(cat, {"players": [dict(P1), None], "phase": "pyramid", "round": 50,
                            "pyramid": {"edges": [20, 3, 9, 0], "deck": ["the-pulse"] * 5}})
    result = g.result()
    assert result["ending"] == "full_circle" and "by the full circle" in result["ending_text"]
    assert "by the full circle" in [e for e in g.events if e["type"] == "game_over"][-1]["text"]
    # Four edges locking by themselves: the plain Cataclysm, named as such.
    g = load_scenario(cat, {"players": [dict(P1), None], "phase": "pyramid", "round": 10,
                            "pyramid": {"edges": [19, 19, 19, 19], "deck": ["the-pulse"] * 5}})
    assert g.is_over and g.result()["ending"] == "edges_locked"
    assert "full circle" not in [e for e in g.events if e["type"] == "game_over"][-1]["text"]
    ongoing = load_scenario(cat, {"players": [dict(P1), None], "pyramid": {"deck": ["the-pulse"] * 5}})
    assert ongoing.result()["ending"] is None


def test_ruling_16_every_game_ends_by_the_full_circle_whatever_the_players_do(cat):
    """An edge kept out of step by a player's Accelerate never locks with the others; the full circle ends it."""
    from rules.engine.catalogue import load_catalogue
    from rules.engine.simulate import worst_case_bound
    real = load_catalogue()
    assert worst_case_bound(real) == 50
    # E4 sits 10 behind, and its own discharge would follow the others' forever: round 50 still ends the game.
    g = load_scenario(real, {"players": [None, None], "phase": "pyramid", "round": 45,
                             "pyramid": {"edges": [20, 20, 20, 5], "deck": ["the-pulse"] * 50}})
    assert g.is_over and g.round == 50 and all(e.locked for e in g.edges)
    assert any(e["type"] == "full_circle" for e in g.events)


def test_ruling_16_the_measured_game_length_of_the_default_rules():
    """The figures written in RULINGS 16: 1,000 seeded Pyramid-only runs of the default rules."""
    from rules.engine.catalogue import load_catalogue
    from rules.engine.simulate import pyramid_only
    stats = pyramid_only(load_catalogue(), runs=1000)
    assert stats["worst_case_bound"] == 50 and stats["max"] <= 50
    assert stats["resets_set_by_tide"] == 0 and stats["games_without_cataclysm"] == 0


# ---------------------------------------------------------------- the `tide` and `flares` variants
def test_variant_tide_all_edge_pyramid_cards_raise_the_tide(cat):
    g = pyramid_turn(cat, [5, 5, 5, 5], deck=["the-surge"], tide=5)
    assert g.tide == 7 and g.variants == ("tide",)
    assert pyramid_turn(cat, [5, 5, 5, 5], deck=["the-surge"]).tide == 0   # not without the variant


def test_variant_tide_a_discharged_edge_resets_no_lower_than_the_tide(cat):
    g = discharging(cat, edges=[{"charge": 20, "counter": 3}, 12, 12, 12], tide=12, p2="goldfish",
                    p1={"hero": None, "deck": ["dark-current"]})
    assert g.edges[0].charge == 12


def test_variant_tide_drain_cannot_take_an_edge_below_the_tide_nor_touch_a_locked_edge(cat):
    g = scenario(cat, [{**P1, "hand": ["probe-drain", "probe-drain"], "pool": {"LR": 2}}, None],
                 pyramid={"edges": [20, 7, 6, 6], "tide": 6, "deck": ["the-pulse"]}, variants=["tide"])
    do(g, "cast", "probe-drain")
    targets = {a.args[2] for a in g.legal_actions() if a.kind == "target"}
    assert "E1" not in targets   # locked
    do(g, "target", ref="E2")
    do(g, "pass")
    assert g.edges[1].charge == 6


def test_variant_tide_ends_every_game_by_its_own_bound_with_the_worst_pyramid_order(cat):
    """Flares and the Undertow first, then the smallest tide cards: the tide still reaches 20 by round 38."""
    from rules.engine.catalogue import load_catalogue
    from rules.engine.simulate import worst_case_bound
    real = load_catalogue()
    deck = sorted(real.variants["flares"].pyramid_deck,
                  key=lambda s: (real[s].abilities[0].target == "all_edges", real[s].abilities[0].amount))
    assert worst_case_bound(real, ["flares", "tide"]) == 38
    g = load_scenario(real, {"players": [None, None], "phase": "pyramid", "variants": ["flares", "tide"],
                             "pyramid": {"deck": deck}})
    assert g.is_over and g.round <= 38 and g.tide <= 20 and all(e.locked for e in g.edges)


def test_variant_flares_replaces_the_pyramid_deck(cat):
    from rules.engine.catalogue import load_catalogue
    from rules.engine.setup import new_game
    real = load_catalogue()
    g = new_game(real, [None, None], seed=3, variants=["flares"])
    assert sorted(g.pyramid) == sorted(real.variants["flares"].pyramid_deck) != sorted(real.pyramid_deck)
    assert g.record()["variants"] == ["flares"] and not g.tide_rule


def test_unknown_variants_are_refused_with_the_known_ones(cat):
    from rules.engine.errors import GameDataError
    from rules.engine.setup import new_game
    with pytest.raises(GameDataError, match="unknown rule variant 'tides'.*flares, tide"):
        new_game(cat, [None, None], variants=["tides"])
    with pytest.raises(GameDataError, match="list of variant names"):
        new_game(cat, [None, None], variants="tide")
    with pytest.raises(GameDataError, match="needs the 'tide' rule variant"):
        load_scenario(cat, {"players": [None, None], "phase": "pyramid", "pyramid": {"tide": 3, "edges": [3, 3, 3, 3]}})


def test_a_record_with_variants_replays_exactly(cat):
    from rules.engine import replay
    from rules.engine.setup import new_game
    g = new_game(cat, [None, None], seed=5, variants=["tide", "flares"])
    again = replay(cat, g.record())
    assert again.variants == ("flares", "tide") and again.digest() == g.digest()


def test_ruling_22_cataclysm_the_moment_the_fourth_edge_locks_even_mid_turn(cat):
    g = scenario(cat, [{**P1, "hand": ["probe-accelerate"], "pool": {"LR": 1}}, dict(P2)],
                 pyramid={"edges": [20, 20, 20, 18], "deck": ["the-pulse"]})
    do(g, "cast", "probe-accelerate")   # the only open edge, E4, is its only legal target
    do(g, "pass")
    do(g, "pass")
    assert g.phase in ("cataclysm_apply", "over") and g.round == 1
    assert any(e["type"] == "cataclysm" for e in g.events)


def test_a_hero_destroyed_by_a_discharge_counts_for_the_edge_reset(cat):
    g = discharging(cat, p1={"hero": {"card": "dr-veylan", "damage": 15}, "deck": ["dark-current"]})
    do(g, "absorb", "dr-veylan", n=5)   # all the Hero can take: the other 5 are deflected by themselves
    do(g, "deflect", n=10)
    do(g, "absorb", "elder-maru", n=5)   # 15 deflected: 5 back each; Player 1 has nothing left
    assert g.players[0].hero == -1 and g.edges[0].charge == 1


def test_cataclysm_interrupts_the_stack_and_instants_go_to_the_graveyard(cat):
    g = scenario(cat, [{**P1, "hand": ["probe-accelerate"], "pool": {"LR": 1, "DC": 2}},
                       {**P2, "hand": ["probe-heal"], "pool": {"LR": 1}}],
                 pyramid={"edges": [20, 20, 20, 18], "deck": ["the-pulse"]})
    do(g, "cast", "probe-accelerate")
    do(g, "cast", "probe-heal")
    do(g, "target", "elder-maru")
    do(g, "pass")
    do(g, "pass")
    # Heal resolved first, then Accelerate locked E4: the Cataclysm at once; nothing is left on the stack.
    assert g.stack == [] and g.phase in ("cataclysm_apply", "over")
    assert g.cards[iid_of(g, "probe-accelerate")].zone == "graveyard"
    assert g.cards[iid_of(g, "probe-heal")].zone == "graveyard"
