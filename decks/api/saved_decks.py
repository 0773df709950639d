"""Saved decks: the public list and your own, one deck read, written or deleted, exported, forked, dealt
from.
"""
from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.generics import GenericAPIView
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
    ExportNegotiation,
    conflict_with_deck,
    editable_deck,
    export_payload,
    opening_payload,
    read_decklist,
    refuse_unreadable,
    render_deck,
)

BAD_FILTER = "bad_filter"
FLAG_VALUES = {"true": True, "1": True, "false": False, "0": False}
LOGIN_FOR_COLLECTION = "not_authenticated"
E400_LIST = OpenApiResponse(s.ErrorSerializer, description="`bad_filter` (`mine` or `buildable` is not true or false: "
                            "an empty value too), `bad_sort` "
                            "or `bad_page_size`.")
E404_PAGE = OpenApiResponse(s.ErrorSerializer, description="`not_found`: a page past the last one.")


def flag(request, name: str) -> bool:
    """Read a yes/no filter (`?mine=`, `?buildable=`); absent is false. Anything but true/1/false/0 is a 400, an
    empty value too (`?mine=`, as a form with a blank box sends it): a typo must not quietly list everyone's decks
    instead of yours, and the schema calls the parameter a boolean, which "" is not."""
    raw = request.query_params.get(name)
    if raw is None:
        return False
    try:
        return FLAG_VALUES[raw.strip().lower()]
    except KeyError:
        shown = f"'{raw}'" if raw.strip() else "empty"
        raise ApiError(BAD_FILTER, f"`{name}` must be true or false, not {shown}.") from None


def buildable_flag(request) -> bool:
    buildable = flag(request, "buildable")
    if buildable and not request.user.is_authenticated:
        raise ApiError(LOGIN_FOR_COLLECTION, "`buildable` compares decks with your collection: log in first.",
                       status_code=403)
    return buildable


