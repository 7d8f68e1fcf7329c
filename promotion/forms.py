"""Forms of the federation's pages. They check the shape of input; the services decide."""

from __future__ import annotations

from django import forms

from promotion.models import (
    Alignment,
    Division,
    Federation,
    HeatDirection,
    MemberRole,
    Pronouns,
    ReignEnd,
    Team,
    TeamKind,
    Title,
    Wrestler,
    WrestlerStatus,
)
from promotion.selectors import account_named, free_slug, suggested_start
from promotion.services import STARTING_STANDING_MAX
from promotion.validators import (
    CARD_SIZE,
    HEIGHT_INCHES,
    WEIGHT_POUNDS,
    current_zone_of,
    plain_text,
    time_zone_choices,
)
from rules import registry
from rules.core.safeyaml import clip

NO_SUCH_USER = "No account has that username or e-mail address; ask them to sign up first."
START_EMPTY, START_SAMPLE = "empty", "sample"
#: What an address may hold: what the slug field, the pages' addresses and the API all accept.
ADDRESS_HELP = "Letters, digits, hyphens and underscores: the federation's address is /f/ADDRESS/."
ADDRESS_INVALID = "An address is letters, digits, hyphens and underscores only, with no spaces."
ADDRESS_TAKEN = "Another federation has this address; choose another."
OLD_ZONE_CHOICE = "{zone}: an old name of {current}; choose {current}"
NOT_A_ZONE_CHOICE = "{zone}: no place's zone; choose one"


class FederationForm(forms.ModelForm):
    start = forms.ChoiceField(
        label="Start with",
        choices=[
            (START_EMPTY, "An empty federation"),
            (START_SAMPLE, "The sample federation: a roster, titles with lineages and feuds"),
        ],
        widget=forms.RadioSelect,
        initial=START_EMPTY,
    )

    class Meta:
        model = Federation
        fields = [
            "name",
            "slug",
            "description",
            "rule_system",
            "time_zone",
            "show_weekday",
            "show_time",
            "default_venue",
            "is_public",
        ]
        labels = {
            "slug": "Address",
            "show_weekday": "Weekly show on",
            "show_time": "Show time",
            "is_public": "Public: anyone may read it",
            "rule_system": "Rule system",
        }
        help_texts = {
            "slug": ADDRESS_HELP,
            "time_zone": "Every date and time of the federation is shown in this zone.",
        }
        error_messages = {"slug": {"invalid": ADDRESS_INVALID, "unique": ADDRESS_TAKEN}}
        widgets = {
            "description": forms.Textarea(attrs={"rows": 3}),
            "show_time": forms.TimeInput(attrs={"type": "time"}),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        offer_time_zones(self)
        self.fields["slug"].required = False
        self.fields["slug"].help_text += " Left empty, it is made from the name."
        self.fields["rule_system"].required = False  # (left out: the model's default)

    def clean_description(self):
        description = self.cleaned_data["description"]
        plain_text(description.replace("\n", " ").replace("\r", " "))
        return description

    def clean(self):
        cleaned = super().clean()
        if not cleaned.get("slug") and cleaned.get("name"):
            cleaned["slug"] = free_slug(
                Federation.objects.all(), cleaned["name"], fallback="federation", max_length=60
            )
        if not cleaned.get("rule_system"):
            cleaned["rule_system"] = Federation._meta.get_field("rule_system").default
        return cleaned


class FederationSettingsForm(forms.ModelForm):
    """The owner's settings of a running federation: its name and story, its default rule
    system, when and where its weekly show is, who may read it, and the auto-booker's card."""

    class Meta:
        model = Federation
        # What a new federation is given, but its address, and what the auto-booker is told.
        fields = [name for name in FederationForm.Meta.fields if name != "slug"] + [
            "card_size",
            "vacate_injured_champion_after_weeks",
        ]
        labels = {
            **FederationForm.Meta.labels,
            "rule_system": "Rule system",
            "card_size": "Matches on an auto-booked show",
            "vacate_injured_champion_after_weeks": "Vacate an injured champion's title after",
        }
        help_texts = {
            "time_zone": FederationForm.Meta.help_texts["time_zone"],
            "rule_system": "New matches are wrestled under it; matches booked already keep theirs, "
            "and a title may keep a system of its own.",
            "vacate_injured_champion_after_weeks": "Weeks: a champion expected out longer is "
            "stripped (vacated through injury). Empty: never.",
            "card_size": "{} to {}.".format(*CARD_SIZE),
        }
        widgets = FederationForm.Meta.widgets

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        offer_time_zones(self)
        low, high = CARD_SIZE
        self.fields["card_size"].widget.attrs.update(min=low, max=high)

    def _get_validation_exclusions(self):
        # Only what changes is checked, as by ``federation_update``: a zone stored under an old
        # name does not stop the rest of the settings being saved.
        exclude = super()._get_validation_exclusions()
        return exclude | {name for name in self.fields if name not in self.changed_data}

    clean_description = FederationForm.clean_description


def _choice_field(form: forms.BaseForm, name: str) -> forms.ChoiceField:
    """The form's choice field ``name`` (to the type checker ``form.fields`` holds plain
    ``Field``s)."""
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField)
    return field


