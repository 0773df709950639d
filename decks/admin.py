"""Admin for decks: browse and fix decks; versions and goldfish runs are read-only records."""
from django.contrib import admin

from decks.models import Deck, DeckCard, DeckSimulation, DeckVersion


class DeckCardInline(admin.TabularInline):
    model = DeckCard
    extra = 0
    autocomplete_fields = ["card"]


class DeckVersionInline(admin.TabularInline):
    model = DeckVersion
    extra = 0
    can_delete = False
    fields = ["number", "name", "hero", "note", "author", "created_at"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ["name", "id", "owner", "hero", "visibility", "format", "version", "updated_at"]
    list_filter = ["visibility", "format", "hero"]
    search_fields = ["name", "id", "owner__username"]
    readonly_fields = ["id", "version", "created_at", "updated_at"]
    raw_id_fields = ["owner", "forked_from"]
    inlines = [DeckCardInline, DeckVersionInline]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("owner", "hero")


@admin.register(DeckSimulation)
class DeckSimulationAdmin(admin.ModelAdmin):
    list_display = ["deck", "bot", "games", "seed", "deck_version", "created_at"]
    list_filter = ["bot"]
    raw_id_fields = ["deck"]
    readonly_fields = ["created_at"]
