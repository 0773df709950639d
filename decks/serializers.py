"""Request and response shapes of the decks API (one serializer per job, so endpoints can change independently).

Decklists arrive in three forms — JSON cards, pasted `text`, or a deck `code` — and `DecklistSerializer` reads any
of them into a Hero slug, copies by slug and the problems met while reading, using the pure parsers in `decks`.
"""
from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cataclysm_site.api_errors import ApiError
from decks import selectors
from decks.codes import DeckCodeError, decode_deck, encode_deck
from decks.formats import FORMATS
from decks.models import Deck, DeckVersion, Visibility
from decks.releases import Legality, current_legality
from decks.services import MAX_DISTINCT_CARDS
from decks.textio import parse_decklist

MAX_TEXT_BYTES = 20_000
MAX_CODE_LENGTH = 4_000
TEXT_TOO_LARGE = "decklist_too_large"
TOO_MANY_CARDS = "too_many_cards"
AMBIGUOUS_DECKLIST = "ambiguous_decklist"


# --- shared pieces -------------------------------------------------------------------------------------------------

class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable machine-readable code.")
    message = serializers.CharField(help_text="Sentence for people.")


class ProblemSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    card = serializers.CharField(allow_null=True, help_text="Card slug (or the unreadable name) it is about.")
    count = serializers.IntegerField(allow_null=True, required=False)
    limit = serializers.IntegerField(allow_null=True, required=False)
    suggestions = serializers.ListField(child=serializers.CharField(), required=False)
    line = serializers.IntegerField(allow_null=True, required=False, help_text="Line of a pasted list.")


class ValidationSerializer(serializers.Serializer):
    valid = serializers.BooleanField()
    errors = ProblemSerializer(many=True)
    warnings = ProblemSerializer(many=True)
    count = serializers.IntegerField(help_text="Cards in the deck, the Hero not counted.")


class DeckValidationSerializer(ValidationSerializer):
    release = serializers.CharField(allow_null=True, help_text="The release the deck is judged against: the current "
                                    "one (null: none published yet, so the cards in the database).")


class CardCountSerializer(serializers.Serializer):
    card = serializers.CharField(max_length=120, help_text="Card slug, e.g. kalen-vos.")
    count = serializers.IntegerField(min_value=-1000, max_value=1000)

    def validate(self, attrs):
        """Both fields, in a PATCH too: DRF skips a nested serializer's missing required fields when the request is
        partial, and an entry without its count would reach the decklist reader (a KeyError, a 500)."""
        missing = [name for name, field in self.fields.items() if field.required and name not in attrs]
        if missing:
            raise serializers.ValidationError({name: [serializers.Field.default_error_messages["required"]]
                                               for name in missing})
        return attrs


class DeckHeroSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()


# --- decklist input ------------------------------------------------------------------------------------------------

class DecklistSerializer(serializers.Serializer):
    """A decklist as JSON (`hero` + `cards`), as pasted `text` or as a deck `code`: one of the three forms."""

    exclusive_forms = ("text", "code", "cards")  # the schema's oneOf (cataclysm_site/schema.py)
    form_required = False

    hero = serializers.CharField(required=False, allow_null=True, allow_blank=True, max_length=120,
                                 help_text="Hero slug, e.g. dr-veylan.")
    cards = CardCountSerializer(many=True, required=False, help_text=f"At most {MAX_DISTINCT_CARDS} entries.")
    text = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False,
                                 help_text=f"A pasted decklist, at most {MAX_TEXT_BYTES} bytes.")
    code = serializers.CharField(required=False, max_length=MAX_CODE_LENGTH, help_text="A deck code.")
    format = serializers.ChoiceField(choices=[(slug, f.name) for slug, f in FORMATS.items()], required=False,
                                     help_text="The deck-building format to judge by (default: playtest).")

    def to_internal_value(self, data):
        if isinstance(data, dict):  # refuse oversized input with its own code before reading any of it
            text = data.get("text")
            if isinstance(text, str) and len(text.encode("utf-8")) > MAX_TEXT_BYTES:
                raise ApiError(TEXT_TOO_LARGE, f"A pasted decklist may be at most {MAX_TEXT_BYTES} bytes.")
            cards = data.get("cards")
            if isinstance(cards, list) and len(cards) > MAX_DISTINCT_CARDS:
                raise ApiError(TOO_MANY_CARDS, f"A decklist may name at most {MAX_DISTINCT_CARDS} different cards.")
        return super().to_internal_value(data)

    def validate(self, attrs):
        forms = [name for name in ("text", "code", "cards") if name in attrs]
        if len(forms) > 1:
            raise ApiError(AMBIGUOUS_DECKLIST, f"Send one decklist form, not {' and '.join(forms)}.")
        return attrs

    def read(self, catalogue, *, partial: bool = False) -> tuple[Any, dict[str, int] | None, list]:
        """Return (hero or UNSET, counts or None, reading problems) from whichever form was sent."""
        data = self.validated_data
        if "text" in data:  # a Hero line in the text wins over a separate `hero`
            parsed = parse_decklist(data["text"], catalogue)
            return parsed.hero or data.get("hero") or None, dict(parsed.counts), list(parsed.errors)
        if "code" in data:
            try:
                hero, counts = decode_deck(data["code"], catalogue)
            except DeckCodeError as exc:
                raise ApiError(exc.code, exc.message) from None
            return hero, counts, []
        counts: dict[str, int] | None = None
        if "cards" in data:
            counts = {}
            for entry in data["cards"]:
                counts[entry["card"]] = counts.get(entry["card"], 0) + entry["count"]
        hero = data.get("hero") or None if "hero" in data else (UNSET if partial else None)
        if counts is None and not partial:
            counts = {}
        return hero, counts, []


