"""Forms of the booking pages. They gather the booker's choices; the booking service decides and
refuses with its reasons, which the pages show inline."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from django import forms
from django.db.models import Max

from matches.booking import SIDE_SHAPES
from matches.models import MatchParticipant, MatchType, Show
from promotion.models import Federation, Team, Wrestler, WrestlerStatus
from promotion.validators import plain_text
from rules import registry

PICK_SIDES = "Pick the wrestlers (or a team) of each side."


class ShowForm(forms.Form):
    name = forms.CharField(
        max_length=160, required=False, validators=[plain_text], help_text="Empty: numbered."
    )
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    time = forms.TimeField(widget=forms.TimeInput(attrs={"type": "time"}))
    venue = forms.CharField(max_length=160, required=False, validators=[plain_text])

    def __init__(self, *args, federation: Federation, **kwargs):
        super().__init__(*args, **kwargs)
        self.federation = federation
        zone = ZoneInfo(str(federation.time_zone))
        last = federation.shows.aggregate(last=Max("scheduled_at"))["last"]
        slot = federation.next_show_time(after=last).astimezone(zone)
        self.fields["date"].initial = slot.date()
        self.fields["time"].initial = slot.time().replace(second=0)
        self.fields["venue"].initial = federation.default_venue
        self.fields["time"].help_text = f"In the federation's time zone, {zone.key}."

    def scheduled_at(self) -> dt.datetime:
        zone = ZoneInfo(str(self.federation.time_zone))
        return dt.datetime.combine(
            self.cleaned_data["date"], self.cleaned_data["time"], tzinfo=zone
        )


class MatchForm(forms.Form):
    match_type = forms.ChoiceField(choices=MatchType.choices, initial=MatchType.SINGLES)
    side_a = forms.ModelMultipleChoiceField(
        queryset=Wrestler.objects.none(), required=False, label="Side A: wrestlers"
    )
    team_a = forms.ModelChoiceField(
        queryset=Team.objects.none(), required=False, label="…or side A: a team"
    )
    side_b = forms.ModelMultipleChoiceField(
        queryset=Wrestler.objects.none(), required=False, label="Side B: wrestlers"
    )
    team_b = forms.ModelChoiceField(
        queryset=Team.objects.none(), required=False, label="…or side B: a team"
    )
    others = forms.ModelMultipleChoiceField(
        queryset=Wrestler.objects.none(),
        required=False,
        label="Battle royal: the other entrants, one side each",
    )
    rule_system = forms.ChoiceField(label="Rule system")
    rule_options = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label="Optional rules"
    )
    title = forms.ModelChoiceField(queryset=None, required=False, label="Title at stake")
    feud = forms.ModelChoiceField(queryset=None, required=False, label="Part of the feud")
    stipulations = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label="Stipulations"
    )
    time_limit = forms.IntegerField(
        min_value=1, max_value=120, required=False, label="Time limit (minutes)"
    )
    no_disqualification = forms.BooleanField(required=False, label="No disqualification")
    title_changes_on_dq = forms.BooleanField(
        required=False, label="The title changes hands on a disqualification or count-out"
    )
    is_main_event = forms.BooleanField(required=False, label="Main event")
    note = forms.CharField(
        max_length=240, required=False, label="Booker's note", validators=[plain_text]
    )

    def __init__(self, *args, show: Show, **kwargs):
        super().__init__(*args, **kwargs)
        federation = show.federation
        self.show = show
        wrestlers = (
            federation.wrestlers.exclude(status=WrestlerStatus.RETIRED)
            .with_unavailability(show.date)
            .order_by("ring_name")
        )
        on_card = set(
            MatchParticipant.objects.filter(show=show).values_list("wrestler_id", flat=True)
        )

        def label(wrestler) -> str:
            """His name, and why the booking would refuse him: hurt or suspended that night, or
            on this card already."""
            notes = [
                words
                for off, words in (
                    (wrestler.off_injured, "injured"),
                    (wrestler.off_suspended, "suspended"),
                    (wrestler.pk in on_card, "on this card"),
                )
                if off
            ]
            return f"{wrestler} ({', '.join(notes)})" if notes else str(wrestler)

        for name in ("side_a", "side_b", "others"):
            self.fields[name].queryset = wrestlers
            self.fields[name].label_from_instance = label
            self.fields[name].widget.attrs["size"] = 6
        teams = federation.teams.filter(disbanded_on__isnull=True).order_by("kind", "name")
        self.fields["team_a"].queryset = teams
        self.fields["team_b"].queryset = teams
        self.fields["title"].queryset = federation.titles.filter(is_active=True).order_by("rank")
        self.fields["feud"].queryset = federation.feuds.exclude(status="ended").order_by("name")
        systems = sorted(registry.systems)
        self.fields["rule_system"].choices = [
            (name, registry.systems[name].title) for name in systems
        ]
        self.fields["rule_system"].initial = federation.rule_system
        engine = registry.systems.get(federation.rule_system) or registry.systems[systems[0]]
        self.fields["rule_options"].choices = [
            (name, name.replace("_", " ")) for name in engine.option_names
        ]
        self.fields["rule_options"].initial = list(federation.rule_options)
        self.fields["stipulations"].choices = [("blowoff", "blowoff (ends the feud)")] + [
            (name, name.replace("_", " ")) for name in engine.stipulation_names
        ]

    def sides(self) -> list[list[Wrestler]]:
        """The sides from the wrestlers picked, or a team's current members where a team was
        picked instead (as many as the match type takes)."""
        data = self.cleaned_data
        per_side = SIDE_SHAPES.get(data["match_type"], (2, 1))[1]
        sides = []
        for wrestlers, team in ((data["side_a"], data["team_a"]), (data["side_b"], data["team_b"])):
            picked = list(wrestlers)
            if not picked and team is not None:
                members = team.members_on(self.show.date).order_by("-prestige", "ring_name")
                picked = list(members[:per_side])
            sides.append(picked)
        sides += [[w] for w in data["others"]]
        return sides

    def clean(self):
        cleaned = super().clean()
        a = cleaned.get("side_a") or cleaned.get("team_a")
        b = cleaned.get("side_b") or cleaned.get("team_b")
        if not a or not b:
            raise forms.ValidationError(PICK_SIDES)
        return cleaned
