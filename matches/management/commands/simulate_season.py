import datetime as dt
import sys

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone
from tqdm import tqdm

from matches.booking import BookingError
from matches.season import SeasonError, season_simulate
from promotion.models import Federation


class Command(BaseCommand):
    help = (
        "Auto-book, schedule and simulate N consecutive weekly shows for a federation, through "
        "the simulate_show task (in process by default, on the workers when REDIS_URL is set)."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The federation's slug.")
        parser.add_argument("--weeks", type=int, default=1, help="How many weeks (default 1).")
        parser.add_argument(
            "--start",
            type=dt.date.fromisoformat,
            help="Run the weeks from this date (YYYY-MM-DD) on; default: after the last show.",
        )
        parser.add_argument(
            "--seed", type=int, help="Derive every show's seed from this: a reproducible season."
        )
        parser.add_argument("--no-progress", action="store_true", help="No progress bar.")

    def handle(self, *args, slug, weeks, start, seed, no_progress, **options):
        federation = Federation.objects.filter(slug=slug).first()
        if federation is None:
            raise CommandError(f"No federation with the slug {slug!r}.")
        if weeks < 1:
            raise CommandError("--weeks must be at least 1.")
        start_at = None
        if start is not None:
            start_at = dt.datetime.combine(
                start - dt.timedelta(days=1),
                dt.time(23, 59),
                tzinfo=timezone.get_current_timezone(),
            )
        bar = tqdm(
            total=weeks,
            unit="show",
            disable=no_progress,
            file=sys.stderr,
            desc=federation.name,
        )

        def progress(show):
            bar.update(1)
            bar.set_postfix_str(f"#{show.number} {show.scheduled_at:%Y-%m-%d}")

        try:
            shows = season_simulate(
                federation=federation, weeks=weeks, start=start_at, seed=seed, on_show=progress
            )
        except (BookingError, SeasonError) as exc:
            raise CommandError(str(exc)) from None
        finally:
            bar.close()
        for show in shows:
            self.stdout.write(
                f"{show.name} ({show.scheduled_at:%Y-%m-%d}): {show.matches.count()} matches"
            )
        self.stdout.write(self.style.SUCCESS(f"Simulated {len(shows)} weeks of {federation.name}."))
