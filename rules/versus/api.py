"""The versus REST API: play a deck against the computer. Start, read, act, let a bot decide for you, let the
computer go on, replay.

Thin views: the ones every mode shares are `rules.play.mode_api`'s, made for versus from `VERSUS` (how it finds and
renders a game, as the player's seat sees it); continue and bot call `rules.versus.services` themselves. The same
rules as goldfish: anyone with a game's id may watch it (seeing what the player's seat sees, never the computer's
hand or deck order); only the player who started it may act (403 `not_owner`); a stale `version` is a 409 with the
game as it is now.
"""
from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.catalogue import play_catalogue
from decks import selectors as deck_selectors
from rules.play import serializers as gs
from rules.play.actors import actor_for
from rules.play.mode_api import GameMode
from rules.play.store import LiveGame
from rules.versus import rating
from rules.versus import selectors as vs
from rules.versus import serializers as s
from rules.versus import services as versus
from rules.versus.table import Computer

TAGS = ["versus"]
E400_ACT = OpenApiResponse(gs.IllegalActionSerializer, description="`illegal_action` (not one of your legal actions "
                           "now), `not_your_decision` (the computer is to move) or `game_over`. Nothing changed.")


def game_payload(game, state, *, actor, log_from: int, full: bool) -> dict:
    """A game as the client's seat sees it, always with the cards it may see (`full` makes no difference)."""
    return vs.versus_payload(game, state, actor=actor, log_from=log_from, catalogue=play_catalogue())


def start(request, data, **game) -> LiveGame:
    """Start a game of the visitor's deck against the computer playing the readable deck `opponent`, or against
    one to three `computers` (each a readable deck and a level)."""
    read = deck_selectors.get_readable_deck
    computers = [Computer(read(request.user, c["opponent"]), c["difficulty"]) for c in data.get("computers") or ()]
    opponent = read(request.user, data["opponent"]) if data.get("opponent") else None
    return versus.versus_start(actor=actor_for(request, create=True), opponent=opponent,
                               difficulty=data["difficulty"], seat=data["seat"], computers=computers or None,
                               teams=data["teams"], rated=data["rated"], **game)


VERSUS = GameMode(tags=TAGS, game_serializer=s.VersusGameSerializer, conflict_serializer=s.VersusConflictSerializer,
                  payload=game_payload, get_game=versus.get_versus, replay=vs.replay_index,
                  replay_frame=vs.replay_frame, current=lambda game: versus.get_versus(game.pk), module=__name__)
E409 = VERSUS.e409

VersusListView = VERSUS.list_view(
    "VersusListView", start_serializer=s.VersusStartSerializer, summary_serializer=s.VersusSummarySerializer,
    games_of=vs.versus_games_of, summary=vs.summary, start=start,
    list_summary="Your games against the computer, most recent first",
    start_summary="Start a game of your deck (a saved deck, a JSON decklist or a pasted list) against the computer "
                  "playing `opponent` at a difficulty")
VersusDetailView = VERSUS.detail_view(
    "VersusDetailView", summary="A game against the computer, as your seat sees it: the board, your legal actions, "
                                "the log with the computer's moves and reasons, the result")
VersusActView = VERSUS.act_view(
    "VersusActView", act=versus.versus_act, e400=E400_ACT,
    summary="Make your decision; the computer then answers until the decision is yours again")
VersusContinueView = VERSUS.write_view(
    "VersusContinueView", summary="Let the computer go on (after a request stopped it at its cap; else nothing "
                                  "changes)",
    body=gs.VersionedSerializer, service=versus.versus_continue,
    arguments=lambda game_id, data: {"log_from": data["log_from"], "game_id": game_id,
                                     "expected_version": data.get("version")})
VersusBotView = VERSUS.write_view(
    "VersusBotView", summary="Let a bot decide for you for the rest of the turn or the game (the computer answers)",
    body=s.VersusBotSerializer, service=versus.versus_bot,
    arguments=lambda game_id, data: {"log_from": data["log_from"], "game_id": game_id, "until": data["until"],
                                     "expected_version": data.get("version")})
VersusReplayView = VERSUS.replay_view(
    "VersusReplayView", serializer=s.VersusReplaySerializer,
    summary="The game's record with every step, the computer's reasons and the whole event log (the computer's "
            "cards and the seed only once the game is over)")
VersusReplayFrameView = VERSUS.replay_frame_view(
    "VersusReplayFrameView", operation_id="versus_replay_step",
    summary="The board after step N of the replay (0: before the first decision), as your seat saw it (all of it "
            "once the game is over)")


class VersusLevelsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="The computer's levels, in the menu's order, each with its rating from rated "
                                      "games against people (issue 35)",
                   responses={200: s.LevelSerializer(many=True)})
    def get(self, request):
        return Response(rating.level_list())
