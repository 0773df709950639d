"""Read-only catalogue API: cards (searchable, paginated, at any release), a card's history across releases,
keywords, factions and Heroes."""
from django.db import connection
from django.http import HttpResponse
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view, inline_serializer
from rest_framework import mixins, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from cataclysm_site.api_errors import ApiError
from cataclysm_site.pagination import StandardPagination

from . import selectors
from .catalogue import DerivedCache, catalogue_version
from .filters import CardFilter
from .models import Card
from .release_pages import api_cards, browsed_release, card_history, searched_in_python
from .release_search import search_release
from .releases import ReleaseError
from .search import QuerySyntaxError
from .serializers import (
    ApiErrorSerializer,
    CardDetailSerializer,
    CardSerializer,
    FactionSerializer,
    KeywordSerializer,
)

BAD_REQUEST = OpenApiResponse(
    ApiErrorSerializer,
    description="`bad_query` (the q syntax, with `position`), `bad_filter`, `bad_ordering` or `bad_page_size`.",
)
NOT_FOUND = OpenApiResponse(ApiErrorSerializer, description="`not_found`: no card with that slug.")
PAGE_NOT_FOUND = OpenApiResponse(ApiErrorSerializer, description="`not_found`: a page past the last one; "
                                 "`release_not_found`: no release with the slug `release` names.")
HISTORY_ENTRY = inline_serializer("CardHistoryEntry", fields={
    "release": serializers.CharField(help_text="The release's slug."),
    "name": serializers.CharField(help_text="The release's name."),
    "published_at": serializers.DateTimeField(),
    "change": serializers.ChoiceField(choices=["added", "changed", "removed"]),
    "fields": serializers.DictField(child=serializers.ListField(child=serializers.JSONField()),
                                    help_text="Each field that differs, as [old, new] (data-file form)."),
    "reason": serializers.CharField(help_text="Why the designer changed it (empty: none given)."),
}, many=True)
SEARCH_CACHE = DerivedCache(maxsize=512)  # (catalogue version, answer) by (scheme, host, query string)


@extend_schema_view(
    list=extend_schema(summary="Search the cards", responses={200: CardSerializer(many=True), 400: BAD_REQUEST,
                                                             404: PAGE_NOT_FOUND}),
    retrieve=extend_schema(summary="One card", responses={200: CardDetailSerializer, 404: NOT_FOUND}),
    history=extend_schema(operation_id="cards_history",
                          summary="A card's history: one entry per release that added, changed or removed it",
                          responses={200: HISTORY_ENTRY, 404: NOT_FOUND}),
)
class CardViewSet(viewsets.ReadOnlyModelViewSet):
    lookup_field = "slug"
    lookup_value_regex = "[a-z0-9-]+"
    filter_backends = [DjangoFilterBackend]
    filterset_class = CardFilter
    pagination_class = StandardPagination  # refuses a bad page_size with 400

    def get_queryset(self):
        return selectors.order_cards(Card.objects.with_related(), "name")

    def get_serializer_class(self):
        return CardDetailSerializer if self.action == "retrieve" else CardSerializer

    def list(self, request, *args, **kwargs):
        """Search, answering a repeated search from a per-process cache keyed by the catalogue's version.

        A cache hit costs no query: the version is the one `cards.catalogue` re-reads at most once every
        FRESHNESS_SECONDS per process (an edit made in this process clears it at once), so a change made by another
        process shows within that time. A cached answer may thus be served while the database is down; a search
        that is not cached needs the database and answers 503 then. Nothing read inside a transaction is cached.
        """
        try:
            release = browsed_release(request.query_params.get("release"))
        except ReleaseError as exc:
            raise ApiError(exc.code, exc.message, status_code=404) from None
        if searched_in_python(release):
            return self.release_list(request, release)
        if connection.in_atomic_block or "owned" in request.META.get("QUERY_STRING", "").lower():
            return super().list(request, *args, **kwargs)  # `owned` answers differ by user: never shared
        key = (request.scheme, request.get_host(), request.META.get("QUERY_STRING", ""), request.accepted_media_type)
        cached = SEARCH_CACHE.get(key)
        if cached is not None and cached[0] == catalogue_version():
            return cached_answer(request, cached[1], cached[2])
        with SEARCH_CACHE.computing(key):
            version = catalogue_version()  # read before the cards: a change in between only costs a later miss
            cached = SEARCH_CACHE.get(key)
            if cached is not None and cached[0] == version:  # another thread answered it meanwhile
                return cached_answer(request, cached[1], cached[2])
            data = super().list(request, *args, **kwargs).data
            SEARCH_CACHE.put(key, (version, data, rendered_json(request, data, self.get_renderer_context())))
        return Response(data)

    def release_list(self, request, release):
        """Search an older release's snapshot (cards/release_search.py) with the same parameters and answers."""
        params = request.query_params
        try:
            rows = search_release(release, params.get("q", ""), ordering=params.get("ordering") or "name",
                                  **{name: params[name] for name in selectors.FILTERS if params.get(name)})
        except QuerySyntaxError as exc:
            raise ApiError(exc.code, f"Cannot read the query: {exc.message}.", extra={"position": exc.position}) \
                from exc
        except selectors.FilterError as exc:
            raise ApiError(exc.code, exc.message) from exc
        return self.get_paginated_response(api_cards(release, self.paginate_queryset(rows)))

    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None)
    def history(self, request, slug=None):
        """One entry per release in which the card was added, changed or removed, oldest first."""
        history = card_history(slug)
        if not history and not Card.objects.filter(slug=slug).exists():
            raise ApiError("not_found", f"No card '{slug}'.", status_code=404)
        return Response([{**entry, "published_at": serializers.DateTimeField().to_representation(
            entry["published_at"])} for entry in history])


def rendered_json(request, data, context) -> bytes | None:
    """Return the JSON answer's body when the client asked for JSON (None for the browsable API)."""
    renderer = request.accepted_renderer
    return renderer.render(data, request.accepted_media_type, context) if isinstance(renderer, JSONRenderer) else None


def cached_answer(request, data, body: bytes | None) -> HttpResponse:
    """Answer from the cache: the rendered JSON as is, or the data for another renderer."""
    if body is None or not isinstance(request.accepted_renderer, JSONRenderer):
        return Response(data)
    return HttpResponse(body, content_type=request.accepted_renderer.media_type)


# The rulebook's short lists (keywords, factions, the Heroes) are served whole, by slug: never paged nor filtered.
# (A comment, not a docstring: drf-spectacular would publish a docstring as each operation's description.)
class WholeListMixin:
    lookup_field = "slug"
    pagination_class = None
    filter_backends: list = []
    listing: staticmethod  # the selector that lists it

    def get_queryset(self):
        return self.listing()


def whole_list_schema(listing: str, one: str, serializer):
    """The schema of a whole list and of one of its entries by slug (404 when there is none)."""
    return extend_schema_view(list=extend_schema(summary=listing),
                              retrieve=extend_schema(summary=one, responses={200: serializer, 404: NOT_FOUND}))


@whole_list_schema("Every keyword with its reminder text", "One keyword", KeywordSerializer)
class KeywordViewSet(WholeListMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = KeywordSerializer
    listing = staticmethod(selectors.keyword_list)


@whole_list_schema("The six factions, their energies and Heroes", "One faction", FactionSerializer)
class FactionViewSet(WholeListMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = FactionSerializer
    listing = staticmethod(selectors.faction_list)


@extend_schema_view(list=extend_schema(summary="The Heroes, one per faction"))
class HeroViewSet(WholeListMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    serializer_class = CardSerializer
    listing = staticmethod(selectors.hero_list)
