"""Every write to a deck: create, update, fork, restore, delete — one transaction each, never a half-written deck.

Each save that changes a deck bumps `Deck.version` and records the new state as `DeckVersion` number `version`,
so the history is complete and a restore is just another save. Edits carrying a stale `expected_version` are
refused with `VersionConflict` (HTTP 409), checked by a conditional UPDATE so two racing saves cannot both win.
Also here: a player's collection, the public feeds' cache generation, and the account clean-ups. The community's
writes (likes, comments, tags) are in `decks.community_services`.
"""
from __future__ import annotations

from typing import Mapping

from django.core.cache import cache
from django.db import transaction
from django.db.models import F

from cards.models import Card, Release
from cataclysm_site import lookalikes
from cataclysm_site.api_errors import ApiError
from decks.formats import FORMATS
from decks.models import (
    MAX_COPIES,
    CollectionEntry,
    Deck,
    DeckCard,
    DeckVersion,
    Visibility,
)

MAX_DISTINCT_CARDS = 200
MAX_NAME_LENGTH = 100

UNKNOWN_CARD = "unknown_card"
NOT_A_HERO = "not_a_hero"
INVALID_COUNT = "invalid_count"
TOO_MANY_CARDS = "too_many_cards"
INVALID_NAME = "invalid_name"
INVALID_VISIBILITY = "invalid_visibility"
UNKNOWN_FORMAT = "unknown_format"
VERSION_CONFLICT = "version_conflict"
VERSION_NOT_FOUND = "version_not_found"
NOT_OWNER = "not_owner"


class VersionConflict(ApiError):
    """The deck changed since the client read it; the client must reload (or overwrite knowingly)."""

    def __init__(self, deck: Deck, expected: int):
        super().__init__(
            VERSION_CONFLICT,
            f"The deck was saved elsewhere: you edited version {expected}, the current version is {deck.version}. "
            "Reload it and apply your changes again.",
            status_code=409,
        )
        self.deck = deck


def _clean_name(name: str) -> str:
    name = (name or "").strip()
    if not name or len(name) > MAX_NAME_LENGTH:
        raise ApiError(INVALID_NAME, f"A deck needs a name of 1 to {MAX_NAME_LENGTH} characters.")
    problem = lookalikes.display_problem(name)
    if problem:
        raise ApiError(INVALID_NAME, f"This deck name cannot be used: {problem}")
    return name


def _check_choice(visibility: str, format: str) -> None:
    if visibility not in Visibility.values:
        raise ApiError(INVALID_VISIBILITY, f"Visibility must be one of: {', '.join(Visibility.values)}.")
    if format not in FORMATS:
        raise ApiError(UNKNOWN_FORMAT, f"Unknown format {format!r}; known: {', '.join(sorted(FORMATS))}.")


def resolve_hero(hero: Card | str | None) -> Card | None:
    """Return the Hero card for a slug (None stays None: a draft may not have chosen yet)."""
    if hero is None or hero == "":
        return None
    card = hero if isinstance(hero, Card) else Card.objects.select_related("type").filter(slug=hero).first()
    if card is None:
        raise ApiError(UNKNOWN_CARD, f"There is no card called {hero!r}.", extra={"card": str(hero)})
    if card.type.slug != "hero":
        raise ApiError(NOT_A_HERO, f"{card.name} is not a Hero.", extra={"card": card.slug})
    return card


def resolve_counts(counts: Mapping[str, int]) -> dict[Card, int]:
    """Return cards with their copies, refusing unknown slugs, counts outside 1..99 and oversized lists."""
    if len(counts) > MAX_DISTINCT_CARDS:
        raise ApiError(TOO_MANY_CARDS, f"A decklist may name at most {MAX_DISTINCT_CARDS} different cards.")
    for slug, count in counts.items():
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COPIES:
            raise ApiError(
                INVALID_COUNT, f"{slug}: copies must be a whole number from 1 to {MAX_COPIES}.", extra={"card": slug}
            )
    cards = {card.slug: card for card in Card.objects.filter(slug__in=list(counts))}
    missing = sorted(set(counts) - set(cards))
    if missing:
        raise ApiError(
            UNKNOWN_CARD, f"Unknown card(s): {', '.join(missing)}.", extra={"card": missing[0], "cards": missing}
        )
    return {cards[slug]: count for slug, count in counts.items()}


