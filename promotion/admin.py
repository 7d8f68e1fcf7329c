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
from promotion.services import ServiceError, card_normalise, wrestler_create
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


class TeamMembershipInline(admin.TabularInline):
    model = TeamMembership
    extra = 0
    autocomplete_fields = ["wrestler"]


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


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "federation", "kind", "formed_on", "disbanded_on"]
    list_filter = ["federation", "kind"]
    search_fields = ["name", "slug", "members__ring_name"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [TeamMembershipInline]


class ReignInline(admin.TabularInline):
    model = TitleReign
    extra = 0
    fields = [
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
    raw_id_fields = ["won_at", "ended_at"]
    autocomplete_fields = ["holder_wrestler", "holder_team"]
    ordering = ["number"]


@admin.register(Title)
class TitleAdmin(admin.ModelAdmin):
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


@admin.register(TitleReign)
class TitleReignAdmin(admin.ModelAdmin):
    list_display = ["title", "number", "holder", "won_on", "ended_on", "end_reason", "defenses"]
    list_filter = ["title__federation", "title", "end_reason"]
    search_fields = ["title__name", "holder_wrestler__ring_name", "holder_team__name"]
    raw_id_fields = ["won_at", "ended_at"]
    list_select_related = ["title", "holder_wrestler", "holder_team"]


class FeudParticipantInline(admin.TabularInline):
    model = FeudParticipant
    extra = 0
    autocomplete_fields = ["wrestler", "team"]


@admin.register(Feud)
class FeudAdmin(admin.ModelAdmin):
    list_display = ["__str__", "federation", "status", "heat", "started_on", "ended_on"]
    list_filter = ["federation", "status"]
    search_fields = ["name", "participants__wrestler__ring_name", "participants__team__name"]
    inlines = [FeudParticipantInline]


@admin.register(Injury)
class InjuryAdmin(admin.ModelAdmin):
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
    raw_id_fields = ["match"]
    date_hierarchy = "occurred_on"


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
