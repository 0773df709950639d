"""Every read of decks: who may see which deck, lists and searches, and a deck's judgement, statistics and history.

Validation and statistics are pure functions over the compiled catalogue (`cards.catalogue.get_catalogue()`);
this module only feeds them a deck's Hero and copies.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Mapping

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet
from django.http import Http404
from django.utils import timezone

from cards.catalogue import get_catalogue
from cataclysm_site.api_errors import ApiError
from decks import collection as collection_io
from decks import stats as deck_stats
from decks import validation
from decks.formats import FORMATS, get_format
from decks.models import CollectionEntry, Deck, DeckCard, DeckComment, DeckLike, DeckVersion, Tag
from decks.releases import current_legality
from decks.validation import ValidationResult, validate_deck

DECK_NOT_FOUND = "No deck with this id, or it is private."


def get_readable_deck(user, deck_id: str, *, with_cards: bool = True) -> Deck:
    """Return the deck if this user may open it; 404 otherwise (a private deck is not even admitted to exist)."""
    queryset = Deck.objects.readable_by(user)
    if with_cards:
        queryset = queryset.with_cards()
    deck = queryset.filter(pk=deck_id).first()
    if deck is None:
        raise Http404(DECK_NOT_FOUND)
    return deck


def can_edit(user, deck: Deck) -> bool:
    """Return whether this user may change the deck: only its owner (starter decks belong to nobody)."""
    return deck.is_owned_by(user)


SORTS = {
    "recent": "Recently updated",
    "new": "Newest",
    "popular-7": "Most liked, last 7 days",
    "popular-30": "Most liked, last 30 days",
    "likes": "Most liked, all time",
}
BAD_SORT = "bad_sort"


def sorted_decks(queryset: QuerySet, sort: str) -> QuerySet:
    """Order decks by recency or by likes (all time, or received in the last 7 or 30 days); annotate `like_count`."""
    if sort not in SORTS:
        raise ApiError(BAD_SORT, f"Unknown sort '{sort}'; choose from: {', '.join(SORTS)}.")
    queryset = queryset.annotate(like_count=Count("likes", distinct=True))
    if sort == "recent":
        return queryset.order_by("-updated_at", "pk")
    if sort == "new":
        return queryset.order_by("-created_at", "pk")
    if sort == "likes":
        return queryset.order_by("-like_count", "-updated_at", "pk")
    since = timezone.now() - timedelta(days=7 if sort == "popular-7" else 30)
    recent = Count("likes", filter=Q(likes__created_at__gte=since), distinct=True)
    return queryset.annotate(recent_likes=recent).order_by("-recent_likes", "-like_count", "-updated_at", "pk")


def decks_for_list(user, *, mine: bool = False, hero: str = "", card: str = "", q: str = "",
                   buildable: bool = False, faction: str = "", tag: str = "", author: str = "",
                   sort: str = "recent") -> QuerySet:
    """Return public decks and the user's own (only their own with `mine`), filtered by Hero, faction, a card they
    run, a tag, an author and name, and with `buildable` to those the user's collection holds every card of (Hero
    included); sorted by `sort` (see SORTS)."""
    queryset = Deck.objects.owned_by(user) if mine else Deck.objects.visible_to(user)
    if buildable:
        queryset = queryset.filter(buildable_from(user))
    # Each filter asked for narrows the list by one lookup; an empty one leaves it whole.
    lookups = {"hero__slug": hero, "hero__faction__slug": faction, "tags__slug": tag, "owner__username": author,
               "name__icontains": q}
    for lookup, value in lookups.items():
        if value:
            queryset = queryset.filter(**{lookup: value})
    if card:
        runs = DeckCard.objects.filter(deck=OuterRef("pk")).filter(Q(card__slug=card) | Q(card__name__iexact=card))
        queryset = queryset.filter(Exists(runs))
    return sorted_decks(queryset.with_cards(), sort)


FEED_SECONDS = 60
FEED_MAX = 2400  # 100 pages of 24: a feed past that is a search to narrow


def public_feed_ids(**filters) -> list[str]:
    """Return the ids of the public decks a browse finds, in order, cached for FEED_SECONDS (and until a deck, a
    like or a tag changes: services.feed_changed starts a new generation of keys)."""
    generation = cache.get("decks:feed-generation", 0)
    browse = "&".join(f"{k}={filters[k]}" for k in sorted(filters))
    key = f"decks:feed:{generation}:" + hashlib.sha256(browse.encode()).hexdigest()
    ids = cache.get(key)
    if ids is None:
        ids = list(decks_for_list(None, **filters).values_list("pk", flat=True)[:FEED_MAX])
        cache.set(key, ids, FEED_SECONDS)
    return ids


def decks_by_ids(ids: list[str]) -> list[Deck]:
    """Return those of these decks that are public now (with cards, tags and like counts), in the order given.

    The ids come from a cached feed, which may be older than a deck's change of visibility (and, with a cache per
    process, older than another process's change): visibility is checked again here, on every rendering.
    """
    decks = {deck.pk: deck for deck in Deck.objects.public().filter(pk__in=ids).with_cards().prefetch_related("tags")
             .annotate(like_count=Count("likes", distinct=True))}
    return [decks[pk] for pk in ids if pk in decks]


def tag_list() -> QuerySet:
    """Return the tags public decks use, most used first."""
    return (Tag.objects.annotate(uses=Count("decks", filter=Q(decks__visibility="public"), distinct=True))
            .filter(uses__gt=0).order_by("-uses", "slug"))


def deck_community(user, deck: Deck) -> dict[str, Any]:
    """Return a deck's likes, tags and the comments this user sees (everyone: shown ones; the owner: hidden too)."""
    comments = DeckComment.objects.filter(deck=deck, removed=False).select_related("author")
    if not deck.is_owned_by(user):
        comments = comments.filter(hidden=False)
    authenticated = getattr(user, "is_authenticated", False)
    return {
        "likes": DeckLike.objects.filter(deck=deck).count(),
        "liked": authenticated and DeckLike.objects.filter(deck=deck, user=user).exists(),
        "tags": list(deck.tags.order_by("slug")),
        "comments": list(comments),
    }


