"""Operations on shows beyond booking: dispatching the due ones, running one now, a promoter's
retry and cancel, and running the week.

Every door (pages, API, admin, commands, tasks) changes a show's state through these functions or
through ``matches.booking``; each refuses with ``BookingError`` (every reason a sentence) and
writes only under a lock on the show row, conditioned on the state it read.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from matches import tasks  # (the module: the tasks call these services)
from matches.autobook import AutobookReport, show_autobook
from matches.booking import BookingError, show_create, show_schedule
from matches.models import (
    OPEN_STATUSES,
    Show,
    ShowStatus,
)
from matches.selectors import next_open_show, week_show_number
from matches.simulation import (
    Outcome,
    blocker_of,
    earlier_blocking,
    expired_lease,
    show_simulate,
    waiting_reason,
)
from promotion.models import Federation

logger = logging.getLogger(__name__)

# Messages the promoter sees (tests reuse them).
CANNOT_RUN = "{show} is {status}; only a booked or scheduled show can be run."
RUN_FAILED_FIRST = "{show} failed; retry it or cancel it first."
CANNOT_RETRY = "{show} is {status}; only a failed show can be retried."
CANNOT_CANCEL = "{show} is {status}; only a show that has not run can be cancelled."
CANCELLED_ALREADY = "{show} is cancelled already."
SHOW_WAITS = "{show} {reason}."
NOTHING_TO_RUN = "{show} has no matches to wrestle."
BROKER_DOWN = (
    "{show} is scheduled but could not be sent to the workers: the task queue (REDIS_URL) is out "
    "of reach ({error}). It stays scheduled: once it is due, the next dispatch of due shows "
    "sends it, or `run_shows` wrestles it in this process."
)


def _due(now: dt.datetime) -> Q:
    """Scheduled shows whose time has come, and running shows whose lease has expired (their
    worker died), whatever their date: a show run ahead of its date must be taken over too."""
    return Q(status=ShowStatus.SCHEDULED, scheduled_at__lte=now) | expired_lease()


def shows_due(*, now: dt.datetime | None = None) -> list[int]:
    """Shows that should run now (see ``_due``) with no earlier show of their federation to
    wait for."""
    now = now or timezone.now()
    return list(
        Show.objects.filter(_due(now))
        .filter(~earlier_blocking())
        .order_by("scheduled_at", "pk")
        .values_list("pk", flat=True)
    )


def shows_waiting(
    *, federation: Federation | None = None, now: dt.datetime | None = None
) -> list[tuple[Show, Show]]:
    """Shows that are due but wait for an earlier show, each with the show it waits for."""
    now = now or timezone.now()
    shows = Show.objects.filter(_due(now)).filter(earlier_blocking())
    if federation is not None:
        shows = shows.filter(federation=federation)
    waiting = []
    for show in shows.select_related("federation").order_by("scheduled_at", "pk"):
        blocker = blocker_of(show)
        if blocker is not None:
            waiting.append((show, blocker))
    return waiting


def show_dispatch(*, show_id: int) -> None:
    """Send one show to the workers once the current transaction commits (with no broker, the
    task runs in this process right then). A broker out of reach does not undo what committed:
    the show stays scheduled, the failure is logged, and the next dispatch of due shows (beat,
    a season's wait, ``run_shows`` in process) takes it."""
    transaction.on_commit(lambda: _send(show_id))


def _send(show_id: int) -> None:
    try:
        # Nothing reads a dispatched show's task result (the show row is the truth), so none is
        # kept: no result-store subscription for each show, and a broker that is down fails
        # within the publish retry policy (``CELERY_TASK_PUBLISH_RETRY_POLICY``).
        tasks.simulate_show.apply_async((show_id,), ignore_result=True)
    except BrokerError as exc:
        show = Show.objects.select_related("federation").filter(pk=show_id).first()
        error = str(exc).rstrip(".") or type(exc).__name__
        logger.warning(BROKER_DOWN.format(show=show or f"Show {show_id}", error=error))


def shows_dispatch_due(*, now: dt.datetime | None = None) -> list[int]:
    due = shows_due(now=now)
    for show_id in due:
        show_dispatch(show_id=show_id)
    return due


def shows_run_due(*, now: dt.datetime | None = None, limit: int = 1000) -> list[Outcome]:
    """Wrestle every due show in this process, in date order, until none is left: finishing one
    may free the next of its federation. The embedded default's scheduler (``run_shows``, the
    demo's server)."""
    outcomes: list[Outcome] = []
    tried: set[int] = set()
    while len(outcomes) < limit:
        due = [pk for pk in shows_due(now=now) if pk not in tried]
        if not due:
            break
        for show_id in due:
            tried.add(show_id)
            outcomes.append(show_simulate(show_id=show_id))
    return outcomes


def _locked(show: Show) -> Show:
    return Show.objects.select_for_update().select_related("federation").get(pk=show.pk)


def show_run_now(*, show: Show) -> Show:
    """Wrestle a show now, whatever its date: a booked show is scheduled first, then sent to the
    workers (in process without a broker: it has run when this returns). Refused while an
    earlier show of the federation must finish first."""
    with transaction.atomic():
        show = _locked(show)
        if show.status == ShowStatus.FAILED:
            raise BookingError([RUN_FAILED_FIRST.format(show=show)])
        if show.status not in (ShowStatus.BOOKED, ShowStatus.SCHEDULED):
            status = show.get_status_display().lower()
            raise BookingError([CANNOT_RUN.format(show=show, status=status)])
        blocker = blocker_of(show)
        if blocker is not None:
            raise BookingError([SHOW_WAITS.format(show=show, reason=waiting_reason(blocker))])
        if show.status == ShowStatus.BOOKED:
            show = show_schedule(show=show)
        show_dispatch(show_id=show.pk)
    show.refresh_from_db()
    return show


def show_retry(*, show: Show) -> Show:
    """A failed show goes back on the schedule (its attempts counted afresh); if it is due, it
    is sent to the workers at once."""
    with transaction.atomic():
        show = _locked(show)
        if show.status != ShowStatus.FAILED:
            status = show.get_status_display().lower()
            raise BookingError([CANNOT_RETRY.format(show=show, status=status)])
        if not show.matches.exists():
            raise BookingError([NOTHING_TO_RUN.format(show=show)])
        Show.objects.filter(pk=show.pk, status=ShowStatus.FAILED).update(
            status=ShowStatus.SCHEDULED, error="", attempts=0, started_at=None, heartbeat_at=None
        )
        if show.scheduled_at <= timezone.now():
            show_dispatch(show_id=show.pk)
    show.refresh_from_db()
    return show


def show_cancel(*, show: Show) -> Show:
    """A show that has not run is called off: its card stays as it was booked, unwrestled, and
    the federation's later shows no longer wait for it."""
    with transaction.atomic():
        show = _locked(show)
        if show.status == ShowStatus.CANCELLED:
            raise BookingError([CANCELLED_ALREADY.format(show=show)])
        if show.status not in OPEN_STATUSES:
            status = show.get_status_display().lower()
            raise BookingError([CANNOT_CANCEL.format(show=show, status=status)])
        Show.objects.filter(pk=show.pk, status=show.status).update(
            status=ShowStatus.CANCELLED, heartbeat_at=None
        )
    show.refresh_from_db()
    return show


@dataclass(frozen=True)
class WeekRun:
    """What "Run this week" did: the show it ran (or found running), and the auto-booker's
    report when it booked that show's card (``None`` when the card was booked before)."""

    show: Show
    booked: AutobookReport | None = None


#: The show a "Run this week" button (or request) named (``week_run``'s ``expect``) is not the
#: one it would run now: the week moved on since (another press, another tab, a retry). In words
#: for the page and the API alike.
WEEK_MOVED_ON = (
    '{named} has run already, so nothing was run; "Run this week" now wrestles the show after it.'
)
WEEK_BOOKED_SINCE = (
    "{show} has been booked since, so nothing was run: look at its card, then run the week again."
)
NOT_THE_WEEKS_SHOW = '"Run this week" wrestles Show #{number} next, not Show #{expect}.'


class WeekMovedOn(BookingError):
    """``week_run``'s refusal when the coming show is not the one the caller named."""

    conflict = True


def expected_show(named: str) -> int | None:
    """The show a "Run this week" button names (``week_run``'s ``expect``): its number."""
    return int(named) if named.isdigit() else None


def week_run(*, federation: Federation, expect: int | None = None, new: bool = False) -> WeekRun:
    """ "Run this week": the federation's next show (created in its weekly slot and auto-booked
    when needed) is scheduled and wrestled now. A failed show must be retried or cancelled
    first; a show already running is returned as it is.

    ``expect`` is the number of the show the caller's button named (``selectors.
    week_show_number``: the coming show's, or the one it would book, ``new``): when the coming
    show is another by now (the week ran in another tab, a second press, a retry after a lost
    answer), or a show the button would have booked has been booked since (its card unseen),
    nothing is run and the refusal (``WeekMovedOn``) says so. Two presses at once are one after
    the other (the federation's row is locked while the coming show is found or made)."""
    booked = None
    with transaction.atomic():  # a show made here and then refused its card is not kept
        Federation.objects.select_for_update().filter(pk=federation.pk).first()
        show = next_open_show(federation=federation)
        number = week_show_number(federation=federation, coming=show)
        if expect is not None and (expect != number or (new and show is not None)):
            named = federation.shows.filter(number=expect).first()
            if named is not None and named.status not in OPEN_STATUSES:
                raise WeekMovedOn([WEEK_MOVED_ON.format(named=named)])
            if show is not None and (new or named is not None):
                # Drawn for a new show, or for a later one: this one was booked since.
                raise WeekMovedOn([WEEK_BOOKED_SINCE.format(show=show)])
            raise WeekMovedOn([NOT_THE_WEEKS_SHOW.format(expect=expect, number=number)])
        if show is not None and show.status == ShowStatus.RUNNING:
            return WeekRun(show)
        if show is not None and show.status == ShowStatus.FAILED:
            raise BookingError([RUN_FAILED_FIRST.format(show=show)])
        if show is None:
            last = federation.shows.aggregate(last=Max("scheduled_at"))["last"]
            after = max(filter(None, [last, timezone.now()]))
            show = show_create(
                federation=federation, scheduled_at=federation.next_show_time(after=after)
            )
        if not show.matches.exists():
            booked = show_autobook(show=show)
    return WeekRun(show_run_now(show=show), booked)
