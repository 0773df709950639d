"""Each account's record and rating at live tables: OpenSkill's Plackett-Luce model (a maintained Bayesian rating,
like Glicko-2 for two players), shown and ranked by its conservative ordinal mu - 3 sigma.

A finished table counts once (`Table.rated` is set by a conditional update before anything is added), and only
between two accounts: an anonymous seat has no record to keep.
"""
from __future__ import annotations

from django.db import transaction
from openskill.models import PlackettLuce

from rules.models import PlayerRating, Table, TableStatus

MODEL = PlackettLuce()


def rating_of(user_id: int, *, lock: bool = False) -> PlayerRating:
    fresh = MODEL.rating()
    rows = PlayerRating.objects.select_for_update() if lock else PlayerRating.objects
    row, _ = rows.get_or_create(user_id=user_id, defaults={"mu": fresh.mu, "sigma": fresh.sigma,
                                                           "ordinal": fresh.ordinal()})
    return row


def record(table: Table) -> bool:
    """Add a finished table to both players' records and ratings (once); return whether it counted."""
    users = (table.p1_user_id, table.p2_user_id)
    if table.status != TableStatus.FINISHED or None in users or users[0] == users[1]:
        return False
    with transaction.atomic():
        if not Table.objects.filter(pk=table.pk, rated=False).update(rated=True):
            return False
        rows = [rating_of(u, lock=True) for u in sorted(users)]
        if users[0] != rows[0].user_id:
            rows.reverse()
        teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in rows]
        ranks = [1, 1] if table.winner is None else [1 + (table.winner != 0), 1 + (table.winner != 1)]
        for row, (new,), seat in zip(rows, MODEL.rate(teams, ranks=ranks), (0, 1)):
            row.mu, row.sigma, row.ordinal = new.mu, new.sigma, new.ordinal()
            if table.winner is None:
                row.draws += 1
            elif table.winner == seat:
                row.wins += 1
            else:
                row.losses += 1
            row.save()
    table.rated = True
    return True


def leaderboard(limit: int = 50) -> list[PlayerRating]:
    return list(PlayerRating.objects.select_related("user").order_by("-ordinal", "user__username")[:limit])


def player_record(user) -> PlayerRating | None:
    return PlayerRating.objects.filter(user=user).first()
