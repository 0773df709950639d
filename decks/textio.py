"""Read and write decklists as plain text, the way players paste them around.

`parse_decklist` is forgiving about layout (counts before or after the name, `3x`, comments, section headers,
capitalisation, slugs for names) and strict about meaning: every line it cannot place becomes a `Problem` with a
stable code and the line number, never a silent drop. `format_decklist` writes the canonical text, which parses back
to the same deck.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any, Mapping

from rules.engine.catalogue import CardDef, Catalogue, slugify

from .validation import BAD_COUNT, HERO_UNKNOWN, NOT_A_HERO, UNKNOWN_CARD, Problem, is_count

HERO_CONFLICT = "hero_conflict"

_COMMENT = re.compile(r"(?:^|\s)(?:#|//).*$")
_HERO_LINE = re.compile(r"^hero\s*:\s*(?P<name>\S.*)$", re.IGNORECASE)
_PLAIN_LEADING = re.compile(r"^(?P<count>[-+]?\d+)\s+(?P<name>\S.*)$")
_X_LEADING = re.compile(r"^(?P<count>[-+]?\d+)\s*[x×*]\s*(?P<name>\S.*)$", re.IGNORECASE)
_X_TRAILING = re.compile(r"^(?P<name>\S.*?)\s+[x×*]\s*(?P<count>[-+]?\d+)$", re.IGNORECASE)
_HEADER = re.compile(r"^(?P<title>[^\d()#]+?)\s*(?P<tally>\(\s*\d+\s*\))?\s*(?P<colon>:)?$")
_GROUP_TITLES = {"person": "People", "battery": "Batteries", "energy": "Energy", "hero": "Heroes"}
_MAX_SUGGESTIONS = 3


@dataclass(frozen=True)
class ParsedDecklist:
    """What a decklist says: its Hero, copies by card slug, and a Problem for every line that could not be read."""

    hero: str | None
    counts: dict[str, int]
    errors: tuple[Problem, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"hero": self.hero, "counts": dict(self.counts), "errors": [p.to_dict() for p in self.errors]}


def group_title(catalogue: Catalogue, card_type: str) -> str:
    """Return the plural heading of a card type ("People", "Scenes", "Energy")."""
    if card_type in _GROUP_TITLES:
        return _GROUP_TITLES[card_type]
    for row in catalogue.rulebook["card_types"]:
        if row["slug"] == card_type:
            return row["name"] + "s"
    return card_type.title()


class _Index:
    """Look cards up by name or slug in any capitalisation and spacing, and suggest near misses."""

    def __init__(self, catalogue: Catalogue):
        self.catalogue = catalogue
        self.by_key: dict[str, CardDef] = {}
        for card in catalogue.cards.values():
            self.by_key.setdefault(slugify(card.name), card)
            self.by_key.setdefault(card.slug, card)
        self.header_keys = {"hero", "deck", "main-deck", "maindeck", "cards"}
        for row in catalogue.rulebook["card_types"]:
            titles = (row["name"], row["name"] + "s", group_title(catalogue, row["slug"]))
            self.header_keys |= {slugify(title) for title in titles}

    def find(self, text: str) -> CardDef | None:
        return self.by_key.get(slugify(text))

    def suggest(self, text: str, *, heroes_only: bool = False) -> tuple[str, ...]:
        names = {
            card.name.lower(): card.name
            for card in self.catalogue.cards.values()
            if card.type != "pyramid" and (card.type == "hero" or not heroes_only)
        }
        close = difflib.get_close_matches(text.lower(), list(names), n=_MAX_SUGGESTIONS, cutoff=0.6)
        return tuple(names[c] for c in close)

    def is_header(self, text: str) -> bool:
        match = _HEADER.match(text)
        if not match:
            return False
        return bool(match["tally"] or match["colon"]) or slugify(match["title"]) in self.header_keys


def suggest_card_names(text: str, catalogue: Catalogue) -> tuple[str, ...]:
    """The names of the cards closest to a misspelt one ("kalne vos" → Kalen Vos), as the importer suggests them."""
    return _Index(catalogue).suggest(text)


def _unknown_message(line: int, what: str, text: str, suggestions: tuple[str, ...]) -> str:
    message = f"Line {line}: there is no {what} called {text!r}."
    if suggestions:
        options = suggestions[0] if len(suggestions) == 1 else ", ".join(suggestions[:-1]) + " or " + suggestions[-1]
        message += f" Did you mean {options}?"
    return message


def _candidates(text: str) -> list[tuple[int, str]]:
    """Return the (count, name) readings of a line, most literal first."""
    readings = []
    for pattern in (_PLAIN_LEADING, _X_LEADING, _X_TRAILING):
        match = pattern.match(text)
        if match:
            readings.append((int(match["count"]), match["name"].strip()))
    readings.append((1, text))
    return readings


class _Reader:
    def __init__(self, catalogue: Catalogue):
        self.index = _Index(catalogue)
        self.hero: CardDef | None = None
        self.counts: dict[str, int] = {}
        self.errors: list[Problem] = []

    def set_hero(self, card: CardDef, line: int) -> None:
        if self.hero is not None and self.hero.slug != card.slug:
            self.errors.append(Problem(
                HERO_CONFLICT,
                f"Line {line}: the decklist already names {self.hero.name} as its Hero, not {card.name}.",
                card=card.slug, line=line,
            ))
            return
        self.hero = card

    def read_hero(self, text: str, line: int) -> None:
        card = self.index.find(text)
        if card is None:
            suggestions = self.index.suggest(text, heroes_only=True)
            self.errors.append(Problem(
                HERO_UNKNOWN, _unknown_message(line, "Hero", text, suggestions),
                card=text, suggestions=suggestions, line=line,
            ))
        elif card.type != "hero":
            self.errors.append(Problem(
                NOT_A_HERO, f"Line {line}: {card.name} is not a Hero.", card=card.slug, line=line,
            ))
        else:
            self.set_hero(card, line)

    def read_cards(self, text: str, line: int) -> None:
        readings = _candidates(text)
        for count, name in readings:
            card = self.index.find(name)
            if card is not None:
                self.add(card, count, line)
                return
        if self.index.is_header(text):
            return
        count, name = min(readings, key=lambda reading: len(reading[1]))  # "3 x Kalen Voss" -> "Kalen Voss"
        suggestions = self.index.suggest(name)
        self.errors.append(Problem(
            UNKNOWN_CARD, _unknown_message(line, "card", name, suggestions),
            card=name, count=count, suggestions=suggestions, line=line,
        ))

    def add(self, card: CardDef, count: int, line: int) -> None:
        if not is_count(count):
            self.errors.append(Problem(
                BAD_COUNT,
                f"Line {line}: {count} copies of {card.name}; use a whole number of at least 1.",
                card=card.slug, count=count, line=line,
            ))
        elif card.type == "hero" and count == 1 and (self.hero is None or self.hero.slug == card.slug):
            self.set_hero(card, line)  # a list that names its Hero like a card ("1 Dr. Veylan")
        else:
            self.counts[card.slug] = self.counts.get(card.slug, 0) + count


def parse_decklist(text: str, catalogue: Catalogue) -> ParsedDecklist:
    """Read a pasted decklist into a Hero slug and copies by card slug, with a Problem per unreadable line."""
    reader = _Reader(catalogue)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = " ".join(_COMMENT.sub("", raw).split())
        if not line:
            continue
        hero = _HERO_LINE.match(line)
        if hero:
            reader.read_hero(hero["name"].strip(), number)
        else:
            reader.read_cards(line, number)
    return ParsedDecklist(
        hero=reader.hero.slug if reader.hero else None, counts=reader.counts, errors=tuple(reader.errors)
    )


def format_decklist(hero: str | None, counts: Mapping[str, int], catalogue: Catalogue) -> str:
    """Write the canonical decklist: the Hero line, then each card type under a comment header, names sorted."""
    lines: list[str] = []
    if hero:
        card = catalogue.cards.get(hero)
        lines.append(f"Hero: {card.name if card else hero}")
    groups: dict[str, list[tuple[str, int]]] = {}
    for slug, count in counts.items():
        if not is_count(count):
            continue
        card = catalogue.cards.get(slug)
        key = card.type if card else "unknown"
        groups.setdefault(key, []).append((card.name if card else slug, count))
    order = [row["slug"] for row in catalogue.rulebook["card_types"]]
    for key in sorted(groups, key=lambda t: order.index(t) if t in order else len(order)):
        title = group_title(catalogue, key) if key != "unknown" else "Unknown cards"
        entries = sorted(groups[key], key=lambda item: (item[0].lower(), item[0]))
        if lines:
            lines.append("")
        lines.append(f"# {title} ({sum(count for _, count in entries)})")
        lines.extend(f"{count} {name}" for name, count in entries)
    return "\n".join(lines) + "\n"
