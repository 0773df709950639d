"""Admin for the catalogue: edit cards with their costs and abilities; generated columns stay read-only."""
from django import forms
from django.contrib import admin

from rules.engine.catalogue import Cost

from .catalogue import rule_tables
from .models import (
    Ability,
    Card,
    CardCost,
    CardNote,
    CardType,
    Civilization,
    EnergyType,
    Faction,
    Ideology,
    Keyword,
    Rarity,
    Release,
)
from .services import card_next_position, card_refresh_derived


def _target_choices():
    return [(row["slug"], f"{row['slug']} — {row['text']}" if row["text"] else row["slug"])
            for row in rule_tables()["targets"]]


class AbilityForm(forms.ModelForm):
    target = forms.ChoiceField(choices=_target_choices)

    class Meta:
        model = Ability
        fields = ["order", "trigger", "keyword", "amount", "target", "cost", "synergy"]

    def clean_cost(self):
        """Accept only energy codes and `charge`, each a positive whole number."""
        cost = self.cleaned_data.get("cost") or {}
        if not isinstance(cost, dict) or not all(isinstance(v, int) and v > 0 for v in cost.values()):
            raise forms.ValidationError('Write a cost as {"DC": 1, "charge": 1}: positive whole numbers.')
        try:
            Cost.from_mapping(cost)
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from exc
        return cost


class CardCostInline(admin.TabularInline):
    model = CardCost
    extra = 0


class AbilityInline(admin.TabularInline):
    model = Ability
    form = AbilityForm
    extra = 0
    readonly_fields = ["text"]


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["name", "type", "faction", "rarity", "cost_total", "hp", "updated_at"]
    list_filter = ["type", "faction", "rarity"]
    list_select_related = ["type", "faction", "rarity"]
    search_fields = ["name", "text"]
    readonly_fields = ["text", "cost_total", "content_hash", "updated_at"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [CardCostInline, AbilityInline]

    def save_model(self, request, obj, form, change):
        if not change:
            obj.position = card_next_position()  # a new card goes last in the exported file
        super().save_model(request, obj, form, change)

    def save_related(self, request, form, formsets, change):
        """Save costs and abilities, then regenerate the text and content hash from them."""
        super().save_related(request, form, formsets, change)
        card_refresh_derived(form.instance)


@admin.register(Faction)
class FactionAdmin(admin.ModelAdmin):
    list_display = ["name", "civilization", "ideology", "faction_energy", "secondary_energy"]


@admin.register(Keyword)
class KeywordAdmin(admin.ModelAdmin):
    list_display = ["name", "category", "takes_amount"]
    list_filter = ["category"]


admin.site.register([Civilization, Ideology, EnergyType, Rarity, CardType])


@admin.register(Release)
class ReleaseAdmin(admin.ModelAdmin):
    """Releases are read here, never edited: publish with `manage.py publish_release` (cards.releases)."""

    list_display = ["name", "slug", "published_at", "current", "data_hash"]
    readonly_fields = ["slug", "name", "published_at", "notes", "data_hash", "reasons", "previous", "current"]
    exclude = ["payload"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(CardNote)
class CardNoteAdmin(admin.ModelAdmin):
    """Players' playtest notes, to find or remove one; designers read and address them at /cards/<slug>/notes/."""

    list_display = ("card", "release", "author", "created_at", "addressed_by")
    list_filter = ("release", "addressed_by")
    search_fields = ("card", "text", "author__username")
    raw_id_fields = ("author",)
