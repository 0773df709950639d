"""A table's chat: short lines from the two players, shown to everyone at the table rendered by the comments'
Markdown (decks.markdown: raw HTML shown as text, nh3 on the output), limited per player, and mutable: a player who
mutes the other no longer sees their lines (nor is sent them over the socket)."""
from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from cards.catalogue import get_catalogue
from cataclysm_site.api_errors import ApiError
from decks.markdown import render_markdown
from rules.live import notify
from rules.live.services import get_table, player_seat
from rules.live.shared import Actor
from rules.models import Table, TableMessage

MAX_LENGTH = 300
BURST, WINDOW = 5, timedelta(seconds=10)  # at most this many lines a player in this window
SHOWN = 50


def say(*, table_id: str, actor: Actor, text: str) -> TableMessage:
    table = get_table(table_id)
    seat = player_seat(table, actor)
    text = (text or "").strip()
    if not text or len(text) > MAX_LENGTH:
        raise ApiError("bad_message", f"A chat line is 1 to {MAX_LENGTH} characters.")
    recent = TableMessage.objects.filter(table=table, seat=seat, created_at__gte=timezone.now() - WINDOW).count()
    if recent >= BURST:
        raise ApiError("chat_throttled", f"Slow down: at most {BURST} lines every {WINDOW.seconds} seconds.",
                       status_code=429)
    message = TableMessage.objects.create(table=table, seat=seat, text=text)
    notify.chat(table.pk, message.pk)
    return message


def mute(*, table_id: str, actor: Actor, muted: bool) -> Table:
    table = get_table(table_id)
    seat = player_seat(table, actor)
    field = ("p1_muted", "p2_muted")[seat]
    Table.objects.filter(pk=table.pk).update(**{field: muted})
    setattr(table, field, muted)
    return table


def hides(table: Table, seat: int | None, message_seat: int) -> bool:
    """Whether the viewer in `seat` muted the author of a line."""
    return seat is not None and message_seat != seat and (table.p1_muted, table.p2_muted)[seat]


def entry(message: TableMessage) -> dict:
    return {"id": message.pk, "seat": message.seat, "text": message.text,
            "html": render_markdown(message.text, get_catalogue()), "at": message.created_at}


def lines(table: Table, seat: int | None) -> list[dict]:
    """The last lines of the chat this viewer sees."""
    rows = list(TableMessage.objects.filter(table=table).order_by("-pk")[:SHOWN])
    return [entry(m) for m in reversed(rows) if not hides(table, seat, m.seat)]
