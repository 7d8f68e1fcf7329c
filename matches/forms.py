"""Forms of the booking pages. They gather the booker's choices; the booking service decides and
refuses with its reasons, which the pages show inline."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any
from zoneinfo import ZoneInfo

from django import forms
from django.db.models import Max

from matches.booking import (
    SHOW_CARD_SIZES,
    SIDE_SHAPES,
    TIME_LIMIT,
    event_card_size,
    match_type_words,
)
from matches.models import MatchParticipant, MatchType, Show, ShowKind, stipulation_words
from promotion.models import Federation, Team, Wrestler, WrestlerStatus
from promotion.selectors import Hurt, open_injuries
from promotion.validators import plain_text
from rules import registry
from web.api_fields import YEARS
from web.forms import field_of

PICK_SIDES = "Pick the wrestlers (or a team) of each side."
BOTH_FOR_SIDE = "Pick wrestlers or a team for side {side}, not both."
PICK_ENTRANTS = "Pick the battle royal's entrants: three or more wrestlers, one side each."
NO_TEAM_IN_BATTLE_ROYAL = (
    "A battle royal is every wrestler alone: pick its entrants, not a team, for side {side}."
)

#: Why the form offers only some match types: the others are not in the chosen system's rules.
SYSTEM_PLAYS = (
    "{system} plays {offered} matches only: the others ({missing}) need another rule system."
)

#: The largest key a row may have (the databases' 64-bit integers).
LARGEST_KEY = 2**63 - 1


def in_words(words: list[str]) -> str:
    """ "a, b and c"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def match_type_note(system: str) -> str:
    """Why the form offers only the match types ``system`` plays (empty when it plays them
    all): "Filsinger card game plays singles and tag team matches only: the others (...) need
    another rule system." """
    engine = registry.systems[system]
    missing = [value for value in MatchType.values if value not in engine.match_types]
    if not missing:
        return ""
    return SYSTEM_PLAYS.format(
        system=engine.title,
        offered=in_words([match_type_words(t) for t in engine.match_types]),
        missing=", ".join(match_type_words(t) for t in missing),
    )


class MatchTypeField(forms.ChoiceField):
    """The match types the chosen system plays are offered; any match type is taken, so that one
    the system does not play (a page drawn for another system) is refused by the booking
    service in its own words, as at every door."""

    def valid_value(self, value: Any) -> bool:
        return str(value) in MatchType.values


class Rows(forms.ModelMultipleChoiceField):
    """Rows picked by their keys; a key no row could have (past ``LARGEST_KEY``) is no such
    choice, as any other unknown key is, rather than a number the database cannot take.
    ``labeller``, when a form sets it, words each row's choice."""

    labeller: Callable[[Any], str] | None = None

    def label_from_instance(self, obj: Any) -> str:
        return self.labeller(obj) if self.labeller else super().label_from_instance(obj)

    def _check_values(self, value):
        for key in value:
            text = str(key).strip()
            if text.lstrip("-").isdigit() and abs(int(text)) > LARGEST_KEY:
                raise forms.ValidationError(
                    self.error_messages["invalid_choice"],
                    code="invalid_choice",
                    params={"value": key},
                )
        return super()._check_values(value)


class Row(forms.ModelChoiceField):
    """A row picked by its key; one past ``LARGEST_KEY`` is no such choice (``Rows``)."""

    def to_python(self, value):
        text = str(value).strip() if value is not None else ""
        if text.lstrip("-").isdigit() and abs(int(text)) > LARGEST_KEY:
            raise forms.ValidationError(
                self.error_messages["invalid_choice"],
                code="invalid_choice",
                params={"value": value},
            )
        return super().to_python(value)


#: Options a box of the form already asks for (ARM's no_dq and no_count_out: the
#: no-disqualification box and the no-count-out stipulation), not offered twice.
ASKED_IN_A_BOX = frozenset({"no_dq", "no_count_out"})
#: The optional rules a booker may tick, per rule system, each by the system's own words
#: (``option_words``: those that take a number are left to the API; the time limit has a field).
OPTION_WORDS: dict[str, tuple[tuple[str, str], ...]] = {
    name: tuple(
        (value, words) for value, words in engine.option_words if value not in ASKED_IN_A_BOX
    )
    for name, engine in registry.systems.items()
}
#: Stipulations the form asks for in a box of their own (left out of its list).
STIPULATIONS_WITH_A_BOX = frozenset({"no_dq", "title_changes_on_dq"})


def option_choices(system: str, current: list[str]) -> list[tuple[str, str]]:
    """The optional rules offered for ``system``, in its words; an option of ``current`` (the
    federation's) that has none is offered as it is written."""
    choices = list(OPTION_WORDS.get(system, ()))
    known = {value for value, _ in choices}
    return choices + [(value, value) for value in current if value not in known]


