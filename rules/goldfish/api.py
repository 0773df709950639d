"""The goldfish REST API: start a game, act in it, undo, let a bot play, replay it, and bulk-simulate a deck.

Views stay thin: they read the request with a serializer, call `rules.goldfish.services` (writes) or `.selectors`
(reads) and render `selectors.game_payload`. Anyone with a game's id may read it; only the player who started it
may act (its account, or for an anonymous game the browser session that started it).
"""
from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.catalogue import play_catalogue
from decks import selectors as deck_selectors
from rules.goldfish import selectors, services
from rules.goldfish import serializers as s
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
from rules.play.charts import simulation_charts
from rules.play.decks import deck_input, deck_ref
from rules.play.digest import game_digest
from rules.play.payload import replay_frame_body
from rules.play.store import GameConflict, LiveGame, load_state

E400_ACTION = OpenApiResponse(ps.IllegalActionSerializer, description="`illegal_action`: not one of the legal actions "
                              "now (stale, unknown or out of turn); `rule` and `message` say why. Nothing changed.")
E409 = e409(s.ConflictSerializer)
TAGS = ["goldfish"]


def respond(request, live: LiveGame, *, log_from: int = 0, full: bool = False,
            status_code: int = status.HTTP_200_OK) -> Response:
    """Render a game for this client (with the `cards` map when `full`)."""
    actor = actor_for(request)
    payload = selectors.game_payload(live.game, live.state, actor=actor, log_from=log_from,
                                     catalogue=play_catalogue() if full else None)
    return Response(payload, status=status_code)  # already GameSerializer's shape; it stays for the schema


def conflict(request, exc: GameConflict) -> Response:
    """Answer 409 with the game as it is now, so the client can redraw and choose again."""
    payload = selectors.game_payload(exc.game, load_state(exc.game), actor=actor_for(request))
    return conflict_answer(exc, s.GameSerializer(payload).data)


def summary(game) -> dict:
    return {
        "id": game.pk, **selectors.game_links(game), "status": game.status, "version": game.version,
        "moves": len(game.actions), "seed": game.seed, "seating": game.seating, "variants": list(game.variants),
        "deck": deck_ref(game.deck),
        "deck_name": game.deck_name, "hero": game.hero, "legacy": game.legacy, "rounds": game.rounds,
        "bot_assisted": game.bot_assisted, "owner": game.owner.username if game.owner_id else None,
        "created_at": game.created_at, "updated_at": game.updated_at, "finished_at": game.finished_at,
    }


def high_score_rows(games) -> list[dict]:
    return [{"rank": rank, "id": g.pk, "legacy": g.legacy, "rounds": g.rounds, "seed": g.seed,
             "seating": g.seating, "player": g.owner.username if g.owner_id else None,
             "bot_assisted": g.bot_assisted, "finished_at": g.finished_at,
             "replay_url": selectors.game_links(g)["replay_url"]} for rank, g in enumerate(games, start=1)]


def simulation_data(run) -> dict:
    return {"id": run.pk, "deck": run.deck_id, "deck_version": run.deck_version, "bot": run.bot, "games": run.games,
            "seed": run.seed, "created_at": run.created_at, "stats": run.stats,
            "charts": simulation_charts(run.stats)}


class GoldfishListView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="Your goldfish games, most recent first",
                   responses={200: s.GameSummarySerializer(many=True)})
    def get(self, request):
        games = selectors.games_of(actor_for(request), limit=50)
        return Response(s.GameSummarySerializer([summary(g) for g in games], many=True).data)

    @extend_schema(
        tags=TAGS, summary="Start a goldfish game of a saved deck, a JSON decklist or a pasted list",
        request=ps.StartSerializer,
        responses={201: s.GameSerializer, 400: E400_DECK, 404: E404},
    )
    def post(self, request):
        data = validated(ps.StartSerializer, request)
        catalogue = play_catalogue()
        deck, hero, counts, problems = deck_input(request.user, data, catalogue)
        live = services.goldfish_start(
            actor=actor_for(request, create=True), deck=deck, hero=hero, counts=counts, problems=problems,
            seed=data.get("seed"), seating=data["seating"], variants=data.get("variants") or (), catalogue=catalogue,
        )
        return respond(request, live, full=True, status_code=status.HTTP_201_CREATED)


class GoldfishDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="A goldfish game: the board, what can be done now, the log and the Legacy",
                   parameters=[GAME_ID, LOG_FROM],
                   responses={200: s.GameSerializer, 400: E400, 404: E404, 409: E409})
    def get(self, request, game_id):
        log_from = log_from_param(request)
        game = selectors.get_game(game_id, actor_for(request))
        return respond(request, LiveGame(game, load_state(game)), log_from=log_from, full=True)


class GoldfishActView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAGS, summary="Make a decision: apply one of the legal actions",
        parameters=[GAME_ID], request=ps.ActSerializer,
        responses={200: s.GameSerializer, 400: E400_ACTION, 403: E403, 404: E404, 409: E409},
    )
    def post(self, request, game_id):
        data = validated(ps.ActSerializer, request)
        return answer_write(request, lambda: services.act_in_game(
            game_id=game_id, actor=actor_for(request), action=data["action"], expected_version=data.get("version"),
        ), respond=respond, conflict=conflict, log_from=data["log_from"])


