"""Search an older release's cards (issue 32): the catalogue's query syntax evaluated in Python over the release's
snapshot.

The catalogue's search is SQL over the Card table, which holds the draft. A published release is an immutable
snapshot of ~140 cards, so rather than materialising every release into tables, a search of an older release parses
the query with the same parser (`cards.search.parse_query`, against the release's own tables) and evaluates the
tree here, with the same meaning `cards.selectors.compile_query` gives it in SQL: text matched word by word as
`cards.text_search` does, implicit keywords of equipment, the rarity order, an energy in the card's or an ability's
cost. Each release's rows (card, rendered text, normalized words) are built once per process, by hash.
A release whose hash is the draft's is searched in SQL as before (see `cards.release_browse`).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import reduce
from typing import Any, Callable

from rules.engine.catalogue import CardDef, Catalogue

from .catalogue import DerivedCache
from .releases import release_catalogue, release_data
from .rules_text import IMPLICIT_KEYWORDS_BY_TYPE, card_text
from .search import And, Compare, HasKeyword, Node, Not, Or, QuerySyntaxError, Text, Vocabulary, parse_query
from .selectors import ORDERINGS, FilterError, filter_node
from .text_search import words, words_of

OWNED_IN_RELEASE = ("'owned' searches your collection against the current cards: browse the current release "
                    "(without ?release=) to use it")
_ROWS = DerivedCache(maxsize=8)  # data hash -> ReleaseCards


@dataclass(frozen=True)
class Row:
    """One card of a release, with what search and lists read: its rules text and its normalized words."""

    card: CardDef
    position: int
    text: str
    name_words: str
    text_words: str
    flavor_words: str


@dataclass(frozen=True)
class ReleaseCards:
    """A release's searchable cards and the tables its values and orderings come from."""

    catalogue: Catalogue
    rows: tuple[Row, ...]
    vocabulary: Vocabulary
    civilization_of_energy: dict[str, str | None]
    order: dict[str, dict[str, int]]  # table (type, faction, rarity) -> slug -> position


def release_cards(release) -> ReleaseCards:
    """Return the release's searchable cards, built once per process by its hash."""
    cached = _ROWS.get(release.data_hash)
    if cached is None:
        catalogue = release_catalogue(release)
        data = release_data(release)
        rulebook = data["rulebook"]
        rows = tuple(Row(card, n, text, words_of(card.name), words_of(text), words_of(card.flavor))
                     for n, card in enumerate(catalogue.cards.values())
                     for text in (card_text(card, catalogue),))
        cached = ReleaseCards(
            catalogue=catalogue, rows=rows,
            vocabulary=Vocabulary.from_tables(rulebook, data["keywords"], data["triggers"]),
            civilization_of_energy={e["code"]: e.get("civilization") for e in rulebook["energy_types"]},
            order={table: {entry["slug"]: n for n, entry in enumerate(rulebook[key])}
                   for table, key in (("type", "card_types"), ("faction", "factions"), ("rarity", "rarities"))})
        _ROWS.put(release.data_hash, cached)
    return cached


# --- the tree, evaluated ------------------------------------------------------------------------------------------

def _words_match(value: str, *columns: str) -> bool:
    """The words of `value` in a row in one of the columns, the last as a word's start (as the SQL lookup)."""
    terms = words(value)
    if not terms:
        return False
    needle = " " + " ".join(terms)
    return any(needle in column for column in columns)


def _amount(value: int | None, op: str, amount: int) -> bool:
    if value is None:
        return False
    return {"=": value == amount, "!=": value != amount, ">": value > amount, ">=": value >= amount,
            "<": value < amount, "<=": value <= amount}[op]


def _has_keyword(node: HasKeyword, card: CardDef) -> bool:
    if node.keyword == "synergy":
        return any(a.synergy > 0 if node.op is None else _amount(a.synergy, node.op, node.amount)
                   for a in card.abilities)
    if node.op is None:
        return (any(a.keyword == node.keyword for a in card.abilities)
                or node.keyword in IMPLICIT_KEYWORDS_BY_TYPE.get(card.type, ()))
    return any(a.keyword == node.keyword and _amount(a.amount, node.op, node.amount) for a in card.abilities)


