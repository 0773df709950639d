"""Any decklist, no account needed: validate it (answers cached by body), measure it, deal an opening hand
from it, write it out as text or a share code.
"""
from __future__ import annotations

from typing import NamedTuple

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.api import cached_answer, rendered_json
from cards.catalogue import DerivedCache, catalogue_version, current_release_hash, get_catalogue
from decks import selectors
from decks import serializers as s
from decks.api.common import E400, ExportNegotiation, card_entry, export_payload, opening_payload, read_decklist
from decks.formats import get_format
from decks.releases import current_legality
from decks.stats import deck_statistics


class PostedDecklist(NamedTuple):
    data: dict
    catalogue: object
    hero: str | None
    counts: dict
    problems: list


def posted_decklist(serializer_class, data) -> PostedDecklist:
    """Check a posted decklist's form (the serializer's 400 when malformed) and read it against the catalogue."""
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    catalogue = get_catalogue()
    return PostedDecklist(serializer.validated_data, catalogue, *read_decklist(serializer, catalogue))


class ValidateDecklistView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=["decks"], summary="Check a decklist against the deck-building rules",
        request=s.DecklistSerializer, responses={200: s.ValidateResponseSerializer, 400: E400},
    )
    def post(self, request):
        key = validation_key(request)
        cached = VALIDATION_CACHE.get(key) if key else None
        if cached is not None:
            return cached_answer(request, *cached)
        result = validate_decklist(request.data)
        if key:
            VALIDATION_CACHE.put(key, (result, rendered_json(request, result, self.get_renderer_context())))
        return Response(result)


# Validation answers by (content type, posted body, accepted media type, catalogue version, current release): a
# decklist's answer depends on nothing else (it is read against the draft and judged against the release). Only answers are kept (a malformed list raises first), and only for small bodies.
VALIDATION_CACHE = DerivedCache(maxsize=256)
MAX_CACHED_BODY = 16 * 1024


def validation_key(request) -> tuple | None:
    """Return the cache key of a posted decklist, or None for a body too large to keep."""
    try:
        size = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return None
    if not 0 < size <= MAX_CACHED_BODY:
        return None
    return request.content_type, request.body, request.accepted_media_type, catalogue_version(), \
        current_release_hash()


def validate_decklist(data) -> dict:
    """Read a posted decklist (against the database's cards, as saving it does) and judge it against the current
    release, as every deck verdict is (`decks.releases.Legality`); raise the serializer's 400 for a malformed one."""
    data, catalogue, hero, counts, problems = posted_decklist(s.DecklistSerializer, data)
    fmt = get_format(data.get("format") or "playtest")
    legality = current_legality()
    result = legality.judge(hero, counts, fmt).to_dict()
    result["errors"] = [p.to_dict() for p in problems] + result["errors"]
    result["valid"] = result["valid"] and not problems
    result["release"] = legality.slug
    result["hero"] = hero
    result["cards"] = [card_entry(slug, count, legality.catalogue if slug in legality.catalogue.cards else catalogue)
                       for slug, count in counts.items()]
    return result


class DecklistStatsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=["decks"], summary="Statistics of a decklist: cost curve, type mix, exact opening-hand odds",
        request=s.DecklistSerializer, responses={200: s.StatsResponseSerializer, 400: E400},
    )
    def post(self, request):
        _, catalogue, hero, counts, _ = posted_decklist(s.DecklistSerializer, request.data)
        stats = deck_statistics(catalogue, hero, selectors.known_counts(counts, catalogue))
        return Response({"count": stats["count"], "statistics": stats})


class DecklistOpeningHandView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=["decks"], summary="Deal a seeded opening hand from any decklist (mulligan rule applied)",
        operation_id="decklist_opening_hand",
        request=s.OpeningHandDecklistSerializer, responses={200: s.OpeningHandSerializer, 400: E400},
    )
    def post(self, request):
        data, catalogue, _, counts, _ = posted_decklist(s.OpeningHandDecklistSerializer, request.data)
        return Response(opening_payload(catalogue, selectors.known_counts(counts, catalogue),
                                        data.get("seed"), data.get("draws", 0)))


class DecklistExportView(APIView):
    permission_classes = [AllowAny]
    content_negotiation_class = ExportNegotiation

    @extend_schema(
        tags=["decks"], summary="Write any decklist as text or as a share code",
        parameters=[OpenApiParameter("format", str, enum=["text", "code"], description="Default: text.")],
        request=s.DecklistSerializer, responses={200: s.ExportSerializer, 400: E400},
    )
    def post(self, request):
        _, catalogue, hero, counts, _ = posted_decklist(s.DecklistSerializer, request.data)
        counts = selectors.known_counts(counts, catalogue)
        hero = hero if hero in catalogue.cards else None
        kind = request.query_params.get("format", "text")
        return Response(export_payload(kind, hero, counts, catalogue, "deck"))
