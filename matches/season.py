"""Running a federation's weeks one after another: book, schedule, simulate, next."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable

from django.conf import settings

from matches.booking import show_create, show_schedule
from matches.models import Show, ShowStatus
from matches.services import show_dispatch
from matches.simulation import lease_expired_before, match_seed
from promotion.models import Federation

SEASON_SHOW_FAILED = "{show} failed: {error}"
SEASON_SHOW_STUCK = "{show} did not finish within {seconds} seconds (status: {status})."


class SeasonError(RuntimeError):
    pass


def season_simulate(
    *,
    federation: Federation,
    weeks: int,
    start: dt.datetime | None = None,
    on_show: Callable[[Show], None] | None = None,
    seed: int | None = None,
    poll_seconds: float = 0.1,
    redispatch_seconds: float = 5.0,
) -> list[Show]:
    """Auto-book, schedule and simulate ``weeks`` consecutive weekly shows through the
    ``simulate_show`` task: in process on the embedded default, on the workers with a broker.

    Each week waits for the previous one, since its card depends on the results. A show whose
    task was lost on the way (a broker restart) is sent again; one that fails stops the season.
    With ``seed`` every show's seed derives from it, so the same database and seed give the same
    season.
    """
    from matches.autobook import show_autobook

    shows = []
    after = start
    for week in range(weeks):
        show_seed = None if seed is None else match_seed(seed, week + 1)
        scheduled_at = None if after is None else federation.next_show_time(after)
        show = show_create(federation=federation, scheduled_at=scheduled_at, seed=show_seed)
        after = show.scheduled_at
        show_autobook(show=show)
        show_schedule(show=show)
        show_dispatch(show_id=show.pk)
        show = _wait(show, poll_seconds=poll_seconds, redispatch_seconds=redispatch_seconds)
        shows.append(show)
        if on_show is not None:
            on_show(show)
    return shows


def _wait(show: Show, *, poll_seconds: float, redispatch_seconds: float) -> Show:
    limit = settings.SHOW_TIME_LIMIT_SECONDS * 5
    began = last_sent = time.monotonic()
    while True:
        show.refresh_from_db(fields=["status", "error", "started_at", "completed_at"])
        if show.status == ShowStatus.COMPLETED:
            return show
        if show.status == ShowStatus.FAILED:
            raise SeasonError(SEASON_SHOW_FAILED.format(show=show, error=show.error))
        now = time.monotonic()
        if now - began > limit:
            raise SeasonError(
                SEASON_SHOW_STUCK.format(show=show, seconds=limit, status=show.status)
            )
        if now - last_sent > redispatch_seconds and _lost(show):
            show_dispatch(show_id=show.pk)
            last_sent = now
        time.sleep(poll_seconds)


def _lost(show: Show) -> bool:
    """Still waiting for a worker, or held on a lease that has expired."""
    if show.status == ShowStatus.SCHEDULED:
        return True
    return (
        show.status == ShowStatus.RUNNING
        and show.started_at is not None
        and show.started_at < lease_expired_before()
    )