class DeckListView(GenericAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    serializer_class = s.DeckSerializer

    def get_queryset(self):
        params = self.request.query_params
        return selectors.decks_for_list(
            self.request.user,
            mine=flag(self.request, "mine"),
            hero=params.get("hero", ""),
            card=params.get("card", ""),
            q=params.get("q", ""),
            buildable=buildable_flag(self.request),
            faction=params.get("faction", ""),
            tag=params.get("tag", ""),
            author=params.get("author", ""),
            sort=params.get("sort", "recent"),
        )

    @extend_schema(
        tags=["decks"], summary="Public decks and your own",
        parameters=[
            OpenApiParameter("mine", bool, description="Only your own decks (any visibility)."),
            OpenApiParameter("hero", str, description="Hero slug."),
            OpenApiParameter("card", str, description="Decks that run this card (slug or exact name)."),
            OpenApiParameter("q", str, description="Words in the deck's name."),
            OpenApiParameter("buildable", bool, description="Only decks your collection can build (Hero and every "
                                                            "copy); needs a login."),
            OpenApiParameter("faction", str, description="The Hero's faction slug, e.g. atlantean-fanatic."),
            OpenApiParameter("tag", str, description="Tag slug, e.g. aggro."),
            OpenApiParameter("author", str, description="The owner's username."),
            OpenApiParameter("sort", str, enum=list(selectors.SORTS),
                             description="recent (default), new, popular-7 / popular-30 (likes in the last 7 / 30 "
                                         "days), likes (all time)."),
        ],
        responses={200: s.DeckSerializer(many=True), 400: E400_LIST, 403: E403, 404: E404_PAGE},
    )
    def get(self, request):
        page = self.paginate_queryset(self.get_queryset())
        data = s.DeckSerializer(page, many=True, context={"catalogue": get_catalogue()}).data
        return self.get_paginated_response(data)

    @extend_schema(
        tags=["decks"], summary="Save a new deck (an invalid one is kept as a draft)",
        request=s.DeckWriteSerializer, responses={201: DeckDetailSerializer, 400: E400, 403: E403},
    )
    def post(self, request):
        serializer = s.DeckWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        catalogue = get_catalogue()
        hero, counts, problems = read_decklist(serializer, catalogue)
        refuse_unreadable(problems)
        data = serializer.validated_data
        deck = services.deck_create(
            owner=request.user,
            name=data["name"],
            hero=hero,
            counts=counts,
            description=data.get("description", ""),
            visibility=data.get("visibility", "private"),
            format=data.get("format", "playtest"),
        )
        return Response(render_deck(deck.pk, catalogue), status=status.HTTP_201_CREATED)


class DeckDetailView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(tags=["decks"], summary="One deck", parameters=[DECK_ID],
                   responses={200: DeckDetailSerializer, 404: E404})
    def get(self, request, deck_id):
        deck = selectors.get_readable_deck(request.user, deck_id)
        return Response(DeckDetailSerializer(deck, context={"catalogue": get_catalogue()}).data)

    @extend_schema(
        tags=["decks"], summary="Replace a deck (name and decklist required); saves a new version",
        parameters=[DECK_ID], request=s.DeckWriteSerializer,
        responses={200: DeckDetailSerializer, 400: E400, 403: E403, 404: E404, 409: E409},
    )
    def put(self, request, deck_id):
        return self.write(request, deck_id, partial=False)

    @extend_schema(
        tags=["decks"], summary="Change some of a deck's fields; saves a new version",
        parameters=[DECK_ID], request=s.DeckWriteSerializer(partial=True),
        responses={200: DeckDetailSerializer, 400: E400, 403: E403, 404: E404, 409: E409},
    )
    def patch(self, request, deck_id):
        return self.write(request, deck_id, partial=True)

    def write(self, request, deck_id, *, partial: bool):
        deck = editable_deck(request, deck_id)
        serializer = s.DeckWriteSerializer(data=request.data, partial=partial)
        serializer.is_valid(raise_exception=True)
        catalogue = get_catalogue()
        hero, counts, problems = read_decklist(serializer, catalogue, partial=partial)
        refuse_unreadable(problems)
        data = serializer.validated_data
        changes = {key: data[key] for key in ("name", "description", "visibility", "format") if key in data}
        if hero is not s.UNSET:
            changes["hero"] = hero
        try:
            services.deck_update(
                deck=deck, author=request.user, expected_version=data.get("version"), counts=counts, **changes
            )
        except services.VersionConflict as exc:
            raise conflict_with_deck(exc, catalogue) from None
        return Response(render_deck(deck.pk, catalogue))

    @extend_schema(tags=["decks"], summary="Delete a deck", parameters=[DECK_ID],
                   responses={204: None, 403: E403, 404: E404})
    def delete(self, request, deck_id):
        deck = editable_deck(request, deck_id)
        services.deck_delete(deck=deck)
        return Response(status=status.HTTP_204_NO_CONTENT)


class DeckExportView(APIView):
    permission_classes = [AllowAny]
    content_negotiation_class = ExportNegotiation

    @extend_schema(
        tags=["decks"], summary="Export a deck as a text decklist or as a share code",
        parameters=[DECK_ID, OpenApiParameter("format", str, enum=["text", "code"], description="Default: text.")],
        responses={200: s.ExportSerializer, 400: E400, 404: E404},
    )
    def get(self, request, deck_id):
        deck = selectors.get_readable_deck(request.user, deck_id)
        catalogue = get_catalogue()
        kind = request.query_params.get("format", "text")
        hero = deck.hero.slug if deck.hero else None
        counts = selectors.known_counts(deck.counts(), catalogue)
        return Response(export_payload(kind, hero, counts, catalogue, deck.pk))


class DeckForkView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(tags=["decks"], summary="Copy a deck you can read into a new private deck of yours",
                   parameters=[DECK_ID], request=s.ForkSerializer,
                   responses={201: DeckDetailSerializer, 400: E400, 403: E403, 404: E404})
    def post(self, request, deck_id):
        deck = selectors.get_readable_deck(request.user, deck_id)
        serializer = s.ForkSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        fork = services.deck_fork(deck=deck, owner=request.user, name=serializer.validated_data.get("name"))
        return Response(render_deck(fork.pk, get_catalogue()), status=status.HTTP_201_CREATED)


class DeckOpeningHandView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=["decks"], summary="Deal a seeded opening hand from a deck (mulligan rule applied)",
        description="Post the returned `seed` again with `draws` + 1 to “draw next turn”.",
        parameters=[DECK_ID], request=s.OpeningHandRequestSerializer,
        responses={200: s.OpeningHandSerializer, 400: E400, 404: E404},
    )
    def post(self, request, deck_id):
        deck = selectors.get_readable_deck(request.user, deck_id)
        serializer = s.OpeningHandRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        catalogue = get_catalogue()
        data = serializer.validated_data
        counts = selectors.known_counts(deck.counts(), catalogue)
        return Response(opening_payload(catalogue, counts, data.get("seed"), data.get("draws", 0)))