class GoldfishUndoView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAGS, summary="Take back the last decision (the log is replayed without it)",
        parameters=[GAME_ID], request=ps.VersionedSerializer,
        responses={200: s.GameSerializer, 400: E400, 403: E403, 404: E404, 409: E409},
    )
    def post(self, request, game_id):
        data = validated(ps.VersionedSerializer, request)
        game = services.get_game_for_write(game_id)
        return answer_write(request, lambda: services.goldfish_undo(
            game=game, actor=actor_for(request), expected_version=data.get("version"),
        ), respond=respond, conflict=conflict)


class GoldfishBotView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAGS, summary="Let a bot play the rest of the turn or the rest of the game",
        parameters=[GAME_ID], request=s.BotSerializer,
        responses={200: s.GameSerializer, 400: E400, 403: E403, 404: E404, 409: E409},
    )
    def post(self, request, game_id):
        data = validated(s.BotSerializer, request)
        game = services.get_game_for_write(game_id)
        return answer_write(request, lambda: services.goldfish_bot(
            game=game, actor=actor_for(request), bot=data["bot"], until=data["until"],
            expected_version=data.get("version"),
        ), respond=respond, conflict=conflict, log_from=data["log_from"])


class GoldfishReplayView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAGS, summary="The game's record (seed, decks, action log) with every step and the whole event log",
        parameters=[GAME_ID], responses={200: s.ReplaySerializer, 404: E404, 409: E409},
    )
    def get(self, request, game_id):
        game = selectors.get_game(game_id, actor_for(request))
        replayed = services.goldfish_replay(game=game)
        record = game.record()
        final = replayed["final"]
        body = {
            "id": game.pk, **selectors.game_links(game), "status": game.status, "legacy": game.legacy,
            "deck": deck_ref(game.deck),
            "rounds": game.rounds, "engine_version": record["engine_version"], "data_hash": record["data_hash"],
            "seed": game.seed, "seating": game.seating, "decks": record["decks"], "actions": record["actions"],
            "steps": replayed["steps"], "events": final.events, "digest": game_digest(game, final),
            "cards": selectors.card_entries(final.cat, [game.hero, *game.cards]),  # as the game's release has them
        }
        return Response(s.ReplaySerializer(body).data)


class GoldfishReplayFrameView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAGS, summary="The board after step N of the replay (0: before the first decision)",
        operation_id="goldfish_replay_step",
        parameters=[GAME_ID, OpenApiParameter("step", int, OpenApiParameter.PATH)],
        responses={200: ps.FrameSerializer, 404: E404, 409: E409},
    )
    def get(self, request, game_id, step):
        game = selectors.get_game(game_id, actor_for(request))
        replayed = services.goldfish_replay(game=game, step=step)
        frame = replayed["frame"]
        view = selectors.board(frame)
        body = replay_frame_body(replayed, step, view=view, prompt=selectors.prompt(frame, view),
                                 digest=frame.digest())
        return Response(ps.FrameSerializer(body).data)


class DeckHighScoresView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="A deck's best goldfish games (highest Legacy first)",
                   parameters=[OpenApiParameter("deck_id", str, OpenApiParameter.PATH)],
                   responses={200: s.HighScoreSerializer(many=True), 404: E404})
    def get(self, request, deck_id):
        deck = deck_selectors.get_readable_deck(request.user, deck_id, with_cards=False)
        rows = high_score_rows(selectors.deck_high_scores(deck))
        return Response(s.HighScoreSerializer(rows, many=True).data)


class DeckSimulateView(APIView):
    permission_classes = [AllowAny]
    throttle_scope = "expensive"

    @extend_schema(tags=TAGS, summary="The deck's latest bulk goldfish runs",
                   parameters=[OpenApiParameter("deck_id", str, OpenApiParameter.PATH)],
                   responses={200: s.SimulationSerializer(many=True), 404: E404})
    def get(self, request, deck_id):
        deck = deck_selectors.get_readable_deck(request.user, deck_id, with_cards=False)
        runs = selectors.latest_simulations(deck, limit=10)
        return Response(s.SimulationSerializer([simulation_data(r) for r in runs], many=True).data)

    @extend_schema(
        tags=TAGS, summary="Run N goldfish games of the deck with a bot and store the statistics",
        parameters=[OpenApiParameter("deck_id", str, OpenApiParameter.PATH)], request=s.SimulateSerializer,
        responses={201: s.SimulationSerializer, 400: E400_DECK, 404: E404},
    )
    def post(self, request, deck_id):
        data = validated(s.SimulateSerializer, request)
        deck = deck_selectors.get_readable_deck(request.user, deck_id)
        run = services.deck_simulate(deck=deck, games=data["games"], bot=data["bot"], seed=data.get("seed"),
                                     seating=data["seating"])
        return Response(s.SimulationSerializer(simulation_data(run)).data, status=status.HTTP_201_CREATED)
