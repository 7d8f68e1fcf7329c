from django import forms
from django.contrib import admin

from promotion.models import (
    Federation,
    Feud,
    FeudParticipant,
    Injury,
    Membership,
    StandingChange,
    Team,
    TeamMembership,
    Title,
    TitleReign,
    Wrestler,
)
from promotion.services import (
    ServiceError,
    card_normalise,
    feud_start,
    injury_record,
    team_form,
    title_create,
    wrestler_create,
)
from rules.models import WrestlerCard


class WrestlerCardForm(forms.ModelForm):
    """Checks a typed-in card with its system's engine and stores it normalised."""

    class Meta:
        model = WrestlerCard
        fields = ["wrestler", "system", "data"]

    def clean(self):
        cleaned = super().clean()
        system, data = cleaned.get("system"), cleaned.get("data")
        if system and isinstance(data, dict):
            try:
                wrestler = cleaned.get("wrestler") or getattr(self.instance, "wrestler", None)
                cleaned["data"], self.instance.validated = card_normalise(
                    system=system,
                    data=data,
                    federation=wrestler.federation if wrestler is not None else None,
                )
            except ValueError as exc:
                raise forms.ValidationError({"data": str(exc).splitlines()}) from None
        elif data is not None and not isinstance(data, dict):
            self.add_error("data", "A card is a mapping (the YAML card as JSON).")
        return cleaned


@admin.register(WrestlerCard)
class WrestlerCardAdmin(admin.ModelAdmin):
    form = WrestlerCardForm
    list_display = ["wrestler", "system", "validated", "updated_at"]
    list_filter = ["system", "validated", "wrestler__federation"]
    search_fields = ["wrestler__ring_name", "wrestler__slug"]
    autocomplete_fields = ["wrestler"]
    readonly_fields = ["validated"]


class CardInline(admin.StackedInline):
    model = WrestlerCard
    form = WrestlerCardForm
    extra = 0
    readonly_fields = ["validated"]


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ["user"]


@admin.register(Federation)
class FederationAdmin(admin.ModelAdmin):
    inlines = [MembershipInline]
    list_display = [
        "name",
        "slug",
        "owner",
        "rule_system",
        "show_weekday",
        "show_time",
        "is_public",
    ]
    list_filter = ["rule_system", "is_public", "show_weekday"]
    search_fields = ["name", "slug", "owner__username"]
    prepopulated_fields = {"slug": ["name"]}
    raw_id_fields = ["owner"]


class ReadOnlyInline(admin.TabularInline):
    """Rows the services write (a lineage, a team's memberships, a feud's sides): shown here,
    changed on the site or over the API (the title, team and feud desks), so that every change
    passes the same checks."""

    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class TeamMembershipInline(ReadOnlyInline):
    model = TeamMembership
    fields = ["wrestler", "started_on", "ended_on"]


class WrestlerSigningForm(forms.ModelForm):
    """Signing a wrestler in the admin is ``wrestler_create``: his starting Fame, Prestige and
    Heat open the ledger."""

    starting_fame = forms.IntegerField(
        required=False, min_value=0, help_text="Empty: the roster's lower quartile."
    )
    starting_prestige = forms.IntegerField(
        required=False, min_value=0, help_text="Empty: the roster's lower quartile."
    )
    starting_heat = forms.IntegerField(required=False, min_value=0, max_value=10, initial=0)

    class Meta:
        model = Wrestler
        fields = [
            "federation",
            "ring_name",
            "slug",
            "alignment",
            "style",
            "height_in",
            "weight_lb",
            "hometown",
            "debut_on",
        ]

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        details = {
            name: cleaned[name]
            for name in ("alignment", "style", "height_in", "weight_lb", "hometown", "debut_on")
            if name in cleaned
        }
        try:
            self.instance = wrestler_create(
                federation=cleaned["federation"],
                ring_name=cleaned["ring_name"],
                slug=cleaned["slug"],
                fame=cleaned.get("starting_fame"),
                prestige=cleaned.get("starting_prestige"),
                heat=cleaned.get("starting_heat") or 0,
                **details,
            )
        except ServiceError as exc:
            raise forms.ValidationError(str(exc)) from None
        return cleaned

    def _post_clean(self):
        pass  # wrestler_create has written him


