from django.contrib import admin, messages

from matches.autobook import BookingConfigError, show_autobook
from matches.booking import BookingError, show_schedule
from matches.models import Match, MatchParticipant, Show


class MatchInline(admin.TabularInline):
    model = Match
    extra = 0
    fields = ["position", "match_type", "rule_system", "title", "feud", "status", "method"]
    readonly_fields = ["status", "method"]
    show_change_link = True


@admin.register(Show)
class ShowAdmin(admin.ModelAdmin):
    list_display = ["name", "federation", "number", "kind", "scheduled_at", "status"]
    list_filter = ["federation", "status", "kind"]
    search_fields = ["name", "venue"]
    date_hierarchy = "scheduled_at"
    readonly_fields = ["started_at", "completed_at", "error", "attempts"]
    inlines = [MatchInline]
    actions = ["autobook", "schedule"]

    @admin.action(description="Auto-book the card")
    def autobook(self, request, queryset):
        for show in queryset.order_by("scheduled_at", "number"):
            try:
                report = show_autobook(show=show)
            except (BookingError, BookingConfigError) as exc:
                for reason in getattr(exc, "reasons", [str(exc)]):
                    messages.error(request, reason)
                continue
            messages.success(request, f"{show}: {len(report)} matches booked.")
            for reason in report.skipped:
                messages.warning(request, reason)

    @admin.action(description="Schedule")
    def schedule(self, request, queryset):
        for show in queryset.order_by("scheduled_at", "number"):
            try:
                show_schedule(show=show)
            except BookingError as exc:
                for reason in exc.reasons:
                    messages.error(request, reason)
                continue
            messages.success(request, f"{show} is scheduled.")


class ParticipantInline(admin.TabularInline):
    model = MatchParticipant
    extra = 0
    fields = ["side", "order", "wrestler", "role", "team"]
    autocomplete_fields = ["wrestler", "team"]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = [
        "__str__",
        "match_type",
        "rule_system",
        "title",
        "status",
        "winner_side",
        "method",
    ]
    list_filter = ["show__federation", "status", "match_type", "rule_system", "method"]
    search_fields = ["show__name", "participants__wrestler__ring_name"]
    raw_id_fields = ["show"]
    readonly_fields = ["winner_side", "method", "length", "play_by_play", "effects"]
    list_select_related = ["show", "title"]
    inlines = [ParticipantInline]
