"""The embedded default's scheduler: with no broker and no beat, something must wrestle the
shows that fall due. ``run_shows`` (a loop a promoter can leave running, or one pass for cron)
and the demo's server both use ``ShowRunner``."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from django.db import connections

from matches import webhooks
from matches.models import Show
from matches.operations import beat_tick_record
from matches.services import shows_run_due, shows_waiting
from matches.simulation import TRANSIENT_ERRORS, Outcome, waiting_reason

logger = logging.getLogger(__name__)


def run_due_once(
    *, report: Callable[[str], None] = logger.info, every: float | None = None
) -> list[Outcome]:
    """Wrestle every due show now, in this process, and say what happened and what waits.
    The pass is noted as the beat's tick (``matches.operations``; ``every``: the runner's
    period, when it loops), and sends again the webhook deliveries taken for lost
    (``webhooks.deliveries_resume``)."""
    outcomes = shows_run_due()
    beat_tick_record(source="runner", every=every)
    webhooks.deliveries_resume()
    named = Show.objects.select_related("federation").in_bulk([o.show_id for o in outcomes])
    for outcome in outcomes:
        show = named.get(outcome.show_id)
        name = f"{show} ({show.federation})" if show is not None else f"Show {outcome.show_id}"
        if outcome.status == "completed":
            report(f"{name}: wrestled.")
        elif outcome.status == "failed":
            retry = f"`show {show.federation.slug} {show.number} --retry`" if show else "a retry"
            report(f"{name}: failed ({outcome.detail}); {retry} once the cause is fixed.")
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
                    run_due_once(report=self.report, every=self.every)
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
