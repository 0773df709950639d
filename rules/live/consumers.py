"""The WebSocket of a table: `/ws/tables/<id>/`. A player's socket is sent its own seat's view, a spectator's the
public view, on connecting and after every change of the table (a decision made here or over HTTP, in this process
or another: `notify` reaches the group through the channel layer). The socket also takes the players' decisions,
and answers the one it took from the table that decision returned (as the HTTP API does), not from the row read again
once it hears of its own move: the others hear of it through the group, each building its own view.

Client → server (JSON): `{"type": "action", "action": id, "version": n}`, `resign`, `draw`, `claim`, `rematch`,
`{"type": "chat", "text"}`, `{"type": "mute", "muted"}`, `ping` (the page's heartbeat, every 15 s: presence; also
settles a due forfeit).
Server → client: `{"type": "table", "table": <the API's table payload>}`, `{"type": "chat", "line": {...}}`,
`{"type": "rematch", "table": {id, url}}`, `{"type": "error", "code", "message", ...}` (a 409 also carries
`table`; a frame that cannot be read gets one too, rules/live/frames.py, and the socket stays open), and for a
`ping`, the table if it changed since this socket was last sent it, else `{"type": "pong", "version"}`: a page that
hears nothing for two heartbeats knows its connection is dead and opens another. Messages on the channel layer carry
only a version or a chat line's id, never a view.

The socket outlives the channel layer: if Redis is unreachable it still opens and answers pings (only the pushes are
missing), and rules/live/watch.py subscribes it again when Redis lost its group.
"""
from __future__ import annotations

import json
import logging

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connections
from django.db.utils import Error as DatabaseError
from django.http import Http404

from cataclysm_site.api_errors import ApiError
from cataclysm_site.middleware import DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE
from rules.live import chat, frames, notify, services, tables, watch
from rules.live import selectors as ls
from rules.models import Table, TableMessage
from rules.play.actors import SESSION_TOKEN, Actor

log = logging.getLogger(__name__)
WRITES = {"action", "resign", "draw", "claim", "rematch", "chat", "mute"}


