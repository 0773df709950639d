"""The goldfish REST API: start a game, act in it, undo, let a bot play, replay it, and bulk-simulate a deck.

Views stay thin: the views every mode shares (list and start, read, act, replay) are `rules.play.mode_api`'s, made
for goldfish from `GOLDFISH` (how it finds and renders a game); the ones of its own (undo, bot, high scores, bulk
runs) read the request with a serializer, call `rules.goldfish.services` (writes) or `.selectors` (reads). Anyone with a game's id may read it; only the player who started it
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
from rules.play.api import E400_DECK, E404, validated
from rules.play.charts import simulation_charts
from rules.play.decks import deck_ref
from rules.play.digest import game_digest
from rules.play.mode_api import GameMode
from rules.play.payload import replay_frame_body
from rules.play.store import LiveGame

E400_ACTION = OpenApiResponse(ps.IllegalActionSerializer, description="`illegal_action`: not one of the legal actions "
                              "now (stale, unknown or out of turn); `rule` and `message` say why. Nothing changed.")
TAGS = ["goldfish"]
DECK = OpenApiParameter("deck_id", str, OpenApiParameter.PATH)  # the deck's high scores and bulk runs


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


def game_payload(game, state, *, actor, log_from: int, full: bool) -> dict:
    """A game for a client: with the `cards` map when `full` (start and GET), without after a write."""
    return selectors.game_payload(game, state, actor=actor, log_from=log_from,
                                  catalogue=play_catalogue() if full else None)


def replay_body(game) -> dict:
    """The game's record with every step, the whole event log and its cards as the game's release has them."""
    replayed = services.goldfish_replay(game=game)
    record = game.record()
    final = replayed["final"]
    return {
        "id": game.pk, **selectors.game_links(game), "status": game.status, "legacy": game.legacy,
        "deck": deck_ref(game.deck),
        "rounds": game.rounds, "engine_version": record["engine_version"], "data_hash": record["data_hash"],
        "seed": game.seed, "seating": game.seating, "decks": record["decks"], "actions": record["actions"],
        "steps": replayed["steps"], "events": final.events, "digest": game_digest(game, final),
        "cards": selectors.card_entries(final.cat, [game.hero, *game.cards]),
    }


def replay_frame(game, step: int) -> dict:
    """The board after step `step` of the replay."""
    replayed = services.goldfish_replay(game=game, step=step)
    frame = replayed["frame"]
    view = selectors.board(frame)
    return replay_frame_body(replayed, step, view=view, prompt=selectors.prompt(frame, view), digest=frame.digest())


def start(request, data, **game) -> LiveGame:
    return services.goldfish_start(actor=actor_for(request, create=True), **game)


GOLDFISH = GameMode(tags=TAGS, game_serializer=s.GameSerializer, conflict_serializer=s.ConflictSerializer,
                    payload=game_payload, get_game=selectors.get_game, replay=replay_body, replay_frame=replay_frame,
                    module=__name__)
E409 = GOLDFISH.e409

GoldfishListView = GOLDFISH.list_view(
    "GoldfishListView", summary_serializer=s.GameSummarySerializer, games_of=selectors.games_of, summary=summary,
    start=start, list_summary="Your goldfish games, most recent first",
    start_summary="Start a goldfish game of a saved deck, a JSON decklist or a pasted list")
GoldfishDetailView = GOLDFISH.detail_view(
    "GoldfishDetailView", summary="A goldfish game: the board, what can be done now, the log and the Legacy")
GoldfishActView = GOLDFISH.act_view(
    "GoldfishActView", summary="Make a decision: apply one of the legal actions", act=services.act_in_game,
    e400=E400_ACTION)
# Undo answers with the whole log (it rewrites it); the bot with the log from `log_from`, as a decision does.
GoldfishUndoView = GOLDFISH.write_view(
    "GoldfishUndoView", summary="Take back the last decision (the log is replayed without it)",
    body=ps.VersionedSerializer, service=services.goldfish_undo,
    arguments=lambda game_id, data: {"game": services.get_game_for_write(game_id),
                                     "expected_version": data.get("version")})
GoldfishBotView = GOLDFISH.write_view(
    "GoldfishBotView", summary="Let a bot play the rest of the turn or the rest of the game",
    body=s.BotSerializer, service=services.goldfish_bot,
    arguments=lambda game_id, data: {"log_from": data["log_from"], "game": services.get_game_for_write(game_id),
                                     "bot": data["bot"], "until": data["until"],
                                     "expected_version": data.get("version")})
GoldfishReplayView = GOLDFISH.replay_view(
    "GoldfishReplayView", serializer=s.ReplaySerializer,
    summary="The game's record (seed, decks, action log) with every step and the whole event log")
GoldfishReplayFrameView = GOLDFISH.replay_frame_view(
    "GoldfishReplayFrameView", operation_id="goldfish_replay_step",
    summary="The board after step N of the replay (0: before the first decision)")


class DeckHighScoresView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="A deck's best goldfish games (highest Legacy first)", parameters=[DECK],
                   responses={200: s.HighScoreSerializer(many=True), 404: E404})
    def get(self, request, deck_id):
        deck = deck_selectors.get_readable_deck(request.user, deck_id, with_cards=False)
        rows = high_score_rows(selectors.deck_high_scores(deck))
        return Response(s.HighScoreSerializer(rows, many=True).data)


class DeckSimulateView(APIView):
    permission_classes = [AllowAny]
    throttle_scope = "expensive"

    @extend_schema(tags=TAGS, summary="The deck's latest bulk goldfish runs", parameters=[DECK],
                   responses={200: s.SimulationSerializer(many=True), 404: E404})
    def get(self, request, deck_id):
        deck = deck_selectors.get_readable_deck(request.user, deck_id, with_cards=False)
        runs = selectors.latest_simulations(deck, limit=10)
        return Response(s.SimulationSerializer([simulation_data(r) for r in runs], many=True).data)

    @extend_schema(
        tags=TAGS, summary="Run N goldfish games of the deck with a bot and store the statistics",
        parameters=[DECK], request=s.SimulateSerializer,
        responses={201: s.SimulationSerializer, 400: E400_DECK, 404: E404},
    )
    def post(self, request, deck_id):
        data = validated(s.SimulateSerializer, request)
        deck = deck_selectors.get_readable_deck(request.user, deck_id)
        run = services.deck_simulate(deck=deck, games=data["games"], bot=data["bot"], seed=data.get("seed"),
                                     seating=data["seating"])
        return Response(s.SimulationSerializer(simulation_data(run)).data, status=status.HTTP_201_CREATED)
