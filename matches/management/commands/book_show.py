"""``book_show SLUG [--auto] [--schedule] [--at ISO_DATETIME]``: the week's show from the shell.

Uses the federation's latest draft or booked show, or creates the next one (at ``--at`` when
given); ``--auto`` fills its card with the auto-booker; the card is printed with one explanation
line per match; ``--schedule`` puts it on the schedule. A refusal lists every reason.
"""

from __future__ import annotations

import datetime as dt

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from matches.autobook import BookingConfigError, show_autobook
from matches.booking import BookingError, show_create, show_schedule
from matches.models import Show, ShowStatus
from matches.selectors import card_of
from promotion.models import Federation

NO_FEDERATION = "No federation with the slug {slug!r}."
BAD_TIME = "--at takes an ISO date and time, such as 2027-01-08T20:00:00-06:00; got {value!r}."


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

    def handle(self, *args, slug, auto, schedule, at, **options):
        federation = Federation.objects.filter(slug=slug).first()
        if federation is None:
            raise CommandError(NO_FEDERATION.format(slug=slug))
        show = (
            federation.shows.filter(status__in=[ShowStatus.DRAFT, ShowStatus.BOOKED])
            .order_by("-scheduled_at", "-number")
            .first()
        )
        try:
            if show is None:
                show = show_create(federation=federation, scheduled_at=self._time(at, federation))
                self.stdout.write(f"Created {show} for {show.scheduled_at.isoformat()}.")
            else:
                self.stdout.write(f"Using {show} ({show.get_status_display()}).")
                if at:
                    self.stdout.write(f"--at is for a new show; {show} keeps its time.")
            skipped: list[str] = []
            if auto:
                skipped = show_autobook(show=show).skipped
            self._print(show, skipped)
            if schedule:
                show = show_schedule(show=show)
                self.stdout.write(self.style.SUCCESS(f"{show} is scheduled."))
        except BookingError as exc:
            raise CommandError("\n".join(exc.reasons)) from None
        except BookingConfigError as exc:
            raise CommandError(str(exc)) from None

    @staticmethod
    def _time(value: str | None, federation: Federation) -> dt.datetime | None:
        if value is None:
            return None
        try:
            moment = dt.datetime.fromisoformat(value)
        except ValueError:
            raise CommandError(BAD_TIME.format(value=value)) from None
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
