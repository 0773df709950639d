"""The rules text is generated from the same ability data the engine plays, and reads like the rulebook."""
import pytest

from cards.rules_text import ability_text, card_text, cost_text, reminder_texts
from rules.engine.catalogue import Ability, Cost, load_catalogue
from tests.cards.catalogue_data import make_data_dir


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory):
    return load_catalogue(make_data_dir(tmp_path_factory.mktemp("data")))


def lines(catalogue, slug):
    return card_text(catalogue[slug], catalogue).split("\n")


def test_enters_and_use_abilities_read_like_the_example_of_play(catalogue):
    assert lines(catalogue, "kalen-vos") == [
        "When card enters play: Strike 1 — deal 1 damage to target Person or Hero.",
        "Use (1DC): Strike 1 — deal 1 damage to target Person or Hero.",
    ]


def test_a_cost_that_removes_charge_says_so(catalogue):
    assert lines(catalogue, "gentle-dissent")[-1] == (
        "Use (2CE, remove 1 charge): Ward 1 — prevent 1 damage to target Person you control from the next source."
    )


def test_passive_keywords_that_hold_continuously_differ_from_start_of_turn_passives(catalogue):
    assert lines(catalogue, "elder-maru")[1] == (
        "Passive: Stabilize 1 — convert 1 incoming damage to your Hero into charge on a Battery instead."
    )
    assert lines(catalogue, "dr-veylan")[1] == (
        "Passive, at the start of your turn: Accelerate 1 — add 1 charge to target edge."
    )


def test_reaction_and_synergy(catalogue):
    assert lines(catalogue, "deep-singer") == [
        "When card enters play: Allocate 3 — deal 3 damage distributed among any Persons and Heroes.",
        "Reaction, once per turn (1DR): Disrupt 1 — target card an opponent controls cannot activate abilities "
        "until your next turn.",
    ]
    assert lines(catalogue, "fence-walker") == [
        "Use (1LR): Heal 1 — remove 1 damage from target Person or Hero you control. Synergy +1."
    ]


def test_instants_and_pyramid_cards_have_no_trigger_prefix(catalogue):
    assert lines(catalogue, "deep-roots") == ["Shield 1 — target card cannot be targeted by abilities this turn."]
    assert lines(catalogue, "the-pulse") == ["Accelerate 1 — add 1 charge to each edge."]


def test_type_lines_take_their_numbers_from_the_rulebook(catalogue):
    rarities = {r["slug"]: r for r in catalogue.rulebook["rarities"]}
    equipment = catalogue.rulebook["equipment"]
    assert lines(catalogue, "gentle-dissent")[0] == f"Enters play with {rarities['common']['scene_charge']} charge."
    assert lines(catalogue, "heartstone")[0].startswith(
        f"Enters play with {rarities['common']['battery_counters']} charge. "
        f"{cost_text(catalogue.rulebook['battery']['extra_counter_cost'])}: add 1 charge"
    )
    assert lines(catalogue, "dark-resonance") == ["Tap: add 1DR."]
    cutter = lines(catalogue, "phase-cutter")
    assert cutter == [
        f"Equip ({cost_text(equipment['attach_cost'])}): attach to a Person you control. "
        f"That Person gets +{equipment['ability_bonus']} to its ability effects. "
        f"Stores {equipment['charge_capacity']} charge."
    ]


def test_rare_equipment_names_its_faction_energy_and_aura(catalogue):
    text = lines(catalogue, "moon-circlet")
    boost = catalogue.rulebook["equipment"]["uncommon_boost"]
    assert text[0].startswith("Attune (")
    assert f"Use ({boost['cost']['F']}LR): the equipped Person gets +{boost['bonus']}" in text[1]
    assert text[2].startswith("Passive: every equipped Person you control gets +")
    assert text[3] == "Use (1LR): Drain 1 — remove 1 charge from target card or edge."


def test_reminders_cover_each_keyword_once_including_implicit_equipment_ones(catalogue):
    kalen = dict(reminder_texts(catalogue["kalen-vos"], catalogue))
    assert list(kalen)[0] == "Strike"
    assert kalen["Strike"] == catalogue.keywords["strike"]["reminder"]
    assert len(reminder_texts(catalogue["kalen-vos"], catalogue)) == len(kalen)
    assert {"When card enters play", "Use"} <= set(kalen)
    cutter = dict(reminder_texts(catalogue["phase-cutter"], catalogue))
    assert {"Equip", "Charge Capacity"} <= set(cutter) and "Attune" not in cutter
    circlet = dict(reminder_texts(catalogue["moon-circlet"], catalogue))
    assert {"Attune", "Charge Capacity", "Drain", "Uncommon equipment", "Rare equipment"} <= set(circlet)
    assert "Synergy" in dict(reminder_texts(catalogue["fence-walker"], catalogue))


@pytest.mark.parametrize("target", ["character", "edges", "none", "self", "graveyard_card", "ability"])
def test_every_keyword_renders_a_finished_sentence(catalogue, target):
    for slug, keyword in catalogue.keywords.items():
        if keyword["category"] in ("trigger", "equipment") and slug not in ("unequip", "unattune"):
            continue
        amount = 3 if keyword["amount"] else None
        text = ability_text(Ability(trigger="use", keyword=slug, amount=amount, target=target,
                                    cost=Cost.from_mapping({"DC": 1})), catalogue)
        assert text.startswith(f"Use (1DC): {keyword['name']}"), text
        assert text.endswith(".") and "{" not in text and "  " not in text and " X " not in text, text
        if amount:
            assert text.startswith(f"Use (1DC): {keyword['name']} 3 — "), text


def test_every_card_of_the_real_set_has_one_line_per_ability():
    catalogue = load_catalogue()
    for card in catalogue.cards.values():
        text = card_text(card, catalogue)
        for ability in card.abilities:
            assert ability_text(ability, catalogue) in text.split("\n"), card.name