def offer_time_zones(form: forms.ModelForm) -> None:
    """The zones a federation may choose (``validators.time_zone_name``); a zone stored before
    under another name stays selected, saying what to choose instead."""
    choices = time_zone_choices()
    stored = str(form.instance.time_zone) if form.instance.pk else None
    if stored and stored not in {name for name, _ in choices}:
        current = current_zone_of(stored)
        label = (
            OLD_ZONE_CHOICE.format(zone=stored, current=current)
            if current
            else NOT_A_ZONE_CHOICE.format(zone=stored)
        )
        choices = [(stored, label), *choices]
    _choice_field(form, "time_zone").choices = choices


class MemberForm(forms.Form):
    user = forms.CharField(label="Username or e-mail address", max_length=254)
    role = forms.ChoiceField(choices=MemberRole.choices, initial=MemberRole.VIEWER)

    def clean_user(self):
        user = account_named(self.cleaned_data["user"])
        if user is None:
            raise forms.ValidationError(NO_SUCH_USER)
        return user


def pronouns_optional(form: forms.ModelForm) -> None:
    """A wrestler form's pronouns may be left out (a script's POST, the admin's add page): the
    wrestler keeps his own, or a new one has the default (``clean_pronouns``)."""
    form.fields["pronouns"].required = False


def clean_pronouns(form: forms.ModelForm) -> str:
    return form.cleaned_data.get("pronouns") or form.instance.pronouns or Pronouns.HE


