"""Every keyword of the Ability Reference (keywords.yaml), one scenario each, plus the registry itself."""
import pytest

from rules.engine.catalogue import Ability
from rules.engine.effects import KEYWORDS, SUPPORTED, check_ability, check_card
from tests.rules.conftest import PROBES, do, find, iid_of, scenario

ME = {"hero": "dr-veylan", "deck": ["dark-current"] * 6}
FOE = {"hero": "elder-maru", "deck": ["light-resonance"] * 6}


def game(cat, mine=None, theirs=None, hand=("probe",), edges=None, tide=None, pool=None):
    p1 = {**ME, **(mine or {})}
    p1.setdefault("pool", pool or {"LR": 3})
    p1["hand"] = list(p1.get("hand", [])) + [h for h in hand if h != "probe"]
    p2 = {**FOE, **(theirs or {})}
    pyramid = {"edges": edges or [0, 0, 0, 0], "deck": ["the-pulse"]}
    if tide is not None:   # the `tide` rule variant (RULINGS 16)
        pyramid["tide"] = tide
    return scenario(cat, [p1, p2], pyramid=pyramid, variants=[] if tide is None else ["tide"])


def cast(g, keyword, *targets):
    """Cast the probe Instant of a keyword, choose its targets in order (refs), and let it resolve."""
    do(g, "cast", f"probe-{keyword}")
    for ref in targets:
        if g.pending and g.pending[-1]["type"] in ("target", "assign"):
            do(g, g.pending[-1]["type"], ref=ref)
    assert not g.pending, f"still choosing: {[a.id for a in g.legal_actions()]}"
    do(g, "pass")
    do(g, "pass")
    assert g.stack == []
    return g


def hero(g, p):
    return g.cards[g.players[p].hero]


def test_every_keyword_has_a_handler_and_every_probe_is_legal(cat):
    effect_keywords = {k for k, row in cat.keywords.items() if row["category"] not in ("trigger", "faction")}
    assert effect_keywords == set(KEYWORDS)
    for keyword in KEYWORDS:
        assert ("instant", keyword) in SUPPORTED
    for keyword, (target, amount) in PROBES.items():
        ability = Ability("instant", keyword, amount, target)
        problems = check_ability(ability, cat.keywords)
        assert problems == [] or keyword in ("equip", "attune", "charge-capacity"), (keyword, problems)


def test_check_ability_reports_what_the_engine_cannot_play(cat):
    assert check_ability(Ability("use", "strike", 1, "edge"), cat.keywords)
    assert check_ability(Ability("pyramid", "strike", 1, "character"), cat.keywords)
    assert check_ability(Ability("pyramid", "accelerate", 1, "edge"), cat.keywords)
    assert check_ability(Ability("use", "strike", None, "character"), cat.keywords)
    assert check_ability(Ability("use", "synergy", 1, "none"), cat.keywords)
    assert check_ability(Ability("use", "frobnicate", 1, "none"), cat.keywords)
    assert check_ability(Ability("pyramid", "accelerate", 1, "all_edges"), cat.keywords) == []
    free_use = cat["dr-veylan"].__class__(slug="x", name="X", type="hero", abilities=(
        Ability("use", "strike", 1, "character"),))
    assert any("must cost something" in p for p in check_card(free_use, cat.keywords))
    assert check_card(cat["kalen-vos"], cat.keywords) == []


# ---------------------------------------------------------------- damage abilities
def test_strike_deals_x_damage_to_target_card_or_hero(cat):
    g = game(cat, hand=["probe-strike"])
    cast(g, "strike", g.players[1].hero)
    assert hero(g, 1).damage == 2


def test_ruling_29_damage_to_a_card_without_hp_removes_its_charge(cat):
    g = game(cat, hand=["probe-strike"], theirs={"board": [{"card": "tidewell-cell", "charge": 3}]})
    g.cards  # noqa: B018
    cell = iid_of(g, "tidewell-cell")
    do(g, "cast", "probe-strike")
    assert cell not in [a.args[2] for a in g.legal_actions()]   # Strike's target kind is "character"
    do(g, "target", ref=g.players[1].hero)
    do(g, "pass")
    do(g, "pass")
    g2 = game(cat, hand=["probe-drain"], theirs={"board": [{"card": "tidewell-cell", "charge": 3}]})
    g2.deal_damage(iid_of(g2, "tidewell-cell"), 2, "a test")
    assert g2.cards[iid_of(g2, "tidewell-cell")].charge == 1