def _compare(node: Compare, row: Row, cards: ReleaseCards) -> bool:
    card, field, value, op = row.card, node.field, node.value, node.op
    if field == "owned":
        raise QuerySyntaxError(OWNED_IN_RELEASE)
    if field == "cost":
        return _amount(card.cost.total, op, value)
    if field in ("hp", "charge"):
        return _amount(getattr(card, field), op, value)
    if field == "name":
        return _words_match(value, row.name_words)
    if field == "text":
        return _words_match(value, row.text_words)
    if field == "flavor":
        return _words_match(value, row.flavor_words)
    if field == "civilization":
        if card.faction:
            return card.civilization == value
        return card.produces is not None and cards.civilization_of_energy.get(card.produces) == value
    if field in ("faction", "ideology", "type", "produces"):
        return getattr(card, field) == value
    if field == "rarity":
        if op == "=":
            return card.rarity == value
        if card.rarity is None:
            return False
        return _amount(cards.vocabulary.rarity_order[card.rarity], op, cards.vocabulary.rarity_order[value])
    if field == "energy":
        return card.cost.amount(value) > 0 or any(a.cost.amount(value) > 0 for a in card.abilities)
    if field == "trigger":
        return any(a.trigger == value for a in card.abilities)
    raise ValueError(f"no evaluation for field {field!r}")  # a FIELDS entry without one: a bug, not bad input


def matches(node: Node | None, row: Row, cards: ReleaseCards) -> bool:
    """Does the card match the parsed search (None: the empty search, which matches everything)?"""
    if node is None:
        return True
    if isinstance(node, Text):
        return _words_match(node.value, row.name_words, row.text_words)
    if isinstance(node, Compare):
        return _compare(node, row, cards)
    if isinstance(node, HasKeyword):
        return _has_keyword(node, row.card)
    if isinstance(node, Not):
        return not matches(node.child, row, cards)
    if isinstance(node, And):
        return all(matches(child, row, cards) for child in node.children)
    if isinstance(node, Or):
        return any(matches(child, row, cards) for child in node.children)
    raise TypeError(f"not a query node: {node!r}")


def _sort_key(key: str, cards: ReleaseCards) -> Callable[[Row], Any]:
    big = 1 << 30  # nulls last, as the SQL ordering puts them
    values = {
        "cost": lambda row: row.card.cost.total,
        "hp": lambda row: row.card.hp,
        "rarity": lambda row: cards.order["rarity"].get(row.card.rarity),
        "type": lambda row: cards.order["type"].get(row.card.type),
        "faction": lambda row: cards.order["faction"].get(row.card.faction),
    }[key]
    return lambda row: (values(row) is None, values(row) if values(row) is not None else big)


def search_release(release, query: str = "", *, ordering: str = "name", ranges: str = "", **filters: str) -> list[Row]:
    """The release's cards matching a search, the range terms (`cost>=1 hp<=4`) and filters, ordered as the
    catalogue orders (name breaks ties). Raises QuerySyntaxError or FilterError as the SQL search does."""
    cards = release_cards(release)
    key = (ordering or "name").strip()
    descending = key.startswith("-")
    if key.lstrip("-") not in ORDERINGS:
        choices = ", ".join(f"{name}, -{name}" for name in ORDERINGS)
        raise FilterError("bad_ordering", f"unknown ordering '{ordering}' (choose from: {choices})")
    nodes = [parse_query(query, cards.vocabulary), parse_query(ranges, cards.vocabulary)]
    nodes += [filter_node(name, value, cards.vocabulary) for name, value in filters.items() if value not in (None, "")]
    tree = reduce(lambda a, b: And((a, b)) if a is not None else b, [n for n in nodes if n is not None], None)
    try:
        found = sorted((row for row in cards.rows if matches(tree, row, cards)), key=lambda row: row.card.name)
    except QuerySyntaxError as exc:
        exc.position = max(query.lower().find("owned"), 0)
        raise
    if key.lstrip("-") == "name":
        return found[::-1] if descending else found
    primary = _sort_key(key.lstrip("-"), cards)
    if descending:  # the SQL ordering: descending with nulls still last, the name still A-Z
        return sorted(found, key=lambda row: (primary(row)[0], -primary(row)[1]))
    return sorted(found, key=primary)
