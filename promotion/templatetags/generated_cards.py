"""``{% generate_card_form wrestler %}``: the wrestler page's form for a generated card, offered
for the rule systems he has no card for (``promotion/generate_views.py``)."""

from __future__ import annotations

from django import template

from promotion.generate_views import GenerateCardForm, missing_systems

register = template.Library()


@register.inclusion_tag("promotion/_generate_card.html")
def generate_card_form(federation, wrestler):
    missing = missing_systems(wrestler)
    form = GenerateCardForm()
    field = form.fields["system"]
    assert hasattr(field, "choices")
    field.choices = missing
    return {"federation": federation, "wrestler": wrestler, "missing": missing, "form": form}