def get_comment(comment_id: int) -> DeckComment:
    """Return a comment anyone may act on: on a public deck, not removed (404 otherwise)."""
    comment = DeckComment.objects.select_related("deck", "author").filter(
        pk=comment_id, removed=False, deck__visibility="public").first()
    if comment is None:
        raise Http404("No such comment.")
    return comment


def get_author(username: str):
    """Return an active player (404 for an unknown name, and for the deleted author of anonymised decks)."""
    user = get_user_model().objects.filter(username=username, is_active=True).first()
    if user is None:
        raise Http404("No player with this name.")
    return user


def author_summary(author) -> dict[str, Any]:
    """Return what an author page shows: their public decks' count, the likes those received, comments written."""
    public = Deck.objects.public().filter(owner=author)
    return {
        "username": author.get_username(),
        "joined": author.date_joined,
        "decks": public.count(),
        "likes_received": DeckLike.objects.filter(deck__in=public).count(),
        "comments": DeckComment.objects.shown().filter(author=author).count(),
    }


# --- collections ---------------------------------------------------------------------------------------------------

def collection_counts(user) -> dict[str, int]:
    """Return the copies of each card the user owns (empty for an anonymous visitor)."""
    return dict(CollectionEntry.objects.of(user).values_list("card__slug", "count"))


def recorded_collection(user) -> dict[str, int] | None:
    """The copies the user owns, or None until they have recorded a card: ownership ("not owned", "lack 3",
    "You own 0/45") is shown only to players who keep a collection, not as clutter to everyone else."""
    if not getattr(user, "is_authenticated", False):
        return None
    return collection_counts(user) or None


def owned_count(user, slug: str) -> int | None:
    """Return how many copies of one card the user owns (None for an anonymous visitor)."""
    if not getattr(user, "is_authenticated", False):
        return None
    return CollectionEntry.objects.of(user).filter(card__slug=slug).values_list("count", flat=True).first() or 0