UNSET = object()


class DecklistEntrySerializer(CardCountSerializer):
    name = serializers.CharField(required=False, help_text="Absent when the card is unknown.")
    type = serializers.CharField(required=False)
    faction = serializers.CharField(required=False, allow_null=True)
    rarity = serializers.CharField(required=False, allow_null=True)
    cost = serializers.DictField(child=serializers.IntegerField(), required=False)
    produces = serializers.CharField(required=False, allow_null=True)


class ValidateResponseSerializer(DeckValidationSerializer):
    hero = serializers.CharField(allow_null=True, help_text="The Hero read from the decklist.")
    cards = DecklistEntrySerializer(many=True, help_text="The copies read from the decklist.")


class StatsResponseSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    statistics = serializers.DictField(help_text="Cost curve, type and rarity mix, energy balance, exact odds.")


class OpeningHandRequestSerializer(serializers.Serializer):
    seed = serializers.IntegerField(required=False, min_value=0, max_value=2**53,
                                    help_text="Same seed, same shuffle; omit for a fresh one (returned).")
    draws = serializers.IntegerField(required=False, default=0, min_value=0, max_value=60,
                                     help_text="Cards drawn after the kept hand (one per turn).")


class OpeningHandDecklistSerializer(DecklistSerializer, OpeningHandRequestSerializer):
    pass


class OpeningCardSerializer(serializers.Serializer):
    card = serializers.CharField()
    name = serializers.CharField()
    type = serializers.CharField()


class OpeningHandSerializer(serializers.Serializer):
    seed = serializers.IntegerField()
    mulligans = serializers.IntegerField()
    has_energy = serializers.BooleanField()
    hands = serializers.ListField(child=OpeningCardSerializer(many=True), help_text="Every hand seen, in order.")
    kept = OpeningCardSerializer(many=True)
    draws = OpeningCardSerializer(many=True, help_text="Cards drawn on the following turns.")


# --- decks ---------------------------------------------------------------------------------------------------------

class DeckWriteSerializer(DecklistSerializer):
    """What a client sends to create or change a deck: the decklist plus the deck's own fields."""

    name = serializers.CharField(max_length=100)
    description = serializers.CharField(required=False, allow_blank=True, max_length=5000)
    visibility = serializers.ChoiceField(choices=Visibility.choices, required=False)
    version = serializers.IntegerField(required=False, min_value=1,
                                       help_text="The version the client edited; a stale one gets 409.")


class DeckCardSerializer(serializers.Serializer):
    card = serializers.CharField(help_text="Card slug.")
    name = serializers.CharField()
    type = serializers.CharField()
    faction = serializers.CharField(allow_null=True)
    rarity = serializers.CharField(allow_null=True)
    cost = serializers.DictField(child=serializers.IntegerField())
    count = serializers.IntegerField()
    thumb_url = serializers.CharField()


def deck_card_rows(deck: Deck, catalogue) -> list[dict[str, Any]]:
    """Return the deck's cards with what a list shows (read from the compiled catalogue, no extra queries)."""
    rows = []
    for entry in deck.entries.all():
        card = catalogue.cards.get(entry.card.slug)
        rows.append({
            "card": entry.card.slug,
            "name": card.name if card else entry.card.name,
            "type": card.type if card else "",
            "faction": card.faction if card else None,
            "rarity": card.rarity if card else None,
            "cost": card.cost.as_dict() if card else {},
            "count": entry.count,
            "thumb_url": entry.card.thumb_url,
        })
    return rows


def deck_code(deck: Deck, catalogue) -> str | None:
    """Return the deck's share code (None if the catalogue no longer knows one of its cards)."""
    try:
        return encode_deck(deck.hero.slug if deck.hero else None, deck.counts(), catalogue)
    except DeckCodeError:
        return None


