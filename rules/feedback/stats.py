"""Per card and release, how the card did in people's finished live tables, as 17lands shows a set's cards.

For each seat of each finished table played under the release (`cards.releases.release_of_game`, the function
every game's payload names its release by) whose deck ran the card — a saved deck that is public now, as
`rules.live.privacy` rules (the play layer's `rules.play.seats`, which both read): a private deck's or a pasted
list's cards are its player's secret, and even a tally of a few tables would tell them — a game; "drawn" when a copy left the deck by the end (in the opening hand or drawn later: 17lands' "game in hand"), else "not drawn"; "played" when a copy
reached the board, the stack or, spent, the graveyard. Each group's win rate counts a draw as half a win and comes
with its Wilson 95% interval, which stays inside [0, 1] and is honest for the few games a playtest has.

What the engine's final state says of each table never changes once it is finished, so it is kept per process by
table id and in the site's shared cache (Redis or the database in production), so that a new process does not
rebuild every table again; a release's whole tally is kept by its tables (each with its public seats and finish), so
a newly finished table, or a deck made private, recomputes the tally from the kept rows plus any new table's state.
Measured (SQLite, 2 cores, 502 finished tables of 10 and 60 decisions): 2.7 s when no process has read any table
(about 5 ms a table, its final state restored), 0.14 s from the kept rows, 0.04 s for a tally already kept.
"""
from __future__ import annotations

import math
from time import monotonic
from typing import Any

from django.core.cache import cache
from django.db import connection

from cards.catalogue import DerivedCache
from cards.models import Release
from cards.releases import release_of_game
from rules.engine.impact import cards_seen
from rules.models import Table, TableStatus
from rules.play.seats import computer_seats, note_public_seats
from rules.play.store import load_state

Z95 = 1.959964
BIAS = ("Drawn and played win rates are not the card's effect: a card drawn in a long game had more turns to be "
        "drawn, and a player ahead plays more cards, so cards drawn more in long games look better — and control "
        "cards, which lengthen games, look better still. Compare a card with others of the same deck and release, "
        "and read the interval before the rate.")
GROUPS = ("drawn", "not_drawn", "played", "not_played")
_SEEN = DerivedCache(maxsize=20000)   # table id -> per seat (deck's distinct cards, drawn, played, score)
_TALLIES = DerivedCache(maxsize=32)   # (release slug, tables, latest finish) -> {card: tally}
SHARED_KEY = "card-stats-seen:%s"     # the shared cache's copy of a table's seat rows (every process reads it)
SHARED_SECONDS = 30 * 24 * 3600
FRESH_SECONDS = 10.0  # how long a process shows a tally before it looks for newly finished tables again
_RECENT: dict[str, tuple[float, tuple]] = {}  # release slug -> (monotonic time, tally): a card page costs no query


def wilson(score: float, games: int) -> tuple[float, float] | None:
    """The Wilson score 95% interval of a win rate (`score` wins out of `games`, a draw counting ½)."""
    if not games:
        return None
    p = score / games
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)


def seat_rows(table: Table) -> list[tuple[frozenset, frozenset, frozenset, float]]:
    """Per seat of a finished table: its deck's distinct cards, those drawn, those played, and its score."""
    kept = _SEEN.get(table.pk)
    if kept is not None:
        return kept
    state = load_state(table)
    rows = []
    for seat in (0, 1):
        drawn, played = cards_seen(state, seat)
        score = 0.5 if table.winner is None else float(table.winner == seat)
        rows.append((frozenset(table.decks[seat]["cards"]), frozenset(drawn), frozenset(played), score))
    _SEEN.put(table.pk, rows)
    return rows


def release_tables(release: Release):
    """The finished live tables played under this release (a query: tables of its hash, sorted by their release)."""
    return Table.objects.filter(status=TableStatus.FINISHED, data_hash=release.data_hash).order_by("pk")


