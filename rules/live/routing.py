"""WebSocket URLs of live tables (cataclysm_site/asgi.py mounts them).

A table id is URL-safe base64 (rules.models.new_game_id), so the route takes only those characters. Any other
socket path (an unknown route, a table id holding %00 or a slash) reaches `NoSuchSocket`, which refuses the handshake
(403 on the wire, close code 4404): Channels' router would raise ValueError for it, and the server answer 500 and log
a traceback.
"""
from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import path, re_path

from rules.live.consumers import TableConsumer


class NoSuchSocket(AsyncWebsocketConsumer):
    async def connect(self):
        await self.close(code=4404)


websocket_urlpatterns = [
    path("ws/tables/<slug:table_id>/", TableConsumer.as_asgi()),
    re_path(r"(?s).*", NoSuchSocket.as_asgi()),
]
