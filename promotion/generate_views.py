"""The wrestler page's "Generate a card" button (``card-generate``): a generated card for a
rule system he has no card for (``promotion.services.card_generate``; ``docs/cards.md``,
"Generated wrestlers")."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect

from promotion import services
from promotion.access import Action
from rules import generators, registry
from web.pages import federation_page, posted_from

AUTO = ""


class GenerateCardForm(forms.Form):
    system = forms.ChoiceField(
        label="Rule system",
        choices=[(name, registry.systems[name].title) for name in sorted(registry.systems)],
    )
    style = forms.ChoiceField(
        label="Style",
        required=False,
        choices=[
            (AUTO, "From his profile"),
            *((n, n.capitalize()) for n in generators.STYLE_NAMES),
        ],
    )
    tier = forms.ChoiceField(
        label="Tier",
        required=False,
        choices=[
            (AUTO, "From his Prestige"),
            *((n, n.capitalize()) for n in generators.TIER_NAMES),
        ],
    )
    seed = forms.IntegerField(
        label="Seed", required=False, min_value=0, max_value=generators.MAX_SEED
    )


def missing_systems(wrestler) -> list[tuple[str, str]]:
    """The rule systems (name, title) a wrestler has no card for."""
    held = set(wrestler.cards.values_list("system", flat=True))
    return [(n, registry.systems[n].title) for n in sorted(registry.systems) if n not in held]


@posted_from("wrestler-detail")
def card_generate_view(request, federation: str, slug: str):
    fed = federation_page(request, federation, Action.BOOK)
    wrestler = get_object_or_404(fed.wrestlers, slug=slug)
    form = GenerateCardForm(request.POST)
    if not form.is_valid():
        for field, errors in form.errors.items():
            label = form.fields[field].label if field in form.fields else ""
            words = " ".join(str(e) for e in errors)
            messages.error(request, f"{label}: {words}" if label else words)
        return redirect("wrestler-detail", federation=fed.slug, slug=wrestler.slug)
    data = form.cleaned_data
    try:
        made = services.card_generate(
            wrestler=wrestler,
            system=data["system"],
            style=data["style"] or None,
            tier=data["tier"] or None,
            seed=data["seed"],
        )
    except services.ServiceError as exc:
        messages.error(request, str(exc))
    else:
        title = registry.systems[made.card.system].title
        article = "an" if made.style[:1] in "aeiou" else "a"
        messages.success(
            request,
            f"{wrestler} has a generated {title} card: {article} {made.style} {made.tier} "
            f"(seed {made.seed}; the same seed, style and tier give the same card).",
        )
    return redirect("wrestler-detail", federation=fed.slug, slug=wrestler.slug)
