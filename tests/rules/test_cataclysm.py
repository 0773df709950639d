"""The Cataclysm: 80 damage, charge absorbs first, distribution, Legacy, tiebreakers and elimination."""
import pytest

from tests.rules.conftest import do, iid_of, scenario


def cataclysm(cat, p1, p2, first=0):
    """Three edges locked, the fourth at 19: the next Pyramid card brings the Cataclysm."""
    return scenario(cat, [p1, p2], phase="pyramid", first_player=first,
                    pyramid={"edges": [20, 20, 20, 19], "deck": ["the-pulse"]})


def test_ruling_23_each_player_faces_80_less_their_own_stored_charge(cat):
    p1 = {"hero": "dr-veylan", "board": [{"card": "leyline-reservoir", "charge": 62}, "kalen-vos"]}
    p2 = {"hero": "elder-maru", "board": [{"card": "heartstone", "charge": 5}]}
    g = cataclysm(cat, p1, p2)
    assert g.remaining == [80 - 62, 80 - 5]
    # Charge is removed from every card once it has absorbed.
    assert g.cards[iid_of(g, "leyline-reservoir")].charge == 0 and g.cards[iid_of(g, "heartstone")].charge == 0
    # Player 2's 75 damage exceeds Elder Maru's 20 HP: no choice, the Hero falls.
    assert g.current_player == 0 and g.pending[-1]["type"] == "cataclysm" and g.pending[-1]["left"] == 18


def test_ruling_24_damage_is_distributed_among_people_and_hero_only(cat):
    p1 = {"hero": "dr-veylan", "board": [{"card": "leyline-reservoir", "charge": 62},
                                         {"card": "kalen-vos", "equipment": ["phase-cutter"]},
                                         {"card": "gentle-dissent", "charge": 1}]}
    g = cataclysm(cat, p1, {"hero": "elder-maru"})
    assert g.remaining[0] == 80 - 64
    targets = {a.args[1] for a in g.legal_actions()}
    assert targets == {"dr-veylan", "kalen-vos"}
    do(g, "assign_damage", "dr-veylan", n=16)
    assert g.is_over
    res = g.result()
    rows = {r["card"]: r for r in res["breakdown"][0]}
    # Scenes (Dormant now), Batteries and equipment survive; Kalen Vos keeps 2 HP; the Hero 4.
    assert rows["dr-veylan"]["value"] == 4 and rows["kalen-vos"]["value"] == 2 * 2
    assert rows["gentle-dissent"]["reason"].endswith("(Dormant): 2")
    assert res["legacy"][0] == 4 + 4 + 2 + 2 + 6


def test_ruling_24_equipment_goes_with_a_person_destroyed_by_the_cataclysm(cat):
    p1 = {"hero": "dr-veylan", "board": [{"card": "leyline-reservoir", "charge": 62},
                                         {"card": "kalen-vos", "equipment": ["phase-cutter"]}]}
    g = cataclysm(cat, p1, {"hero": "elder-maru"})
    do(g, "assign_damage", "kalen-vos", n=2)   # the other 16 can only go to the Hero
    assert g.is_over
    cards = {r["card"] for r in g.result()["breakdown"][0]}
    assert cards == {"dr-veylan", "leyline-reservoir"}
    assert g.cards[iid_of(g, "phase-cutter")].zone == "graveyard"


@pytest.mark.parametrize("slug,kind", [("kalen-vos", "person"), ("spire-warden", "person"),
                                       ("tide-oracle", "person"), ("phase-cutter", "equipment"),
                                       ("surge-gauntlet", "equipment"), ("crown-of-tides", "equipment"),
                                       ("gentle-dissent", "scene"), ("storm-archive", "scene"),
                                       ("heartstone", "battery"), ("tidewell-cell", "battery"),
                                       ("leyline-reservoir", "battery")])
def test_legacy_table(cat, slug, kind):
    row = next(r for r in cat.rulebook["rarities"] if r["slug"] == cat[slug].rarity)
    entry = {"card": "kalen-vos", "equipment": [slug]} if kind == "equipment" else slug
    g = scenario(cat, [{"hero": "dr-veylan", "board": [entry]}, None], pyramid={"deck": ["the-pulse"]})
    rows = {r["card"]: r for r in g.result()["breakdown"][0]}
    if kind == "person":
        assert rows[slug]["value"] == row["person_hp"] * row["legacy_multiplier"]
    else:
        assert rows[slug]["value"] == row["legacy_value"]
    assert rows["dr-veylan"]["value"] == 20   # Hero: HP


