"""Shows, the matches on their cards, the sides and participants of each match, and results.

A show's card is its ordered matches (never called ``Card``: a card is a wrestler's playing card).
"""

from __future__ import annotations

import re

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse

from matches import brackets

# The show's and match's states and finishes: the roster reads them too, so they live below both.
from promotion.choices import BLOCKING_STATUSES as BLOCKING_STATUSES
from promotion.choices import FINISHED_STATUSES as FINISHED_STATUSES
from promotion.choices import OPEN_STATUSES as OPEN_STATUSES
from promotion.choices import MatchStatus as MatchStatus
from promotion.choices import Method as Method
from promotion.choices import ShowStatus as ShowStatus
from promotion.models import Federation, Feud, Team, Title, Wrestler
from promotion.validators import plain_text
from rules.models import System

#: Stipulations that only the roster side reads; the engines never see them.
ROSTER_STIPULATIONS = frozenset({"blowoff"})


class ShowKind(models.TextChoices):
    WEEKLY = "weekly", "Weekly show"
    SPECIAL = "special", "Special event"


#: What visitors read about a failed show; the error itself is for the federation's members.
PUBLIC_FAILURE = "This show could not be wrestled as booked; the promoter is looking into it."


class Show(models.Model):
    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="shows")
    name = models.CharField(max_length=160, validators=[plain_text])
    number = models.PositiveIntegerField(help_text="The federation's show number, from 1.")
    kind = models.CharField(max_length=10, choices=ShowKind.choices, default=ShowKind.WEEKLY)
    scheduled_at = models.DateTimeField()
    venue = models.CharField(max_length=160, blank=True, validators=[plain_text])
    poster_line = models.CharField(
        max_length=200,
        blank=True,
        validators=[plain_text],
        help_text='An event\'s line on the poster ("Nine matches. Two titles. One night.").',
    )
    card_size = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(30)],
        help_text="Matches the auto-booker puts on this show: 1 to 30. Empty: the federation's "
        "card size (docs/events.md says what an event's is).",
    )
    status = models.CharField(max_length=10, choices=ShowStatus.choices, default=ShowStatus.DRAFT)
    seed = models.BigIntegerField(help_text="Fixes every die of the show.")
    attempts = models.PositiveSmallIntegerField(
        default=0, help_text="Simulation attempts so far (bounded redelivery)."
    )
    started_at = models.DateTimeField(
        null=True, blank=True, help_text="When the current (or last) claim began: the lease."
    )
    heartbeat_at = models.DateTimeField(
        null=True, blank=True, help_text="When the running show's lease was last renewed."
    )
    completed_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True, help_text="Why it failed (shown to members only).")
    # Set and removed only through promotion.pictures (checked, re-encoded, with a thumbnail).
    poster = models.FileField(max_length=200, blank=True, editable=False)

    class Meta:
        ordering = ["federation", "scheduled_at", "number"]
        constraints = [
            models.UniqueConstraint(fields=["federation", "number"], name="show_unique_number"),
            models.CheckConstraint(
                condition=Q(completed_at__isnull=True) | Q(status="completed"),
                name="show_completed_at_only_when_completed",
            ),
            models.UniqueConstraint(
                fields=["federation", "scheduled_at"],
                condition=~Q(status="cancelled"),
                name="show_one_per_slot",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "scheduled_at"]),
            # A federation's shows in date order (its archive, its latest, a page at a time).
            models.Index(
                fields=["federation", "scheduled_at", "number"], name="show_federation_when"
            ),
        ]

    def __str__(self) -> str:
        """The show as a promoter reads it in a sentence: its name, and its number only when the
        name does not carry it already ("Copperline Weekly #6", "Fall Brawl (#7)")."""
        if re.search(rf"#{self.number}\b", self.name):
            return self.name
        return f"{self.name} (#{self.number})"

    def get_absolute_url(self) -> str:
        return reverse(
            "show-detail", kwargs={"federation": self.federation.slug, "number": self.number}
        )

    @property
    def date(self):
        """The show's date in its federation's time zone."""
        return self.local_time.date()

    @property
    def local_time(self):
        """When the show starts, in its federation's time zone."""
        return self.scheduled_at.astimezone(self.federation.time_zone)

    @property
    def when_in_words(self) -> str:
        """When the show starts, as a promoter reads it: "Fri Dec 4, 2026 at 20:00", in its
        federation's time zone."""
        local = self.local_time
        return f"{local:%a %b} {local.day}, {local.year} at {local:%H:%M}"

    @property
    def public_error(self) -> str:
        """What visitors may read about a failure (members read ``error``)."""
        return PUBLIC_FAILURE if self.status == ShowStatus.FAILED else ""


