"""The new-federation wizard's page (``federation-found``): one form, a federation in a minute
(``matches.founding.federation_found``; ``docs/pages.md``, "A federation in a minute")."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect

from matches.founding import TITLE_CHOICES, federation_found
from promotion.models import Federation
from promotion.services import ServiceError
from promotion.services.founding import ROSTER_SIZES
from promotion.validators import time_zone_choices
from rules import registry
from web.pages import form_page, refuse_form

TITLE_WORDS = {
    "world": "World Heavyweight Championship (singles)",
    "midcard": "Mid-Card Championship (singles)",
    "tag": "Tag Team Championship (its teams paired from the roster)",
}
CHAMPION_WORDS = (
    ("tournament", "A one-night tournament for each title, after the first show"),
    ("hand", "By hand: the top of the roster holds them from today"),
)


class FoundingForm(forms.ModelForm):
    roster_size = forms.IntegerField(
        label="Roster size",
        initial=16,
        min_value=ROSTER_SIZES[0],
        max_value=ROSTER_SIZES[1],
        help_text="Generated wrestlers of every style, from jobbers to main-eventers.",
    )
    titles = forms.MultipleChoiceField(
        label="Titles",
        choices=[(key, TITLE_WORDS[key]) for key in TITLE_CHOICES],
        initial=["world", "midcard"],
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    champions = forms.ChoiceField(
        label="First champions",
        choices=CHAMPION_WORDS,
        initial="tournament",
        widget=forms.RadioSelect,
    )
    seed = forms.IntegerField(
        label="Seed",
        required=False,
        min_value=0,
        max_value=2**31 - 1,
        help_text="The same seed signs the same roster; left empty, one is drawn.",
    )

    class Meta:
        model = Federation
        fields = [
            "name",
            "slug",
            "default_venue",
            "rule_system",
            "time_zone",
            "show_weekday",
            "show_time",
        ]
        labels = {
            "slug": "Address",
            "default_venue": "Home arena",
            "rule_system": "Rule system",
            "show_weekday": "Weekly show on",
            "show_time": "Show time",
        }
        widgets = {"show_time": forms.TimeInput(attrs={"type": "time"})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slug"].required = False
        self.fields["slug"].help_text = "Left empty, it is made from the name."
        field = self.fields["rule_system"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(name, registry.systems[name].title) for name in sorted(registry.systems)]
        zones = self.fields["time_zone"]
        assert isinstance(zones, forms.ChoiceField)
        zones.choices = time_zone_choices()


@login_required
def federation_found_page(request):
    form = FoundingForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            report = federation_found(
                owner=request.user,
                name=data["name"],
                slug=data["slug"] or "",
                default_venue=data["default_venue"] or "",
                rule_system=data["rule_system"],
                roster_size=data["roster_size"],
                titles=data["titles"],
                champions=data["champions"],
                show_weekday=data["show_weekday"],
                show_time=data["show_time"],
                time_zone=data["time_zone"],
                seed=data["seed"],
            )
        except ServiceError as exc:
            refuse_form(form, exc)
        else:
            federation = report.federation
            messages.success(
                request,
                f"{federation.name} is open for business: {len(report.wrestlers)} wrestlers "
                f"signed and the first show booked.",
            )
            if report.show is not None:
                return redirect(report.show.get_absolute_url())
            return redirect(federation.get_absolute_url())
    return form_page(request, "promotion/new_federation.html", {"form": form})
