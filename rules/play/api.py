"""The OpenAPI pieces every game API shares (error responses, the game id and `log_from` parameters) and the reading
of `?log_from=`."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse

from cataclysm_site.api_errors import ApiError
from decks.serializers import ErrorSerializer
from rules.play import serializers as s

E400 = OpenApiResponse(ErrorSerializer, description="Bad input: `code` says what (`invalid`, `bad_seed`, …).")
E400_DECK = OpenApiResponse(s.InvalidDeckSerializer, description="`invalid_deck`: the validator's `errors` (or "
                            "`no_deck` / `ambiguous_deck` / `decklist_too_large`; `invalid_variant`: an unknown rule variant).")
E403 = OpenApiResponse(ErrorSerializer, description="`not_owner`: only the player who started the game may act.")
GAME_ID = OpenApiParameter("game_id", str, OpenApiParameter.PATH, description="The game's random id.")
LOG_FROM = OpenApiParameter("log_from", {"type": "integer", "minimum": 0}, OpenApiParameter.QUERY, required=False,
                            description="Return only log events from this sequence number on.")
BAD_LOG_FROM = "bad_log_from"


def log_from_param(request) -> int:
    """Read `?log_from=` (default 0); a client that sends a bad one should hear so, not get the whole log."""
    values = request.query_params.getlist("log_from")
    if not values:
        return 0
    raw = values[-1].strip()
    if len(values) > 1 or not (raw.isascii() and raw.isdigit()):
        raise ApiError(BAD_LOG_FROM, f"log_from must be one whole number from 0 on, not '{raw[:40]}'.")
    digits = raw.lstrip("0") or "0"
    return int(digits) if len(digits) <= 18 else 10**18  # no log is that long; int() refuses huge digit strings
