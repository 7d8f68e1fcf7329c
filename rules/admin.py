from django import forms
from django.contrib import admin

from promotion.services import ServiceError, chart_override_save
from rules.models import ChartOverride

# Wrestlers' cards are administered with the roster (promotion/admin.py), where the card service
# validates them.


class ChartOverrideForm(forms.ModelForm):
    """Saving a chart is ``chart_override_save``: the chart checked by its engine, and refused
    if a card the federation's wrestlers hold would no longer play with it."""

    class Meta:
        model = ChartOverride
        fields = ["federation", "system", "chart", "data", "note"]

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            self.instance = chart_override_save(
                federation=cleaned["federation"],
                system=cleaned["system"],
                chart=cleaned["chart"],
                data=cleaned["data"],
                note=cleaned.get("note", ""),
            )
        except ServiceError as exc:
            raise forms.ValidationError(str(exc).splitlines()) from None
        return cleaned

    def _post_clean(self):
        pass  # chart_override_save has written it


@admin.register(ChartOverride)
class ChartOverrideAdmin(admin.ModelAdmin):
    form = ChartOverrideForm
    list_display = ["federation", "system", "chart", "note", "updated_at"]
    list_filter = ["system", "federation"]
    search_fields = ["chart", "note"]

    def save_model(self, request, obj, form, change):
        """Written by ``chart_override_save`` in the form's validation."""
