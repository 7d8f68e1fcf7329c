"""The admin of shows and matches: a door like the others, through the same services.

A show is created, edited, booked, scheduled, run, retried and cancelled by the services in
``matches.booking`` and ``matches.services``, their refusals shown as form errors or messages.
A show's state (status, lease, attempts, results) is never a form field; a running, completed
or cancelled show and its matches are read-only; a match is booked by ``match_book`` (every
booking rule applies) and taken off a card by ``match_remove``, never edited in place.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.widgets import FilteredSelectMultiple
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.template.defaultfilters import pluralize
from django.urls import reverse
from django.utils.html import format_html

from matches import webhook_admin  # noqa: F401 (the webhooks' admin, registered there)
from matches.autobook import show_autobook
from matches.booking import (
    CLOSED_STATUSES,
    EDITABLE_SHOW_FIELDS,
    SHOW_CLOSED,
    BookingError,
    match_book,
    match_remove,
    show_create,
    show_schedule,
    show_update,
)
from matches.booking_config import BookingConfigError
from matches.models import (
    Match,
    MatchParticipant,
    MatchStatus,
    MatchType,
    Show,
    Tournament,
    TournamentBout,
    TournamentEntrant,
)
from matches.services import show_cancel, show_retry, show_run_now
from matches.tournaments import tournament_advance, tournament_cancel
from promotion.models import Wrestler
from promotion.services import ServiceError

STATE_FIELDS = (
    "number",
    "status",
    "seed",
    "attempts",
    "started_at",
    "heartbeat_at",
    "completed_at",
    "error",
)
SIDE_FIELDS = tuple(f"side_{n}" for n in range(1, 7))


def _reasons(exc: Exception) -> list[str]:
    return list(getattr(exc, "reasons", None) or [str(exc)])


class ShowAdminForm(forms.ModelForm):
    """Creating or editing a show is ``show_create`` or ``show_update``, run when the form is
    validated so that a refusal is a form error; the admin then writes nothing itself."""

    class Meta:
        model = Show
        fields = ["federation", "name", "kind", "poster_line", "card_size", "scheduled_at", "venue"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("name", "venue", "scheduled_at"):
            if name in self.fields and self.instance.pk is None:
                self.fields[name].required = False
        if "scheduled_at" in self.fields and self.instance.pk is None:
            self.fields["scheduled_at"].help_text = "Empty: the federation's next weekly slot."

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            if self.instance.pk is None:
                self.instance = show_create(
                    federation=cleaned["federation"],
                    scheduled_at=cleaned.get("scheduled_at"),
                    name=cleaned.get("name") or "",
                    kind=cleaned["kind"],
                    venue=cleaned.get("venue") or None,
                    poster_line=cleaned.get("poster_line") or "",
                    card_size=cleaned.get("card_size"),
                )
            else:
                changes = {
                    name: cleaned[name]
                    for name in self.changed_data
                    if name in EDITABLE_SHOW_FIELDS and name in cleaned
                }
                if changes:
                    self.instance = show_update(show=self.instance, **changes)
        except BookingError as exc:
            raise forms.ValidationError(exc.reasons) from None
        return cleaned

    def _post_clean(self):
        # The service has written the show; the form must not copy its own (possibly stale)
        # values back onto it.
        pass


class MatchInline(admin.TabularInline):
    """The card, read-only: matches are booked and removed on their own admin pages."""

    model = Match
    extra = 0
    readonly_fields = ("position", "match_type", "rule_system", "title", "feud", "status", "method")
    fields = readonly_fields
    show_change_link = True
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Show)
class ShowAdmin(admin.ModelAdmin):
    form = ShowAdminForm
    list_display = ["name", "federation", "number", "kind", "scheduled_at", "status"]
    list_filter = ["federation", "status", "kind"]
    search_fields = ["name", "venue"]
    date_hierarchy = "scheduled_at"
    inlines = [MatchInline]
    actions = ["autobook", "schedule", "run_now", "retry", "cancel"]

    def get_fields(self, request, obj=None):
        if obj is None:
            return [
                "federation",
                "scheduled_at",
                "name",
                "kind",
                "poster_line",
                "card_size",
                "venue",
            ]
        return [
            "federation",
            "name",
            "kind",
            "poster_line",
            "card_size",
            "scheduled_at",
            "venue",
            *STATE_FIELDS,
            "book",
        ]

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        if obj.status in CLOSED_STATUSES:
            return ["federation", *EDITABLE_SHOW_FIELDS, *STATE_FIELDS, "book"]
        return ["federation", *STATE_FIELDS, "book"]

    @admin.display(description="Card")
    def book(self, obj):
        if obj is None or obj.status in CLOSED_STATUSES:
            return "-"
        url = reverse("admin:matches_match_add") + f"?show={obj.pk}"
        return format_html('<a href="{}">Book a match on this show</a>', url)

    def save_model(self, request, obj, form, change):
        """Written by the service in the form's validation (see ``ShowAdminForm``). A form
        loaded before the show ran comes back with fields that are read-only now: say so."""
        if change and self._stale_post(request, obj):
            status = obj.get_status_display().lower()
            messages.error(request, SHOW_CLOSED.format(show=obj, status=status))

    @staticmethod
    def _stale_post(request, obj) -> bool:
        """A form that offered fields the show no longer lets anyone change."""
        return obj.status in CLOSED_STATUSES and any(
            name in request.POST for name in EDITABLE_SHOW_FIELDS
        )

    def response_change(self, request, obj):
        if self._stale_post(request, obj):
            return self.response_post_save_change(request, obj)
        return super().response_change(request, obj)

    def has_delete_permission(self, request, obj=None):
        return False  # cancel instead: a show's history is kept

    def _each(self, request, queryset, service, done: str):
        for show in queryset.order_by("scheduled_at", "number"):
            try:
                with transaction.atomic():
                    result = service(show=show)
            except (BookingError, BookingConfigError) as exc:
                for reason in _reasons(exc):
                    messages.error(request, reason)
                continue
            messages.success(request, done.format(show=show, result=result))

    @admin.action(description="Auto-book the card")
    def autobook(self, request, queryset):
        for show in queryset.order_by("scheduled_at", "number"):
            try:
                report = show_autobook(show=show)
            except (BookingError, BookingConfigError) as exc:
                for reason in _reasons(exc):
                    messages.error(request, reason)
                continue
            booked = f"{len(report)} match{pluralize(len(report), 'es')}"
            messages.success(request, f"{show}: {booked} booked.")
            for reason in report.skipped:
                messages.warning(request, reason)

    @admin.action(description="Schedule")
    def schedule(self, request, queryset):
        self._each(request, queryset, show_schedule, "{show} is scheduled.")

    @admin.action(description="Wrestle now")
    def run_now(self, request, queryset):
        self._each(request, queryset, show_run_now, "{show}: {result.get_status_display}.")

    @admin.action(description="Retry (a failed show)")
    def retry(self, request, queryset):
        self._each(request, queryset, show_retry, "{show} is back on the schedule.")

    @admin.action(description="Cancel (a show not run)")
    def cancel(self, request, queryset):
        self._each(request, queryset, show_cancel, "{show} is cancelled.")


class ParticipantInline(admin.TabularInline):
    """Who is in the match, as booked: read-only (book the match again to change it)."""

    model = MatchParticipant
    extra = 0
    readonly_fields = ("side", "order", "wrestler", "role", "team")
    fields = readonly_fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


def _wrestlers_field(label: str, required: bool = False) -> forms.ModelMultipleChoiceField:
    return forms.ModelMultipleChoiceField(
        queryset=Wrestler.objects.select_related("federation").order_by("federation", "ring_name"),
        required=required,
        label=label,
        widget=FilteredSelectMultiple(label, is_stacked=False),
    )


class MatchBookingForm(forms.ModelForm):
    """Booking a match in the admin is ``match_book``: every booking rule applies and every
    refusal is listed on the form."""

    side_1 = _wrestlers_field("Side 1", required=True)
    side_2 = _wrestlers_field("Side 2", required=True)
    side_3 = _wrestlers_field("Side 3 (battle royals)")
    side_4 = _wrestlers_field("Side 4")
    side_5 = _wrestlers_field("Side 5")
    side_6 = _wrestlers_field("Side 6")
    rule_options_text = forms.CharField(
        required=False,
        label="Rule options",
        help_text="Comma-separated option names, or 'all'; empty: the federation's options.",
    )

    class Meta:
        model = Match
        fields = [
            "show",
            "position",
            "match_type",
            "rule_system",
            "title",
            "feud",
            "is_main_event",
            "time_limit",
            "no_disqualification",
            "title_changes_on_dq",
            "stipulations",
            "booking_note",
        ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rule_system"].required = False
        self.fields["rule_system"].help_text = "Empty: the federation's rule system."
        self.fields["position"].required = False
        self.fields["position"].help_text = "Empty: the end of the card."
        self.fields["match_type"].initial = MatchType.SINGLES

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        sides = [list(cleaned[name]) for name in SIDE_FIELDS if cleaned.get(name)]
        options = cleaned.get("rule_options_text", "").strip()
        try:
            self.instance = match_book(
                show=cleaned["show"],
                sides=sides,
                match_type=cleaned["match_type"],
                title=cleaned.get("title"),
                feud=cleaned.get("feud"),
                rule_system=cleaned.get("rule_system") or None,
                rule_options=[o.strip() for o in options.split(",") if o.strip()] or None,
                time_limit=cleaned.get("time_limit"),
                no_disqualification=cleaned.get("no_disqualification", False),
                title_changes_on_dq=cleaned.get("title_changes_on_dq", False),
                stipulations=cleaned.get("stipulations") or None,
                position=cleaned.get("position"),
                is_main_event=cleaned.get("is_main_event", False),
                note=cleaned.get("booking_note", ""),
            )
        except BookingError as exc:
            raise forms.ValidationError(exc.reasons) from None
        return cleaned

    def _post_clean(self):
        pass  # match_book has written the match; nothing of the form is copied onto it


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = [
        "__str__",
        "match_type",
        "rule_system",
        "title",
        "status",
        "winner_side",
        "method",
    ]
    list_filter = ["show__federation", "status", "match_type", "rule_system", "method"]
    search_fields = ["show__name", "participants__wrestler__ring_name"]
    list_select_related = ["show", "title"]
    inlines = [ParticipantInline]
    raw_id_fields = ["show"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is None:
            kwargs["form"] = MatchBookingForm
            kwargs["fields"] = [*MatchBookingForm.Meta.fields, *SIDE_FIELDS, "rule_options_text"]
        return super().get_form(request, obj, change, **kwargs)

    def get_fields(self, request, obj=None):
        if obj is None:
            return [
                "show",
                "match_type",
                *SIDE_FIELDS,
                "rule_system",
                "rule_options_text",
                "title",
                "feud",
                "position",
                "is_main_event",
                "time_limit",
                "no_disqualification",
                "title_changes_on_dq",
                "stipulations",
                "booking_note",
            ]
        return [f.name for f in Match._meta.fields if f.name != "id"]

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        return [f.name for f in Match._meta.fields if f.name != "id"]

    def get_inlines(self, request, obj):
        return [] if obj is None else self.inlines

    def save_model(self, request, obj, form, change):
        """Booked by ``match_book`` in the form's validation; nothing else to write."""

    def save_related(self, request, form, formsets, change):
        """The participants were written by ``match_book``."""

    def has_change_permission(self, request, obj=None):
        return False  # a booked match is removed and booked again, never edited in place

    def has_delete_permission(self, request, obj=None):
        if obj is not None and (
            obj.status != MatchStatus.BOOKED or obj.show.status in CLOSED_STATUSES
        ):
            return False
        return super().has_delete_permission(request, obj)

    def delete_model(self, request, obj):
        try:
            match_remove(match=obj)
        except BookingError as exc:
            raise PermissionDenied(" ".join(exc.reasons)) from None

    def delete_queryset(self, request, queryset):
        for match in queryset:
            self.delete_model(request, match)


