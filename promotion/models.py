"""The federation's roster and history: wrestlers, teams, titles and reigns, feuds, injuries and
the ledger of every change to a wrestler's standing.

Invariants are kept by the schema as well as by the services: one open reign per title, a reign
ends after it starts, one holder per reign, one open membership per wrestler and team.
"""

from __future__ import annotations

import datetime as dt
from itertools import pairwise
from zoneinfo import ZoneInfo

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator, RegexValidator
from django.db import models
from django.db.models import BooleanField, Exists, ExpressionWrapper, OuterRef, Q
from django.urls import reverse
from django.utils import timezone
from timezone_field import TimeZoneField

from promotion.calendar import federation_today
from promotion.choices import MatchStatus
from promotion.validators import (
    ACTIVE_WHILE_INJURED,
    CARD_SIZE_VALIDATORS,
    DEBUT_AFTER_FIRST_MATCH,
    DEBUT_STILL_TO_COME,
    INJURED_WITHOUT_INJURY,
    RING_NAME_TAKEN,
    TITLE_RANK_VALIDATORS,
    VACATE_AFTER_VALIDATORS,
    calendar_day,
    height_in_inches,
    name_key,
    not_a_route_word,
    plain_text,
    time_zone_name,
    time_zone_words,
    weight_in_pounds,
)
from rules.core.text import pronouns as pronoun_forms
from rules.models import System


class Alignment(models.TextChoices):
    FACE = "face", "Face"
    HEEL = "heel", "Heel"
    TWEENER = "tweener", "Tweener"


class HeatDirection(models.TextChoices):
    """Which way a wrestler works the crowd when he plays to it (ARM: "increases the attacker's
    Heat (in whichever direction he prefers) by 1"; ``docs/standings.md``, Heat)."""

    UP = "up", "Up: playing to the crowd raises his Heat"
    DOWN = "down", "Down: playing to the crowd lowers his Heat"


class Pronouns(models.TextChoices):
    """How the play-by-play and the site refer to a wrestler (``rules.core.text.PRONOUNS``)."""

    HE = "he", "he/him"
    SHE = "she", "she/her"
    THEY = "they", "they/them"


class WrestlerStatus(models.TextChoices):
    ACTIVE = "active", "Active"
    INJURED = "injured", "Injured"
    SUSPENDED = "suspended", "Suspended"
    RETIRED = "retired", "Retired"


class Weekday(models.IntegerChoices):
    MONDAY = 0, "Monday"
    TUESDAY = 1, "Tuesday"
    WEDNESDAY = 2, "Wednesday"
    THURSDAY = 3, "Thursday"
    FRIDAY = 4, "Friday"
    SATURDAY = 5, "Saturday"
    SUNDAY = 6, "Sunday"


#: A Celery queue's name as an operator types it: lower-case letters, digits, ".", "_" and "-".
QUEUE_NAME = RegexValidator(
    r"^[a-z0-9][a-z0-9._-]*\Z", "A queue name is lower-case letters, digits, '.', '_' and '-'."
)


