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

#: The longest pause between passes: a day (time.sleep takes no infinity, and a NaN none at all).
MAX_EVERY = 86400
EVERY_OUT_OF_RANGE = (
    "--every is a number of seconds more than 0 and at most {most} (a day), not {every}."
)
NOTHING_DUE = "No show is due."
ALL_WAITING = "No show was wrestled: every due show waits for an earlier one."


class Command(BaseCommand):
    help = (
        "Wrestle every show that is due (scheduled and its time come), in this process, and say "
        "which shows wait for an earlier one. --loop keeps doing it every --every seconds."
    )

    def add_arguments(self, parser):
        parser.add_argument("--loop", action="store_true", help="Keep running (Ctrl-C stops).")
        parser.add_argument(
            "--every",
            type=float,
            default=30.0,
            help=f"Seconds between passes, more than 0 and at most {MAX_EVERY} (default 30).",
        )

    def handle(self, *args, loop, every, **options):
        if not 0 < every <= MAX_EVERY:
            raise CommandError(EVERY_OUT_OF_RANGE.format(most=MAX_EVERY, every=f"{every:g}"))
        while True:
            said: list[str] = []

            def report(line: str, said=said) -> None:
                said.append(line)
                self.stdout.write(line)

            try:
                outcomes = run_due_once(report=report)
            except TRANSIENT_ERRORS as exc:
                if not loop:
                    first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
                    raise CommandError(f"The database is unavailable: {first[:200]}") from None
                self.stderr.write(f"The database is unavailable; trying again in {every:g} s.")
                outcomes = []
            if not loop:
                if not outcomes:
                    # Whatever was said with nothing wrestled named a due show that waits.
                    self.stdout.write(ALL_WAITING if said else NOTHING_DUE)
                return
            try:
                time.sleep(every)
            except KeyboardInterrupt:
                return
