"""Read-only representations of the catalogue for the API (thin: the data is prepared by selectors)."""
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from .catalogue import get_catalogue
from .models import Ability, Card, Faction, Keyword
from .rules_text import reminder_texts

NULLABLE_SLUG = {"type": "string", "nullable": True, "description": "null for cards of no faction (Energy, Batteries)."}
COST_SCHEMA = {"type": "object", "additionalProperties": {"type": "integer"}, "example": {"DC": 1, "CE": 1}}


class ApiErrorSerializer(serializers.Serializer):
    """The API's error shape (documentation only)."""

    code = serializers.CharField(help_text="Stable machine-readable code, e.g. bad_query, bad_filter.")
    message = serializers.CharField(help_text="What is wrong, for people.")
    position = serializers.IntegerField(required=False, help_text="bad_query: 0-based offset of the problem.")


class AbilitySerializer(serializers.ModelSerializer):
    keyword = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    cost = serializers.SerializerMethodField()

    class Meta:
        model = Ability
        fields = ["trigger", "keyword", "amount", "target", "cost", "synergy", "text"]

    @extend_schema_field(COST_SCHEMA)
    def get_cost(self, ability: Ability) -> dict:
        return ability.cost or {}


class CardSerializer(serializers.ModelSerializer):
    type = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    faction = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)
    rarity = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)
    cost = serializers.SerializerMethodField()
    abilities = AbilitySerializer(many=True, read_only=True)
    image_url = serializers.CharField(read_only=True)
    thumb_url = serializers.CharField(read_only=True)
    url = serializers.CharField(source="get_absolute_url", read_only=True)

    class Meta:
        model = Card
        fields = ["slug", "name", "type", "faction", "rarity", "cost", "hp", "charge", "text", "abilities",
                  "image_url", "thumb_url", "url"]

    @extend_schema_field(COST_SCHEMA)
    def get_cost(self, card: Card) -> dict:
        return card.cost


class ReminderSerializer(serializers.Serializer):
    keyword = serializers.CharField()
    reminder = serializers.CharField()


class CardDetailSerializer(CardSerializer):
    civilization = serializers.SerializerMethodField()
    ideology = serializers.SerializerMethodField()
    produces = serializers.SlugRelatedField(slug_field="code", read_only=True, allow_null=True)
    reminders = serializers.SerializerMethodField()

    class Meta(CardSerializer.Meta):
        fields = [*CardSerializer.Meta.fields, "civilization", "ideology", "produces", "flavor", "reminders"]

    @extend_schema_field(NULLABLE_SLUG)
    def get_civilization(self, card: Card) -> str | None:
        return card.faction.civilization.slug if card.faction_id else None

    @extend_schema_field(NULLABLE_SLUG)
    def get_ideology(self, card: Card) -> str | None:
        return card.faction.ideology.slug if card.faction_id else None

    @extend_schema_field(ReminderSerializer(many=True))
    def get_reminders(self, card: Card) -> list[dict]:
        catalogue = get_catalogue()
        card_def = catalogue.cards.get(card.slug)
        if card_def is None:
            return []
        return [{"keyword": name, "reminder": text} for name, text in reminder_texts(card_def, catalogue)]


class KeywordSerializer(serializers.ModelSerializer):
    class Meta:
        model = Keyword
        fields = ["slug", "name", "category", "takes_amount", "reminder"]


class HeroRefSerializer(serializers.ModelSerializer):
    url = serializers.CharField(source="get_absolute_url", read_only=True)

    class Meta:
        model = Card
        fields = ["slug", "name", "url"]


class FactionSerializer(serializers.ModelSerializer):
    civilization = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    ideology = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    faction_energy = serializers.SlugRelatedField(slug_field="code", read_only=True)
    secondary_energy = serializers.SlugRelatedField(slug_field="code", read_only=True)
    energies = serializers.SerializerMethodField()
    hero = serializers.SerializerMethodField()

    class Meta:
        model = Faction
        fields = ["slug", "name", "civilization", "ideology", "faction_energy", "secondary_energy", "energies",
                  "hero"]

    @extend_schema_field({"type": "array", "items": {"type": "string"}})
    def get_energies(self, faction: Faction) -> list[str]:
        first = (faction.faction_energy_id, faction.secondary_energy_id)
        ranked = sorted(faction.energy_types.all(),
                        key=lambda e: (first.index(e.id) if e.id in first else len(first), e.order))
        return [energy.code for energy in ranked]

    @extend_schema_field(HeroRefSerializer(allow_null=True))
    def get_hero(self, faction: Faction) -> dict | None:
        heroes = getattr(faction, "hero_cards", None)
        return HeroRefSerializer(heroes[0]).data if heroes else None
