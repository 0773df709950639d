"""WebSocket URLs of live tables (cataclysm_site/asgi.py mounts them)."""
from django.urls import path

from rules.live.consumers import TableConsumer

websocket_urlpatterns = [path("ws/tables/<str:table_id>/", TableConsumer.as_asgi())]
