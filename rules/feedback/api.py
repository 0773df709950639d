"""The API of what players saw: a card's statistics per release and its playtest notes."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAdminUser, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.catalogue import get_catalogue
from cards.release_api import requested_release
from cataclysm_site.throttling import AnonRateThrottle, CommunityWriteThrottle, UserRateThrottle
from decks.serializers import ErrorSerializer
from rules.feedback import serializers as s
from rules.feedback import services, stats

THROTTLES = [AnonRateThrottle, UserRateThrottle, CommunityWriteThrottle]
SLUG = OpenApiParameter("slug", str, OpenApiParameter.PATH, description="The card's slug.")
NOTE_ID = OpenApiParameter("note_id", int, OpenApiParameter.PATH, description="The note's id.")
RELEASE = OpenApiParameter("release", str, description="A release's slug (default: every release, newest first; "
                           "for notes, every release).")
E400 = OpenApiResponse(ErrorSerializer, description="`empty_note`, `note_too_long`, `bad_game`, `game_not_visible` "
                       "(not your game nor a public one), `release_not_found`, `release_mismatch`, "
                       "`release_before_note`, `no_release` or `invalid`.")
E403 = OpenApiResponse(ErrorSerializer, description="Not logged in (`not_authenticated`), or not staff "
                       "(`permission_denied`).")
E404 = OpenApiResponse(ErrorSerializer, description="`card_not_found`, `note_not_found` or `release_not_found`.")
E429 = OpenApiResponse(ErrorSerializer, description="`throttled`: too many writes; wait `Retry-After` seconds.")



class CardStatsView(APIView):
    @extend_schema(tags=["cards"], summary="A card's win rates in people's finished live tables, per release",
                   parameters=[SLUG, RELEASE], responses={200: s.CardStatsSerializer(many=True), 404: E404})
    def get(self, request, slug):
        release = requested_release(request.query_params.get("release"))
        services.check_card(slug, release)
        rows = [stats.card_stats(slug, release)] if release else stats.card_stats_by_release(slug)
        return Response(s.CardStatsSerializer(rows, many=True).data)


class CardNotesView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    throttle_classes = THROTTLES

    @extend_schema(tags=["cards"], summary="A card's playtest notes, newest release first", parameters=[SLUG, RELEASE],
                   responses={200: s.NoteSerializer(many=True), 404: E404})
    def get(self, request, slug):
        release = requested_release(request.query_params.get("release"))
        services.check_card(slug, release)
        notes = services.notes_of(slug)
        if release is not None:
            notes = notes.filter(release=release)
        return Response(s.NoteSerializer(notes, many=True, context={"catalogue": get_catalogue()}).data)

    @extend_schema(tags=["cards"], summary="Leave a playtest note on a card (Markdown), optionally with a game",
                   parameters=[SLUG], request=s.NoteWriteSerializer,
                   responses={201: s.NoteSerializer, 400: E400, 403: E403, 404: E404, 429: E429})
    def post(self, request, slug):
        serializer = s.NoteWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        note = services.add_note(author=request.user, card=slug, **serializer.validated_data)
        return Response(s.NoteSerializer(note, context={"catalogue": get_catalogue()}).data,
                        status=status.HTTP_201_CREATED)


class CardNoteView(APIView):
    permission_classes = [IsAdminUser]
    throttle_classes = THROTTLES

    @extend_schema(tags=["cards"], summary="Mark a note addressed by a release, or open again (staff)",
                   parameters=[SLUG, NOTE_ID], request=s.NoteAddressSerializer,
                   responses={200: s.NoteSerializer, 400: E400, 403: E403, 404: E404, 429: E429})
    def patch(self, request, slug, note_id):
        serializer = s.NoteAddressSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        note = services.mark_addressed(services.get_note(slug, note_id), serializer.validated_data["addressed_by"])
        return Response(s.NoteSerializer(note, context={"catalogue": get_catalogue()}).data)
