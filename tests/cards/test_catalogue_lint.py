"""Lint the card data against the rulebook tables, so a data edit that breaks a printed rule fails here.

Pure: no database. Every number is read from `cards/data/rulebook.yaml`, `keywords.yaml` or the deck format; the
only literals are the cards and heroes the rulebook text itself names.
"""
from collections import Counter

import pytest

from decks.formats import get_format
from decks.validation import allowed_energies, allowed_ideologies, validate_deck
from rules.engine.catalogue import compile_catalogue, load_catalogue, read_data, slugify

CATALOGUE = load_catalogue()
RULEBOOK = CATALOGUE.rulebook
FORMAT = get_format()
DATA = read_data()
RAW_CARDS = [raw for raw in DATA["cards"] if raw["type"] != "pyramid"]
TRIGGERS = {row["slug"] for row in DATA["triggers"]} - {"pyramid"}  # Pyramid effects belong to pyramid.yaml
CARDS = [card for card in CATALOGUE.cards.values() if card.type != "pyramid"]
ABILITY_CARDS = [card for card in CARDS if card.abilities]
FACTIONS = {row["slug"]: row for row in RULEBOOK["factions"]}
CIVILIZATIONS = {row["slug"]: row for row in RULEBOOK["civilizations"]}
ENERGY_CODES = {row["code"] for row in RULEBOOK["energy_types"]}
COLORLESS = RULEBOOK["colorless"]
EQUIPMENT_TYPES = {row["equipment_type"] for row in RULEBOOK["civilizations"]}
CHARGE_HOLDERS = {"scene", "battery", *EQUIPMENT_TYPES}  # "Charge ... can be stored on" these (Rulebook: Charge)
SUMMONED_TYPES = {"person", "scene"}   # the summon_cost table ("People", "Scenes" in the Quick Reference)
IN_DECK_TYPES = {row["slug"] for row in RULEBOOK["card_types"] if row["in_deck"]}
BASE_FACTIONS = [slug for slug, row in FACTIONS.items() if row["ideology"] != "otf"]
OTF_FACTIONS = [slug for slug, row in FACTIONS.items() if row["ideology"] == "otf"]

# Keywords the equipment rules (rulebook.yaml `equipment`) supply to every Artifact/Enchantment without a card row.
IMPLICIT_KEYWORDS = {"equip", "attune", "charge-capacity"}
REQUIRED_CATEGORIES = {"damage", "defense", "board", "instant", "equipment"}
# Which equipment type each removal keyword acts on ("Remove target Artifact ..." / "... target Enchantment ...").
REMOVES = {"unequip": "artifact", "unattune": "enchantment"}
CHARGE_MANIPULATION = {"steal", "drain", "charge"}
CONSERVATIVE_DAMAGE_OK = {"drain", "steal"}  # charge manipulation is not aggression

_OWN = {"self", "own_hero", "own_character", "own_person", "equipped_person"}
_EDGES = {"edge", "lowest_edge", "all_edges", "E1", "E2", "E3", "E4"}
# Targets that make sense for each keyword, by its reminder text.
SENSIBLE_TARGETS = {
    "strike": {"character", "enemy_character", "person", "enemy_person"},
    "allocate": {"characters"},
    "accelerate": _EDGES,
    "charge": {"edges"},
    "drain": {"card_or_edge", "card", "enemy_card", "edge"},
    "steal": {"enemy_card", "card"},
    "heal": _OWN | {"character", "person"},
    "shield": _OWN | {"card", "own_card", "character", "person"},
    "ward": _OWN | {"character", "person"},
    "fortify": {"self", "own_hero", "equipped_person"},
    "stabilize": {"self", "own_hero", "equipped_person"},
    "resurrect": {"graveyard_card"},
    "revive": {"graveyard_card"},
    "destroy": {"card", "enemy_card"},
    "disrupt": {"card", "enemy_card"},
    "delay": {"card", "enemy_card"},
    "buff": {"none"},
    "counter": {"ability"},
    "redirect": {"ability"},
    "suppress": {"cards"},
    "take-control": {"enemy_card", "enemy_person"},
    "unequip": {"card", "enemy_card", "own_card"},
    "unattune": {"card", "enemy_card", "own_card"},
}
CONTINUOUS_PASSIVES = {"fortify", "stabilize"}  # SCHEMA.md: always on; other passives fire at turn start