def stipulation_choices(system: str) -> list[tuple[str, str]]:
    engine = registry.systems.get(system)
    names = ["blowoff"] + [
        name
        for name in (engine.stipulation_names if engine else ())
        if name not in STIPULATIONS_WITH_A_BOX
    ]
    return [(name, stipulation_words(name)) for name in names]


#: A show's date out of the calendar's years.
SHOW_YEAR = "A show is in a year from {low} to {high}, not {year}."


class ShowForm(forms.Form):
    name = forms.CharField(
        max_length=160, required=False, validators=[plain_text], help_text="Empty: numbered."
    )
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    time = forms.TimeField(widget=forms.TimeInput(attrs={"type": "time"}))
    venue = forms.CharField(max_length=160, required=False, validators=[plain_text])
    kind = forms.ChoiceField(
        choices=ShowKind.choices,
        initial=ShowKind.WEEKLY,
        required=False,  # (a form posted without it, as before events, books a weekly show)
        help_text="A special event is the night the weeks before it build toward.",
    )
    poster_line = forms.CharField(
        max_length=200,
        required=False,
        validators=[plain_text],
        label="Poster line",
        help_text='An event\'s line on the poster ("Nine matches. Two titles. One night.").',
    )
    card_size = forms.IntegerField(
        min_value=SHOW_CARD_SIZES[0],
        max_value=SHOW_CARD_SIZES[1],
        required=False,
        label="Card size",
    )

    def clean_kind(self) -> str:
        return self.cleaned_data["kind"] or ShowKind.WEEKLY

    def __init__(self, *args, federation: Federation, **kwargs):
        super().__init__(*args, **kwargs)
        self.federation = federation
        self.fields["card_size"].help_text = (
            f"Matches the auto-booker puts on it. Empty: {federation.card_size} on a weekly "
            f"show, {event_card_size(federation)} on an event."
        )
        zone = ZoneInfo(str(federation.time_zone))
        last = federation.shows.aggregate(last=Max("scheduled_at"))["last"]
        slot = federation.next_show_time(after=last).astimezone(zone)
        self.fields["date"].initial = slot.date()
        self.fields["time"].initial = slot.time().replace(second=0)
        self.fields["venue"].initial = federation.default_venue
        self.fields["time"].help_text = f"In the federation's time zone, {zone.key}."

    def clean_date(self) -> dt.date:
        """A day the calendar holds in every time zone (the API's bounds, ``web.api_fields``):
        a show on the last day of year 9999 cannot be stored in UTC."""
        day = self.cleaned_data["date"]
        low, high = YEARS
        if not low <= day.year <= high:
            raise forms.ValidationError(SHOW_YEAR.format(low=low, high=high, year=day.year))
        return day

    def scheduled_at(self) -> dt.datetime:
        zone = ZoneInfo(str(self.federation.time_zone))
        return dt.datetime.combine(
            self.cleaned_data["date"], self.cleaned_data["time"], tzinfo=zone
        )


