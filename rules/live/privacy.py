"""Whose secrets a viewer of a table may see: a game of a private deck is private (docs/players/live-tables.md).
This module only decides whose; the board itself is the engine's view for the viewer, with the seats decided here
revealed (`rules.play.payload.board_for`, as in every mode).

While the game goes on, a player sees their own seat's hidden cards (hand) and nobody sees the other's. Once it is
over, a seat's deck name, decklist and hidden cards are shown to that seat's player, and to everyone only if the
seat played a saved deck that is PUBLIC now: a private, unlisted or since-deleted deck, or a pasted list, stays
hidden from the opponent and the spectators for good (its public facts — the cards that were played or seen in the
public view, the log — stay public). Visibility is read now, not when the game was played, so making a deck
private hides it from its finished tables at once, as for goldfish and versus games.
"""
from __future__ import annotations

from decks.models import Deck, Visibility
from rules.models import Table, TableStatus

SEATS = frozenset({0, 1})


def public_seats(table: Table) -> frozenset[int]:
    """The seats that play a saved deck which is public now (read with the row, or one query, remembered on it)."""
    cached = getattr(table, "_public_seats", None)
    if cached is not None:
        return cached
    if hasattr(table, "p1_deck_visibility"):  # joined in by tables.get_table: no query
        table._public_seats = frozenset(seat for seat, visibility in enumerate(
            (table.p1_deck_visibility, table.p2_deck_visibility)) if visibility == Visibility.PUBLIC)
        return table._public_seats
    ids = (table.p1_deck_id, table.p2_deck_id)
    wanted = [deck_id for deck_id in ids if deck_id is not None]
    public = set(Deck.objects.filter(pk__in=wanted, visibility=Visibility.PUBLIC).values_list("pk", flat=True)
                 ) if wanted else set()
    seats = frozenset(seat for seat, deck_id in enumerate(ids) if deck_id is not None and deck_id in public)
    table._public_seats = seats
    return seats


def note_public_seats(tables: list[Table]) -> list[Table]:
    """Look up the public seats of many tables in one query (a list of tables), each remembered on its row."""
    wanted = {deck_id for t in tables for deck_id in (t.p1_deck_id, t.p2_deck_id) if deck_id is not None}
    public = set(Deck.objects.filter(pk__in=wanted, visibility=Visibility.PUBLIC).values_list("pk", flat=True)
                 ) if wanted else set()
    for t in tables:
        t._public_seats = frozenset(seat for seat, deck_id in enumerate((t.p1_deck_id, t.p2_deck_id))
                                    if deck_id is not None and deck_id in public)
    return tables


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
    """Whether this viewer may see the whole game: the seed, both decklists, every hand, the full replay."""
    return shown_seats(table, seat) == SEATS


def deck_names(table: Table, seat: int | None, hero_name=lambda slug: slug) -> list[str | None]:
    """What a page calls each seat's deck for this viewer: its name if they may read it, else its Hero (named by
    `hero_name`: the callers pass the catalogue's name, never the slug)."""
    named = named_seats(table, seat)
    return [None if d is None else (d["name"] or hero_name(d["hero"])) if s in named else hero_name(d["hero"])
            for s, d in enumerate(table.decks or [None, None])]
