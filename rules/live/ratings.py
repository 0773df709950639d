"""Each account's record and rating from live tables (the rating itself, shared with rated games against the
computer, is `rules.play.ratings`'s: OpenSkill's Plackett-Luce, shown as mu - 3 sigma).

A finished table counts once (`Table.rated` is set by a conditional update before anything is added), and only
when every person at it has an account, one per seat: an anonymous seat has no record to keep. A computer's seat
(issue 35) rates its level's row (`PlayerRating` with `level` set) beside the people, on the same scale, as a rated
versus game does; the same level in two seats moves its one row by both (`rules.play.ratings.rate`). A table with a
computer whose seed the opener chose is not rated: the deal known in advance, the computer's play would be too.
Every side is ranked by its place (`Table.places`, from `rules.play.standings`: Legacy, then who resigned last),
equal places tied.
"""
from __future__ import annotations

from django.db import transaction

from rules.live.tables import computer_seats, level_of, seat_value, seats
from rules.models import Table, TableStatus
from rules.play import ratings, standings


def record(table: Table) -> bool:
    """Add a finished table to every player's record and rating (once); return whether it counted."""
    levels = {seat: level_of(table, seat) for seat in computer_seats(table)}
    users = [seat_value(table, "user_id", seat) for seat in seats(table) if seat not in levels]
    if table.status != TableStatus.FINISHED or None in users or len(set(users)) != len(users):
        return False
    if levels and table.chosen_seed:
        return False
    with transaction.atomic():
        if not Table.objects.filter(pk=table.pk, rated=False).update(rated=True):
            return False
        rows = ratings.locked_rows(users=users, levels=levels.values())
        seated = [rows[levels[s]] if s in levels else rows[seat_value(table, "user_id", s)] for s in seats(table)]
        ratings.rate(seated, standings.sides(table), table.places or _two_player_places(table))
    table.rated = True
    return True


def _two_player_places(table: Table) -> list[int]:
    """A two-player table finished before places were kept: from its winner (none: a draw)."""
    return [1, 1] if table.winner is None else [1 + (table.winner != 0), 1 + (table.winner != 1)]