def _write_cards(deck: Deck, cards: Mapping[Card, int]) -> None:
    DeckCard.objects.filter(deck=deck).delete()
    DeckCard.objects.bulk_create([DeckCard(deck=deck, card=card, count=count) for card, count in cards.items()])


def _snapshot(deck: Deck, hero: Card | None, cards: Mapping[Card, int], *, author, note: str) -> DeckVersion:
    return DeckVersion.objects.create(
        deck=deck,
        number=deck.version,
        name=deck.name,
        hero=hero.slug if hero else "",
        cards={card.slug: count for card, count in sorted(cards.items(), key=lambda item: item[0].slug)},
        author=author if getattr(author, "is_authenticated", False) else None,
        note=note,
        # the release current now: what changes later is told against it (issue 32)
        release_id=Release.objects.filter(current=True).values_list("pk", flat=True).first(),
    )


@transaction.atomic
def deck_create(
    *,
    owner,
    name: str,
    hero: Card | str | None,
    counts: Mapping[str, int],
    description: str = "",
    visibility: str = Visibility.PRIVATE,
    format: str = "playtest",
    deck_id: str | None = None,
    forked_from: Deck | None = None,
    note: str = "Created",
) -> Deck:
    """Create a deck (valid or a draft) with its first version; `deck_id` is for the starter decks only."""
    _check_choice(visibility, format)
    hero_card = resolve_hero(hero)
    cards = resolve_counts(counts)
    deck = Deck(
        owner=owner if getattr(owner, "is_authenticated", False) else None,
        name=_clean_name(name),
        hero=hero_card,
        description=description or "",
        visibility=visibility,
        format=format,
        forked_from=forked_from,
    )
    if deck_id:
        deck.id = deck_id
    deck.full_clean(exclude=["hero", "owner", "forked_from"])
    deck.save(force_insert=True)
    _write_cards(deck, cards)
    _snapshot(deck, hero_card, cards, author=owner, note=note)
    feed_changed()
    return deck


_UNSET = object()


UPDATE_ATTEMPTS = 5


def deck_update(*, deck: Deck, expected_version: int | None = None, **changes) -> Deck:
    """Apply the given changes as one new version; return the deck unchanged when nothing differs.

    With `expected_version` a deck changed since is a VersionConflict (409). Without one the client asked for no
    such check, so it never gets one: the deck's row is locked while it is read (PostgreSQL; SQLite's transactions
    take the write lock at once) and a write that still lost a race is applied again to the deck as it is now.
    """
    retries = 0 if expected_version is not None else UPDATE_ATTEMPTS - 1
    for _ in range(retries):
        try:
            return _deck_update_once(deck=deck, expected_version=None, **changes)
        except VersionConflict:
            continue
    return _deck_update_once(deck=deck, expected_version=expected_version, **changes)