@admin.register(Wrestler)
class WrestlerAdmin(admin.ModelAdmin):
    list_display = [
        "ring_name",
        "federation",
        "alignment",
        "status",
        "style",
        "fame",
        "prestige",
        "heat",
        "edge",
    ]
    list_filter = ["federation", "alignment", "status"]
    search_fields = ["ring_name", "slug", "hometown"]
    prepopulated_fields = {"slug": ["ring_name"]}
    readonly_fields = ["fame", "prestige", "heat", "edge"]
    list_select_related = ["federation"]
    inlines = [CardInline]

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is None:
            kwargs["form"] = WrestlerSigningForm
            kwargs["fields"] = [
                *WrestlerSigningForm.Meta.fields,
                "starting_fame",
                "starting_prestige",
                "starting_heat",
            ]
        return super().get_form(request, obj, change, **kwargs)

    def get_fields(self, request, obj=None):
        if obj is None:
            return [
                *WrestlerSigningForm.Meta.fields,
                "starting_fame",
                "starting_prestige",
                "starting_heat",
            ]
        return super().get_fields(request, obj)

    def get_readonly_fields(self, request, obj=None):
        return [] if obj is None else self.readonly_fields

    def get_inlines(self, request, obj):
        return [] if obj is None else self.inlines

    def save_model(self, request, obj, form, change):
        if change:
            super().save_model(request, obj, form, change)


