"""The deck validator: a legal and an illegal deck for every rule and deck-building ruling (RULINGS 1-3).

Decks are built from the real data files plus a small set of "Test ..." cards made here from the rulebook tables, so
each rule can be aimed at precisely while cards.yaml keeps changing. The builders below are shared by the other deck
test modules (`build_catalogue`, `legal_deck`, `faction_cards`, `hero_of`).
"""
import dataclasses
import json
from functools import lru_cache

import pytest

from decks import validation as v
from decks.formats import FORMATS, get_format, load_formats
from decks.textio import parse_decklist
from decks.validation import Problem, validate_deck
from rules.engine.catalogue import compile_catalogue, load_catalogue, read_data, slugify

FMT = get_format()
PREFIX = "Test"


def _label(rulebook, faction):
    civ = next(c["name"] for c in rulebook["civilizations"] if c["slug"] == faction["civilization"])
    ideology = next(i["name"] for i in rulebook["ideologies"] if i["slug"] == faction["ideology"])
    return f"{PREFIX} {civ} {ideology}"


def _faction_cost(table, faction):
    cost = {faction["faction_energy"]: table["F"], faction["secondary_energy"]: table["S"], "CE": table["CE"]}
    return {code: amount for code, amount in cost.items() if amount}


def make_test_cards(rulebook):
    """Return raw cards: per faction a Hero, a Person of each rarity, a Scene, an Instant and its equipment."""
    cards = []
    civilizations = {c["slug"]: c for c in rulebook["civilizations"]}
    common = rulebook["rarities"][0]
    for faction in rulebook["factions"]:
        label = _label(rulebook, faction)
        cards.append({
            "name": f"{label} Hero", "type": "hero", "faction": faction["slug"], "hp": 20,
            "abilities": [{"trigger": "use", "keyword": "strike", "amount": 1, "target": "enemy_character",
                           "cost": {faction["faction_energy"]: 1}}],
        })
        for rarity in rulebook["rarities"]:
            cards.append({"name": f"{label} {rarity['name']} Person", "type": "person", "faction": faction["slug"],
                          "rarity": rarity["slug"], "cost": _faction_cost(rarity["summon_cost"], faction)})
        equipment = civilizations[faction["civilization"]]["equipment_type"]
        for card_type, table in (("scene", "summon_cost"), ("instant", "instant_cost"), (equipment, "summon_cost")):
            cards.append({"name": f"{label} {card_type.title()}", "type": card_type, "faction": faction["slug"],
                          "rarity": common["slug"], "cost": _faction_cost(common[table], faction)})
    cards.append({"name": f"{PREFIX} Battery", "type": "battery", "rarity": common["slug"],
                  "cost": dict(common["battery_cost"])})
    for energy in rulebook["energy_types"]:
        cards.append({"name": f"{PREFIX} {energy['name']}", "type": "energy", "produces": energy["code"]})
    return cards


@lru_cache(maxsize=1)
def build_catalogue():
    """Compile the real data plus the test cards."""
    data = read_data()
    data["cards"] = data["cards"] + make_test_cards(data["rulebook"])
    return compile_catalogue(data)


CAT = build_catalogue()
FACTIONS = {f["slug"]: f for f in CAT.rulebook["factions"]}


def hero_of(faction_slug):
    """Return the slug of the faction's test Hero."""
    return slugify(_label(CAT.rulebook, FACTIONS[faction_slug]) + " Hero")


def energy_card(code):
    return next(c.slug for c in CAT.cards.values()
                if c.type == "energy" and c.produces == code and c.name.startswith(PREFIX))


def faction_cards(faction_slug):
    """Return the slugs of the faction's test cards that go in a deck."""
    return [c.slug for c in CAT.cards.values()
            if c.faction == faction_slug and c.type != "hero" and c.name.startswith(PREFIX)]

BATTERY = slugify(f"{PREFIX} Battery")
COLORLESS = CAT.rulebook["colorless"]
PYRAMID_CARD = next(c.slug for c in CAT.cards.values() if c.type == "pyramid")
HEROES = {slug: hero_of(slug) for slug in FACTIONS}


