"""Celery tasks: thin wrappers that take ids and call one service."""

from __future__ import annotations

from dataclasses import asdict

from celery import shared_task
from django.conf import settings
from kombu.exceptions import OperationalError as BrokerError

from config.limits import show_hard_time_limit, show_soft_time_limit
from matches import services  # (the module: the services send these tasks)
from matches.simulation import TRANSIENT_ERRORS, show_simulate

#: A redelivered show that finds another worker holding it waits for that lease to expire and
#: tries again, up to this many times (the holder renews its lease while it lives).
BUSY_RETRIES = 60


@shared_task(
    bind=True,
    name="matches.simulate_show",
    # A show must survive its worker dying: acknowledge only once it is done, and put it back
    # when the worker process is lost. The claim makes a second delivery harmless.
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=TRANSIENT_ERRORS,
    retry_backoff=2,
    retry_backoff_max=60,
    retry_jitter=True,
    max_retries=5,
    soft_time_limit=show_soft_time_limit(settings.SHOW_TIME_LIMIT_SECONDS),
    time_limit=show_hard_time_limit(settings.SHOW_TIME_LIMIT_SECONDS),
)
def simulate_show(self, show_id: int) -> dict:
    outcome = show_simulate(show_id=show_id)
    if outcome.status == "busy" and outcome.retry_in is not None and not self.request.is_eager:
        # Another worker holds the show: if it died, its lease expires within ``retry_in``
        # seconds, and this delivery takes the show over then instead of giving up.
        raise self.retry(countdown=outcome.retry_in + 1, max_retries=BUSY_RETRIES)
    return asdict(outcome)


@shared_task(
    name="matches.dispatch_due_shows",
    autoretry_for=(*TRANSIENT_ERRORS, BrokerError),
    retry_backoff=True,
    max_retries=3,
    ignore_result=True,
)
def dispatch_due_shows() -> list[int]:
    """Periodic (django-celery-beat): send every due show to the workers."""
    return services.shows_dispatch_due()
