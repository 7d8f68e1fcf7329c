"""Running a federation's weeks one after another: book, schedule, simulate, next.

A season takes the federation's next open show each week (one already booked or scheduled runs
first, in date order), or creates one in the next weekly slot, auto-books an empty card,
schedules it and sends it to the workers, then waits for it before the next week, since each
card depends on the results before it.

- One season at a time per federation (``SeasonLock``); a second is refused at once, naming the
  first.
- With ``seed``, a new show's seed derives from the seed and the show's number, so a season that
  stopped part-way (a crash, a dropped connection) and is run again continues with the very seeds
  an uninterrupted run would have used.
- A dropped database connection is retried a few times with backoff; every wait is named through
  ``on_wait`` and bounded.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import secrets
import socket
import time
from collections.abc import Callable

from django.conf import settings
from django.db import connections, transaction
from django.db.models import Max
from django.utils import timezone

from matches.autobook import show_autobook
from matches.booking import BookingError, show_create, show_schedule
from matches.models import SeasonLock, Show, ShowStatus
from matches.selectors import next_open_show
from matches.services import RUN_FAILED_FIRST, show_dispatch
from matches.simulation import TRANSIENT_ERRORS, expired_lease, match_seed
from promotion.models import Federation

SEASON_SHOW_FAILED = "{show} failed: {error}"
SEASON_SHOW_STUCK = "{show} did not finish within {seconds} seconds (status: {status})."
SEASON_LOCKED = (
    "A season of {federation} is already running ({holder}, since {since}); wait for it to finish."
)
SEASON_LOCK_LOST = "This season's lock on {federation} was taken over; stopping."
NO_WORKER = (
    "{show} has waited {seconds} seconds and no worker has taken it: is a Celery worker "
    "running against this broker? (make worker)"
)
DATABASE_GONE = "The database connection failed {attempts} times in a row ({error}); stopping."

#: At most ten years of weekly shows in one run (``simulate_season`` and ``demo --weeks``).
MAX_WEEKS = 520
#: A season's lock lapses when its holder has not renewed it for this long.
LOCK_SECONDS = 120
#: How long a queued show may wait for a worker to take it before the season gives up.
WORKER_WAIT_SECONDS = 60
#: Attempts at one step of the season when the database connection drops.
DATABASE_ATTEMPTS = 5


class SeasonError(RuntimeError):
    pass


class SeasonLockHeld:
    """The season's hold on its federation (see ``SeasonLock``)."""

    def __init__(self, federation: Federation):
        self.federation = federation
        self.holder = f"{socket.gethostname()}, process {os.getpid()}, {secrets.token_hex(4)}"

    def acquire(self) -> SeasonLockHeld:
        now = timezone.now()
        with transaction.atomic():
            Federation.objects.select_for_update().filter(pk=self.federation.pk).first()
            current = SeasonLock.objects.filter(federation=self.federation).first()
            fresh = now - dt.timedelta(seconds=LOCK_SECONDS)
            if current is not None and current.holder != self.holder and current.renewed_at > fresh:
                since = timezone.localtime(current.acquired_at).isoformat(timespec="seconds")
                raise SeasonError(
                    SEASON_LOCKED.format(
                        federation=self.federation, holder=current.holder, since=since
                    )
                )
            SeasonLock.objects.update_or_create(
                federation=self.federation,
                defaults={"holder": self.holder, "acquired_at": now, "renewed_at": now},
            )
        return self

    def renew(self) -> None:
        renewed = SeasonLock.objects.filter(federation=self.federation, holder=self.holder).update(
            renewed_at=timezone.now()
        )
        if not renewed:
            raise SeasonError(SEASON_LOCK_LOST.format(federation=self.federation))

    def release(self) -> None:
        with contextlib.suppress(*TRANSIENT_ERRORS):  # if not, it lapses by itself
            SeasonLock.objects.filter(federation=self.federation, holder=self.holder).delete()