def test_allocate_distributes_x_damage_point_by_point(cat):
    g = game(cat, hand=["probe-allocate"], theirs={"board": ["sorella-venn"]})
    sorella, maru = iid_of(g, "sorella-venn"), g.players[1].hero
    cast(g, "allocate", sorella, maru, maru)
    assert g.cards[sorella].damage == 1 and hero(g, 1).damage == 2


def test_accelerate_adds_x_to_target_edge(cat):
    g = game(cat, hand=["probe-accelerate"], edges=[1, 2, 3, 4])
    cast(g, "accelerate", "E3")
    assert [e.charge for e in g.edges] == [1, 2, 6, 4]


def test_charge_distributes_x_among_edges(cat):
    g = game(cat, hand=["probe-charge"])
    cast(g, "charge", "E1", "E4", "E4")
    assert [e.charge for e in g.edges] == [1, 0, 0, 2]


def test_drain_removes_x_from_a_card_or_an_edge(cat):
    g = game(cat, hand=["probe-drain", "probe-drain"], theirs={"board": [{"card": "tidewell-cell", "charge": 3}]},
             edges=[5, 5, 5, 5])
    cast(g, "drain", iid_of(g, "tidewell-cell"))
    assert g.cards[iid_of(g, "tidewell-cell")].charge == 1
    cast(g, "drain", "E2")
    assert g.edges[1].charge == 3


def test_steal_moves_charge_to_your_card(cat):
    g = game(cat, hand=["probe-steal"], mine={"board": ["heartstone", {"card": "tidewell-cell", "charge": 0}]},
             theirs={"board": [{"card": "leyline-reservoir", "charge": 3}]})
    cast(g, "steal", iid_of(g, "leyline-reservoir"), iid_of(g, "tidewell-cell"))
    assert g.cards[iid_of(g, "leyline-reservoir")].charge == 1
    assert g.cards[iid_of(g, "tidewell-cell")].charge == 2


# ---------------------------------------------------------------- healing and defense
def test_heal_removes_x_damage(cat):
    g = game(cat, hand=["probe-heal"], mine={"hero": {"card": "dr-veylan", "damage": 5}})
    cast(g, "heal", g.players[0].hero)
    assert hero(g, 0).damage == 3


def test_shield_target_cannot_be_targeted_this_turn_then_can(cat):
    g = game(cat, hand=["probe-shield"], pool={"LR": 1, "DC": 2}, mine={"board": ["dark-current"] * 2})
    maru = g.players[1].hero
    cast(g, "shield", maru)
    assert g.view()["players"][1]["hero"]["statuses"] == ["shielded"]
    # Dr. Veylan's Strike targets an enemy character: the shielded Elder Maru is the only one, so it cannot.
    assert not [a for a in g.legal_actions() if a.kind == "activate"]
    do(g, "end_turn")
    do(g, "end_turn")
    assert g.cards[maru].shield < g.tick   # Shield 1 lasted that turn only
    do(g, "tap", "dark-current")
    do(g, "tap", "dark-current")
    assert [a for a in g.legal_actions() if a.kind == "activate"]


def test_ward_prevents_x_damage_from_the_next_source_only(cat):
    g = game(cat, hand=["probe-ward"], pool={"LR": 1, "DC": 4})
    maru = g.players[1].hero
    cast(g, "ward", maru)
    for expected in (0, 2):
        do(g, "activate", "dr-veylan")
        do(g, "pass")
        do(g, "pass")
        assert hero(g, 1).damage == expected


def test_fortify_is_kept_until_the_cataclysm(cat):
    g = game(cat, hand=["probe-fortify"])
    cast(g, "fortify", g.players[0].hero)
    assert hero(g, 0).fortify == 3 and g.fortify_total(g.players[0].hero) == 3


def test_stabilize_turns_incoming_damage_into_battery_charge_this_turn(cat):
    g = game(cat, hand=["probe-stabilize"], pool={"LR": 1, "DC": 2}, theirs={"board": ["heartstone"]})
    g2_hero = g.players[1].hero
    cast(g, "stabilize", g2_hero)
    do(g, "activate", "dr-veylan")
    do(g, "pass")
    do(g, "pass")
    assert hero(g, 1).damage == 0 and g.cards[iid_of(g, "heartstone")].charge == 3


