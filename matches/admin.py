from django.contrib import admin

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
