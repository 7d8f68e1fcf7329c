"""``show SLUG [NUMBER] [--run-now | --retry | --cancel]``: a federation's shows from the shell.

Without a number: the shows that have not run, with their status and what each waits for.
With a number: that show's card and state; ``--run-now`` wrestles a booked or scheduled show
now, ``--retry`` puts a failed show back on the schedule, ``--cancel`` calls off a show that has
not run (later shows then go on).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from matches.booking import BookingError
from matches.models import OPEN_STATUSES, ShowStatus
from matches.selectors import card_of
from matches.services import show_cancel, show_retry, show_run_now
from matches.simulation import blocker_of, waiting_reason
from promotion.models import Federation

NO_FEDERATION = "No federation with the slug {slug!r}."
NO_SHOW = "{federation} has no show #{number}."
RUN_FAILED = (
    "{show} failed and nothing of it was written; once the cause is fixed, "
    "`show {slug} {number} --retry` puts it back on the schedule."
)


class Command(BaseCommand):
    help = (
        "List a federation's shows that have not run, or act on one: --run-now wrestles it now, "
        "--retry puts a failed show back on the schedule, --cancel calls it off."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The federation's slug.")
        parser.add_argument("number", nargs="?", type=int, help="The show's number.")
        action = parser.add_mutually_exclusive_group()
        action.add_argument("--run-now", action="store_true", help="Wrestle the show now.")
        action.add_argument("--retry", action="store_true", help="Retry a failed show.")
        action.add_argument("--cancel", action="store_true", help="Cancel a show not yet run.")

    def handle(self, *args, slug, number, run_now, retry, cancel, **options):
        federation = Federation.objects.filter(slug=slug).first()
        if federation is None:
            raise CommandError(NO_FEDERATION.format(slug=slug))
        if number is None:
            if run_now or retry or cancel:
                raise CommandError("Name the show's number to act on it.")
            self._list(federation)
            return
        show = federation.shows.filter(number=number).first()
        if show is None:
            raise CommandError(NO_SHOW.format(federation=federation, number=number))
        try:
            if run_now:
                show = show_run_now(show=show)
            elif retry:
                show = show_retry(show=show)
            elif cancel:
                show = show_cancel(show=show)
        except BookingError as exc:
            raise CommandError("\n".join(exc.reasons)) from None
        self._describe(show)
        if run_now and show.status == ShowStatus.FAILED:
            # Wrestled in this process and failed: a script reading the exit status must know.
            raise CommandError(RUN_FAILED.format(show=show, number=show.number, slug=slug))

    def _when(self, show) -> str:
        return f"{show.local_time:%Y-%m-%d %H:%M} {show.federation.time_zone_words}"

    def _list(self, federation):
        shows = federation.shows.filter(status__in=[*OPEN_STATUSES, ShowStatus.RUNNING]).order_by(
            "scheduled_at", "number"
        )
        if not shows:
            self.stdout.write(f"{federation} has no show waiting to run.")
        for show in shows:
            line = f"#{show.number} {self._when(show)}  {show.get_status_display()}"
            blocker = blocker_of(show) if show.status == ShowStatus.SCHEDULED else None
            if blocker is not None:
                line += f": {waiting_reason(blocker)}"
            elif show.status == ShowStatus.FAILED:
                line += f": {show.error}"
            elif show.status == ShowStatus.SCHEDULED and show.scheduled_at <= timezone.now():
                line += ": due"
            self.stdout.write(line)

    def _describe(self, show):
        self.stdout.write(f"{show} on {self._when(show)}: {show.get_status_display()}")
        if show.status == ShowStatus.FAILED:
            self.stdout.write(f"Failed: {show.error}")
        for match in card_of(show=show):
            sides = " vs ".join(
                " & ".join(p.wrestler.ring_name for p in side if p.role in ("in_ring", "partner"))
                for side in match.sides()
            )
            result = ""
            if match.status == "completed":
                winners = " & ".join(p.wrestler.ring_name for p in match.winners())
                how = match.get_method_display().lower()
                result = f": {winners} won by {how}" if winners else f": {how}"
            elif match.status == "called_off":
                result = f": called off. {match.called_off_because}"
            self.stdout.write(f"{match.position}. {sides}{result}")