# The Factions table of the rulebook.
HEROES = {
    "Dr. Veylan": "atlantean-fanatic",
    "High Mystic Nysha": "lemurian-fanatic",
    "Mayor Vaelis": "atlantean-conservative",
    "Elder Maru": "lemurian-conservative",
    "Lethan": "atlantean-otf",
    "Talah": "lemurian-otf",
}


def by_slug(card):
    return card.slug


def by_name(raw):
    return slugify(raw["name"])


def rarity(card):
    return CATALOGUE.rarity(card.rarity)


def cost_in_table_terms(card):
    """Return the card's cost as the rulebook counts it: faction (F), secondary (S) and colorless (CE) energy."""
    faction = FACTIONS[card.faction]
    counted = {"F": faction["faction_energy"], "S": faction["secondary_energy"], "CE": COLORLESS}
    stray = {code for code, _ in card.cost.energy} - set(counted.values())
    assert not stray, f"{card.name}: cost names {sorted(stray)}, outside its faction's energies"
    return {letter: card.cost.amount(code) for letter, code in counted.items()}


def cards_of(*, types=None, faction=None):
    return [
        c for c in CARDS
        if (types is None or c.type in types) and (faction is None or c.faction == faction)
    ]


def ability_ids(card):
    return [(card, i, a) for i, a in enumerate(card.abilities)]


ABILITIES = [row for card in ABILITY_CARDS for row in ability_ids(card)]
ABILITY_IDS = [f"{card.slug}-{i}-{a.keyword}" for card, i, a in ABILITIES]


# ---------------------------------------------------------------- identity and loading


def test_card_names_and_slugs_are_unique_across_the_data():
    names = Counter(raw["name"] for raw in DATA["cards"])
    slugs = Counter(slugify(name) for name in names)
    assert [n for n, k in names.items() if k > 1] == []
    assert [s for s, k in slugs.items() if k > 1] == []


def test_compiling_twice_gives_the_same_catalogue():
    first, second = compile_catalogue(read_data()), compile_catalogue(read_data())
    assert dict(first.cards) == dict(second.cards)
    assert first.data_hash == second.data_hash


@pytest.mark.parametrize("raw", RAW_CARDS, ids=by_name)
def test_card_fields_match_its_type(raw):
    """Derived numbers (People HP, Scene charge, Battery counters) are never written on a card."""
    common = {"name", "type", "flavor", "abilities"}
    shapes = {
        "hero": ({"faction", "hp"}, set()),
        "battery": ({"rarity", "cost"}, set()),
        "energy": ({"produces"}, set()),
    }
    required, optional = shapes.get(raw["type"], ({"faction", "rarity", "cost"}, set()))
    assert raw["type"] in IN_DECK_TYPES | {"hero"}
    assert required <= set(raw), f"{raw['name']}: missing {sorted(required - set(raw))}"
    extra = set(raw) - required - optional - common
    assert not extra, f"{raw['name']}: a {raw['type']} card may not carry {sorted(extra)}"
    if "faction" in raw:
        assert raw["faction"] in FACTIONS
    if "rarity" in raw:
        assert raw["rarity"] in {r["slug"] for r in RULEBOOK["rarities"]}


# ---------------------------------------------------------------- costs and numbers by rarity


@pytest.mark.parametrize("card", cards_of(types=SUMMONED_TYPES), ids=by_slug)
def test_summoned_card_cost_follows_summon_cost_table(card):
    assert cost_in_table_terms(card) == rarity(card)["summon_cost"]


@pytest.mark.parametrize("card", cards_of(types={"person"}), ids=by_slug)
def test_person_hp_comes_from_rarity(card):
    assert card.hp == rarity(card)["person_hp"]


@pytest.mark.parametrize("card", cards_of(types={"scene"}), ids=by_slug)
def test_scene_enters_with_rarity_charge(card):
    assert card.charge == rarity(card)["scene_charge"]


@pytest.mark.parametrize("card", cards_of(types={"instant"}), ids=by_slug)
def test_instant_cost_follows_instant_cost_table(card):
    assert cost_in_table_terms(card) == rarity(card)["instant_cost"]


@pytest.mark.parametrize("card", cards_of(types={"instant"}), ids=by_slug)
def test_instant_has_only_instant_effects(card):
    assert card.abilities, f"{card.name} does nothing when cast"
    assert {a.trigger for a in card.abilities} == {"instant"}


