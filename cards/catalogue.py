"""The engine's `Catalogue`, compiled from the database so admin edits reach decks and games.

Cards come from the database; the rulebook, keyword and target tables and the Pyramid deck come from the data files
(they are not edited in the admin). The compiled catalogue is cached in-process and rebuilt when a card changes.

Freshness: the cards' aggregate stamp (count, sum of ids, latest `updated_at`) is re-read at most once every
`FRESHNESS_SECONDS` per process (monotonic clock), not on every call. A change made in this process through the ORM
(the admin: a card, its costs or abilities saved or deleted) clears the cache at once through model signals; a
change made elsewhere (`manage.py load_catalogue`, another worker's admin, a bulk query) is seen within
`FRESHNESS_SECONDS`. Inside a transaction (tests, or a write that changes cards and reads them back) the stamp is
read on every call, and a catalogue compiled inside a transaction is never trusted without re-reading the stamp, so
a rolled-back change is never served. Call `clear_cache()` after changing cards with bulk queries in-process.
`catalogue_version()` names the cards' current state, for keying caches of anything derived from them.

The database's cards are the *draft* of the next release (issue 32). New games are played under the *current
release* (`play_catalogue()`), never the draft: a game records its hash, and only a published release's cards never
change, so only they can replay it forever. Until a release exists (a database set up before releases, before
`load_catalogue` ran again) the draft is played, as before releases, and a warning says so.
"""
from __future__ import annotations

import hashlib
import logging
import threading
from functools import lru_cache
from pathlib import Path
from time import monotonic
from typing import Any, Hashable

from cachetools import LRUCache
from django.db import connection
from django.db.models.signals import post_delete, post_save

from rules.engine.catalogue import (
    DATA_DIR,
    VARIANTS_PATH,
    CardDef,
    Catalogue,
    compile_catalogue,
    read_cards,
    read_tables,
    slugify,
)

from .models import Ability, Card, CardCost, Release

log = logging.getLogger(__name__)


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


@lru_cache(maxsize=8)
def _tables(data_dir: str, variants_path: str, stamp: tuple) -> dict[str, Any]:
    """The data files' tables, read again only when one of the files changes (`stamp` holds their mtimes)."""
    return read_tables(data_dir, variants_path)


def read_files(data_dir: Path | str = DATA_DIR) -> dict[str, Any]:
    """Return what `rules.engine.catalogue.read_data` returns, the tables from the per-mtime cache."""
    return {**rule_tables(data_dir), "cards": read_cards(data_dir)}


def rule_tables(data_dir: Path | str = DATA_DIR) -> dict[str, Any]:
    """Return the data files' mapping without cards: rulebook, keywords, triggers, targets, decks."""
    folder = Path(data_dir)
    # A folder written by `export_catalogue --release` holds the release's variants too: they are read from there.
    variants = folder / "variants.yaml" if (folder / "variants.yaml").exists() else VARIANTS_PATH
    stamp = tuple(path.stat().st_mtime_ns for path in sorted(folder.glob("*.yaml")) if path.name != "cards.yaml")
    stamp += (variants.stat().st_mtime_ns if variants.exists() else 0,)
    return dict(_tables(str(folder), str(variants), stamp))


def build_data(cards: list[dict[str, Any]], data_dir: Path | str = DATA_DIR) -> dict[str, Any]:
    """Return the mapping `compile_catalogue` takes, with these cards and the data files' tables."""
    return {**rule_tables(data_dir), "cards": cards}


def database_data() -> dict[str, Any]:
    """Return the mapping the database's cards compile from (the draft of the next release): its `data_hash` is
    the hash games record and releases are named by (cards.releases)."""
    return build_data([card_to_data(card) for card in Card.objects.with_related().order_by("position", "name")])


FRESHNESS_SECONDS = 1.0  # how stale a worker's catalogue may be after a change made by another process

_lock = threading.Lock()
_cached: tuple[tuple, Catalogue, str] | None = None  # (stamp, catalogue, version)
_derived_caches: list[DerivedCache] = []
_checked_at: float | None = None  # monotonic time the stamp was last read outside a transaction and matched
_release: tuple[float, str | None] | None = None  # (monotonic time read, the current release's data hash)
_warned_no_release = False


def _stamp() -> tuple:
    """Read the cards' (count, sum of ids, latest update): plain SQL, as this runs on cache hits."""
    quote = connection.ops.quote_name
    meta = Card._meta
    sql = (f"SELECT COUNT(*), SUM({quote(meta.pk.column)}), MAX({quote(meta.get_field('updated_at').column)}) "
           f"FROM {quote(meta.db_table)}")
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return tuple(cursor.fetchone())


def _fresh_enough() -> bool:
    """Return whether the cached catalogue may be served without re-reading the stamp."""
    checked = _checked_at
    return (checked is not None and not connection.in_atomic_block
            and monotonic() - checked < FRESHNESS_SECONDS)