def test_ruling_26_people_score_remaining_hp_times_rarity(cat):
    g = scenario(cat, [{"hero": "dr-veylan", "board": [{"card": "tide-oracle", "damage": 2}]}, None],
                 pyramid={"deck": ["the-pulse"]})
    row = next(r for r in g.result()["breakdown"][0] if r["card"] == "tide-oracle")
    assert row["value"] == 4 * 6 and row["reason"] == "Person, Rare: 4 HP × 6"


def test_fortify_makes_a_card_absorb_less_cataclysm_damage(cat):
    p1 = {"hero": {"card": "dr-veylan", "fortify": 5}, "board": [{"card": "leyline-reservoir", "charge": 60}]}
    g = cataclysm(cat, p1, {"hero": "elder-maru"})
    assert g.is_over   # one character: no choice
    assert g.result()["breakdown"][0][0]["value"] == 20 - (20 - 5)


def test_highest_legacy_wins(cat):
    p1 = {"hero": "dr-veylan", "board": ["heartstone"]}
    p2 = {"hero": "elder-maru", "board": ["tidewell-cell"]}
    g = cataclysm(cat, p1, p2)
    res = g.result()
    assert res["legacy"] == [2, 4] and res["winner"] == 1 and res["tiebreak"] is None


def test_tiebreaker_1_most_cards_left_in_the_deck(cat):
    p1 = {"hero": "dr-veylan", "board": ["heartstone"], "deck": ["dark-current"] * 3}
    p2 = {"hero": "elder-maru", "board": ["heartstone"], "deck": ["light-resonance"] * 2}
    res = cataclysm(cat, p1, p2).result()
    assert res["legacy"] == [2, 2] and res["winner"] == 0 and res["tiebreak"] == "deck"


def test_tiebreaker_2_hero_survived(cat):
    p1 = {"hero": "dr-veylan", "board": [{"card": "leyline-reservoir", "charge": 78}]}
    p2 = {"hero": "elder-maru", "board": ["leyline-reservoir"] * 4}
    res = cataclysm(cat, p1, p2).result()
    assert res["legacy"] == [18 + 6, 24] and res["winner"] == 0 and res["tiebreak"] == "hero"


def test_tiebreaker_3_draw(cat):
    p1 = {"hero": "dr-veylan", "board": ["heartstone"]}
    p2 = {"hero": "elder-maru", "board": ["heartstone"]}
    res = cataclysm(cat, p1, p2).result()
    assert res["winner"] is None and res["tiebreak"] == "draw"


def test_elimination_no_hero_and_no_cards_scores_zero_and_loses(cat):
    p1 = {"hero": "dr-veylan"}
    p2 = {"hero": None, "deck": ["light-resonance"] * 9}
    res = cataclysm(cat, p1, p2).result()
    assert res["eliminated"] == [False, True] and res["legacy"] == [0, 0]
    assert res["winner"] == 0 and res["tiebreak"] is None   # RULINGS 34: elimination is a loss


def test_goldfish_is_eliminated(cat):
    g = cataclysm(cat, {"hero": "dr-veylan", "board": ["heartstone"]}, None)
    assert g.result()["eliminated"] == [False, True] and g.result()["winner"] == 0


def test_result_before_the_end_has_no_winner(cat):
    g = scenario(cat, [{"hero": "dr-veylan"}, None], pyramid={"deck": ["the-pulse"]})
    res = g.result()
    assert res["winner"] is None and res["final"] is False and res["legacy"] == [20, 0]


# ---------------------------------------------------------------- RULINGS 38: every point must be assigned
@pytest.fixture(scope="module")
def real_cat():
    from rules.engine.catalogue import load_catalogue
    return load_catalogue()


def test_ruling_38_stabilize_cannot_keep_cards_alive_past_the_damage_that_must_be_assigned(real_cat):
    # Elder Maru (22 HP, Stabilize 1) and The Rootmother (6 HP, Stabilize 2) with a 1-charge Heartstone face 79.
    p1 = {"hero": "elder-maru", "board": [{"card": "heartstone", "charge": 1}, "the-rootmother"]}
    g = cataclysm(real_cat, p1, {"hero": "dr-veylan", "board": [{"card": "leyline-reservoir", "charge": 80}]})
    assert g.remaining == [79, 0]
    # Each can take what kills it *with* its Stabilize: 22 + 1 and 6 + 2 = 31 < 79, so no choice: both fall.
    assert g.is_over
    rows = {r["card"]: r for r in g.result()["breakdown"][0]}
    assert set(rows) == {"heartstone"} and g.result()["legacy"][0] == 2