class TeamFormingForm(forms.ModelForm):
    """Forming a team in the admin is ``team_form``: its members join the day it forms."""

    members = forms.ModelMultipleChoiceField(
        queryset=Wrestler.objects.exclude(status="retired"),
        help_text="Two or more for a tag team, all of the team's federation.",
    )
    formed_on = forms.DateField()

    class Meta:
        model = Team
        fields = ["federation", "name", "slug", "kind"]

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            self.instance = team_form(
                federation=cleaned["federation"],
                name=cleaned["name"],
                slug=cleaned["slug"],
                kind=cleaned["kind"],
                members=list(cleaned["members"]),
                formed_on=cleaned["formed_on"],
            )
        except ServiceError as exc:
            raise forms.ValidationError(str(exc)) from None
        return cleaned

    def _post_clean(self):
        pass  # team_form has written it

    def save_m2m(self):
        pass


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    """Teams: formed here through ``team_form``; members come and go, and teams disband, on the
    team's page or over the API. Only the name stays editable."""

    list_display = ["name", "federation", "kind", "formed_on", "disbanded_on"]
    list_filter = ["federation", "kind"]
    search_fields = ["name", "slug", "members__ring_name"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [TeamMembershipInline]

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is None:
            kwargs["form"] = TeamFormingForm
            kwargs["fields"] = [*TeamFormingForm.Meta.fields, "members", "formed_on"]
        return super().get_form(request, obj, change, **kwargs)

    def get_fields(self, request, obj=None):
        if obj is None:
            return [*TeamFormingForm.Meta.fields, "members", "formed_on"]
        return ["federation", "name", "slug", "kind", "formed_on", "disbanded_on"]

    def get_readonly_fields(self, request, obj=None):
        return [] if obj is None else ["federation", "slug", "kind", "formed_on", "disbanded_on"]

    def get_prepopulated_fields(self, request, obj=None):
        return self.prepopulated_fields if obj is None else {}

    def get_inlines(self, request, obj):
        return [] if obj is None else self.inlines

    def save_model(self, request, obj, form, change):
        if change:
            super().save_model(request, obj, form, change)

    def save_related(self, request, form, formsets, change):
        if change:
            super().save_related(request, form, formsets, change)


class ReignInline(ReadOnlyInline):
    model = TitleReign
    fields = [
        "number",
        "holder_wrestler",
        "holder_team",
        "holder_reign_number",
        "won_on",
        "won_how",
        "ended_on",
        "end_reason",
        "defenses",
    ]
    ordering = ["number"]


class TitleIntroducingForm(forms.ModelForm):
    """Introducing a title in the admin is ``title_create``: it stands vacant."""

    class Meta:
        model = Title
        fields = ["federation", "name", "slug", "division", "rank", "rule_system", "introduced_on"]

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            self.instance = title_create(**{name: cleaned[name] for name in self.Meta.fields})
        except ServiceError as exc:
            raise forms.ValidationError(str(exc)) from None
        return cleaned

    def _post_clean(self):
        pass  # title_create has written it


@admin.register(Title)
class TitleAdmin(admin.ModelAdmin):
    """Titles: introduced here through ``title_create``; the lineage is shown, and changed by
    matches or on the title's page (vacate, award, retire) or over the API."""

    list_display = [
        "name",
        "federation",
        "division",
        "rank",
        "rule_system",
        "is_active",
        "introduced_on",
    ]
    list_filter = ["federation", "division", "is_active"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [ReignInline]

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is None:
            kwargs["form"] = TitleIntroducingForm
        return super().get_form(request, obj, change, **kwargs)

    def get_fields(self, request, obj=None):
        if obj is None:
            return TitleIntroducingForm.Meta.fields
        return [*TitleIntroducingForm.Meta.fields, "is_active", "retired_on"]

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        return ["federation", "slug", "division", "introduced_on", "is_active", "retired_on"]

    def get_prepopulated_fields(self, request, obj=None):
        return self.prepopulated_fields if obj is None else {}

    def get_inlines(self, request, obj):
        return [] if obj is None else self.inlines

    def save_model(self, request, obj, form, change):
        if change:
            super().save_model(request, obj, form, change)


@admin.register(TitleReign)
class TitleReignAdmin(admin.ModelAdmin):
    """Reigns are written by matches and the title desk; here only how one was won may be
    reworded."""

    list_display = ["title", "number", "holder", "won_on", "ended_on", "end_reason", "defenses"]
    list_filter = ["title__federation", "title", "end_reason"]
    search_fields = ["title__name", "holder_wrestler__ring_name", "holder_team__name"]
    list_select_related = ["title", "holder_wrestler", "holder_team"]
    fields = [
        "title",
        "number",
        "holder_wrestler",
        "holder_team",
        "holder_reign_number",
        "won_on",
        "won_at",
        "won_how",
        "ended_on",
        "ended_at",
        "end_reason",
        "defenses",
    ]
    readonly_fields = [name for name in fields if name != "won_how"]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class FeudParticipantInline(ReadOnlyInline):
    model = FeudParticipant
    fields = ["side", "wrestler", "team"]


class FeudStartingForm(forms.ModelForm):
    """Starting a feud in the admin is ``feud_start``: two sides, each of wrestlers or teams."""

    side_a_wrestlers = forms.ModelMultipleChoiceField(
        queryset=Wrestler.objects.all(), required=False, label="Side A: wrestlers"
    )
    side_a_teams = forms.ModelMultipleChoiceField(
        queryset=Team.objects.all(), required=False, label="Side A: teams"
    )
    side_b_wrestlers = forms.ModelMultipleChoiceField(
        queryset=Wrestler.objects.all(), required=False, label="Side B: wrestlers"
    )
    side_b_teams = forms.ModelMultipleChoiceField(
        queryset=Team.objects.all(), required=False, label="Side B: teams"
    )

    class Meta:
        model = Feud
        fields = ["federation", "name", "description", "started_on", "heat"]

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        sides = [[*cleaned[f"side_{s}_wrestlers"], *cleaned[f"side_{s}_teams"]] for s in ("a", "b")]
        try:
            self.instance = feud_start(
                federation=cleaned["federation"],
                sides=sides,
                started_on=cleaned["started_on"],
                heat=cleaned["heat"],
                name=cleaned["name"],
                description=cleaned["description"],
            )
        except ServiceError as exc:
            raise forms.ValidationError(str(exc)) from None
        return cleaned

    def _post_clean(self):
        pass  # feud_start has written it

    def save_m2m(self):
        pass


FEUD_SIDE_FIELDS = ["side_a_wrestlers", "side_a_teams", "side_b_wrestlers", "side_b_teams"]


@admin.register(Feud)
class FeudAdmin(admin.ModelAdmin):
    """Feuds: started here through ``feud_start``; results move their heat, and they end on the
    feud list or over the API. Only the name and the story stay editable."""

    list_display = ["__str__", "federation", "status", "heat", "started_on", "ended_on"]
    list_filter = ["federation", "status"]
    search_fields = ["name", "participants__wrestler__ring_name", "participants__team__name"]
    inlines = [FeudParticipantInline]

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is None:
            kwargs["form"] = FeudStartingForm
            kwargs["fields"] = [*FeudStartingForm.Meta.fields, *FEUD_SIDE_FIELDS]
        return super().get_form(request, obj, change, **kwargs)

    def get_fields(self, request, obj=None):
        if obj is None:
            return [*FeudStartingForm.Meta.fields, *FEUD_SIDE_FIELDS]
        return ["federation", "name", "description", "started_on", "ended_on", "heat", "status"]

    def get_readonly_fields(self, request, obj=None):
        return [] if obj is None else ["federation", "started_on", "ended_on", "heat", "status"]

    def get_inlines(self, request, obj):
        return [] if obj is None else self.inlines

    def save_model(self, request, obj, form, change):
        if change:
            super().save_model(request, obj, form, change)

    def save_related(self, request, form, formsets, change):
        if change:
            super().save_related(request, form, formsets, change)


class InjuryRecordingForm(forms.ModelForm):
    """Recording an injury in the admin is ``injury_record`` (an injury set by hand)."""

    class Meta:
        model = Injury
        fields = [
            "wrestler",
            "occurred_on",
            "expected_return",
            "body_part",
            "description",
            "keeps_off_cards",
        ]

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            self.instance = injury_record(**{name: cleaned[name] for name in self.Meta.fields})
        except ServiceError as exc:
            raise forms.ValidationError(str(exc)) from None
        return cleaned

    def _post_clean(self):
        pass  # injury_record has written it


@admin.register(Injury)
class InjuryAdmin(admin.ModelAdmin):
    """Injuries: recorded here by hand through ``injury_record``; matches record the rest, and
    shows heal them (or the booker, on the injury report or over the API). Only the words stay
    editable."""

    list_display = [
        "wrestler",
        "occurred_on",
        "source",
        "body_part",
        "fight_cards_remaining",
        "points",
        "expected_return",
        "healed_on",
    ]
    list_filter = ["source", "wrestler__federation", ("healed_on", admin.EmptyFieldListFilter)]
    search_fields = ["wrestler__ring_name", "description", "body_part"]
    autocomplete_fields = ["wrestler"]
    date_hierarchy = "occurred_on"
    fields = [
        "wrestler",
        "occurred_on",
        "match",
        "source",
        "body_part",
        "description",
        "points",
        "fight_cards_remaining",
        "keeps_off_cards",
        "expected_return",
        "healed_on",
    ]

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is None:
            kwargs["form"] = InjuryRecordingForm
        return super().get_form(request, obj, change, **kwargs)

    def get_fields(self, request, obj=None):
        return InjuryRecordingForm.Meta.fields if obj is None else self.fields

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        return [name for name in self.fields if name not in ("body_part", "description")]

    def save_model(self, request, obj, form, change):
        if change:
            super().save_model(request, obj, form, change)


@admin.register(StandingChange)
class StandingChangeAdmin(admin.ModelAdmin):
    """The ledger is written by the services only; here it is read."""

    list_display = ["wrestler", "attribute", "delta", "value_after", "reason", "created_at"]
    list_filter = ["attribute", "wrestler__federation"]
    search_fields = ["wrestler__ring_name", "reason"]
    list_select_related = ["wrestler"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
