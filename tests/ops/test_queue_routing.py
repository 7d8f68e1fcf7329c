"""Queues by federation, with real processes: two federations in two queues, one worker per
queue (the first also consumes the default queue, where beat's dispatch goes), and beat. With
the second queue's worker stopped, the first federation's show is still wrestled while the
second's waits in its queue; once its worker is back, it is wrestled too. The workers log JSON
lines (``RINGSIDE_LOG_JSON``), each line of a show's work naming its federation and show."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import shutil

import pytest
import redis
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.test import override_settings
from django.utils import timezone
from django_celery_beat.models import IntervalSchedule, PeriodicTask

from matches import operations
from matches.models import Show, ShowStatus
from promotion.models import Federation
from tests.matches.helpers import book_week, sample_federation
from tests.polling import holds_for
from tests.workers import Cluster, RedisServer, database_url, wait_for

pytestmark = [
    pytest.mark.skipif(not shutil.which("redis-server"), reason="needs redis-server"),
    pytest.mark.skipif(
        settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
        reason="needs PostgreSQL (DATABASE_URL): workers share the test database",
    ),
    pytest.mark.worker,
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def cluster(tmp_path):
    """Workers and beat against a Redis server of the test's own (nothing else's queues)."""
    broker = RedisServer(tmp_path)
    broker.start()
    workers = Cluster(
        database_url=database_url(connection.settings_dict),
        broker_url=broker.url,
        logs=tmp_path / "cluster",
        RINGSIDE_LOG_JSON="1",
        DJANGO_LOG_LEVEL="INFO",
    )
    try:
        yield workers
    finally:
        workers.stop_all()
        broker.stop()
        print(workers.dump_logs())  # shown when the test failed


def two_federations() -> tuple[Federation, Federation]:
    first = sample_federation()
    Federation.objects.filter(pk=first.pk).update(slug="copperline-east", queue="east")
    call_command("load_sample_federation", verbosity=0)
    second = Federation.objects.get(slug="copperline")
    Federation.objects.filter(pk=second.pk).update(queue="west")
    first.refresh_from_db()
    second.refresh_from_db()
    return first, second


def beat_every_second() -> None:
    every, _ = IntervalSchedule.objects.get_or_create(every=1, period=IntervalSchedule.SECONDS)
    PeriodicTask.objects.update_or_create(
        name="Dispatch due shows",
        defaults={"task": "matches.dispatch_due_shows", "interval": every, "enabled": True},
    )


def status_of(show: Show) -> str:
    show.refresh_from_db(fields=["status", "error"])
    return show.status


@contextlib.contextmanager
def project_app_on(url: str):
    """This process's Celery app (the operations page's) talking to the cluster's broker."""
    from config.celery import app

    saved = app.conf.broker_url
    app.conf.update(broker_url=url)
    forget_connections(app)
    try:
        with override_settings(REDIS_URL=url):
            yield
    finally:
        app.conf.update(broker_url=saved)
        forget_connections(app)


def forget_connections(app) -> None:
    """Drop the app's pools of connections and producers (the old broker's), as Celery does in
    a forked process: the next ping is published to the broker the app now names."""
    app._pool = None
    app.amqp._producer_pool = None
    with contextlib.suppress(AttributeError):
        del app.control.mailbox.producer_pool


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def test_a_queue_without_its_worker_holds_up_only_its_own_federation(cluster):
    east, west = two_federations()
    beat_every_second()
    cluster.worker("east", queues="celery,east", ready=False)
    cluster.worker("west", queues="west", ready=False)
    cluster.wait_ready("east", "west")
    # The operations page sees both, each with its queues (a worker slow to answer within the
    # page's second, on a loaded machine, is asked again).
    with project_app_on(cluster.broker_url):
        seen = wait_for(
            lambda: (found := operations.workers_seen().seen) and len(found) == 2 and found,
            timeout=30,
            what="both workers to answer a ping",
        )
    assert {cluster.name_of(w.name): w.queues for w in seen} == {
        "east": ("celery", "east"),
        "west": ("west",),
    }
    cluster.stop("west")

    due = timezone.now() - dt.timedelta(hours=1)
    east_show = book_week(east, scheduled_at=due, seed=31, matches=3)
    west_show = book_week(west, scheduled_at=due, seed=32, matches=3)
    cluster.beat()

    wait_for(lambda: status_of(east_show) == ShowStatus.COMPLETED, timeout=90, what="east's show")
    # West's show went to its own queue, where no worker takes it: it waits there.
    broker = redis.Redis.from_url(cluster.broker_url)
    wait_for(lambda: broker.llen("west") >= 1, timeout=30, what="west's show in its queue")
    holds_for(lambda: status_of(west_show) == ShowStatus.SCHEDULED, seconds=3)
    with project_app_on(cluster.broker_url):
        depths = {q.name: q for q in operations.queue_depths(operations.workers_seen())}
    assert depths["west"].depth >= 1 and depths["west"].federations == [west.name]
    assert depths["east"].depth == 0 and depths["east"].federations == [east.name]

    cluster.worker("west", queues="west")
    wait_for(lambda: status_of(west_show) == ShowStatus.COMPLETED, timeout=90, what="west's show")

    # Each worker's log: JSON lines, the lines of a show's work naming its federation and show.
    for name, show, slug in (
        ("east", east_show, "copperline-east"),
        ("west", west_show, "copperline"),
    ):
        lines = json_lines(cluster.log(name))
        assert any(" ready." in line["message"] for line in lines), name
        work = [line for line in lines if line["show"] == show.pk]
        messages = [line["message"] for line in work]
        assert f"Wrestling show {show.pk}" in messages, (name, messages)
        assert any("succeeded" in message for message in messages), (name, messages)
        assert {line["federation"] for line in work} == {slug}
    # The west worker never saw east's show, nor the east worker west's.
    assert all(line["show"] != east_show.pk for line in json_lines(cluster.log("west")))
    assert all(line["show"] != west_show.pk for line in json_lines(cluster.log("east")))