def test_continuous_passive_stabilize_and_fortify(cat):
    g = game(cat, pool={"DC": 4}, theirs={"board": ["bastion-keeper", "heartstone"]}, hand=[])
    keeper = iid_of(g, "bastion-keeper")
    assert g.fortify_total(keeper) == 2
    do(g, "activate", "dr-veylan")
    do(g, "target", ref=g.players[1].hero)
    do(g, "pass")
    do(g, "pass")
    assert hero(g, 1).damage == 1 and g.cards[iid_of(g, "heartstone")].charge == 2   # 1 a turn
    do(g, "activate", "dr-veylan")
    do(g, "target", ref=g.players[1].hero)
    do(g, "pass")
    do(g, "pass")
    assert hero(g, 1).damage == 3


# ---------------------------------------------------------------- board abilities
def test_resurrect_returns_a_common_card_from_any_graveyard_under_your_control(cat):
    g = game(cat, hand=["probe-resurrect"], theirs={"graveyard": ["sorella-venn", "tide-oracle"]})
    sorella = iid_of(g, "sorella-venn")
    do(g, "cast", "probe-resurrect")   # Tide Oracle is Rare: Sorella Venn is the only legal target
    do(g, "pass")
    do(g, "pass")
    assert g.cards[sorella].zone == "board" and g.cards[sorella].ctrl == 0 and g.cards[sorella].owner == 1


def test_destroy_a_common_card_but_not_a_rare_or_a_hero(cat):
    g = game(cat, hand=["probe-destroy"], theirs={"board": ["sorella-venn", "tide-oracle", "heartstone"]})
    do(g, "cast", "probe-destroy")
    options = {a.args[3] for a in g.legal_actions()}
    assert options == {"sorella-venn", "heartstone"}
    do(g, "target", "sorella-venn")
    do(g, "pass")
    do(g, "pass")
    assert g.cards[iid_of(g, "sorella-venn")].zone == "graveyard"


def test_disrupt_stops_activation_until_your_next_turn(cat):
    g = game(cat, hand=["probe-disrupt"], theirs={"board": ["sorella-venn", "light-resonance"],
                                                 "hero": {"card": "elder-maru", "damage": 3}})
    maru = g.players[1].hero
    cast(g, "disrupt", maru)
    do(g, "end_turn")
    do(g, "tap", "light-resonance")
    assert not [a for a in g.legal_actions() if a.kind == "activate" and a.args[1] == "elder-maru"]
    do(g, "end_turn")
    assert g.cards[maru].disabled == g.tick   # it ends as my next turn begins


def test_buff_generates_x_bonus_ce_this_turn(cat):
    g = game(cat, hand=["probe-buff"])
    cast(g, "buff")
    assert g.players[0].pool[5] == 3


# ---------------------------------------------------------------- instant keywords
def test_counter_negates_target_ability(cat):
    g = game(cat, pool={"DC": 2}, hand=[], theirs={"hand": ["probe-counter"], "pool": {"LR": 1}})
    do(g, "activate", "dr-veylan")
    do(g, "cast", "probe-counter")
    do(g, "pass")
    do(g, "pass")
    assert hero(g, 1).damage == 0 and g.stack == []


def test_redirect_changes_the_target_of_an_ability_on_the_stack(cat):
    g = game(cat, pool={"DC": 2}, hand=[], theirs={"hand": ["probe-redirect"], "pool": {"LR": 1},
                                                 "board": ["sorella-venn"]})
    do(g, "activate", "dr-veylan")
    do(g, "target", ref=g.players[1].hero)
    do(g, "cast", "probe-redirect")   # the only ability on the stack, and its only other legal target
    do(g, "pass")
    do(g, "pass")
    assert hero(g, 1).damage == 0 and g.cards[iid_of(g, "sorella-venn")].zone == "graveyard"


def test_delay_stops_activation_until_your_next_turn(cat):
    g = game(cat, hand=["probe-delay"])
    cast(g, "delay", g.players[1].hero)
    assert hero(g, 1).disabled == g.next_turn_tick(0)


def test_suppress_distributes_among_different_cards_for_one_round(cat):
    g = game(cat, hand=["probe-suppress"], theirs={"board": ["sorella-venn"]})
    sorella, maru = iid_of(g, "sorella-venn"), g.players[1].hero
    do(g, "cast", "probe-suppress")
    do(g, "assign", ref=sorella)
    assert sorella not in [a.args[2] for a in g.legal_actions()]
    do(g, "assign", ref=maru)
    do(g, "pass")
    do(g, "pass")
    assert g.cards[sorella].disabled == g.tick + 3 and g.cards[maru].disabled == g.tick + 3