def _entry() -> tuple[tuple, Catalogue, str]:
    global _cached, _checked_at
    cached = _cached
    if cached is not None and _fresh_enough():
        return cached
    stamp = _stamp()
    in_transaction = connection.in_atomic_block
    if cached is None or cached[0] != stamp:
        with _lock:
            try:
                catalogue = compile_catalogue(database_data())
            except (KeyError, ValueError) as exc:
                raise CatalogueNotLoaded(f"The card catalogue in the database is not usable ({exc}); "
                                         "run `python manage.py load_catalogue`.") from exc
            version = hashlib.sha1(repr((stamp, catalogue.data_hash)).encode()).hexdigest()[:16]
            cached = _cached = (stamp, catalogue, version)
    _checked_at = None if in_transaction else monotonic()
    return cached


def get_catalogue() -> Catalogue:
    """Return the catalogue compiled from the database, rebuilt only when its cards changed."""
    return _entry()[1]


def catalogue_version() -> str:
    """Return a short token that changes whenever the cards change (to key caches derived from them).

    Like `get_catalogue()`, it re-reads the cards' stamp at most once every FRESHNESS_SECONDS per process, so an
    answer cached under it costs no query (and may be served while the database is down).
    """
    return _entry()[2]


def current_release_hash() -> str | None:
    """Return the current release's data hash, or None when no release exists yet: re-read at most once every
    FRESHNESS_SECONDS per process outside transactions (as the cards' stamp is), on every call inside one."""
    global _release
    cached, in_transaction = _release, connection.in_atomic_block
    if cached is not None and not in_transaction and monotonic() - cached[0] < FRESHNESS_SECONDS:
        return cached[1]
    hash_ = Release.objects.filter(current=True).values_list("data_hash", flat=True).first()
    _release = None if in_transaction else (monotonic(), hash_)
    return hash_


def play_catalogue() -> Catalogue:
    """Return the catalogue new games are played and their decks checked under: the current release's.

    Not the draft (the database's cards as the admin edits them): a game is replayed under the release its hash
    names, and a draft edited again before it is published would leave its games under no release, replaying a
    game that was never played. The release's catalogue is compiled once per process and cached by its hash (the
    draft's own when they agree, right after a publish). With no release at all, the draft, as before releases.
    """
    global _warned_no_release
    hash_ = current_release_hash()
    if hash_ is not None:
        from .releases import catalogue_for_hash  # cards.releases builds on this module

        compiled = catalogue_for_hash(hash_)
        if compiled is not None:
            return compiled
    if not _warned_no_release:
        _warned_no_release = True
        log.warning("No card release exists yet: new games play the draft (the database's cards), and a later edit "
                    "leaves them under no release. Run `python manage.py load_catalogue` to make the first release.")
    return get_catalogue()


def clear_cache() -> None:
    """Forget the compiled catalogue, so the next call reads the database (tests, loaders, admin saves)."""
    global _cached, _checked_at, _release
    _cached = None
    _checked_at = None
    _release = None
    _tables.cache_clear()
    for derived in _derived_caches:
        derived.clear()


def _card_changed(sender, **kwargs) -> None:
    """Drop the compiled catalogue when this process saves or deletes a card or a part of one (the admin)."""
    global _cached, _checked_at
    _cached = None
    _checked_at = None


def _release_changed(sender, **kwargs) -> None:
    """A release published (or made current) in this process: new games play it at once."""
    global _release
    _release = None


post_save.connect(_release_changed, sender=Release, dispatch_uid="catalogue-release-save")
for _model in (Card, CardCost, Ability):
    post_save.connect(_card_changed, sender=_model, dispatch_uid=f"catalogue-{_model.__name__}-save")
    post_delete.connect(_card_changed, sender=_model, dispatch_uid=f"catalogue-{_model.__name__}-delete")


class DerivedCache:
    """A small per-process LRU of values computed from the cards; key them with `catalogue_version()`.

    The eviction is cachetools' `LRUCache`; what it does not give is kept here: a lock around it (cachetools' caches
    are not thread-safe, and ASGI and gunicorn's threads share this one), per-key locks so that threads that miss
    the same key compute it once (`computing`), `take` for values the caller will change, and registration so that
    `clear_cache()` empties every cache derived from the cards.
    """

    def __init__(self, maxsize: int = 256):
        self.maxsize = maxsize
        self._items: LRUCache = LRUCache(maxsize=maxsize)
        self._lock = threading.Lock()
        self._computing = [threading.Lock() for _ in range(16)]
        _derived_caches.append(self)

    def __len__(self) -> int:
        return len(self._items)

    def computing(self, key: Hashable) -> threading.Lock:
        """Return a lock to hold while computing the value for `key` (look it up again once holding it).

        Threads that miss the same key then compute it once, not each on its own: after a start or a card change,
        every thread of a worker would otherwise compute the same answer at the same time. (Locks are shared by
        key hash, so two different keys may now and then wait for each other.)
        """
        return self._computing[hash(key) % len(self._computing)]

    def get(self, key: Hashable) -> Any:
        """Return the value kept for `key` (now the most recently used), or None."""
        with self._lock:
            return self._items.get(key)

    def take(self, key: Hashable) -> Any:
        """Remove and return the value kept for `key`, or None (for values the caller will change)."""
        with self._lock:
            return self._items.pop(key, None)

    def put(self, key: Hashable, value: Any) -> None:
        """Keep `value` for `key`, forgetting the least recently used entry when full."""
        with self._lock:
            self._items[key] = value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