def legal_deck(faction_slug, fmt=FMT):
    """Return copies by slug of a legal, warning-free deck for the faction's test Hero."""
    faction = FACTIONS[faction_slug]
    counts = {slug: fmt.copy_limit for slug in faction_cards(faction_slug)}
    counts[BATTERY] = fmt.copy_limit
    counts[energy_card(COLORLESS)] = 2
    counts[energy_card(faction["secondary_energy"])] = 4
    counts[energy_card(faction["faction_energy"])] = fmt.deck_size - sum(counts.values())
    return counts


def codes(problems):
    return [p.code for p in problems]


def faction_where(**match):
    return next(slug for slug, f in FACTIONS.items() if all(f[k] == val for k, val in match.items()))


AF = faction_where(civilization="atlantean", ideology="fanatic")
AC = faction_where(civilization="atlantean", ideology="conservative")
AO = faction_where(civilization="atlantean", ideology="otf")
LF = faction_where(civilization="lemurian", ideology="fanatic")
LC_ = faction_where(civilization="lemurian", ideology="conservative")
LO = faction_where(civilization="lemurian", ideology="otf")


def person(faction_slug, rarity="common"):
    name = next(r["name"] for r in CAT.rulebook["rarities"] if r["slug"] == rarity)
    return slugify(f"{_label(CAT.rulebook, FACTIONS[faction_slug])} {name} Person")


def swap(counts, add, remove=None, n=1):
    """Return the deck with n copies of `add` in place of n of `remove` (the faction energy by default)."""
    out = dict(counts)
    remove = remove or max(out, key=out.get)
    out[remove] -= n
    if not out[remove]:
        del out[remove]
    out[add] = out.get(add, 0) + n
    return out


# --- the format ---------------------------------------------------------------------------------------------------

def test_playtest_format_holds_the_deck_building_rulings():
    assert FORMATS["playtest"] is get_format()
    assert (FMT.deck_size, FMT.copy_limit) == (45, 3)
    assert FMT.unlimited_types == ("energy",)
    assert {t: CAT.in_deck(t) for t in ("hero", "pyramid", "energy")} == {"hero": False, "pyramid": False, "energy": True}
    assert set(FMT.otf_allows_ideologies) == {"fanatic", "conservative", FMT.otf_ideology}


def test_unknown_format_is_a_key_error_naming_the_known_ones():
    with pytest.raises(KeyError, match="playtest"):
        get_format("no-such-format")


def test_format_file_with_an_unknown_field_is_refused(tmp_path):
    path = tmp_path / "formats.yaml"
    path.write_text("formats:\n  - {slug: x, name: X, deck_size: 40, copy_limit: 2, unlimited_types: [],"
                    " otf_ideology: otf, otf_allows_ideologies: [], min_energy_warning: 1,"
                    " deck_sise: 3}\n")
    with pytest.raises(ValueError, match="deck_sise"):
        load_formats(path)


def test_a_new_format_changes_the_rules_without_new_code():
    small = dataclasses.replace(FMT, slug="small", deck_size=30, copy_limit=2)
    counts = legal_deck(AF, small)
    assert validate_deck(CAT, HEROES[AF], counts, small).valid
    assert codes(validate_deck(CAT, HEROES[AF], counts).errors) == [v.DECK_SIZE]


# --- legal decks --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("faction", sorted(FACTIONS))
def test_a_legal_deck_for_every_hero_has_no_errors_and_no_warnings(faction):
    result = validate_deck(CAT, HEROES[faction], legal_deck(faction))
    assert result.valid
    assert result.errors == () and result.warnings == ()
    assert result.count == FMT.deck_size


def test_result_serialises_to_the_api_shape():
    counts = swap(legal_deck(AF), person(AF), n=FMT.copy_limit)  # 6 copies of one Person
    data = validate_deck(CAT, HEROES[AF], counts).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert set(data) == {"valid", "errors", "warnings", "count"}
    assert data["valid"] is False and data["count"] == FMT.deck_size
    assert data["errors"] == [{
        "code": "copy_limit", "message": f"{CAT[person(AF)].name}: 6 copies, the limit is 3.",
        "card": person(AF), "count": 6, "limit": 3, "suggestions": [], "line": None,
    }]


