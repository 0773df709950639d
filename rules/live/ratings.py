"""Each account's record and rating at live tables: OpenSkill's Plackett-Luce model (a maintained Bayesian rating,
like Glicko-2 for two players), shown and ranked by its conservative ordinal mu - 3 sigma.

A finished table counts once (`Table.rated` is set by a conditional update before anything is added), and only
between accounts, one per seat: an anonymous seat has no record to keep. Three or four players are rated natively,
as OpenSkill rates a multiplayer game: every side (a player; in two against two a team of two) ranked by its place
(`Table.places`, from `rules.live.standings`: Legacy, then who resigned last), equal places tied. A record counts a
win for the winning side, a draw for every side sharing first place, a loss for everyone else.
"""
from __future__ import annotations

from django.db import transaction
from openskill.models import PlackettLuce

from rules.live import standings
from rules.live.tables import seat_value, seats
from rules.models import PlayerRating, Table, TableStatus

MODEL = PlackettLuce()


def rating_of(user_id: int, *, lock: bool = False) -> PlayerRating:
    fresh = MODEL.rating()
    rows = PlayerRating.objects.select_for_update() if lock else PlayerRating.objects
    row, _ = rows.get_or_create(user_id=user_id, defaults={"mu": fresh.mu, "sigma": fresh.sigma,
                                                           "ordinal": fresh.ordinal()})
    return row


def record(table: Table) -> bool:
    """Add a finished table to every player's record and rating (once); return whether it counted."""
    users = [seat_value(table, "user_id", seat) for seat in seats(table)]
    if table.status != TableStatus.FINISHED or None in users or len(set(users)) != len(users):
        return False
    with transaction.atomic():
        if not Table.objects.filter(pk=table.pk, rated=False).update(rated=True):
            return False
        rows = {u: rating_of(u, lock=True) for u in sorted(users)}  # locked in one order: no deadlock
        places = table.places or _two_player_places(table)
        groups = standings.sides(table)
        teams = [[MODEL.rating(mu=rows[users[s]].mu, sigma=rows[users[s]].sigma) for s in side] for side in groups]
        ranks = [places[side[0]] for side in groups]
        firsts = sum(1 for rank in ranks if rank == 1)
        for side, rated, rank in zip(groups, MODEL.rate(teams, ranks=ranks), ranks):
            for seat, new in zip(side, rated):
                row = rows[users[seat]]
                row.mu, row.sigma, row.ordinal = new.mu, new.sigma, new.ordinal()
                if rank != 1:
                    row.losses += 1
                elif firsts > 1:
                    row.draws += 1
                else:
                    row.wins += 1
                row.save()
    table.rated = True
    return True


def _two_player_places(table: Table) -> list[int]:
    """A two-player table finished before places were kept: from its winner (none: a draw)."""
    return [1, 1] if table.winner is None else [1 + (table.winner != 0), 1 + (table.winner != 1)]


def leaderboard(limit: int = 50) -> list[PlayerRating]:
    return list(PlayerRating.objects.select_related("user").order_by("-ordinal", "user__username")[:limit])


def player_record(user) -> PlayerRating | None:
    return PlayerRating.objects.filter(user=user).first()
