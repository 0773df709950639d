"""Decks: a Hero and copies of cards, owned by a player (or by nobody: the starter decks), with their history.

Writes go through `decks.services` (one transaction each, never a half-written deck); reads that decide who may see
what live on `DeckQuerySet` and in `decks.selectors`.
"""
import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse

from decks.formats import DEFAULT_FORMAT

PUBLIC_ID_BYTES = 9  # 12 URL-safe characters: 72 random bits, not guessable, short enough to paste
MAX_COPIES = 99  # per card and deck; Energy is unlimited by the rules, not by the database


def new_public_id() -> str:
    """Return a random, URL-safe deck id (unlisted decks are only as private as this is unguessable)."""
    return secrets.token_urlsafe(PUBLIC_ID_BYTES)


class Visibility(models.TextChoices):
    PRIVATE = "private", "Private — only you"
    UNLISTED = "unlisted", "Unlisted — anyone with the link"
    PUBLIC = "public", "Public — listed for everyone"


class DeckQuerySet(models.QuerySet):
    def public(self):
        """Return the decks listed for everyone."""
        return self.filter(visibility=Visibility.PUBLIC)

    def owned_by(self, user):
        """Return the decks this user owns (none for an anonymous visitor)."""
        if not getattr(user, "is_authenticated", False):
            return self.none()
        return self.filter(owner=user)

    def visible_to(self, user):
        """Return the decks a user may find in a list: public ones and their own."""
        if not getattr(user, "is_authenticated", False):
            return self.public()
        return self.filter(Q(visibility=Visibility.PUBLIC) | Q(owner=user))

    def readable_by(self, user):
        """Return the decks a user may open by id: public, unlisted (the link is the key) and their own."""
        shared = Q(visibility__in=[Visibility.PUBLIC, Visibility.UNLISTED])
        if not getattr(user, "is_authenticated", False):
            return self.filter(shared)
        return self.filter(shared | Q(owner=user))

    def with_cards(self):
        """Fetch Hero, owner and every card row in a fixed number of queries (no N+1 on lists)."""
        return self.select_related("hero", "owner").prefetch_related(
            models.Prefetch("entries", queryset=DeckCard.objects.select_related("card").order_by("card__name")),
            "tags",
        )


class Deck(models.Model):
    id = models.CharField(primary_key=True, max_length=64, default=new_public_id, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="decks",
        help_text="Empty for the starter decks, which belong to nobody.",
    )
    name = models.CharField(max_length=100)
    hero = models.ForeignKey(
        "cards.Card", null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        help_text="Empty only on a draft that has not chosen its Hero yet.",
    )
    description = models.TextField(blank=True, max_length=5000)
    visibility = models.CharField(max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE)
    format = models.CharField(max_length=32, default=DEFAULT_FORMAT, help_text="The deck-building format it is built for.")
    version = models.PositiveIntegerField(default=1, help_text="Bumped on every save; a stale edit is refused.")
    forked_from = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="forks")
    tags = models.ManyToManyField("Tag", blank=True, related_name="decks")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = DeckQuerySet.as_manager()

    class Meta:
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["visibility", "-updated_at"]), models.Index(fields=["owner", "-updated_at"])]
        constraints = [models.CheckConstraint(condition=Q(version__gte=1), name="deck_version_positive")]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("decks:detail", args=[self.pk])

    @property
    def is_starter(self) -> bool:
        return self.owner_id is None

    def counts(self) -> dict[str, int]:
        """Return copies by card slug (uses prefetched rows when `with_cards()` fetched them)."""
        return {entry.card.slug: entry.count for entry in self.entries.all()}

    def card_count(self) -> int:
        return sum(entry.count for entry in self.entries.all())

    def is_owned_by(self, user) -> bool:
        return self.owner_id is not None and getattr(user, "pk", None) == self.owner_id


class DeckCard(models.Model):
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="entries")
    card = models.ForeignKey("cards.Card", on_delete=models.PROTECT, related_name="deck_entries")
    count = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["deck", "card"], name="deckcard_unique_card"),
            models.CheckConstraint(condition=Q(count__gte=1) & Q(count__lte=MAX_COPIES), name="deckcard_count_range"),
        ]

    def __str__(self):
        return f"{self.count} {self.card}"


