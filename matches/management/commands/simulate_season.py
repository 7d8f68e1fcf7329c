import argparse
import datetime as dt
import sys

from django.core.management.base import BaseCommand, CommandError
from django.template.defaultfilters import pluralize
from django.utils import timezone
from tqdm import tqdm

from matches.booking import BookingError
from matches.season import MAX_WEEKS, SeasonError, season_simulate
from matches.simulation import TRANSIENT_ERRORS
from promotion.models import Federation
from web.api_fields import YEARS

BAD_DAY = "{value!r} is no day of the calendar: give it as YYYY-MM-DD, such as 2027-01-08"


def _day(value: str) -> dt.date:
    try:
        return dt.date.fromisoformat(value.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(BAD_DAY.format(value=value)) from None


WEEKS_OUT_OF_RANGE = "--weeks is from 1 to {most} (ten years of weekly shows), not {weeks}."
START_PASSED = (
    "note: --start {start} is not after {show} ({on}): new shows follow the federation's last show."
)
#: The years a show can be in (every moment of them is a moment in UTC too: web.api_fields).
START_OUT_OF_RANGE = "--start is a date in the years {low} to {high}, not {start}."
PAST_THE_CALENDAR = (
    "{weeks} weekly shows from {first} would run past the end of year {high}; give fewer "
    "--weeks or an earlier --start."
)


class Command(BaseCommand):
    help = (
        "Run a federation's next N weekly shows one after another: each is auto-booked (if its "
        "card is empty), scheduled and wrestled through the simulate_show task (in this process "
        "by default, on the workers when REDIS_URL is set). A show already booked or scheduled "
        "runs first, as the first of the N weeks. Dates are in the federation's time zone."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The federation's slug.")
        parser.add_argument(
            "--weeks", type=int, default=1, help="How many weeks, 1 to 520 (default 1)."
        )
        parser.add_argument(
            "--start",
            type=_day,
            help="Place new shows from this date (YYYY-MM-DD, the federation's calendar) on; "
            "default: after the federation's last show.",
        )
        parser.add_argument(
            "--seed",
            type=int,
            help="Derive every new show's seed from this and the show's number: a reproducible "
            "season, which a rerun after an interruption continues with the same seeds.",
        )
        parser.add_argument("--no-progress", action="store_true", help="No progress bar.")

    def handle(self, *args, slug, weeks, start, seed, no_progress, **options):
        try:
            self._run(slug, weeks, start, seed, no_progress)
        except TRANSIENT_ERRORS as exc:
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise CommandError(f"The database is unavailable: {first[:200]}") from None

    def _run(self, slug, weeks, start, seed, no_progress):
        federation = Federation.objects.filter(slug=slug).first()
        if federation is None:
            raise CommandError(f"No federation with the slug {slug!r}.")
        if not 1 <= weeks <= MAX_WEEKS:
            raise CommandError(WEEKS_OUT_OF_RANGE.format(most=MAX_WEEKS, weeks=weeks))
        low, high = YEARS
        if start is not None and not low <= start.year <= high:
            raise CommandError(START_OUT_OF_RANGE.format(low=low, high=high, start=start))
        last = federation.shows.order_by("-scheduled_at", "-number").first()
        start_at = None
        if start is not None:
            # The first slot on or after the start date, in the federation's own calendar.
            start_at = dt.datetime.combine(
                start - dt.timedelta(days=1), dt.time(23, 59), tzinfo=federation.time_zone
            )
            if last is not None and last.scheduled_at > start_at:
                # New shows follow the calendar: said, not refused, so that a season cut short
                # is finished by running the same command again.
                self.stderr.write(START_PASSED.format(start=start, show=last, on=last.date))
        # Every week must fall within the calendar: refused now, not at the week that falls out.
        if start is not None:
            first = start
        elif last is not None:
            first = last.date
        else:
            first = timezone.localdate(timezone=federation.time_zone)
        if first.toordinal() + 7 * weeks > dt.date(high, 12, 31).toordinal():
            raise CommandError(PAST_THE_CALENDAR.format(weeks=weeks, first=first, high=high))
        bar = tqdm(
            total=weeks,
            unit="show",
            disable=no_progress,
            file=sys.stderr,
            desc=federation.name,
        )

        def progress(show):
            bar.update(1)
            bar.set_postfix_str(f"#{show.number} {show.date:%Y-%m-%d}")

        def waiting(message):
            bar.write(message, file=sys.stderr)

        try:
            shows = season_simulate(
                federation=federation,
                weeks=weeks,
                start=start_at,
                seed=seed,
                on_show=progress,
                on_wait=waiting,
            )
        except BookingError as exc:
            raise CommandError("\n".join(exc.reasons)) from None
        except SeasonError as exc:
            raise CommandError(str(exc)) from None
        finally:
            bar.close()
        for show in shows:
            matches = show.matches.count()
            self.stdout.write(
                f"{show.name} ({show.date:%Y-%m-%d}): {matches} match{pluralize(matches, 'es')}"
            )
        weeks_run = f"{len(shows)} week{pluralize(len(shows))}"
        self.stdout.write(self.style.SUCCESS(f"Simulated {weeks_run} of {federation.name}."))