class TournamentEntrantInline(admin.TabularInline):
    """The field, read-only: seeded when the tournament is made."""

    model = TournamentEntrant
    extra = 0
    fields = readonly_fields = ("seed", "wrestler", "team", "withdrew_because")
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class TournamentBoutInline(admin.TabularInline):
    """The bracket, read-only: bouts are decided by their matches, byes and forfeits."""

    model = TournamentBout
    extra = 0
    fields = readonly_fields = (
        "round",
        "position",
        "entrant_a",
        "entrant_b",
        "match",
        "winner",
        "decided_by",
        "forfeit_reason",
    )
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    """Read-mostly: a tournament is made by its pages, the API or ``manage.py tournament``; here
    it is read, advanced and cancelled through ``matches.tournaments``."""

    list_display = ["name", "federation", "format", "unit", "title", "status", "winner"]
    list_filter = ["federation", "status", "format", "unit"]
    search_fields = ["name", "slug"]
    inlines = [TournamentEntrantInline, TournamentBoutInline]
    actions = ["advance", "cancel"]
    fields = readonly_fields = (
        "federation",
        "name",
        "slug",
        "rule_system",
        "format",
        "unit",
        "title",
        "seeding",
        "draw_seed",
        "placement",
        "event",
        "status",
        "winner",
        "created_at",
        "completed_at",
    )

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False  # cancel instead: its bracket stays to be read

    def _each(self, request, queryset, service, done) -> None:
        for tournament in queryset.order_by("created_at", "pk"):
            try:
                result = service(tournament)
            except (ServiceError, BookingError) as exc:
                for reason in _reasons(exc):
                    messages.error(request, f"{tournament}: {reason}")
                continue
            messages.success(request, done(tournament, result))

    @admin.action(description="Book the due round (advance)")
    def advance(self, request, queryset):
        self._each(
            request,
            queryset,
            tournament_advance,
            lambda tournament, booked: f"{tournament}: {len(booked)} match(es) booked.",
        )

    @admin.action(description="Cancel")
    def cancel(self, request, queryset):
        self._each(
            request,
            queryset,
            tournament_cancel,
            lambda tournament, _: f"{tournament} is cancelled.",
        )
