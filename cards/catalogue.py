"""The engine's `Catalogue`, compiled from the database so admin edits reach decks and games.

Cards come from the database; the rulebook, keyword and target tables and the Pyramid deck come from the data files
(they are not edited in the admin). The compiled catalogue is cached in-process and rebuilt when a card changes: each
call costs one aggregate query.
"""
from __future__ import annotations

import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from django.db.models import Count, Max, Sum

from rules.engine.catalogue import DATA_DIR, CardDef, Catalogue, compile_catalogue, slugify

from .models import Card


class CatalogueNotLoaded(RuntimeError):
    """The database holds no usable catalogue (run `manage.py load_catalogue`)."""

    code = "catalogue_not_loaded"


def card_def_to_data(card_def: CardDef) -> dict[str, Any]:
    """Return a card in the data-file form (cards/data/SCHEMA.md): only what a designer writes, in their order."""
    out: dict[str, Any] = {"name": card_def.name}
    if card_def.slug != slugify(card_def.name):
        out["slug"] = card_def.slug
    out["type"] = card_def.type
    for key in ("faction", "rarity"):
        if getattr(card_def, key):
            out[key] = getattr(card_def, key)
    if card_def.cost.energy:
        out["cost"] = card_def.cost.as_dict()
    if card_def.hp is not None and card_def.type != "person":  # People take HP from the rarity table
        out["hp"] = card_def.hp
    if card_def.produces:
        out["produces"] = card_def.produces
    if card_def.flavor:
        out["flavor"] = card_def.flavor
    if card_def.abilities:
        out["abilities"] = [ability.as_dict() for ability in card_def.abilities]
    return out


def card_to_data(card: Card) -> dict[str, Any]:
    """Return a database card in the data-file form (use `Card.objects.with_related()` to avoid N+1)."""
    out: dict[str, Any] = {"name": card.name}
    if card.slug != slugify(card.name):
        out["slug"] = card.slug
    out["type"] = card.type.slug
    if card.faction_id:
        out["faction"] = card.faction.slug
    if card.rarity_id:
        out["rarity"] = card.rarity.slug
    if cost := card.cost:
        out["cost"] = cost
    if card.hp is not None and card.type.slug != "person":
        out["hp"] = card.hp
    if card.produces_id:
        out["produces"] = card.produces.code
    if card.flavor:
        out["flavor"] = card.flavor
    abilities = []
    for ability in card.abilities.all():
        row: dict[str, Any] = {"trigger": ability.trigger, "keyword": ability.keyword.slug}
        if ability.amount is not None:
            row["amount"] = ability.amount
        row["target"] = ability.target
        if ability.cost:
            row["cost"] = dict(ability.cost)
        if ability.synergy:
            row["synergy"] = ability.synergy
        abilities.append(row)
    if abilities:
        out["abilities"] = abilities
    return out


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _read(path: Path) -> Any:
    with path.open(encoding="utf-8") as handle:
        return yaml.load(handle, Loader=_Loader)


@lru_cache(maxsize=8)
def _tables(data_dir: str, stamp: tuple) -> dict[str, Any]:
    """Read what `read_data` reads, except cards.yaml (the cards come from the database)."""
    folder = Path(data_dir)
    keywords = _read(folder / "keywords.yaml")
    starters = folder / "starter_decks.yaml"
    return {
        "rulebook": _read(folder / "rulebook.yaml"),
        "keywords": keywords["keywords"],
        "triggers": keywords["triggers"],
        "targets": keywords["targets"],
        "pyramid_deck": _read(folder / "pyramid.yaml")["deck"],
        "starter_decks": (_read(starters) or {}).get("decks", []) if starters.exists() else [],
    }


def read_files(data_dir: Path | str = DATA_DIR) -> dict[str, Any]:
    """Return what `rules.engine.catalogue.read_data` returns, parsed with libyaml when available (faster)."""
    folder = Path(data_dir)
    cards = (_read(folder / "cards.yaml") or {}).get("cards") or []
    pyramid = (_read(folder / "pyramid.yaml") or {}).get("cards") or []
    return {**rule_tables(folder), "cards": cards + pyramid}


def rule_tables(data_dir: Path | str = DATA_DIR) -> dict[str, Any]:
    """Return the data files' mapping without cards: rulebook, keywords, triggers, targets, decks."""
    folder = Path(data_dir)
    stamp = tuple(path.stat().st_mtime_ns for path in sorted(folder.glob("*.yaml")) if path.name != "cards.yaml")
    return dict(_tables(str(folder), stamp))


def build_data(cards: list[dict[str, Any]], data_dir: Path | str = DATA_DIR) -> dict[str, Any]:
    """Return the mapping `compile_catalogue` takes, with these cards and the data files' tables."""
    return {**rule_tables(data_dir), "cards": cards}


_lock = threading.Lock()
_cached: tuple[tuple, Catalogue] | None = None


def _stamp() -> tuple:
    row = Card.objects.aggregate(n=Count("id"), ids=Sum("id"), latest=Max("updated_at"))
    return row["n"], row["ids"], row["latest"]


def get_catalogue() -> Catalogue:
    """Return the catalogue compiled from the database, rebuilt only when its cards changed."""
    global _cached
    stamp = _stamp()
    cached = _cached
    if cached is not None and cached[0] == stamp:
        return cached[1]
    with _lock:
        cards = [card_to_data(card) for card in Card.objects.with_related().order_by("position", "name")]
        try:
            catalogue = compile_catalogue(build_data(cards))
        except (KeyError, ValueError) as exc:
            raise CatalogueNotLoaded(f"The card catalogue in the database is not usable ({exc}); "
                                     "run `python manage.py load_catalogue`.") from exc
        _cached = (stamp, catalogue)
    return catalogue


def clear_cache() -> None:
    """Forget the compiled catalogue (tests that swap databases)."""
    global _cached
    _cached = None
    _tables.cache_clear()
