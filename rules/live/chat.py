"""A table's chat: short lines from the two players and from signed-in spectators, shown to everyone at the table
rendered by the comments' Markdown (decks.markdown: raw HTML shown as text, nh3 on the output), limited per author,
and mutable: a player who mutes no longer sees anyone else's lines, the opponent's or the spectators' (nor is sent
them over the socket). A spectator's line is stored with the seat SPECTATOR; an anonymous visitor only reads (an
account is what a limit or a ban can hold on to). The spectators' seat is the first number that is no player's: 2 at a
two-player table (as always), 3 or 4 at a table of three or four (`spectator_seat`)."""
from __future__ import annotations

from datetime import timedelta

from django.core.cache import cache
from django.utils import timezone

from cards.catalogue import get_catalogue
from cataclysm_site.api_errors import ApiError
from decks.markdown import render_markdown
from rules.live import notify
from rules.live.tables import NOT_PLAYER, get_table, player_seat, seat_of, seat_value, seats
from rules.models import Table, TableMessage
from rules.play.actors import Actor

MAX_LENGTH = 300
BURST, WINDOW = 5, timedelta(seconds=10)  # at most this many lines a player in this window
SHOWN = 50
SPECTATOR = 2  # the seat of a spectator's line at a two-player table (`spectator_seat`)


def spectator_seat(table: Table) -> int:
    """The seat a spectator's line is stored with: the number of players (2 at a two-player table), never a seat."""
    return len(seats(table))


def author_seat(table: Table, actor: Actor) -> int:
    """The seat a line is written from: the player's, or the spectators' for a signed-in visitor not playing."""
    seat = seat_of(table, actor)
    if seat is not None:
        return seat
    if not getattr(actor.user, "is_authenticated", False):
        raise ApiError(NOT_PLAYER, "Only the players and signed-in spectators can write here: sign in to chat.",
                       status_code=403)
    return spectator_seat(table)


def throttled(table: Table, seat: int, actor: Actor) -> bool:
    """Whether the author already wrote BURST lines in the last WINDOW: a player's lines are counted in the table's
    chat; a spectator's (all stored with one seat) in the shared cache, per account and table."""
    now = timezone.now()
    if seat != spectator_seat(table):
        return TableMessage.objects.filter(table=table, seat=seat, created_at__gte=now - WINDOW).count() >= BURST
    key = f"live-chat:{table.pk}:{actor.user.pk}"
    recent = [t for t in cache.get(key, []) if t > (now - WINDOW).timestamp()]
    if len(recent) >= BURST:
        return True
    cache.set(key, [*recent, now.timestamp()], WINDOW.seconds)
    return False


def say(*, table_id: str, actor: Actor, text: str) -> TableMessage:
    table = get_table(table_id)
    seat = author_seat(table, actor)
    text = (text or "").strip()
    if not text or len(text) > MAX_LENGTH:
        raise ApiError("bad_message", f"A chat line is 1 to {MAX_LENGTH} characters.")
    if throttled(table, seat, actor):
        raise ApiError("chat_throttled", f"Slow down: at most {BURST} lines every {WINDOW.seconds} seconds.",
                       status_code=429, retry_after=WINDOW.seconds)   # at most that long
    message = TableMessage.objects.create(table=table, seat=seat, text=text)
    notify.chat(table.pk, message.pk)
    return message


def mute(*, table_id: str, actor: Actor, muted: bool) -> Table:
    table = get_table(table_id)
    seat = player_seat(table, actor)
    field = f"p{seat + 1}_muted"
    Table.objects.filter(pk=table.pk).update(**{field: muted})
    setattr(table, field, muted)
    return table


def hides(table: Table, seat: int | None, message_seat: int) -> bool:
    """Whether the viewer in `seat` muted the others (the opponent and the spectators) and the line is not theirs."""
    return seat is not None and message_seat != seat and seat_value(table, "muted", seat)


def entry(message: TableMessage) -> dict:
    return {"id": message.pk, "seat": message.seat, "text": message.text,
            "html": render_markdown(message.text, get_catalogue()), "at": message.created_at}


def lines(table: Table, seat: int | None) -> list[dict]:
    """The last lines of the chat this viewer sees."""
    rows = list(TableMessage.objects.filter(table=table).order_by("-pk")[:SHOWN])
    return [entry(m) for m in reversed(rows) if not hides(table, seat, m.seat)]
