"""Admin for goldfish and versus games: look them up and open them; a game's log and state are records, not edited here."""
from django.contrib import admin

from rules.models import GoldfishGame, VersusGame


@admin.register(GoldfishGame)
class GoldfishGameAdmin(admin.ModelAdmin):
    list_display = ["id", "deck_name", "hero", "owner", "status", "legacy", "rounds", "seed", "seating", "version",
                    "updated_at"]
    list_filter = ["status", "seating", "hero", "bot_assisted"]
    search_fields = ["id", "deck_name", "hero", "owner__username", "deck__id"]
    raw_id_fields = ["owner", "deck"]
    readonly_fields = ["id", "session_key", "deck_version", "cards", "seed", "seating", "engine_version",
                       "data_hash", "actions", "state", "version", "bot_assisted", "status", "legacy", "rounds",
                       "created_at", "updated_at", "finished_at"]
    date_hierarchy = "updated_at"


@admin.register(VersusGame)
class VersusGameAdmin(admin.ModelAdmin):
    list_display = ["id", "deck_name", "opponent_name", "difficulty", "owner", "status", "outcome", "legacy",
                    "opponent_legacy", "rounds", "updated_at"]
    list_filter = ["status", "difficulty", "outcome", "seat", "seating", "bot_assisted"]
    search_fields = ["id", "deck_name", "opponent_name", "hero", "opponent_hero", "owner__username"]
    raw_id_fields = ["owner", "deck", "opponent"]
    readonly_fields = [f.name for f in VersusGame._meta.fields if f.name not in ("owner", "deck", "opponent")]
    date_hierarchy = "updated_at"
