"""Card Types: Hero, People, Scenes, Artifacts & Enchantments, Batteries, Instants, and OTF Synergy."""
import pytest

from tests.rules.conftest import do, find, iid_of, scenario


def board(cat, p1, p2=None, **kw):
    p1 = {"hero": "dr-veylan", **p1}
    if p2 is not None:
        p2 = {"hero": "elder-maru", "deck": ["light-resonance"] * 3, **p2}
    return scenario(cat, [p1, p2], pyramid={"deck": ["the-pulse"]}, **kw)


def kinds(g):
    return {a.kind for a in g.legal_actions()}


# ---------------------------------------------------------------- Hero
def test_ruling_10_hero_use_taps_it_but_can_be_used_again_while_costs_are_paid(cat):
    g = board(cat, {"pool": {"DC": 4}}, {})
    hero, enemy = g.players[0].hero, g.players[1].hero
    for expected in (2, 4):
        do(g, "activate", "dr-veylan")
        do(g, "pass")
        do(g, "pass")
        assert g.cards[hero].tapped and g.cards[enemy].damage == expected
    assert "activate" not in kinds(g)   # no energy left


def test_ruling_10_other_cards_use_abilities_need_the_card_untapped(cat):
    g = board(cat, {"board": ["kalen-vos"], "pool": {"DC": 2}}, {})
    do(g, "activate", "kalen-vos")
    do(g, "target", "elder-maru")
    do(g, "pass")
    do(g, "pass")
    assert g.cards[iid_of(g, "kalen-vos")].tapped
    assert not [a for a in g.legal_actions() if a.kind == "activate" and a.args[1] == "kalen-vos"]


def test_hero_at_zero_hp_is_removed_and_the_game_continues(cat):
    g = board(cat, {"pool": {"DC": 2}}, {"hero": {"card": "elder-maru", "damage": 18}})
    do(g, "activate", "dr-veylan")
    do(g, "pass")
    do(g, "pass")
    maru = iid_of(g, "elder-maru")
    assert g.players[1].hero == -1 and g.cards[maru].zone == "graveyard"
    assert not g.is_over
    do(g, "end_turn")
    assert g.active == 1 and "activate" not in kinds(g)   # Hero abilities are lost


# ---------------------------------------------------------------- People
@pytest.mark.parametrize("slug,rarity", [("kalen-vos", "common"), ("spire-warden", "uncommon"),
                                         ("tide-oracle", "rare")])
def test_people_hp_comes_from_the_rarity_table(cat, slug, rarity):
    g = board(cat, {"board": [slug]})
    row = next(r for r in cat.rulebook["rarities"] if r["slug"] == rarity)
    assert g.cards[iid_of(g, slug)].hp_left == row["person_hp"]


def test_summoning_does_not_use_the_stack(cat):
    g = board(cat, {"hand": ["sorella-venn"], "pool": {"LR": 1, "CE": 1}}, {})
    do(g, "summon", "sorella-venn")
    assert g.stack == [] and g.current_player == 0   # no enters ability: no reaction window


# ---------------------------------------------------------------- Scenes
@pytest.mark.parametrize("slug,rarity", [("gentle-dissent", "common"), ("storm-archive", "uncommon")])
def test_scenes_enter_with_charge_by_rarity(cat, slug, rarity):
    g = board(cat, {"hand": [slug], "pool": {"LR": 1, "DC": 1, "CE": 2}})
    do(g, "play", slug)
    row = next(r for r in cat.rulebook["rarities"] if r["slug"] == rarity)
    assert g.cards[iid_of(g, slug)].charge == row["scene_charge"]


def test_dormant_scene_has_no_abilities_but_counts_for_legacy(cat):
    g = board(cat, {"board": [{"card": "gentle-dissent", "charge": 0}, "sorella-venn"], "pool": {"CE": 4}})
    assert not [a for a in g.legal_actions() if a.kind == "activate"]
    rows = g.result()["breakdown"][0]
    assert {"card": "gentle-dissent", "value": 2} .items() <= next(r for r in rows
                                                                  if r["card"] == "gentle-dissent").items()


