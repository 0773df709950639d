"""Goldfish games: one deck played under the full rules against the empty opponent, saved after every decision.

The action log (`actions`) is the game: replaying it from the seed rebuilds every state. `state` keeps the engine's
`to_json()` of a recent state (saved every few decisions, and at the end) so a request need not replay from scratch:
the decisions logged after it are applied to it. `version` counts saved decisions; writes go through
`rules.services`, which update a row only `WHERE version = <the version it read>`, so two requests acting at once
can never both win (or corrupt the game), on any number of app servers.
"""
import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse

GAME_ID_BYTES = 9  # 12 URL-safe characters: a shared link is the only key to someone else's game


def new_game_id() -> str:
    """Return a random, URL-safe game id."""
    return secrets.token_urlsafe(GAME_ID_BYTES)


class Status(models.TextChoices):
    ACTIVE = "active", "In progress"
    FINISHED = "finished", "Finished — the Cataclysm came"


class Seating(models.TextChoices):
    SIDE_BY_SIDE = "side-by-side", "Side by side (one shared edge, one dead edge)"
    DIAGONAL = "diagonal", "Diagonal (no dead edge)"


class GoldfishGameQuerySet(models.QuerySet):
    def finished(self):
        """Return the games that reached the Cataclysm."""
        return self.filter(status=Status.FINISHED)

    def of_player(self, user, session_key: str | None):
        """Return the games this visitor may act in: their account's, or this browser session's anonymous ones."""
        mine = Q(pk__in=[])
        if getattr(user, "is_authenticated", False):
            mine |= Q(owner=user)
        if session_key:
            mine |= Q(owner__isnull=True, session_key=session_key)
        return self.filter(mine)

    def best_first(self):
        """Order by Legacy (highest first), then fewest rounds, then earliest."""
        return self.order_by("-legacy", "rounds", "finished_at", "pk")


class GoldfishGame(models.Model):
    id = models.CharField(primary_key=True, max_length=32, default=new_game_id, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="goldfish_games",
        help_text="Empty for a game played without an account: then `session_key` says whose it is.",
    )
    session_key = models.CharField(
        max_length=64, blank=True, db_index=True,
        help_text="The anonymous player's token, kept in their session (it survives logging in).",
    )
    deck = models.ForeignKey(
        "decks.Deck", null=True, blank=True, on_delete=models.SET_NULL, related_name="goldfish_games",
        help_text="The deck played, when it was a saved deck (a pasted list has none).",
    )
    deck_version = models.PositiveIntegerField(null=True, blank=True, help_text="The deck's version when played.")
    deck_name = models.CharField(max_length=100, blank=True)
    hero = models.CharField(max_length=100, help_text="Hero slug of the decklist played.")
    cards = models.JSONField(default=list, help_text="The decklist played: one card slug per copy, in engine order.")
    seed = models.BigIntegerField(help_text="Shuffles and every other random choice follow from it.")
    seating = models.CharField(max_length=20, choices=Seating.choices, default=Seating.SIDE_BY_SIDE)
    variants = models.JSONField(default=list, blank=True, help_text="Rule variants switched on, by slug "
                                "(decks/data/variants.yaml); empty: the rulebook as printed, with the rulings.")
    engine_version = models.CharField(max_length=20)
    data_hash = models.CharField(max_length=64, help_text="The card data the game was started with.")
    actions = models.JSONField(default=list, help_text="Every decision made, as engine action ids, in order.")
    state = models.JSONField(default=dict, help_text="The engine's to_json() of a recent state (a snapshot: the log "
                             "after it is applied to it).")
    version = models.PositiveIntegerField(default=0, help_text="Decisions saved so far; a stale write is refused.")
    bot_assisted = models.BooleanField(default=False, help_text="A bot made some of the decisions.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    legacy = models.IntegerField(null=True, blank=True, help_text="The deck's Legacy after the Cataclysm.")
    rounds = models.PositiveIntegerField(null=True, blank=True, help_text="Rounds played until the Cataclysm.")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    objects = GoldfishGameQuerySet.as_manager()

    class Meta:
        ordering = ["-updated_at"]
        indexes = [
            models.Index(fields=["deck", "status", "-legacy"], name="goldfish_deck_scores"),
            models.Index(fields=["owner", "-updated_at"], name="goldfish_owner_recent"),
        ]
        constraints = [
            models.CheckConstraint(condition=Q(status__in=[s.value for s in Status]), name="goldfish_status_known"),
            models.CheckConstraint(
                condition=Q(status="active", legacy__isnull=True) | Q(status="finished", legacy__isnull=False),
                name="goldfish_legacy_when_finished",
            ),
        ]

    def __str__(self):
        return f"Goldfish {self.pk} ({self.deck_name or self.hero})"

    def get_absolute_url(self):
        return reverse("goldfish:board", args=[self.pk])

    @property
    def is_finished(self) -> bool:
        return self.status == Status.FINISHED

    def record(self) -> dict:
        """Return what `rules.engine.replay` needs to rebuild this game."""
        return {
            "engine_version": self.engine_version,
            "data_hash": self.data_hash,
            "decks": [{"hero": self.hero, "cards": list(self.cards)}, None],
            "seating": self.seating,
            "seed": self.seed,
            "variants": list(self.variants),
            "actions": list(self.actions),
        }
