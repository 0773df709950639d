"""The decks REST API: validate and measure any decklist, and keep your own decks with their history.

Views stay thin: they read the request with a serializer, call `decks.selectors` (reads, who may see what) or
`decks.services` (writes, one transaction each) and render the result. Judgement and statistics are the pure
functions of `decks.validation` and `decks.stats`, fed the compiled catalogue.
"""
from __future__ import annotations

import secrets

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.generics import GenericAPIView
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.permissions import AllowAny, IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.api import cached_answer, rendered_json
from cards.catalogue import DerivedCache, catalogue_version, get_catalogue
from cataclysm_site.api_errors import ApiError
from cataclysm_site.throttling import AnonRateThrottle, CommunityWriteThrottle, UserRateThrottle
from decks import collection as collection_io
from decks import selectors, services
from decks import serializers as s
from decks.codes import DeckCodeError, encode_deck
from decks.formats import get_format
from decks.models import Deck
from decks.stats import deck_statistics, simulate_opening
from decks.textio import format_decklist
from decks.validation import validate_deck

NOT_OWNER = "not_owner"
DECKLIST_UNREADABLE = "decklist_unreadable"
UNKNOWN_EXPORT_FORMAT = "unknown_export_format"
BAD_VERSION = "bad_version"
BAD_FILTER = "bad_filter"
MINE_VALUES = {"true": True, "1": True, "false": False, "0": False, "": False}
COLLECTION_UNREADABLE = "collection_unreadable"
LOGIN_FOR_COLLECTION = "not_authenticated"

E400 = OpenApiResponse(s.ErrorSerializer, description="Bad input: `code` says what (e.g. `too_many_cards`).")
E403 = OpenApiResponse(s.ErrorSerializer, description="Not logged in (`not_authenticated`), or not the deck's owner (`not_owner`).")
E404 = OpenApiResponse(s.ErrorSerializer, description="No such deck, or it is another user's private deck (`not_found`).")
E400_LIST = OpenApiResponse(s.ErrorSerializer, description="`bad_filter` (`mine` is not true or false), `bad_sort` "
                            "or `bad_page_size`.")
E404_PAGE = OpenApiResponse(s.ErrorSerializer, description="`not_found`: a page past the last one.")
E409 = OpenApiResponse(s.DeckConflictSerializer, description="`version_conflict`: the deck changed since that version; `deck` is the current one.")
DECK_ID = OpenApiParameter("deck_id", str, OpenApiParameter.PATH, description="The deck's random id, or `starter-<hero>`.")


def read_decklist(serializer: s.DecklistSerializer, catalogue, *, partial: bool = False):
    """Return (hero, counts, problems) from a validated decklist serializer."""
    return serializer.read(catalogue, partial=partial)


def refuse_unreadable(problems) -> None:
    """A deck is saved only from a list that was read in full: an unreadable line is the user's to fix."""
    if problems:
        raise ApiError(
            DECKLIST_UNREADABLE,
            f"{len(problems)} line(s) of the decklist could not be read; fix them and save again.",
            extra={"errors": [p.to_dict() for p in problems]},
        )


def render_deck(deck_id: str, catalogue) -> dict:
    deck = Deck.objects.with_cards().get(pk=deck_id)
    return s.DeckSerializer(deck, context={"catalogue": catalogue}).data


def editable_deck(request, deck_id: str) -> Deck:
    """Return the deck if the user owns it: 404 if they may not even see it, 403 if they may only read it."""
    deck = selectors.get_readable_deck(request.user, deck_id)
    if not selectors.can_edit(request.user, deck):
        raise ApiError(NOT_OWNER, "Only the deck's owner can change it; fork it to make your own copy.", status_code=403)
    return deck


def conflict_with_deck(exc: services.VersionConflict, catalogue) -> ApiError:
    return ApiError(exc.error_code, exc.message, status_code=409, extra={"deck": render_deck(exc.deck.pk, catalogue)})


