"""Compile the YAML card data into immutable definitions the engine plays with.

The engine never touches the ORM: cards enter it as frozen dataclasses built once, either straight from the data
files (`load_catalogue()`) or from the database (the Django side builds the same mapping and calls
`compile_catalogue()`). Rulebook tables live in `cards/data/rulebook.yaml` and are read here, not restated.
"""
from __future__ import annotations

import copyreg
import hashlib
import json
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

import yaml

DATA_DIR = Path(__file__).resolve().parents[2] / "cards" / "data"
# Rule variants (house rules a game switches on by name) live with the deck formats: decks/data/variants.yaml.
VARIANTS_PATH = Path(__file__).resolve().parents[2] / "decks" / "data" / "variants.yaml"
ENERGY_ORDER = ("DC", "LC", "DR", "LR", "CE")


def _mapping_proxy(mapping: dict) -> MappingProxyType:
    """A read-only mapping rebuilt from its pickle (see the registration below)."""
    return MappingProxyType(mapping)


# A compiled catalogue crosses to worker processes by pickle (simulate.run_goldfish's workers are spawned, not forked,
# so that no socket or lock of the parent is shared), and its tables are read-only MappingProxyType views, which
# pickle cannot take by itself.
copyreg.pickle(MappingProxyType, lambda proxy: (_mapping_proxy, (dict(proxy),)))


