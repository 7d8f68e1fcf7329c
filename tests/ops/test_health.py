"""``/health/``: 200 when the database and the broker answer, beat ticks and no due show waits
too long; 503, naming the failing check, when the database is down, the broker is down, beat is
silent past its bound or a due show waits past its own (each faked here)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.cache import cache
from django.db import OperationalError, connection
from django.test import override_settings
from django.utils import timezone
from redis.exceptions import ConnectionError as RedisConnectionError

from matches import operations, tasks
from matches.models import ShowStatus
from matches.operations import BEAT_TICK_KEY
from matches.runner import run_due_once
from tests import factories

pytestmark = pytest.mark.django_db

#: A broker's address where nothing listens (port 1): a broker that is down, for real.
DOWN = "redis://127.0.0.1:1/0"
BROKER = "redis://broker.invalid:6379/0"


@pytest.fixture(autouse=True)
def no_tick():
    cache.delete(BEAT_TICK_KEY)
    yield
    cache.delete(BEAT_TICK_KEY)


class FakeRedis:
    """The broker's client as the health check makes it, answering its ping (or not)."""

    def __init__(self, answers: bool):
        self.answers = answers

    def ping(self):
        if not self.answers:
            raise RedisConnectionError("Connection refused")
        return True

    def close(self):
        pass


@pytest.fixture
def broker(monkeypatch):
    """A broker configured (REDIS_URL) that answers; ``broker(False)`` makes it stop."""
    state = {"answers": True}
    monkeypatch.setattr(
        operations.redis.Redis, "from_url", lambda *a, **k: FakeRedis(state["answers"])
    )
    with override_settings(REDIS_URL=BROKER):

        def answers(value: bool = True):
            state["answers"] = value

        yield answers


def tick(seconds_ago: float, *, source="beat", every=None):
    at = timezone.now() - dt.timedelta(seconds=seconds_ago)
    cache.set(BEAT_TICK_KEY, {"at": at.isoformat(), "source": source, "every": every}, None)
    return at


def checks(response):
    return response.json()["checks"]


# -- well --------------------------------------------------------------------------------------


@override_settings(REDIS_URL=None)
def test_the_embedded_default_with_nothing_due_is_healthy(client):
    response = client.get("/health/")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert checks(response)["database"]["ok"] is True
    assert checks(response)["broker"] == {
        "ok": True,
        "detail": "in process: no broker (tasks run in the process that sends them)",
        "mode": "in process",
        "latency_ms": None,
    }
    assert checks(response)["beat"]["mode"] == "in process"
    assert checks(response)["beat"]["last_tick"] is None
    assert checks(response)["due_show"]["due"] == 0
    assert response["Cache-Control"].startswith("max-age=0")


def test_with_a_broker_that_answers_and_a_fresh_tick_it_is_healthy(client, broker):
    tick(5)
    response = client.get("/health/")
    assert response.status_code == 200, response.json()
    assert checks(response)["broker"]["mode"] == "redis"
    assert checks(response)["beat"]["source"] == "beat"
    assert 5 <= checks(response)["beat"]["age_seconds"] < 60


def test_the_ages_are_the_seconds_since_the_tick_and_the_oldest_due_show(broker):
    now = timezone.now()
    cache.set(
        BEAT_TICK_KEY,
        {"at": (now - dt.timedelta(seconds=42)).isoformat(), "source": "beat", "every": None},
        None,
    )
    federation = factories.FederationFactory()
    for minutes, number in ((3, 1), (2, 2)):
        factories.ShowFactory(
            federation=federation,
            number=number,
            status=ShowStatus.SCHEDULED,
            scheduled_at=now - dt.timedelta(minutes=minutes),
        )
    healthy, answer = operations.health(now)
    assert healthy
    assert answer["checks"]["beat"]["age_seconds"] == 42.0
    # Show 2 waits for show 1 (its federation's earlier show): only one is due for a worker.
    assert answer["checks"]["due_show"]["due"] == 1
    assert answer["checks"]["due_show"]["age_seconds"] == 180.0
    assert answer["checks"]["due_show"]["bound_seconds"] == 300.0


# -- down --------------------------------------------------------------------------------------


def test_the_database_down_answers_503(client, broker, monkeypatch):
    tick(5)

    def refused(*args, **kwargs):
        raise OperationalError("connection to server at 127.0.0.1 refused")

    with monkeypatch.context() as patched:
        patched.setattr(connection, "cursor", refused)
        response = client.get("/health/")
    assert response.status_code == 503
    assert response.json()["status"] == "failing"
    assert checks(response)["database"] == {
        "ok": False,
        "detail": "the database does not answer",
        "latency_ms": None,
    }
    assert checks(response)["due_show"]["ok"] is False  # (it reads the database too)
    assert checks(response)["broker"]["ok"] is True
    assert "127.0.0.1" not in response.content.decode()  # the error itself is for the log


