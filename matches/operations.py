"""Running the service: what the health endpoint and the operations page read.

**The beat's tick.** Beat's dispatch of due shows (``matches.dispatch_due_shows``, run by a worker
of the default queue) and the in-process runner (``matches/runner.py``) note when they last ran,
in Django's cache (``beat_tick_record``): Redis when ``REDIS_URL`` is set, so every process reads
the workers' tick; this process's memory otherwise, so only the process that runs the runner (the
demo's server) sees its own. The tick is a help, never the truth: a cache emptied or restarted
forgets it until the next tick.

**Health** (``health``): the database answers; the broker answers (with no broker, tasks run in
process and there is nothing to reach); beat's tick is younger than ``HEALTH_BEAT_SILENT_SECONDS``
(in process: the runner's, when this process runs one); the oldest due show no worker has taken
yet waits less than ``HEALTH_DUE_SHOW_LATE_SECONDS``. Each check says its age or latency; one that
fails makes the whole unhealthy. The answers name no federation: the endpoint is public.

**The operations page**: the workers that answer a ping and the queues they consume, each queue's
depth, the shows running with their lease's age, the failed shows with their error, and the last
hour's throughput. A failed show is retried through ``matches.services.show_retry``, the same
service as the show page's button, the admin's action and ``show --retry``.
"""

from __future__ import annotations

import datetime as dt
import logging
import time
from dataclasses import dataclass, field
from typing import Any

import redis
from celery import current_app
from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, connection
from django.db.models import Count, Q
from django.utils import timezone
from kombu.exceptions import KombuError
from redis.exceptions import RedisError

from matches.models import MatchStatus, Show, ShowStatus
from matches.simulation import earlier_blocking, lease_seconds
from promotion.models import Federation

logger = logging.getLogger(__name__)

#: Where the beat's last tick is kept (the cache).
BEAT_TICK_KEY = "ringside:beat-tick"
#: Celery's default queue: beat's dispatch, and the shows of every federation without a queue.
DEFAULT_QUEUE = "celery"
#: Seconds the operations page waits for the workers to answer a ping.
PING_SECONDS = 1.0
#: Seconds the health check and the operations page wait for the broker.
BROKER_SECONDS = 1
#: Failed shows the operations page lists (the oldest first).
FAILED_SHOWN = 100


def broker_configured() -> bool:
    """Whether tasks go through a broker (``REDIS_URL``) rather than run in process."""
    return bool(settings.REDIS_URL)


# -- the beat's tick ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Tick:
    at: dt.datetime
    source: str  # "beat" (the workers' dispatch) or "runner" (in process)
    every: float | None  # the runner's period, when it has one


def beat_tick_record(*, source: str, every: float | None = None) -> None:
    """Note that beat's dispatch (``source="beat"``) or the in-process runner ran just now."""
    value = {"at": timezone.now().isoformat(), "source": source, "every": every}
    try:
        cache.set(BEAT_TICK_KEY, value, timeout=None)
    except RedisError as exc:  # (a plain Redis cache; the project's fails open by itself)
        logger.warning("Could not note the beat's tick: %s", exc)


def beat_tick() -> Tick | None:
    try:
        value = cache.get(BEAT_TICK_KEY)
    except RedisError:
        return None
    if not isinstance(value, dict):
        return None
    return Tick(dt.datetime.fromisoformat(value["at"]), value["source"], value.get("every"))


# -- health ----------------------------------------------------------------------------------


@dataclass
class Check:
    ok: bool
    detail: str
    facts: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "detail": self.detail, **self.facts}


def _seconds(since: dt.datetime, now: dt.datetime) -> float:
    return round((now - since).total_seconds(), 1)


def check_database() -> Check:
    started = time.monotonic()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as exc:
        logger.warning("Health: the database does not answer: %s", exc)
        return Check(False, "the database does not answer", {"latency_ms": None})
    latency = round((time.monotonic() - started) * 1000, 1)
    return Check(True, f"{connection.vendor} answers", {"latency_ms": latency})


