"""Turn Structure: the round, the Draw Phase, untapping, and the End Phase in order."""
from tests.rules.conftest import do, iid_of, scenario

HERO1 = "dr-veylan"


def board(cat, p1, p2=None, **kw):
    p1 = {"hero": HERO1, **p1}
    kw.setdefault("pyramid", {"deck": ["the-pulse"]})
    return scenario(cat, [p1, p2], **kw)


def test_round_is_first_player_then_second_then_pyramid(cat):
    g = board(cat, {"deck": ["dark-current"] * 5}, {"hero": "elder-maru", "deck": ["light-resonance"] * 5},
              phase="turn_start")
    turns = []
    for _ in range(3):
        turns.append((g.round, g.active))
        do(g, "end_turn")
    assert turns == [(1, 0), (1, 1), (2, 0)]
    assert [e.charge for e in g.edges] == [1, 1, 1, 1]  # the Pyramid turn came between
    assert [e["type"] for e in g.events if e["type"] in ("turn", "pyramid")] == ["turn", "turn", "pyramid", "turn", "turn"]


def test_ruling_13_first_player_draws_on_the_first_turn(cat):
    g = board(cat, {"deck": ["dark-current"] * 3}, phase="turn_start")
    assert len(g.players[0].hand) == 1 and len(g.players[0].deck) == 2


def test_ruling_13_drawing_from_an_empty_deck_does_nothing(cat):
    g = board(cat, {"deck": []}, phase="turn_start")
    hero = g.cards[g.players[0].hero]
    assert g.players[0].hand == [] and hero.damage == 0 and not g.is_over
    assert any("deck is empty" in e["text"] for e in g.events)


def test_cards_untap_at_the_start_of_their_controllers_next_turn(cat):
    g = board(cat, {"board": [{"card": "dark-current", "tapped": True}], "deck": ["dark-current"] * 3},
              {"hero": "elder-maru", "board": [{"card": "light-resonance", "tapped": True}],
               "deck": ["light-resonance"] * 3}, phase="turn_start")
    mine, theirs = iid_of(g, "dark-current", zone="board"), iid_of(g, "light-resonance", zone="board")
    assert not g.cards[mine].tapped and g.cards[theirs].tapped
    do(g, "end_turn")
    assert not g.cards[theirs].tapped


def test_arc_burn_deals_one_damage_per_unused_energy(cat):
    g = board(cat, {"board": ["dark-current", "dark-current", "dark-current"]})
    do(g, "tap", "dark-current")
    do(g, "tap", "dark-current")
    do(g, "end_turn")
    assert g.cards[g.players[0].hero].damage == 2


def test_ruling_5_storing_energy_as_charge_prevents_arc_burn(cat):
    g = board(cat, {"board": ["dark-current", "dark-current", {"card": "heartstone", "charge": 1}]})
    do(g, "tap", "dark-current")
    do(g, "tap", "dark-current")
    do(g, "end_turn")
    assert g.pending[-1]["type"] == "arc_burn"
    do(g, "store_charge", "heartstone")
    do(g, "burn")
    assert g.cards[iid_of(g, "heartstone")].charge == 2
    assert g.cards[g.players[0].hero].damage == 1


def test_ruling_5_valid_storage_is_a_battery_equipment_with_room_or_a_scene_below_its_charge(cat):
    g = board(cat, {"board": ["dark-current", {"card": "storm-archive", "charge": 1},
                              {"card": "kalen-vos", "equipment": [{"card": "phase-cutter", "charge": 0}]},
                              {"card": "fence-walker", "equipment": ["surge-gauntlet"]}]})
    do(g, "tap", "dark-current")
    do(g, "end_turn")
    targets = {a.args[2] for a in g.legal_actions() if a.kind == "store_charge"}
    assert targets == {"storm-archive", "phase-cutter"}  # Surge Gauntlet is full; People hold no charge


def test_arc_burn_without_storage_happens_by_itself(cat):
    g = board(cat, {"board": ["dark-current"]})
    do(g, "tap", "dark-current")
    do(g, "end_turn")
    assert g.cards[g.players[0].hero].damage == 1 and g.round == 2


