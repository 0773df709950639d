"""Your collection: read, replace or change it, export it, and how much of a deck it covers."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.catalogue import get_catalogue
from cataclysm_site.api_errors import ApiError
from decks import collection as collection_io
from decks import selectors, services
from decks import serializers as s
from decks.api.common import DECK_ID, E400, E404, UNKNOWN_EXPORT_FORMAT, ExportNegotiation

COLLECTION_UNREADABLE = "collection_unreadable"


E400_COLLECTION = OpenApiResponse(s.ErrorSerializer, description="`unknown_card`, `invalid_count`, `not_collectible`, "
                                  "`collection_unreadable` (with `errors` by line), `ambiguous_collection` or `invalid`.")
E403_LOGIN = OpenApiResponse(s.ErrorSerializer, description="`not_authenticated`: a collection needs a login.")


def collection_payload(user, catalogue) -> dict:
    rows = selectors.collection_rows(user, catalogue)
    return {"count": sum(row["count"] for row in rows), "distinct": len(rows), "cards": rows}


def posted_collection(data, catalogue) -> dict[str, int]:
    """Return copies by slug from a validated CollectionWriteSerializer: JSON cards, or text read in full."""
    if "cards" in data:
        counts: dict[str, int] = {}
        for row in data["cards"]:
            counts[row["card"]] = row["count"]  # the last entry for a card wins
        return counts
    parsed = collection_io.parse_collection(data["text"], catalogue)
    if parsed.errors:
        raise ApiError(COLLECTION_UNREADABLE,
                       f"{len(parsed.errors)} line(s) could not be read; nothing was changed. Fix them and send again.",
                       extra={"errors": [p.to_dict() for p in parsed.errors]})
    return parsed.counts


class CollectionView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(tags=["collection"], summary="Your collection: the copies of each card you own",
                   responses={200: s.CollectionSerializer, 403: E403_LOGIN})
    def get(self, request):
        return Response(collection_payload(request.user, get_catalogue()))

    @extend_schema(tags=["collection"], summary="Replace your whole collection (cards as JSON, or a pasted list/CSV)",
                   request=s.CollectionWriteSerializer,
                   responses={200: s.CollectionSerializer, 400: E400_COLLECTION, 403: E403_LOGIN})
    def put(self, request):
        return self.write(request, replace=True)

    @extend_schema(tags=["collection"], summary="Change some cards of your collection (`mode`: set or add)",
                   request=s.CollectionWriteSerializer,
                   responses={200: s.CollectionSerializer, 400: E400_COLLECTION, 403: E403_LOGIN})
    def patch(self, request):
        return self.write(request, replace=False)

    def write(self, request, *, replace: bool):
        serializer = s.CollectionWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        catalogue = get_catalogue()
        counts = posted_collection(serializer.validated_data, catalogue)
        mode = "replace" if replace else serializer.validated_data.get("mode", "set")
        services.collection_write(owner=request.user, counts=counts, mode=mode)
        return Response(collection_payload(request.user, catalogue))


class CollectionExportView(APIView):
    permission_classes = [IsAuthenticated]
    content_negotiation_class = ExportNegotiation

    @extend_schema(tags=["collection"], summary="Export your collection as CSV or text",
                   parameters=[OpenApiParameter("format", str, enum=["csv", "text"], description="Default: csv.")],
                   responses={200: s.CollectionExportSerializer, 400: E400, 403: E403_LOGIN})
    def get(self, request):
        kind = request.query_params.get("format", "csv")
        return Response(collection_export(kind, selectors.collection_counts(request.user), get_catalogue()))


def collection_export(kind: str, counts, catalogue) -> dict:
    if kind == "csv":
        return {"format": kind, "content": collection_io.format_collection_csv(counts, catalogue),
                "filename": "collection.csv"}
    if kind == "text":
        return {"format": kind, "content": collection_io.format_collection_text(counts, catalogue),
                "filename": "collection.txt"}
    raise ApiError(UNKNOWN_EXPORT_FORMAT, "Export format must be `csv` or `text`.")


class DeckOwnershipView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(tags=["collection"], summary="How much of a deck your collection covers, and what is missing",
                   parameters=[DECK_ID], responses={200: s.DeckOwnershipSerializer, 403: E403_LOGIN, 404: E404})
    def get(self, request, deck_id):
        deck = selectors.get_readable_deck(request.user, deck_id)
        return Response(selectors.deck_ownership(request.user, deck, get_catalogue()))