class Federation(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="federations"
    )
    name = models.CharField(max_length=120, validators=[plain_text])
    slug = models.SlugField(max_length=60, unique=True, validators=[not_a_route_word])
    #: A federation's story: a few paragraphs at most (its page prints it whole).
    description = models.TextField(
        blank=True, max_length=5000, validators=[MaxLengthValidator(5000)]
    )
    rule_system = models.CharField(max_length=20, choices=System.choices, default=System.FILSINGER)
    rule_options = models.JSONField(
        default=list, blank=True, help_text="Optional rules switched on by default, by name."
    )
    show_weekday = models.PositiveSmallIntegerField(
        choices=Weekday.choices, default=Weekday.SATURDAY
    )
    show_time = models.TimeField(default=dt.time(20, 0))
    time_zone = TimeZoneField(default="UTC", validators=[time_zone_name])
    default_venue = models.CharField(max_length=120, blank=True, validators=[plain_text])
    is_public = models.BooleanField(default=True)
    card_size = models.PositiveSmallIntegerField(
        default=6,
        validators=CARD_SIZE_VALIDATORS,
        help_text="Matches the auto-booker puts on a weekly show: 1 to 20.",
    )
    vacate_injured_champion_after_weeks = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=VACATE_AFTER_VALIDATORS,
        help_text="Vacate a title whose champion is expected out longer than this (0 to 520 "
        "weeks). Empty: never.",
    )
    queue = models.CharField(
        max_length=60,
        blank=True,
        validators=[QUEUE_NAME],
        help_text="The Celery queue its shows are wrestled on; empty: the default queue "
        "(docs/deploy.md).",
    )
    calendar_token = models.CharField(
        max_length=64,
        blank=True,
        editable=False,
        help_text="The secret in a private federation's calendar feed address; empty: none issued.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("federation-detail", kwargs={"slug": self.slug})

    @property
    def time_zone_words(self) -> str:
        """The zone its times are in, in words (``validators.time_zone_words``)."""
        return time_zone_words(self.time_zone)

    def next_show_time(self, after: dt.datetime | None = None) -> dt.datetime:
        """The next weekly show slot strictly after ``after`` (now by default), as an aware time."""
        after = after or timezone.now()
        zone = ZoneInfo(str(self.time_zone))
        local = after.astimezone(zone)
        days = (self.show_weekday - local.weekday()) % 7
        candidate = dt.datetime.combine(
            local.date() + dt.timedelta(days=days), self.show_time, tzinfo=zone
        )
        if candidate <= after:
            candidate = dt.datetime.combine(
                candidate.date() + dt.timedelta(days=7), self.show_time, tzinfo=zone
            )
        return candidate


class MemberRole(models.TextChoices):
    """What a member may do in a federation besides its owner (see ``promotion.access``)."""

    BOOKER = "booker", "Booker"
    VIEWER = "viewer", "Viewer"


class Membership(models.Model):
    """A user's role in a federation: bookers book, schedule, simulate and edit the roster and
    cards; viewers read a private federation. The owner is ``Federation.owner``, not a row here."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="federation_memberships"
    )
    role = models.CharField(max_length=10, choices=MemberRole.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["federation", "role", "user"]
        constraints = [
            models.UniqueConstraint(fields=["federation", "user"], name="membership_one_per_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()}) in {self.federation}"


def suspended_on(on: dt.date) -> Q:
    """Wrestlers suspended on ``on``: with no end date, or until ``on`` or later (the date a
    suspension runs until is its last day off)."""
    return Q(status=WrestlerStatus.SUSPENDED) & (
        Q(suspended_until__isnull=True) | Q(suspended_until__gte=on)
    )


def injured_on(on: dt.date) -> Exists:
    """Wrestlers kept off cards on ``on`` by an injury: one that has happened by then (on that
    day included), keeps him off cards, and has not healed by then (healed that day, or
    expected back by then: he works; ``InjuryQuerySet.hurting_on``)."""
    return Exists(
        Injury.objects.hurting_on(on).filter(wrestler=OuterRef("pk"), keeps_off_cards=True)
    )


class WrestlerQuerySet(models.QuerySet):
    """Who can work a show: the one availability rule, used by booking (``wrestler_problems``),
    the auto-booker (``promotion.selectors.contenders``) and ``Wrestler.is_available_on``."""

    def with_unavailability(self, on: dt.date) -> WrestlerQuerySet:
        """Annotated with ``off_retired``, ``off_suspended``, ``off_injured`` and
        ``off_before_debut`` for ``on``."""
        return self.annotate(
            off_retired=ExpressionWrapper(
                Q(status=WrestlerStatus.RETIRED), output_field=BooleanField()
            ),
            off_suspended=ExpressionWrapper(suspended_on(on), output_field=BooleanField()),
            off_injured=injured_on(on),
            off_before_debut=ExpressionWrapper(
                Q(debut_on__isnull=False, debut_on__gt=on), output_field=BooleanField()
            ),
        )

    def available_on(self, on: dt.date) -> WrestlerQuerySet:
        """Not retired, not suspended, not kept off cards by an injury on ``on``, and debuted
        by then."""
        return (
            self.exclude(status=WrestlerStatus.RETIRED)
            .exclude(suspended_on(on))
            .exclude(injured_on(on))
            .exclude(debut_on__gt=on)
        )


class Wrestler(models.Model):
    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="wrestlers")
    ring_name = models.CharField(max_length=120, validators=[plain_text])
    slug = models.SlugField(max_length=80)
    alignment = models.CharField(max_length=10, choices=Alignment.choices, default=Alignment.FACE)
    pronouns = models.CharField(
        max_length=4,
        choices=Pronouns.choices,
        default=Pronouns.HE,
        help_text="How the play-by-play refers to this wrestler.",
    )
    status = models.CharField(
        max_length=10, choices=WrestlerStatus.choices, default=WrestlerStatus.ACTIVE
    )
    style = models.CharField(max_length=60, blank=True, validators=[plain_text])
    height_in = models.PositiveSmallIntegerField(
        "height",
        null=True,
        blank=True,
        validators=[height_in_inches],
        help_text="Inches, 48 to 100.",
    )
    weight_lb = models.PositiveSmallIntegerField(
        "weight",
        null=True,
        blank=True,
        validators=[weight_in_pounds],
        help_text="Pounds, 80 to 800.",
    )
    hometown = models.CharField(max_length=120, blank=True, validators=[plain_text])
    debut_on = models.DateField(null=True, blank=True, validators=[calendar_day])
    suspended_until = models.DateField(null=True, blank=True, validators=[calendar_day])
    fame = models.IntegerField(default=0)
    prestige = models.IntegerField(default=0)
    heat = models.IntegerField(default=0)
    heat_direction = models.CharField(
        "heat when he plays to the crowd",
        max_length=4,
        choices=HeatDirection.choices,
        default=HeatDirection.UP,
        help_text='ARM: playing to the crowd moves his Heat by 1 "in whichever direction he '
        "prefers\": up with the crowd's reaction to him, or down against it (readying a turn).",
    )
    edge = models.IntegerField(default=0, help_text="Edge available; reset to Fame // 100.")
    # Set and removed only through promotion.pictures (checked, re-encoded, with a thumbnail).
    photo = models.FileField(max_length=200, blank=True, editable=False)

    objects = WrestlerQuerySet.as_manager()

    class Meta:
        ordering = ["ring_name"]
        constraints = [
            models.UniqueConstraint(fields=["federation", "slug"], name="wrestler_unique_slug"),
            models.CheckConstraint(condition=Q(fame__gte=0), name="wrestler_fame_not_negative"),
            models.CheckConstraint(condition=Q(edge__gte=0), name="wrestler_edge_not_negative"),
        ]
        indexes = [models.Index(fields=["federation", "status"])]

    def __str__(self) -> str:
        return self.ring_name

    def get_absolute_url(self) -> str:
        return reverse(
            "wrestler-detail", kwargs={"federation": self.federation.slug, "slug": self.slug}
        )

    def clean(self) -> None:
        """The rules of a wrestler's profile that every door meets (the pages' and the admin's
        forms, and the services, which the API calls):

        - Injured comes from an injury (``injury_record``, or a match's) and goes with it
          (``injury_heal``, or the show that heals it): a wrestler is not made Injured by hand,
          nor signed so, nor made Active by hand while an injury keeps him off cards. One
          already Injured keeps the status; he may still be suspended or retired.
        - A ring name is one wrestler's in his federation (``validators.name_key``: case
          and spacing aside), as his address (slug) is.
        - A debut is a day that has come (the federation's today, ``selectors.federation_today``)
          and no later than the first match he wrestled there.

        Only what changes is checked against the roster and the calendar: a name or a debut
        stored before these rules does not stop the rest of a profile being saved. A row that
        belongs to no federation yet (an import's, before it is placed) is checked for its own
        fields only."""
        stored_status, stored_name, stored_debut = (
            type(self)
            .objects.filter(pk=self.pk)
            .values_list("status", "ring_name", "debut_on")
            .first()
            if self.pk
            else None
        ) or (None, None, None)
        errors: dict[str, ValidationError] = {}
        if self.status == WrestlerStatus.INJURED and stored_status != WrestlerStatus.INJURED:
            errors["status"] = ValidationError(INJURED_WITHOUT_INJURY, code="injured_by_hand")
        elif (
            self.status == WrestlerStatus.ACTIVE
            and stored_status not in (None, WrestlerStatus.ACTIVE)
            and self.injuries.filter(healed_on__isnull=True, keeps_off_cards=True).exists()
        ):
            message = ACTIVE_WHILE_INJURED.format(
                wrestler=self.ring_name, him=pronoun_forms(self.pronouns).object
            )
            errors["status"] = ValidationError(message, code="active_while_injured")
        if self.federation_id is not None:
            if self.ring_name and name_key(self.ring_name) != name_key(stored_name):
                taken = self._ring_name_taken()
                if taken is not None:
                    errors["ring_name"] = ValidationError(
                        RING_NAME_TAKEN.format(federation=self.federation, name=taken),
                        code="ring_name_taken",
                    )
            if self.debut_on is not None and self.debut_on != stored_debut:
                problem = self._debut_problem()
                if problem is not None:
                    errors["debut_on"] = problem
        if errors:
            raise ValidationError(errors)

    def _ring_name_taken(self) -> str | None:
        """The ring name of another wrestler of his federation that is his (case and spacing
        aside), or None."""
        key = name_key(self.ring_name)
        others = Wrestler.objects.filter(federation_id=self.federation_id)
        if self.pk:
            others = others.exclude(pk=self.pk)
        # (Compared here, not by the database: its case-blind matching is ASCII's on SQLite.)
        for name in others.values_list("ring_name", flat=True).iterator():
            if name_key(name) == key:
                return name
        return None

    def _debut_problem(self) -> ValidationError | None:
        """Why ``debut_on`` cannot be his debut: a day still to come for the federation, or a day
        after the first match he wrestled there."""
        assert self.debut_on is not None  # clean() asks only of a debut that is set
        today = federation_today(self.federation)
        if self.debut_on > today:
            message = DEBUT_STILL_TO_COME.format(
                on=self.debut_on, federation=self.federation, today=today
            )
            return ValidationError(message, code="debut_still_to_come")
        if not self.pk:
            return None
        first = (
            self.appearances.filter(match__status=MatchStatus.COMPLETED)
            .select_related("show")
            .order_by("show__scheduled_at", "show__number")
            .first()
        )
        if first is None:
            return None
        zone = ZoneInfo(str(self.federation.time_zone))
        first_day = first.show.scheduled_at.astimezone(zone).date()
        if self.debut_on <= first_day:
            return None
        message = DEBUT_AFTER_FIRST_MATCH.format(
            wrestler=self.ring_name, on=self.debut_on, first=first_day, show=first.show.name
        )
        return ValidationError(message, code="debut_after_first_match")

    @property
    def base_edge(self) -> int:
        """Edge at the start of a match: Fame // 100."""
        return max(self.fame, 0) // 100

    def active_injuries(self, on: dt.date):
        return self.injuries.active_on(on)

    def unavailability_on(self, on: dt.date) -> set[str]:
        """Why he cannot work a show on ``on``, as stored: any of "retired", "suspended",
        "injured" and "before_debut" (empty when he can). One query, by the rule of
        ``WrestlerQuerySet``."""
        names = ("retired", "suspended", "injured", "before_debut")
        flags = (
            type(self)
            .objects.filter(pk=self.pk)
            .with_unavailability(on)
            .values_list(*(f"off_{name}" for name in names))
            .get()
        )
        return {name for name, off in zip(names, flags, strict=True) if off}

    def is_injured_on(self, on: dt.date) -> bool:
        """Out of action on ``on``: an unhealed injury that keeps him off cards."""
        return "injured" in self.unavailability_on(on)

    def is_suspended_on(self, on: dt.date) -> bool:
        return "suspended" in self.unavailability_on(on)

    def is_available_on(self, on: dt.date) -> bool:
        return not self.unavailability_on(on)


class TeamKind(models.TextChoices):
    TAG_TEAM = "tag_team", "Tag team"
    STABLE = "stable", "Stable"


class Team(models.Model):
    """A tag team (regular partners) or a stable (members of one group), as the Filsinger tag
    rules distinguish them."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=120, validators=[plain_text])
    slug = models.SlugField(max_length=80)
    kind = models.CharField(max_length=10, choices=TeamKind.choices, default=TeamKind.TAG_TEAM)
    formed_on = models.DateField(null=True, blank=True, validators=[calendar_day])
    disbanded_on = models.DateField(null=True, blank=True, validators=[calendar_day])
    members = models.ManyToManyField(
        Wrestler, through="TeamMembership", related_name="teams", blank=True
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["federation", "slug"], name="team_unique_slug"),
            models.CheckConstraint(
                condition=Q(disbanded_on__isnull=True) | Q(disbanded_on__gte=models.F("formed_on")),
                name="team_disbands_after_forming",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_active(self) -> bool:
        return self.disbanded_on is None

    def members_on(self, on: dt.date):
        return self.members.filter(
            Q(memberships__started_on__lte=on)
            & (Q(memberships__ended_on__isnull=True) | Q(memberships__ended_on__gt=on)),
            memberships__team=self,
        ).distinct()


class TeamMembership(models.Model):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="memberships")
    wrestler = models.ForeignKey(Wrestler, on_delete=models.CASCADE, related_name="memberships")
    started_on = models.DateField(validators=[calendar_day])
    ended_on = models.DateField(null=True, blank=True, validators=[calendar_day])

    class Meta:
        ordering = ["team", "started_on"]
        constraints = [
            models.UniqueConstraint(
                fields=["team", "wrestler"],
                condition=Q(ended_on__isnull=True),
                name="membership_one_open_per_team_and_wrestler",
            ),
            models.CheckConstraint(
                condition=Q(ended_on__isnull=True) | Q(ended_on__gte=models.F("started_on")),
                name="membership_ends_after_it_starts",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.wrestler} in {self.team}"


def overlapping_spans(memberships, *, key) -> list[tuple[TeamMembership, TeamMembership]]:
    """The pairs of ``memberships`` of one wrestler (``key(membership)`` tells whose) that run at
    once, each pair as (the earlier, the one begun while it still ran): the rule "one tag team at
    a time" read over rows already made (``check_federation``) or about to be (an import)."""
    spans: dict[object, list[TeamMembership]] = {}
    for membership in memberships:
        spans.setdefault(key(membership), []).append(membership)
    pairs = []
    for rows in spans.values():
        rows.sort(key=lambda m: m.started_on)
        for earlier, later in pairwise(rows):
            if earlier.ended_on is None or earlier.ended_on > later.started_on:
                pairs.append((earlier, later))
    return pairs


class Division(models.TextChoices):
    SINGLES = "singles", "Singles"
    TAG = "tag", "Tag team"


class Title(models.Model):
    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="titles")
    name = models.CharField(max_length=120, validators=[plain_text])
    slug = models.SlugField(max_length=80)
    division = models.CharField(max_length=10, choices=Division.choices, default=Division.SINGLES)
    rank = models.PositiveSmallIntegerField(
        default=1,
        validators=TITLE_RANK_VALIDATORS,
        help_text="1 for the world title, higher numbers for lesser titles (up to 999).",
    )
    is_active = models.BooleanField(default=True)
    rule_system = models.CharField(
        max_length=20,
        choices=System.choices,
        blank=True,
        help_text="The rule system its matches are wrestled under; empty: the federation's.",
    )
    introduced_on = models.DateField(validators=[calendar_day])
    retired_on = models.DateField(null=True, blank=True, validators=[calendar_day])
    # The belt's picture: set and removed only through promotion.pictures.
    belt = models.FileField(max_length=200, blank=True, editable=False)

    class Meta:
        ordering = ["federation", "rank", "name"]
        constraints = [
            models.UniqueConstraint(fields=["federation", "slug"], name="title_unique_slug"),
            models.CheckConstraint(
                condition=Q(retired_on__isnull=True) | Q(retired_on__gte=models.F("introduced_on")),
                name="title_retired_after_introduced",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def current_reign(self) -> TitleReign | None:
        return self.reigns.filter(ended_on__isnull=True).first()


class ReignEnd(models.TextChoices):
    LOST = "lost", "Lost in a match"
    VACATED_INJURY = "vacated_injury", "Vacated through injury"
    VACATED = "vacated", "Vacated"
    STRIPPED = "stripped", "Stripped"
    RETIRED = "retired", "Champion retired"
    DEACTIVATED = "deactivated", "Title retired"


class TitleReign(models.Model):
    """One holder's continuous time with a title. The lineage is the reigns in ``number`` order;
    a gap between one reign's end and the next one's start is a vacancy."""

    title = models.ForeignKey(Title, on_delete=models.CASCADE, related_name="reigns")
    holder_wrestler = models.ForeignKey(
        Wrestler, null=True, blank=True, on_delete=models.PROTECT, related_name="reigns"
    )
    holder_team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.PROTECT, related_name="reigns"
    )
    number = models.PositiveIntegerField(help_text="Position in the title's lineage, from 1.")
    holder_reign_number = models.PositiveIntegerField(
        default=1, help_text="The holder's nth reign with this title."
    )
    won_on = models.DateField(validators=[calendar_day])
    won_at = models.ForeignKey(
        "matches.Match",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="reigns_won",
    )
    won_how = models.CharField(
        max_length=200, blank=True, help_text="How it was won or awarded, when not at a match."
    )
    ended_on = models.DateField(null=True, blank=True, validators=[calendar_day])
    ended_at = models.ForeignKey(
        "matches.Match",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="reigns_ended",
    )
    end_reason = models.CharField(max_length=20, choices=ReignEnd.choices, blank=True)
    defenses = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["title", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["title"],
                condition=Q(ended_on__isnull=True),
                name="reign_one_open_per_title",
            ),
            models.UniqueConstraint(fields=["title", "number"], name="reign_unique_number"),
            models.CheckConstraint(
                condition=Q(ended_on__isnull=True) | Q(ended_on__gte=models.F("won_on")),
                name="reign_ends_after_it_starts",
            ),
            models.CheckConstraint(
                condition=(
                    Q(holder_wrestler__isnull=False, holder_team__isnull=True)
                    | Q(holder_wrestler__isnull=True, holder_team__isnull=False)
                ),
                name="reign_has_exactly_one_holder",
            ),
            models.CheckConstraint(
                condition=(
                    Q(ended_on__isnull=True, end_reason="")
                    | (Q(ended_on__isnull=False) & ~Q(end_reason=""))
                ),
                name="reign_end_has_a_reason",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.title} #{self.number}: {self.holder}"

    @property
    def holder(self) -> Wrestler | Team | None:
        """The champion; None only on a row not yet checked (one holder is a constraint)."""
        return self.holder_wrestler or self.holder_team

    @property
    def is_current(self) -> bool:
        return self.ended_on is None

    @property
    def ended_how(self) -> str:
        """How the reign ended, in a few words for a history ("lost", "stripped", "champion
        retired"); empty while it runs."""
        if self.ended_on is None:
            return ""
        return "lost" if self.end_reason == ReignEnd.LOST else self.get_end_reason_display().lower()

    def days_held(self, today: dt.date | None = None) -> int:
        """Days from winning to losing the title, or to ``today`` for a current reign (none
        yet for a reign won on a show wrestled ahead of its date)."""
        end = self.ended_on or today or timezone.localdate()
        return max(0, (end - self.won_on).days)


class FeudStatus(models.TextChoices):
    BUILDING = "building", "Building"
    HOT = "hot", "Hot"
    COOLING = "cooling", "Cooling"
    ENDED = "ended", "Ended"


#: The most characters a feud's name has.
FEUD_NAME_MOST = 160


class Feud(models.Model):
    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="feuds")
    name = models.CharField(max_length=FEUD_NAME_MOST, blank=True, validators=[plain_text])
    description = models.TextField(blank=True)
    started_on = models.DateField(validators=[calendar_day])
    ended_on = models.DateField(null=True, blank=True, validators=[calendar_day])
    heat = models.PositiveSmallIntegerField(default=1, help_text="0 (cold) to 10 (boiling).")
    status = models.CharField(
        max_length=10, choices=FeudStatus.choices, default=FeudStatus.BUILDING
    )

    class Meta:
        ordering = ["-started_on"]
        constraints = [
            models.CheckConstraint(condition=Q(heat__lte=10), name="feud_heat_at_most_10"),
            models.CheckConstraint(
                condition=Q(ended_on__isnull=True) | Q(ended_on__gte=models.F("started_on")),
                name="feud_ends_after_it_starts",
            ),
            models.CheckConstraint(
                condition=(
                    Q(status="ended", ended_on__isnull=False)
                    | (~Q(status="ended") & Q(ended_on__isnull=True))
                ),
                name="feud_ended_status_matches_date",
            ),
        ]

    def __str__(self) -> str:
        return self.name or f"Feud #{self.pk}"

    @classmethod
    def name_of(cls, sides: list[str]) -> str:
        """The name a feud goes by when nobody gave it one: its sides, "A vs. B", each side cut
        short (ending "…") as much as it takes to fit the name's column, whose length a ring
        name of the most characters twice over would pass."""
        most = FEUD_NAME_MOST
        joined = " vs. ".join(sides)
        if len(joined) <= most:
            return joined
        each = (most - len(" vs. ") * (len(sides) - 1)) // len(sides)
        return " vs. ".join(
            side if len(side) <= each else side[: each - 1].rstrip() + "…" for side in sides
        )

    @property
    def is_active(self) -> bool:
        return self.status != FeudStatus.ENDED

    def sides_key(self) -> frozenset[frozenset[tuple[str, int]]]:
        """Who the feud is between, as its two sides' ``member_key`` sets, in either order:
        two feuds between the same sides have the same key. Reads ``participants`` (prefetch
        them for many feuds)."""
        members = list(self.participants.all())
        return frozenset(
            frozenset(p.member_key for p in members if p.side == side) for side in (0, 1)
        )


class FeudParticipant(models.Model):
    """A wrestler or a team on one side (0 or 1) of a feud."""

    feud = models.ForeignKey(Feud, on_delete=models.CASCADE, related_name="participants")
    side = models.PositiveSmallIntegerField(choices=[(0, "Side A"), (1, "Side B")])
    wrestler = models.ForeignKey(
        Wrestler, null=True, blank=True, on_delete=models.CASCADE, related_name="feud_roles"
    )
    team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.CASCADE, related_name="feud_roles"
    )

    class Meta:
        ordering = ["feud", "side"]
        constraints = [
            models.CheckConstraint(condition=Q(side__lte=1), name="feud_side_is_0_or_1"),
            models.CheckConstraint(
                condition=(
                    Q(wrestler__isnull=False, team__isnull=True)
                    | Q(wrestler__isnull=True, team__isnull=False)
                ),
                name="feud_participant_is_wrestler_or_team",
            ),
            models.UniqueConstraint(fields=["feud", "wrestler"], name="feud_unique_wrestler"),
            models.UniqueConstraint(fields=["feud", "team"], name="feud_unique_team"),
        ]

    def __str__(self) -> str:
        return str(self.wrestler or self.team)

    @property
    def member_key(self) -> tuple[str, int]:
        """Who stands on the side: ``("wrestler", id)`` or ``("team", id)``."""
        if self.team_id is not None:
            return ("team", self.team_id)
        assert self.wrestler_id is not None  # (feud_participant_is_wrestler_or_team)
        return ("wrestler", self.wrestler_id)