def test_revive_returns_any_card_from_your_own_graveyard(cat):
    g = game(cat, hand=["probe-revive"], mine={"graveyard": ["tide-oracle"]},
             theirs={"graveyard": ["sorella-venn"]})
    oracle = iid_of(g, "tide-oracle")
    do(g, "cast", "probe-revive")
    do(g, "pass")
    do(g, "pass")
    assert g.cards[oracle].zone == "board" and g.cards[oracle].ctrl == 0 and g.cards[oracle].damage == 0


def test_take_control_permanent_for_a_common_until_end_of_turn_otherwise(cat):
    g = game(cat, hand=["probe-take-control", "probe-take-control"], pool={"LR": 2},
             theirs={"board": ["sorella-venn", "spire-warden"]})
    sorella, warden = iid_of(g, "sorella-venn"), iid_of(g, "spire-warden")
    cast(g, "take-control", sorella)
    cast(g, "take-control", warden)
    assert g.cards[sorella].ctrl == 0 and g.cards[warden].ctrl == 0
    do(g, "end_turn")
    assert g.cards[sorella].ctrl == 0 and g.cards[warden].ctrl == 1


# ---------------------------------------------------------------- equipment keywords
def test_equip_and_attune_move_equipment_to_another_person_you_control(cat):
    g = game(cat, hand=[], pool={"CE": 2}, mine={"board": [{"card": "kalen-vos", "equipment": ["drifting-blade",
                                                                                              "wandering-charm"]},
                                                           "fence-walker"]})
    blade, charm, walker = (iid_of(g, s) for s in ("drifting-blade", "wandering-charm", "fence-walker"))
    for slug in ("drifting-blade", "wandering-charm"):
        do(g, "activate", slug)
        do(g, "pass")
        do(g, "pass")
    assert g.cards[blade].host == walker and g.cards[charm].host == walker


def test_charge_capacity_lets_a_card_store_charge(cat):
    g = game(cat, hand=[], pool={"DC": 1}, mine={"board": ["capacitor-adept"]})
    do(g, "end_turn")
    do(g, "store_charge", "capacitor-adept")
    assert g.cards[iid_of(g, "capacitor-adept")].charge == 1


@pytest.mark.parametrize("keyword,equipment", [("unequip", "phase-cutter"), ("unattune", "moss-charm")])
def test_unequip_and_unattune_return_equipment_to_its_owners_hand(cat, keyword, equipment):
    g = game(cat, hand=[f"probe-{keyword}"],
             theirs={"board": [{"card": "sorella-venn", "equipment": ["phase-cutter", "moss-charm"]}]})
    do(g, "cast", f"probe-{keyword}")
    do(g, "pass")
    do(g, "pass")
    eq = iid_of(g, equipment)
    assert g.cards[eq].zone == "hand" and eq in g.players[1].hand


# ---------------------------------------------------------------- triggers
ORACLE_EDGES = {"edges": [5, 3, 4, 3], "deck": ["the-pulse"]}


def oracle_game(cat, mine=None, theirs=None, phase=None):
    """Tide Oracle (Passive: Accelerate 1 on the lowest edge) on my board; Dr. Veylan's Use (Strike 2 on the only
    enemy character, 2 DC) is a declaration that opens a Reaction Phase window."""
    p1 = {**ME, "board": ["tide-oracle"], "pool": {"DC": 4}, **(mine or {})}
    p2 = {**FOE, **(theirs or {})}
    kw = {"phase": phase} if phase else {}
    return scenario(cat, [p1, p2], pyramid=dict(ORACLE_EDGES), **kw)


def reacts(g):
    return [a for a in g.legal_actions() if a.kind == "react"]


def test_ruling_39_a_one_shot_passive_is_not_asked_at_the_start_of_the_turn(cat):
    g = oracle_game(cat, phase="turn_start")
    assert g.phase == "action" and not g.pending and g.stack == []
    kinds = {a.kind for a in g.legal_actions()}
    assert "end_turn" in kinds and not kinds & {"trigger", "decline", "react"}
    assert [e.charge for e in g.edges] == [5, 3, 4, 3]