def test_the_broker_down_answers_503(client, broker):
    tick(5)
    broker(False)
    response = client.get("/health/")
    assert response.status_code == 503
    assert checks(response)["broker"] == {
        "ok": False,
        "detail": "the broker (Redis) does not answer",
        "mode": "redis",
        "latency_ms": None,
    }
    assert checks(response)["database"]["ok"] is True


@override_settings(REDIS_URL=DOWN)
def test_a_broker_that_refuses_connections_answers_503(client):
    """No fake: nothing listens where REDIS_URL points."""
    tick(5)
    response = client.get("/health/")
    assert response.status_code == 503
    assert checks(response)["broker"]["ok"] is False


def test_beat_silent_past_its_bound_answers_503(client, broker):
    tick(61)  # the bound: 60 seconds
    response = client.get("/health/")
    assert response.status_code == 503
    beat = checks(response)["beat"]
    assert beat["ok"] is False
    assert beat["detail"] == "silent for more than 60 seconds"
    assert beat["bound_seconds"] == 60.0
    assert beat["age_seconds"] >= 61


@override_settings(HEALTH_BEAT_SILENT_SECONDS=120)
def test_the_beats_bound_is_a_setting(client, broker):
    tick(61)
    assert client.get("/health/").status_code == 200
    tick(121)
    assert client.get("/health/").status_code == 503


def test_beat_never_heard_of_with_a_broker_answers_503(client, broker):
    response = client.get("/health/")
    assert response.status_code == 503
    assert checks(response)["beat"]["detail"] == "no tick of beat's dispatch is recorded"


def test_a_due_show_no_worker_took_past_its_bound_answers_503(client, broker):
    tick(5)
    show = factories.ShowFactory(
        status=ShowStatus.SCHEDULED, scheduled_at=timezone.now() - dt.timedelta(seconds=301)
    )
    response = client.get("/health/")
    assert response.status_code == 503
    due = checks(response)["due_show"]
    assert due["detail"] == "a due show has waited more than 300 seconds"
    assert due["oldest_due_at"] == show.scheduled_at.isoformat()
    # Taken by a worker: it no longer counts.
    type(show).objects.filter(pk=show.pk).update(
        status=ShowStatus.RUNNING, started_at=timezone.now(), heartbeat_at=timezone.now()
    )
    assert client.get("/health/").status_code == 200


# -- the ticks and the embedded default --------------------------------------------------------


def test_beats_dispatch_records_its_tick(broker, in_process):
    before = timezone.now()
    tasks.dispatch_due_shows.apply()
    recorded = operations.beat_tick()
    assert recorded is not None and recorded.source == "beat"
    assert before <= recorded.at <= timezone.now()


@override_settings(REDIS_URL=None)
def test_the_in_process_runner_records_its_tick_and_is_judged_by_its_period(client):
    run_due_once(report=lambda line: None, every=30)
    response = client.get("/health/")
    assert response.status_code == 200
    assert checks(response)["beat"]["source"] == "runner"
    # Silent for three of its periods (90 s, above the 60 s setting): stopped.
    tick(89, source="runner", every=30)
    assert client.get("/health/").status_code == 200
    tick(91, source="runner", every=30)
    response = client.get("/health/")
    assert response.status_code == 503
    assert checks(response)["beat"]["bound_seconds"] == 90.0


@override_settings(REDIS_URL=None)
def test_the_embedded_default_with_a_show_nothing_wrestles_answers_503(client):
    """No runner in this process (a server without ``run_shows``): the due show stands for
    the beat."""
    factories.ShowFactory(
        status=ShowStatus.SCHEDULED, scheduled_at=timezone.now() - dt.timedelta(minutes=10)
    )
    response = client.get("/health/")
    assert response.status_code == 503
    assert checks(response)["beat"]["ok"] is True
    assert checks(response)["due_show"]["ok"] is False


@override_settings(REDIS_URL=None)
def test_health_reads_whatever_the_method_and_writes_nothing(client):
    assert client.post("/health/").status_code == 200
    assert client.head("/health/").status_code == 200
    assert client.put("/health/").status_code == 405


def test_in_production_health_is_answered_over_plain_http(tmp_path):
    """With production settings (https enforced), a load balancer's plain-HTTP check of a web
    process gets the health answer, not a redirect to https; any other page is redirected."""
    import os
    import subprocess
    import sys

    from tests.workers import ROOT

    code = (
        "import django; django.setup(); from django.test import Client; c = Client(); "
        "print(c.get('/health/').status_code, c.get('/').status_code)"
    )
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "health-check-test-key-7QzX9wLm2Rv8Tn4Kp6Hd3Fs5Jb1Yc0Ga",
        "DJANGO_ALLOWED_HOSTS": "testserver",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'empty.sqlite3'}",
    }
    env.pop("REDIS_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    health, home = done.stdout.split()
    # (an empty database: no table of shows, so unhealthy; but answered)
    assert health == "503"
    assert home == "301"