def test_problem_codes_are_the_stable_strings_clients_branch_on():
    assert [v.HERO_MISSING, v.HERO_UNKNOWN, v.NOT_A_HERO, v.DECK_SIZE, v.HERO_IN_DECK, v.PYRAMID_IN_DECK,
            v.UNKNOWN_CARD, v.WRONG_FACTION, v.WRONG_ENERGY, v.COPY_LIMIT, v.BAD_COUNT] == [
        "hero_missing", "hero_unknown", "not_a_hero", "deck_size", "hero_in_deck", "pyramid_in_deck",
        "unknown_card", "wrong_faction", "wrong_energy", "copy_limit", "bad_count"]
    assert [v.NO_ENERGY, v.FEW_ENERGY, v.UNPAYABLE_COST, v.ENERGY_TYPE_MISSING] == [
        "no_energy", "few_energy", "unpayable_cost", "energy_type_missing"]


# --- the Hero -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("hero", [None, ""])
def test_a_deck_without_a_hero_is_refused(hero):
    result = validate_deck(CAT, hero, legal_deck(AF))
    assert codes(result.errors) == [v.HERO_MISSING]


def test_an_unknown_hero_is_refused():
    result = validate_deck(CAT, "dr-nobody", legal_deck(AF))
    assert codes(result.errors) == [v.HERO_UNKNOWN]
    assert "dr-nobody" in result.errors[0].message


def test_a_card_that_is_not_a_hero_cannot_lead_a_deck():
    result = validate_deck(CAT, person(AF), legal_deck(AF))
    assert codes(result.errors) == [v.NOT_A_HERO]
    assert result.errors[0].message == f"{CAT[person(AF)].name} is not a Hero; it is a Person card."


# --- counts and unknown cards -------------------------------------------------------------------------------------

@pytest.mark.parametrize("bad", [0, -1, 2.5, "3", True, None])
def test_a_count_that_is_not_a_whole_number_of_at_least_one_is_refused(bad):
    counts = swap(legal_deck(AF), person(AF, "rare"), n=1)
    counts[person(AF, "rare")] = bad
    result = validate_deck(CAT, HEROES[AF], counts)
    assert v.BAD_COUNT in codes(result.errors)
    problem = next(p for p in result.errors if p.code == v.BAD_COUNT)
    assert problem.card == person(AF, "rare") and CAT[person(AF, "rare")].name in problem.message


def test_an_unknown_card_is_refused_by_slug():
    counts = swap(legal_deck(AF), "no-such-card")
    result = validate_deck(CAT, HEROES[AF], counts)
    assert codes(result.errors) == [v.UNKNOWN_CARD]
    assert result.errors[0].card == "no-such-card" and "no-such-card" in result.errors[0].message


def test_every_problem_is_reported_at_once():
    counts = legal_deck(AF)
    counts[person(AF)] = 5                 # copy limit
    counts[person(LF)] = 1                 # wrong faction
    counts[energy_card("DR")] = 2          # wrong energy
    counts[PYRAMID_CARD] = 1               # pyramid card
    counts[HEROES[AC]] = 1                 # hero in deck
    counts["no-such-card"] = 1             # unknown
    counts[BATTERY] = 0                    # bad count
    result = validate_deck(CAT, HEROES[AF], counts)
    assert set(codes(result.errors)) == {v.COPY_LIMIT, v.WRONG_FACTION, v.WRONG_ENERGY, v.PYRAMID_IN_DECK,
                                         v.HERO_IN_DECK, v.UNKNOWN_CARD, v.BAD_COUNT, v.DECK_SIZE}
    assert not result.valid


def test_problems_come_in_a_stable_order():
    counts = legal_deck(AF)
    counts.update({person(LF): 1, "no-such-card": 1, person(AF): 4})
    first = validate_deck(CAT, HEROES[AF], counts)
    second = validate_deck(CAT, HEROES[AF], dict(reversed(list(counts.items()))))
    assert first == second


