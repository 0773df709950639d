"""Read-only catalogue API: cards (searchable, paginated), keywords, factions and Heroes."""
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import mixins, viewsets

from cataclysm_site.pagination import StandardPagination

from . import selectors
from .filters import CardFilter
from .models import Card
from .serializers import (
    ApiErrorSerializer, CardDetailSerializer, CardSerializer, FactionSerializer, KeywordSerializer,
)

BAD_REQUEST = OpenApiResponse(
    ApiErrorSerializer,
    description="`bad_query` (the q syntax, with `position`), `bad_filter`, `bad_ordering` or `bad_page_size`.",
)
NOT_FOUND = OpenApiResponse(ApiErrorSerializer, description="`not_found`: no card with that slug.")
PAGE_NOT_FOUND = OpenApiResponse(ApiErrorSerializer, description="`not_found`: a page past the last one.")


@extend_schema_view(
    list=extend_schema(summary="Search the cards", responses={200: CardSerializer(many=True), 400: BAD_REQUEST,
                                                             404: PAGE_NOT_FOUND}),
    retrieve=extend_schema(summary="One card", responses={200: CardDetailSerializer, 404: NOT_FOUND}),
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


@extend_schema_view(
    list=extend_schema(summary="Every keyword with its reminder text"),
    retrieve=extend_schema(summary="One keyword", responses={200: KeywordSerializer, 404: NOT_FOUND}),
)
class KeywordViewSet(viewsets.ReadOnlyModelViewSet):
    lookup_field = "slug"
    serializer_class = KeywordSerializer
    pagination_class = None
    filter_backends: list = []

    def get_queryset(self):
        return selectors.keyword_list()


@extend_schema_view(
    list=extend_schema(summary="The six factions, their energies and Heroes"),
    retrieve=extend_schema(summary="One faction", responses={200: FactionSerializer, 404: NOT_FOUND}),
)
class FactionViewSet(viewsets.ReadOnlyModelViewSet):
    lookup_field = "slug"
    serializer_class = FactionSerializer
    pagination_class = None
    filter_backends: list = []

    def get_queryset(self):
        return selectors.faction_list()


@extend_schema_view(list=extend_schema(summary="The Heroes, one per faction"))
class HeroViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    serializer_class = CardSerializer
    pagination_class = None
    filter_backends: list = []

    def get_queryset(self):
        return selectors.hero_list()
