"""Check a deck against a format and the deck-building rulings (RULINGS 1-3), reporting every problem at once.

Pure: it reads compiled card definitions (`rules.engine.catalogue.Catalogue`), never the ORM, so the API, the
deckbuilder page, the text importer and the tests all share one judgement. Each problem carries a stable code (the
constants below) for clients to branch on and a sentence naming the card and the numbers for people to read.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from rules.engine.catalogue import ENERGY_ORDER, CardDef, Catalogue

from .formats import Format, get_format

# Errors: the deck may not be played.
HERO_MISSING = "hero_missing"
HERO_UNKNOWN = "hero_unknown"
NOT_A_HERO = "not_a_hero"
DECK_SIZE = "deck_size"
HERO_IN_DECK = "hero_in_deck"
PYRAMID_IN_DECK = "pyramid_in_deck"
EXCLUDED_TYPE = "excluded_type"  # a type a future format excludes that has no code of its own
UNKNOWN_CARD = "unknown_card"
WRONG_FACTION = "wrong_faction"
WRONG_ENERGY = "wrong_energy"
COPY_LIMIT = "copy_limit"
BAD_COUNT = "bad_count"

# Warnings: legal, but probably not what the player wants.
NO_ENERGY = "no_energy"
FEW_ENERGY = "few_energy"
UNPAYABLE_COST = "unpayable_cost"
ENERGY_TYPE_MISSING = "energy_type_missing"

ENERGY_TYPE = "energy"
_EXCLUDED_CODES = {"hero": HERO_IN_DECK, "pyramid": PYRAMID_IN_DECK}


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a deck (or a decklist line), with a stable code and a readable message."""

    code: str
    message: str
    card: str | None = None
    count: int | None = None
    limit: int | None = None
    suggestions: tuple[str, ...] = field(default=())
    line: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "card": self.card,
            "count": self.count,
            "limit": self.limit,
            "suggestions": list(self.suggestions),
            "line": self.line,
        }


@dataclass(frozen=True, slots=True)
class ValidationResult:
    """The verdict on a deck: legal or not, every error and warning, and the card count (Hero not counted)."""

    valid: bool
    errors: tuple[Problem, ...]
    warnings: tuple[Problem, ...]
    count: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "errors": [p.to_dict() for p in self.errors],
            "warnings": [p.to_dict() for p in self.warnings],
            "count": self.count,
        }



def _article(noun: str) -> str:
    """Return the noun with "a" or "an" before it ("an Atlantean Fanatic", "a Lemurian Fanatic")."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"

def is_count(value: Any) -> bool:
    """Return whether a value is a usable copy count: a whole number of at least 1 (booleans are not)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def is_energy(card: CardDef | None) -> bool:
    """Return whether a card is an Energy card (the kind the mulligan rule and the copy limit single out)."""
    return card is not None and card.type == ENERGY_TYPE


def energy_label(catalogue: Catalogue, code: str) -> str:
    """Return "Dark Current (DC)" for "DC"."""
    for row in catalogue.rulebook["energy_types"]:
        if row["code"] == code:
            return f"{row['name']} ({code})"
    return code


def energy_name(catalogue: Catalogue, code: str) -> str:
    """Return "Dark Current" for "DC"."""
    for row in catalogue.rulebook["energy_types"]:
        if row["code"] == code:
            return row["name"]
    return code


def card_energy_types(catalogue: Catalogue, card: CardDef) -> set[str]:
    """Return the energy types other than Colorless that a card's cost or its abilities' costs name."""
    colorless = catalogue.rulebook["colorless"]
    costs = [card.cost, *(ability.cost for ability in card.abilities)]
    return {code for cost in costs for code, amount in cost.energy if amount and code != colorless}


