"""Deck codes: short, URL-safe, read back to the same deck, unchanged by new cards, and garbage is refused."""
import base64
import re
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from decks import codes
from decks.codes import DeckCodeError, card_ids, decode_deck, encode_deck
from decks.validation import BAD_COUNT, UNKNOWN_CARD
from rules.engine.catalogue import compile_catalogue, load_catalogue, read_data
from tests.decks.test_validation import AF, HEROES, build_catalogue, legal_deck

CAT = build_catalogue()
SLUGS = sorted(CAT.cards)
URL_SAFE = re.compile(r"^[A-Za-z0-9_-]+$")

decks = st.tuples(
    st.one_of(st.none(), st.sampled_from(sorted(h.slug for h in CAT.heroes))),
    st.dictionaries(st.sampled_from(SLUGS), st.integers(min_value=1, max_value=100_000), max_size=40),
)


@settings(max_examples=200, deadline=None)
@given(decks)
def test_a_code_reads_back_to_the_same_deck(deck):
    hero, counts = deck
    code = encode_deck(hero, counts, CAT)
    assert URL_SAFE.match(code) and "=" not in code
    assert decode_deck(code, CAT) == (hero, counts)


def test_the_same_deck_always_has_the_same_code():
    counts = legal_deck(AF)
    shuffled = dict(reversed(list(counts.items())))
    assert encode_deck(HEROES[AF], counts, CAT) == encode_deck(HEROES[AF], shuffled, CAT)


def test_a_code_is_much_shorter_than_the_decklist():
    counts = legal_deck(AF)
    code = encode_deck(HEROES[AF], counts, CAT)
    spelled = ",".join(f"{n}:{slug}" for slug, n in counts.items())
    assert len(code) < len(spelled) / 2


def _catalogue_with_extra_cards():
    data = read_data()
    data["cards"] = data["cards"] + [
        {"name": "Aaa First In Every Ordering", "type": "battery", "rarity": "common", "cost": {"CE": 2}},
        {"name": "Mmm Somewhere In The Middle", "type": "battery", "rarity": "common", "cost": {"CE": 2}},
    ]
    return compile_catalogue(data)


def test_codes_survive_new_cards_in_the_catalogue():
    old, new = load_catalogue(), _catalogue_with_extra_cards()
    deck = next(iter(old.starter_decks.values()))
    counts = {e["card"]: e["count"] for e in deck["cards"]}
    code = encode_deck(deck["hero"], counts, old)
    assert decode_deck(code, new) == (deck["hero"], counts)
    assert encode_deck(deck["hero"], counts, new) == code


def test_a_code_naming_a_card_this_catalogue_lacks_is_refused():
    new = _catalogue_with_extra_cards()
    code = encode_deck(None, {"aaa-first-in-every-ordering": 2}, new)
    with pytest.raises(DeckCodeError) as caught:
        decode_deck(code, load_catalogue())
    assert caught.value.code == "bad_deck_code"
    assert "does not have" in caught.value.message


def _bytes_of(code):
    return bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))


def _code_of(payload):
    payload = bytes(payload)
    payload += (zlib.crc32(payload) & 0xFFFF).to_bytes(2, "big")
    return base64.urlsafe_b64encode(payload).decode().rstrip("=")


def _mistype(code):
    i = len(code) // 2
    return code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1:]


GOOD = encode_deck(HEROES[AF], legal_deck(AF), CAT)


@pytest.mark.parametrize("garbage", [
    "", "   ", "not a code!", "%%%", "A", "AAAA", GOOD[:-3], GOOD + "A", _mistype(GOOD), GOOD + "==", None, 42,
    _code_of(bytes([99]) + _bytes_of(GOOD)[1:-2]),                    # a version this site does not read
    _code_of(_bytes_of(GOOD)[:-2] + _bytes_of(GOOD)[5:10]),            # a card repeated
    _code_of(_bytes_of(GOOD)[:-3]),                                    # cut inside a card
    _code_of(_bytes_of(GOOD)[:-3] + b"\x00"),                          # a card with no copies
    _code_of(_bytes_of(GOOD)[:-3] + b"\x83\x00"),                      # a count written with a needless byte
    _code_of(_bytes_of(GOOD)[:-3] + b"\xff\xff\xff\x01"),              # an absurd count
])
def test_garbage_is_refused_with_bad_deck_code(garbage):
    with pytest.raises(DeckCodeError) as caught:
        decode_deck(garbage, CAT)
    assert caught.value.code == "bad_deck_code"
    assert caught.value.to_dict() == {"code": "bad_deck_code", "message": caught.value.message}
    assert caught.value.message.startswith("This is not a valid deck code")


def test_a_changed_count_is_caught_by_the_checksum():
    data = _bytes_of(GOOD)
    data[1 + 4 + 4] ^= 1  # the first card's count: still a well-formed deck, just not this one
    changed = base64.urlsafe_b64encode(bytes(data)).decode().rstrip("=")
    with pytest.raises(DeckCodeError, match="checksum"):
        decode_deck(changed, CAT)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_random_text_never_crashes_the_decoder(text):
    try:
        hero, counts = decode_deck(text, CAT)
    except DeckCodeError as error:
        assert error.code == "bad_deck_code"
    else:  # a random string that is a valid code reads back to itself
        assert encode_deck(hero, counts, CAT) == text.strip()


def test_encoding_an_unknown_card_is_refused():
    with pytest.raises(DeckCodeError) as caught:
        encode_deck(HEROES[AF], {"no-such-card": 1}, CAT)
    assert caught.value.code == UNKNOWN_CARD


@pytest.mark.parametrize("count", [0, -1, 1.5, True])
def test_encoding_a_bad_count_is_refused(count):
    with pytest.raises(DeckCodeError) as caught:
        encode_deck(HEROES[AF], {next(iter(legal_deck(AF))): count}, CAT)
    assert caught.value.code == BAD_COUNT


def test_no_two_cards_of_the_real_catalogue_share_an_id():
    real = load_catalogue()
    assert sorted(card_ids(real).values()) == sorted(real.cards)


def test_a_catalogue_with_colliding_ids_is_refused(monkeypatch):
    monkeypatch.setattr(codes, "card_id", lambda slug: 7)
    with pytest.raises(ValueError, match="collision"):
        card_ids(CAT)
