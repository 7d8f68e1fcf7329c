from typing import Any

from django import forms
from django.contrib import admin, messages

from promotion import invitations
from promotion.forms import clean_pronouns, pronouns_optional
from promotion.models import (
    Federation,
    Feud,
    FeudParticipant,
    Injury,
    Invitation,
    InvitationLink,
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
    title_update,
    wrestler_create,
    wrestler_update,
)
from rules.models import WrestlerCard
from web.pages import refuse_form


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


class ServiceCreationForm(forms.ModelForm):
    """An admin form for adding a row that a service writes (every door through the same
    services): ``create`` calls the service with the cleaned data, and its refusal is the form's
    error; nothing is saved apart from it. ``extra_fields`` are the form's own fields (not the
    model's) that the add page shows after ``Meta.fields``."""

    extra_fields: tuple[str, ...] = ()

    def create(self, cleaned: dict):
        raise NotImplementedError

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            self.instance = self.create(cleaned)
        except ServiceError as exc:
            raise forms.ValidationError(str(exc)) from None
        return cleaned

    def _post_clean(self):
        pass  # the service has validated and written the row

    def save_m2m(self):
        pass


class ServiceChangeForm(forms.ModelForm):
    """An admin form for changing a row through its service (``ServiceCreatedAdmin.
    update_service``): the fields changed go to the service, its refusal is the form's error,
    and nothing else writes the row."""

    update_service: Any = None

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        changed = {name: cleaned[name] for name in self.changed_data if name in cleaned}
        if changed:
            try:
                type(self).update_service(self.instance, changed)
            except ServiceError as exc:
                refuse_form(self, exc)  # each problem beside its field, where it has one
        return cleaned

    def _post_clean(self):
        pass  # the service has validated and written the row

    def save(self, commit=True):
        return self.instance

    def save_m2m(self):
        pass


class ServiceCreatedAdmin(admin.ModelAdmin):
    """An admin whose rows are added through a service (``creation_form``), and whose other
    changes go through services elsewhere: on the change page only the fields outside
    ``change_readonly`` may be edited, and the inlines are shown, not edited."""

    creation_form: type[ServiceCreationForm]
    change_fields: list[str] | None = None  # None: the model's editable fields
    change_readonly: list[str] = []
    #: ``(instance, changed fields)``: the service a change goes through; None: saved as is.
    update_service: Any = None

    def _creation_fields(self) -> list[str]:
        return [*(self.creation_form._meta.fields or ()), *self.creation_form.extra_fields]

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is None:
            kwargs["form"] = self.creation_form
            kwargs["fields"] = self._creation_fields()
        elif self.update_service is not None:
            service = self.update_service
            kwargs["form"] = type(
                "ChangeForm",
                (ServiceChangeForm,),
                {"update_service": staticmethod(service)},
            )
        return super().get_form(request, obj, change, **kwargs)

    def get_fields(self, request, obj=None):
        if obj is None:
            return self._creation_fields()
        return self.change_fields or super().get_fields(request, obj)

    def get_readonly_fields(self, request, obj=None):
        return [] if obj is None else self.change_readonly

    def get_prepopulated_fields(self, request, obj=None):
        return self.prepopulated_fields if obj is None else {}

    def get_inlines(self, request, obj):
        return [] if obj is None else self.inlines

    def save_model(self, request, obj, form, change):
        if change and self.update_service is None:
            super().save_model(request, obj, form, change)

    def save_related(self, request, form, formsets, change):
        if change:
            super().save_related(request, form, formsets, change)