class MatchForm(forms.Form):
    match_type = MatchTypeField(choices=MatchType.choices, initial=MatchType.SINGLES)
    side_a = Rows(queryset=Wrestler.objects.none(), required=False, label="Side A: wrestlers")
    team_a = Row(queryset=Team.objects.none(), required=False, label="…or side A: a team")
    side_b = Rows(queryset=Wrestler.objects.none(), required=False, label="Side B: wrestlers")
    team_b = Row(queryset=Team.objects.none(), required=False, label="…or side B: a team")
    others = Rows(
        queryset=Wrestler.objects.none(),
        required=False,
        label="Battle royal entrants",
        help_text="One side each; anyone picked for side A or B enters too.",
    )
    rule_system = forms.ChoiceField(label="Rule system")
    rule_options = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label="Optional rules"
    )
    title = Row(queryset=None, required=False, label="Title at stake")
    feud = Row(queryset=None, required=False, label="Part of the feud")
    stipulations = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label="Stipulations"
    )
    time_limit = forms.IntegerField(
        min_value=TIME_LIMIT[0],
        max_value=TIME_LIMIT[1],
        required=False,
        label="Time limit (minutes)",
    )
    no_disqualification = forms.BooleanField(required=False, label="No disqualification")
    title_changes_on_dq = forms.BooleanField(
        required=False, label="The title changes hands on a disqualification or count-out"
    )
    is_main_event = forms.BooleanField(required=False, label="Main event")
    note = forms.CharField(
        max_length=240, required=False, label="Booker's note", validators=[plain_text]
    )

    def __init__(
        self,
        *args,
        show: Show,
        rule_system: str | None = None,
        match_type: str | None = None,
        **kwargs,
    ):
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

        read: list[dict[int, Hurt]] = []  # (the injuries, once read)

        def label(wrestler) -> str:
            """His name, and why the booking would refuse him (kept off cards by an injury or
            suspended that night, not yet debuted, or on this card already) or what he carries
            into the ring (wrestling hurt). The injuries are read once, for every choice."""
            if not read:
                read.append(open_injuries(wrestlers=wrestlers, on=show.date))
            injured = read[0].get(wrestler.pk)
            notes = [
                words
                for off, words in (
                    (injured is not None, injured.words if injured else ""),
                    (wrestler.off_suspended, "suspended"),
                    (wrestler.pk in on_card, "on this card"),
                )
                if off
            ]
            if wrestler.off_before_debut:  # (a debut to come, so a date to name)
                notes.insert(2, f"debuts {wrestler.debut_on:%b %-d, %Y}")
            return f"{wrestler} ({', '.join(notes)})" if notes else str(wrestler)

        for name in ("side_a", "side_b", "others"):
            rows = field_of(self, name, Rows)
            rows.queryset = wrestlers
            rows.labeller = label
            rows.widget.attrs["size"] = 6
        teams = federation.teams.filter(disbanded_on__isnull=True).order_by("kind", "name")
        field_of(self, "team_a", Row).queryset = teams
        field_of(self, "team_b", Row).queryset = teams
        field_of(self, "title", Row).queryset = federation.titles.filter(is_active=True).order_by(
            "rank"
        )
        field_of(self, "feud", Row).queryset = federation.feuds.exclude(status="ended").order_by(
            "name"
        )
        systems = sorted(registry.systems)
        field_of(self, "rule_system", forms.ChoiceField).choices = [
            (name, registry.systems[name].title) for name in systems
        ]
        # The options and stipulations offered are the chosen system's: the one posted, else
        # the one asked for (the page re-rendered when the booker switches systems), else the
        # federation's.
        chosen = self.data.get("rule_system") if self.is_bound else rule_system
        if chosen not in registry.systems:
            chosen = rule_system if rule_system in registry.systems else federation.rule_system
        if chosen not in registry.systems:
            chosen = systems[0]
        self.system = chosen
        self.system_title = registry.systems[chosen].title
        self.fields["rule_system"].initial = chosen
        # The match types offered are the chosen system's, each as a promoter says it; the
        # note says why the others are missing.
        plays = registry.systems[chosen].match_types
        field_of(self, "match_type", MatchTypeField).choices = [
            (value, label) for value, label in MatchType.choices if value in plays
        ]
        if match_type in plays:
            self.fields["match_type"].initial = match_type
        # (As its help: the field's description, which a screen reader reads with it.)
        self.fields["match_type"].help_text = match_type_note(chosen)
        # With htmx, switching systems re-renders the options and the match types for the new
        # one from the page (the match type picked is kept where the new system plays it).
        self.fields["rule_system"].widget.attrs.update(
            {
                "hx-get": show.get_absolute_url(),
                "hx-trigger": "change",
                "hx-include": "[name='match_type']",
                "hx-select": "#rule-extras",
                "hx-select-oob": "#match-type-field",
                "hx-target": "#rule-extras",
                "hx-swap": "outerHTML",
            }
        )
        current: list[str] = []
        if chosen == federation.rule_system:  # the federation's options are its system's only
            try:
                current = list(registry.systems[chosen].parse_options(federation.rule_options))
            except ValueError:
                current = list(federation.rule_options)
        field_of(self, "rule_options", forms.ChoiceField).choices = option_choices(chosen, current)
        self.fields["rule_options"].initial = current
        field_of(self, "stipulations", forms.ChoiceField).choices = stipulation_choices(chosen)

    def sides(self) -> list[list[Wrestler]]:
        """The sides from the wrestlers picked, or a team's current members where a team was
        picked instead (as many as the match type takes). In a battle royal everyone picked,
        for side A, side B or among the entrants, is a side of his own."""
        data = self.cleaned_data
        if data["match_type"] == MatchType.BATTLE_ROYAL:
            entrants = [*data["side_a"], *data["side_b"], *data["others"]]
            return [[wrestler] for wrestler in entrants]
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
        problems = []
        battle_royal = cleaned.get("match_type") == MatchType.BATTLE_ROYAL
        for side, wrestlers, team in (
            ("A", cleaned.get("side_a"), cleaned.get("team_a")),
            ("B", cleaned.get("side_b"), cleaned.get("team_b")),
        ):
            if battle_royal and team is not None:
                problems.append(NO_TEAM_IN_BATTLE_ROYAL.format(side=side))
            elif wrestlers and team is not None:
                problems.append(BOTH_FOR_SIDE.format(side=side))
        if battle_royal:
            entrants = [
                *(cleaned.get("side_a") or []),
                *(cleaned.get("side_b") or []),
                *(cleaned.get("others") or []),
            ]
            if not entrants:
                problems.append(PICK_ENTRANTS)
        elif not (cleaned.get("side_a") or cleaned.get("team_a")) or not (
            cleaned.get("side_b") or cleaned.get("team_b")
        ):
            problems.append(PICK_SIDES)
        if problems:
            raise forms.ValidationError(problems)
        return cleaned