class WrestlerForm(forms.ModelForm):
    """A wrestler's profile; on creation also the starting Fame and Prestige."""

    fame = forms.IntegerField(
        min_value=0,
        max_value=STARTING_STANDING_MAX,
        required=False,
        help_text="Starting Fame, 0 to 100,000; Edge starts at Fame ÷ 100. Suggested: the "
        "roster's lower quartile.",
    )
    prestige = forms.IntegerField(
        min_value=0,
        max_value=STARTING_STANDING_MAX,
        required=False,
        help_text="Starting Prestige, 0 to 100,000; suggested as for Fame.",
    )

    class Meta:
        model = Wrestler
        fields = [
            "ring_name",
            "slug",
            "alignment",
            "pronouns",
            "status",
            "style",
            "hometown",
            "height_in",
            "weight_lb",
            "debut_on",
            "suspended_until",
            "heat_direction",
        ]
        labels = {"slug": "Address", "height_in": "Height (inches)", "weight_lb": "Weight (lb)"}
        help_texts = {
            "slug": "Left empty, it is made from the ring name.",
            "status": "Injured comes from an injury: record one on the injury report.",
            "height_in": "{} to {} (4'0\" to 8'4\").".format(*HEIGHT_INCHES),
            "weight_lb": "{} to {}.".format(*WEIGHT_POUNDS),
            "debut_on": "A day that has come, and no later than the wrestler's first match here.",
        }
        widgets = {
            "debut_on": forms.DateInput(attrs={"type": "date"}),
            "suspended_until": forms.DateInput(attrs={"type": "date"}),
        }

    def __init__(self, *args, federation: Federation, creating: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.federation = federation
        # The model's rules that read the roster (a ring name is one wrestler's, a debut by the
        # federation's calendar; ``Wrestler.clean``) are checked beside their fields on signing too.
        if self.instance.federation_id is None:
            self.instance.federation = federation
        self.fields["slug"].required = False
        pronouns_optional(self)
        # Left out (a script's POST), he keeps his own way with the crowd, a new one the default.
        self.fields["heat_direction"].required = False
        for name, (low, high) in (("height_in", HEIGHT_INCHES), ("weight_lb", WEIGHT_POUNDS)):
            self.fields[name].widget.attrs.update(min=low, max=high)
        _choice_field(self, "alignment").choices = Alignment.choices
        # Injured comes from an injury (``Wrestler.clean``): offered only to keep it.
        _choice_field(self, "status").choices = [
            (value, label)
            for value, label in WrestlerStatus.choices
            if value != WrestlerStatus.INJURED or self.instance.status == WrestlerStatus.INJURED
        ]
        if creating:
            start = suggested_start(federation=federation)
            self.fields["fame"].initial = start["fame"]
            self.fields["prestige"].initial = start["prestige"]
        else:
            del self.fields["fame"]
            del self.fields["prestige"]
            del self.fields["slug"]

    def clean(self):
        cleaned = super().clean()
        if "slug" in self.fields and not cleaned.get("slug") and cleaned.get("ring_name"):
            cleaned["slug"] = free_slug(
                self.federation.wrestlers.all(), cleaned["ring_name"], fallback="wrestler"
            )
        slug = cleaned.get("slug")
        if slug and "slug" in self.fields and self.federation.wrestlers.filter(slug=slug).exists():
            self.add_error("slug", f"{self.federation} already has a wrestler at {slug!r}.")
        return cleaned

    def validate_unique(self):
        # The (federation, slug) pair is checked in clean(); the instance has no federation yet.
        pass

    clean_pronouns = clean_pronouns

    def clean_heat_direction(self) -> str:
        return (
            self.cleaned_data.get("heat_direction")
            or self.instance.heat_direction
            or HeatDirection.UP
        )


CARD_OTHER_SYSTEM = (
    "system: this editor holds the {title} card; type the {other} card in its own tab"
)
CARD_UNKNOWN_SYSTEM = (
    "system: {named} is not a rule system; this editor holds the {title} card "
    "(write system: {name}, or leave it out)"
)
CARD_NAME_DIFFERS = (
    "The card is named {card_name}; on {federation}'s shows it is {wrestler}'s card and plays "
    "under the roster's name, {wrestler}."
)


def card_system_problem(engine, named) -> str | None:
    """What is wrong with a card's ``system:`` in the editor of ``engine``'s system, in the
    systems' names as the site gives them (the editor's tabs)."""
    if named is None or named == engine.name:
        return None
    other = registry.systems.get(str(named).strip().lower())
    if other is None:
        return CARD_UNKNOWN_SYSTEM.format(named=clip(named), title=engine.title, name=engine.name)
    if other.name == engine.name:  # "Filsinger", " arm ": the same system, written otherwise
        return None
    return CARD_OTHER_SYSTEM.format(title=engine.title, other=other.title)


def card_name_note(wrestler: Wrestler, data) -> str | None:
    """A card's ``name`` is the printed card's; the shows use the roster's ring name. Said when
    they differ (spacing and case aside), so a card pasted from another wrestler is seen."""
    card_name = str((data or {}).get("name") or "")

    def plain(name: str) -> str:
        return " ".join(name.split()).casefold()

    if not card_name or plain(card_name) == plain(wrestler.ring_name):
        return None
    return CARD_NAME_DIFFERS.format(
        card_name=clip(card_name), federation=wrestler.federation, wrestler=wrestler.ring_name
    )


class CardForm(forms.Form):
    text = forms.CharField(
        label="Card (YAML)",
        # (An empty card is checked like any other, so the page names what is missing.)
        required=False,
        widget=forms.Textarea(attrs={"class": "yaml", "spellcheck": "false", "rows": 24}),
        help_text="The card format of docs/cards.md; every problem is listed by its path.",
    )


class OddsForm(forms.Form):
    opponent = forms.ModelChoiceField(queryset=Wrestler.objects.none(), label="Against")

    def __init__(self, *args, wrestler: Wrestler, system: str, **kwargs):
        super().__init__(*args, **kwargs)
        opponent = self.fields["opponent"]
        assert isinstance(opponent, forms.ModelChoiceField)  # declared above
        opponent.queryset = (
            wrestler.federation.wrestlers.filter(cards__system=system)
            .exclude(pk=wrestler.pk)
            .order_by("ring_name")
        )


class RosterFilterForm(forms.Form):
    q = forms.CharField(label="Search", required=False)
    alignment = forms.ChoiceField(
        choices=[("", "Any alignment"), *Alignment.choices], required=False
    )
    status = forms.ChoiceField(
        choices=[("", "Not retired"), *WrestlerStatus.choices], required=False
    )
    division = forms.ChoiceField(
        choices=[("", "Any division"), ("singles", "Singles"), ("tag", "In a tag team")],
        required=False,
    )
    min_prestige = forms.IntegerField(label="Prestige at least", required=False)
    sort = forms.ChoiceField(
        choices=[
            ("prestige", "Prestige"),
            ("fame", "Fame"),
            ("heat", "Heat"),
            ("name", "Name"),
            ("alignment", "Alignment"),
            ("status", "Status"),
        ],
        required=False,
    )


class TitleForm(forms.ModelForm):
    """A new title: its name, address, division, rank and rule system."""

    class Meta:
        model = Title
        fields = ["name", "slug", "division", "rank", "rule_system", "introduced_on"]
        labels = {"slug": "Address", "introduced_on": "Introduced on"}
        help_texts = {"slug": "Left empty, it is made from the name."}
        widgets = {"introduced_on": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slug"].required = False

    def validate_unique(self):
        # The (federation, slug) pair is the service's to check; the instance has no federation.
        pass


class TitleVacateForm(forms.Form):
    """The champion's reign ended by hand."""

    prefix = "vacate"  # three forms share the title's page

    on = forms.DateField(label="On", widget=forms.DateInput(attrs={"type": "date"}))
    reason = forms.ChoiceField(
        choices=[
            (r.value, r.label)
            for r in (ReignEnd.VACATED, ReignEnd.STRIPPED, ReignEnd.VACATED_INJURY)
        ]
    )


class TitleAwardForm(forms.Form):
    """A title's new champion, crowned by hand: a wrestler of the roster for a singles title, a
    team for a tag-team title (retired wrestlers, disbanded teams and the champion left out)."""

    prefix = "award"

    holder = forms.ChoiceField(label="Champion")
    on = forms.DateField(label="On", widget=forms.DateInput(attrs={"type": "date"}))
    how = forms.CharField(
        label="How",
        required=False,
        max_length=200,
        validators=[plain_text],
        help_text="For the lineage: a tournament final, say.",
    )

    def __init__(self, *args, title: Title, **kwargs):
        super().__init__(*args, **kwargs)
        tag = title.division == Division.TAG
        self.holders = _contenders(title.federation, wrestlers=not tag, teams=tag)
        reign = title.current_reign
        if reign is not None:  # the champion is not crowned again
            self.holders = {k: h for k, h in self.holders.items() if h != reign.holder}
        _choice_field(self, "holder").choices = [("", "—")] + [
            (key, str(holder)) for key, holder in self.holders.items()
        ]

    def clean_holder(self):
        return self.holders[self.cleaned_data["holder"]]


class TitleRetireForm(forms.Form):
    prefix = "retire"
    on = forms.DateField(label="On", widget=forms.DateInput(attrs={"type": "date"}))
    sure = forms.BooleanField(label="For good: no match may be booked for it again", required=True)


def _contenders(
    federation: Federation, *, wrestlers: bool = True, teams: bool = True
) -> dict[str, Wrestler | Team]:
    """Who may feud or hold a title, by a key for the form ("wrestler:slug", "team:slug"):
    wrestlers not retired, then teams not disbanded."""
    found: dict[str, Wrestler | Team] = {}
    if wrestlers:
        found |= {f"wrestler:{slug}": w for slug, w in _active_wrestlers(federation).items()}
    if teams:
        active = federation.teams.filter(disbanded_on__isnull=True).order_by("name")
        found |= {f"team:{team.slug}": team for team in active}
    return found


def _active_wrestlers(federation: Federation) -> dict[str, Wrestler]:
    """The wrestlers not retired, by slug, in ring-name order."""
    return {
        w.slug: w
        for w in federation.wrestlers.exclude(status=WrestlerStatus.RETIRED).order_by("ring_name")
    }


class FeudForm(forms.Form):
    """A feud the booker starts: two sides of wrestlers or teams, its heat, its story."""

    side_a = forms.MultipleChoiceField(
        label="Side A", help_text="One or more (Ctrl or ⌘ and click to pick several)."
    )
    side_b = forms.MultipleChoiceField(
        label="Side B", help_text="One or more (Ctrl or ⌘ and click to pick several)."
    )
    heat = forms.IntegerField(
        min_value=1, max_value=10, initial=3, help_text="1 (a simmer) to 10; hot from 7."
    )
    started_on = forms.DateField(label="Started on", widget=forms.DateInput(attrs={"type": "date"}))
    name = forms.CharField(
        required=False,
        max_length=160,
        validators=[plain_text],
        help_text="Left empty, it is named after its sides.",
    )
    description = forms.CharField(
        required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 3}), label="Story"
    )

    def __init__(self, *args, federation: Federation, **kwargs):
        super().__init__(*args, **kwargs)
        self.contenders = _contenders(federation)
        wrestlers = [(k, str(v)) for k, v in self.contenders.items() if k.startswith("wrestler:")]
        teams = [(k, str(v)) for k, v in self.contenders.items() if k.startswith("team:")]
        choices = [("Wrestlers", wrestlers)] + ([("Teams", teams)] if teams else [])
        for name in ("side_a", "side_b"):
            _choice_field(self, name).choices = choices
            self.fields[name].widget.attrs["size"] = min(12, len(self.contenders) + 2)

    def clean(self):
        cleaned = super().clean()
        for name in ("side_a", "side_b"):
            if name in cleaned:
                cleaned[name] = [self.contenders[key] for key in cleaned[name]]
        return cleaned


