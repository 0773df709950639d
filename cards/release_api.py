"""The releases API (issue 32): the list of releases, one release's changelog, and every card of a release in one
file (bulk data, as Scryfall offers it). Thin views over `cards.releases`; a release is immutable, so its bulk file
is kept per process by slug and hash."""
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from cataclysm_site.api_errors import ApiError

from .catalogue import DerivedCache, card_def_to_data
from .models import Release
from .releases import ReleaseError, get_release, release_catalogue, release_changes
from .rules_text import card_text
from .serializers import ApiErrorSerializer

TAGS = ["releases"]
NOT_FOUND = OpenApiResponse(ApiErrorSerializer, description="`release_not_found`: no release with that slug.")
BULK = DerivedCache(maxsize=8)  # (slug, data hash) -> the bulk answer


class ReleaseSerializer(serializers.ModelSerializer):
    class Meta:
        model = Release
        fields = ["slug", "name", "published_at", "data_hash", "current", "notes"]


CHANGE = inline_serializer("ReleaseCardChange", fields={
    "card": serializers.CharField(help_text="The card's slug."),
    "change": serializers.ChoiceField(choices=["added", "changed", "removed"]),
    "fields": serializers.DictField(child=serializers.ListField(child=serializers.JSONField()),
                                    help_text="Each field that differs, as [old, new] (data-file form)."),
    "reason": serializers.CharField(help_text="Why the designer changed it (empty: none given)."),
    "evidence": serializers.ListField(child=serializers.DictField(), help_text=(
        "The lab studies the change was published on: [{study, title, url, effect: {measure, mean, interval, "
        "games}}] (a paired errata study added to the draft from the lab; [] for none).")),
})
CHANGES = inline_serializer("ReleaseChanges", fields={
    "from": serializers.CharField(allow_null=True, help_text="The release this one was published over."),
    "to": serializers.CharField(),
    "cards": serializers.ListField(child=CHANGE),
})
BULK_CARDS = inline_serializer("ReleaseCards", fields={
    "release": serializers.CharField(), "data_hash": serializers.CharField(),
    "cards": serializers.ListField(child=serializers.DictField(), help_text="Every card in the data-file form, with "
                                   "its slug, derived HP and charge, and its rules text."),
})


def release_or_404(slug: str) -> Release:
    """The release named by `slug`; 404 `release_not_found` (naming the releases there are) for an unknown one."""
    try:
        return get_release(slug)
    except ReleaseError as exc:
        raise ApiError(exc.code, exc.message, status_code=404) from None


def requested_release(slug: str | None) -> Release | None:
    """The release a `?release=` asks for (None: no filter), for every list filtered by release (the lab's, the
    playtest notes' and card statistics'); 404 `release_not_found` for an unknown slug."""
    return release_or_404(slug) if slug else None


def bulk_cards(release: Release) -> dict:
    """Every card of the release, as the engine compiles it from the release's snapshot."""
    key = (release.slug, release.data_hash)
    answer = BULK.get(key)
    if answer is None:
        catalogue = release_catalogue(release)
        cards = [{**card_def_to_data(card), "slug": card.slug, "hp": card.hp, "charge": card.charge,
                  "text": card_text(card, catalogue)} for card in catalogue.cards.values()]
        answer = {"release": release.slug, "data_hash": release.data_hash, "cards": cards}
        BULK.put(key, answer)
    return answer


class ReleaseListView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="Every release of the card set, newest first",
                   responses={200: ReleaseSerializer(many=True)})
    def get(self, request):
        return Response(ReleaseSerializer(Release.objects.all(), many=True).data)


class ReleaseChangesView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="What a release changed: each card added, changed or removed, and why",
                   responses={200: CHANGES, 404: NOT_FOUND})
    def get(self, request, slug):
        return Response(release_changes(release_or_404(slug)))


class ReleaseCardsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=TAGS, summary="Every card of a release in one file (bulk data)",
                   operation_id="releases_cards", responses={200: BULK_CARDS, 404: NOT_FOUND})
    def get(self, request, slug):
        return Response(bulk_cards(release_or_404(slug)))
