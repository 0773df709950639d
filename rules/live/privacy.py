"""Whose secrets a viewer of a table may see: a game of a private deck is private (docs/players/live-tables.md).
This module only decides whose; the board itself is the engine's view for the viewer, with the seats decided here
revealed (`rules.play.payload.board_for`, as in every mode).

While the game goes on, a player sees their own seat's hidden cards (hand) and nobody sees another's (at a table of
three or four, a partner's neither: the engine's view for the seat hides every hand but its own). Once it is
over, a seat's deck name, decklist and hidden cards are shown to that seat's player, and to everyone only if the
seat played a saved deck that is PUBLIC now: a private, unlisted or since-deleted deck, or a pasted list, stays
hidden from the opponent and the spectators for good (its public facts — the cards that were played or seen in the
public view, the log — stay public). Visibility is read now, not when the game was played, so making a deck
private hides it from its finished tables at once, as for goldfish and versus games. Which seats played a public deck
is the play layer's (`rules.play.seats`), so what players saw (`rules.feedback`) counts the same seats without
importing this feature.
"""
from __future__ import annotations

from rules.live.tables import seats
from rules.models import Table, TableStatus
from rules.play.seats import public_seats


def own(seat: int | None) -> frozenset[int]:
    return frozenset() if seat is None else frozenset({seat})


def named_seats(table: Table, seat: int | None) -> frozenset[int]:
    """The seats whose deck name this viewer may read: their own, and any public deck's (its name is public)."""
    return own(seat) | public_seats(table)


def revealed_seats(table: Table) -> frozenset[int]:
    """The seats whose decklist and hidden cards everyone may see: none while the game goes on; once it is over, those
    that played a public deck. What a viewer is shown of the board is the engine's view for their seat with these
    revealed too (`rules.play.payload.board_for`)."""
    return public_seats(table) if table.status == TableStatus.FINISHED else frozenset()


def shown_seats(table: Table, seat: int | None) -> frozenset[int]:
    """The seats whose decklist and hidden cards this viewer (`seat`, None for a spectator) may see."""
    return own(seat) | revealed_seats(table)


def sees_all(table: Table, seat: int | None) -> bool:
    """Whether this viewer may see the whole game: the seed, every decklist, every hand, the full replay."""
    return shown_seats(table, seat) >= frozenset(seats(table))


def deck_names(table: Table, seat: int | None, hero_name=lambda slug: slug) -> list[str | None]:
    """What a page calls each seat's deck for this viewer: its name if they may read it, else its Hero (named by
    `hero_name`: the callers pass the catalogue's name, never the slug)."""
    named = named_seats(table, seat)
    return [None if d is None else (d["name"] or hero_name(d["hero"])) if s in named else hero_name(d["hero"])
            for s, d in enumerate(table.decks or [None] * len(seats(table)))]
