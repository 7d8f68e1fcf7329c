"""The embedded default's scheduler: with no broker and no beat, something must wrestle the
shows that fall due. ``run_shows`` (a loop a promoter can leave running, or one pass for cron)
and the demo's server both use ``ShowRunner``."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from django.db import connections

from matches.services import shows_run_due, shows_waiting
from matches.simulation import TRANSIENT_ERRORS, Outcome, waiting_reason

logger = logging.getLogger(__name__)


def run_due_once(*, report: Callable[[str], None] = logger.info) -> list[Outcome]:
    """Wrestle every due show now, in this process, and say what happened and what waits."""
    outcomes = shows_run_due()
    for outcome in outcomes:
        if outcome.status == "completed":
            report(f"Show {outcome.show_id}: completed.")
        elif outcome.status == "failed":
            report(f"Show {outcome.show_id}: failed ({outcome.detail}).")
    for show, blocker in shows_waiting():
        report(f"{show} {waiting_reason(blocker)}.")
    return outcomes


class ShowRunner(threading.Thread):
    """Wrestles due shows every ``every`` seconds in the background until stopped."""

    def __init__(self, *, every: float = 30.0, report: Callable[[str], None] = logger.info):
        super().__init__(name="ringside-show-runner", daemon=True)
        self.every = every
        self.report = report
        self._stopped = threading.Event()

    def run(self) -> None:
        try:
            while True:
                try:
                    run_due_once(report=self.report)
                except TRANSIENT_ERRORS as exc:
                    self.report(f"The database is unavailable ({exc}); trying again shortly.")
                except Exception:  # keep the server's scheduler alive whatever one pass met
                    logger.exception("The show runner's pass failed")
                if self._stopped.wait(self.every):
                    return
        finally:
            connections.close_all()

    def stop(self) -> None:
        self._stopped.set()
