"""The REST views every game mode answers alike, written once: the list of your games and a start, a game read,
a decision, its replay and a replay's step. A mode describes itself once (`GameMode`: how it finds a game, renders
it, and the shapes it answers with) and makes each view with `for_mode`, naming only what is its own (the summary
in the schema, the service a write calls). So goldfish and versus cannot drift apart in how they read `log_from`,
check a body, answer a conflict or document an error, and a new mode gets all of it by describing itself.

The view classes carry no docstrings on purpose: drf-spectacular would publish them as every operation's
description, and the pinned schema documents each mode's operations by their summaries alone.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.catalogue import play_catalogue
from rules.play import serializers as ps
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

STEP = OpenApiParameter("step", int, OpenApiParameter.PATH)


@dataclass(frozen=True)
class GameMode:
    """One game mode as its API serves it. `payload(game, state, actor=, log_from=, full=)` renders a game for a
    client (`full`: on start and GET, where a mode may add the `cards` map); `get_game(game_id, actor)` finds one to
    watch or 404s; `current(game)` is the game a 409 shows (a mode may read it again); `replay(game)` and
    `replay_frame(game, step)` build a replay's bodies."""

    tags: list[str]
    game_serializer: type
    conflict_serializer: type
    payload: Callable[..., dict]
    get_game: Callable[[str, Any], Any]
    replay: Callable[[Any], dict]
    replay_frame: Callable[[Any, int], dict]
    current: Callable[[Any], Any] = field(default=lambda game: game)

    @property
    def e409(self) -> OpenApiResponse:
        return e409(self.conflict_serializer)

    def respond(self, request, live: LiveGame, *, log_from: int = 0, full: bool = False,
                status_code: int = status.HTTP_200_OK) -> Response:
        """Render a game for this client; the payload already has the game serializer's shape."""
        payload = self.payload(live.game, live.state, actor=actor_for(request), log_from=log_from, full=full)
        return Response(payload, status=status_code)

    def conflict(self, request, exc: GameConflict) -> Response:
        """Answer 409 with the game as it is now, so the client can redraw and choose again."""
        game = self.current(exc.game)
        payload = self.payload(game, load_state(game), actor=actor_for(request), log_from=0, full=False)
        return conflict_answer(exc, self.game_serializer(payload).data)

    def write(self, request, fn: Callable[..., LiveGame], *, log_from: int = 0, **kwargs) -> Response:
        """Run a write service for this request's actor; answer with the game, or 409 with the current one."""
        return answer_write(request, lambda: fn(actor=actor_for(request), **kwargs), respond=self.respond,
                            conflict=self.conflict, log_from=log_from)

    def write_schema(self, summary: str, request, *, e400: OpenApiResponse = E400):
        """The schema of a write on one game: its body, the game, and the refusals every write shares."""
        return extend_schema(tags=self.tags, summary=summary, parameters=[GAME_ID], request=request,
                             responses={200: self.game_serializer, 400: e400, 403: E403, 404: E404, 409: self.e409})


class GameView(APIView):
    # A mode's view: anyone may call it (the services check who may act); `mode` is set by `for_mode`.
    permission_classes = [AllowAny]
    mode: GameMode

    @classmethod
    def for_mode(cls, name: str, mode: GameMode, module: str, **schemas) -> type:
        """This view for `mode`, named `name` (in `module`), each HTTP method documented by `schemas`."""
        view = type(name, (cls,), {"mode": mode, "__module__": module, "__qualname__": name})
        return extend_schema_view(**schemas)(view)


class GameListView(GameView):
    # GET: your games; POST: start one with `start(request, data, **game)` (deck, hero, counts, problems, seed,
    # seating, variants, catalogue), which takes its own extra fields from `data` and the actor from the request.
    start_serializer: type = ps.StartSerializer
    summary_serializer: type
    games_of: Callable[[Any], list]
    summary: Callable[[Any], dict]
    start: Callable[..., LiveGame]

    @classmethod
    def for_mode(cls, name, mode, module, *, list_summary: str, start_summary: str, **attrs) -> type:
        view = type(name, (cls,), {"mode": mode, "__module__": module, "__qualname__": name,
                                   **{k: staticmethod(v) if callable(v) and not isinstance(v, type) else v
                                      for k, v in attrs.items()}})
        return extend_schema_view(
            get=extend_schema(tags=mode.tags, summary=list_summary,
                              responses={200: view.summary_serializer(many=True)}),
            post=extend_schema(tags=mode.tags, summary=start_summary, request=view.start_serializer,
                               responses={201: mode.game_serializer, 400: E400_DECK, 404: E404}),
        )(view)

    def get(self, request):
        games = self.games_of(actor_for(request), limit=50)
        return Response(self.summary_serializer([self.summary(g) for g in games], many=True).data)

    def post(self, request):
        data = validated(self.start_serializer, request)
        catalogue = play_catalogue()
        deck, hero, counts, problems = deck_input(request.user, data, catalogue)
        live = self.start(request, data, deck=deck, hero=hero, counts=counts, problems=problems,
                          seed=data.get("seed"), seating=data["seating"], variants=data.get("variants") or (),
                          catalogue=catalogue)
        return self.mode.respond(request, live, full=True, status_code=status.HTTP_201_CREATED)


class GameDetailView(GameView):
    @classmethod
    def for_mode(cls, name, mode, module, *, summary: str) -> type:
        return super().for_mode(name, mode, module, get=extend_schema(
            tags=mode.tags, summary=summary, parameters=[GAME_ID, LOG_FROM],
            responses={200: mode.game_serializer, 400: E400, 404: E404, 409: mode.e409}))

    def get(self, request, game_id):
        log_from = log_from_param(request)
        game = self.mode.get_game(game_id, actor_for(request))
        return self.mode.respond(request, LiveGame(game, load_state(game)), log_from=log_from, full=True)


class GameActView(GameView):
    # The decision of `act(game_id=, actor=, action=, expected_version=)`, the mode's service.
    act: Callable[..., LiveGame]

    @classmethod
    def for_mode(cls, name, mode, module, *, summary: str, act: Callable, e400: OpenApiResponse) -> type:
        view = super().for_mode(name, mode, module, post=mode.write_schema(summary, ps.ActSerializer, e400=e400))
        view.act = staticmethod(act)
        return view

    def post(self, request, game_id):
        data = validated(ps.ActSerializer, request)
        return self.mode.write(request, self.act, log_from=data["log_from"], game_id=game_id,
                               action=data["action"], expected_version=data.get("version"))


class GameReplayView(GameView):
    replay_serializer: type

    @classmethod
    def for_mode(cls, name, mode, module, *, summary: str, serializer: type) -> type:
        view = super().for_mode(name, mode, module, get=extend_schema(
            tags=mode.tags, summary=summary, parameters=[GAME_ID],
            responses={200: serializer, 404: E404, 409: mode.e409}))
        view.replay_serializer = serializer
        return view

    def get(self, request, game_id):
        game = self.mode.get_game(game_id, actor_for(request))
        return Response(self.replay_serializer(self.mode.replay(game)).data)


class GameReplayFrameView(GameView):
    @classmethod
    def for_mode(cls, name, mode, module, *, summary: str, operation_id: str) -> type:
        return super().for_mode(name, mode, module, get=extend_schema(
            tags=mode.tags, summary=summary, operation_id=operation_id, parameters=[GAME_ID, STEP],
            responses={200: ps.FrameSerializer, 404: E404, 409: mode.e409}))

    def get(self, request, game_id, step):
        game = self.mode.get_game(game_id, actor_for(request))
        return Response(ps.FrameSerializer(self.mode.replay_frame(game, step)).data)
