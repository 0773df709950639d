"""Parse card searches written in a Scryfall-like syntax into a small tree (pure Python, no Django).

    kalen "enters play" t:person civ:lem -r:common (k:strike or heal>=2) cost<=3 e:dr

Bare words and "quoted phrases" search names and rules text; `field:value` and `field>=n` filter; `-` or `not`
negates; `or` joins alternatives; parentheses group; everything else is AND. Every keyword is also a field
(`strike>=2`, `accelerate:`). `FIELDS` below is the single description of the syntax: the help page renders it.
Values are resolved (aliases, unique prefixes) against the rulebook tables here, so a typo is a `QuerySyntaxError`
naming the problem, never an empty result. `cards.selectors` turns the tree into a database query.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping, Union

import yaml

from rules.engine.catalogue import DATA_DIR, slugify

MAX_QUERY_LENGTH = 500
MAX_DEPTH = 20
OPERATORS = (">=", "<=", "!=", ":", "=", ">", "<")


class QuerySyntaxError(ValueError):
    """A search the parser cannot read; `position` is the 0-based character offset of the problem."""

    code = "bad_query"

    def __init__(self, message: str, position: int = 0):
        super().__init__(message)
        self.message = message
        self.position = position


# --- the tree --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Text:
    """Name or rules text has the word `value` (from its start), or the whole phrase when `phrase`."""

    value: str
    phrase: bool = False


@dataclass(frozen=True)
class Compare:
    """A card field compared with a resolved value: `op` is one of = != > >= < <=."""

    field: str
    op: str
    value: Any


@dataclass(frozen=True)
class HasKeyword:
    """The card has an ability with this keyword, optionally with an amount `op` `amount`."""

    keyword: str
    op: str | None = None
    amount: int | None = None


@dataclass(frozen=True)
class Not:
    child: "Node"


@dataclass(frozen=True)
class And:
    children: tuple["Node", ...]


@dataclass(frozen=True)
class Or:
    children: tuple["Node", ...]


Node = Union[Text, Compare, HasKeyword, Not, And, Or]


# --- the fields ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class FieldSpec:
    """One search field: its names, what kind of value it takes, and how to explain it."""

    name: str
    aliases: tuple[str, ...]
    kind: str          # enum, rarity, number, text, keyword, keyword_field
    description: str
    examples: tuple[str, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)


FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("civilization", ("civ",), "enum", "The card's civilization (Atlantean or Lemurian).",
              ("civ:atlantean", "civ:lem")),
    FieldSpec("faction", ("f",), "enum", "The card's faction: civilization and ideology.",
              ("f:atlantean-fanatic", "f:lemurian-otf")),
    FieldSpec("ideology", ("i",), "enum", "The card's ideology: Fanatic, Conservative or On-The-Fence.",
              ("ideology:otf", "i:conservative")),
    FieldSpec("type", ("t",), "enum", "The card type (singular or plural).", ("t:person", "t:people", "-t:energy")),
    FieldSpec("rarity", ("r",), "rarity", "The rarity; compare with >= and <= (Common < Uncommon < Rare).",
              ("r:rare", "r>=uncommon", "r:c")),
    FieldSpec("keyword", ("k", "kw"), "keyword",
              "Has an ability with this keyword; add a comparison for its amount.",
              ("k:strike", "k:charge>=2", "k:take-control")),
    FieldSpec("energy", ("e",), "enum", "Its cost (or an ability's cost) needs this energy type.",
              ("e:dr", "e:dark-current", "-e:ce")),
    FieldSpec("produces", (), "enum", "Energy cards: the energy one tap makes.", ("produces:lr",)),
    FieldSpec("trigger", (), "enum",
              "Has an ability with this trigger: enters, use, reaction, passive, instant, pyramid.",
              ("trigger:enters", "trigger:reaction")),
    FieldSpec("cost", (), "number", "Total energy in the card's cost.", ("cost<=2", "cost=4")),
    FieldSpec("hp", (), "number", "Hit points (Heroes and People).", ("hp>=4", "hp<20")),
    FieldSpec("charge", (), "number",
              "The card's own charge: a Scene's entering charge, a Battery's counters, equipment capacity. "
              "For the Charge keyword write k:charge.", ("charge>=2",)),
    FieldSpec("owned", (), "number",
              "How many copies you own (your collection; log in first). `owned` alone: at least one; "
              "`-owned`: none.", ("owned", "owned>=2", "-owned", "owned=0")),
    FieldSpec("name", (), "text", "The name has these words (the last may be a word's start).",
              ("name:vos", "name:kal", 'name:"high mystic"')),
    FieldSpec("text", ("o", "oracle"), "text", "The rules text has these words, in this order.",
              ('o:"enters play"', "text:edge")),
    FieldSpec("flavor", ("ft",), "text", "The flavor text has these words.", ("ft:pyramid",)),
    FieldSpec("<keyword>", (), "keyword_field",
              "Every keyword is a field too: with a comparison, on its amount; with a bare colon, any amount.",
              ("strike>=2", "accelerate:", "heal:1", "synergy>=1")),
)
FIELDS_BY_NAME: Mapping[str, FieldSpec] = {name: spec for spec in FIELDS for name in spec.names
                                           if spec.kind != "keyword_field"}
OWNED_FLAG = "owned"
ORDERED_OPS = frozenset({">", ">=", "<", "<="})


# --- the vocabulary the values are checked against ---------------------------------------------------------------

def _plural(word: str) -> str:
    if word == "person":
        return "people"
    if word.endswith("y"):
        return word[:-1] + "ies"
    if word.endswith("o"):
        return word + "es"
    return word + "s"


@dataclass
class Vocabulary:
    """The values each enumerated field accepts: canonical slug -> display name, and every alias."""

    values: dict[str, dict[str, str]] = field(default_factory=dict)
    aliases: dict[str, dict[str, str]] = field(default_factory=dict)
    rarity_order: dict[str, int] = field(default_factory=dict)
    keyword_amounts: dict[str, bool] = field(default_factory=dict)
    trigger_keywords: frozenset[str] = frozenset()

    def add(self, field_name: str, slug: str, name: str, *extra: str) -> None:
        self.values.setdefault(field_name, {})[slug] = name
        table = self.aliases.setdefault(field_name, {})
        for alias in (slug, name, *extra):
            table.setdefault(_norm(alias), slug)

    @classmethod
    def from_tables(cls, rulebook: Mapping[str, Any], keywords: Iterable[Mapping[str, Any]],
                    triggers: Iterable[Mapping[str, Any]]) -> "Vocabulary":
        """Build the vocabulary from the rulebook and keyword tables (the data files' or the catalogue's)."""
        vocab = cls()
        civ_names = {c["slug"]: c["name"] for c in rulebook["civilizations"]}
        ideology_names = {i["slug"]: i["name"] for i in rulebook["ideologies"]}
        for slug, name in civ_names.items():
            vocab.add("civilization", slug, name)
        for slug, name in ideology_names.items():
            vocab.add("ideology", slug, name)
        for faction in rulebook["factions"]:
            civ, ideology = faction["civilization"], faction["ideology"]
            vocab.add("faction", faction["slug"], f"{civ_names[civ]} {ideology_names[ideology]}",
                      f"{civ}-{ideology_names[ideology]}")
        for card_type in rulebook["card_types"]:
            slug, name = card_type["slug"], card_type["name"]
            vocab.add("type", slug, name, _plural(slug), slug + "s")
        for n, rarity in enumerate(rulebook["rarities"]):
            vocab.add("rarity", rarity["slug"], rarity["name"])
            vocab.rarity_order[rarity["slug"]] = n
        for energy in rulebook["energy_types"]:
            for field_name in ("energy", "produces"):
                vocab.add(field_name, energy["code"], energy["name"])
        for trigger in triggers:
            vocab.add("trigger", trigger["slug"], trigger["name"])
        trigger_keywords = set()
        for keyword in keywords:
            vocab.add("keyword", keyword["slug"], keyword["name"])
            vocab.keyword_amounts[keyword["slug"]] = bool(keyword["amount"])
            if keyword["category"] == "trigger":
                trigger_keywords.add(keyword["slug"])
        vocab.trigger_keywords = frozenset(trigger_keywords)
        return vocab

    def resolve(self, field_name: str, raw: str, position: int = 0) -> str:
        """Return the canonical value an alias or unique prefix names, or raise naming the problem."""
        table = self.aliases.get(field_name, {})
        value = _norm(raw)
        if value in table:
            return table[value]
        matches = sorted({slug for alias, slug in table.items() if alias.startswith(value)}) if value else []
        if len(matches) == 1:
            return matches[0]
        label = "keyword" if field_name == "keyword" else field_name.replace("_", " ")
        if matches:
            raise QuerySyntaxError(f"'{raw}' is ambiguous for {label}: it could be {', '.join(matches)}", position)
        known = ", ".join(self.values.get(field_name, {}))
        raise QuerySyntaxError(f"unknown {label} '{raw}' (known: {known})", position)


def _norm(value: str) -> str:
    return slugify(value) if value.strip() else ""


@lru_cache(maxsize=4)
def default_vocabulary(data_dir: str = str(DATA_DIR)) -> Vocabulary:
    """Return the vocabulary of the data files (rulebook.yaml and keywords.yaml only; cards are not read)."""
    rulebook = yaml.safe_load(Path(data_dir, "rulebook.yaml").read_text(encoding="utf-8"))
    keywords = yaml.safe_load(Path(data_dir, "keywords.yaml").read_text(encoding="utf-8"))
    return Vocabulary.from_tables(rulebook, keywords["keywords"], keywords["triggers"])


# --- tokens ----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Token:
    kind: str          # ( ) - OR AND WORD PHRASE TERM END
    position: int
    text: str = ""
    field: str = ""
    op: str = ""
    value_position: int = 0


_TERM = re.compile(r"([A-Za-z][A-Za-z0-9_-]*)(>=|<=|!=|:|=|>|<)")
_STOP = set(" \t\r\n()\"")


def _quoted(text: str, start: int) -> tuple[str, int]:
    """Read a "quoted phrase" starting at the quote; return it and the index after the closing quote."""
    end = text.find('"', start + 1)
    if end < 0:
        raise QuerySyntaxError("unclosed quote: add a \" to end the phrase", start)
    return text[start + 1:end], end + 1


def tokenize(text: str) -> list[Token]:
    """Split a query into tokens."""
    tokens: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char.isspace():
            i += 1
        elif char in "()":
            tokens.append(Token(char, i))
            i += 1
        elif char == "-":
            if i + 1 >= n or text[i + 1].isspace() or text[i + 1] == ")":
                raise QuerySyntaxError("nothing to negate after this '-'", i)
            tokens.append(Token("-", i))
            i += 1
        elif char == '"':
            phrase, end = _quoted(text, i)
            tokens.append(Token("PHRASE", i, phrase))
            i = end
        elif match := _TERM.match(text, i):
            j = match.end()
            if j < n and text[j] == '"':
                value, end = _quoted(text, j)
            else:
                end = j
                while end < n and text[end] not in _STOP:
                    end += 1
                value = text[j:end]
            tokens.append(Token("TERM", i, value, match[1].lower(), match[2], j))
            i = end
        else:
            end = i
            while end < n and text[end] not in _STOP:
                end += 1
            word = text[i:end]
            upper = word.upper()
            tokens.append(Token(upper if upper in ("OR", "AND", "NOT") else "WORD", i, word))
            i = end
    tokens.append(Token("END", n))
    return tokens


# --- the parser ------------------------------------------------------------------------------------------------

_AMOUNT = re.compile(r"^(?P<keyword>.*?)(?:(?P<op>>=|<=|!=|=|>|<|:)(?P<amount>.*))?$")


class _Parser:
    def __init__(self, text: str, vocabulary: Vocabulary):
        self.tokens = tokenize(text)
        self.at = 0
        self.vocab = vocabulary
        self.depth = 0

    def peek(self) -> Token:
        return self.tokens[self.at]

    def take(self) -> Token:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def parse(self) -> Node:
        node = self.parse_or()
        token = self.peek()
        if token.kind == ")":
            raise QuerySyntaxError("unbalanced parentheses: this ')' has no '(' before it", token.position)
        return node

    def parse_or(self) -> Node:
        children = [self.parse_and()]
        while self.peek().kind == "OR":
            token = self.take()
            if self.peek().kind in ("OR", ")", "END"):
                raise QuerySyntaxError("'or' needs a search term on each side", token.position)
            children.append(self.parse_and())
        return children[0] if len(children) == 1 else Or(tuple(children))

    def parse_and(self) -> Node:
        children: list[Node] = []
        while True:
            token = self.peek()
            if token.kind == "AND":
                if not children:
                    raise QuerySyntaxError("'and' needs a search term before it", token.position)
                self.take()
                if self.peek().kind in ("OR", "AND", ")", "END"):
                    raise QuerySyntaxError("'and' needs a search term after it", token.position)
                continue
            if token.kind in ("OR", ")", "END"):
                break
            children.append(self.parse_unary())
        if not children:
            token = self.peek()
            if token.kind == "OR":
                raise QuerySyntaxError("'or' needs a search term on each side", token.position)
            if token.kind == ")":
                raise QuerySyntaxError("empty parentheses, or a ')' with no '(' before it", token.position)
            raise QuerySyntaxError("the query ends where a search term was expected", token.position)
        return children[0] if len(children) == 1 else And(tuple(children))

    def parse_unary(self) -> Node:
        negations = 0
        while self.peek().kind in ("-", "NOT"):
            token = self.take()
            negations += 1
            if self.peek().kind in ("OR", "AND", ")", "END"):
                raise QuerySyntaxError("nothing to negate after this '-' or 'not'", token.position)
        node = self.parse_primary()
        return Not(node) if negations % 2 else node

    def parse_primary(self) -> Node:
        token = self.take()
        if token.kind == "(":
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise QuerySyntaxError(f"parentheses nested more than {MAX_DEPTH} deep", token.position)
            if self.peek().kind == ")":
                raise QuerySyntaxError("empty parentheses", token.position)
            node = self.parse_or()
            if self.peek().kind != ")":
                raise QuerySyntaxError("unbalanced parentheses: this '(' is never closed", token.position)
            self.take()
            self.depth -= 1
            return node
        if token.kind == "WORD":
            if token.text.lower() == OWNED_FLAG:  # a flag, like Scryfall's is:; "owned" in quotes searches text
                return Compare("owned", ">=", 1)
            return Text(token.text.lower())
        if token.kind == "PHRASE":
            if not token.text.strip():
                raise QuerySyntaxError("empty quoted phrase", token.position)
            return Text(" ".join(token.text.lower().split()), phrase=True)
        if token.kind == "TERM":
            return self.term(token)
        raise QuerySyntaxError(f"unexpected '{token.text or token.kind}'", token.position)  # pragma: no cover

    # -- field terms

    def term(self, token: Token) -> Node:
        spec = FIELDS_BY_NAME.get(token.field)
        if spec is None:
            keyword = self.vocab.aliases.get("keyword", {}).get(_norm(token.field))
            if keyword is None:
                raise QuerySyntaxError(self.unknown_field(token.field), token.position)
            return self.keyword_term(keyword, token.op, token.text, token)
        op = "=" if token.op in (":", "=") else token.op
        if spec.kind == "keyword":
            return self.keyword_value(token)
        if spec.name == "owned" and op == "=" and not token.text.strip():
            return Compare("owned", ">=", 1)  # `owned:` is `owned`
        if spec.kind == "number":
            return Compare(spec.name, op, self.number(spec.name, token.text, token.value_position))
        if op in ORDERED_OPS and spec.kind != "rarity":
            raise QuerySyntaxError(
                f"'{token.field}' cannot be compared with '{token.op}': write {token.field}:{token.text or 'value'}",
                token.position,
            )
        if not token.text.strip():
            raise QuerySyntaxError(f"'{token.field}{token.op}' needs a value, e.g. {spec.examples[0]}",
                                   token.position)
        if spec.kind == "text":
            node: Node = Compare(spec.name, "=", " ".join(token.text.lower().split()))
        else:
            value = self.vocab.resolve(spec.name, token.text, token.value_position)
            if spec.kind == "rarity" and op != "!=":
                return Compare("rarity", op, value)
            node = Compare(spec.name, "=", value)
        return Not(node) if op == "!=" else node

    def keyword_value(self, token: Token) -> Node:
        """`k:strike`, `k:strike>=2`, `k!=strike`."""
        if token.op in ORDERED_OPS:
            raise QuerySyntaxError(f"'{token.field}' cannot be compared with '{token.op}': "
                                   "write k:strike>=2 to compare an amount", token.position)
        match = _AMOUNT.match(token.text)
        name, op, amount = match["keyword"], match["op"], match["amount"]
        if not name.strip():
            raise QuerySyntaxError(f"'{token.field}{token.op}' needs a keyword, e.g. k:strike", token.position)
        keyword = self.vocab.resolve("keyword", name, token.value_position)
        node = self.keyword_term(keyword, op or ":", amount or "", token)
        return Not(node) if token.op == "!=" else node

    def keyword_term(self, keyword: str, op: str, amount: str, token: Token) -> Node:
        """`strike>=2`, `strike:2`, `accelerate:` (any amount)."""
        if keyword in self.vocab.trigger_keywords:
            if amount.strip() or op not in (":", "="):
                raise QuerySyntaxError(f"'{keyword}' is a trigger and takes no amount: write trigger:{keyword}",
                                       token.position)
            return Compare("trigger", "=", keyword)
        if not amount.strip() or amount.strip().lower() == "any":
            if op not in (":", "="):
                raise QuerySyntaxError(f"'{keyword}{op}' needs a number", token.position)
            return HasKeyword(keyword)
        if not self.vocab.keyword_amounts.get(keyword):
            raise QuerySyntaxError(f"'{keyword}' takes no amount: write k:{keyword}", token.position)
        number = self.number(keyword, amount, token.value_position)
        return HasKeyword(keyword, "=" if op in (":", "=") else op, number)

    @staticmethod
    def number(field_name: str, raw: str, position: int) -> int:
        if not raw.strip().isdigit():
            shown = f"'{raw}'" if raw else "nothing"
            raise QuerySyntaxError(f"'{field_name}' needs a whole number, not {shown}", position)
        return int(raw)

    def unknown_field(self, name: str) -> str:
        known = sorted(FIELDS_BY_NAME) + sorted(self.vocab.aliases.get("keyword", {}))
        close = difflib.get_close_matches(name, known, n=1)
        hint = f" — did you mean '{close[0]}'?" if close else " (see the search help for the fields)"
        return f"unknown field '{name}'{hint}"


def parse_query(text: str, vocabulary: Vocabulary | None = None) -> Node | None:
    """Parse a search into a tree; return None for an empty search; raise `QuerySyntaxError` if unreadable."""
    if len(text) > MAX_QUERY_LENGTH:
        raise QuerySyntaxError(f"the query is longer than {MAX_QUERY_LENGTH} characters", MAX_QUERY_LENGTH)
    if not text.strip():
        return None
    return _Parser(text, vocabulary or default_vocabulary()).parse()


__all__ = [
    "FIELDS", "FIELDS_BY_NAME", "And", "Compare", "FieldSpec", "HasKeyword", "Node", "Not", "Or",
    "QuerySyntaxError", "Text", "Vocabulary", "default_vocabulary", "parse_query", "tokenize",
]
