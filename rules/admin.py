from django.contrib import admin

from rules.models import ChartOverride, WrestlerCard


@admin.register(WrestlerCard)
class WrestlerCardAdmin(admin.ModelAdmin):
    list_display = ["wrestler", "system", "validated", "updated_at"]
    list_filter = ["system", "validated", "wrestler__federation"]
    search_fields = ["wrestler__ring_name", "wrestler__slug"]
    autocomplete_fields = ["wrestler"]


@admin.register(ChartOverride)
class ChartOverrideAdmin(admin.ModelAdmin):
    list_display = ["federation", "system", "chart", "note", "updated_at"]
    list_filter = ["system", "federation"]
    search_fields = ["chart", "note"]