class WrestlerSigningForm(ServiceCreationForm):
    """Signing a wrestler in the admin is ``wrestler_create``: his starting Fame, Prestige and
    Heat open the ledger."""

    starting_fame = forms.IntegerField(
        required=False, min_value=0, help_text="Empty: the roster's lower quartile."
    )
    starting_prestige = forms.IntegerField(
        required=False, min_value=0, help_text="Empty: the roster's lower quartile."
    )
    starting_heat = forms.IntegerField(required=False, min_value=0, max_value=10, initial=0)
    extra_fields = ("starting_fame", "starting_prestige", "starting_heat")

    class Meta:
        model = Wrestler
        fields = [
            "federation",
            "ring_name",
            "slug",
            "alignment",
            "pronouns",
            "style",
            "height_in",
            "weight_lb",
            "hometown",
            "debut_on",
        ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        pronouns_optional(self)

    clean_pronouns = clean_pronouns

    def create(self, cleaned):
        # The profile: every field of the form but who and where (named to the service).
        details = {
            name: cleaned[name]
            for name in WrestlerSigningForm.Meta.fields
            if name not in ("federation", "ring_name", "slug") and name in cleaned
        }
        return wrestler_create(
            federation=cleaned["federation"],
            ring_name=cleaned["ring_name"],
            slug=cleaned["slug"],
            fame=cleaned.get("starting_fame"),
            prestige=cleaned.get("starting_prestige"),
            heat=cleaned.get("starting_heat") or 0,
            **details,
        )


@admin.register(Wrestler)
class WrestlerAdmin(ServiceCreatedAdmin):
    """Wrestlers: signed here through ``wrestler_create``; Fame, Prestige, Heat and Edge move
    only through the ledger."""

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
    list_select_related = ["federation"]
    inlines = [CardInline]
    creation_form = WrestlerSigningForm
    change_readonly = ["federation", "slug", "fame", "prestige", "heat", "edge"]
    # A change is ``wrestler_update``, as on his page: a champion retired here gives up his
    # titles that day.
    update_service = staticmethod(
        lambda wrestler, changed: wrestler_update(wrestler=wrestler, **changed)
    )


class TeamFormingForm(ServiceCreationForm):
    """Forming a team in the admin is ``team_form``: its members join the day it forms."""

    members = forms.ModelMultipleChoiceField(
        queryset=Wrestler.objects.exclude(status="retired"),
        help_text="Two or more for a tag team, all of the team's federation.",
    )
    formed_on = forms.DateField()
    extra_fields = ("members", "formed_on")

    class Meta:
        model = Team
        fields = ["federation", "name", "slug", "kind"]

    def create(self, cleaned):
        return team_form(
            federation=cleaned["federation"],
            name=cleaned["name"],
            slug=cleaned["slug"],
            kind=cleaned["kind"],
            members=list(cleaned["members"]),
            formed_on=cleaned["formed_on"],
        )


@admin.register(Team)
class TeamAdmin(ServiceCreatedAdmin):
    """Teams: formed here through ``team_form``; members come and go, and teams disband, on the
    team's page or over the API. Only the name stays editable."""

    list_display = ["name", "federation", "kind", "formed_on", "disbanded_on"]
    list_filter = ["federation", "kind"]
    search_fields = ["name", "slug", "members__ring_name"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [TeamMembershipInline]
    creation_form = TeamFormingForm
    change_fields = ["federation", "name", "slug", "kind", "formed_on", "disbanded_on"]
    change_readonly = ["federation", "slug", "kind", "formed_on", "disbanded_on"]


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


class TitleIntroducingForm(ServiceCreationForm):
    """Introducing a title in the admin is ``title_create``: it stands vacant."""

    class Meta:
        model = Title
        fields = ["federation", "name", "slug", "division", "rank", "rule_system", "introduced_on"]

    def create(self, cleaned):
        return title_create(**{name: cleaned[name] for name in self.Meta.fields})


@admin.register(Title)
class TitleAdmin(ServiceCreatedAdmin):
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
    creation_form = TitleIntroducingForm
    change_fields = [*TitleIntroducingForm.Meta.fields, "is_active", "retired_on"]
    change_readonly = ["federation", "slug", "division", "introduced_on", "is_active", "retired_on"]
    # A rename is ``title_update``'s: a name in use is refused here as everywhere.
    update_service = staticmethod(lambda title, changed: title_update(title=title, **changed))


#: A reign's fields on its admin page, in order.
REIGN_FIELDS = [
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


@admin.register(TitleReign)
class TitleReignAdmin(admin.ModelAdmin):
    """Reigns are written by matches and the title desk; here only how one was won may be
    reworded."""

    list_display = ["title", "number", "holder", "won_on", "ended_on", "end_reason", "defenses"]
    list_filter = ["title__federation", "title", "end_reason"]
    search_fields = ["title__name", "holder_wrestler__ring_name", "holder_team__name"]
    list_select_related = ["title", "holder_wrestler", "holder_team"]
    fields = [*REIGN_FIELDS]
    readonly_fields = [name for name in REIGN_FIELDS if name != "won_how"]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class FeudParticipantInline(ReadOnlyInline):
    model = FeudParticipant
    fields = ["side", "wrestler", "team"]


class FeudStartingForm(ServiceCreationForm):
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
    extra_fields = ("side_a_wrestlers", "side_a_teams", "side_b_wrestlers", "side_b_teams")

    class Meta:
        model = Feud
        fields = ["federation", "name", "description", "started_on", "heat"]

    def create(self, cleaned):
        sides = [[*cleaned[f"side_{s}_wrestlers"], *cleaned[f"side_{s}_teams"]] for s in ("a", "b")]
        return feud_start(
            federation=cleaned["federation"],
            sides=sides,
            started_on=cleaned["started_on"],
            heat=cleaned["heat"],
            name=cleaned["name"],
            description=cleaned["description"],
        )


@admin.register(Feud)
class FeudAdmin(ServiceCreatedAdmin):
    """Feuds: started here through ``feud_start``; results move their heat, and they end on the
    feud list or over the API. Only the name and the story stay editable."""

    list_display = ["__str__", "federation", "status", "heat", "started_on", "ended_on"]
    list_filter = ["federation", "status"]
    search_fields = ["name", "participants__wrestler__ring_name", "participants__team__name"]
    inlines = [FeudParticipantInline]
    creation_form = FeudStartingForm
    change_fields = [
        "federation",
        "name",
        "description",
        "started_on",
        "ended_on",
        "heat",
        "status",
    ]
    change_readonly = ["federation", "started_on", "ended_on", "heat", "status"]


class InjuryRecordingForm(ServiceCreationForm):
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

    def create(self, cleaned):
        return injury_record(**{name: cleaned[name] for name in self.Meta.fields})


@admin.register(Injury)
class InjuryAdmin(ServiceCreatedAdmin):
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
    creation_form = InjuryRecordingForm
    change_fields = [
        "wrestler",
        "occurred_on",
        "match",
        "source",
        "body_part",
        "description",
        "points",
        "healing_counted_to",
        "fight_cards_remaining",
        "keeps_off_cards",
        "expected_return",
        "healed_on",
    ]
    change_readonly = [name for name in change_fields if name not in ("body_part", "description")]


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


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    """Invitations are sent by the services (a federation import) and answered by the user they
    name (``promotion.invitations``); here they are read, and one may be withdrawn (deleted)."""

    list_display = ["user", "federation", "role", "invited_by", "created_at", "answer"]
    list_filter = ["role", "federation"]
    search_fields = ["user__username", "federation__name", "federation__slug"]
    list_select_related = ["user", "federation", "invited_by"]

    @admin.display(description="Answer")
    def answer(self, obj: Invitation) -> str:
        if obj.accepted_at:
            return "accepted"
        return "declined" if obj.declined_at else "waiting"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(InvitationLink)
class InvitationLinkAdmin(admin.ModelAdmin):
    """Invitation links are made by their federation's owner and used by whoever opens them
    (``promotion.invitations``); here they are read, and revoked through the same service. Their
    tokens are not kept (only a hash), so nothing here can show or make one."""

    list_display = ["federation", "role", "created_by", "created_at", "expires_at", "state"]
    list_filter = ["role", "federation"]
    search_fields = ["federation__name", "federation__slug", "created_by__username"]
    list_select_related = ["federation", "created_by", "used_by"]
    exclude = ["token_hash"]
    actions = ["revoke"]

    @admin.display(description="State")
    def state(self, obj: InvitationLink) -> str:
        return invitations.link_state(obj)

    @admin.action(description="Revoke the selected links")
    def revoke(self, request, queryset):
        revoked = 0
        for link in queryset:
            try:
                invitations.invitation_link_revoke(link=link, by=request.user)
            except ServiceError as exc:
                self.message_user(request, f"{link}: {exc}", messages.WARNING)
            else:
                revoked += 1
        self.message_user(request, f"{revoked} link(s) revoked.")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