class FeudEndForm(forms.Form):
    on = forms.DateField(label="Ended on", widget=forms.DateInput(attrs={"type": "date"}))


class TeamForm(forms.Form):
    """A tag team or stable the booker forms, its members from the day it forms."""

    name = forms.CharField(max_length=120, validators=[plain_text])
    slug = forms.SlugField(
        max_length=80, required=False, label="Address", help_text="Left empty, made from the name."
    )
    kind = forms.ChoiceField(choices=TeamKind.choices, initial=TeamKind.TAG_TEAM)
    members = forms.MultipleChoiceField(
        help_text="Two or more for a tag team (Ctrl or ⌘ and click to pick several)."
    )
    formed_on = forms.DateField(label="Formed on", widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args, federation: Federation, **kwargs):
        super().__init__(*args, **kwargs)
        self.wrestlers = _active_wrestlers(federation)
        _choice_field(self, "members").choices = [(k, str(w)) for k, w in self.wrestlers.items()]
        self.fields["members"].widget.attrs["size"] = min(12, len(self.wrestlers) + 1)

    def clean_members(self):
        return [self.wrestlers[key] for key in self.cleaned_data["members"]]


class TeamJoinForm(forms.Form):
    prefix = "join"
    wrestler = forms.ChoiceField(label="Wrestler")
    on = forms.DateField(label="On", widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args, team: Team, **kwargs):
        super().__init__(*args, **kwargs)
        current = set(
            team.memberships.filter(ended_on__isnull=True).values_list("wrestler_id", flat=True)
        )
        self.wrestlers = {
            k: w for k, w in _active_wrestlers(team.federation).items() if w.pk not in current
        }
        _choice_field(self, "wrestler").choices = [("", "—")] + [
            (k, str(w)) for k, w in self.wrestlers.items()
        ]

    def clean_wrestler(self):
        return self.wrestlers[self.cleaned_data["wrestler"]]