# --- ruling 1: copy limit -----------------------------------------------------------------------------------------

def test_ruling_01_three_copies_of_a_card_are_legal():
    counts = legal_deck(AF)
    assert counts[person(AF)] == 3
    assert validate_deck(CAT, HEROES[AF], counts).valid


def test_ruling_01_a_fourth_copy_of_a_card_is_refused_with_the_numbers():
    counts = swap(legal_deck(AF), person(AF))
    result = validate_deck(CAT, HEROES[AF], counts)
    assert codes(result.errors) == [v.COPY_LIMIT]
    problem = result.errors[0]
    assert (problem.card, problem.count, problem.limit) == (person(AF), 4, 3)
    assert problem.message == f"{CAT[person(AF)].name}: 4 copies, the limit is 3."


def test_ruling_01_energy_cards_are_unlimited():
    counts = legal_deck(AF)
    assert counts[energy_card("DC")] > FMT.copy_limit
    assert validate_deck(CAT, HEROES[AF], counts).valid


def test_ruling_01_other_neutral_cards_are_limited():
    counts = swap(legal_deck(AF), BATTERY)
    assert codes(validate_deck(CAT, HEROES[AF], counts).errors) == [v.COPY_LIMIT]


def test_ruling_01_the_limit_counts_by_name_however_the_list_spells_it():
    name = CAT[person(AF)].name
    text = "\n".join([f"Hero: {CAT[HEROES[AF]].name}", f"2 {name}", f"2 {person(AF)}", f"1 {name.upper()}"])
    parsed = parse_decklist(text, CAT)
    assert parsed.counts == {person(AF): 5}
    counts = swap(legal_deck(AF), person(AF), n=parsed.counts[person(AF)] - FMT.copy_limit)
    result = validate_deck(CAT, parsed.hero, counts)
    assert [(p.code, p.count) for p in result.errors if p.code == v.COPY_LIMIT] == [(v.COPY_LIMIT, 5)]


# --- ruling 2: what a faction deck is -----------------------------------------------------------------------------

@pytest.mark.parametrize("delta", [-1, +1])
def test_ruling_02_a_deck_is_exactly_45_cards(delta):
    counts = legal_deck(AF)
    counts[energy_card("DC")] += delta
    result = validate_deck(CAT, HEROES[AF], counts)
    assert codes(result.errors) == [v.DECK_SIZE]
    problem = result.errors[0]
    assert (problem.count, problem.limit) == (FMT.deck_size + delta, FMT.deck_size)
    assert f"{FMT.deck_size + delta} cards" in problem.message and str(FMT.deck_size) in problem.message


def test_ruling_02_the_hero_is_not_counted():
    counts = legal_deck(AF)
    assert validate_deck(CAT, HEROES[AF], counts).count == sum(counts.values()) == FMT.deck_size


@pytest.mark.parametrize("faction", [AF, LO])
def test_ruling_02_heroes_never_go_in_a_deck(faction):
    counts = swap(legal_deck(faction), HEROES[faction])
    result = validate_deck(CAT, HEROES[faction], counts)
    assert codes(result.errors) == [v.HERO_IN_DECK]
    assert result.errors[0].card == HEROES[faction]


def test_ruling_02_pyramid_cards_never_go_in_a_deck():
    counts = swap(legal_deck(AF), PYRAMID_CARD)
    result = validate_deck(CAT, HEROES[AF], counts)
    assert codes(result.errors) == [v.PYRAMID_IN_DECK]
    assert CAT[PYRAMID_CARD].name in result.errors[0].message


@pytest.mark.parametrize("hero, other", [(AF, LF), (AC, LC_), (LF, AF), (LO, AO)])
def test_ruling_02_cards_of_another_civilization_are_refused(hero, other):
    counts = swap(legal_deck(hero), person(other))
    result = validate_deck(CAT, HEROES[hero], counts)
    assert codes(result.errors) == [v.WRONG_FACTION]
    assert result.errors[0].card == person(other) and CAT[person(other)].name in result.errors[0].message