class InjurySource(models.TextChoices):
    MATCH = "match", "In a match"
    FEUD_TABLE = "feud_table", "Feud Table brawl"
    TAG_INJURY_CHART = "tag_injury_chart", "Tag-team injury chart"
    ARM_INJURY = "arm_injury", "ARM injury points"
    MANUAL = "manual", "Set by hand"


class InjuryQuerySet(models.QuerySet):
    def active_on(self, on: dt.date) -> InjuryQuerySet:
        """Injuries that have happened by ``on`` (that day included) and not healed by then (an
        injury healed on ``on`` no longer counts that day)."""
        return self.filter(occurred_on__lte=on).filter(
            Q(healed_on__isnull=True) | Q(healed_on__gt=on)
        )

    def hurting_on(self, on: dt.date) -> InjuryQuerySet:
        """Injuries that still hurt the wrestler on ``on``: active then (``active_on``), and
        not expected back by then. An injury is marked healed at the end of the first show on
        or after its expected return; that show he works, as the date on every page promises
        ("expected back"). One that lasts a number of fight cards (the Feud Table's, the
        Superstar tag chart's) counts its shows, not the date: it hurts until the show that
        ends it."""
        return self.active_on(on).exclude(
            Q(expected_return__lte=on) & Q(fight_cards_remaining__isnull=True)
        )  # (Injury.expected_back_by, for a row in hand)