def check_broker() -> Check:
    if not broker_configured():
        return Check(True, "in process: no broker (tasks run in the process that sends them)", {
            "mode": "in process", "latency_ms": None
        })  # fmt: skip
    started = time.monotonic()
    client = redis.Redis.from_url(
        str(settings.REDIS_URL),
        socket_connect_timeout=BROKER_SECONDS,
        socket_timeout=BROKER_SECONDS,
    )
    try:
        client.ping()
    except RedisError as exc:
        logger.warning("Health: the broker does not answer: %s", exc)
        return Check(False, "the broker (Redis) does not answer", {
            "mode": "redis", "latency_ms": None
        })  # fmt: skip
    finally:
        client.close()
    latency = round((time.monotonic() - started) * 1000, 1)
    return Check(True, "the broker (Redis) answers", {"mode": "redis", "latency_ms": latency})


def check_beat(now: dt.datetime) -> Check:
    tick = beat_tick()
    bound = float(settings.HEALTH_BEAT_SILENT_SECONDS)
    if tick is not None and tick.every:
        bound = max(bound, 3 * float(tick.every))  # a slow runner's own period, three times
    facts: dict[str, Any] = {
        "mode": "beat" if broker_configured() else "in process",
        "last_tick": tick.at.isoformat() if tick else None,
        "source": tick.source if tick else None,
        "age_seconds": _seconds(tick.at, now) if tick else None,
        "bound_seconds": bound,
    }
    if tick is None:
        if broker_configured():
            return Check(False, "no tick of beat's dispatch is recorded", facts)
        return Check(True, "in process: no runner has ticked in this process", facts)
    if facts["age_seconds"] > bound:
        return Check(False, f"silent for more than {bound:g} seconds", facts)
    return Check(True, f"ticked {facts['age_seconds']:g} seconds ago", facts)


def oldest_due_show(now: dt.datetime) -> tuple[Show | None, int]:
    """The scheduled show whose time came longest ago that no earlier show of its federation
    holds up (no worker has taken it yet), and how many such shows there are."""
    due = (
        Show.objects.filter(status=ShowStatus.SCHEDULED, scheduled_at__lte=now)
        .filter(~earlier_blocking())
        .order_by("scheduled_at", "pk")
    )
    return due.first(), due.count()


def check_due_show(now: dt.datetime) -> Check:
    bound = float(settings.HEALTH_DUE_SHOW_LATE_SECONDS)
    try:
        show, count = oldest_due_show(now)
    except DatabaseError:
        return Check(False, "the database cannot be read", {"bound_seconds": bound})
    facts: dict[str, Any] = {
        "due": count,
        "oldest_due_at": show.scheduled_at.isoformat() if show else None,
        "age_seconds": _seconds(show.scheduled_at, now) if show else None,
        "bound_seconds": bound,
    }
    if show is None:
        return Check(True, "no due show waits for a worker", facts)
    if facts["age_seconds"] > bound:
        return Check(False, f"a due show has waited more than {bound:g} seconds", facts)
    return Check(True, f"the oldest due show has waited {facts['age_seconds']:g} seconds", facts)


def health(now: dt.datetime | None = None) -> tuple[bool, dict[str, Any]]:
    """Whether the service is healthy, and each check's answer (see the module's docstring)."""
    now = now or timezone.now()
    checks = {
        "database": check_database(),
        "broker": check_broker(),
        "beat": check_beat(now),
        "due_show": check_due_show(now),
    }
    healthy = all(check.ok for check in checks.values())
    return healthy, {
        "status": "ok" if healthy else "failing",
        "checked_at": now.isoformat(),
        "checks": {name: check.as_dict() for name, check in checks.items()},
    }


# -- queues ----------------------------------------------------------------------------------


def show_queue(show_id: int) -> str:
    """The queue a show's task goes to: its federation's (empty: the default queue)."""
    return Show.objects.filter(pk=show_id).values_list("federation__queue", flat=True).first() or ""


def show_federation_slug(show_id: int) -> str:
    return Show.objects.filter(pk=show_id).values_list("federation__slug", flat=True).first() or ""


@dataclass(frozen=True)
class Worker:
    name: str
    queues: tuple[str, ...]


@dataclass(frozen=True)
class Workers:
    seen: list[Worker]
    detail: str  # how they were seen, or why they could not be


