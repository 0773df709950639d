"""Probes: `/healthz` tells a load balancer whether this server can serve, and an operator what it is missing;
`/api/ping/` is the API's cheapest answer (the baseline that load benchmarks compare the real endpoints against)."""
import redis
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.db.utils import Error as DatabaseError
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, authentication_classes, permission_classes, throttle_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from cataclysm_site.middleware import DATABASE_RETRY_AFTER_SECONDS

OK, UNAVAILABLE, LOCAL = "ok", "unavailable", "local"
PROBE_TIMEOUT = 1.0  # seconds to wait for Redis: a probe must answer well within a balancer's timeout
_redis_clients: dict[str, redis.Redis] = {}


@never_cache
@require_safe
def healthz(request):
    """Answer `{"status", "database", "cache", "channel_layer"}`, each part "ok", "unavailable" or "local" (kept in
    this process: nothing shared to lose).

    What a load balancer should do follows from what each part costs when lost. Without the database nothing works:
    503 with Retry-After, "unavailable", and the balancer sends traffic elsewhere. Without Redis (the cache, the
    channel layer) every server of the site is missing the same shared Redis, and each still serves every page and
    every API call (rate limits fail open: cataclysm_site/cache.py; sockets open and answer their pings, without
    pushes: rules/live/layer.py): 200 with "degraded", so that a Redis outage never takes the whole site out of
    rotation, while monitoring sees which part is missing.
    """
    parts = {"database": database_state(), "cache": cache_state(), "channel_layer": channel_layer_state()}
    if parts["database"] != OK:
        response = JsonResponse({"status": UNAVAILABLE, **parts}, status=503)
        response["Retry-After"] = str(DATABASE_RETRY_AFTER_SECONDS)
        return response
    status = "degraded" if UNAVAILABLE in parts.values() else OK
    return JsonResponse({"status": status, **parts})


def database_state() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        return UNAVAILABLE
    return OK


def cache_state() -> str:
    backend = settings.CACHES["default"]["BACKEND"]
    if backend.endswith("DatabaseCache"):
        return database_state()
    if hasattr(cache, "reachable"):  # the Redis cache (cataclysm_site/cache.py)
        return OK if cache.reachable() else UNAVAILABLE
    return LOCAL


def channel_layer_state() -> str:
    layer = settings.CHANNEL_LAYERS.get("default", {})
    if layer.get("BACKEND", "").endswith("InMemoryChannelLayer"):
        return LOCAL
    hosts = layer.get("CONFIG", {}).get("hosts") or []
    addresses = [host if isinstance(host, str) else host.get("address", "") for host in hosts]
    return OK if all(redis_answers(address) for address in addresses) else UNAVAILABLE


def redis_answers(url: str) -> bool:
    if url not in _redis_clients:
        _redis_clients[url] = redis.Redis.from_url(url, socket_connect_timeout=PROBE_TIMEOUT,
                                                    socket_timeout=PROBE_TIMEOUT)
    try:
        return bool(_redis_clients[url].ping())
    except (redis.RedisError, OSError):
        return False


@extend_schema(
    summary="Check that the API answers",
    responses=inline_serializer("Ping", {"ok": serializers.BooleanField()}),
)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([])  # a probe and a benchmark baseline: never rate limited
def ping(request):
    """Answer `{"ok": true}` without touching the database."""
    return Response({"ok": True})