@transaction.atomic
def _deck_update_once(
    *,
    deck: Deck,
    author=None,
    expected_version: int | None = None,
    name: str | None = None,
    hero: Card | str | None | object = _UNSET,
    counts: Mapping[str, int] | None = None,
    description: str | None = None,
    visibility: str | None = None,
    format: str | None = None,
    note: str = "Edited",
) -> Deck:
    current = Deck.objects.select_for_update(of=("self",)).select_related("hero").get(pk=deck.pk)
    if expected_version is not None and expected_version != current.version:
        raise VersionConflict(current, expected_version)
    new_name = _clean_name(name) if name is not None else current.name
    new_visibility = visibility if visibility is not None else current.visibility
    new_format = format if format is not None else current.format
    _check_choice(new_visibility, new_format)
    new_hero = current.hero if hero is _UNSET else resolve_hero(hero)
    old_cards = {entry.card: entry.count for entry in current.entries.select_related("card")}
    new_cards = resolve_counts(counts) if counts is not None else old_cards
    new_description = description if description is not None else current.description
    unchanged = (
        new_name == current.name
        and new_visibility == current.visibility
        and new_format == current.format
        and new_hero == current.hero
        and new_description == current.description
        and {c.pk: n for c, n in new_cards.items()} == {c.pk: n for c, n in old_cards.items()}
    )
    if unchanged:
        return current
    bumped = Deck.objects.filter(pk=current.pk, version=current.version).update(version=F("version") + 1)
    if not bumped:  # another save won the race between our read and this write
        raise VersionConflict(Deck.objects.get(pk=current.pk), current.version)
    current.version += 1
    current.name = new_name
    current.visibility = new_visibility
    current.format = new_format
    current.hero = new_hero
    current.description = new_description
    current.full_clean(exclude=["hero", "owner", "forked_from", "id"])
    current.save(update_fields=["name", "visibility", "format", "hero", "description", "updated_at"])
    if counts is not None:
        _write_cards(current, new_cards)
    _snapshot(current, new_hero, new_cards, author=author, note=note)
    feed_changed()
    return current


@transaction.atomic
def deck_fork(*, deck: Deck, owner, name: str | None = None) -> Deck:
    """Copy a deck the user can read into a new private deck of theirs, remembering where it came from."""
    source = Deck.objects.select_related("hero").get(pk=deck.pk)
    return deck_create(
        owner=owner,
        name=name or f"{source.name} (fork)"[:MAX_NAME_LENGTH],
        hero=source.hero,
        counts={entry.card.slug: entry.count for entry in source.entries.select_related("card")},
        description=source.description,
        visibility=Visibility.PRIVATE,
        format=source.format,
        forked_from=source,
        note=f"Forked from {source.name} v{source.version}",
    )


@transaction.atomic
def deck_restore_version(*, deck: Deck, number: int, author=None, expected_version: int | None = None) -> Deck:
    """Make version `number`'s name, Hero and list the deck's current state, as a new version."""
    version = DeckVersion.objects.filter(deck_id=deck.pk, number=number).first()
    if version is None:
        raise ApiError(VERSION_NOT_FOUND, f"This deck has no version {number}.", status_code=404)
    known = set(Card.objects.filter(slug__in=list(version.cards)).values_list("slug", flat=True))
    counts = {slug: count for slug, count in version.cards.items() if slug in known}  # cards since removed drop out
    hero = version.hero if version.hero and Card.objects.filter(slug=version.hero).exists() else None
    return deck_update(
        deck=deck,
        author=author,
        expected_version=expected_version,
        name=version.name,
        hero=hero,
        counts=counts,
        note=f"Restored version {number}",
    )


@transaction.atomic
def deck_delete(*, deck: Deck) -> None:
    """Delete a deck with its cards, history and simulations."""
    Deck.objects.filter(pk=deck.pk).delete()
    feed_changed()


# --- collections ---------------------------------------------------------------------------------------------------

MAX_COLLECTION_ENTRIES = 1000
NOT_COLLECTIBLE = "not_collectible"
COLLECTION_MODES = ("replace", "set", "add")


def _collection_cards(counts: Mapping[str, int]) -> dict[str, Card]:
    """Return the cards named, refusing unknown slugs, Pyramid cards and counts outside 0..99 (0 removes)."""
    if len(counts) > MAX_COLLECTION_ENTRIES:
        raise ApiError(TOO_MANY_CARDS, f"A collection write may name at most {MAX_COLLECTION_ENTRIES} cards.")
    for slug, count in counts.items():
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_COPIES:
            raise ApiError(INVALID_COUNT, f"{slug}: copies owned must be a whole number from 0 to {MAX_COPIES}.",
                           extra={"card": slug})
    cards = {card.slug: card for card in Card.objects.select_related("type").filter(slug__in=list(counts))}
    missing = sorted(set(counts) - set(cards))
    if missing:
        raise ApiError(UNKNOWN_CARD, f"Unknown card(s): {', '.join(missing)}.", extra={"card": missing[0],
                                                                                       "cards": missing})
    pyramid = sorted(slug for slug, card in cards.items() if card.type.slug == "pyramid")
    if pyramid:
        raise ApiError(NOT_COLLECTIBLE, f"Pyramid cards belong to the game, not to a collection: "
                                        f"{', '.join(pyramid)}.", extra={"card": pyramid[0]})
    return cards