def checklist(catalogue, faction: str, owned: Mapping[str, int]) -> list[dict[str, Any]]:
    """Return a faction's cards (`neutral`: those of no faction) by type then name, with the copies owned."""
    order = [row["slug"] for row in catalogue.rulebook["card_types"]]
    cards = [card for card in catalogue.cards.values()
             if collection_io.collectible(card) and (card.faction or "neutral") == faction]
    cards.sort(key=lambda c: (order.index(c.type) if c.type in order else len(order), c.name.lower()))
    return [{"slug": c.slug, "name": c.name, "type": c.type, "rarity": c.rarity, "count": owned.get(c.slug, 0)}
            for c in cards]


def collection_rows(user, catalogue=None) -> list[dict[str, Any]]:
    """Return the user's collection card by card (name order), with what a list shows of each card."""
    catalogue = catalogue or get_catalogue()
    rows = []
    for slug, count in collection_counts(user).items():
        card = catalogue.cards.get(slug)
        if card is not None:
            rows.append({"card": slug, "name": card.name, "type": card.type, "faction": card.faction, "count": count})
    return sorted(rows, key=lambda row: row["name"].lower())


def _owned_at_least(user, amount, card=OuterRef("pk")) -> Exists:
    return Exists(CollectionEntry.objects.of(user).filter(card=card, count__gte=amount))


def owned_q(user):
    """Return the compiler of the catalogue search's `owned` term for this user: (op, n) -> Q on cards."""
    def compile_owned(op: str, amount: int) -> Q:
        if op in (">=", ">"):
            least = amount if op == ">=" else amount + 1
            return Q() if least <= 0 else Q(_owned_at_least(user, least))
        if op in ("<", "<="):
            return ~Q(_owned_at_least(user, amount if op == "<" else amount + 1))
        exactly = ~Q(_owned_at_least(user, 1)) if amount == 0 else Q(
            Exists(CollectionEntry.objects.of(user).filter(card=OuterRef("pk"), count=amount)))
        return ~exactly if op == "!=" else exactly
    return compile_owned


def buildable_from(user) -> Q:
    """Return a filter on decks: the user owns the Hero and at least as many copies of every card as the deck runs."""
    lacking = DeckCard.objects.filter(deck=OuterRef("pk")).exclude(
        Exists(CollectionEntry.objects.of(user).filter(card=OuterRef("card"), count__gte=OuterRef("count"))))
    return Q(hero__isnull=False) & Q(_owned_at_least(user, 1, OuterRef("hero"))) & ~Q(Exists(lacking))


def deck_ownership(user, deck: Deck, catalogue=None) -> dict[str, Any] | None:
    """Return how much of the deck the user's collection covers (None for an anonymous visitor)."""
    if not getattr(user, "is_authenticated", False):
        return None
    catalogue = catalogue or get_catalogue()
    return collection_io.deck_ownership(deck.hero.slug if deck.hero else None, deck.counts(),
                                        collection_counts(user), catalogue)


def deck_format(deck: Deck):
    """Return the format the deck is built for (the default one if its slug is no longer known)."""
    return FORMATS.get(deck.format) or get_format()


def deck_validation(deck: Deck) -> ValidationResult:
    """Judge the deck as saved against its format in the current release, as its page and its API do."""
    return current_legality().validate(deck)


def deck_statistics(deck: Deck, catalogue=None) -> dict[str, Any]:
    """Return the deck's statistics (cost curve, type mix, opening-hand odds)."""
    catalogue = catalogue or get_catalogue()
    return deck_stats.deck_statistics(catalogue, deck.hero.slug if deck.hero else None, known_counts(deck.counts(), catalogue))


def known_counts(counts: Mapping[str, int], catalogue) -> dict[str, int]:
    """Return only the copies of cards the catalogue knows (statistics cannot weigh an unknown card)."""
    return {slug: count for slug, count in counts.items() if slug in catalogue.cards and isinstance(count, int)}


