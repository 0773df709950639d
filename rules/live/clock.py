"""The clocks and presence of a table, as plain arithmetic on its row (no writes here: `services` writes).

A clock is seconds left per seat, valid at `turn_started_at`; only the seat to decide (`to_move`) is running. A
decision charges the time since then to the seat that made it and adds the increment. Presence is when each player
was last heard from (any request or socket message of theirs); the player to decide who has been gone longer than
the grace period, or whose clock is spent, loses by forfeit. Nothing ticks on the server: every request and socket
message checks lazily (`services.settle`), and the opponent may claim it.
"""
from __future__ import annotations

from datetime import datetime

from rules.live.tables import level_of
from rules.models import Table, TableEnd, TableStatus

MAX_CLOCK_MINUTES = 180  # a player's clock: 1 to this many minutes (or none)
MAX_INCREMENT = 600  # seconds added after each decision, at most
DEFAULT_GRACE = 120  # seconds the player to decide may be away before forfeiting, unless the table says otherwise
GRACE_RANGE = (30, 3600)

# Seconds: presence is written at most this often per player (a write per socket update would cost more: at 200
# tables, every 5 s was 80 UPDATEs a second). A page pings every 15 s and a grace period is at least 30 s
# (GRACE_RANGE), so a present player is always seen well within it.
SEEN_EVERY = 10.0


def seen_field(seat: int) -> str:
    return f"p{seat + 1}_seen"


def running(table: Table) -> bool:
    return table.status == TableStatus.LIVE and table.clock_seconds is not None and table.to_move is not None


def remaining(table: Table, seat: int, now: datetime) -> float | None:
    """Seconds left on `seat`'s clock now (None: the table has no clock)."""
    if table.clock_seconds is None or not table.clocks:
        return None
    left = float(table.clocks[seat])
    if running(table) and seat == table.to_move and table.turn_started_at is not None:
        left -= (now - table.turn_started_at).total_seconds()
    return max(0.0, left)


def after_decision(table: Table, seat: int, now: datetime) -> list[float]:
    """The clocks once `seat` has decided now: the time taken charged, the increment added."""
    if table.clock_seconds is None:
        return []
    clocks = [float(c) for c in table.clocks]
    clocks[seat] = remaining(table, seat, now) + table.clock_increment
    return clocks


def gone_for(table: Table, seat: int, now: datetime) -> float:
    """Seconds since `seat`'s player was last heard from (since the game started, if never)."""
    seen = getattr(table, seen_field(seat)) or table.started_at or now
    return max(0.0, (now - seen).total_seconds())


def forfeit(table: Table, now: datetime) -> tuple[int, str] | None:
    """(losing seat, how) when the player to decide ran out of time or is gone past the grace period; else None."""
    if table.status != TableStatus.LIVE or table.to_move is None:
        return None
    seat = table.to_move
    if table.clock_seconds is not None and remaining(table, seat, now) <= 0:
        return seat, TableEnd.TIMEOUT
    if gone_for(table, seat, now) > table.grace_seconds and not level_of(table, seat):  # a computer is never away
        return seat, TableEnd.ABANDONED
    return None


def clock_payload(table: Table, now: datetime) -> dict | None:
    if table.clock_seconds is None:
        return None
    return {"seconds": table.clock_seconds, "increment": table.clock_increment,
            "remaining": [remaining(table, s, now) for s in range(len(table.clocks))],
            "running": table.to_move if running(table) else None}
