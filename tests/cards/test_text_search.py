"""Word search in names, rules text and flavor: one definition, the same answers on SQLite and PostgreSQL (the suite
runs on both), and on PostgreSQL a full-text index behind it."""
import pytest
from django.db import connection
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.models import Card
from cards.selectors import card_search
from cards.text_search import words, words_of

pytestmark = pytest.mark.django_db


def test_words_ignore_case_accents_and_punctuation():
    assert words("Kalen's  Vós — E1–E4, 2x!") == ["kalen", "s", "vos", "e1", "e4", "2x"]
    assert words_of("High Mystic Nysha") == " high mystic nysha "
    assert words_of("...") == ""


def names(query: str) -> list[str]:
    return sorted(card.name for card in card_search(query))


def test_a_word_matches_from_its_start(catalogue_db):
    assert names("name:kal") == names("name:kalen") == ["Kalen Vos"]
    assert names("name:alen") == []  # not the middle of a word
    assert names("name:KALEN") == names("name:kálen") == ["Kalen Vos"]


def test_a_phrase_keeps_its_words_in_order_and_together(catalogue_db):
    enters = names('o:"enters play"')
    assert enters and enters == names('o:"ENTERS, play"')  # punctuation and case are not words
    assert names('o:"play enters"') == []
    assert names('name:"mystic nysha"') == ["High Mystic Nysha"]
    assert names('name:"high nysha"') == []  # both words are there, but not one after the other


def test_a_term_without_letters_or_digits_matches_nothing(catalogue_db):
    assert names('"!!"') == []
    assert len(names('-"!!"')) == Card.objects.count()


def test_editing_a_card_updates_what_search_finds(catalogue_db):
    card = Card.objects.get(slug="kalen-vos")
    card.name, card.flavor = "Kalen Vosk", "Zephyr quartz tides."
    card.save(update_fields=["name", "flavor"])
    assert names("name:vosk") == ["Kalen Vosk"]
    assert names("ft:zephyr") == ["Kalen Vosk"]


def reference(cards: list[dict], term_words: list[str], columns: tuple[str, ...]) -> list[str]:
    """The definition, in Python: the words in a row, the last one as a word's start."""
    needle = " " + " ".join(term_words)
    return sorted(c["name"] for c in cards if term_words and any(needle in words_of(c[col]) for col in columns))


@pytest.fixture
def catalogue_rows(catalogue_db):
    return list(Card.objects.values("name", "text", "flavor"))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_search_answers_exactly_what_the_definition_says(catalogue_rows, data):
    vocabulary = sorted({w for row in catalogue_rows for col in ("name", "text", "flavor") for w in words(row[col])})
    chosen = data.draw(st.lists(st.sampled_from(vocabulary), min_size=1, max_size=3), label="words")
    cut = data.draw(st.integers(min_value=1, max_value=len(chosen[-1])), label="prefix of the last word")
    term = [*chosen[:-1], chosen[-1][:cut]]
    field, columns = data.draw(st.sampled_from([("name", ("name",)), ("o", ("text",)), ("ft", ("flavor",)),
                                                (None, ("name", "text"))]), label="field")
    phrase = '"' + " ".join(term) + '"'
    query = phrase if field is None else f"{field}:{phrase}"
    assert names(query) == reference(catalogue_rows, term, columns)


def test_postgresql_answers_from_a_full_text_index(catalogue_db):
    sql, params = Card.objects.filter(name_words__words="kal").values("id").order_by().query.sql_with_params()
    if connection.vendor != "postgresql":
        assert "LIKE" in sql and "name_words" in sql  # the embedded default: the same words, matched with LIKE
        return
    assert "to_tsvector('simple'::regconfig" in sql and "to_tsquery" in sql
    with connection.cursor() as cursor:
        # 139 cards fit in a page or two, so the planner would rather read the table: forbid that (and walking
        # another index in order) to see that it can answer from the full-text index.
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("SET LOCAL enable_indexscan = off")
        cursor.execute("EXPLAIN " + sql, params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "Bitmap Index Scan on cards_card_name_words_fts" in plan, plan
