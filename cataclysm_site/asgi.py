"""ASGI entry point: HTTP through Django, WebSockets (live tables, rules/live/routing.py) through Channels.

`manage.py runserver` serves it (daphne's command: cataclysm_site/management/commands/runserver.py); in production `daphne cataclysm_site.asgi:application`
(docs/operations/scaling.md: uvicorn behind a proxy, N processes on M machines).
"""
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cataclysm_site.settings")
django_app = get_asgi_application()  # sets Django up before the consumers are imported

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from rules.live.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter({
    "http": django_app,
    "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
})
