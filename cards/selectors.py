"""Read the catalogue: card search (the query syntax of `cards.search` compiled to SQL), orderings, lists.

Abilities and costs are matched with EXISTS subqueries, so a card appears once however many of its abilities match.
Text is matched word by word (`cards.text_search`): the same answers on SQLite and on PostgreSQL, where a full-text
index serves them.
"""
from __future__ import annotations

from functools import reduce
from operator import and_, or_

from django.db.models import Exists, F, OuterRef, Prefetch, Q, QuerySet

from .models import Ability, Card, CardCost, Faction, Keyword
from .rules_text import IMPLICIT_KEYWORDS_BY_TYPE
from .search import (
    And,
    Compare,
    HasKeyword,
    Node,
    Not,
    Or,
    QuerySyntaxError,
    Text,
    Vocabulary,
    default_vocabulary,
    parse_query,
)

LOOKUPS = {"=": "exact", ">": "gt", ">=": "gte", "<": "lt", "<=": "lte"}
NUMBER_COLUMNS = {"cost": "cost_total", "hp": "hp", "charge": "charge"}
TEXT_COLUMNS = {"name": ("name_words",), "text": ("text_words",), "flavor": ("flavor_words",)}
FILTERS = ("civilization", "faction", "ideology", "type", "rarity", "energy", "keyword")
ORDERINGS = {
    "name": ("name",),
    "cost": ("cost_total", "name"),
    "hp": ("hp", "name"),
    "rarity": ("rarity__order", "name"),
    "type": ("type__order", "name"),
    "faction": ("faction__order", "name"),
}


class FilterError(ValueError):
    """A filter or ordering the catalogue cannot apply; `code` is stable for API clients."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def text_match_q(value: str, *columns: str) -> Q:
    """Match cards whose words columns hold the words of `value` in a row, the last as a word's start."""
    return reduce(or_, (Q(**{f"{column}__words": value}) for column in columns))


def _amount_q(column: str, op: str, amount: int) -> Q:
    if op == "!=":
        return Q(**{f"{column}__isnull": False}) & ~Q(**{column: amount})
    return Q(**{f"{column}__{LOOKUPS[op]}": amount})


def _abilities(**lookups) -> Exists:
    return Exists(Ability.objects.filter(card=OuterRef("pk"), **lookups))


def _ability_q(q: Q) -> Exists:
    return Exists(Ability.objects.filter(q, card=OuterRef("pk")))


def _keyword_q(node: HasKeyword) -> Q:
    if node.keyword == "synergy":
        amount = Q(synergy__gt=0) if node.op is None else _amount_q("synergy", node.op, node.amount)
        return Q(_ability_q(amount))
    if node.op is None:
        implicit = [t for t, keywords in IMPLICIT_KEYWORDS_BY_TYPE.items() if node.keyword in keywords]
        q = Q(_abilities(keyword__slug=node.keyword))
        return q | Q(type__slug__in=implicit) if implicit else q
    return Q(_ability_q(Q(keyword__slug=node.keyword) & _amount_q("amount", node.op, node.amount)))


OWNED_NEEDS_LOGIN = "'owned' searches your collection: log in to use it"


def owned_compiler(user):
    """Return how this user's `owned` terms compile (None for a visitor, whose search may not use them)."""
    if not getattr(user, "is_authenticated", False):
        return None
    from decks.selectors import owned_q  # collections live with the decks, which build on the catalogue

    return owned_q(user)


def _compare_q(node: Compare, vocabulary: Vocabulary, owned=None) -> Q:
    field, value = node.field, node.value
    if field == "owned":
        if owned is None:
            raise QuerySyntaxError(OWNED_NEEDS_LOGIN)
        return owned(node.op, value)
    if field in NUMBER_COLUMNS:
        return _amount_q(NUMBER_COLUMNS[field], node.op, value)
    if field in TEXT_COLUMNS:
        return text_match_q(value, *TEXT_COLUMNS[field])
    if field == "civilization":
        return Q(faction__civilization__slug=value) | Q(faction__isnull=True, produces__civilization__slug=value)
    if field == "faction":
        return Q(faction__slug=value)
    if field == "ideology":
        return Q(faction__ideology__slug=value)
    if field == "type":
        return Q(type__slug=value)
    if field == "rarity":
        if node.op == "=":
            return Q(rarity__slug=value)
        return Q(**{f"rarity__order__{LOOKUPS[node.op]}": vocabulary.rarity_order[value]})
    if field == "energy":
        return Q(Exists(CardCost.objects.filter(card=OuterRef("pk"), energy__code=value))) | Q(
            _abilities(cost__has_key=value))
    if field == "produces":
        return Q(produces__code=value)
    if field == "trigger":
        return Q(_abilities(trigger=value))
    raise ValueError(f"no query for field {field!r}")  # a FIELDS entry without a compiler: a bug, not bad input