def test_scene_use_with_a_charge_cost_needs_that_charge(cat):
    g = board(cat, {"board": [{"card": "gentle-dissent", "charge": 1}, "sorella-venn"], "pool": {"CE": 4}})
    assert find(g, "activate", "gentle-dissent")


# ---------------------------------------------------------------- Artifacts & Enchantments
def test_ruling_27_equipment_is_played_for_the_equip_cost_onto_a_person_you_control(cat):
    g = board(cat, {"hand": ["phase-cutter"], "board": ["kalen-vos"], "pool": {"LC": 1}},
              {"board": ["sorella-venn"]})
    hosts = {a.args[3] for a in g.legal_actions() if a.kind == "equip"}
    assert hosts == {"kalen-vos"}   # not the Hero, not an opponent's Person
    do(g, "equip", "phase-cutter", pay="LC1")
    cutter = iid_of(g, "phase-cutter")
    assert g.cards[cutter].host == iid_of(g, "kalen-vos") and g.players[0].pool == [0] * 6


def test_no_equip_without_a_person(cat):
    g = board(cat, {"hand": ["phase-cutter"], "pool": {"CE": 1}})
    assert "equip" not in kinds(g)


def test_ruling_8_equipment_enters_holding_one_charge_counter(cat):
    g = board(cat, {"hand": ["phase-cutter"], "board": ["kalen-vos"], "pool": {"CE": 1}})
    do(g, "equip", "phase-cutter")
    assert g.cards[iid_of(g, "phase-cutter")].charge == cat.rulebook["equipment"]["charge_capacity"]


def test_each_equipment_gives_plus_one_to_its_persons_abilities(cat):
    g = board(cat, {"board": [{"card": "kalen-vos", "equipment": ["phase-cutter", "moss-charm"]}]})
    kalen = iid_of(g, "kalen-vos")
    assert g.amount_for(kalen, g.cards[kalen].info.abilities[1], 0) == 3


def test_uncommon_equipment_boost_adds_one_until_end_of_turn_for_two_faction_energy(cat):
    g = board(cat, {"board": [{"card": "kalen-vos", "equipment": ["surge-gauntlet"]}], "pool": {"DC": 2},
                    "deck": ["dark-current"] * 3}, {})
    kalen = iid_of(g, "kalen-vos")
    strike = g.cards[kalen].info.abilities[1]
    assert g.amount_for(kalen, strike, 0) == 2
    do(g, "activate", "surge-gauntlet", pay="DC2")
    do(g, "pass")
    do(g, "pass")
    assert g.amount_for(kalen, strike, 0) == 3 and g.cards[iid_of(g, "surge-gauntlet")].tapped
    do(g, "end_turn")
    do(g, "end_turn")
    assert g.amount_for(kalen, strike, 0) == 2


def test_rare_equipment_aura_gives_plus_one_to_every_equipped_person(cat):
    g = board(cat, {"board": [{"card": "kalen-vos", "equipment": ["crown-of-tides"]},
                              {"card": "sorella-venn", "equipment": ["phase-cutter"]}, "spire-warden"]})
    kalen, walker, warden = (iid_of(g, s) for s in ("kalen-vos", "sorella-venn", "spire-warden"))
    assert g.amount_for(kalen, g.cards[kalen].info.abilities[1], 0) == 1 + 1 + 1
    assert g.amount_for(walker, g.cards[walker].info.abilities[0], 0) == 1 + 1 + 1
    assert g.amount_for(warden, g.cards[warden].info.abilities[0], 0) == 1   # not equipped: no aura


