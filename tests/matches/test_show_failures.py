"""What the reliability of shows rests on, checked in this process with no broker and no
PostgreSQL (so it runs everywhere): an engine that raises, the bound on attempts, a lease lost
before the show begins, and the order of the time limits and the broker's visibility timeout.

``test_reliability.py`` checks the same behaviour on real workers, PostgreSQL and Redis.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.utils import timezone

from config.limits import (
    broker_visibility_timeout,
    show_hard_time_limit,
    show_soft_time_limit,
)
from matches import simulation
from matches.models import Match, MatchStatus, Show, ShowStatus
from matches.services import shows_due
from matches.simulation import ABANDONED, LEASE_LOST, MAX_ATTEMPTS, show_simulate
from rules import registry
from tests.faulty_app import ENGINE_FAILURE
from tests.matches.helpers import book_week, fingerprint, row_counts, sample_federation
from tests.workers import ROOT

pytestmark = pytest.mark.django_db
WEEK = dt.timedelta(days=7)


class Exploding:
    """The real engine, except that the third match of a show raises."""

    def __init__(self, real):
        self.real = real
        self.calls = 0

    def __getattr__(self, name):
        return getattr(self.real, name)

    def simulate(self, *args, **kwargs):
        self.calls += 1
        if self.calls == 3:
            raise RuntimeError(ENGINE_FAILURE)
        return self.real.simulate(*args, **kwargs)


class Counting(Exploding):
    """The real engine, counting the matches it wrestles."""

    def simulate(self, *args, **kwargs):
        self.calls += 1
        return self.real.simulate(*args, **kwargs)


@pytest.fixture
def federation():
    return sample_federation()


def two_due_weeks(federation):
    start = timezone.now() - 3 * WEEK
    first = book_week(federation, scheduled_at=federation.next_show_time(start), seed=1)
    second = book_week(
        federation, scheduled_at=federation.next_show_time(first.scheduled_at), seed=2
    )
    return first, second


def status_of(show: Show) -> str:
    show.refresh_from_db()
    return show.status


def held_since(show: Show, *, seconds_ago: float, attempts: int) -> None:
    """The show as a worker that claimed it ``seconds_ago`` and never renewed its lease left it."""
    stale = timezone.now() - dt.timedelta(seconds=seconds_ago)
    Show.objects.filter(pk=show.pk).update(
        status=ShowStatus.RUNNING, started_at=stale, heartbeat_at=stale, attempts=attempts
    )


# -- an engine that raises ----------------------------------------------------------------------


def test_a_show_whose_engine_raises_is_failed_and_the_next_show_waits(federation, monkeypatch):
    first, second = two_due_weeks(federation)
    before = fingerprint(first), row_counts(federation)
    monkeypatch.setitem(registry.systems, "filsinger", Exploding(registry.systems["filsinger"]))

    outcome = show_simulate(show_id=first.pk)

    assert (outcome.status, outcome.detail) == ("failed", f"RuntimeError: {ENGINE_FAILURE}")
    assert status_of(first) == ShowStatus.FAILED
    assert first.error == f"RuntimeError: {ENGINE_FAILURE}"
    assert (fingerprint(first), row_counts(federation)) == before  # nothing else changed
    assert not Match.objects.filter(show=first).exclude(status=MatchStatus.BOOKED).exists()
    assert show_simulate(show_id=second.pk).status == "waiting"
    assert status_of(second) == ShowStatus.SCHEDULED
    assert shows_due() == []


# -- the bound on attempts ----------------------------------------------------------------------


def test_the_last_allowed_attempt_still_wrestles_the_show(federation):
    first, _ = two_due_weeks(federation)
    held_since(first, seconds_ago=simulation.lease_seconds() + 1, attempts=MAX_ATTEMPTS - 1)
    assert show_simulate(show_id=first.pk).status == "completed"
    assert status_of(first) == ShowStatus.COMPLETED
    assert first.attempts == MAX_ATTEMPTS


def test_one_attempt_beyond_the_bound_fails_the_show_naming_the_attempts_that_died(federation):
    first, _ = two_due_weeks(federation)
    before = row_counts(federation)
    held_since(first, seconds_ago=simulation.lease_seconds() + 1, attempts=MAX_ATTEMPTS)
    outcome = show_simulate(show_id=first.pk)
    assert (outcome.status, outcome.detail) == ("failed", ABANDONED.format(attempts=3))
    assert status_of(first) == ShowStatus.FAILED
    assert (first.error, first.attempts) == (ABANDONED.format(attempts=3), MAX_ATTEMPTS + 1)
    assert row_counts(federation) == before


def test_the_bound_is_three_attempts():
    assert MAX_ATTEMPTS == 3


def test_a_lease_one_second_from_expiry_is_left_to_its_holder(federation):
    first, _ = two_due_weeks(federation)
    held_since(first, seconds_ago=simulation.lease_seconds() - 1, attempts=1)
    outcome = show_simulate(show_id=first.pk)
    assert outcome.status == "busy"
    assert 0 < outcome.retry_in <= 1.5
    assert (status_of(first), first.attempts) == (ShowStatus.RUNNING, 1)


# -- a lease lost before the show begins --------------------------------------------------------


@pytest.mark.parametrize(
    "takeover",
    [
        pytest.param({"started_at_shift": 5}, id="another worker took the lease"),
        pytest.param({"status": ShowStatus.CANCELLED}, id="the show was called off"),
    ],
)
def test_a_show_whose_lease_is_lost_before_it_begins_is_not_wrestled(
    federation, monkeypatch, takeover
):
    first, _ = two_due_weeks(federation)
    before = fingerprint(first), row_counts(federation)
    engine = Counting(registry.systems["filsinger"])
    monkeypatch.setitem(registry.systems, "filsinger", engine)
    claim = simulation.show_claim

    def claim_then_lose(*, show_id):
        refusal, lease = claim(show_id=show_id)
        if "status" in takeover:
            Show.objects.filter(pk=show_id).update(status=takeover["status"])
        else:
            later = lease + dt.timedelta(seconds=takeover["started_at_shift"])
            Show.objects.filter(pk=show_id).update(started_at=later, heartbeat_at=later)
        return refusal, lease

    monkeypatch.setattr(simulation, "show_claim", claim_then_lose)
    outcome = show_simulate(show_id=first.pk)
    assert (outcome.show_id, outcome.status, outcome.detail) == (first.pk, "busy", LEASE_LOST)
    assert engine.calls == 0  # not one match wrestled for a lease it no longer holds
    assert (fingerprint(first), row_counts(federation)) == before


# -- time limits and the visibility timeout ------------------------------------------------------


@pytest.mark.parametrize("limit", [1, 2, 4, 30, 600, 3600, 86_400])
def test_the_visibility_timeout_outlasts_the_hard_limit_which_outlasts_the_soft(limit):
    soft, hard = show_soft_time_limit(limit), show_hard_time_limit(limit)
    assert soft == limit
    assert hard == limit + 30
    assert broker_visibility_timeout(limit) == 2 * limit + 60
    assert broker_visibility_timeout(limit) > hard > soft


def test_the_task_takes_its_limits_from_the_settings():
    from matches.tasks import simulate_show

    assert simulate_show.soft_time_limit == settings.SHOW_TIME_LIMIT_SECONDS
    assert simulate_show.time_limit == settings.SHOW_TIME_LIMIT_SECONDS + 30


def test_with_a_broker_configured_and_a_short_limit_the_visibility_timeout_outlasts_the_task():
    """The settings and the task as a worker would read them (REDIS_URL set, a four-second
    limit), in a fresh interpreter; nothing connects to the broker."""
    probe = (
        "import json, django; django.setup(); "
        "from config.celery import app; from matches.tasks import simulate_show; "
        "print(json.dumps([app.conf.broker_transport_options['visibility_timeout'], "
        "simulate_show.soft_time_limit, simulate_show.time_limit]))"
    )
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "REDIS_URL": "redis://127.0.0.1:6379/9",
        "SHOW_TIME_LIMIT_SECONDS": "4",
        "PYTHONPATH": str(ROOT),
    }
    done = subprocess.run(
        [sys.executable, "-c", probe], env=env, cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    visibility, soft, hard = json.loads(done.stdout.strip().splitlines()[-1])
    assert (visibility, soft, hard) == (68, 4, 34)


# -- seeds and transient errors -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("show_seed", "position", "seed"),
    [
        # docs/operations.md: BLAKE2b (8 bytes) of "SHOW_SEED:POSITION", big-endian, >> 1
        (1, 1, 5186469624960807611),
        (1, 2, 7020988164444819289),
        (42, 7, 7041254291183900872),
        (2**62 - 1, 12, 2260054615886177403),
    ],
)
def test_a_matchs_seed_is_derived_as_the_operations_guide_says(show_seed, position, seed):
    assert simulation.match_seed(show_seed, position) == seed


def test_a_transient_database_error_hands_the_show_back_and_propagates(federation, monkeypatch):
    from django.db import OperationalError

    first, _ = two_due_weeks(federation)
    before = fingerprint(first), row_counts(federation)
    real = registry.systems["filsinger"]

    class Dropping(Exploding):
        def simulate(self, *args, **kwargs):
            self.calls += 1
            if self.calls == 2:
                raise OperationalError("server closed the connection unexpectedly")
            return self.real.simulate(*args, **kwargs)

    monkeypatch.setitem(registry.systems, "filsinger", Dropping(real))
    with pytest.raises(OperationalError):
        show_simulate(show_id=first.pk)
    first.refresh_from_db()
    # back on the schedule, the attempt not counted: the task's retry claims it at once
    assert (first.status, first.attempts, first.error) == (ShowStatus.SCHEDULED, 0, "")
    assert (fingerprint(first), row_counts(federation)) == before
    monkeypatch.setitem(registry.systems, "filsinger", real)
    assert show_simulate(show_id=first.pk).status == "completed"
    first.refresh_from_db()
    assert first.attempts == 1


def test_the_progress_of_a_show_is_cleared_when_it_is_done(federation):
    from django.core.cache import cache

    first, _ = two_due_weeks(federation)
    cache.set(simulation.progress_key(first.pk), (1, 8))
    assert simulation.progress_key(first.pk) == f"ringside:show-progress:{first.pk}"
    assert show_simulate(show_id=first.pk).status == "completed"
    assert cache.get(simulation.progress_key(first.pk)) is None


class DownCache:
    """A cache whose server has gone away (Redis restarting): every call refuses."""

    def __init__(self):
        self.calls = 0

    def _refuse(self, *args, **kwargs):
        import redis

        self.calls += 1
        raise redis.exceptions.ConnectionError("Error 111 connecting to the cache")

    set = get = delete = _refuse


def test_a_show_is_wrestled_while_the_cache_that_holds_its_progress_is_down(
    federation, monkeypatch
):
    from matches.selectors import show_progress

    first, _ = two_due_weeks(federation)
    down = DownCache()
    monkeypatch.setattr(simulation, "cache", down)
    assert show_simulate(show_id=first.pk).status == "completed"
    first.refresh_from_db()
    assert (first.status, first.error) == (ShowStatus.COMPLETED, "")
    assert down.calls == first.matches.count() + 1  # a report a match, and the clearing
    # The page that asks how a running show is going says it cannot count, and does not fail.
    Show.objects.filter(pk=first.pk).update(status=ShowStatus.RUNNING, completed_at=None)
    total = first.matches.count()
    assert show_progress(show=first).message == f"Being wrestled: 0 of {total} matches done."


@pytest.mark.django_db(transaction=True)  # the show is sent off when the booking's write commits
def test_show_run_now_that_fails_exits_with_an_error(federation, monkeypatch, in_process):
    from django.core.management import CommandError, call_command

    first, _second = two_due_weeks(federation)
    monkeypatch.setitem(registry.systems, "filsinger", Exploding(registry.systems["filsinger"]))
    out = io.StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("show", federation.slug, str(first.number), "--run-now", stdout=out)
    assert str(caught.value) == (
        f"{first} failed and nothing of it was written; once the cause is fixed, "
        f"`show {federation.slug} {first.number} --retry` puts it back on the schedule."
    )
    assert f"Failed: RuntimeError: {ENGINE_FAILURE}" in out.getvalue()
    assert status_of(first) == ShowStatus.FAILED
    assert not first.matches.filter(status=MatchStatus.COMPLETED).exists()


def test_run_shows_names_a_failed_show_and_how_to_retry_it(federation, monkeypatch):
    from matches.runner import run_due_once

    first, second = two_due_weeks(federation)
    monkeypatch.setitem(registry.systems, "filsinger", Exploding(registry.systems["filsinger"]))
    said: list[str] = []
    run_due_once(report=said.append)
    assert said == [
        f"{first} ({federation}): failed (RuntimeError: {ENGINE_FAILURE}); "
        f"`show {federation.slug} {first.number} --retry` once the cause is fixed.",
        f"{second} waits for {first}, which failed: retry or cancel it.",
    ]


def test_a_dispatched_show_keeps_no_task_result(federation, monkeypatch):
    """Nothing reads it, and asking for one subscribes to the result store for every show."""
    from matches import services, tasks

    sent = []
    monkeypatch.setattr(tasks.simulate_show, "apply_async", lambda *a, **k: sent.append((a, k)))
    services._send(41)
    assert sent == [(((41,),), {"ignore_result": True})]
