"""``book_show SLUG [--auto] [--schedule] [--at ISO_DATETIME] [--new]``: the week's show from the
shell.

Uses the federation's next show that has not run (the earliest: draft, booked, scheduled or
failed), or creates the next one (at ``--at`` when given; ``--new`` always creates one, after the
federation's last show); ``--auto`` fills an empty card with the auto-booker and leaves a booked
card as it is; the card is printed with one explanation line per match; ``--schedule`` puts it on
the schedule. A refusal lists every reason.
"""

from __future__ import annotations

import datetime as dt

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.db.models import Max
from django.template.defaultfilters import pluralize
from django.utils import timezone

from matches.autobook import show_autobook
from matches.booking import BookingError, show_create, show_schedule
from matches.booking_config import BookingConfigError
from matches.models import Show, ShowStatus
from matches.selectors import card_of, next_open_show
from promotion.models import Federation
from web.api_fields import YEARS

NO_FEDERATION = "No federation with the slug {slug!r}."
BAD_TIME = "--at takes an ISO date and time, such as 2027-01-08T20:00:00-06:00; got {value!r}."
#: The years a show can be in, as the show form and the API have them (``web.api_fields``).
TIME_OUT_OF_RANGE = "--at is a moment in the years {low} to {high}, not {value!r}."
ALREADY_BOOKED = "{show} already has its card ({count}); the auto-booker leaves it as it is."
ALREADY_SCHEDULED = "{show} is already scheduled."


class Command(BaseCommand):
    help = "Create (or pick up) a federation's next show, auto-book it, print it, schedule it."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The federation's slug.")
        parser.add_argument("--auto", action="store_true", help="Auto-book an empty card.")
        parser.add_argument("--schedule", action="store_true", help="Put the show on the schedule.")
        parser.add_argument(
            "--at",
            help="When a new show starts (ISO 8601; the federation's time zone if no offset). "
            "Default: the next weekly slot.",
        )
        parser.add_argument(
            "--new",
            action="store_true",
            help="Create a new show after the federation's last one, even if one is still open.",
        )

    def handle(self, *args, slug, auto, schedule, at, new, **options):
        federation = Federation.objects.filter(slug=slug).first()
        if federation is None:
            raise CommandError(NO_FEDERATION.format(slug=slug))
        when = self._time(at, federation)  # a bad --at is an error whatever show is used
        lines: list[str] = []
        try:
            # All or nothing, as "Run this week": a show created here and then refused its card
            # (or its place on the schedule) is not kept.
            with transaction.atomic():
                show, skipped, scheduled = self._book(federation, auto, schedule, when, new, lines)
        except BookingError as exc:
            raise CommandError("\n".join(exc.reasons)) from None
        except BookingConfigError as exc:
            raise CommandError(str(exc)) from None
        for line in lines:
            self.stdout.write(line)
        self._print(show, skipped)
        if schedule:
            if not scheduled:
                self.stdout.write(ALREADY_SCHEDULED.format(show=show))
            else:
                self.stdout.write(self.style.SUCCESS(f"{show} is scheduled."))

    def _book(self, federation, auto, schedule, when, new, lines):
        """The show picked up or created, the auto-booker's leftovers, and whether it was put on
        the schedule now; what to tell the promoter goes on ``lines``."""
        show = None if new else next_open_show(federation=federation)
        if show is not None and show.status == ShowStatus.RUNNING:
            show = None
        if show is None:
            if when is None:
                last = federation.shows.aggregate(last=Max("scheduled_at"))["last"]
                when = federation.next_show_time(after=max(filter(None, [last, timezone.now()])))
            show = show_create(federation=federation, scheduled_at=when)
            lines.append(f"Created {show} for {self._local(show)}.")
        else:
            status = show.get_status_display()
            lines.append(f"Using {show} ({status}), {self._local(show)}.")
            if when is not None:
                lines.append(f"--at is for a new show; {show} keeps its time.")
        skipped: list[str] = []
        if auto:
            count = show.matches.count()
            if count:
                card = f"{count} match{pluralize(count, 'es')}"
                lines.append(ALREADY_BOOKED.format(show=show, count=card))
            else:
                skipped = show_autobook(show=show).skipped
        show.refresh_from_db()
        scheduled = schedule and show.status != ShowStatus.SCHEDULED
        if scheduled:
            show = show_schedule(show=show)
        return show, skipped, scheduled

    @staticmethod
    def _local(show: Show) -> str:
        return f"{show.local_time:%Y-%m-%d %H:%M} ({show.federation.time_zone_words})"

    @staticmethod
    def _time(value: str | None, federation: Federation) -> dt.datetime | None:
        if value is None:
            return None
        try:
            moment = dt.datetime.fromisoformat(value)
        except ValueError:
            raise CommandError(BAD_TIME.format(value=value)) from None
        low, high = YEARS
        if not low <= moment.year <= high:
            raise CommandError(TIME_OUT_OF_RANGE.format(low=low, high=high, value=value))
        if timezone.is_naive(moment):
            moment = moment.replace(tzinfo=federation.time_zone)
        return moment

    def _print(self, show: Show, skipped: list[str]) -> None:
        matches = list(card_of(show=show))
        if not matches:
            self.stdout.write("The card is empty.")
        for match in matches:
            sides = " vs ".join(
                " & ".join(p.wrestler.ring_name for p in side if p.role != "ally")
                for side in match.sides()
            )
            marker = " (main event)" if match.is_main_event else ""
            self.stdout.write(f"{match.position}. {sides}{marker}")
            if match.booking_note:
                self.stdout.write(f"   {match.booking_note}")
        for reason in skipped:
            self.stdout.write(f"Left out: {reason}")
