"""The card search: the query parser (pure) and its compiled queries against a loaded catalogue."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.search import FIELDS, And, Compare, HasKeyword, Not, Or, QuerySyntaxError, Text, parse_query
from cards.selectors import FilterError, card_search
from rules.engine.catalogue import load_catalogue
from tests.cards.catalogue_data import small_catalogue, small_data_dir  # noqa: F401 - fixtures

# --- the parser ------------------------------------------------------------------------------------------------


def test_bare_words_and_phrases_search_text():
    assert parse_query("kalen vos") == And((Text("kalen"), Text("vos")))
    assert parse_query('"Enters  Play"') == Text("enters play", phrase=True)
    assert parse_query("   ") is None


@pytest.mark.parametrize("query, expected", [
    ("civ:lemurian", Compare("civilization", "=", "lemurian")),
    ("civ:lem", Compare("civilization", "=", "lemurian")),
    ("civilization:Atlantean", Compare("civilization", "=", "atlantean")),
    ("t:person", Compare("type", "=", "person")),
    ("t:people", Compare("type", "=", "person")),
    ("type:heroes", Compare("type", "=", "hero")),
    ("ideology:otf", Compare("ideology", "=", "otf")),
    ('i:"on-the-fence"', Compare("ideology", "=", "otf")),
    ("f:atlantean-fanatic", Compare("faction", "=", "atlantean-fanatic")),
    ("r:c", Compare("rarity", "=", "common")),
    ("r>=uncommon", Compare("rarity", ">=", "uncommon")),
    ("e:dr", Compare("energy", "=", "DR")),
    ("E:Dark-Resonance", Compare("energy", "=", "DR")),
    ("cost<=3", Compare("cost", "<=", 3)),
    ("hp!=2", Compare("hp", "!=", 2)),
    ("charge>1", Compare("charge", ">", 1)),
    ("trigger:enter", Compare("trigger", "=", "enters")),
    ("use:", Compare("trigger", "=", "use")),
    ('o:"enters play"', Compare("text", "=", "enters play")),
    ("name:vos", Compare("name", "=", "vos")),
    ("k:strike", HasKeyword("strike")),
    ("k:charge>=2", HasKeyword("charge", ">=", 2)),
    ("strike>=2", HasKeyword("strike", ">=", 2)),
    ("heal:1", HasKeyword("heal", "=", 1)),
    ("accelerate:", HasKeyword("accelerate")),
    ("take-control:", HasKeyword("take-control")),
    ("synergy>=1", HasKeyword("synergy", ">=", 1)),
])
def test_fields_and_value_aliases(query, expected):
    assert parse_query(query) == expected


def test_negation_or_and_parentheses():
    assert parse_query("-t:hero") == parse_query("not t:hero") == Not(Compare("type", "=", "hero"))
    assert parse_query("r!=rare") == Not(Compare("rarity", "=", "rare"))
    assert parse_query("a b or c") == Or((And((Text("a"), Text("b"))), Text("c")))
    assert parse_query("a (b OR c)") == And((Text("a"), Or((Text("b"), Text("c")))))
    assert parse_query("a and b") == parse_query("a b")
    assert parse_query("-(k:strike or k:heal) cost>=2") == And((
        Not(Or((HasKeyword("strike"), HasKeyword("heal")))), Compare("cost", ">=", 2),
    ))
    assert parse_query("--t:hero") == Compare("type", "=", "hero")


@pytest.mark.parametrize("query, fragment, position", [
    ("foo:bar", "unknown field 'foo'", 0),
    ("strik>=2", "did you mean 'strike'", 0),
    ("civ:mu", "unknown civilization 'mu'", 4),
    ("t:p", "ambiguous", 2),
    ("k:nothing", "unknown keyword 'nothing'", 2),
    ("(t:hero or a", "never closed", 0),
    ("t:hero)", "no '('", 6),
    ("()", "empty parentheses", 0),
    ("or a", "'or' needs a search term on each side", 0),
    ("a or", "'or' needs a search term on each side", 2),
    ("a and", "'and' needs a search term after it", 2),
    ("cost>=many", "'cost' needs a whole number, not 'many'", 6),
    ("hp:", "'hp' needs a whole number, not nothing", 3),
    ("t>=person", "cannot be compared with '>='", 0),
    ("civ:", "needs a value", 0),
    ("destroy>=1", "'destroy' takes no amount", 0),
    ("strike>=", "needs a number", 0),
    ('name:"vos', "unclosed quote", 5),
    ("a -", "nothing to negate", 2),
    ("x" * 501, "longer than", 500),
    ("(" * 30 + "a" + ")" * 30, "nested", 20),
])
def test_unreadable_queries_name_the_problem(query, fragment, position):
    with pytest.raises(QuerySyntaxError) as caught:
        parse_query(query)
    assert fragment in caught.value.message
    assert caught.value.position == position
    assert caught.value.code == "bad_query"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(list('ab:-()"<>=! ') + ["or", "not", "t", "k", "strike", "civ", "2"]),
                max_size=30).map("".join) | st.text(max_size=30))
def test_any_input_parses_or_raises_query_syntax_error(text):
    try:
        parse_query(text)
    except QuerySyntaxError as exc:
        assert 0 <= exc.position <= len(text)


def test_every_documented_example_parses():
    for spec in FIELDS:
        assert spec.description and spec.examples
        for example in spec.examples:
            assert parse_query(example) is not None, example


# --- compiled against the small catalogue ----------------------------------------------------------------------

def slugs(query="", **kwargs):
    return [card.slug for card in card_search(query, **kwargs)]


@pytest.fixture
def defs(small_catalogue):
    return load_catalogue(small_catalogue).cards


def oracle(defs, predicate):
    return sorted(slug for slug, card in defs.items() if predicate(card))


def has(card, keyword, test=lambda amount: True):
    return any(a.keyword == keyword and test(a.amount) for a in card.abilities)


@pytest.mark.parametrize("query, predicate", [
    ("strike>=2", lambda c: has(c, "strike", lambda n: n >= 2)),
    ("k:strike", lambda c: has(c, "strike")),
    ("-k:strike", lambda c: not has(c, "strike")),
    ("t:people", lambda c: c.type == "person"),
    ("civ:lem", lambda c: c.civilization == "lemurian" or c.produces in ("DR", "LR")),
    ("ideology:otf", lambda c: c.ideology == "otf"),
    ("r>=uncommon", lambda c: c.rarity in ("uncommon", "rare")),
    ("r<uncommon", lambda c: c.rarity == "common"),
    ("e:dr", lambda c: c.cost.amount("DR") > 0 or any(a.cost.amount("DR") for a in c.abilities)),
    ("cost>=3", lambda c: c.cost.total >= 3),
    ("hp!=2", lambda c: c.hp is not None and c.hp != 2),
    ("charge>=1", lambda c: (c.charge or 0) >= 1),
    ("synergy>=1", lambda c: any(a.synergy >= 1 for a in c.abilities)),
    ("trigger:reaction", lambda c: any(a.trigger == "reaction" for a in c.abilities)),
    ("k:equip", lambda c: c.type == "artifact"),
    ("k:charge-capacity", lambda c: c.type in ("artifact", "enchantment")),
    ("accelerate:", lambda c: has(c, "accelerate")),
    ("t:person or t:hero", lambda c: c.type in ("person", "hero")),
    ("-(t:person or t:hero) -t:pyramid", lambda c: c.type not in ("person", "hero", "pyramid")),
    ("vos or maru", lambda c: "vos" in c.name.lower() or "maru" in c.name.lower()),
])
def test_search_matches_the_cards_the_data_says(defs, query, predicate):
    assert sorted(slugs(query)) == oracle(defs, predicate)


def test_text_search_reads_generated_rules_text(small_catalogue):
    assert slugs('"when card enters play"') == slugs("trigger:enters") == ["deep-singer", "kalen-vos"]
    assert slugs("o:incoming") == ["elder-maru"]


def test_a_card_matching_twice_is_listed_once(small_catalogue):
    found = slugs("k:strike or strike>=1 or o:damage")
    assert len(found) == len(set(found)) and "kalen-vos" in found


def test_filters_combine_with_the_query(defs):
    assert slugs(civilization="lem", type="person") == oracle(
        defs, lambda c: c.civilization == "lemurian" and c.type == "person")
    assert slugs("r:rare", type="person,enchantment") == ["deep-singer", "moon-circlet"]
    assert slugs(keyword="strike", faction="atlantean-fanatic") == ["dr-veylan", "kalen-vos"]
    with pytest.raises(FilterError) as caught:
        card_search(civilization="atlantis")
    assert caught.value.code == "bad_filter" and "atlantis" in caught.value.message


@pytest.mark.parametrize("ordering, key, reverse", [
    ("name", lambda c: c.name, False),
    ("cost", lambda c: c.cost_total, False),
    ("-cost", lambda c: c.cost_total, True),
    ("rarity", lambda c: c.rarity.order, False),
    ("type", lambda c: c.type.order, False),
])
def test_orderings(small_catalogue, ordering, key, reverse):
    cards = list(card_search("-t:energy -t:hero", ordering=ordering))
    assert [key(c) for c in cards] == sorted((key(c) for c in cards), reverse=reverse)


def test_hp_ordering_puts_cards_without_hp_last_and_ties_by_name(small_catalogue):
    cards = list(card_search(ordering="-hp"))
    with_hp = [c for c in cards if c.hp is not None]
    assert cards[:len(with_hp)] == with_hp
    assert [c.hp for c in with_hp] == sorted((c.hp for c in with_hp), reverse=True)
    tail = [c.name for c in cards[len(with_hp):]]
    assert tail == sorted(tail)


def test_unknown_ordering_is_refused(small_catalogue):
    with pytest.raises(FilterError) as caught:
        card_search(ordering="colour")
    assert caught.value.code == "bad_ordering"


def test_every_documented_example_runs(small_catalogue, django_user_model):
    player = django_user_model.objects.create_user("player")  # `owned` searches a player's collection
    for spec in FIELDS:
        for example in spec.examples:
            list(card_search(example, user=player))  # compiles and runs: a FIELDS entry without a compiler raises


def test_owned_without_a_player_is_refused_where_it_is_written(small_catalogue):
    with pytest.raises(QuerySyntaxError, match="log in") as caught:
        list(card_search("t:person -owned"))
    assert caught.value.position == 10
