"""Decklist text: what players paste is read forgivingly, every unreadable line is reported, and the canonical
text written by `format_decklist` reads back to the same deck."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from decks import validation as v
from decks.textio import HERO_CONFLICT, format_decklist, parse_decklist
from tests.decks.test_validation import AF, AO, BATTERY, HEROES, build_catalogue, energy_card, person

CAT = build_catalogue()
KALEN = person(AF)                       # a card to spell in many ways
NAME = CAT[KALEN].name
HERO = HEROES[AF]
HERO_NAME = CAT[HERO].name
DECKABLE = sorted(s for s, c in CAT.cards.items() if c.type not in ("hero", "pyramid"))


def parse(text):
    return parse_decklist(text, CAT)


@pytest.mark.parametrize("line, count", [
    (f"3 {NAME}", 3),
    (f"3x {NAME}", 3),
    (f"3X {NAME}", 3),
    (f"3 x {NAME}", 3),
    (f"3×{NAME}", 3),
    (f"{NAME} x3", 3),
    (f"{NAME} x 2", 2),
    (f"   2    {NAME.upper()}   ", 2),
    (f"2 {NAME.lower()}", 2),
    (f"2 {KALEN}", 2),
    (NAME, 1),
    (KALEN, 1),
    ("  ".join(NAME.split()), 1),
])
def test_a_card_line_is_read_in_any_common_spelling(line, count):
    parsed = parse(line)
    assert parsed.errors == ()
    assert parsed.counts == {KALEN: count}


@pytest.mark.parametrize("line", [f"Hero: {HERO_NAME}", f"hero :   {HERO_NAME.lower()}", f"HERO: {HERO}"])
def test_the_hero_line_names_the_hero(line):
    parsed = parse(line)
    assert (parsed.hero, parsed.counts, parsed.errors) == (HERO, {}, ())


def test_a_hero_listed_like_a_card_becomes_the_hero():
    parsed = parse(f"1 {HERO_NAME}\n3 {NAME}")
    assert (parsed.hero, parsed.counts, parsed.errors) == (HERO, {KALEN: 3}, ())


def test_comments_blank_lines_and_section_headers_are_ignored():
    text = f"""
    # My deck, v2
    // tuned for the Pyramid
    Hero: {HERO_NAME}   # the boss

    People (3)
    3 {NAME}  // the opener
    Energy:
    Batteries
    Early game (4)
    Finishers:
    # Energy (20)
    20 {CAT[energy_card('DC')].name}
    """
    parsed = parse(text)
    assert parsed.errors == ()
    assert parsed.hero == HERO
    assert parsed.counts == {KALEN: 3, energy_card("DC"): 20}


def test_repeated_lines_are_summed():
    parsed = parse(f"2 {NAME}\n{NAME}\n3x {KALEN}")
    assert parsed.counts == {KALEN: 6}


def test_an_unknown_card_is_reported_with_its_line_and_the_closest_names():
    typo = NAME[:-1] + ("z" if NAME[-1] != "z" else "y")
    parsed = parse(f"Hero: {HERO_NAME}\n\n3x {typo}\n2 {NAME}")
    assert parsed.counts == {KALEN: 2}
    assert [(p.code, p.line, p.count, p.card) for p in parsed.errors] == [(v.UNKNOWN_CARD, 3, 3, typo)]
    problem = parsed.errors[0]
    assert NAME in problem.suggestions
    assert repr(typo) in problem.message and f"Did you mean {problem.suggestions[0]}" in problem.message
    assert problem.message.startswith("Line 3:")


def test_an_unknown_card_far_from_every_name_gets_no_suggestion():
    parsed = parse("2 Qwxzzkj Plorb")
    assert [(p.code, p.suggestions) for p in parsed.errors] == [(v.UNKNOWN_CARD, ())]
    assert "Did you mean" not in parsed.errors[0].message


def test_an_unknown_hero_is_reported_with_hero_suggestions():
    parsed = parse(f"Hero: {HERO_NAME[:-2]}")
    assert parsed.hero is None
    assert [p.code for p in parsed.errors] == [v.HERO_UNKNOWN]
    assert HERO_NAME in parsed.errors[0].suggestions
    by_name = {card.name: card for card in CAT.cards.values()}
    assert {by_name[name].type for name in parsed.errors[0].suggestions} == {"hero"}


def test_a_hero_line_naming_another_card_is_refused():
    parsed = parse(f"Hero: {NAME}")
    assert parsed.hero is None
    assert [(p.code, p.card) for p in parsed.errors] == [(v.NOT_A_HERO, KALEN)]


def test_two_different_heroes_conflict():
    parsed = parse(f"Hero: {HERO_NAME}\nHero: {CAT[HEROES[AO]].name}")
    assert parsed.hero == HERO
    assert [(p.code, p.line) for p in parsed.errors] == [(HERO_CONFLICT, 2)]


@pytest.mark.parametrize("line", [f"0 {NAME}", f"-2 {NAME}", f"{NAME} x0"])
def test_a_count_below_one_is_refused(line):
    parsed = parse(line)
    assert parsed.counts == {}
    assert [(p.code, p.card) for p in parsed.errors] == [(v.BAD_COUNT, KALEN)]


def test_every_bad_line_is_reported_and_the_good_ones_kept():
    parsed = parse(f"Hero: Nobody At All\n3 {NAME}\n2 Qwxzzkj\n0 {NAME}\n1 {BATTERY}")
    assert parsed.counts == {KALEN: 3, BATTERY: 1}
    assert [(p.code, p.line) for p in parsed.errors] == [(v.HERO_UNKNOWN, 1), (v.UNKNOWN_CARD, 3), (v.BAD_COUNT, 4)]
    assert parsed.to_dict()["errors"][1]["line"] == 3


def test_format_writes_the_hero_then_groups_by_type_sorted_by_name():
    counts = {energy_card("DC"): 20, KALEN: 3, person(AF, "rare"): 1, person(AF, "uncommon"): 2, BATTERY: 2}
    text = format_decklist(HERO, counts, CAT)
    lines = text.splitlines()
    assert lines[0] == f"Hero: {HERO_NAME}"
    headers = [line for line in lines if line.startswith("# ")]
    assert headers == ["# People (6)", "# Batteries (2)", "# Energy (20)"]
    people = lines[lines.index("# People (6)") + 1:lines.index("# People (6)") + 4]
    assert people == sorted(people, key=lambda line: line.split(" ", 1)[1].lower())
    assert f"3 {NAME}" in people


def test_format_keeps_cards_the_catalogue_does_not_know():
    text = format_decklist(None, {"lost-card": 2}, CAT)
    assert "2 lost-card" in text
    assert [p.code for p in parse(text).errors] == [v.UNKNOWN_CARD]


decks = st.tuples(
    st.one_of(st.none(), st.sampled_from(sorted(h.slug for h in CAT.heroes))),
    st.dictionaries(st.sampled_from(DECKABLE), st.integers(min_value=1, max_value=60), max_size=25),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(decks)
def test_parse_reads_back_what_format_writes(deck):
    hero, counts = deck
    parsed = parse(format_decklist(hero, counts, CAT))
    assert parsed.errors == ()
    assert (parsed.hero, parsed.counts) == (hero, counts)


def test_every_starter_deck_survives_the_round_trip():
    for deck in CAT.starter_decks.values():
        counts = {}
        for entry in deck["cards"]:
            counts[entry["card"]] = counts.get(entry["card"], 0) + entry["count"]
        parsed = parse(format_decklist(deck["hero"], counts, CAT))
        assert (parsed.hero, parsed.counts, parsed.errors) == (deck["hero"], counts, ())
