"""A table's row and who sits at it: what the reads (`selectors`, `replay`, the chat's lines, the sockets' views) and
the writes (`services`, the chat) both need, below both, so that no read imports a write.

`get_table` reads the row; `seat_of` tells a visitor's seat (None: a spectator) from it, `player_seat` refuses a
visitor who holds none (403 `not_player`). A table seats two, three or four (`seats`); seat N's columns are the
row's pN+1_ ones (`seat_value`). Plain lookups: nothing here writes.
"""
from __future__ import annotations

import secrets

from django.db import connection
from django.db.models import F
from django.http import Http404

from cataclysm_site.api_errors import ApiError
from rules.models import Table
from rules.play.actors import Actor

TABLE_NOT_FOUND = "No table with this id."
NOT_PLAYER, NOT_PLAYER_MESSAGE = "not_player", "Only the players at this table can do that; you can watch."
NOT_FINISHED = "not_finished"
# The seat a table's opener asks for (random: drawn on opening); third and fourth only at a table of that many.
SEATS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "random": None}
MAX_PLAYERS = 4  # the rulebook's table has four seats


def seats(table: Table) -> range:
    """Every seat of the table, in order (0 is Player 1)."""
    return range(table.players or 2)


def seat_value(table: Table, field: str, seat: int):
    """Seat `seat`'s `field` (user_id, session, deck_id, seen, muted, …): the row's p<seat + 1>_<field>."""
    return getattr(table, f"p{seat + 1}_{field}")


def active_seats(table: Table) -> list[int]:
    """The seats still playing: every seat but those that resigned (their boards stay; their turns pass)."""
    return [s for s in seats(table) if s not in (table.resigned or ())]


def _table_query(table_id: str):
    # The snapshot only when the cache misses; each seat's deck visibility joined in (rules.live.privacy).
    return (Table.objects.defer("state")
            .annotate(**{f"p{n}_deck_visibility": F(f"p{n}_deck__visibility") for n in range(1, MAX_PLAYERS + 1)})
            .filter(pk=table_id).order_by()[:1])


_TABLE_SQL: dict[str, str] = {}  # database vendor -> the compiled SELECT of `_table_query`


def get_table(table_id: str) -> Table:
    """The table's row, read on every decision and every socket update. The ORM compiles its query once per database
    and the SQL is then sent as is: compiling it (every column, a join per seat) cost about as much as PostgreSQL's answer,
    twice over, on the path of every decision (`make bench-live`)."""
    sql = _TABLE_SQL.get(connection.vendor)
    if sql is None:
        sql, params = _table_query("").query.sql_with_params()
        assert params == ("",), "the table's query has one parameter: its id"
        _TABLE_SQL[connection.vendor] = sql
    table = next(iter(Table.objects.raw(sql, [str(table_id)])), None)
    if table is None:
        raise Http404(TABLE_NOT_FOUND)
    return table


def holds_seat(table: Table, seat: int, actor: Actor) -> bool:
    user_id = seat_value(table, "user_id", seat)
    session = seat_value(table, "session", seat)
    if user_id is not None:
        return getattr(actor.user, "is_authenticated", False) and actor.user.pk == user_id
    return bool(session) and bool(actor.session_key) and secrets.compare_digest(session, actor.session_key)


def seat_of(table: Table, actor: Actor | None) -> int | None:
    """The seat this visitor holds at the table (0 to players - 1), or None for a spectator."""
    if actor is None:
        return None
    return next((seat for seat in seats(table) if holds_seat(table, seat, actor)), None)


def player_seat(table: Table, actor: Actor) -> int:
    seat = seat_of(table, actor)
    if seat is None:
        raise ApiError(NOT_PLAYER, NOT_PLAYER_MESSAGE, status_code=403)
    return seat


# ---------------------------------------------------------------------------------------------- computers (issue 35)
def level_of(table: Table, seat: int) -> str | None:
    """The computer level playing `seat` (its deck entry says it), or None: a person, or nobody yet."""
    entry = table.decks[seat] if table.decks and seat < len(table.decks) else None
    return entry.get("level") if entry else None


def computer_seats(table: Table) -> list[int]:
    """The seats a computer plays, in order."""
    return [s for s in seats(table) if level_of(table, s)]


def host_seat(table: Table) -> int | None:
    """The seat of the player who opened the table (an older table, which did not record it: its first seat taken by
    a person)."""
    if table.host is not None:
        return table.host
    return next((s for s in seats(table) if seat_value(table, "user_id", s) or seat_value(table, "session", s)), None)
