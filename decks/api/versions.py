"""A deck's history: its versions, one version's list, what changed between two, and a restore."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.catalogue import get_catalogue
from cataclysm_site.api_errors import ApiError
from decks import selectors, services
from decks import serializers as s
from decks.api.common import (
    DECK_ID,
    E400,
    E403,
    E404,
    E409,
    DeckDetailSerializer,
    conflict_with_deck,
    editable_deck,
    render_deck,
)

BAD_VERSION = "bad_version"


class DeckVersionListView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=["decks"], summary="A deck's versions, newest first", parameters=[DECK_ID],
                   responses={200: s.DeckVersionSerializer(many=True), 404: E404})
    def get(self, request, deck_id):
        deck = selectors.get_readable_deck(request.user, deck_id, with_cards=False)
        return Response(s.DeckVersionSerializer(selectors.deck_versions(deck), many=True).data)


class DeckVersionDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=["decks"], summary="One version of a deck, with its list", parameters=[DECK_ID],
                   responses={200: s.DeckVersionDetailSerializer, 404: E404})
    def get(self, request, deck_id, number):
        deck = selectors.get_readable_deck(request.user, deck_id, with_cards=False)
        return Response(s.DeckVersionDetailSerializer(selectors.get_version(deck, number)).data)


def version_number(request, name: str, default: int) -> int:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ApiError(BAD_VERSION, f"`{name}` must be a version number.") from None


class DeckDiffView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=["decks"], summary="What changed between two versions (“+2 Kalen Vos, −1 Deep Roots”)",
        parameters=[
            DECK_ID,
            OpenApiParameter("from", int, description="Older version (default: the one before `to`)."),
            OpenApiParameter("to", int, description="Newer version (default: the current one)."),
        ],
        responses={200: s.VersionDiffSerializer, 400: E400, 404: E404},
    )
    def get(self, request, deck_id):
        deck = selectors.get_readable_deck(request.user, deck_id, with_cards=False)
        to = version_number(request, "to", deck.version)
        start = version_number(request, "from", max(to - 1, 1))
        diff = selectors.version_diff(selectors.get_version(deck, start), selectors.get_version(deck, to))
        return Response(s.VersionDiffSerializer(diff).data)


class DeckRestoreView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        tags=["decks"], summary="Make an old version the current one (saved as a new version)",
        parameters=[DECK_ID], request=s.RestoreSerializer,
        responses={200: DeckDetailSerializer, 400: E400, 403: E403, 404: E404, 409: E409},
    )
    def post(self, request, deck_id, number):
        deck = editable_deck(request, deck_id)
        serializer = s.RestoreSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        catalogue = get_catalogue()
        try:
            services.deck_restore_version(
                deck=deck, number=number, author=request.user,
                expected_version=serializer.validated_data.get("version"),
            )
        except services.VersionConflict as exc:
            raise conflict_with_deck(exc, catalogue) from None
        return Response(render_deck(deck.pk, catalogue))