@pytest.mark.parametrize("card", cards_of(types={"battery"}), ids=by_slug)
def test_battery_is_neutral_and_costs_and_holds_by_rarity(card):
    assert card.faction is None
    assert card.cost.as_dict() == rarity(card)["battery_cost"]
    assert card.charge == rarity(card)["battery_counters"]


def test_batteries_come_in_every_size():
    sizes = {c.rarity for c in cards_of(types={"battery"})}
    assert sizes == {r["slug"] for r in RULEBOOK["rarities"]}


@pytest.mark.parametrize("card", cards_of(types=EQUIPMENT_TYPES), ids=by_slug)
def test_equipment_type_belongs_to_its_civilization(card):
    assert CIVILIZATIONS[card.civilization]["equipment_type"] == card.type
    assert card.charge == RULEBOOK["equipment"]["charge_capacity"]


@pytest.mark.parametrize("card", cards_of(types=EQUIPMENT_TYPES), ids=by_slug)
def test_equipment_costs_the_equip_cost_at_every_rarity(card):
    """Quick Reference "Equip/Attune 1 CE 1 CE 1 CE"; the Example of Play pays 1 CE for Phase Cutter (RULINGS 27)."""
    assert card.cost.as_dict() == RULEBOOK["equipment"]["attach_cost"]


@pytest.mark.parametrize("card", [c for c in cards_of(types=EQUIPMENT_TYPES) if c.rarity == "rare"], ids=by_slug)
def test_rare_equipment_has_a_charge_manipulation_use(card):
    """Rare equipment: "have a unique charge manipulation ability (use)"."""
    assert any(a.trigger == "use" and a.keyword in CHARGE_MANIPULATION for a in card.abilities)


@pytest.mark.parametrize("card", cards_of(types={"energy"}), ids=by_slug)
def test_energy_card_is_free_and_produces_a_known_type(card):
    assert card.produces in ENERGY_CODES
    assert card.cost.as_dict() == {}
    assert card.rarity is None and card.faction is None and not card.abilities


def test_one_energy_card_per_energy_type_named_after_it():
    energy = {c.produces: c.name for c in cards_of(types={"energy"})}
    assert energy == {row["code"]: row["name"] for row in RULEBOOK["energy_types"]}
    assert len(cards_of(types={"energy"})) == len(energy)


# ---------------------------------------------------------------- Heroes


def test_the_six_heroes_of_the_factions_table():
    heroes = {h.name: h.faction for h in CATALOGUE.heroes}
    assert heroes == HEROES
    assert sorted(heroes.values()) == sorted(FACTIONS)


@pytest.mark.parametrize("hero", CATALOGUE.heroes, ids=by_slug)
def test_hero_has_hp_no_rarity_no_cost_and_both_ability_kinds(hero):
    assert isinstance(hero.hp, int) and hero.hp > 0
    assert hero.rarity is None and hero.cost.as_dict() == {}
    triggers = {a.trigger for a in hero.abilities}
    assert "use" in triggers and triggers & {"passive", "reaction"}
    assert "enters" not in triggers, "Heroes start in play and never enter it"
    own = FACTIONS[hero.faction]["faction_energy"]
    for ability in hero.abilities:
        assert {code for code, _ in ability.cost.energy} <= {own}, f"{hero.name} pays in {own}"


@pytest.mark.parametrize("civilization", sorted(CIVILIZATIONS))
def test_conservative_heroes_are_sturdier_than_fanatics(civilization):
    hp = {h.ideology: h.hp for h in CATALOGUE.heroes if h.civilization == civilization}
    assert hp["fanatic"] < hp["otf"] < hp["conservative"]


# ---------------------------------------------------------------- abilities


@pytest.mark.parametrize(("card", "index", "ability"), ABILITIES, ids=ABILITY_IDS)
def test_ability_uses_known_trigger_keyword_and_sensible_target(card, index, ability):
    assert ability.trigger in TRIGGERS
    keyword = CATALOGUE.keywords.get(ability.keyword)
    assert keyword is not None, f"unknown keyword {ability.keyword}"
    assert keyword["category"] not in {"trigger", "faction"}, "a trigger or Synergy is not an effect"
    assert ability.target in CATALOGUE.targets
    assert ability.target in SENSIBLE_TARGETS[ability.keyword], f"{ability.keyword} -> {ability.target}"
    if ability.trigger == "passive" and ability.keyword in CONTINUOUS_PASSIVES:
        assert not CATALOGUE.targets[ability.target]["choice"], "a continuous effect needs a fixed target"


