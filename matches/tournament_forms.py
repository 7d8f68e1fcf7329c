"""The new-tournament form: what the promoter chooses. The entrants by hand are typed one a line
in seed order (a list keeps its order, as a multiple choice would not) and read as the
federation's wrestlers or teams; the tournament service (``matches.tournaments``) decides the
rest and refuses with its reasons, which the page shows beside their fields."""

from __future__ import annotations

from django import forms

from matches.brackets import MAX_ENTRANTS, MIN_ENTRANTS
from matches.models import Placement, Seeding, TournamentFormat, TournamentUnit
from promotion.models import Federation, Team, Title, Wrestler
from promotion.validators import plain_text
from rules.models import System

NAME_ENTRANTS = "Name the entrants, one a line in seed order, for a field seeded by hand."
HOW_MANY = "Say how many take part: the top {low} to {high} by Prestige."
NO_SUCH_ENTRANT = "{kind} named {name!r} in {federation}."
TWICE = "{name!r} is named twice."
TOO_MANY_LINES = "At most {high} entrants."


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=160, validators=[plain_text])
    format = forms.ChoiceField(choices=TournamentFormat.choices)
    unit = forms.ChoiceField(
        choices=TournamentUnit.choices,
        label="Entrants are",
        help_text="Tag teams are teams of two, six-man teams teams of three.",
    )
    rule_system = forms.ChoiceField(
        choices=[("", "The federation's (or the title's)"), *System.choices],
        required=False,
        label="Rule system",
    )
    title = forms.ModelChoiceField(
        queryset=Title.objects.none(),
        required=False,
        empty_label="None",
        label="For the title",
        help_text="Its winner is crowned champion: the title must be vacant when the final is "
        "decided.",
    )
    seeding = forms.ChoiceField(
        choices=Seeding.choices,
        help_text="By Prestige: the top seeds are the most prestigious; drawn: the order is drawn "
        "by lot.",
    )
    size = forms.IntegerField(
        min_value=MIN_ENTRANTS,
        max_value=MAX_ENTRANTS,
        required=False,
        label="How many entrants",
        help_text="By Prestige or drawn: the top this many available by Prestige. A field that is "
        "not a power of two gives the top seeds byes.",
    )
    entrants = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 8}),
        required=False,
        label="Entrants by hand",
        help_text="Seeded by hand: one ring name (or team name) a line, the top seed first.",
    )
    placement = forms.ChoiceField(choices=Placement.choices)

    def __init__(self, *args, federation: Federation, **kwargs):
        super().__init__(*args, **kwargs)
        self.federation = federation
        title_field = self.fields["title"]
        assert isinstance(title_field, forms.ModelChoiceField)
        title_field.queryset = federation.titles.filter(is_active=True)

    def _entrant_ids(self, unit: str, text: str) -> list[int]:
        names = [line.strip() for line in text.splitlines() if line.strip()]
        if len(names) > MAX_ENTRANTS:
            raise forms.ValidationError(TOO_MANY_LINES.format(high=MAX_ENTRANTS))
        if unit == TournamentUnit.SINGLES:
            rows = {
                w.ring_name.casefold(): w.pk
                for w in Wrestler.objects.filter(federation=self.federation)
            }
            kind = "No wrestler"
        else:
            rows = {
                t.name.casefold(): t.pk for t in Team.objects.filter(federation=self.federation)
            }
            kind = "No team"
        ids: list[int] = []
        problems: list[str] = []
        for name in names:
            key = rows.get(name.casefold())
            if key is None:
                problems.append(
                    NO_SUCH_ENTRANT.format(kind=kind, name=name, federation=self.federation.name)
                )
            elif key in ids:
                problems.append(TWICE.format(name=name))
            else:
                ids.append(key)
        if problems:
            raise forms.ValidationError(problems)
        return ids

    def clean(self):
        data = super().clean()
        if data is None:
            return data
        seeding, unit = data.get("seeding"), data.get("unit")
        data["entrant_ids"] = None
        if seeding == Seeding.HAND:
            text = data.get("entrants") or ""
            if not text.strip():
                self.add_error("entrants", NAME_ENTRANTS)
            elif unit:
                try:
                    data["entrant_ids"] = self._entrant_ids(unit, text)
                except forms.ValidationError as error:
                    self.add_error("entrants", error)
        elif seeding and data.get("size") is None and "size" not in self.errors:
            self.add_error("size", HOW_MANY.format(low=MIN_ENTRANTS, high=MAX_ENTRANTS))
        return data