class MatchType(models.TextChoices):
    SINGLES = "singles", "Singles"
    TAG = "tag", "Tag team"
    THREE_MAN_TAG = "three_man_tag", "Three-man tag"
    BATTLE_ROYAL = "battle_royal", "Battle royal"
    STEEL_CAGE = "steel_cage", "Steel cage"
    TEXAS_DEATH = "texas_death", "Texas death"
    GRUDGE = "grudge", "Grudge"


#: Stipulations in a promoter's words (the booking form's and a card's); any other is its name
#: with spaces ("mud_pit": "Mud pit").
STIPULATION_WORDS = {
    "blowoff": "Blowoff: a win ends the feud",
    "no_count_out": "No count-outs",
    "falls_count_anywhere": "Falls count anywhere",
}


def stipulation_words(name: str) -> str:
    return STIPULATION_WORDS.get(name, name.replace("_", " ").capitalize())


class Match(models.Model):
    show = models.ForeignKey(Show, on_delete=models.CASCADE, related_name="matches")
    position = models.PositiveSmallIntegerField(help_text="1 opens the show.")
    match_type = models.CharField(
        max_length=20, choices=MatchType.choices, default=MatchType.SINGLES
    )
    rule_system = models.CharField(max_length=20, choices=System.choices)
    rule_options = models.JSONField(default=list, blank=True)
    title = models.ForeignKey(
        Title, null=True, blank=True, on_delete=models.PROTECT, related_name="matches"
    )
    feud = models.ForeignKey(
        Feud, null=True, blank=True, on_delete=models.SET_NULL, related_name="matches"
    )
    is_main_event = models.BooleanField(default=False)
    time_limit = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Minutes; empty for no time limit."
    )
    no_disqualification = models.BooleanField(default=False)
    title_changes_on_dq = models.BooleanField(
        default=False, help_text="The title changes hands on a disqualification or count-out."
    )
    stipulations = models.JSONField(default=dict, blank=True, help_text="Further stipulations.")
    booking_note = models.CharField(max_length=400, blank=True, help_text="Why it was booked.")
    seed = models.BigIntegerField(null=True, blank=True)
    status = models.CharField(
        max_length=10, choices=MatchStatus.choices, default=MatchStatus.BOOKED
    )
    called_off_because = models.CharField(
        max_length=400, blank=True, help_text="Why the match was called off on the night."
    )
    winner_side = models.PositiveSmallIntegerField(null=True, blank=True)
    method = models.CharField(max_length=30, choices=Method.choices, blank=True)
    length = models.PositiveIntegerField(null=True, blank=True, help_text="Exchanges wrestled.")
    play_by_play = models.JSONField(default=list, blank=True)
    effects = models.JSONField(default=dict, blank=True)

    #: Not stored: set by the pages on a card still to run, why its people would have it called
    #: off (``selectors.card_absences``).
    absent: list[str]

    class Meta:
        ordering = ["show", "position"]
        verbose_name_plural = "matches"
        constraints = [
            models.UniqueConstraint(fields=["show", "position"], name="match_unique_position"),
            models.CheckConstraint(condition=Q(position__gte=1), name="match_position_from_1"),
            models.CheckConstraint(
                condition=Q(status__in=["booked", "called_off"]) | ~Q(method=""),
                name="match_completed_has_method",
            ),
            models.CheckConstraint(
                condition=~Q(status="called_off")
                | Q(method="", winner_side__isnull=True) & ~Q(called_off_because=""),
                name="match_called_off_has_reason_no_result",
            ),
        ]
        # A show's matches counted by status (the archive) from the index alone, never from the
        # rows, which hold the play-by-play.
        indexes = [models.Index(fields=["show", "status"], name="match_show_status")]

    def __str__(self) -> str:
        return f"{self.show} — match {self.position}"

    def winners(self) -> list[MatchParticipant]:
        """The in-ring participants of the winning side (empty for a draw or before the bell)."""
        if self.winner_side is None:
            return []
        return [
            p
            for p in self.participants.all()
            if p.side == self.winner_side and p.role in (Role.IN_RING, Role.PARTNER)
        ]

    def sides(self) -> list[list[MatchParticipant]]:
        """The participants grouped by side, in side order (uses the prefetched rows)."""
        grouped: dict[int, list[MatchParticipant]] = {}
        for participant in self.participants.all():
            grouped.setdefault(participant.side, []).append(participant)
        return [grouped[index] for index in sorted(grouped)]

    @property
    def is_title_match(self) -> bool:
        return self.title_id is not None

    @property
    def stipulations_in_words(self) -> list[str]:
        """Its stipulations as a card reads them ("Falls count anywhere", "Mud pit: 3"), in
        the order of their names (PostgreSQL keeps a JSON object's keys in an order of its own)."""
        return [
            stipulation_words(name) + ("" if value is True else f": {value}")
            for name, value in sorted((self.stipulations or {}).items())
        ]


