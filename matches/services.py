"""Operations on shows beyond booking: dispatching the due ones to the workers."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from matches.models import Show, ShowStatus
from matches.simulation import earlier_unfinished, lease_expired_before


def shows_due(*, now: dt.datetime | None = None) -> list[int]:
    """Shows that should run now: scheduled and due, or running on a lease that has expired
    (their worker died), and with no earlier unfinished show in their federation."""
    now = now or timezone.now()
    return list(
        Show.objects.filter(scheduled_at__lte=now)
        .filter(
            Q(status=ShowStatus.SCHEDULED)
            | Q(status=ShowStatus.RUNNING, started_at__lt=lease_expired_before())
        )
        .filter(~earlier_unfinished())
        .order_by("scheduled_at", "pk")
        .values_list("pk", flat=True)
    )


def show_dispatch(*, show_id: int) -> None:
    """Send one show to the workers once the current transaction commits."""
    from matches.tasks import simulate_show

    transaction.on_commit(lambda: simulate_show.delay(show_id))


def shows_dispatch_due(*, now: dt.datetime | None = None) -> list[int]:
    due = shows_due(now=now)
    for show_id in due:
        show_dispatch(show_id=show_id)
    return due