def test_rare_equipment_use_is_its_charge_manipulation(cat):
    g = board(cat, {"board": [{"card": "kalen-vos", "equipment": [{"card": "crown-of-tides", "charge": 0}]}],
                    "pool": {"DC": 1}}, {"board": [{"card": "heartstone", "charge": 1}]})
    do(g, "activate", "crown-of-tides")
    do(g, "pass")
    do(g, "pass")
    assert g.cards[iid_of(g, "crown-of-tides")].charge == 1 and g.cards[iid_of(g, "heartstone")].charge == 0


# ---------------------------------------------------------------- Batteries
@pytest.mark.parametrize("slug,counters", [("heartstone", 1), ("tidewell-cell", 2), ("leyline-reservoir", 3)])
def test_batteries_enter_with_counters_by_cost(cat, slug, counters):
    g = board(cat, {"hand": [slug], "pool": {"CE": 6}})
    do(g, "play", slug)
    assert g.cards[iid_of(g, slug)].charge == counters
    rarity = cat[slug].rarity
    assert counters == next(r for r in cat.rulebook["rarities"] if r["slug"] == rarity)["battery_counters"]


def test_battery_add_counter_needs_one_energy_of_any_type(cat):
    g = board(cat, {"board": ["heartstone"], "pool": {"LR": 1}})
    do(g, "add_counter", "heartstone")
    assert g.cards[iid_of(g, "heartstone")].charge == 2 and "add_counter" not in kinds(g)


# ---------------------------------------------------------------- Instants
def test_instant_in_own_action_phase_goes_on_the_stack_then_to_the_graveyard(cat):
    g = board(cat, {"hand": ["probe-buff"], "pool": {"LR": 1}})
    do(g, "cast", "probe-buff")
    probe = iid_of(g, "probe-buff")
    assert g.cards[probe].zone == "stack" and len(g.stack) == 1
    do(g, "pass")   # the goldfish passed already; Player 1 passes: it resolves
    assert g.cards[probe].zone == "graveyard" and g.players[0].pool[5] == 3


def test_instants_can_be_cast_in_the_opponents_turn_only_in_a_reaction_window(cat):
    g = board(cat, {"pool": {"DC": 2}}, {"hand": ["deep-roots"], "board": ["light-resonance"]})
    assert g.current_player == 0
    do(g, "activate", "dr-veylan")
    assert g.current_player == 1 and find(g, "tap", "light-resonance")
    do(g, "tap", "light-resonance")
    do(g, "cast", "deep-roots")
    do(g, "target", "elder-maru")
    do(g, "pass")
    do(g, "pass")
    assert g.cards[g.players[1].hero].damage == 0


def test_reaction_passive_once_per_turn_in_a_reaction_window(cat):
    g = board(cat, {"pool": {"DC": 4}}, {"board": ["spire-warden"]})
    do(g, "activate", "dr-veylan")
    do(g, "target", "elder-maru")
    do(g, "react", "spire-warden")
    do(g, "target", "elder-maru")
    do(g, "pass")
    do(g, "pass")
    assert g.cards[g.players[1].hero].damage == 1   # Ward 1 took one point of Strike 2
    do(g, "activate", "dr-veylan")
    do(g, "target", "elder-maru")
    assert "react" not in kinds(g)   # once per turn
    do(g, "pass")
    do(g, "pass")
    assert "react" not in kinds(g)   # and only in a reaction window


# ---------------------------------------------------------------- On-The-Fence Synergy
def test_synergy_needs_both_a_fanatic_and_a_conservative_card(cat):
    g = board(cat, {"hero": "lethan", "board": ["fence-walker", "kalen-vos"]})
    walker = iid_of(g, "fence-walker")
    strike = g.cards[walker].info.abilities[0]
    assert g.amount_for(walker, strike, 0) == 1
    g = board(cat, {"hero": "lethan", "board": ["fence-walker", "kalen-vos", "spire-warden"]})
    walker = iid_of(g, "fence-walker")
    assert g.amount_for(walker, strike, 0) == 1 + 2
    hero = g.players[0].hero
    assert g.amount_for(hero, g.cards[hero].info.abilities[0], 0) == 1 + 1
