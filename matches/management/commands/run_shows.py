"""``run_shows [--loop] [--every SECONDS]``: wrestle the shows that are due, in this process.

With no broker (the embedded default) nothing else runs scheduled shows: leave
``run_shows --loop`` running beside the site, or call ``run_shows`` from cron. With a broker,
Celery beat and the workers do this; the command still works, wrestling here what is due.
"""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError

from matches.runner import run_due_once
from matches.simulation import TRANSIENT_ERRORS


class Command(BaseCommand):
    help = (
        "Wrestle every show that is due (scheduled and its time come), in this process, and say "
        "which shows wait for an earlier one. --loop keeps doing it every --every seconds."
    )

    def add_arguments(self, parser):
        parser.add_argument("--loop", action="store_true", help="Keep running (Ctrl-C stops).")
        parser.add_argument(
            "--every", type=float, default=30.0, help="Seconds between passes (default 30)."
        )

    def handle(self, *args, loop, every, **options):
        if every <= 0:
            raise CommandError("--every must be more than 0 seconds.")
        while True:
            try:
                outcomes = run_due_once(report=self.stdout.write)
            except TRANSIENT_ERRORS as exc:
                if not loop:
                    first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
                    raise CommandError(f"The database is unavailable: {first[:200]}") from None
                self.stderr.write(f"The database is unavailable; trying again in {every:g} s.")
                outcomes = []
            if not loop:
                if not outcomes:
                    self.stdout.write("No show is due.")
                return
            try:
                time.sleep(every)
            except KeyboardInterrupt:
                return