@pytest.mark.parametrize(("card", "index", "ability"), ABILITIES, ids=ABILITY_IDS)
def test_ability_amount_matches_its_keyword(card, index, ability):
    if CATALOGUE.keywords[ability.keyword]["amount"]:
        assert isinstance(ability.amount, int) and 1 <= ability.amount <= 3, "X is small: 1 to 3"
    else:
        assert ability.amount is None, f"{ability.keyword} takes no X"
        assert ability.synergy == 0, "Synergy grows X; this keyword has none"


@pytest.mark.parametrize(("card", "index", "ability"), ABILITIES, ids=ABILITY_IDS)
def test_ability_cost_only_where_it_is_paid(card, index, ability):
    paid = bool(ability.cost.energy or ability.cost.charge)
    assert paid == (ability.trigger in {"use", "reaction"})
    if ability.cost.charge:
        assert card.type in CHARGE_HOLDERS, f"a {card.type} holds no charge to pay with"
    codes = {code for code, _ in ability.cost.energy}
    if card.faction:
        assert codes <= {*FACTIONS[card.faction]["energies"], COLORLESS}


@pytest.mark.parametrize(("card", "index", "ability"), ABILITIES, ids=ABILITY_IDS)
def test_synergy_only_on_on_the_fence_cards(card, index, ability):
    if ability.synergy:
        assert card.ideology == "otf"
        assert 1 <= ability.synergy <= 2


@pytest.mark.parametrize(("card", "index", "ability"), ABILITIES, ids=ABILITY_IDS)
def test_equipment_removal_keyword_matches_civilization(card, index, ability):
    if ability.keyword in REMOVES:
        assert card.civilization and CIVILIZATIONS[card.civilization]["equipment_type"] == REMOVES[ability.keyword]


@pytest.mark.parametrize("card", [c for c in CARDS if c.ideology == "otf"], ids=by_slug)
def test_on_the_fence_card_has_a_synergy_ability(card):
    assert any(a.synergy for a in card.abilities)


@pytest.mark.parametrize("card", [c for c in CARDS if c.ideology in ("fanatic", "conservative")], ids=by_slug)
def test_ideology_keeps_to_its_side(card):
    """Fanatics: damage, acceleration, disruption. Conservatives: healing, shielding, Cataclysm absorption."""
    categories = {a.keyword: CATALOGUE.keywords[a.keyword]["category"] for a in card.abilities}
    if card.ideology == "fanatic":
        assert "defense" not in categories.values(), f"{card.name} defends"
    else:
        aggressive = {k for k, cat in categories.items() if cat == "damage"} - CONSERVATIVE_DAMAGE_OK
        assert not aggressive, f"{card.name} attacks with {sorted(aggressive)}"


def test_every_required_keyword_appears_on_a_card():
    required = {
        slug for slug, kw in CATALOGUE.keywords.items() if kw["category"] in REQUIRED_CATEGORIES
    } - IMPLICIT_KEYWORDS
    used = {a.keyword for c in CARDS for a in c.abilities}
    assert sorted(required - used) == []


# ---------------------------------------------------------------- the set's size


@pytest.mark.parametrize("faction", BASE_FACTIONS)
def test_base_faction_has_a_full_spread(faction):
    cards = cards_of(faction=faction, types=IN_DECK_TYPES)
    assert len(cards) >= 24
    equipment = CIVILIZATIONS[FACTIONS[faction]["civilization"]]["equipment_type"]
    minimum = {"person": 8, "scene": 3, equipment: 3, "instant": 5}
    all_rarities = {r["slug"] for r in RULEBOOK["rarities"]}
    for card_type, least in minimum.items():
        of_type = [c for c in cards if c.type == card_type]
        assert len(of_type) >= least, f"{faction}: {len(of_type)} {card_type} cards"
        assert {c.rarity for c in of_type} == all_rarities, f"{faction}: {card_type} lacks a rarity"


@pytest.mark.parametrize("faction", OTF_FACTIONS)
def test_on_the_fence_civilization_has_eight_cards(faction):
    assert len(cards_of(faction=faction, types=IN_DECK_TYPES)) >= 8


# ---------------------------------------------------------------- the cards the rulebook names