@transaction.atomic
def collection_write(*, owner, counts: Mapping[str, int], mode: str = "set") -> dict[str, int]:
    """Change a player's collection in one transaction and return it (copies by card slug).

    `replace`: the collection becomes exactly `counts`; `set`: the named cards get these counts (0 removes one);
    `add`: the counts are added to what is owned (an import of newly bought cards).
    """
    if mode not in COLLECTION_MODES:
        raise ApiError("invalid_mode", f"The mode must be one of: {', '.join(COLLECTION_MODES)}.")
    cards = _collection_cards(counts)
    mine = CollectionEntry.objects.of(owner)
    current = dict(mine.values_list("card__slug", "count"))
    if mode == "add":
        counts = {slug: current.get(slug, 0) + count for slug, count in counts.items()}
        over = sorted(slug for slug, count in counts.items() if count > MAX_COPIES)
        if over:
            raise ApiError(INVALID_COUNT, f"{cards[over[0]].name}: that makes {counts[over[0]]} copies; a collection "
                                          f"holds at most {MAX_COPIES} of a card.", extra={"card": over[0]})
    if mode == "replace":
        mine.exclude(card__slug__in=[slug for slug, count in counts.items() if count]).delete()
    mine.filter(card__slug__in=[slug for slug, count in counts.items() if not count]).delete()
    keep = {slug: count for slug, count in counts.items() if count}
    for slug, count in keep.items():
        if current.get(slug) != count:
            CollectionEntry.objects.update_or_create(owner=owner, card=cards[slug], defaults={"count": count})
    return dict(CollectionEntry.objects.of(owner).values_list("card__slug", "count"))


# --- the public feeds ----------------------------------------------------------------------------------------------

FEED_GENERATION = "decks:feed-generation"


def feed_changed() -> None:
    """Start a new generation of the cached public feeds (a like, a tag or a deck save changes their order)."""
    try:
        cache.incr(FEED_GENERATION)
    except ValueError:  # not in the cache yet (or evicted): any new value makes new keys
        cache.set(FEED_GENERATION, 1, None)


# --- accounts ------------------------------------------------------------------------------------------------------

DELETED_AUTHOR = "[deleted]"  # brackets: no sign-up can take this name (usernames allow letters, digits, @.+-_)


def deleted_author():
    """Return the account that holds the public decks of deleted accounts (it cannot log in)."""
    from django.contrib.auth import get_user_model

    user, created = get_user_model().objects.get_or_create(username=DELETED_AUTHOR, defaults={"is_active": False})
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def deck_counts(*, owner) -> dict[str, int]:
    """Return how many decks the user has of each visibility (for the account pages)."""
    decks = Deck.objects.owned_by(owner)
    counts = {value: 0 for value in Visibility.values}
    for visibility in decks.values_list("visibility", flat=True):
        counts[visibility] += 1
    counts["total"] = sum(counts.values())
    return counts


@transaction.atomic
def anonymise_public_decks(*, owner) -> int:
    """Hand the user's public decks to the deleted author (their history forgets who wrote it); return how many."""
    decks = Deck.objects.owned_by(owner).public()
    ids = list(decks.values_list("pk", flat=True))
    if ids:
        ghost = deleted_author()
        Deck.objects.filter(pk__in=ids).update(owner=ghost)
        DeckVersion.objects.filter(deck_id__in=ids).update(author=None)
    return len(ids)