def release_tally(release: Release) -> tuple[int, dict[str, dict[str, Any]]]:
    """(the release's finished tables, {card: {"games", "score", "<group>": [games, score]}}), counting only the
    seats that played a deck public now (`rules.play.seats`, as `rules.live.privacy` reads them: a private deck's or a pasted list's cards stay its
    player's, in a tally of a few tables too). Re-read at most once every FRESH_SECONDS per process outside
    transactions (as the catalogue's stamp is, less often), so a card page's panel mostly costs no query for it."""
    recent = _RECENT.get(release.slug)
    in_transaction = connection.in_atomic_block
    if recent is not None and not in_transaction and monotonic() - recent[0] < FRESH_SECONDS:
        return recent[1]
    result = _tally(release)
    if not in_transaction:
        _RECENT[release.slug] = (monotonic(), result)
    return result


def _tally(release: Release) -> tuple[int, dict[str, dict[str, Any]]]:
    candidates = note_public_seats(list(release_tables(release).only("pk", "created_at", "finished_at",
                                                                      "p1_deck_id", "p2_deck_id", "decks")))
    if Release.objects.filter(data_hash=release.data_hash).count() == 1:  # the usual case: every table is its
        tables = candidates
    else:  # a hash two releases hold (a change published, then undone): each table's release by its start
        tables = [t for t in candidates if release_of_game(release.data_hash, t.created_at) == release.slug]
    public = {t.pk: t._public_seats - computer_seats(t) for t in tables}  # people's seats only (issue 35)
    key = (release.slug, tuple((t.pk, tuple(sorted(public[t.pk])), t.finished_at) for t in tables))
    cached = _TALLIES.get(key)
    if cached is not None:
        return cached
    tally: dict[str, dict[str, Any]] = {}
    mine = {pk for pk, seats in public.items() if seats}
    rows = {pk: _SEEN.get(pk) for pk in mine}
    missing = [pk for pk, kept in rows.items() if kept is None]
    if missing:  # what another process (or this one before a restart) read of them, from the shared cache
        shared = cache.get_many([SHARED_KEY % pk for pk in missing])
        for pk in missing:
            kept = shared.get(SHARED_KEY % pk)
            if kept is not None:
                rows[pk] = [(frozenset(c), frozenset(d), frozenset(p), float(w)) for c, d, p, w in kept]
                _SEEN.put(pk, rows[pk])
        missing = [pk for pk in missing if rows[pk] is None]
    computed = {}
    for table in Table.objects.filter(pk__in=missing).iterator(chunk_size=100):  # only the tables nobody read
        rows[table.pk] = seat_rows(table)
        computed[SHARED_KEY % table.pk] = [(sorted(c), sorted(d), sorted(p), w) for c, d, p, w in rows[table.pk]]
    if computed:
        cache.set_many(computed, timeout=SHARED_SECONDS)
    for pk in sorted(rows):
        for seat, (cards, drawn, played, score) in enumerate(rows[pk]):
            if seat not in public[pk]:
                continue
            for slug in cards:
                row = tally.setdefault(slug, {"games": 0, "score": 0.0, **{g: [0, 0.0] for g in GROUPS}})
                row["games"] += 1
                row["score"] += score
                for group in ("drawn" if slug in drawn else "not_drawn", "played" if slug in played else "not_played"):
                    row[group][0] += 1
                    row[group][1] += score
    _TALLIES.put(key, (len(tables), tally))
    return len(tables), tally


def _rate(games: int, score: float) -> dict[str, Any]:
    return {"games": games, "wins": score, "win_rate": round(score / games, 4) if games else None,
            "interval": list(wilson(score, games) or ()) or None}


def card_stats(slug: str, release: Release) -> dict[str, Any]:
    """The card's statistics in the release's finished live tables (zeros when no deck ran it)."""
    tables, tally = release_tally(release)
    row = tally.get(slug, {"games": 0, "score": 0.0, **{g: [0, 0.0] for g in GROUPS}})
    return {"card": slug, "release": release.slug, "release_name": release.name, "tables": tables,
            "games": row["games"], "overall": _rate(row["games"], row["score"]),
            **{group: _rate(*row[group]) for group in GROUPS}, "bias": BIAS}


def card_stats_by_release(slug: str) -> list[dict[str, Any]]:
    """The card's statistics for every release, newest first, leaving out the releases whose tables never ran it."""
    return [stats for stats in (card_stats(slug, release) for release in Release.objects.order_by("-published_at"))
            if stats["games"]]
