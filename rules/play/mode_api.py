"""The REST views every game mode answers alike, written once: the list of your games and a start, a game read,
a decision and any other write on a game, its replay and a replay's step. A mode describes itself once (`GameMode`:
how it finds a game, renders it, and the shapes it answers with) and has it make each view (`GameMode.detail_view`,
`.act_view`, …), naming only what is its own (the view's name, its summary in the schema, the service a write
calls). So goldfish and versus cannot drift apart in how they read `log_from`, check a body, answer a conflict or
document an error, and a new mode gets all of it by describing itself.

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
    `replay_frame(game, step)` build a replay's bodies; `tags` group its operations in the schema and `module` is
    where its views are said to live (its api.py)."""

    tags: list[str]
    game_serializer: type
    conflict_serializer: type
    payload: Callable[..., dict]
    get_game: Callable[[str, Any], Any]
    replay: Callable[[Any], dict]
    replay_frame: Callable[[Any, int], dict]
    module: str
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

    # ------------------------------------------------------------------------------------------ the mode's views
    def list_view(self, name: str, *, list_summary: str, start_summary: str, start_serializer=ps.StartSerializer,
                  **attrs) -> type:
        """Your games (GET) and a new one (POST); `attrs`: `summary_serializer`, `games_of`, `summary`, `start`."""
        return GameListView.made(name, self, {
            "get": extend_schema(tags=self.tags, summary=list_summary,
                                 responses={200: attrs["summary_serializer"](many=True)}),
            "post": extend_schema(tags=self.tags, summary=start_summary, request=start_serializer,
                                  responses={201: self.game_serializer, 400: E400_DECK, 404: E404}),
        }, start_serializer=start_serializer, **attrs)

    def detail_view(self, name: str, *, summary: str) -> type:
        return GameDetailView.made(name, self, {"get": extend_schema(
            tags=self.tags, summary=summary, parameters=[GAME_ID, LOG_FROM],
            responses={200: self.game_serializer, 400: E400, 404: E404, 409: self.e409})})

    def write_view(self, name: str, *, summary: str, body: type, service: Callable, arguments: Callable,
                   e400: OpenApiResponse = E400) -> type:
        """A write on one game: `body` read, then `service(actor=, **arguments(game_id, data))`."""
        return GameWriteView.made(name, self, {"post": self.write_schema(summary, body, e400=e400)}, body=body,
                                  service=service, arguments=arguments)

    def act_view(self, name: str, *, summary: str, act: Callable, e400: OpenApiResponse) -> type:
        """A decision: `act(game_id=, actor=, action=, expected_version=)`."""
        return self.write_view(name, summary=summary, body=ps.ActSerializer, service=act, arguments=decision,
                               e400=e400)

    def replay_view(self, name: str, *, summary: str, serializer: type) -> type:
        return GameReplayView.made(name, self, {"get": extend_schema(
            tags=self.tags, summary=summary, parameters=[GAME_ID],
            responses={200: serializer, 404: E404, 409: self.e409})}, replay_serializer=serializer)

    def replay_frame_view(self, name: str, *, summary: str, operation_id: str) -> type:
        return GameReplayFrameView.made(name, self, {"get": extend_schema(
            tags=self.tags, summary=summary, operation_id=operation_id, parameters=[GAME_ID, STEP],
            responses={200: ps.FrameSerializer, 404: E404, 409: self.e409})})


class GameView(APIView):
    # A mode's view: anyone may call it (the services check who may act); `mode` is set by `made`.
    permission_classes = [AllowAny]
    mode: GameMode

    @classmethod
    def made(cls, name: str, mode: GameMode, schemas: dict, **attrs) -> type:
        """This view for `mode`, named `name` (in the mode's module), its HTTP methods documented by `schemas`;
        `attrs` are its own callables (services, selectors) and serializers."""
        own = {k: staticmethod(v) if callable(v) and not isinstance(v, type) else v for k, v in attrs.items()}
        view = type(name, (cls,), {"mode": mode, "__module__": mode.module, "__qualname__": name, **own})
        return extend_schema_view(**schemas)(view)


class GameListView(GameView):
    # GET: your games; POST: start one with `start(request, data, **game)` (deck, hero, counts, problems, seed,
    # seating, variants, catalogue), which takes its own extra fields from `data` and the actor from the request.
    start_serializer: type
    summary_serializer: type
    games_of: Callable[..., list]
    summary: Callable[[Any], dict]
    start: Callable[..., LiveGame]

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
    def get(self, request, game_id):
        log_from = log_from_param(request)
        game = self.mode.get_game(game_id, actor_for(request))
        return self.mode.respond(request, LiveGame(game, load_state(game)), log_from=log_from, full=True)


class GameWriteView(GameView):
    # A write on one game: the body read by `body`, then `service(actor=, **arguments(game_id, data))` (`log_from`
    # among the arguments picks the log the answer carries).
    body: type
    service: Callable[..., LiveGame]
    arguments: Callable[[str, dict], dict]

    def post(self, request, game_id):
        data = validated(self.body, request)
        return self.mode.write(request, self.service, **self.arguments(game_id, data))


def decision(game_id: str, data: dict) -> dict:
    """A decision's arguments: the action chosen, on the version the client saw."""
    return {"log_from": data["log_from"], "game_id": game_id, "action": data["action"],
            "expected_version": data.get("version")}


class GameReplayView(GameView):
    replay_serializer: type

    def get(self, request, game_id):
        game = self.mode.get_game(game_id, actor_for(request))
        return Response(self.replay_serializer(self.mode.replay(game)).data)


class GameReplayFrameView(GameView):
    def get(self, request, game_id, step):
        game = self.mode.get_game(game_id, actor_for(request))
        return Response(ps.FrameSerializer(self.mode.replay_frame(game, step)).data)