class TeamLeaveForm(forms.Form):
    prefix = "leave"
    wrestler = forms.SlugField()
    on = forms.DateField(label="On", widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args, team: Team, **kwargs):
        super().__init__(*args, **kwargs)
        self.team = team

    def clean_wrestler(self):
        slug = self.cleaned_data["wrestler"]
        found = self.team.federation.wrestlers.filter(slug=slug).first()
        if found is None:
            raise forms.ValidationError(f"{self.team.federation} has no wrestler {slug!r}.")
        return found


class TeamDisbandForm(forms.Form):
    prefix = "disband"
    on = forms.DateField(label="On", widget=forms.DateInput(attrs={"type": "date"}))
    sure = forms.BooleanField(label="Every member leaves that day", required=True)


class InjuryForm(forms.Form):
    """An injury the booker records by hand."""

    wrestler = forms.ChoiceField()
    occurred_on = forms.DateField(label="Hurt on", widget=forms.DateInput(attrs={"type": "date"}))
    expected_return = forms.DateField(
        label="Expected back",
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text="The wrestler misses the shows before it and heals at the end of the first "
        "show from that day; left empty, out until you mark the injury healed.",
    )
    body_part = forms.CharField(required=False, max_length=40, validators=[plain_text])
    description = forms.CharField(required=False, max_length=240, validators=[plain_text])
    keeps_off_cards = forms.BooleanField(
        required=False,
        initial=True,
        label="Keeps the wrestler off cards (untick: wrestled through)",
    )

    def __init__(self, *args, federation: Federation, **kwargs):
        super().__init__(*args, **kwargs)
        self.wrestlers = _active_wrestlers(federation)
        _choice_field(self, "wrestler").choices = [("", "—")] + [
            (k, str(w)) for k, w in self.wrestlers.items()
        ]

    def clean_wrestler(self):
        return self.wrestlers[self.cleaned_data["wrestler"]]


class InjuryHealForm(forms.Form):
    on = forms.DateField(label="Healed on", widget=forms.DateInput(attrs={"type": "date"}))


class _CardFilesInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class CardFilesField(forms.FileField):
    """One or many files of one input (``<input type=file multiple>``), as a list."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", _CardFilesInput(attrs={"accept": ".yaml,.yml,.txt"}))
        super().__init__(*args, **kwargs)

    def clean(self, data, initial=None):
        one = super().clean
        if isinstance(data, list | tuple) and data:
            return [one(each, initial) for each in data]
        data = None if isinstance(data, list | tuple) else data
        cleaned = one(data, initial)  # (none given: the field's own 'required')
        return [cleaned] if cleaned else []


class CardFilesForm(forms.Form):
    card_files = CardFilesField(
        label="Card files",
        help_text="One or many YAML card files (docs/cards.md): each a card, or a list under "
        "cards:, naming its wrestler by slug: or name:.",
    )
    sign = forms.BooleanField(
        label="Sign a new wrestler for each card naming nobody on the roster", required=False
    )