class TableConsumer(AsyncJsonWebsocketConsumer):
    computers = False   # whether a computer sits at the table (learnt from each table payload sent)

    async def dispatch(self, message):
        """At a table with a computer seat, handle each message (a frame, a change heard on the channel layer) with
        its database work in a thread of its own, as Django runs each HTTP request (`ThreadSensitiveContext`), and
        close that thread's connection when it ends (given back to the pool). Channels runs every socket's
        `database_sync_to_async` on one thread per process, and a write there may take seconds while the computers
        make their decisions (`services.play_computers`): on the shared thread it held up every other table of the
        process. Tables of people alone keep the shared thread, whose writes take milliseconds."""
        if not self.computers:
            await super().dispatch(message)
            return
        async with ThreadSensitiveContext():
            try:
                await super().dispatch(message)
            finally:
                await sync_to_async(connections.close_all)()

    @classmethod
    async def encode_json(cls, content):
        return json.dumps(content, cls=DjangoJSONEncoder)

    async def connect(self):
        self.table_id = self.scope["url_route"]["kwargs"]["table_id"]
        self.sent_version = -1
        self.log_count = 0          # events this socket was sent: later updates carry only the new ones
        self.known_cards = None     # the slugs of the `cards` map it was sent: sent again only when one is new
        self.actor = await database_sync_to_async(self.find_actor)()
        payload = await database_sync_to_async(self.view)(True)
        if payload is None:
            await self.close(code=4404)
            return
        await watch.join(self)
        await self.subscribe()
        await self.accept()
        await self.send_table(payload)

    async def disconnect(self, code):
        watch.leave(self)
        try:
            await self.channel_layer.group_discard(notify.group(self.table_id), self.channel_name)
        except Exception:  # noqa: BLE001 - the layer is away: the membership expires there by itself
            pass

    async def subscribe(self) -> None:
        """Join the table's group; while the channel layer is away, go on without pushes (rules/live/watch.py
        subscribes again once it is back)."""
        try:
            await self.channel_layer.group_add(notify.group(self.table_id), self.channel_name)
        except Exception as error:  # noqa: BLE001 - the socket still answers pings with the table
            log.warning("live: socket of table %s not subscribed (%s: %s)", self.table_id, type(error).__name__, error)

    async def resubscribe(self) -> None:
        """Join the group again (it was lost) and send the table if it changed meanwhile."""
        await self.subscribe()
        payload = await database_sync_to_async(self.view)()
        if payload is not None and payload["version"] > self.sent_version:
            await self.send_table(payload)

    def find_actor(self) -> Actor:
        session = self.scope.get("session")
        token = session.get(SESSION_TOKEN, "") if session is not None else ""
        return Actor(user=self.scope.get("user"), session_key=token)

    def view(self, with_chat: bool = False, table: Table | None = None) -> dict | None:
        """This socket's view of the table now (settling a due forfeit first); None if there is no such table.
        `table`: the row as this socket's own write just left it, so that it is not read again."""
        if table is None:
            try:
                table = tables.get_table(self.table_id)
            except Http404:
                return None
        seat = tables.seat_of(table, self.actor)
        services.touch(table, seat)
        table = services.settle(table)
        payload = ls.table_payload(table, seat=seat, with_chat=with_chat, log_from=self.log_count,
                                   known_cards=self.known_cards)
        if payload["cards"] is not None:
            self.known_cards = frozenset(payload["cards"])
        return payload

    async def send_table(self, payload: dict) -> None:
        self.computers = any(p.get("computer") for p in payload["players"])   # seated while the table waited, too
        self.sent_version = max(self.sent_version, payload["version"])
        self.log_count = payload["log_count"]
        await self.send_json({"type": "table", "table": payload})

    # ------------------------------------------------------------------ from the client
    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        """Read the frame (frames.decode: a bad one is answered with an error, not a closed socket) and answer it;
        a database outage is answered as the HTTP API's 503 is."""
        try:
            content = frames.decode(text_data, bytes_data)
        except frames.BadFrame as bad:
            await self.send_json(bad.reply())
            return
        try:
            await self.receive_json(content)
        except DatabaseError:
            log.warning("live: database unavailable for a socket of table %s", self.table_id, exc_info=True)
            await self.send_json({"type": "error", "code": "database_unavailable", "message": DATABASE_UNAVAILABLE,
                                  "retry_after": DATABASE_RETRY_AFTER_SECONDS})

    async def receive_json(self, content, **kwargs):
        kind = content.get("type")
        if kind == "ping":
            payload = await database_sync_to_async(self.view)()
            if payload is not None and payload["version"] > self.sent_version:
                await self.send_table(payload)
            else:
                await self.send_json({"type": "pong", "version": self.sent_version})
            return
        if kind not in WRITES:
            await self.send_json({"type": "error", "code": "bad_message", "message": "Unknown message type."})
            return
        held: list = []  # what the write committed and must tell the table's sockets: sent from here (notify.held)
        mine = None  # this socket's table after its own decision
        try:
            reply, mine = await database_sync_to_async(self.write)(kind, content, held)
        except services.TableConflict as exc:
            table = await database_sync_to_async(ls.table_payload)(exc.table, self.actor, with_chat=False)
            reply = {"type": "error", "code": exc.error_code, "message": exc.message, "table": table}
        except ApiError as exc:
            reply = {"type": "error", "code": exc.error_code, "message": exc.message, **exc.extra}
        except Http404:
            reply = {"type": "error", "code": "not_found", "message": tables.TABLE_NOT_FOUND}
        if mine is not None and mine["version"] > self.sent_version:
            await self.send_table(mine)
        await notify.flush(held)
        if reply is not None:
            await self.send_json(reply)

    def write(self, kind: str, content: dict, held: list) -> tuple[dict | None, dict | None]:
        """Make the write; return its reply and, after a decision, this socket's view of the table the decision
        returned: the mover is answered from its own decision, neither waiting to hear of it on the channel layer nor
        reading the row again. The table's group is told of the change by `notify`, from the event loop once this
        returns (`held`): every other socket builds its own view (this one was sent that version: it skips it)."""
        with notify.held(held):
            done = self.make_write(kind, content)
            if isinstance(done, Table):
                return None, self.view(table=done)
            return done, None

    def make_write(self, kind: str, content: dict) -> dict | Table | None:
        """The write a message asks for: a decision returns the table as it left it, the others their reply."""
        table_id, actor = self.table_id, self.actor
        version = content.get("version") if isinstance(content.get("version"), int) else None
        if kind == "action":
            return services.act(table_id=table_id, actor=actor, action=str(content.get("action", "")),
                                expected_version=version)
        if kind == "resign":
            return services.resign(table_id=table_id, actor=actor, expected_version=version)
        if kind == "draw":
            return services.offer_draw(table_id=table_id, actor=actor, expected_version=version)
        if kind == "claim":
            return services.claim(table_id=table_id, actor=actor)
        if kind == "chat":
            chat.say(table_id=table_id, actor=actor, text=str(content.get("text", ""))[:1000])
        elif kind == "mute":
            table = chat.mute(table_id=table_id, actor=actor, muted=bool(content.get("muted")))
            return {"type": "table", "table": ls.table_payload(table, actor)}
        elif kind == "rematch":
            new = services.rematch(table_id=table_id, actor=actor)
            return {"type": "rematch", "table": {"id": new.pk, "url": new.get_absolute_url()}}
        return None

    # ------------------------------------------------------------------ from the channel layer
    async def table_changed(self, event):
        if event["version"] <= self.sent_version and not event.get("again"):
            return  # this socket was already sent this version (or a later one)
        payload = await database_sync_to_async(self.view)()
        if payload is not None:
            await self.send_table(payload)

    async def table_chat(self, event):
        line = await database_sync_to_async(self.chat_line)(event["id"])
        if line is not None:
            await self.send_json({"type": "chat", "line": line})

    def chat_line(self, message_id: int) -> dict | None:
        message = TableMessage.objects.select_related("table").filter(pk=message_id).first()
        if message is None:
            return None
        seat = tables.seat_of(message.table, self.actor)
        return None if chat.hides(message.table, seat, message.seat) else chat.entry(message)
