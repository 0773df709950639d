"""The versus REST API: play a deck against the computer. Start, read, act, let a bot decide for you, let the
computer go on, replay.

Thin views over `rules.versus.services` (writes) and `rules.versus.selectors` (reads). The same rules as goldfish: anyone with
a game's id may watch it (seeing what the player's seat sees, never the computer's hand or deck order); only the player
who started it may act (403 `not_owner`); a stale `version` is a 409 with the game as it is now.
"""
from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.catalogue import play_catalogue
from decks import selectors as deck_selectors
from rules.play import serializers as gs
from rules.play.actors import actor_for
from rules.play.api import (
    E400,
    E400_DECK,
    E403,
    E404,
    GAME_ID,
    LOG_FROM,
    answer_write,
    conflict_answer,
    e409,
    log_from_param,
    validated,
)
from rules.play.decks import deck_input
from rules.play.store import GameConflict, LiveGame, load_state
from rules.versus import selectors as vs
from rules.versus import serializers as s
from rules.versus import services as versus

TAGS = ["versus"]
E409 = e409(s.VersusConflictSerializer)
E400_ACT = OpenApiResponse(gs.IllegalActionSerializer, description="`illegal_action` (not one of your legal actions "
                           "now), `not_your_decision` (the computer is to move) or `game_over`. Nothing changed.")


def respond(request, live: LiveGame, *, log_from: int = 0,
            status_code: int = status.HTTP_200_OK) -> Response:
    payload = vs.versus_payload(live.game, live.state, actor=actor_for(request), log_from=log_from,
                                catalogue=play_catalogue())
    return Response(payload, status=status_code)


def conflict(request, exc: GameConflict) -> Response:
    """Answer 409 with the game as it is now, so the client can redraw and choose again."""
    game = versus.get_versus(exc.game.pk)
    payload = vs.versus_payload(game, load_state(game), actor=actor_for(request),
                                catalogue=play_catalogue())
    return conflict_answer(exc, s.VersusGameSerializer(payload).data)


def write(request, fn, log_from: int, **kwargs) -> Response:
    """Run a write service for this request; a conflict answers 409 with the current game."""
    return answer_write(request, lambda: fn(actor=actor_for(request), **kwargs), respond=respond,
                        conflict=conflict, log_from=log_from)


class VersusListView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="Your games against the computer, most recent first",
                   responses={200: s.VersusSummarySerializer(many=True)})
    def get(self, request):
        games = vs.versus_games_of(actor_for(request), limit=50)
        return Response(s.VersusSummarySerializer([vs.summary(g) for g in games], many=True).data)

    @extend_schema(
        tags=TAGS, summary="Start a game of your deck (a saved deck, a JSON decklist or a pasted list) against the "
                           "computer playing `opponent` at a difficulty",
        request=s.VersusStartSerializer,
        responses={201: s.VersusGameSerializer, 400: E400_DECK, 404: E404},
    )
    def post(self, request):
        data = validated(s.VersusStartSerializer, request)
        catalogue = play_catalogue()
        deck, hero, counts, problems = deck_input(request.user, data, catalogue)
        opponent = deck_selectors.get_readable_deck(request.user, data["opponent"])
        live = versus.versus_start(
            actor=actor_for(request, create=True), opponent=opponent, difficulty=data["difficulty"],
            seat=data["seat"], deck=deck, hero=hero, counts=counts, problems=problems, seed=data.get("seed"),
            seating=data["seating"], variants=data.get("variants") or (), catalogue=catalogue,
        )
        return respond(request, live, status_code=status.HTTP_201_CREATED)


class VersusDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="A game against the computer, as your seat sees it: the board, your legal "
                                      "actions, the log with the computer's moves and reasons, the result",
                   parameters=[GAME_ID, LOG_FROM],
                   responses={200: s.VersusGameSerializer, 400: E400, 404: E404, 409: E409})
    def get(self, request, game_id):
        log_from = log_from_param(request)
        game = versus.get_versus(game_id, actor_for(request))
        return respond(request, LiveGame(game, load_state(game)), log_from=log_from)


class VersusActView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAGS, summary="Make your decision; the computer then answers until the decision is yours again",
        parameters=[GAME_ID], request=gs.ActSerializer,
        responses={200: s.VersusGameSerializer, 400: E400_ACT, 403: E403, 404: E404, 409: E409},
    )
    def post(self, request, game_id):
        data = validated(gs.ActSerializer, request)
        return write(request, versus.versus_act, data["log_from"], game_id=game_id, action=data["action"],
                     expected_version=data.get("version"))


class VersusContinueView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAGS, summary="Let the computer go on (after a request stopped it at its cap; else nothing changes)",
        parameters=[GAME_ID], request=gs.VersionedSerializer,
        responses={200: s.VersusGameSerializer, 400: E400, 403: E403, 404: E404, 409: E409},
    )
    def post(self, request, game_id):
        data = validated(gs.VersionedSerializer, request)
        return write(request, versus.versus_continue, data["log_from"], game_id=game_id,
                     expected_version=data.get("version"))


class VersusBotView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAGS, summary="Let a bot decide for you for the rest of the turn or the game (the computer answers)",
        parameters=[GAME_ID], request=s.VersusBotSerializer,
        responses={200: s.VersusGameSerializer, 400: E400, 403: E403, 404: E404, 409: E409},
    )
    def post(self, request, game_id):
        data = validated(s.VersusBotSerializer, request)
        return write(request, versus.versus_bot, data["log_from"], game_id=game_id, until=data["until"],
                     expected_version=data.get("version"))


class VersusReplayView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAGS, summary="The game's record with every step, the computer's reasons and the whole event log "
                           "(the computer's cards and the seed only once the game is over)",
        parameters=[GAME_ID], responses={200: s.VersusReplaySerializer, 404: E404, 409: E409},
    )
    def get(self, request, game_id):
        game = versus.get_versus(game_id, actor_for(request))
        return Response(s.VersusReplaySerializer(vs.replay_index(game)).data)


class VersusReplayFrameView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAGS, summary="The board after step N of the replay (0: before the first decision), as your seat saw "
                           "it (all of it once the game is over)",
        operation_id="versus_replay_step",
        parameters=[GAME_ID, OpenApiParameter("step", int, OpenApiParameter.PATH)],
        responses={200: gs.FrameSerializer, 404: E404, 409: E409},
    )
    def get(self, request, game_id, step):
        game = versus.get_versus(game_id, actor_for(request))
        return Response(gs.FrameSerializer(vs.replay_frame(game, step)).data)
