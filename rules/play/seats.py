"""Which seats of a live table played a saved deck that is public now: the one reading of a table's privacy that
the live feature (`rules.live.privacy`: whose decklist and hand a finished table reveals) and what players saw
(`rules.feedback.stats`: only public seats are counted) share, kept here in the play layer so that neither
feature imports the other."""
from __future__ import annotations

from decks.models import Deck, Visibility
from rules.models import Table


def _deck_ids(table: Table) -> list[int | None]:
    """Each seat's saved deck id (a table seats two to four: its pN_deck columns)."""
    return [getattr(table, f"p{n}_deck_id") for n in range(1, (table.players or 2) + 1)]


def public_seats(table: Table) -> frozenset[int]:
    """The seats that play a saved deck which is public now (read with the row, or one query, remembered on it)."""
    cached = getattr(table, "_public_seats", None)
    if cached is not None:
        return cached
    if hasattr(table, "p1_deck_visibility"):  # joined in by rules.live.tables.get_table: no query
        table._public_seats = frozenset(
            seat for seat in range(table.players or 2)
            if getattr(table, f"p{seat + 1}_deck_visibility", None) == Visibility.PUBLIC)
        return table._public_seats
    ids = _deck_ids(table)
    wanted = [deck_id for deck_id in ids if deck_id is not None]
    public = set(Deck.objects.filter(pk__in=wanted, visibility=Visibility.PUBLIC).values_list("pk", flat=True)
                 ) if wanted else set()
    seats = frozenset(seat for seat, deck_id in enumerate(ids) if deck_id is not None and deck_id in public)
    table._public_seats = seats
    return seats


def note_public_seats(tables: list[Table]) -> list[Table]:
    """Look up the public seats of many tables in one query (a list of tables), each remembered on its row."""
    wanted = {deck_id for t in tables for deck_id in _deck_ids(t) if deck_id is not None}
    public = set(Deck.objects.filter(pk__in=wanted, visibility=Visibility.PUBLIC).values_list("pk", flat=True)
                 ) if wanted else set()
    for t in tables:
        t._public_seats = frozenset(seat for seat, deck_id in enumerate(_deck_ids(t))
                                    if deck_id is not None and deck_id in public)
    return tables


def computer_seats(table: Table) -> frozenset[int]:
    """The seats a computer played (issue 35: the host seated it; its deck entry names its `level`): what people
    saw at live tables (`rules.feedback.stats`) counts only the people's seats."""
    return frozenset(seat for seat, entry in enumerate(table.decks or ()) if entry and entry.get("level"))