def test_rulebook_named_cards_are_as_described():
    """Example of play: Kalen Vos, Sorella Venn, Deep Roots, Phase Cutter, Gentle Dissent, Heartstone, the Pulse."""
    c = CATALOGUE.cards
    kalen = c["kalen-vos"]
    assert (kalen.faction, kalen.type, kalen.rarity) == ("atlantean-fanatic", "person", "common")
    assert kalen.cost.as_dict() == {"DC": 1, "CE": 1}
    assert [(a.trigger, a.keyword, a.amount) for a in kalen.abilities] == [
        ("enters", "strike", 1), ("use", "strike", 1)
    ]
    assert (c["sorella-venn"].faction, c["sorella-venn"].type) == ("lemurian-conservative", "person")
    roots = c["deep-roots"]
    assert (roots.faction, roots.type, roots.rarity, roots.cost.as_dict()) == (
        "lemurian-conservative", "instant", "common", {"LR": 1}
    )
    assert [(a.keyword, a.target) for a in roots.abilities] == [("shield", "card")]
    cutter = c["phase-cutter"]
    assert (cutter.faction, cutter.type, cutter.rarity) == ("atlantean-fanatic", "artifact", "common")
    dissent = c["gentle-dissent"]
    assert (dissent.faction, dissent.type, dissent.rarity) == ("lemurian-conservative", "scene", "common")
    assert [(a.trigger, a.keyword, a.amount, a.cost.as_dict()) for a in dissent.abilities] == [
        ("use", "ward", 1, {"CE": 2, "charge": 1})
    ]
    heart = c["heartstone"]
    assert (heart.type, heart.rarity, heart.faction) == ("battery", "common", None)
    assert c["the-pulse"].type == c["the-surge"].type == "pyramid"


# ---------------------------------------------------------------- starter decks

STARTERS = list(CATALOGUE.starter_decks.values())


def deck_counts(deck):
    counts = Counter()
    for entry in deck["cards"]:
        counts[entry["card"]] += entry["count"]
    return counts


def test_one_starter_deck_per_hero():
    assert sorted(d["hero"] for d in STARTERS) == sorted(h.slug for h in CATALOGUE.heroes)
    for deck in STARTERS:
        assert deck["slug"] == f"starter-{deck['hero']}"
        assert deck["name"] == f"{CATALOGUE.cards[deck['hero']].name} Starter"


@pytest.mark.parametrize("deck", STARTERS, ids=lambda d: d["slug"])
def test_starter_deck_is_legal_by_local_check(deck):
    hero = CATALOGUE.cards[deck["hero"]]
    counts = deck_counts(deck)
    assert len(counts) == len(deck["cards"]), "a card is listed twice"
    assert sum(counts.values()) == FORMAT.deck_size
    for slug, count in counts.items():
        card = CATALOGUE.cards[slug]
        assert card.type in IN_DECK_TYPES and CATALOGUE.in_deck(card.type)
        if card.type == "energy":
            assert card.produces in allowed_energies(CATALOGUE, hero), f"{slug} in {deck['slug']}"
            continue
        assert count <= FORMAT.copy_limit, f"{slug}: {count} copies"
        if card.faction is not None:
            assert card.civilization == hero.civilization, f"{slug} in {deck['slug']}"
            assert card.ideology in allowed_ideologies(hero, FORMAT), f"{slug} in {deck['slug']}"


@pytest.mark.parametrize("deck", STARTERS, ids=lambda d: d["slug"])
def test_starter_deck_passes_the_deck_validator_without_warnings(deck):
    result = validate_deck(CATALOGUE, deck["hero"], deck_counts(deck))
    assert result.valid, [p.message for p in result.errors]
    assert result.warnings == (), [p.message for p in result.warnings]


@pytest.mark.parametrize("deck", STARTERS, ids=lambda d: d["slug"])
def test_starter_deck_is_playable(deck):
    """Enough Energy to keep a hand, every cost payable, cheap plays early and Batteries for the Cataclysm."""
    cards = [(CATALOGUE.cards[slug], n) for slug, n in deck_counts(deck).items()]
    energy = {c.produces for c, _ in cards if c.type == "energy"}
    assert 14 <= sum(n for c, n in cards if c.type == "energy") <= 17
    for card, _count in cards:
        for cost in (card.cost, *(a.cost for a in card.abilities)):
            assert {code for code, _ in cost.energy} <= energy, f"{card.name} cannot be paid"
    cheap = sum(n for c, n in cards if c.type != "energy" and 0 < c.cost.total <= 2)
    assert cheap >= 12, f"only {cheap} cards cost 2 or less"
    assert sum(n for c, n in cards if c.type == "battery") >= 2