_NOT_FOR_THIS_HERO = {
    validation.WRONG_FACTION, validation.WRONG_ENERGY, validation.HERO_IN_DECK, validation.PYRAMID_IN_DECK,
    validation.EXCLUDED_TYPE,
}


def legal_cards_by_hero(catalogue) -> dict[str, list[str]]:
    """Return, for each Hero, the cards its deck may run (asked of the validator, one card at a time)."""
    cached = _legal_cache.get(catalogue.data_hash)
    if cached is None:
        cached = {
            hero.slug: sorted(
                slug for slug in catalogue.cards
                if not any(p.code in _NOT_FOR_THIS_HERO for p in validate_deck(catalogue, hero.slug, {slug: 1}).errors)
            )
            for hero in catalogue.heroes
        }
        _legal_cache.clear()  # one catalogue at a time
        _legal_cache[catalogue.data_hash] = cached
    return cached


_legal_cache: dict[str, dict[str, list[str]]] = {}


@dataclass(frozen=True)
class CardChange:
    """One line of a diff between two versions: "+2 Kalen Vos"."""

    card: str
    name: str
    before: int
    after: int

    @property
    def delta(self) -> int:
        return self.after - self.before

    @property
    def label(self) -> str:
        sign = "+" if self.delta > 0 else "−"
        return f"{sign}{abs(self.delta)} {self.name}"

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "name": self.name, "before": self.before, "after": self.after,
                "delta": self.delta, "label": self.label}


def diff_counts(old: Mapping[str, int], new: Mapping[str, int], catalogue=None) -> list[CardChange]:
    """Return what changed between two lists, additions first, then removals, each by card name."""
    catalogue = catalogue or get_catalogue()
    changes = []
    for slug in set(old) | set(new):
        before, after = old.get(slug, 0), new.get(slug, 0)
        if before != after:
            card = catalogue.cards.get(slug)
            changes.append(CardChange(slug, card.name if card else slug, before, after))
    return sorted(changes, key=lambda c: (c.delta < 0, c.name.lower()))


def hero_name(slug: str, catalogue) -> str:
    card = catalogue.cards.get(slug) if slug else None
    return card.name if card else (slug or "")


def version_diff(old: DeckVersion, new: DeckVersion, catalogue=None) -> dict[str, Any]:
    """Return the difference between two versions of a deck: Hero, name and card changes."""
    catalogue = catalogue or get_catalogue()
    changes = diff_counts(old.cards, new.cards, catalogue)
    return {
        "from": old.number,
        "to": new.number,
        "name": {"before": old.name, "after": new.name} if old.name != new.name else None,
        "hero": {"before": old.hero, "after": new.hero,
                 "before_name": hero_name(old.hero, catalogue), "after_name": hero_name(new.hero, catalogue)}
        if old.hero != new.hero else None,
        "changes": [c.to_dict() for c in changes],
        "added": sum(c.delta for c in changes if c.delta > 0),
        "removed": -sum(c.delta for c in changes if c.delta < 0),
    }


def deck_versions(deck: Deck) -> list[DeckVersion]:
    """Return the deck's versions, newest first."""
    return list(with_release(DeckVersion.objects.filter(deck=deck).select_related("author").order_by("-number")))


def with_release(versions):
    """Annotate each version with the slug and name of the release it was saved under (None: before releases)."""
    return versions.annotate(release_slug=F("release__slug"), release_name=F("release__name"))


def version_history(deck: Deck, catalogue=None) -> list[dict[str, Any]]:
    """Return each version (newest first) with its diff from the one before it."""
    catalogue = catalogue or get_catalogue()
    versions = deck_versions(deck)
    history = []
    for index, version in enumerate(versions):
        previous = versions[index + 1] if index + 1 < len(versions) else None
        history.append({
            "version": version,
            "diff": version_diff(previous, version, catalogue) if previous else None,
        })
    return history


def get_version(deck: Deck, number: int) -> DeckVersion:
    """Return version `number` of the deck (404 when it has none)."""
    version = with_release(DeckVersion.objects.filter(deck=deck, number=number)).first()
    if version is None:
        raise Http404(f"This deck has no version {number}.")
    return version