def test_ruling_38_the_lethal_share_of_a_card_counts_its_prevention(real_cat):
    # 29 to share: Maru can take 23 (22 HP + Stabilize 1), Rootmother 8 (6 HP + Stabilize 2).
    p1 = {"hero": "elder-maru", "board": [{"card": "heartstone", "charge": 51}, "the-rootmother"]}
    g = cataclysm(real_cat, p1, {"hero": "dr-veylan", "board": [{"card": "leyline-reservoir", "charge": 80}]})
    assert g.remaining[0] == 29
    caps = {a.args[1]: a.args[2] for a in g.legal_actions() if a.kind == "assign_damage" and a.args[2] > 1}
    assert caps == {"elder-maru": 23, "the-rootmother": 8}
    do(g, "assign_damage", "the-rootmother", n=8)   # the other 21 must go to Maru
    assert g.is_over
    rows = {r["card"]: r for r in g.result()["breakdown"][0]}
    assert "the-rootmother" not in rows                      # 8 points: Stabilize turns 2, the other 6 destroy her
    assert rows["elder-maru"]["value"] == 22 - (21 - 1)       # Stabilize 1 of the 21 becomes charge


def test_ruling_38_ward_counts_in_what_a_card_must_take(real_cat):
    # Dr. Veylan (18 HP) with Ward 2 alone faces 80: Ward prevents 2, the other 78 destroy him.
    p1 = {"hero": {"card": "dr-veylan", "ward": 2}}
    g = cataclysm(real_cat, p1, {"hero": "elder-maru", "board": [{"card": "leyline-reservoir", "charge": 80}]})
    assert g.is_over
    res = g.result()
    assert res["legacy"][0] == 0 and not any(r["card"] == "dr-veylan" for r in res["breakdown"][0])
    # A 19-point share (18 HP + Ward 2 = 20 would be needed) leaves him standing at 1 HP.
    g = cataclysm(real_cat, {"hero": {"card": "dr-veylan", "ward": 2}, "board": [{"card": "leyline-reservoir", "charge": 61}]},
                  {"hero": "elder-maru", "board": [{"card": "leyline-reservoir", "charge": 80}]})
    assert g.is_over and g.result()["breakdown"][0][0]["value"] == 18 - (19 - 2)


# ---------------------------------------------------------------- RULINGS 40: Fortify from Scenes
@pytest.mark.parametrize("hero,scene,pool,fortify", [
    ("mayor-vaelis", "lantern-quarter", {"LC": 1, "CE": 2}, 1),
    ("talah", "the-crossroads-glade", {"LR": 1, "CE": 2}, 1),
    ("elder-maru", "heart-of-the-old-forest", {"LR": 2, "DR": 1, "CE": 1}, 2),
])
def test_ruling_40_a_scene_fortifies_its_hero_when_it_enters_and_it_lasts_through_the_cataclysm(
        real_cat, hero, scene, pool, fortify):
    def hero_damage_at_the_cataclysm(hand, battery_charge):
        me = {"hero": hero, "hand": hand, "pool": pool if hand else {},
              "board": [{"card": "leyline-reservoir", "charge": battery_charge}]}
        g = scenario(real_cat, [me, None], pyramid={"edges": [20, 20, 20, 19], "deck": ["the-pulse"]})
        entering = 0
        if hand:
            do(g, "play", scene)
            entering = g.cards[iid_of(g, scene)].charge
            while g.stack:          # "When card enters play: Fortify" on the Hero, then it resolves
                do(g, "pass")
            assert g.cards[g.players[0].hero].fortify == fortify
        do(g, "end_turn")           # the goldfish's turn, then the Pyramid turn: the last edge locks
        assert g.is_over
        if hand:
            assert g.cards[iid_of(g, scene)].charge == 0   # Dormant at the Cataclysm, its Fortify still counts
        row = next(r for r in g.result()["breakdown"][0] if r["card"] == hero)
        return real_cat[hero].hp - row["value"], entering

    with_scene, entering = hero_damage_at_the_cataclysm([scene], 60)
    # The same charge in all, without the Scene: the Hero takes exactly `fortify` more.
    without, _ = hero_damage_at_the_cataclysm([], 60 + entering)
    assert without - with_scene == fortify
