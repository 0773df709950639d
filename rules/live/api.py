"""The live tables REST API: open a table, sit down, read it, decide, resign, offer a draw, claim a forfeit, chat,
mute, rematch; and the leaderboard. Every decision made here reaches the table's sockets too (`notify`).

Thin views over `rules.live.services` (writes) and `rules.live.selectors` (reads). Anyone with a table's id may
watch it (the spectators' view: no hand at all); only its two players may act (403 `not_player`); a stale `version`
is 409 with the table as it is now; the player not to decide gets 400 `not_your_decision`.
"""
from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.catalogue import play_catalogue
from decks.serializers import ErrorSerializer
from rules.live import chat, computers, replay, services, tables
from rules.live import selectors as ls
from rules.live import serializers as s
from rules.play import ratings
from rules.play import serializers as ps
from rules.play.actors import actor_for
from rules.play.api import validated
from rules.play.decks import deck_input

TAGS = ["tables"]
TABLE_ID = OpenApiParameter("table_id", str, OpenApiParameter.PATH, description="The table's random id.")
E400 = OpenApiResponse(ErrorSerializer, description="`illegal_action`, `not_your_decision`, `not_live`, "
                       "`game_over`, `invalid_deck`, `bad_clock`, … : nothing changed.")
E403 = OpenApiResponse(ErrorSerializer, description="`not_player`: only the table's two players may do this; "
                       "`bad_invite`: an unlisted table needs its invite token.")
E404 = OpenApiResponse(ErrorSerializer, description="`not_found`: no table with this id.")
E409_REPLAY = OpenApiResponse(ErrorSerializer, description="`not_finished`: replays only once the game is over; "
                              "`game_unavailable`: the card data changed and the log no longer replays.")
E409 = OpenApiResponse(s.TableConflictSerializer, description="`conflict`: the table moved on (or `version` is "
                       "stale); `table` is the table as it is now. `table_taken`: both seats are taken.")


def respond(request, table, *, status_code: int = status.HTTP_200_OK, log_from: int = 0) -> Response:
    return Response(ls.table_payload(table, actor_for(request), log_from=log_from), status=status_code)


def write(request, fn, log_from: int = 0, **kwargs) -> Response:
    """Run a write service as this request's visitor; a conflict answers 409 with the table as it is now."""
    try:
        table = fn(actor=actor_for(request, create=True), **kwargs)
    except services.TableConflict as exc:
        body = {"code": exc.error_code, "message": exc.message,
                "table": ls.table_payload(exc.table, actor_for(request))}
        return Response(body, status=status.HTTP_409_CONFLICT)
    return respond(request, table, log_from=log_from)


def deck_kwargs(request, data) -> dict:
    deck, hero, counts, problems = deck_input(request.user, data, play_catalogue())
    return {"deck": deck, "hero": hero, "counts": counts, "problems": problems}


class TableListView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="Listed tables waiting for a player, then listed games in play (to watch)",
                   responses={200: s.TableSummarySerializer(many=True)})
    def get(self, request):
        return Response([ls.summary(t) for t in ls.lobby()])

    @extend_schema(tags=TAGS, summary="Open a table with your deck; a friend joins it by its invite link",
                   request=s.TableOpenSerializer, responses={201: s.TableCreatedSerializer, 400: E400, 404: E404})
    def post(self, request):
        data = validated(s.TableOpenSerializer, request)
        actor = actor_for(request, create=True)
        table = services.open_table(
            actor=actor, **deck_kwargs(request, data), seat=data["seat"], seating=data["seating"],
            variants=data.get("variants") or (), seed=data.get("seed"), clock_minutes=data.get("clock_minutes"),
            increment=data["increment"], grace_seconds=data["grace_seconds"], listed=data["listed"],
            players=data["players"], teams=data["teams"])
        body = {"id": table.pk, "invite_url": request.build_absolute_uri(ls.invite_url(table)),
                "seat": tables.seat_of(table, actor), "status": table.status, **ls.links(table)}
        return Response(body, status=status.HTTP_201_CREATED)


class TableDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="The table as your seat sees it (or the spectators' view)",
                   parameters=[TABLE_ID], responses={200: s.TableSerializer, 404: E404})
    def get(self, request, table_id):
        actor = actor_for(request)
        table = tables.get_table(table_id)
        services.touch(table, tables.seat_of(table, actor))
        return respond(request, services.settle(table))


class TableJoinView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="Sit in the empty seat with a legal deck: the game starts",
                   parameters=[TABLE_ID], request=s.TableJoinSerializer,
                   responses={200: s.TableSerializer, 400: E400, 403: E403, 404: E404, 409: E409})
    def post(self, request, table_id):
        data = validated(s.TableJoinSerializer, request)
        return write(request, services.join_table, table_id=table_id, invite=data.get("invite"),
                     **deck_kwargs(request, data))


class TableActView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="Make your decision: one of your `legal_actions`, with the version you saw",
                   parameters=[TABLE_ID], request=s.TableActSerializer,
                   responses={200: s.TableSerializer, 400: E400, 403: E403, 404: E404, 409: E409})
    def post(self, request, table_id):
        data = validated(s.TableActSerializer, request)
        return write(request, services.act, data["log_from"], table_id=table_id, action=data["action"],
                     expected_version=data.get("version"))


