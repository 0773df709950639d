"""Admin for decks: browse and fix decks; versions and goldfish runs are read-only records; staff moderate comments
(remove or restore them, resolve reports) and tags."""
from django.contrib import admin, messages
from django.db.models import Count, Q

from decks import community_services
from decks.models import CollectionEntry, CommentReport, Deck, DeckCard, DeckComment, DeckSimulation, DeckVersion, Tag


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


class CommentReportInline(admin.TabularInline):
    model = CommentReport
    extra = 0
    fields = ["reporter", "reason", "resolved", "created_at"]
    readonly_fields = ["reporter", "reason", "created_at"]

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(DeckComment)
class DeckCommentAdmin(admin.ModelAdmin):
    """Moderation: comments with open reports first; remove (hidden from everyone, kept for the record) or restore."""

    list_display = ["__str__", "deck", "author", "open_reports", "hidden", "removed", "created_at"]
    list_filter = ["removed", "hidden", ("reports", admin.EmptyFieldListFilter)]
    search_fields = ["body", "author__username", "deck__name", "deck__id"]
    raw_id_fields = ["deck", "author"]
    readonly_fields = ["created_at"]
    inlines = [CommentReportInline]
    actions = ["remove_comments", "restore_comments"]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("deck", "author").annotate(
            open_report_count=Count("reports", filter=Q(reports__resolved=False))).order_by(
            "-open_report_count", "-created_at")

    @admin.display(description="Open reports", ordering="open_report_count")
    def open_reports(self, comment):
        return comment.open_report_count

    @admin.action(description="Remove the selected comments (and resolve their reports)")
    def remove_comments(self, request, queryset):
        removed = community_services.comments_remove(queryset.values_list("pk", flat=True))
        self.message_user(request, f"Removed {removed} comment(s).", messages.SUCCESS)

    @admin.action(description="Restore the selected comments")
    def restore_comments(self, request, queryset):
        count = queryset.update(removed=False)
        self.message_user(request, f"Restored {count} comment(s).", messages.SUCCESS)


@admin.register(CommentReport)
class CommentReportAdmin(admin.ModelAdmin):
    list_display = ["comment", "reporter", "reason", "resolved", "created_at"]
    list_filter = ["resolved"]
    search_fields = ["reason", "comment__body", "reporter__username"]
    raw_id_fields = ["comment", "reporter"]
    actions = ["resolve", "remove_reported"]

    @admin.action(description="Mark as resolved (the comment stays)")
    def resolve(self, request, queryset):
        self.message_user(request, f"Resolved {queryset.update(resolved=True)} report(s).", messages.SUCCESS)

    @admin.action(description="Remove the reported comments and resolve")
    def remove_reported(self, request, queryset):
        removed = community_services.comments_remove(queryset.values_list("comment_id", flat=True))
        self.message_user(request, f"Removed {removed} comment(s).", messages.SUCCESS)


@admin.register(Tag)
class TagAdmin(admin.ModelAdmin):
    list_display = ["slug", "name"]
    search_fields = ["slug", "name"]


@admin.register(CollectionEntry)
class CollectionEntryAdmin(admin.ModelAdmin):
    list_display = ["owner", "card", "count", "updated_at"]
    search_fields = ["owner__username", "card__name"]
    raw_id_fields = ["owner", "card"]