def slugify(name: str) -> str:
    """Return the kebab-case slug of a card name ("Dr. Veylan" -> "dr-veylan")."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@dataclass(frozen=True, slots=True)
class Cost:
    """Energy amounts by code, plus charge removed from the source card (an activation cost only)."""

    energy: tuple[tuple[str, int], ...] = ()
    charge: int = 0

    @classmethod
    def from_mapping(cls, data: Mapping[str, int] | None) -> "Cost":
        data = dict(data or {})
        charge = int(data.pop("charge", 0))
        unknown = set(data) - set(ENERGY_ORDER)
        if unknown:
            raise ValueError(f"unknown energy type(s) in cost: {sorted(unknown)}")
        energy = tuple((code, int(data[code])) for code in ENERGY_ORDER if data.get(code))
        return cls(energy=energy, charge=charge)

    def as_dict(self) -> dict[str, int]:
        out = dict(self.energy)
        if self.charge:
            out["charge"] = self.charge
        return out

    @property
    def total(self) -> int:
        return sum(amount for _, amount in self.energy)

    def amount(self, code: str) -> int:
        return dict(self.energy).get(code, 0)


@dataclass(frozen=True, slots=True)
class Ability:
    trigger: str
    keyword: str
    amount: int | None = None
    target: str = "none"
    cost: Cost = Cost()
    synergy: int = 0

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"trigger": self.trigger, "keyword": self.keyword}
        if self.amount is not None:
            out["amount"] = self.amount
        out["target"] = self.target
        if self.cost.energy or self.cost.charge:
            out["cost"] = self.cost.as_dict()
        if self.synergy:
            out["synergy"] = self.synergy
        return out


@dataclass(frozen=True, slots=True)
class CardDef:
    slug: str
    name: str
    type: str
    faction: str | None = None
    civilization: str | None = None
    ideology: str | None = None
    rarity: str | None = None
    cost: Cost = Cost()
    hp: int | None = None            # Heroes: printed; People: from the rarity table
    charge: int | None = None        # Scenes: entering charge; Batteries: counters; equipment: capacity
    produces: str | None = None      # Energy cards
    abilities: tuple[Ability, ...] = ()
    flavor: str = ""


@dataclass(frozen=True)
class Variant:
    """A named house rule (decks/data/variants.yaml): what it changes from the printed rules."""

    slug: str
    name: str
    description: str
    pyramid_deck: tuple[str, ...] | None = None   # replaces the default Pyramid deck
    tide: bool = False                            # the tide floor on resets and Drain (RULINGS 16)


@dataclass(frozen=True)
class Catalogue:
    """Every definition a game needs: cards, the rulebook tables and the Pyramid deck."""

    cards: Mapping[str, CardDef]
    rulebook: Mapping[str, Any]
    keywords: Mapping[str, Mapping[str, Any]]
    targets: Mapping[str, Mapping[str, Any]]
    pyramid_deck: tuple[str, ...]
    starter_decks: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    data_hash: str = ""
    variants: Mapping[str, Variant] = field(default_factory=dict)

    def __getitem__(self, slug: str) -> CardDef:
        return self.cards[slug]

    def rarity(self, slug: str) -> Mapping[str, Any]:
        return self._by_slug("rarities", slug)

    def faction(self, slug: str) -> Mapping[str, Any]:
        return self._by_slug("factions", slug)

    @cached_property
    def deck_types(self) -> frozenset[str]:
        """The card types that may go in a player's deck: the rulebook's `card_types[].in_deck` (no Hero, no Pyramid
        card), the one source that the engine's set-up and the deck validator both read. Read once: every game's
        set-up asks for each of its cards."""
        return frozenset(row["slug"] for row in self.rulebook["card_types"] if row["in_deck"])

    def in_deck(self, card_type: str) -> bool:
        return card_type in self.deck_types

    def _by_slug(self, table: str, slug: str) -> Mapping[str, Any]:
        for row in self.rulebook[table]:
            if row.get("slug") == slug:
                return row
        raise KeyError(f"{table}: {slug}")

    @property
    def heroes(self) -> tuple[CardDef, ...]:
        return tuple(c for c in self.cards.values() if c.type == "hero")


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: ten times faster


def _read(path: Path) -> Any:
    with path.open(encoding="utf-8") as handle:
        return yaml.load(handle, Loader=_LOADER)


def read_tables(data_dir: Path | str = DATA_DIR, variants_path: Path | str = VARIANTS_PATH) -> dict[str, Any]:
    """Read every data file except the cards: rulebook, keywords, triggers, targets, Pyramid deck, starter decks,
    and the rule variants."""
    data_dir = Path(data_dir)
    variants_path = Path(variants_path)
    keywords = _read(data_dir / "keywords.yaml")
    starters_path = data_dir / "starter_decks.yaml"
    return {
        "rulebook": _read(data_dir / "rulebook.yaml"),
        "keywords": keywords["keywords"],
        "triggers": keywords["triggers"],
        "targets": keywords["targets"],
        "pyramid_deck": _read(data_dir / "pyramid.yaml")["deck"],
        "starter_decks": (_read(starters_path) or {}).get("decks", []) if starters_path.exists() else [],
        "variants": (_read(variants_path) or {}).get("variants", []) if variants_path.exists() else [],
    }


def read_cards(data_dir: Path | str = DATA_DIR) -> list[dict[str, Any]]:
    """Read the cards of `cards.yaml` and the Pyramid cards of `pyramid.yaml`."""
    data_dir = Path(data_dir)
    cards = (_read(data_dir / "cards.yaml") or {}).get("cards") or []
    return cards + ((_read(data_dir / "pyramid.yaml") or {}).get("cards") or [])


def read_data(data_dir: Path | str = DATA_DIR) -> dict[str, Any]:
    """Read every data file into one plain mapping (the form `compile_catalogue` takes)."""
    return {**read_tables(data_dir), "cards": read_cards(data_dir)}


def _compile_card(raw: Mapping[str, Any], rulebook: Mapping[str, Any]) -> CardDef:
    rarities = {r["slug"]: r for r in rulebook["rarities"]}
    factions = {f["slug"]: f for f in rulebook["factions"]}
    card_type = raw["type"]
    rarity = raw.get("rarity")
    faction = raw.get("faction")
    hp = raw.get("hp")
    charge = None
    if card_type == "person":
        hp = rarities[rarity]["person_hp"]
    elif card_type == "scene":
        charge = rarities[rarity]["scene_charge"]
    elif card_type == "battery":
        charge = rarities[rarity]["battery_counters"]
    elif card_type in ("artifact", "enchantment"):
        charge = rulebook["equipment"]["charge_capacity"]
    abilities = tuple(
        Ability(
            trigger=a["trigger"],
            keyword=a["keyword"],
            amount=a.get("amount"),
            target=a.get("target", "none"),
            cost=Cost.from_mapping(a.get("cost")),
            synergy=int(a.get("synergy", 0)),
        )
        for a in raw.get("abilities") or ()
    )
    return CardDef(
        slug=raw.get("slug") or slugify(raw["name"]),
        name=raw["name"],
        type=card_type,
        faction=faction,
        civilization=factions[faction]["civilization"] if faction else None,
        ideology=factions[faction]["ideology"] if faction else None,
        rarity=rarity,
        cost=Cost.from_mapping(raw.get("cost")),
        hp=hp,
        charge=charge,
        produces=raw.get("produces"),
        abilities=abilities,
        flavor=raw.get("flavor") or "",
    )


def data_hash(data: Mapping[str, Any]) -> str:
    """Return a stable digest of the card data, recorded with every game for exact replay."""
    blob = json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]


def compile_catalogue(data: Mapping[str, Any]) -> Catalogue:
    """Build the immutable catalogue from the plain mapping `read_data` returns."""
    rulebook = data["rulebook"]
    cards: dict[str, CardDef] = {}
    for raw in data["cards"]:
        card = _compile_card(raw, rulebook)
        if card.slug in cards:
            raise ValueError(f"duplicate card slug: {card.slug}")
        cards[card.slug] = card
    deck = pyramid_deck_from(data["pyramid_deck"], cards)
    variants = {}
    for raw in data.get("variants") or ():
        slug = raw["slug"]
        raw_deck = raw.get("pyramid_deck")
        variants[slug] = Variant(slug=slug, name=raw["name"], description=raw.get("description", ""),
                                 pyramid_deck=None if raw_deck is None else pyramid_deck_from(raw_deck, cards),
                                 tide=bool(raw.get("tide", False)))
    starters = {d["slug"]: MappingProxyType(dict(d)) for d in data.get("starter_decks") or ()}
    return Catalogue(
        cards=MappingProxyType(cards),
        rulebook=MappingProxyType(dict(rulebook)),
        keywords=MappingProxyType({k["slug"]: MappingProxyType(dict(k)) for k in data["keywords"]}),
        targets=MappingProxyType({t["slug"]: MappingProxyType(dict(t)) for t in data["targets"]}),
        pyramid_deck=tuple(deck),
        starter_decks=MappingProxyType(starters),
        data_hash=data_hash(data),
        variants=MappingProxyType(variants),
    )


def pyramid_deck_from(entries: Any, cards: Mapping[str, CardDef]) -> tuple[str, ...]:
    """A Pyramid deck from its composition, [{"card": slug, "count": n}, ...], in that order."""
    deck: list[str] = []
    for entry in entries:
        slug = entry["card"]
        if slug not in cards or cards[slug].type != "pyramid":
            raise ValueError(f"pyramid deck names a card that is not a Pyramid card: {slug}")
        deck.extend([slug] * int(entry["count"]))
    return tuple(deck)


_DEFAULT: Catalogue | None = None


def load_catalogue(data_dir: Path | str | None = None) -> Catalogue:
    """Compile the catalogue from the data files (cached for the default folder)."""
    global _DEFAULT
    if data_dir is not None:
        return compile_catalogue(read_data(data_dir))
    if _DEFAULT is None:
        _DEFAULT = compile_catalogue(read_data(DATA_DIR))
    return _DEFAULT
