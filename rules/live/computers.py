"""A computer in a seat of a live table (issue 35), as card sites and lichess seat one: the player who opened the
table (its host) puts a computer of a chosen level in an empty seat, with a deck, and may take it out again until
the game starts. The seat then fills like a person's: the last seat taken deals the game (`services.fill`), and from
then on the computer's decisions are made in the write path of everyone's (`services.play_computers`).

A computer seat is a seat whose deck entry names its `level` (one of `rules.play.computers.CPU_BOTS`), with no
account and no session: nobody can act for it, and `rules.live.ratings` rates the level's row beside the people.
The deck: the one the host names (a starter, or any deck the host may open), else a starter deck of a faction no
seat plays yet, drawn from the table's seed and the seat (so the same table gets the same computer's deck).
"""
from __future__ import annotations

import random

from cards.catalogue import play_catalogue
from cataclysm_site.api_errors import ApiError
from decks import selectors as deck_selectors
from decks.models import Deck
from rules.live.services import BAD_SEAT, TableConflict, deck_entry, fill, saved_deck, write
from rules.live.tables import computer_seats, get_table, host_seat, level_of, player_seat, seats
from rules.models import Table, TableStatus
from rules.play.actors import Actor
from rules.play.computers import CPU_BOTS
from rules.play.decks import checked_deck

BAD_LEVEL = "bad_level"
NOT_HOST = "not_host"
TABLE_STARTED = "table_started"
SEAT_TAKEN = "seat_taken"
NO_COMPUTER = "no_computer"
NO_STARTER = "no_starter"


def _hosted(table: Table, actor: Actor, seat, expected_version: int | None) -> int:
    """Check the host asks, about a seat of this table that is still open, on the current version; return the seat."""
    if player_seat(table, actor) != host_seat(table):
        raise ApiError(NOT_HOST, "Only the player who opened the table seats a computer (or takes one out).",
                       status_code=403)
    if table.status != TableStatus.OPEN:
        raise ApiError(TABLE_STARTED, "The game has started: its seats are final.", status_code=409)
    if expected_version is not None and expected_version != table.version:
        raise TableConflict(table, expected_version)
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in seats(table):
        raise ApiError(BAD_SEAT, f"A seat of this table is 0 to {len(seats(table)) - 1} (0 is Player 1), "
                       f"not {seat!r}.", extra={"path": "seat"})
    return seat


def default_deck(table: Table, seat: int) -> Deck:
    """The starter deck a computer plays when the host names none: one of a faction no seat plays yet (any starter
    if every faction is taken), drawn from the table's seed and the seat."""
    catalogue = play_catalogue()
    starters = list(Deck.objects.filter(owner__isnull=True, hero__isnull=False).select_related("hero")
                    .order_by("pk"))
    if not starters:
        raise ApiError(NO_STARTER, "No starter deck is loaded: name the computer's deck (`deck`).")
    taken = {getattr(catalogue.cards.get(d["hero"]), "faction", None) for d in table.decks if d}
    fresh = [d for d in starters if getattr(catalogue.cards.get(d.hero.slug), "faction", None) not in taken]
    return random.Random(table.seed * 7 + seat).choice(fresh or starters)


def add_computer(*, table_id: str, actor: Actor, seat: int, level: str, deck: str | None = None,
                 expected_version: int | None = None) -> Table:
    """Seat a computer of `level` in the empty `seat` (the host only, before the game starts), playing `deck` (a
    deck id the host may open) or a starter (`default_deck`); when it was the last empty seat, the game starts."""
    table = get_table(table_id)
    seat = _hosted(table, actor, seat, expected_version)
    if level not in CPU_BOTS:
        raise ApiError(BAD_LEVEL, f"A computer's level is one of: {', '.join(CPU_BOTS)}.", extra={"path": "level"})
    if table.decks[seat] is not None:
        raise ApiError(SEAT_TAKEN, f"Seat {seat} (Player {seat + 1}) is taken: choose an empty one.",
                       status_code=409)
    catalogue = play_catalogue()
    chosen = deck_selectors.get_readable_deck(actor.user, deck) if deck else default_deck(table, seat)
    try:
        hero, counts = checked_deck(catalogue, deck=chosen, hero=None, counts=None)
    except ApiError as exc:
        raise ApiError(exc.error_code, f"The computer's deck ({chosen.name}) cannot be played: "
                       f"{len(exc.extra.get('errors', []))} problem(s) with it.", extra=exc.extra) from None
    decks = list(table.decks)
    decks[seat] = {**deck_entry(chosen, hero, counts), "level": level}
    return fill(table, {"decks": decks, f"p{seat + 1}_deck": chosen}, catalogue)


def remove_computer(*, table_id: str, actor: Actor, seat: int, expected_version: int | None = None) -> Table:
    """Take the computer out of `seat` again (the host only, before the game starts): the seat is empty."""
    table = get_table(table_id)
    if seat not in seats(table) or not level_of(table, seat):   # nothing to take out: not found, as a bad id
        raise ApiError(NO_COMPUTER, f"No computer sits in seat {seat} of this table.", status_code=404)
    seat = _hosted(table, actor, seat, expected_version)
    decks = list(table.decks)
    decks[seat] = None
    return write(table, {"decks": decks, f"p{seat + 1}_deck": None}, read_version=table.version)


def seat_again(old: Table, new: Table) -> Table:
    """A rematch's computers: each computer of the game before sits one seat on (as the people move), with its level
    and the list it played; the last seat filled starts the game."""
    catalogue = play_catalogue()
    for seat in computer_seats(old):
        entry, moved = old.decks[seat], (seat + 1) % len(seats(old))
        decks = list(new.decks)
        decks[moved] = dict(entry)
        new = fill(new, {"decks": decks, f"p{moved + 1}_deck": saved_deck(entry)}, catalogue)
    return new
