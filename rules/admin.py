from django.contrib import admin

from rules.models import ChartOverride

# Wrestlers' cards are administered with the roster (promotion/admin.py), where the card service
# validates them.


@admin.register(ChartOverride)
class ChartOverrideAdmin(admin.ModelAdmin):
    list_display = ["federation", "system", "chart", "note", "updated_at"]
    list_filter = ["system", "federation"]
    search_fields = ["chart", "note"]
