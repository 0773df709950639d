"""Probes: `/healthz` tells a load balancer whether this server can reach its database, `/api/ping/` is the
API's cheapest answer (the baseline that load benchmarks compare the real endpoints against)."""
from django.db import connection
from django.db.utils import Error as DatabaseError
from django.http import HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, authentication_classes, permission_classes, throttle_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from cataclysm_site.middleware import DATABASE_RETRY_AFTER_SECONDS


@never_cache
@require_safe
def healthz(request):
    """Answer "ok" when the database answers SELECT 1, else 503 so the balancer sends traffic elsewhere."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        response = HttpResponse("database unavailable\n", status=503, content_type="text/plain")
        response["Retry-After"] = str(DATABASE_RETRY_AFTER_SECONDS)
        return response
    return HttpResponse("ok\n", content_type="text/plain")


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