def card_entry(slug: str, count, catalogue) -> dict:
    """Return one decklist entry with what a client needs to draw it (name, type, cost) when the card exists."""
    entry = {"card": slug, "count": count}
    card = catalogue.cards.get(slug)
    if card is not None:
        entry.update(name=card.name, type=card.type, faction=card.faction, rarity=card.rarity,
                     cost=card.cost.as_dict(), produces=card.produces)
    return entry


def card_refs(slugs, catalogue) -> list[dict]:
    out = []
    for slug in slugs:
        card = catalogue.cards.get(slug)
        out.append({"card": slug, "name": card.name if card else slug, "type": card.type if card else ""})
    return out


def opening_payload(catalogue, counts, seed: int | None, draws: int) -> dict:
    seed = seed if seed is not None else secrets.randbelow(2**31)
    result = simulate_opening(catalogue, counts, seed=seed, draws=draws)
    return {
        "seed": result["seed"],
        "mulligans": result["mulligans"],
        "has_energy": result["has_energy"],
        "hands": [card_refs(hand, catalogue) for hand in result["hands"]],
        "kept": card_refs(result["kept"], catalogue),
        "draws": card_refs(result["draws"], catalogue),
    }


class ExportNegotiation(DefaultContentNegotiation):
    """On the export endpoints `?format=` names the export format, not a renderer: always answer JSON."""

    def select_renderer(self, request, renderers, format_suffix=None):
        renderer = next((r for r in renderers if isinstance(r, JSONRenderer)), renderers[0])
        return renderer, renderer.media_type


# --- any decklist, no account needed -------------------------------------------------------------------------------

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


# Validation answers by (content type, posted body, accepted media type, catalogue version): a decklist's answer
# depends on nothing else. Only answers are kept (a malformed list raises first), and only for small bodies.
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
    return request.content_type, request.body, request.accepted_media_type, catalogue_version()


def validate_decklist(data) -> dict:
    """Read and validate a posted decklist; raise the serializer's 400 for a malformed one."""
    serializer = s.DecklistSerializer(data=data)
    serializer.is_valid(raise_exception=True)
    catalogue = get_catalogue()
    hero, counts, problems = read_decklist(serializer, catalogue)
    fmt = get_format(serializer.validated_data.get("format") or "playtest")
    result = validate_deck(catalogue, hero, counts, fmt).to_dict()
    result["errors"] = [p.to_dict() for p in problems] + result["errors"]
    result["valid"] = result["valid"] and not problems
    result["hero"] = hero
    result["cards"] = [card_entry(slug, count, catalogue) for slug, count in counts.items()]
    return result


class DecklistStatsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=["decks"], summary="Statistics of a decklist: cost curve, type mix, exact opening-hand odds",
        request=s.DecklistSerializer, responses={200: s.StatsResponseSerializer, 400: E400},
    )
    def post(self, request):
        serializer = s.DecklistSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        catalogue = get_catalogue()
        hero, counts, _ = read_decklist(serializer, catalogue)
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
        serializer = s.OpeningHandDecklistSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        catalogue = get_catalogue()
        _, counts, _ = read_decklist(serializer, catalogue)
        data = serializer.validated_data
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
        serializer = s.DecklistSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        catalogue = get_catalogue()
        hero, counts, _ = read_decklist(serializer, catalogue)
        counts = selectors.known_counts(counts, catalogue)
        hero = hero if hero in catalogue.cards else None
        kind = request.query_params.get("format", "text")
        return Response(export_payload(kind, hero, counts, catalogue, "deck"))


# --- decks ---------------------------------------------------------------------------------------------------------

def mine_flag(raw: str, name: str = "mine") -> bool:
    """Read `?mine=` (or another yes/no filter): a typo must not quietly list everyone's decks instead of yours."""
    try:
        return MINE_VALUES[raw.strip().lower()]
    except KeyError:
        raise ApiError(BAD_FILTER, f"`{name}` must be true or false, not '{raw}'.") from None


