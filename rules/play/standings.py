"""Who won a table and in what place each seat finished, for two, three or four players (issue 34): what the result
fields, the end screen and the ratings (OpenSkill ranks every side by its place) all read. In the play layer since
issue 35: a rated game against the computer is ranked as a live table is.

A side is a player, or a team of two in a game of two against two (partners diagonal: seats 0 and 2 against 1 and
3, the engine's teams). At a table of three or four a player who resigns (or forfeits on time or by leaving) stays at
the table — their board stays and their turns pass by themselves, as in the 003 format nobody leaves before the
Cataclysm — but they can no longer win: every side still playing finishes above every side that resigned, and of
those, the one that resigned last above the one that resigned first. When the Cataclysm comes the sides still
playing are placed by Legacy (a team's is its players' sum), the engine's winner first (its tiebreakers decided
between equal Legacies); equal Legacies below it share a place. A game ended early — only one side left playing, or
a draw every remaining player agreed to — places every side still playing first (alone: it wins; together: a draw).
"""
from __future__ import annotations

from typing import Any, Protocol, Sequence

TEAM_SIDES = ((0, 2), (1, 3))  # the engine's two-against-two teams (rules/engine/tables.py TEAM_SEATINGS)


class Table(Protocol):
    """What the standings read of a game: how many seats, and whether two against two. A live table (`rules.models.
    Table`) is one; a game against the computer gives its own (`rules.versus.rating`): both are ranked alike."""

    players: int
    teams: bool


def seats(table: Table) -> range:
    """Every seat of the game, in order (0 is Player 1)."""
    return range(table.players or 2)


def sides(table: Table) -> list[tuple[int, ...]]:
    """Who wins or loses together: each team's two seats in a team game, else each seat alone."""
    return list(TEAM_SIDES) if table.teams else [(s,) for s in seats(table)]


def side_of(table: Table, seat: int) -> tuple[int, ...]:
    return next(side for side in sides(table) if seat in side)


def playing_sides(table: Table, resigned: Sequence[int]) -> list[int]:
    """The sides (indexes into `sides`) with a player who has not resigned."""
    return [i for i, side in enumerate(sides(table)) if not all(s in resigned for s in side)]


def engine_side(table: Table, result: dict[str, Any]) -> int | None:
    """The side the engine's result names the winner (a seat; in a team game a team), or None for a draw."""
    if table.teams:
        return result.get("winning_team")
    return result.get("winner")


def places(table: Table, resigned: Sequence[int], *, result: dict[str, Any] | None = None) -> list[int]:
    """Each seat's place (1: first; equal sides share one). `result` is the engine's once the Cataclysm came; without
    it the game ended early and every side still playing shares first place."""
    all_sides = sides(table)
    playing = playing_sides(table, resigned)
    ranked: list[list[int]] = []  # groups of sides sharing a place, best first
    if result is None or len(playing) == 1:
        ranked.append(playing)
    else:
        legacy = [sum(result["legacy"][s] for s in side) for side in all_sides]
        best = engine_side(table, result)
        rest = playing
        if best in playing:
            ranked.append([best])
            rest = [i for i in playing if i != best]
        for value in sorted({legacy[i] for i in rest}, reverse=True):
            ranked.append([i for i in rest if legacy[i] == value])
    out_sides = [i for i in range(len(all_sides)) if i not in playing]
    last_out = {i: max(resigned.index(s) for s in all_sides[i] if s in resigned) for i in out_sides}
    ranked += [[i] for i in sorted(out_sides, key=lambda i: -last_out[i])]
    place_of: dict[int, int] = {}
    taken = 0
    for group in ranked:
        for i in group:
            place_of[i] = taken + 1
        taken += len(group)
    return [place_of[all_sides.index(side_of(table, s))] for s in seats(table)]


def winners(table: Table, seat_places: Sequence[int]) -> list[int]:
    """The winning seats: the first side alone (a team's two seats); none when first place is shared (a draw)."""
    first = [s for s, place in enumerate(seat_places) if place == 1]
    return first if len({side_of(table, s) for s in first}) == 1 else []


def outcome(table: Table, resigned: Sequence[int], *, result: dict[str, Any] | None = None
            ) -> tuple[int | None, list[int], list[int]]:
    """(winner: the winning side's first seat or None, winners, places) of a finished table."""
    seat_places = places(table, resigned, result=result)
    won = winners(table, seat_places)
    return (won[0] if won else None), won, seat_places