@pytest.mark.parametrize("hero, other", [(AF, AC), (AC, AF), (AF, AO), (LC_, LO), (LF, LC_)])
def test_ruling_02_cards_of_another_ideology_are_refused_for_a_fanatic_or_conservative_hero(hero, other):
    counts = swap(legal_deck(hero), person(other))
    assert codes(validate_deck(CAT, HEROES[hero], counts).errors) == [v.WRONG_FACTION]


@pytest.mark.parametrize("otf, fanatic, conservative", [(AO, AF, AC), (LO, LF, LC_)])
def test_ruling_02_an_on_the_fence_hero_runs_fanatic_conservative_and_otf_cards_of_its_civilization(
    otf, fanatic, conservative
):
    counts = swap(swap(legal_deck(otf), person(fanatic), n=3), person(conservative), n=3)
    result = validate_deck(CAT, HEROES[otf], counts)
    assert result.valid and result.errors == ()


@pytest.mark.parametrize("otf, foreign", [(AO, LF), (AO, LC_), (AO, LO), (LO, AF), (LO, AC)])
def test_ruling_02_an_on_the_fence_hero_stays_in_its_civilization(otf, foreign):
    counts = swap(legal_deck(otf), person(foreign))
    assert codes(validate_deck(CAT, HEROES[otf], counts).errors) == [v.WRONG_FACTION]


@pytest.mark.parametrize("faction", sorted(FACTIONS))
def test_ruling_02_neutral_cards_go_in_any_deck(faction):
    counts = legal_deck(faction)
    neutral = [slug for slug in counts if CAT[slug].faction is None and CAT[slug].type != "energy"]
    assert neutral == [BATTERY]
    counts = swap(counts, energy_card(COLORLESS), n=5)
    assert validate_deck(CAT, HEROES[faction], counts).valid


# --- ruling 3: secondary energy and the Energy cards a deck may carry ---------------------------------------------

@pytest.mark.parametrize("faction", sorted(FACTIONS))
def test_ruling_03_secondary_energy_is_the_other_energy_of_the_same_civilization(faction):
    row = FACTIONS[faction]
    energies = {e["code"]: e for e in CAT.rulebook["energy_types"]}
    own, secondary = energies[row["faction_energy"]], energies[row["secondary_energy"]]
    assert own["civilization"] == secondary["civilization"] == row["civilization"]
    assert own["tone"] != secondary["tone"]
    assert set(row["energies"]) == {own["code"], secondary["code"]}
    assert CAT[person(faction, "rare")].cost.amount(secondary["code"]) >= 1  # Rares print it explicitly


@pytest.mark.parametrize("faction", sorted(FACTIONS))
def test_ruling_03_a_deck_carries_both_energies_of_its_civilization_and_colorless(faction):
    row = FACTIONS[faction]
    counts = legal_deck(faction)
    assert {CAT[s].produces for s in counts if CAT[s].type == "energy"} == {*row["energies"], COLORLESS}
    assert validate_deck(CAT, HEROES[faction], counts).valid


@pytest.mark.parametrize("faction", sorted(FACTIONS))
def test_ruling_03_energy_of_the_other_civilization_is_refused(faction):
    row = FACTIONS[faction]
    for code in {e["code"] for e in CAT.rulebook["energy_types"]} - {*row["energies"], COLORLESS}:
        counts = swap(legal_deck(faction), energy_card(code))
        result = validate_deck(CAT, HEROES[faction], counts)
        assert codes(result.errors) == [v.WRONG_ENERGY], code
        assert code in result.errors[0].message and CAT[energy_card(code)].name in result.errors[0].message


def test_ruling_03_an_atlantean_conservative_deck_may_carry_dark_current_for_its_rares():
    counts = legal_deck(AC)
    assert counts[energy_card("DC")] > 0 and counts[person(AC, "rare")] > 0
    assert validate_deck(CAT, HEROES[AC], counts).valid