def buildable_flag(request) -> bool:
    raw = request.query_params.get("buildable")
    if raw is not None and not raw.strip():
        raise ApiError(BAD_FILTER, "`buildable` must be true or false, not empty.")
    buildable = mine_flag(raw or "", "buildable")
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
            mine=mine_flag(params.get("mine", "")),
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
        request=s.DeckWriteSerializer, responses={201: s.DeckSerializer, 400: E400, 403: E403},
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
                   responses={200: s.DeckSerializer, 404: E404})
    def get(self, request, deck_id):
        deck = selectors.get_readable_deck(request.user, deck_id)
        return Response(s.DeckSerializer(deck, context={"catalogue": get_catalogue()}).data)

    @extend_schema(
        tags=["decks"], summary="Replace a deck (name and decklist required); saves a new version",
        parameters=[DECK_ID], request=s.DeckWriteSerializer,
        responses={200: s.DeckSerializer, 400: E400, 403: E403, 404: E404, 409: E409},
    )
    def put(self, request, deck_id):
        return self.write(request, deck_id, partial=False)

    @extend_schema(
        tags=["decks"], summary="Change some of a deck's fields; saves a new version",
        parameters=[DECK_ID], request=s.DeckWriteSerializer(partial=True),
        responses={200: s.DeckSerializer, 400: E400, 403: E403, 404: E404, 409: E409},
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



def export_payload(kind: str, hero, counts, catalogue, stem: str) -> dict:
    """Return a deck written as `text` (the canonical decklist) or `code` (the share code)."""
    if kind == "text":
        return {"format": kind, "content": format_decklist(hero, counts, catalogue), "filename": f"{stem}.txt"}
    if kind == "code":
        try:
            content = encode_deck(hero, counts, catalogue)
        except DeckCodeError as exc:
            raise ApiError(exc.code, exc.message) from None
        return {"format": kind, "content": content, "filename": f"{stem}.code"}
    raise ApiError(UNKNOWN_EXPORT_FORMAT, "Export format must be `text` or `code`.")


class DeckForkView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(tags=["decks"], summary="Copy a deck you can read into a new private deck of yours",
                   parameters=[DECK_ID], request=s.ForkSerializer,
                   responses={201: s.DeckSerializer, 400: E400, 403: E403, 404: E404})
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


# --- versions ------------------------------------------------------------------------------------------------------

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
        responses={200: s.DeckSerializer, 400: E400, 403: E403, 404: E404, 409: E409},
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


# --- the collection ------------------------------------------------------------------------------------------------

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


# --- the community: likes, tags, comments, reports, authors ---------------------------------------------------------

COMMUNITY_THROTTLES = [AnonRateThrottle, UserRateThrottle, CommunityWriteThrottle]
E400_COMMUNITY = OpenApiResponse(s.ErrorSerializer, description="`not_public` (only public decks take likes and "
                                 "comments), `own_deck`, `own_comment`, `invalid_comment`, `invalid_tag`, "
                                 "`invalid_reason` or `invalid`.")
E429 = OpenApiResponse(s.ErrorSerializer, description="`throttled`: too many writes; wait `Retry-After` seconds.")
COMMENT_ID = OpenApiParameter("comment_id", int, OpenApiParameter.PATH, description="The comment's id.")


class CommunityView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    throttle_classes = COMMUNITY_THROTTLES


class DeckLikeView(CommunityView):
    @extend_schema(tags=["community"], summary="Like (favourite) a public deck", parameters=[DECK_ID], request=None,
                   responses={200: s.LikeSerializer, 400: E400_COMMUNITY, 403: E403, 404: E404, 429: E429})
    def post(self, request, deck_id):
        deck = selectors.get_readable_deck(request.user, deck_id, with_cards=False)
        return Response({"liked": True, "likes": services.deck_like(user=request.user, deck=deck)})

    @extend_schema(tags=["community"], summary="Stop liking a deck", parameters=[DECK_ID], request=None,
                   responses={200: s.LikeSerializer, 403: E403, 404: E404, 429: E429})
    def delete(self, request, deck_id):
        deck = selectors.get_readable_deck(request.user, deck_id, with_cards=False)
        return Response({"liked": False, "likes": services.deck_like(user=request.user, deck=deck, liked=False)})


class DeckTagsView(CommunityView):
    @extend_schema(tags=["community"], summary="A deck's tags", parameters=[DECK_ID],
                   responses={200: s.TagsSerializer, 404: E404})
    def get(self, request, deck_id):
        deck = selectors.get_readable_deck(request.user, deck_id, with_cards=False)
        return Response({"tags": sorted(tag.slug for tag in deck.tags.all())})

    @extend_schema(tags=["community"], summary="Set your deck's tags", parameters=[DECK_ID], request=s.TagsSerializer,
                   responses={200: s.TagsSerializer, 400: E400_COMMUNITY, 403: E403, 404: E404, 429: E429})
    def put(self, request, deck_id):
        deck = editable_deck(request, deck_id)
        serializer = s.TagsSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response({"tags": services.deck_set_tags(deck=deck, names=serializer.validated_data["tags"])})


class DeckCommentsView(CommunityView):
    @extend_schema(tags=["community"], summary="A deck's comments, oldest first (the owner also sees hidden ones)",
                   parameters=[DECK_ID], responses={200: s.CommentSerializer(many=True), 404: E404})
    def get(self, request, deck_id):
        deck = selectors.get_readable_deck(request.user, deck_id, with_cards=False)
        comments = selectors.deck_community(request.user, deck)["comments"]
        return Response(s.CommentSerializer(comments, many=True, context={"catalogue": get_catalogue()}).data)

    @extend_schema(tags=["community"], summary="Comment on a public deck (Markdown)", parameters=[DECK_ID],
                   request=s.CommentWriteSerializer,
                   responses={201: s.CommentSerializer, 400: E400_COMMUNITY, 403: E403, 404: E404, 429: E429})
    def post(self, request, deck_id):
        deck = selectors.get_readable_deck(request.user, deck_id, with_cards=False)
        serializer = s.CommentWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        comment = services.comment_create(author=request.user, deck=deck, body=serializer.validated_data["body"])
        return Response(s.CommentSerializer(comment, context={"catalogue": get_catalogue()}).data,
                        status=status.HTTP_201_CREATED)


class CommentDetailView(CommunityView):
    @extend_schema(tags=["community"], summary="Hide a comment on your deck, or show it again",
                   parameters=[COMMENT_ID], request=s.CommentHideSerializer,
                   responses={200: s.CommentSerializer, 400: E400_COMMUNITY, 403: E403, 404: E404, 429: E429})
    def patch(self, request, comment_id):
        comment = selectors.get_comment(comment_id)
        serializer = s.CommentHideSerializer(data=request.data, partial=True)   # PATCH: {} changes nothing
        serializer.is_valid(raise_exception=True)
        services.comment_hide(user=request.user, comment=comment,
                              hidden=serializer.validated_data.get("hidden", comment.hidden))
        return Response(s.CommentSerializer(comment, context={"catalogue": get_catalogue()}).data)

    @extend_schema(tags=["community"], summary="Delete your own comment", parameters=[COMMENT_ID],
                   responses={204: None, 403: E403, 404: E404, 429: E429})
    def delete(self, request, comment_id):
        services.comment_delete(user=request.user, comment=selectors.get_comment(comment_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class CommentReportView(CommunityView):
    @extend_schema(tags=["community"], summary="Report a comment to the staff", parameters=[COMMENT_ID],
                   request=s.ReportSerializer,
                   responses={201: s.ReportResponseSerializer, 400: E400_COMMUNITY, 403: E403, 404: E404, 429: E429})
    def post(self, request, comment_id):
        serializer = s.ReportSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        report = services.comment_report(reporter=request.user, comment=selectors.get_comment(comment_id),
                                         reason=serializer.validated_data["reason"])
        return Response({"comment": report.comment_id, "reason": report.reason}, status=status.HTTP_201_CREATED)


class AuthorView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=["community"], summary="A player: public decks, likes received, comments written "
                                               "(list the decks with /api/decks/?author=)",
                   parameters=[OpenApiParameter("username", str, OpenApiParameter.PATH)],
                   responses={200: s.AuthorSerializer, 404: E404})
    def get(self, request, username):
        return Response(selectors.author_summary(selectors.get_author(username)))