def test_scene_damage_hits_its_owners_hero_each_end_phase(cat):
    g = board(cat, {"board": [{"card": "gentle-dissent", "charge": 1}], "deck": ["dark-current"] * 4},
              {"hero": "elder-maru", "deck": ["light-resonance"] * 4})
    do(g, "end_turn")
    assert g.cards[g.players[0].hero].damage == 1
    do(g, "end_turn")   # RULINGS 14: the opponent's End Phase does not trigger my Scene
    assert g.cards[g.players[0].hero].damage == 1
    do(g, "end_turn")
    assert g.cards[g.players[0].hero].damage == 2


def test_scene_that_entered_this_turn_is_exempt_and_a_dormant_scene_deals_nothing(cat):
    g = board(cat, {"board": [{"card": "gentle-dissent", "charge": 1, "entered_this_turn": True},
                              {"card": "storm-archive", "charge": 0}]})
    do(g, "end_turn")
    assert g.cards[g.players[0].hero].damage == 0


def test_overload_destroys_a_person_whose_equipment_charge_exceeds_its_hp(cat):
    g = board(cat, {"board": [{"card": "kalen-vos", "damage": 1, "equipment": ["phase-cutter", "surge-gauntlet"]},
                              {"card": "fence-walker", "equipment": ["phase-cutter"]}]})
    kalen = iid_of(g, "kalen-vos", zone="board")
    do(g, "end_turn")
    assert g.cards[kalen].zone == "graveyard"
    # RULINGS 9: its equipment goes to the graveyard with it.
    assert sorted(g.cards[i].slug for i in g.players[0].grave) == ["kalen-vos", "phase-cutter", "surge-gauntlet"]
    assert g.cards[iid_of(g, "fence-walker")].zone == "board"


def test_end_phase_order_arc_burn_then_scene_damage_then_overload(cat):
    g = board(cat, {"board": ["dark-current", {"card": "gentle-dissent", "charge": 1},
                              {"card": "kalen-vos", "damage": 1,
                               "equipment": [{"card": "phase-cutter", "charge": 0}, "surge-gauntlet"]}]})
    do(g, "tap", "dark-current")
    do(g, "end_turn")
    # Arc Burn first: the unused energy is stored on Phase Cutter, so Kalen Vos (1 HP left) now carries 2 charge.
    do(g, "store_charge", "phase-cutter")
    kinds = [e["type"] for e in g.events]
    store = kinds.index("store")
    scene_damage = kinds.index("damage")
    overload = kinds.index("destroy")
    assert store < scene_damage < overload
    assert g.cards[g.players[0].hero].damage == 1
    assert g.cards[iid_of(g, "kalen-vos")].zone == "graveyard"


def test_ruling_5_opponent_pays_arc_burn_for_energy_tapped_in_my_turn(cat):
    g = board(cat, {"board": ["dark-current"], "hand": ["kalen-vos"], "deck": ["dark-current"], "pool": {"CE": 1}},
              {"hero": "elder-maru", "board": ["light-resonance", "sorella-venn"], "deck": ["light-resonance"]})
    do(g, "tap", "dark-current")
    do(g, "summon", "kalen-vos")
    do(g, "target", "sorella-venn")
    do(g, "tap", "light-resonance")   # Player 2 taps in the reaction window and does nothing with it
    do(g, "pass")
    do(g, "pass")
    do(g, "end_turn")
    assert g.cards[g.players[1].hero].damage == 1


def test_storing_arc_burn_energy_in_a_dormant_scene_wakes_it(cat):
    g = board(cat, {"board": ["dark-current", {"card": "gentle-dissent", "charge": 0}]})
    do(g, "tap", "dark-current")
    do(g, "end_turn")
    do(g, "store_charge", "gentle-dissent")
    # No Arc Burn; the Scene holds charge again, so its own End Phase damage applies.
    assert g.cards[iid_of(g, "gentle-dissent")].charge == 1
    assert g.cards[g.players[0].hero].damage == 1
