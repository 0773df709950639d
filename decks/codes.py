"""Compact, URL-safe deck codes: a whole deck in one short string to share in a link or a chat.

Layout (version 1), then base64url without padding:

    version (1 byte) | Hero id (4 bytes; all zero: no Hero) | per card, ascending id: id (4 bytes) + count (LEB128)
    | checksum (2 bytes: the low 16 bits of CRC-32 over everything before it)

A card's id is the first 4 bytes of SHA-256 of its slug. Ids depend on nothing but the slug, so adding cards to the
catalogue never changes an existing code (an index into the sorted slug list would shift with every new card), and
they need no stored table. Slugs are card names in kebab case and names are the cards' identity, so they are as
stable as a printed card. With 32 bits, two of even a thousand cards collide with odds near 1 in 10,000;
`card_ids` refuses a catalogue where that happens, and a test watches the real one. The checksum turns a typo or a
truncated paste into a clear `bad_deck_code` instead of a different deck.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import re
import zlib
from functools import lru_cache
from typing import Any, Mapping

from rules.engine.catalogue import Catalogue

from .validation import BAD_COUNT, UNKNOWN_CARD, is_count

VERSION = 1
ID_BYTES = 4
CHECKSUM_BYTES = 2
NO_HERO = 0
MAX_COUNT_BYTES = 3  # a LEB128 count of at most 3 bytes: up to 2,097,151 copies
BAD_DECK_CODE = "bad_deck_code"
_ALPHABET = re.compile(r"^[A-Za-z0-9_-]+$")


class DeckCodeError(ValueError):
    """A deck code that cannot be read, or a deck that cannot be written as one, with a stable code."""

    def __init__(self, code: str = BAD_DECK_CODE, message: str = "This is not a valid deck code."):
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


@lru_cache(maxsize=4096)
def card_id(slug: str) -> int:
    """Return the stable 32-bit id of a card slug."""
    return int.from_bytes(hashlib.sha256(slug.encode("utf-8")).digest()[:ID_BYTES], "big")


def card_ids(catalogue: Catalogue) -> dict[int, str]:
    """Return slug by id for every card, refusing a catalogue where two cards (or one and "no Hero") share an id."""
    index: dict[int, str] = {}
    for slug in catalogue.cards:
        ident = card_id(slug)
        clash = index.get(ident) or ("(no Hero)" if ident == NO_HERO else None)
        if clash:
            raise ValueError(f"deck-code id collision between {clash!r} and {slug!r}; change VERSION's id scheme")
        index[ident] = slug
    return index


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _checksum(payload: bytes) -> bytes:
    return (zlib.crc32(payload) & 0xFFFF).to_bytes(CHECKSUM_BYTES, "big")


def encode_deck(hero: str | None, counts: Mapping[str, int], catalogue: Catalogue) -> str:
    """Write a deck (Hero slug and copies by card slug) as a compact URL-safe code."""
    for slug in ([hero] if hero else []) + list(counts):
        if slug not in catalogue.cards:
            raise DeckCodeError(UNKNOWN_CARD, f"There is no card called {slug!r}, so the deck has no code.")
    payload = bytearray([VERSION])
    payload += (card_id(hero) if hero else NO_HERO).to_bytes(ID_BYTES, "big")
    for ident, slug, count in sorted((card_id(slug), slug, count) for slug, count in counts.items()):
        if not is_count(count):
            raise DeckCodeError(BAD_COUNT, f"{catalogue.cards[slug].name}: {count!r} is not a number of copies.")
        payload += ident.to_bytes(ID_BYTES, "big") + _varint(count)
    payload += _checksum(bytes(payload))
    return base64.urlsafe_b64encode(bytes(payload)).decode("ascii").rstrip("=")


def _bad(reason: str) -> DeckCodeError:
    return DeckCodeError(BAD_DECK_CODE, f"This is not a valid deck code: {reason}.")


def _read_bytes(code: Any) -> bytes:
    if isinstance(code, str) and not code.strip():
        raise _bad("it is empty")
    if not isinstance(code, str) or not _ALPHABET.match(code.strip()):
        raise _bad("a deck code is made of letters, digits, '-' and '_'")
    text = code.strip()
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise _bad("it is cut short or mistyped") from None


def _read_varint(data: bytes, pos: int) -> tuple[int, int]:
    value = 0
    for shift in range(MAX_COUNT_BYTES):
        if pos >= len(data):
            raise _bad("it is cut short")
        byte = data[pos]
        pos += 1
        if shift and byte == 0:
            raise _bad("a card count is not written canonically")
        value |= (byte & 0x7F) << (7 * shift)
        if not byte & 0x80:
            return value, pos
    raise _bad("a card count is too large")


def decode_deck(code: str, catalogue: Catalogue) -> tuple[str | None, dict[str, int]]:
    """Read a deck code back into (Hero slug or None, copies by card slug), raising DeckCodeError on garbage."""
    data = _read_bytes(code)
    if len(data) < 1 + ID_BYTES + CHECKSUM_BYTES:
        raise _bad("it is too short")
    payload, checksum = data[:-CHECKSUM_BYTES], data[-CHECKSUM_BYTES:]
    if payload[0] != VERSION:
        raise _bad(f"it has version {payload[0]}, and this site reads version {VERSION}")
    if _checksum(payload) != checksum:
        raise _bad("it was changed or mistyped (the checksum does not match)")
    index = card_ids(catalogue)

    def slug_at(pos: int) -> str:
        ident = int.from_bytes(payload[pos:pos + ID_BYTES], "big")
        if ident not in index:
            raise _bad("it names a card this catalogue does not have")
        return index[ident]

    hero_id = int.from_bytes(payload[1:1 + ID_BYTES], "big")
    hero = None if hero_id == NO_HERO else slug_at(1)
    counts: dict[str, int] = {}
    pos, previous = 1 + ID_BYTES, -1
    while pos < len(payload):
        if pos + ID_BYTES > len(payload):
            raise _bad("it is cut short")
        ident = int.from_bytes(payload[pos:pos + ID_BYTES], "big")
        if ident <= previous:
            raise _bad("its cards are repeated or out of order")
        slug = slug_at(pos)
        count, pos = _read_varint(payload, pos + ID_BYTES)
        if count < 1:
            raise _bad("it holds a card with no copies")
        counts[slug] = count
        previous = ident
    return hero, counts