class Injury(models.Model):
    wrestler = models.ForeignKey(Wrestler, on_delete=models.CASCADE, related_name="injuries")
    occurred_on = models.DateField(validators=[calendar_day])
    match = models.ForeignKey(
        "matches.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="injuries"
    )
    source = models.CharField(max_length=20, choices=InjurySource.choices)
    body_part = models.CharField(max_length=40, blank=True)
    points = models.PositiveSmallIntegerField(null=True, blank=True, help_text="ARM points left.")
    healing_counted_to = models.DateField(
        null=True,
        blank=True,
        help_text="ARM: the day the wrestler's weekly healing has been counted to (his STA bonus "
        "comes off his points every seven days from there; empty: from the day it happened).",
    )
    fight_cards_remaining = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Filsinger: shows still to miss or wrestle hurt."
    )
    keeps_off_cards = models.BooleanField(
        default=True,
        help_text="Off cards until healed. Off for injuries one may wrestle through (Feud Table: "
        "PIN +2 while injured).",
    )
    expected_return = models.DateField(null=True, blank=True, validators=[calendar_day])
    healed_on = models.DateField(null=True, blank=True, validators=[calendar_day])
    description = models.CharField(max_length=240, blank=True)

    objects = InjuryQuerySet.as_manager()

    class Meta:
        ordering = ["-occurred_on", "wrestler"]
        verbose_name_plural = "injuries"
        constraints = [
            models.CheckConstraint(
                condition=Q(healed_on__isnull=True) | Q(healed_on__gte=models.F("occurred_on")),
                name="injury_heals_after_it_happens",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.wrestler}: {self.what}"

    @property
    def described(self) -> str:
        """The injury as typed or told: the body part hurt with a capital ("left ACL": "Left
        ACL", the rest as typed), then its description where that does not name the part
        already ("Knee: twisted it in training"; "5 injury points to the arm" alone); empty if
        neither was given (the injury report, whose next column says where it came from, shows
        a dash)."""
        part = self.body_part[:1].upper() + self.body_part[1:]
        if not self.description:
            return part
        if not part or self.body_part.lower() in self.description.lower():
            return self.description
        return f"{part}: {self.description}"

    @property
    def what(self) -> str:
        """What the injury is, in a few words: ``described``, else where it came from ("Set by
        hand")."""
        return self.described or self.get_source_display()

    @property
    def is_healed(self) -> bool:
        return self.healed_on is not None

    def expected_back_by(self, on: dt.date) -> bool:
        """Whether his expected return has come by ``on``, so that it keeps him out no longer
        (``InjuryQuerySet.hurting_on``'s rule, for a row in hand): one lasting fight cards
        counts its shows instead."""
        return (
            self.expected_return is not None
            and self.expected_return <= on
            and self.fight_cards_remaining is None
        )


class Standing(models.TextChoices):
    FAME = "fame", "Fame"
    PRESTIGE = "prestige", "Prestige"
    HEAT = "heat", "Heat"
    EDGE = "edge", "Edge"


class StandingChange(models.Model):
    """The ledger: every change to a wrestler's Fame, Prestige, Heat or Edge, with its reason.

    Summing a wrestler's rows for one attribute gives its current value."""

    wrestler = models.ForeignKey(
        Wrestler, on_delete=models.CASCADE, related_name="standing_changes"
    )
    attribute = models.CharField(max_length=10, choices=Standing.choices)
    delta = models.IntegerField()
    value_after = models.IntegerField()
    reason = models.CharField(max_length=240)
    match = models.ForeignKey(
        "matches.Match",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="standing_changes",
    )
    show = models.ForeignKey(
        "matches.Show",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="standing_changes",
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["wrestler", "created_at", "id"]
        indexes = [
            models.Index(fields=["wrestler", "attribute"]),
            # A wrestler's ledger and a federation's, latest or earliest first, a page at a
            # time: read in order, not sorted whole (ten years hold thousands of rows).
            models.Index(fields=["wrestler", "created_at", "id"], name="ledger_wrestler_when"),
            models.Index(fields=["created_at", "id"], name="ledger_when"),
        ]

    def __str__(self) -> str:
        return f"{self.wrestler} {self.attribute} {self.delta:+d}: {self.reason}"


class Invitation(models.Model):
    """An offer of a role in a federation, waiting on the user it names: accepted, it becomes
    his membership; declined, it stays as answered. Nobody is made a member unasked (a
    federation import invites the members its document names)."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="federation_invitations"
    )
    role = models.CharField(max_length=10, choices=MemberRole.choices)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_at = models.DateTimeField(null=True, blank=True)
    declined_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["federation", "user"],
                condition=Q(accepted_at__isnull=True, declined_at__isnull=True),
                name="invitation_one_pending_per_user",
            ),
            models.CheckConstraint(
                condition=Q(accepted_at__isnull=True) | Q(declined_at__isnull=True),
                name="invitation_answered_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} invited to {self.federation} as {self.get_role_display().lower()}"

    @property
    def pending(self) -> bool:
        return self.accepted_at is None and self.declined_at is None


class InvitationLink(models.Model):
    """A link that lets whoever opens it join a federation with a role: used once, until it
    expires or its owner revokes it. Only the SHA-256 of its token is kept; the link itself is
    shown once, when it is made (``promotion.invitations``)."""

    federation = models.ForeignKey(
        Federation, on_delete=models.CASCADE, related_name="invitation_links"
    )
    role = models.CharField(max_length=10, choices=MemberRole.choices)
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    used_at = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(used_at__isnull=True) | Q(revoked_at__isnull=True),
                name="invitation_link_used_or_revoked",
            ),
        ]

    def __str__(self) -> str:
        return f"Link to {self.federation} as {self.get_role_display().lower()}"


class WinLossRecord(models.Model):
    """A wrestler's or a tag team's won-lost-drawn record, kept as the shows finish.

    Written only by ``promotion.effects.RosterBook`` (in the show's commit, beside the ledger)
    and by the rebuild (``matches.records.records_rebuild``), both from the completed matches
    in the order they were wrestled; ``check_federation`` proves each row equals what the
    results say. Pages and the API read these rows, never an aggregate over every match.

    ``wins_by``, ``losses_by`` and ``draws_by`` count by method ("pin": 3); ``streak`` is the
    current run of ``streak_kind`` ("W", "L" or "D"; empty before the first match)."""

    federation = models.ForeignKey(
        Federation, on_delete=models.CASCADE, related_name="win_loss_records"
    )
    wrestler = models.OneToOneField(
        Wrestler, null=True, blank=True, on_delete=models.CASCADE, related_name="win_loss"
    )
    team = models.OneToOneField(
        Team, null=True, blank=True, on_delete=models.CASCADE, related_name="win_loss"
    )
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    wins_by = models.JSONField(default=dict, blank=True)
    losses_by = models.JSONField(default=dict, blank=True)
    draws_by = models.JSONField(default=dict, blank=True)
    streak_kind = models.CharField(max_length=1, blank=True)
    streak = models.PositiveIntegerField(default=0)
    longest_win_streak = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(wrestler__isnull=False, team__isnull=True)
                    | Q(wrestler__isnull=True, team__isnull=False)
                ),
                name="record_has_exactly_one_holder",
            ),
            models.CheckConstraint(
                condition=Q(streak_kind__in=["", "W", "L", "D"]), name="record_streak_kind"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.wrestler or self.team}: {self.wins}-{self.losses}-{self.draws}"
