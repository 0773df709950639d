"""Playtest notes on cards (issue 32): written by signed-in players, tagged with a release and optionally a game as
evidence, read per card and release by designers, who mark a note addressed by the release that answers it.

A game given as evidence must be the author's own (a seat at the live table, or the goldfish game's player) or
public (a listed live table; a goldfish game of a public deck): a note never points readers at a game they could
not see, and an unknown id and another player's private game get the same refusal, so a note cannot probe for one.
"""
from __future__ import annotations

from cards.catalogue import get_catalogue
from cards.models import CardNote, Release
from cards.releases import catalogue_for_hash, release_of_game
from cataclysm_site.api_errors import ApiError
from decks.models import Visibility
from rules.models import GoldfishGame, Table

MAX_TEXT = 4000
GAME_NOT_VISIBLE = "game_not_visible"


def _release(slug: str | None) -> Release:
    if slug:
        release = Release.objects.filter(slug=slug).first()
        if release is None:
            raise ApiError("release_not_found", f"No release {slug!r}: see GET /api/releases/.")
        return release
    release = Release.objects.filter(current=True).first()
    if release is None:
        raise ApiError("no_release", "No release is published yet: a note needs the release it is about.")
    return release


def check_card(slug: str, release: Release | None = None) -> None:
    """Raise 404 `card_not_found` unless the card is in today's cards or in the release's."""
    if slug in get_catalogue().cards:
        return
    if release is not None and slug in (catalogue_for_hash(release.data_hash, payload=release.payload).cards):
        return
    raise ApiError("card_not_found", f"No card {slug!r}.", status_code=404)


def evidence(author, kind: str, game_id: str) -> str | None:
    """Check the game is the author's own or public; return the slug of its release (None: before releases)."""
    refused = ApiError(GAME_NOT_VISIBLE, f"No {kind} game {game_id!r} that is yours or public: give one of your "
                       "own games, or a public one.")
    if kind == CardNote.GameKind.LIVE:
        table = Table.objects.filter(pk=game_id).first()
        if table is None or not (author.pk in (table.p1_user_id, table.p2_user_id, table.p3_user_id, table.p4_user_id) or table.listed):
            raise refused
        return release_of_game(table.data_hash, table.created_at)
    if kind == CardNote.GameKind.GOLDFISH:
        game = GoldfishGame.objects.select_related("deck").filter(pk=game_id).first()
        public = game is not None and game.deck is not None and game.deck.visibility == Visibility.PUBLIC
        if game is None or not (game.owner_id == author.pk or public):
            raise refused
        return release_of_game(game.data_hash, game.created_at)
    raise ApiError("bad_game_kind", f"A game is 'live' or 'goldfish', not {kind!r}.")


def add_note(*, author, card: str, text: str, release: str | None = None, game_kind: str = "",
             game_id: str = "") -> CardNote:
    """Write a note on the card, tagged with `release` (else the evidence game's release, else the current one)."""
    text = (text or "").strip()
    if not text:
        raise ApiError("empty_note", "Write what you saw: the note is empty.")
    if len(text) > MAX_TEXT:
        raise ApiError("note_too_long", f"A note is at most {MAX_TEXT} characters ({len(text)} given).")
    if bool(game_kind) != bool(game_id):
        raise ApiError("bad_game", "Give both the game's kind ('live' or 'goldfish') and its id, or neither.")
    game_release = evidence(author, game_kind, game_id) if game_id else None
    chosen = _release(release or game_release)
    if release and game_release and release != game_release:
        raise ApiError("release_mismatch", f"That game was played under {game_release!r}, not {release!r}.")
    check_card(card, chosen)
    return CardNote.objects.create(card=card, release=chosen, author=author, text=text, game_kind=game_kind,
                                   game_id=game_id)


def mark_addressed(note: CardNote, release: str | None) -> CardNote:
    """Mark the note addressed by a release published no earlier than the note's (None: open again)."""
    if release is None:
        note.addressed_by = None
    else:
        answer = _release(release)
        if answer.published_at < note.release.published_at:
            raise ApiError("release_before_note", f"{answer.name} came before {note.release.name}, which the note "
                           "is about: it cannot address it.")
        note.addressed_by = answer
    note.save(update_fields=["addressed_by"])
    return note


def notes_of(card: str):
    """The card's notes, newest release first, oldest note first within it."""
    return (CardNote.objects.filter(card=card).select_related("release", "author", "addressed_by")
            .order_by("-release__published_at", "created_at", "pk"))


def get_note(card: str, note_id: int) -> CardNote:
    note = notes_of(card).filter(pk=note_id).first()
    if note is None:
        raise ApiError("note_not_found", f"No note {note_id} on {card!r}.", status_code=404)
    return note