def compile_query(node: Node | None, vocabulary: Vocabulary | None = None, owned=None) -> Q:
    """Turn a parsed search into one Q object (an empty search matches everything); `owned` compiles the
    collection terms (`owned_compiler(user)`), and without it they are refused."""
    vocabulary = vocabulary or default_vocabulary()
    if node is None:
        return Q()
    if isinstance(node, Text):
        return text_match_q(node.value, "name_words", "text_words")
    if isinstance(node, Compare):
        return _compare_q(node, vocabulary, owned)
    if isinstance(node, HasKeyword):
        return _keyword_q(node)
    if isinstance(node, Not):
        return ~compile_query(node.child, vocabulary, owned)
    if isinstance(node, And):
        return reduce(and_, (compile_query(child, vocabulary, owned) for child in node.children))
    if isinstance(node, Or):
        return reduce(or_, (compile_query(child, vocabulary, owned) for child in node.children))
    raise TypeError(f"not a query node: {node!r}")


def query_q(query: str, vocabulary: Vocabulary | None = None, owned=None) -> Q:
    """Parse and compile a search string; raises `QuerySyntaxError`."""
    vocabulary = vocabulary or default_vocabulary()
    try:
        return compile_query(parse_query(query, vocabulary), vocabulary, owned)
    except QuerySyntaxError as exc:
        if exc.message == OWNED_NEEDS_LOGIN:
            exc.position = max(query.lower().find("owned"), 0)
        raise


def filter_node(name: str, value: str, vocabulary: Vocabulary) -> Node:
    """The query tree of one named filter; a comma-separated value means any of them. The SQL search compiles it
    (`filter_q`) and an older release's search evaluates it (`cards.release_search`), so both read a filter alike."""
    if name not in FILTERS:
        raise FilterError("bad_filter", f"unknown filter '{name}' (filters: {', '.join(FILTERS)})")
    parts = [part.strip() for part in str(value).split(",") if part.strip()]
    if not parts:
        raise FilterError("bad_filter", f"the '{name}' filter needs a value")
    nodes = []
    for part in parts:
        try:
            resolved = vocabulary.resolve(name, part)
        except QuerySyntaxError as exc:
            raise FilterError("bad_filter", f"{name}: {exc.message}") from exc
        nodes.append(HasKeyword(resolved) if name == "keyword" else Compare(name, "=", resolved))
    return Or(tuple(nodes))


def filter_q(name: str, value: str, vocabulary: Vocabulary | None = None) -> Q:
    """Return the Q for one named filter; a comma-separated value means any of them."""
    vocabulary = vocabulary or default_vocabulary()
    return compile_query(filter_node(name, value, vocabulary), vocabulary)


def order_cards(queryset: QuerySet, ordering: str) -> QuerySet:
    """Order cards by name, cost, hp, rarity, type or faction; a leading '-' reverses (name stays A-Z)."""
    key = (ordering or "name").strip()
    descending = key.startswith("-")
    columns = ORDERINGS.get(key.lstrip("-"))
    if columns is None:
        choices = ", ".join(f"{name}, -{name}" for name in ORDERINGS)
        raise FilterError("bad_ordering", f"unknown ordering '{ordering}' (choose from: {choices})")
    first, *rest = columns
    primary = F(first).desc(nulls_last=True) if descending else F(first).asc(nulls_last=True)
    return queryset.order_by(primary, *rest)


def card_search(query: str = "", *, ordering: str = "name", user=None, **filters: str) -> QuerySet[Card]:
    """Return the cards matching a search and filters, ordered, with everything a list shows prefetched; `owned`
    terms search the user's collection."""
    vocabulary = default_vocabulary()
    q = query_q(query, vocabulary, owned_compiler(user))
    for name, value in filters.items():
        if value not in (None, ""):
            q &= filter_q(name, value, vocabulary)
    return order_cards(Card.objects.with_related().filter(q), ordering)


def card_get(slug: str) -> Card:
    """Return one card with its relations (raises Card.DoesNotExist)."""
    return Card.objects.with_related().get(slug=slug)


def hero_list() -> QuerySet[Card]:
    return Card.objects.heroes().with_related().order_by("faction__order", "name")


def faction_list() -> QuerySet[Faction]:
    """Return the factions with their energies and Heroes (as `.hero_cards`) prefetched."""
    return Faction.objects.select_related(
        "civilization", "ideology", "faction_energy", "secondary_energy",
    ).prefetch_related(
        "energy_types",
        Prefetch("cards", queryset=Card.objects.heroes().order_by("name"), to_attr="hero_cards"),
    )


def keyword_list() -> QuerySet[Keyword]:
    return Keyword.objects.all()


def search_vocabulary() -> Vocabulary:
    """Return the values the search fields accept (for the syntax help page)."""
    return default_vocabulary()