class DeckSerializer(serializers.Serializer):
    """A deck as the API returns it: its list, its judgement, its statistics and its share code."""

    id = serializers.CharField(read_only=True)
    url = serializers.SerializerMethodField()
    name = serializers.CharField()
    description = serializers.CharField()
    visibility = serializers.CharField()
    format = serializers.CharField()
    version = serializers.IntegerField()
    owner = serializers.SerializerMethodField()
    is_starter = serializers.BooleanField()
    hero = serializers.SerializerMethodField()
    count = serializers.SerializerMethodField()
    cards = serializers.SerializerMethodField()
    validation = serializers.SerializerMethodField()
    statistics = serializers.SerializerMethodField()
    code = serializers.SerializerMethodField()
    forked_from = serializers.CharField(source="forked_from_id", allow_null=True)
    tags = serializers.SerializerMethodField()
    likes = serializers.SerializerMethodField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()

    @property
    def catalogue(self):
        return self.context["catalogue"]

    def get_tags(self, deck) -> list[str]:
        return sorted(tag.slug for tag in deck.tags.all())

    def get_likes(self, deck) -> int:
        count = getattr(deck, "like_count", None)
        return count if count is not None else deck.likes.count()

    def get_url(self, deck) -> str:
        return deck.get_absolute_url()

    def get_owner(self, deck) -> str | None:
        return deck.owner.username if deck.owner_id else None

    @extend_schema_field(DeckHeroSerializer(allow_null=True))
    def get_hero(self, deck):
        return {"slug": deck.hero.slug, "name": deck.hero.name} if deck.hero_id else None

    def get_count(self, deck) -> int:
        return deck.card_count()

    @extend_schema_field(DeckCardSerializer(many=True))
    def get_cards(self, deck):
        return deck_card_rows(deck, self.catalogue)

    @property
    def legality(self) -> Legality:
        """The current release's set, looked up once per response (the decks of a list share it)."""
        if "legality" not in self.context:
            self.context["legality"] = current_legality()
        return self.context["legality"]

    def changes(self, deck) -> list[dict]:
        return []  # what changed since the save: told by the deck's own payload (decks.api.common)

    @extend_schema_field(DeckValidationSerializer)
    def get_validation(self, deck):
        legality = self.legality
        return {**legality.validate(deck, self.changes(deck)).to_dict(),
                "release": legality.release.slug if legality.release else None}

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_statistics(self, deck):
        return selectors.deck_statistics(deck, self.catalogue)

    def get_code(self, deck) -> str | None:
        return deck_code(deck, self.catalogue)


class DeckConflictSerializer(ErrorSerializer):
    deck = DeckSerializer(help_text="The deck as it is now.")