class Role(models.TextChoices):
    IN_RING = "in_ring", "In the ring"
    PARTNER = "partner", "Partner"
    ALLY = "ally", "Ally at ringside"
    MANAGER = "manager", "Manager"


class MatchParticipant(models.Model):
    """A wrestler on one side of a match, in a role.

    ``show`` repeats the match's show so that the schema itself refuses a wrestler appearing twice
    on one show; it is filled from the match on save."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="participants")
    show = models.ForeignKey(Show, on_delete=models.CASCADE, related_name="appearances")
    side = models.PositiveSmallIntegerField(help_text="0, 1, ... in the order of the match.")
    wrestler = models.ForeignKey(Wrestler, on_delete=models.PROTECT, related_name="appearances")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.IN_RING)
    team = models.ForeignKey(
        Team,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="appearances",
        help_text="The team this wrestler represents on this side, if any.",
    )
    order = models.PositiveSmallIntegerField(default=0, help_text="Order within the side.")

    class Meta:
        ordering = ["match", "side", "order"]
        constraints = [
            models.UniqueConstraint(fields=["show", "wrestler"], name="appearance_once_per_show"),
        ]
        # A team's appearance in one match (``selectors.team_matches`` picks its first there):
        # by the team's index alone, each look-up would read every match the team has had.
        indexes = [models.Index(fields=["match", "team"], name="appearance_match_team")]

    def __str__(self) -> str:
        return f"{self.wrestler} ({self.get_role_display()})"

    def save(self, *args, **kwargs) -> None:
        if self.show_id is None and self.match_id is not None:
            self.show_id = Match.objects.values_list("show_id", flat=True).get(pk=self.match_id)
        super().save(*args, **kwargs)


class SeasonLock(models.Model):
    """One season at a time per federation: ``simulate_season`` holds this row while it runs and
    renews it each step; a holder that stops renewing it (its process died) loses it after
    ``matches.season.LOCK_SECONDS``."""

    federation = models.OneToOneField(
        Federation, on_delete=models.CASCADE, primary_key=True, related_name="season_lock"
    )
    holder = models.CharField(max_length=160, help_text="host, process and token of the holder")
    acquired_at = models.DateTimeField()
    renewed_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.federation}: season run by {self.holder}"


class TournamentFormat(models.TextChoices):
    SINGLE_ELIMINATION = "single_elimination", "Single elimination"
    ROUND_ROBIN = "round_robin", "Round robin"


class TournamentUnit(models.TextChoices):
    SINGLES = "singles", "Singles"
    TAG = "tag", "Tag teams"
    SIX_MAN = "six_man", "Six-man teams"


class Seeding(models.TextChoices):
    PRESTIGE = "prestige", "By Prestige"
    HAND = "hand", "By hand"
    DRAW = "draw", "Drawn"


class Placement(models.TextChoices):
    WEEKLY = "weekly", "A round a week on the weekly shows"
    ONE_NIGHT = "one_night", "One event night"


class TournamentStatus(models.TextChoices):
    OPEN = "open", "Open"
    RUNNING = "running", "Running"
    COMPLETED = "completed", "Completed"
    CANCELLED = "cancelled", "Cancelled"


class BoutDecision(models.TextChoices):
    UNDECIDED = "", "Not yet decided"
    MATCH = "match", "Match"
    BYE = "bye", "Bye"
    FORFEIT = "forfeit", "Forfeit"


class Tournament(models.Model):
    """A single-elimination or round robin tournament of wrestlers or teams, its rounds on the
    weekly shows or on one event night (``matches/tournaments.py`` runs it; ``docs/events.md``)."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(max_length=160, validators=[plain_text])
    slug = models.SlugField(max_length=80)
    rule_system = models.CharField(max_length=20, choices=System.choices)
    format = models.CharField(
        max_length=20, choices=TournamentFormat.choices, default=TournamentFormat.SINGLE_ELIMINATION
    )
    unit = models.CharField(
        max_length=10, choices=TournamentUnit.choices, default=TournamentUnit.SINGLES
    )
    title = models.ForeignKey(
        Title, null=True, blank=True, on_delete=models.PROTECT, related_name="tournaments"
    )
    seeding = models.CharField(max_length=10, choices=Seeding.choices, default=Seeding.PRESTIGE)
    draw_seed = models.BigIntegerField(
        null=True, blank=True, help_text="The seed of the drawn order (seeding by draw)."
    )
    placement = models.CharField(max_length=10, choices=Placement.choices, default=Placement.WEEKLY)
    event = models.ForeignKey(
        Show,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournaments",
        help_text="The event night it is wrestled on (one-night placement).",
    )
    status = models.CharField(
        max_length=10, choices=TournamentStatus.choices, default=TournamentStatus.OPEN
    )
    winner = models.ForeignKey(
        "TournamentEntrant", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["federation", "-created_at", "name"]
        constraints = [
            models.UniqueConstraint(fields=["federation", "slug"], name="tournament_unique_slug"),
            models.CheckConstraint(
                condition=Q(completed_at__isnull=True) | Q(status="completed"),
                name="tournament_completed_at_only_when_completed",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse(
            "tournament-detail", kwargs={"federation": self.federation.slug, "slug": self.slug}
        )

    @property
    def rounds(self) -> int:
        """Its number of rounds, from its entrants."""
        count = self.entrants.count()
        if self.format == TournamentFormat.ROUND_ROBIN:
            return len(brackets.round_robin_rounds(count))
        return brackets.rounds_for(count)

    def round_name(self, round: int) -> str:
        """ "quarter-final", "final", "round 2" (round robin)."""
        if self.format == TournamentFormat.ROUND_ROBIN:
            return brackets.round_robin_round_name(round)
        return brackets.round_name(round, self.rounds)


class TournamentEntrant(models.Model):
    """A wrestler (singles) or a team (tag: two, six-man: three) in a tournament, with its seed;
    ``withdrew_because`` says why it forfeited, when it did."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    wrestler = models.ForeignKey(
        Wrestler,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="tournament_entries",
    )
    team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.PROTECT, related_name="tournament_entries"
    )
    seed = models.PositiveSmallIntegerField(help_text="1 is the top seed.")
    withdrew_because = models.CharField(
        max_length=400, blank=True, help_text="Why it forfeited (injured, suspended, retired)."
    )

    class Meta:
        ordering = ["tournament", "seed"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "seed"], name="tournament_entrant_unique_seed"
            ),
            models.UniqueConstraint(
                fields=["tournament", "wrestler"],
                condition=Q(wrestler__isnull=False),
                name="tournament_entrant_wrestler_once",
            ),
            models.UniqueConstraint(
                fields=["tournament", "team"],
                condition=Q(team__isnull=False),
                name="tournament_entrant_team_once",
            ),
            models.CheckConstraint(
                condition=Q(wrestler__isnull=False, team__isnull=True)
                | Q(wrestler__isnull=True, team__isnull=False),
                name="tournament_entrant_wrestler_or_team",
            ),
            models.CheckConstraint(condition=Q(seed__gte=1), name="tournament_seed_from_1"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.seed})"

    @property
    def name(self) -> str:
        if self.wrestler_id is not None:
            return self.wrestler.ring_name  # type: ignore[union-attr]
        return self.team.name if self.team is not None else ""


class TournamentBout(models.Model):
    """One place in the bracket (or one pairing of a round robin): its entrants when known, its
    match when booked, and how it was decided."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="bouts")
    round = models.PositiveSmallIntegerField(help_text="1 is the first round.")
    position = models.PositiveSmallIntegerField(help_text="0 is the top of the round.")
    entrant_a = models.ForeignKey(
        TournamentEntrant, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    entrant_b = models.ForeignKey(
        TournamentEntrant, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    match = models.OneToOneField(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="tournament_bout"
    )
    winner = models.ForeignKey(
        TournamentEntrant, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_by = models.CharField(
        max_length=10, choices=BoutDecision.choices, blank=True, default=BoutDecision.UNDECIDED
    )
    forfeit_reason = models.CharField(max_length=400, blank=True)

    class Meta:
        ordering = ["tournament", "round", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round", "position"], name="tournament_bout_unique_place"
            ),
            models.CheckConstraint(condition=Q(round__gte=1), name="tournament_bout_round_from_1"),
            models.CheckConstraint(
                condition=Q(winner__isnull=True, decided_by="")
                | Q(winner__isnull=False) & ~Q(decided_by=""),
                name="tournament_bout_winner_has_decision",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} {self.round_name} {self.position + 1}"

    @property
    def round_name(self) -> str:
        return self.tournament.round_name(self.round)

    @property
    def is_final(self) -> bool:
        return (
            self.tournament.format == TournamentFormat.SINGLE_ELIMINATION
            and self.round == self.tournament.rounds
        )

    @property
    def entrants(self) -> list[TournamentEntrant | None]:
        return [self.entrant_a, self.entrant_b]


# -- webhooks ------------------------------------------------------------------------------------


class WebhookFormat(models.TextChoices):
    DISCORD = "discord", "Discord"
    SLACK = "slack", "Slack"
    JSON = "json", "JSON, signed"


class Webhook(models.Model):
    """An address the owner gave, told of each completed show in its format (``matches.webhooks``).
    The secret signs a JSON delivery; it is shown once, when the webhook is added."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=500)
    format = models.CharField(max_length=10, choices=WebhookFormat.choices)
    secret = models.CharField(max_length=64, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["federation", "created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["federation", "url"], name="webhook_unique_url"),
        ]

    def __str__(self) -> str:
        return f"{self.get_format_display()} webhook to {self.address}"

    @property
    def address(self) -> str:
        """The URL as the pages show it: its scheme and host, the rest (often a token) hidden."""
        scheme, _, rest = self.url.partition("://")
        host = rest.split("/", 1)[0].rsplit("@", 1)[-1]
        return f"{scheme}://{host}/…"


class DeliveryKind(models.TextChoices):
    SHOW = "show", "A show's recap"
    TEST = "test", "A test"


class DeliveryStatus(models.TextChoices):
    PENDING = "pending", "Waiting"
    RETRYING = "retrying", "Retrying"
    DELIVERED = "delivered", "Delivered"
    FAILED = "failed", "Failed"


class WebhookDelivery(models.Model):
    """One message (a show's recap, or a test) to one webhook, and how its sending went: the
    delivery log. A Discord recap longer than a message is sent in parts; ``parts_sent`` counts
    those the receiver took, so a retry sends only the rest."""

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    show = models.ForeignKey(
        Show, null=True, blank=True, on_delete=models.CASCADE, related_name="webhook_deliveries"
    )
    kind = models.CharField(max_length=8, choices=DeliveryKind.choices)
    status = models.CharField(
        max_length=10, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING
    )
    attempts = models.PositiveSmallIntegerField(default=0)
    parts_sent = models.PositiveSmallIntegerField(default=0)
    last_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name_plural = "webhook deliveries"
        constraints = [
            models.UniqueConstraint(
                fields=["webhook", "show"],
                condition=Q(kind="show"),
                name="webhook_delivery_once_per_show",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} to {self.webhook.address}: {self.get_status_display()}"