def season_simulate(
    *,
    federation: Federation,
    weeks: int,
    start: dt.datetime | None = None,
    on_show: Callable[[Show], None] | None = None,
    on_wait: Callable[[str], None] | None = None,
    seed: int | None = None,
    poll_seconds: float = 0.1,
    redispatch_seconds: float = 5.0,
) -> list[Show]:
    """Auto-book, schedule and simulate ``weeks`` consecutive weekly shows through the
    ``simulate_show`` task: in process on the embedded default, on the workers with a broker.

    ``start`` places the first new show in the first weekly slot after it (when the federation
    has no later show). A show that fails stops the season with its reason.
    """
    lock = _reconnecting(SeasonLockHeld(federation).acquire)

    #: The show this week is about, once known: a step retried after a dropped connection
    #: goes on with it (it may even have finished meanwhile) instead of taking another week.
    week: dict[str, int] = {}

    def step() -> Show:
        lock.renew()
        show: Show | None
        if "show" in week:
            show = Show.objects.get(pk=week["show"])
        else:
            show = next_open_show(federation=federation)
        if show is None:
            last = federation.shows.aggregate(last=Max("scheduled_at"))["last"]
            after = max(filter(None, [last, start]), default=None)
            number = (federation.shows.aggregate(n=Max("number"))["n"] or 0) + 1
            show = show_create(
                federation=federation,
                scheduled_at=federation.next_show_time(after) if after else None,
                seed=None if seed is None else match_seed(seed, number),
            )
        week["show"] = show.pk
        if show.status == ShowStatus.FAILED:
            raise SeasonError(RUN_FAILED_FIRST.format(show=show))
        if show.status in (ShowStatus.DRAFT, ShowStatus.BOOKED) and not show.matches.exists():
            show_autobook(show=show)
            show.refresh_from_db()
        if show.status == ShowStatus.BOOKED:
            show = show_schedule(show=show)
        if show.status == ShowStatus.SCHEDULED:
            show_dispatch(show_id=show.pk)
        done = _wait(
            show,
            poll_seconds=poll_seconds,
            redispatch_seconds=redispatch_seconds,
            on_wait=on_wait or (lambda message: None),
        )
        # What callers read of a finished week (its date is in the federation's calendar) must
        # not need the database outside this retried step: a connection cut right after the
        # show finished would otherwise end the season.
        done.federation = federation
        return done

    shows = []
    try:
        for _ in range(weeks):
            show = _reconnecting(step)
            week.clear()
            shows.append(show)
            if on_show is not None:
                on_show(show)
    finally:
        lock.release()
    return shows


def _reconnecting(step):
    """``step()``, retried after a dropped database connection with backoff, at most
    ``DATABASE_ATTEMPTS`` times. Each step reads the state it needs afresh, so a retry picks up
    where the failed attempt left off."""
    for attempt in range(1, DATABASE_ATTEMPTS + 1):
        try:
            return step()
        except TRANSIENT_ERRORS as exc:
            for connection in connections.all():
                connection.close()
            if attempt == DATABASE_ATTEMPTS:
                lines = str(exc).strip().splitlines()
                error = lines[0] if lines else type(exc).__name__
                raise SeasonError(
                    DATABASE_GONE.format(attempts=attempt, error=error[:200])
                ) from None
            time.sleep(min(2 ** (attempt - 1), 10))
    raise AssertionError("unreachable")


def _wait(
    show: Show,
    *,
    poll_seconds: float,
    redispatch_seconds: float,
    on_wait: Callable[[str], None],
) -> Show:
    limit = settings.SHOW_TIME_LIMIT_SECONDS + 3 * settings.SHOW_LEASE_SECONDS + 60
    began = last_sent = last_said = time.monotonic()
    taken = False
    while True:
        show.refresh_from_db(fields=["status", "error", "started_at", "completed_at"])
        if show.status == ShowStatus.COMPLETED:
            return show
        if show.status == ShowStatus.FAILED:
            raise SeasonError(SEASON_SHOW_FAILED.format(show=show, error=show.error))
        if show.status == ShowStatus.CANCELLED:
            raise SeasonError(f"{show} was cancelled.")
        now = time.monotonic()
        waited = now - began
        taken = taken or show.status == ShowStatus.RUNNING
        if waited > limit:
            raise SeasonError(
                SEASON_SHOW_STUCK.format(show=show, seconds=int(limit), status=show.status)
            )
        if not taken and waited > WORKER_WAIT_SECONDS:
            raise SeasonError(NO_WORKER.format(show=show, seconds=int(waited)))
        if now - last_said >= 5:
            state = "being wrestled" if show.status == ShowStatus.RUNNING else "queued for a worker"
            on_wait(f"{show} is {state} ({int(waited)} s)")
            last_said = now
        if now - last_sent > redispatch_seconds and _lost(show):
            show_dispatch(show_id=show.pk)
            last_sent = now
        time.sleep(poll_seconds)


def _lost(show: Show) -> bool:
    """Still waiting for a worker, or held on a lease that has expired."""
    if show.status == ShowStatus.SCHEDULED:
        return True
    return Show.objects.filter(pk=show.pk).filter(expired_lease()).exists()


__all__ = ["BookingError", "SeasonError", "season_simulate"]