class StrictCharField(serializers.CharField):
    """A text field that refuses numbers instead of turning them into text."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class ForkSerializer(serializers.Serializer):
    name = StrictCharField(max_length=100, required=False, help_text="Defaults to “<name> (fork)”.")


class RestoreSerializer(serializers.Serializer):
    version = serializers.IntegerField(required=False, min_value=1,
                                       help_text="The deck's current version as the client knows it (409 if stale).")


class ExportSerializer(serializers.Serializer):
    format = serializers.ChoiceField(choices=["text", "code"])
    content = serializers.CharField()
    filename = serializers.CharField()


class DeckVersionSerializer(serializers.ModelSerializer):
    count = serializers.IntegerField(source="card_count")
    author = serializers.SerializerMethodField()
    release = serializers.CharField(source="release_slug", allow_null=True, read_only=True,
                                    help_text="The release current when it was saved (null: before releases).")

    class Meta:
        model = DeckVersion
        fields = ["number", "name", "hero", "count", "note", "author", "release", "created_at"]

    def get_author(self, version) -> str | None:
        return version.author.username if version.author_id else None


class DeckVersionDetailSerializer(DeckVersionSerializer):
    cards = serializers.SerializerMethodField()

    class Meta(DeckVersionSerializer.Meta):
        fields = [*DeckVersionSerializer.Meta.fields, "cards"]

    @extend_schema_field(CardCountSerializer(many=True))
    def get_cards(self, version):
        return [{"card": slug, "count": count} for slug, count in sorted(version.cards.items())]


class CardChangeSerializer(serializers.Serializer):
    card = serializers.CharField()
    name = serializers.CharField()
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    delta = serializers.IntegerField()
    label = serializers.CharField(help_text="“+2 Kalen Vos”, “−1 Deep Roots”.")


class BeforeAfterSerializer(serializers.Serializer):
    before = serializers.CharField()
    after = serializers.CharField()


class VersionDiffSerializer(serializers.Serializer):
    to = serializers.IntegerField()
    name = BeforeAfterSerializer(allow_null=True)
    hero = BeforeAfterSerializer(allow_null=True)
    changes = CardChangeSerializer(many=True)
    added = serializers.IntegerField()
    removed = serializers.IntegerField()

    def get_fields(self):
        """Add `from`, which cannot be a class attribute (it is a Python keyword)."""
        return {"from": serializers.IntegerField(help_text="The older version."), **super().get_fields()}


# --- collections ---------------------------------------------------------------------------------------------------

class OwnedCardSerializer(serializers.Serializer):
    card = serializers.CharField(max_length=80, help_text="Card slug, e.g. kalen-vos.")
    count = serializers.IntegerField(min_value=0, max_value=99, help_text="Copies owned; 0 removes the card.")


class CollectionEntrySerializer(serializers.Serializer):
    card = serializers.CharField()
    name = serializers.CharField()
    type = serializers.CharField()
    faction = serializers.CharField(allow_null=True)
    count = serializers.IntegerField()


class CollectionSerializer(serializers.Serializer):
    count = serializers.IntegerField(help_text="Copies owned, all cards together.")
    distinct = serializers.IntegerField(help_text="Different cards owned.")
    cards = CollectionEntrySerializer(many=True)


class CollectionWriteSerializer(serializers.Serializer):
    """Cards as JSON, or a pasted `text` (a decklist-like list or CSV with a count and a card column): one of the two."""

    # Small enough that any body within these limits stays under the 256 kB request limit (413 past it).
    cards = OwnedCardSerializer(many=True, required=False, max_length=200)
    text = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False, max_length=20_000,
                                 help_text="`3 Kalen Vos` lines, or CSV with a header such as `count,card`.")
    mode = serializers.ChoiceField(choices=["set", "add"], required=False,
                                   help_text="PATCH only: `set` (default) gives the named cards these counts; "
                                             "`add` adds them to what you own.")

    def validate(self, attrs):
        if ("cards" in attrs) == ("text" in attrs):
            raise ApiError("ambiguous_collection", "Send either `cards` or `text`, not both and not neither.")
        return attrs


class CollectionExportSerializer(serializers.Serializer):
    format = serializers.ChoiceField(choices=["csv", "text"])
    content = serializers.CharField()
    filename = serializers.CharField()


class DeckOwnershipSerializer(serializers.Serializer):
    class MissingSerializer(serializers.Serializer):
        card = serializers.CharField()
        name = serializers.CharField()
        missing = serializers.IntegerField()
        owned = serializers.IntegerField()
        needed = serializers.IntegerField()

    owned = serializers.IntegerField(help_text="Copies of the deck's cards you own (at most what it runs).")
    total = serializers.IntegerField(help_text="Cards in the deck, the Hero not counted.")
    missing = MissingSerializer(many=True)
    hero = serializers.CharField(allow_null=True)
    hero_owned = serializers.BooleanField()
    buildable = serializers.BooleanField()
    summary = serializers.CharField(help_text="“You own 41/45 — missing: …”.")


# --- the community -------------------------------------------------------------------------------------------------

class LikeSerializer(serializers.Serializer):
    liked = serializers.BooleanField()
    likes = serializers.IntegerField()


class TagsSerializer(serializers.Serializer):
    tags = serializers.ListField(child=serializers.CharField(max_length=30), max_length=8,
                                 help_text="At most 8 tags of 1 to 30 letters, digits, spaces or dashes.")


class CommentWriteSerializer(serializers.Serializer):
    body = serializers.CharField(max_length=4000, help_text="Markdown; [[Card Name]] links a card.")


class CommentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    deck = serializers.CharField(source="deck_id")
    author = serializers.CharField(source="author.username")
    body = serializers.CharField(help_text="The Markdown as written.")
    html = serializers.SerializerMethodField(help_text="The Markdown rendered and sanitized.")
    hidden = serializers.BooleanField(help_text="Hidden by the deck's owner (only the owner sees hidden comments).")
    created_at = serializers.DateTimeField()

    def get_html(self, comment) -> str:
        from decks.markdown import render_markdown

        return render_markdown(comment.body, self.context["catalogue"])


class CommentHideSerializer(serializers.Serializer):
    hidden = serializers.BooleanField()


class ReportSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=500)


class ReportResponseSerializer(serializers.Serializer):
    comment = serializers.IntegerField()
    reason = serializers.CharField()


class AuthorSerializer(serializers.Serializer):
    username = serializers.CharField()
    joined = serializers.DateTimeField()
    decks = serializers.IntegerField(help_text="Public decks.")
    likes_received = serializers.IntegerField()
    comments = serializers.IntegerField()