def simple_write(name: str, fn, summary: str, request_serializer=s.TableVersionSerializer):
    """A POST view for a write that takes the table and the request's few fields (`version` as the expected one)."""

    class View(APIView):
        permission_classes = [AllowAny]

        @extend_schema(tags=TAGS, summary=summary, parameters=[TABLE_ID], request=request_serializer,
                       responses={200: s.TableSerializer, 400: E400, 403: E403, 404: E404, 409: E409})
        def post(self, request, table_id):
            fields = dict(validated(request_serializer, request))
            if "version" in fields:
                fields["expected_version"] = fields.pop("version")
            return write(request, fn, table_id=table_id, **fields)

    View.__name__ = View.__qualname__ = name
    return View


TableResignView = simple_write("TableResignView", services.resign, "Resign: your opponent wins")
TableDrawView = simple_write("TableDrawView", services.offer_draw,
                             "Offer a draw, or accept your opponent's offer (playing on declines it)")
TableClaimView = simple_write("TableClaimView", services.claim, "Claim the win: your opponent's clock ran out or "
                              "they left past the grace period", s.EmptySerializer)
TableMuteView = simple_write("TableMuteView", chat.mute, "Mute (or unmute) the others' chat (your opponent's "
                             "and the spectators' lines)", s.MuteSerializer)


E403_HOST = OpenApiResponse(ErrorSerializer, description="`not_host`: only the player who opened the table seats a "
                            "computer; `not_player`: you do not sit at this table.")
E409_SEATS = OpenApiResponse(s.TableConflictSerializer, description="`table_started`: the game has started, its "
                             "seats are final; `seat_taken`; `conflict`: `version` is stale.")


class TableComputerView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="Seat a computer of a level in an empty seat (the host, before the game "
                                      "starts; the last seat filled starts it)",
                   parameters=[TABLE_ID], request=s.ComputerSeatSerializer,
                   responses={200: s.TableSerializer, 400: E400, 403: E403_HOST, 404: E404, 409: E409_SEATS})
    def post(self, request, table_id):
        data = validated(s.ComputerSeatSerializer, request)
        return write(request, computers.add_computer, table_id=table_id, seat=data["seat"], level=data["level"],
                     deck=data.get("deck") or None, expected_version=data.get("version"))


class TableComputerSeatView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="Take the computer out of a seat again (the host, before the game starts)",
                   parameters=[TABLE_ID, OpenApiParameter("seat", int, OpenApiParameter.PATH)],
                   request=None, responses={200: s.TableSerializer, 400: E400, 403: E403_HOST, 404: E404,
                                            409: E409_SEATS})
    def delete(self, request, table_id, seat):
        return write(request, computers.remove_computer, table_id=table_id, seat=seat)


class TableRematchView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="After the game: open a rematch with seats swapped, or sit down at the one "
                                      "your opponent opened", parameters=[TABLE_ID], request=None,
                   responses={200: s.TableSerializer, 400: E400, 403: E403, 404: E404, 409: E409})
    def post(self, request, table_id):
        return write(request, services.rematch, table_id=table_id)


class TableChatView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="Say a line in the table's chat (the players and signed-in spectators; at most 5 "
                                      "lines in 10 s each)",
                   parameters=[TABLE_ID], request=s.ChatSerializer,
                   responses={201: s.ChatLineSerializer, 400: E400, 403: E403, 404: E404,
                              429: OpenApiResponse(ErrorSerializer, description="`chat_throttled`")})
    def post(self, request, table_id):
        text = validated(s.ChatSerializer, request)["text"]
        message = chat.say(table_id=table_id, actor=actor_for(request), text=text)
        return Response(chat.entry(message), status=status.HTTP_201_CREATED)


class LeaderboardView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="Players and the computer's levels ranked by their rating from rated games (OpenSkill, "
                                      "mu - 3 sigma)",
                   responses={200: s.RatingSerializer(many=True)})
    def get(self, request):
        return Response(ratings.leaderboard_rows(ratings.leaderboard()))


class TableReplayView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="A finished game's record, every decision of both players and the whole log",
                   parameters=[TABLE_ID], responses={200: s.TableReplaySerializer, 404: E404, 409: E409_REPLAY})
    def get(self, request, table_id):
        table = tables.get_table(table_id)
        return Response(replay.replay_index(table, tables.seat_of(table, actor_for(request))))


class TableReplayFrameView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="The board after step N of a finished game's replay (0: before the first "
                                      "decision)", operation_id="tables_replay_step",
                   parameters=[TABLE_ID, OpenApiParameter("step", int, OpenApiParameter.PATH)],
                   responses={200: ps.FrameSerializer, 404: E404, 409: E409_REPLAY})
    def get(self, request, table_id, step):
        table = tables.get_table(table_id)
        return Response(replay.replay_frame(table, step, tables.seat_of(table, actor_for(request))))