def test_ruling_39_a_one_shot_passive_is_triggered_in_a_reaction_phase_window_and_goes_on_the_stack(cat):
    g = oracle_game(cat)
    do(g, "activate", "dr-veylan")            # a declaration: Player 2 gets priority
    assert g.current_player == 1 and not [a for a in reacts(g) if a.args[1] == "tide-oracle"]
    do(g, "pass")                             # Player 2 passes: Player 1 holds priority in the window
    assert g.current_player == 0
    offer = find(g, "react", "tide-oracle")
    assert offer.label == "Trigger Tide Oracle: Accelerate 1 (free)"   # costs nothing, taps nothing
    do(g, "react", "tide-oracle")
    assert len(g.stack) == 2 and g.current_player == 1     # on the stack; the opponent may respond
    do(g, "pass")
    assert not [a for a in reacts(g) if a.args[1] == "tide-oracle"]   # once per turn
    do(g, "pass")
    assert g.stack == [] and [e.charge for e in g.edges] == [5, 4, 4, 3]   # the lowest edge, first on a tie
    assert not g.cards[iid_of(g, "tide-oracle")].tapped


def test_ruling_39_passing_in_the_window_leaves_the_passive_unused_and_it_is_offered_in_the_next_one(cat):
    g = oracle_game(cat)
    do(g, "activate", "dr-veylan")
    do(g, "pass")
    do(g, "pass")                              # Player 1 passes instead of triggering: the Strike resolves
    assert g.stack == [] and [e.charge for e in g.edges] == [5, 3, 4, 3]
    do(g, "activate", "dr-veylan")             # a second declaration this turn, a second window
    do(g, "pass")
    do(g, "react", "tide-oracle")


def test_ruling_39_a_one_shot_passive_can_be_triggered_in_the_opponents_turn(cat):
    g = scenario(cat, [{**ME, "board": ["tide-oracle"]}, {**FOE, "pool": {"LR": 2}}], active=1,
                 pyramid=dict(ORACLE_EDGES))
    do(g, "activate", "elder-maru")            # Player 2's Heal 2 on their own Hero: Player 1 gets priority
    assert g.current_player == 0
    do(g, "react", "tide-oracle")
    assert g.stack[-1].ctrl == 0 and g.current_player == 1
    do(g, "pass")
    do(g, "pass")
    assert [e.charge for e in g.edges] == [5, 4, 4, 3]


def test_ruling_39_a_disrupted_card_still_triggers_its_passive_but_a_dormant_scene_does_not(cat):
    g = oracle_game(cat, mine={"board": [{"card": "tide-oracle", "disabled": True},
                                         {"card": "storm-archive", "charge": 0}]})
    do(g, "activate", "dr-veylan")
    do(g, "pass")
    assert [a.args[1] for a in reacts(g)] == ["tide-oracle"]


def test_targeted_trigger_without_a_legal_target_does_nothing(cat):
    g = scenario(cat, [{**ME, "hand": ["reef-stalker"], "pool": {"DR": 1, "CE": 1}}, None],
                 pyramid={"deck": ["the-pulse"]})
    do(g, "summon", "reef-stalker")   # When it enters: Strike 1 an enemy Person — the goldfish has none
    assert g.stack == [] and g.current_player == 0
    assert any(e["type"] == "fizzle" for e in g.events)


def test_a_forced_single_target_is_chosen_by_itself(cat):
    g = scenario(cat, [{**ME, "hand": ["kalen-vos"], "pool": {"DC": 1, "CE": 1},
                        "hero": {"card": "dr-veylan", "shielded": True}}, None], pyramid={"deck": ["the-pulse"]})
    do(g, "summon", "kalen-vos")   # the shielded Hero cannot be chosen: Kalen Vos is the only character left
    do(g, "pass")
    assert g.cards[iid_of(g, "kalen-vos")].damage == 1


def test_take_control_of_an_energy_card_lets_you_tap_it(cat):
    g = game(cat, hand=["probe-take-control"], theirs={"board": ["light-resonance"]})
    energy = iid_of(g, "light-resonance", player=1, zone="board")
    cast(g, "take-control", energy)
    assert g.cards[energy].ctrl == 0
    do(g, "tap", "light-resonance")
    do(g, "end_turn")
    assert g.cards[energy].ctrl == 1   # Energy has no rarity: not Common, so only until end of turn
    from tests.rules.invariants import check_board_indexes
    check_board_indexes(g)