class DeckVersion(models.Model):
    """The deck as saved at one revision: number `n` is the deck when its `version` was `n`."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=100)
    hero = models.CharField(max_length=100, blank=True, help_text="Hero slug at that revision.")
    cards = models.JSONField(default=dict, help_text="Copies by card slug at that revision.")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    note = models.CharField(max_length=200, blank=True, help_text="Why this revision exists (created, restored, …).")
    release = models.ForeignKey(
        "cards.Release", null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        help_text="The release current when this revision was saved (empty: saved before releases).",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-number"]
        constraints = [models.UniqueConstraint(fields=["deck", "number"], name="deckversion_unique_number")]

    def __str__(self):
        return f"{self.deck_id} v{self.number}"

    @property
    def card_count(self) -> int:
        return sum(self.cards.values())


class DeckSimulation(models.Model):
    """Goldfish results for a deck; the goldfish helper fills these, the deck page shows the latest ones."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="simulations")
    deck_version = models.PositiveIntegerField(null=True, blank=True, help_text="The deck revision simulated.")
    bot = models.CharField(max_length=50)
    games = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    stats = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.deck_id}: {self.games} games by {self.bot}"


class CollectionQuerySet(models.QuerySet):
    def of(self, user):
        """Return the cards this user owns (none for an anonymous visitor)."""
        if not getattr(user, "is_authenticated", False):
            return self.none()
        return self.filter(owner=user)


class CollectionEntry(models.Model):
    """How many copies of a card a player owns; a card they own none of has no row."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="collection")
    card = models.ForeignKey("cards.Card", on_delete=models.CASCADE, related_name="collection_entries")
    count = models.PositiveSmallIntegerField()
    updated_at = models.DateTimeField(auto_now=True)

    objects = CollectionQuerySet.as_manager()

    class Meta:
        verbose_name_plural = "collection entries"
        constraints = [
            models.UniqueConstraint(fields=["owner", "card"], name="collection_unique_card"),
            models.CheckConstraint(condition=Q(count__gte=1) & Q(count__lte=MAX_COPIES), name="collection_count_range"),
        ]

    def __str__(self):
        return f"{self.owner_id}: {self.count} {self.card_id}"


# --- the community: tags, likes, comments and reports --------------------------------------------------------------

class Tag(models.Model):
    """A word players file public decks under ("aggro", "budget"); created by the first deck that uses it."""

    slug = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=40)

    class Meta:
        ordering = ["slug"]

    def __str__(self):
        return self.name


class DeckLike(models.Model):
    """A player likes (favourites) a deck: once, and never their own."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deck_likes")
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="likes")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "deck"], name="decklike_once")]
        indexes = [models.Index(fields=["deck", "created_at"])]

    def __str__(self):
        return f"{self.user_id} likes {self.deck_id}"


class CommentQuerySet(models.QuerySet):
    def shown(self):
        """Return the comments everyone sees: not hidden by the deck's owner, not removed by staff."""
        return self.filter(hidden=False, removed=False)


class DeckComment(models.Model):
    """A comment on a deck, in Markdown (rendered and sanitized when shown, never stored as HTML)."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="comments")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deck_comments")
    body = models.TextField(max_length=4000)
    hidden = models.BooleanField(default=False, help_text="Hidden by the deck's owner.")
    removed = models.BooleanField(default=False, help_text="Removed by staff (moderation).")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = CommentQuerySet.as_manager()

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["deck", "created_at"])]

    def __str__(self):
        return f"{self.author_id} on {self.deck_id}: {self.body[:40]}"


class CommentReport(models.Model):
    """A player flags a comment for the staff; one report per player and comment."""

    comment = models.ForeignKey(DeckComment, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=500)
    resolved = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["resolved", "-created_at"]
        constraints = [models.UniqueConstraint(fields=["comment", "reporter"], name="commentreport_once")]

    def __str__(self):
        return f"report on comment {self.comment_id}"
