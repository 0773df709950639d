"""What every game API shares: the OpenAPI pieces (error responses, the game id and `log_from` parameters), the
reading of `?log_from=` and of a request body, and a write answered with the game or, on a conflict, with the game
as it now is."""
from __future__ import annotations

from typing import Any, Callable

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import status
from rest_framework.response import Response

from cataclysm_site.api_errors import ApiError
from decks.serializers import ErrorSerializer
from rules.play import serializers as s
from rules.play.store import GameConflict, LiveGame

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


# ---------------------------------------------------------------------------------------------- what every game API
# answers alike: a missing game, a conflict, a request body checked, a write answered with the game or the conflict.
E404 = OpenApiResponse(ErrorSerializer, description="`not_found`: no game (or readable deck) with this id.")
CONFLICT_DESCRIPTION = ("`conflict`: another request changed the game first (or `version` is stale); `game` is the "
                        "current game. Or `game_unavailable`: the card data changed and the log no longer replays.")


def e409(conflict_serializer) -> OpenApiResponse:
    """The 409 of a game API, documented with the feature's conflict shape (its game)."""
    return OpenApiResponse(conflict_serializer, description=CONFLICT_DESCRIPTION)


def validated(serializer_class, request) -> dict:
    """The request's body read and checked by `serializer_class` (a bad one answers 400 `invalid`)."""
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def conflict_answer(exc: GameConflict, game: dict) -> Response:
    """409 with the game as it is now (`game`, serialized), so the client can redraw and choose again."""
    return Response({"code": exc.error_code, "message": exc.message, "game": game}, status=status.HTTP_409_CONFLICT)


def answer_write(request, write: Callable[[], LiveGame], *, respond: Callable[..., Response],
                 conflict: Callable[[Any, GameConflict], Response], **respond_kwargs) -> Response:
    """Run one of a feature's writes and answer with the game (`respond`), or, when another request changed the game
    first, with the game as it now is (`conflict`: 409)."""
    try:
        live = write()
    except GameConflict as exc:
        return conflict(request, exc)
    return respond(request, live, **respond_kwargs)