def _joined(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _table_name(catalogue: Catalogue, table: str, slug: str | None) -> str:
    for row in catalogue.rulebook[table]:
        if row["slug"] == slug:
            return row["name"]
    return str(slug)


def _type_name(catalogue: Catalogue, slug: str) -> str:
    return _table_name(catalogue, "card_types", slug)


def _faction_name(catalogue: Catalogue, card: CardDef) -> str:
    civ = _table_name(catalogue, "civilizations", card.civilization)
    return f"{civ} {_table_name(catalogue, 'ideologies', card.ideology)}"


def _display(catalogue: Catalogue, slug: Any) -> str:
    card = catalogue.cards.get(slug) if isinstance(slug, str) else None
    return card.name if card else repr(slug)


def allowed_ideologies(hero: CardDef, fmt: Format) -> tuple[str, ...]:
    """Return the ideologies a Hero's deck may run (RULINGS 2: an On-The-Fence Hero reaches both sides)."""
    if hero.ideology == fmt.otf_ideology:
        return fmt.otf_allows_ideologies
    return (hero.ideology,) if hero.ideology else ()


def allowed_energies(catalogue: Catalogue, hero: CardDef) -> tuple[str, ...]:
    """Return the Energy types a Hero's deck may carry: its faction's `energies` and Colorless (RULINGS 3)."""
    faction = catalogue.faction(hero.faction) if hero.faction else {"energies": []}
    return (*faction["energies"], catalogue.rulebook["colorless"])


def _check_hero(catalogue: Catalogue, hero: str | None, errors: list[Problem]) -> CardDef | None:
    if not hero:
        errors.append(Problem(HERO_MISSING, "Choose a Hero for the deck."))
        return None
    card = catalogue.cards.get(hero) if isinstance(hero, str) else None
    if card is None:
        errors.append(Problem(HERO_UNKNOWN, f"There is no Hero called {hero!r}.", card=str(hero)))
        return None
    if card.type != "hero":
        errors.append(Problem(
            NOT_A_HERO,
            f"{card.name} is not a Hero; it is {_article(_type_name(catalogue, card.type))} card.",
            card=card.slug,
        ))
        return None
    return card


def _check_counts(catalogue: Catalogue, counts: Mapping[Any, Any], errors: list[Problem]) -> list[tuple[Any, int]]:
    entries = []
    for slug, count in sorted(counts.items(), key=lambda item: str(item[0])):
        if is_count(count):
            entries.append((slug, count))
            continue
        errors.append(Problem(
            BAD_COUNT,
            f"{_display(catalogue, slug)}: {count!r} is not a number of copies; use a whole number of at least 1.",
            card=str(slug),
        ))
    return entries


def _check_card(
    catalogue: Catalogue, hero: CardDef | None, slug: Any, count: int, fmt: Format
) -> list[Problem]:
    card = catalogue.cards.get(slug) if isinstance(slug, str) else None
    if card is None:
        return [Problem(UNKNOWN_CARD, f"There is no card called {slug!r}.", card=str(slug), count=count)]
    if not catalogue.in_deck(card.type):
        code = _EXCLUDED_CODES.get(card.type, EXCLUDED_TYPE)
        plural = "Heroes" if card.type == "hero" else f"{_type_name(catalogue, card.type)} cards"
        return [Problem(code, f"{card.name}: {plural} never go in a deck.", card=slug, count=count)]
    problems = []
    if hero is not None:
        problems.extend(_check_allegiance(catalogue, hero, card, count, fmt))
    if count > fmt.copy_limit and card.type not in fmt.unlimited_types:
        problems.append(Problem(
            COPY_LIMIT,
            f"{card.name}: {count} copies, the limit is {fmt.copy_limit}.",
            card=slug, count=count, limit=fmt.copy_limit,
        ))
    return problems


def _check_allegiance(catalogue: Catalogue, hero: CardDef, card: CardDef, count: int, fmt: Format) -> list[Problem]:
    """Return the faction or energy-type problem of one card for this Hero, if any (RULINGS 2 and 3)."""
    if is_energy(card):
        allowed = allowed_energies(catalogue, hero)
        if card.produces in allowed:
            return []
        return [Problem(
            WRONG_ENERGY,
            f"{card.name}: {hero.name}'s deck may carry only "
            f"{_joined([energy_label(catalogue, c) for c in allowed])} Energy cards, "
            f"not {energy_label(catalogue, card.produces or '?')}.",
            card=card.slug, count=count,
        )]
    if card.faction is None:
        return []  # neutral: Batteries and the like go in any deck
    ideologies = allowed_ideologies(hero, fmt)
    if card.civilization == hero.civilization and card.ideology in ideologies:
        return []
    civ = _table_name(catalogue, "civilizations", hero.civilization)
    allowed = _joined([_table_name(catalogue, "ideologies", i) for i in ideologies])
    return [Problem(
        WRONG_FACTION,
        f"{card.name} is {_article(_faction_name(catalogue, card))} card; {hero.name}'s deck may run only "
        f"{civ} {allowed} cards and neutral cards.",
        card=card.slug, count=count,
    )]


def _energy_warnings(
    catalogue: Catalogue, hero: CardDef | None, cards: Iterable[tuple[CardDef, int]], fmt: Format
) -> list[Problem]:
    cards = list(cards)
    provided: dict[str, int] = {}
    for card, count in cards:
        if is_energy(card) and card.produces:
            provided[card.produces] = provided.get(card.produces, 0) + count
    total = sum(provided.values())
    warnings = []
    if total == 0:
        warnings.append(Problem(
            NO_ENERGY,
            "The deck has no Energy cards: every opening hand will be a mulligan and nothing can be paid for.",
            count=0, limit=fmt.min_energy_warning,
        ))
    elif total < fmt.min_energy_warning:
        warnings.append(Problem(
            FEW_ENERGY,
            f"The deck has {total} Energy cards; with fewer than {fmt.min_energy_warning} you will often lack energy.",
            count=total, limit=fmt.min_energy_warning,
        ))
    if hero is not None and hero.faction:
        own = catalogue.faction(hero.faction)["faction_energy"]
        if own not in provided:
            warnings.append(Problem(
                ENERGY_TYPE_MISSING,
                f"{hero.name}'s faction energy is {energy_label(catalogue, own)}, but the deck has no "
                f"{energy_name(catalogue, own)} Energy card.",
                card=hero.slug,
            ))
    payers = [(hero, 0)] if hero is not None else []
    for card, count in [*payers, *cards]:
        missing = sorted(card_energy_types(catalogue, card) - set(provided), key=ENERGY_ORDER.index)
        if missing:
            warnings.append(Problem(
                UNPAYABLE_COST,
                f"{card.name} needs {_joined([energy_label(catalogue, c) for c in missing])}, but the deck has no "
                f"{_joined([energy_name(catalogue, c) for c in missing])} Energy card.",
                card=card.slug, count=count or None,
            ))
    return warnings


def validate_deck(
    catalogue: Catalogue, hero: str | None, counts: Mapping[str, int], fmt: Format | None = None
) -> ValidationResult:
    """Judge a deck (Hero slug and copies by card slug) against a format, returning every problem at once."""
    fmt = fmt or get_format()
    errors: list[Problem] = []
    hero_card = _check_hero(catalogue, hero, errors)
    entries = _check_counts(catalogue, counts, errors)
    total = sum(count for _, count in entries)
    if total != fmt.deck_size:
        errors.append(Problem(
            DECK_SIZE,
            f"The deck has {total} card{'' if total == 1 else 's'}; it must have exactly {fmt.deck_size} "
            f"(the Hero is not counted).",
            count=total, limit=fmt.deck_size,
        ))
    in_deck: list[tuple[CardDef, int]] = []
    for slug, count in entries:
        errors.extend(_check_card(catalogue, hero_card, slug, count, fmt))
        card = catalogue.cards.get(slug) if isinstance(slug, str) else None
        if card is not None and catalogue.in_deck(card.type):
            in_deck.append((card, count))
    warnings = _energy_warnings(catalogue, hero_card, in_deck, fmt)
    return ValidationResult(valid=not errors, errors=tuple(errors), warnings=tuple(warnings), count=total)
