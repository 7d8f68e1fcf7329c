"""Celery tasks: thin wrappers that take ids and call one service."""

from __future__ import annotations

import contextlib
import contextvars
import logging
from dataclasses import asdict

from celery import shared_task
from celery.signals import task_postrun, task_prerun
from django.conf import settings
from django.db import DatabaseError
from kombu.exceptions import OperationalError as BrokerError

from config.limits import show_hard_time_limit, show_soft_time_limit
from config.logs import show_context_reset, show_context_set
from matches import (
    operations,
    services,  # (the module: the services send these tasks)
    webhooks,
)
from matches.simulation import TRANSIENT_ERRORS, show_simulate
from matches.webhook_tasks import deliver_webhook as deliver_webhook  # (the worker's)

logger = logging.getLogger(__name__)

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
    logger.info("Wrestling show %s", show_id)
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
    """Periodic (django-celery-beat): send every due show to the workers, and note the tick
    (the health check's "beat", ``matches.operations``); send again the webhook deliveries
    taken for lost (``webhooks.deliveries_resume``)."""
    due = services.shows_dispatch_due()
    operations.beat_tick_record(source="beat")
    webhooks.deliveries_resume()
    return due


SIMULATE_SHOW = "matches.simulate_show"


def route_show(name, args, kwargs, options, task=None, **kw):
    """Celery's router (``CELERY_TASK_ROUTES``): a show's task goes to its federation's queue
    (``Federation.queue``); every other task, and a show of a federation without one, to the
    default queue. Whatever door sends the task (beat's dispatch, "Simulate now", a retry, a
    season), it is routed here. A database that cannot say sends it to the default queue."""
    if name != SIMULATE_SHOW:
        return None
    show_id = args[0] if args else (kwargs or {}).get("show_id")
    try:
        queue = operations.show_queue(show_id)
    except DatabaseError as exc:
        logger.warning("Show %s goes to the default queue: its federation's is unknown", show_id)
        logger.warning("(The database answered: %s)", exc)
        return None
    return {"queue": queue} if queue else None


#: The log's naming of the show each running task wrestles (``config.logs``), by task id.
_named: dict[str, contextvars.Token] = {}


@task_prerun.connect
def _name_the_show(task_id=None, task=None, args=None, kwargs=None, **extra) -> None:
    """Every line logged while a show's task runs (Celery's own "succeeded" line too) carries
    its federation and show."""
    if task is None or task.name != SIMULATE_SHOW:
        return
    show_id = args[0] if args else (kwargs or {}).get("show_id")
    if not isinstance(show_id, int):
        return
    try:
        slug = operations.show_federation_slug(show_id)
    except DatabaseError:
        slug = ""
    _named[task_id] = show_context_set(slug, show_id)


@task_postrun.connect
def _unname_the_show(task_id=None, **extra) -> None:
    token = _named.pop(task_id, None)
    if token is not None:
        with contextlib.suppress(ValueError):  # (set in another context: none of it is here)
            show_context_reset(token)