def workers_seen() -> Workers:
    """The workers that answer a ping within ``PING_SECONDS``, with the queues they consume;
    without a broker, the process itself."""
    if not broker_configured():
        return Workers([Worker("in process", ())], "no broker: tasks run in the sending process")
    try:
        answers = current_app.control.inspect(timeout=PING_SECONDS).ping() or {}
        queues = {}
        if answers:
            inspect = current_app.control.inspect(timeout=PING_SECONDS, destination=list(answers))
            queues = inspect.active_queues() or {}
    except (KombuError, RedisError, OSError) as exc:
        logger.warning("Operations: the workers could not be pinged: %s", exc)
        return Workers([], "the broker cannot be reached")
    seen = [
        Worker(name, tuple(sorted(q["name"] for q in queues.get(name, []))))
        for name in sorted(answers)
    ]
    return Workers(seen, f"answered a ping within {PING_SECONDS:g} s")


@dataclass(frozen=True)
class Queue:
    name: str
    depth: int | None  # None: the broker could not say
    federations: list[str]  # the federations routed to it (the default: those without a queue)


def queue_depths(workers: Workers | None = None) -> list[Queue]:
    """Every queue a federation names or a worker consumes, and the default one, with the
    messages waiting in it (taken ones not counted). Empty without a broker."""
    if not broker_configured():
        return []
    routed: dict[str, list[str]] = {DEFAULT_QUEUE: []}
    for name, queue in Federation.objects.order_by("name").values_list("name", "queue"):
        routed.setdefault(queue or DEFAULT_QUEUE, []).append(name)
    for worker in workers.seen if workers else []:
        for queue in worker.queues:
            routed.setdefault(queue, [])
    depths: dict[str, int | None] = dict.fromkeys(routed)
    try:
        with current_app.connection_for_read() as conn:
            conn.ensure_connection(max_retries=1, timeout=BROKER_SECONDS)
            channel = conn.default_channel
            for name in routed:
                # (Declaring a queue on Redis creates nothing; it answers the messages waiting.)
                declared = channel.queue_declare(queue=name)  # type: ignore[attr-defined]
                depths[name] = declared.message_count
    except (KombuError, RedisError, OSError) as exc:
        logger.warning("Operations: the queues' depths could not be read: %s", exc)
    return [Queue(name, depths[name], routed[name]) for name in sorted(routed)]


# -- shows -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class RunningShow:
    show: Show
    running_seconds: float
    lease_age_seconds: float
    lease_expired: bool


def running_shows(now: dt.datetime | None = None) -> list[RunningShow]:
    now = now or timezone.now()
    limit = lease_seconds()
    rows = []
    shows = Show.objects.filter(status=ShowStatus.RUNNING).select_related("federation")
    for show in shows.order_by("started_at", "pk"):
        renewed = show.heartbeat_at or show.started_at or now
        age = _seconds(renewed, now)
        rows.append(
            RunningShow(show, _seconds(show.started_at or now, now), age, lease_expired=age > limit)
        )
    return rows


def failed_shows() -> list[Show]:
    shows = Show.objects.filter(status=ShowStatus.FAILED).select_related("federation")
    return list(shows.order_by("scheduled_at", "pk")[:FAILED_SHOWN])


@dataclass(frozen=True)
class Throughput:
    since: dt.datetime
    shows: int
    matches: int


def throughput(now: dt.datetime | None = None, *, hours: int = 1) -> Throughput:
    """Shows completed in the last ``hours``, and the matches they wrestled."""
    now = now or timezone.now()
    since = now - dt.timedelta(hours=hours)
    done = Show.objects.filter(status=ShowStatus.COMPLETED, completed_at__gt=since)
    shows = done.aggregate(
        shows=Count("pk", distinct=True),
        matches=Count("matches", filter=Q(matches__status=MatchStatus.COMPLETED)),
    )
    return Throughput(since, shows["shows"], shows["matches"])


def failed_show(pk: int) -> Show | None:
    """A show by its id, for the operations page's retry (any federation's: it is a
    superuser's)."""
    return Show.objects.select_related("federation").filter(pk=pk).first()