def test_ruling_03_a_rare_without_secondary_energy_in_the_deck_is_warned_about():
    counts = legal_deck(AF)
    secondary = energy_card(FACTIONS[AF]["secondary_energy"])
    counts = swap(counts, energy_card("DC"), remove=secondary, n=counts[secondary])
    result = validate_deck(CAT, HEROES[AF], counts)
    assert result.valid
    assert [(p.code, p.card) for p in result.warnings] == [(v.UNPAYABLE_COST, person(AF, "rare"))]
    assert "Light Current (LC)" in result.warnings[0].message


# --- warnings -----------------------------------------------------------------------------------------------------

def test_a_deck_without_energy_is_warned_about():
    counts = {s: n for s, n in legal_deck(AF).items() if CAT[s].type != "energy"}
    result = validate_deck(CAT, HEROES[AF], counts)
    assert v.NO_ENERGY in codes(result.warnings)
    assert v.ENERGY_TYPE_MISSING in codes(result.warnings)
    assert {p.card for p in result.warnings if p.code == v.UNPAYABLE_COST} >= {HEROES[AF], person(AF)}


@pytest.mark.parametrize("threshold", [FMT.min_energy_warning, 20])
def test_few_energy_is_warned_below_the_formats_threshold(threshold):
    fmt = dataclasses.replace(FMT, min_energy_warning=threshold)
    counts = {s: n for s, n in legal_deck(AF).items() if CAT[s].type != "energy"}
    counts[energy_card("DC")] = threshold - 1
    few = [p for p in validate_deck(CAT, HEROES[AF], counts, fmt).warnings if p.code == v.FEW_ENERGY]
    assert [(p.count, p.limit) for p in few] == [(threshold - 1, threshold)]
    assert f"{threshold - 1} Energy cards" in few[0].message
    counts[energy_card(COLORLESS)] = 1
    assert v.FEW_ENERGY not in codes(validate_deck(CAT, HEROES[AF], counts, fmt).warnings)


def test_a_deck_without_its_faction_energy_is_warned_about():
    counts = legal_deck(AC)
    own = energy_card(FACTIONS[AC]["faction_energy"])
    counts = swap(counts, energy_card(COLORLESS), remove=own, n=counts[own])
    result = validate_deck(CAT, HEROES[AC], counts)
    assert result.valid
    missing = [p for p in result.warnings if p.code == v.ENERGY_TYPE_MISSING]
    assert [p.card for p in missing] == [HEROES[AC]]
    assert "Light Current (LC)" in missing[0].message


def test_colorless_costs_are_never_unpayable():
    counts = {BATTERY: FMT.copy_limit, energy_card("DC"): FMT.deck_size - FMT.copy_limit}
    assert CAT[BATTERY].cost.energy == (("CE", CAT[BATTERY].cost.total),)
    result = validate_deck(CAT, HEROES[AF], counts)
    assert result.valid and v.UNPAYABLE_COST not in codes(result.warnings)


def test_problem_is_a_frozen_value():
    problem = Problem(v.COPY_LIMIT, "x")
    with pytest.raises(dataclasses.FrozenInstanceError):
        problem.code = "other"


# --- the real catalogue's starter decks ---------------------------------------------------------------------------

REAL = load_catalogue()


def _starter_counts(deck):
    counts = {}
    for entry in deck["cards"]:
        counts[entry["card"]] = counts.get(entry["card"], 0) + entry["count"]
    return counts


def test_there_is_one_starter_deck_per_hero():
    heroes = sorted(deck["hero"] for deck in REAL.starter_decks.values())
    assert heroes == sorted(hero.slug for hero in REAL.heroes)
    assert len(heroes) == len(REAL.rulebook["factions"])


@pytest.mark.parametrize("faction", [f["slug"] for f in REAL.rulebook["factions"]])
def test_the_starter_deck_of_every_faction_is_legal(faction):
    decks = [d for d in REAL.starter_decks.values() if d["hero"] in REAL.cards and REAL[d["hero"]].faction == faction]
    assert len(decks) == 1, f"cards/data/starter_decks.yaml needs exactly one deck for {faction}"
    result = validate_deck(REAL, decks[0]["hero"], _starter_counts(decks[0]))
    assert result.valid, [p.message for p in result.errors]
    assert result.count == FMT.deck_size
