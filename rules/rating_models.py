"""The record and rating of each player and of each computer level (issue 35), on one OpenSkill scale: a model of
the `rules` app (`rules/models.py` imports it), kept in a module of its own as `rules/models.py` is at its size limit.
The ratings themselves are computed in `rules.play.ratings`."""
from django.conf import settings
from django.db import models
from django.db.models import Q

from rules.engine.cpu import level_labels


class PlayerRating(models.Model):
    """The record and rating of a player with an account, or of a computer level (issue 35: `level` set, no `user`),
    on one OpenSkill scale (Plackett-Luce: mu, sigma; shown mu - 3 sigma), from rated games: live tables between
    accounts, and rated games against the computer. One row per account, one per level."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                                related_name="live_rating", help_text="The player; empty for a computer level.")
    level = models.CharField(max_length=10, blank=True, choices=level_labels(),
                             help_text="The computer level rated here (cpu.yaml); empty for a player.")
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(db_index=True, help_text="mu - 3 sigma: the leaderboard's order.")
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-ordinal"]
        constraints = [
            models.CheckConstraint(condition=Q(user__isnull=False, level="") | Q(user__isnull=True) & ~Q(level=""),
                                   name="rating_player_or_level"),
            models.UniqueConstraint(fields=["level"], condition=~Q(level=""), name="rating_one_per_level"),
        ]

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws
