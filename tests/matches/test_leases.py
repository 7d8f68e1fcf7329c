"""Leases and waiting, unit by unit: when a lease has expired, which earlier show holds a show
up and how the promoter is told, and the heartbeat that keeps a lease alive (run here in a
thread against the embedded database, as a worker runs it against PostgreSQL)."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest
from django.utils import timezone

from matches import simulation
from matches.models import Show, ShowStatus
from matches.selectors import show_progress
from matches.simulation import (
    Heartbeat,
    blocker_of,
    expired_lease,
    lease_seconds,
    waiting_reason,
)
from tests import factories
from tests.polling import wait_until

pytestmark = pytest.mark.django_db

NOW = timezone.now()
WEEK = dt.timedelta(days=7)


def show(federation, number, days, status, **fields):
    return factories.ShowFactory(
        federation=federation,
        number=number,
        scheduled_at=NOW + dt.timedelta(days=days),
        status=status,
        **fields,
    )


def test_the_lease_lasts_the_show_time_limit_without_heartbeats_and_the_lease_with_them(
    settings, monkeypatch
):
    settings.SHOW_TIME_LIMIT_SECONDS, settings.SHOW_LEASE_SECONDS = 600, 20
    monkeypatch.setattr(simulation, "heartbeats", lambda: False)
    assert lease_seconds() == 600.0
    monkeypatch.setattr(simulation, "heartbeats", lambda: True)
    assert lease_seconds() == 20.0


def test_heartbeats_are_off_on_sqlite_only():
    from django.db import connection

    assert simulation.heartbeats() is (connection.vendor != "sqlite")


@pytest.mark.parametrize(
    ("renewed_ago", "started_ago", "expired"),
    [
        (None, "lease+1", True),  # never renewed: the claim's time counts
        (None, "lease-1", False),
        ("lease+1", "lease+5", True),
        ("lease-1", "lease+5", False),  # renewed lately: alive however long ago it began
    ],
)
def test_a_lease_expires_a_lease_after_its_last_renewal(
    federation, renewed_ago, started_ago, expired
):
    def ago(spec):
        if spec is None:
            return None
        offset = 1 if spec.endswith("+1") else (-1 if spec.endswith("-1") else 5)
        return timezone.now() - dt.timedelta(seconds=lease_seconds() + offset)

    running = show(
        federation,
        1,
        -1,
        ShowStatus.RUNNING,
        started_at=ago(started_ago),
        heartbeat_at=ago(renewed_ago),
    )
    assert Show.objects.filter(expired_lease(), pk=running.pk).exists() is expired


def test_only_a_running_show_has_a_lease_to_expire(federation):
    stale = timezone.now() - dt.timedelta(seconds=lease_seconds() + 60)
    failed = show(federation, 1, -1, ShowStatus.FAILED, started_at=stale, heartbeat_at=stale)
    assert not Show.objects.filter(expired_lease(), pk=failed.pk).exists()


@pytest.mark.parametrize(
    ("status", "blocks"),
    [
        (ShowStatus.SCHEDULED, True),
        (ShowStatus.RUNNING, True),
        (ShowStatus.FAILED, True),
        (ShowStatus.DRAFT, False),
        (ShowStatus.BOOKED, False),
        (ShowStatus.CANCELLED, False),
        (ShowStatus.COMPLETED, False),
    ],
)
def test_which_earlier_shows_hold_a_show_up(federation, status, blocks):
    earlier = show(federation, 1, 0, status, completed_at=NOW if status == "completed" else None)
    later = show(federation, 2, 7, ShowStatus.SCHEDULED)
    assert (blocker_of(later) == earlier) is blocks
    waiting = Show.objects.filter(simulation.earlier_blocking(), pk=later.pk).exists()
    assert waiting is blocks
    assert blocker_of(earlier) is None  # a later show never holds an earlier one up


def test_the_earliest_blocker_is_named_and_another_federations_shows_hold_nothing(federation):
    first = show(federation, 1, 0, ShowStatus.FAILED)
    show(federation, 2, 7, ShowStatus.SCHEDULED)
    last = show(federation, 3, 14, ShowStatus.SCHEDULED)
    factories.ShowFactory(scheduled_at=NOW - WEEK, status=ShowStatus.SCHEDULED)
    assert blocker_of(last) == first


def test_the_waiting_reason_names_what_to_do(federation):
    blocker = show(federation, 1, 0, ShowStatus.FAILED)
    assert waiting_reason(blocker) == f"waits for {blocker}, which failed: retry or cancel it"
    blocker.status = ShowStatus.RUNNING
    assert waiting_reason(blocker) == f"waits for {blocker}, which is being wrestled"
    blocker.status = ShowStatus.SCHEDULED
    blocker.scheduled_at = dt.datetime(2026, 12, 4, 20, 0, tzinfo=dt.UTC)
    blocker.federation.time_zone = zoneinfo.ZoneInfo("America/Chicago")
    assert waiting_reason(blocker) == f"waits for {blocker}, scheduled for Fri Dec 4, 2026 at 14:00"


def test_a_busy_show_says_how_long_its_lease_has_left(federation):
    renewed = timezone.now() - dt.timedelta(seconds=10)
    running = show(federation, 1, -1, ShowStatus.RUNNING, started_at=renewed, heartbeat_at=renewed)
    outcome, lease = simulation.show_claim(show_id=running.pk)
    assert lease is None and outcome.status == "busy"
    assert lease_seconds() - 11 <= outcome.retry_in <= lease_seconds() - 9


def test_a_show_that_is_gone_or_done_is_not_claimed(federation):
    assert simulation.show_claim(show_id=987654)[0].status == "missing"
    done = show(federation, 1, -1, ShowStatus.CANCELLED)
    outcome, _ = simulation.show_claim(show_id=done.pk)
    assert (outcome.status, outcome.detail) == ("done", ShowStatus.CANCELLED)
    draft = show(federation, 2, 7, ShowStatus.BOOKED)
    outcome, _ = simulation.show_claim(show_id=draft.pk)
    assert (outcome.status, outcome.detail) == ("not_scheduled", ShowStatus.BOOKED)


def test_a_claim_takes_the_lease_and_counts_the_attempt(federation):
    due = show(federation, 1, -1, ShowStatus.SCHEDULED)
    outcome, lease = simulation.show_claim(show_id=due.pk)
    due.refresh_from_db()
    assert outcome is None
    assert (due.status, due.started_at, due.heartbeat_at, due.attempts) == (
        ShowStatus.RUNNING,
        lease,
        lease,
        1,
    )


# -- the heartbeat ------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_heartbeat_renews_the_lease_while_the_show_is_held():
    federation = factories.FederationFactory()
    lease = timezone.now() - dt.timedelta(seconds=30)
    held = show(federation, 1, -1, ShowStatus.RUNNING, started_at=lease, heartbeat_at=lease)
    with Heartbeat(held.pk, lease, every=0.05) as beat:
        wait_until(
            lambda: Show.objects.get(pk=held.pk).heartbeat_at > lease,
            timeout=10,
            what="the heartbeat to renew the lease",
        )
        assert not beat.lost.is_set()
    assert not beat._thread.is_alive()  # stopped and joined on the way out
    assert Show.objects.get(pk=held.pk).started_at == lease  # renewing moves only the heartbeat


@pytest.mark.django_db(transaction=True)
def test_the_heartbeat_notices_the_lease_passed_to_another_worker():
    federation = factories.FederationFactory()
    lease = timezone.now() - dt.timedelta(seconds=30)
    held = show(federation, 1, -1, ShowStatus.RUNNING, started_at=lease, heartbeat_at=lease)
    Show.objects.filter(pk=held.pk).update(started_at=lease + dt.timedelta(seconds=1))
    with Heartbeat(held.pk, lease, every=0.05) as beat:
        assert beat.lost.wait(10)
    assert Show.objects.get(pk=held.pk).heartbeat_at == lease  # not renewed for another's lease


# -- writing a show's end under its lease --------------------------------------------------------


def held_show(federation):
    lease = timezone.now() - dt.timedelta(seconds=5)
    return show(federation, 1, -1, ShowStatus.RUNNING, started_at=lease, attempts=2), lease


def test_a_failure_is_written_only_under_the_lease_it_was_found_under(federation):
    held, lease = held_show(federation)
    simulation._mark_failed(held.pk, lease - dt.timedelta(seconds=1), "an older worker's")
    held.refresh_from_db()
    assert (held.status, held.error) == (ShowStatus.RUNNING, "")
    simulation._mark_failed(held.pk, lease, "x" * 5000)
    held.refresh_from_db()
    assert (held.status, held.error) == (ShowStatus.FAILED, "x" * 4000)  # kept to 4000 characters


def test_a_show_is_handed_back_only_under_the_lease_it_was_taken_with(federation):
    held, lease = held_show(federation)
    simulation._release(held.pk, lease + dt.timedelta(seconds=1))
    held.refresh_from_db()
    assert (held.status, held.attempts) == (ShowStatus.RUNNING, 2)
    simulation._release(held.pk, lease)
    held.refresh_from_db()
    assert (held.status, held.attempts) == (ShowStatus.SCHEDULED, 1)


def test_due_shows_come_in_date_order_whatever_their_federation(federation):
    from matches.services import shows_due

    later = show(federation, 1, -1, ShowStatus.SCHEDULED)
    earlier = factories.ShowFactory(scheduled_at=NOW - 2 * WEEK, status=ShowStatus.SCHEDULED)
    assert later.pk < earlier.pk
    assert shows_due() == [earlier.pk, later.pk]


def test_a_show_that_cannot_be_claimed_is_tried_once_a_round(federation, monkeypatch):
    from matches import services

    due = show(federation, 1, -1, ShowStatus.SCHEDULED)
    tried = []

    def busy(*, show_id):
        tried.append(show_id)
        return simulation.Outcome(show_id, "busy", "another worker holds the show")

    monkeypatch.setattr(services, "show_simulate", busy)
    outcomes = services.shows_run_due(limit=50)
    assert tried == [due.pk]
    assert [o.status for o in outcomes] == ["busy"]


def test_due_shows_are_dispatched_after_the_commit(
    federation, monkeypatch, django_capture_on_commit_callbacks
):
    from matches import services, tasks

    due = show(federation, 1, -1, ShowStatus.SCHEDULED)
    sent = []
    monkeypatch.setattr(
        tasks.simulate_show, "apply_async", lambda args, **options: sent.append(args[0])
    )
    with django_capture_on_commit_callbacks() as callbacks:
        assert services.shows_dispatch_due() == [due.pk]
        assert sent == []  # nothing leaves before the commit
    assert len(callbacks) == 1
    callbacks[0]()
    assert sent == [due.pk]


def test_run_due_reads_the_moment_it_is_given(federation, monkeypatch):
    from matches import services

    soon = show(federation, 1, 2, ShowStatus.SCHEDULED)  # in two days
    tried = []
    monkeypatch.setattr(
        services,
        "show_simulate",
        lambda *, show_id: tried.append(show_id) or simulation.Outcome(show_id, "done"),
    )
    assert services.shows_run_due() == []
    outcomes = services.shows_run_due(now=NOW + 3 * dt.timedelta(days=1))
    assert tried == [soon.pk] and [o.status for o in outcomes] == ["done"]


def test_a_busy_show_never_renewed_counts_its_lease_from_its_claim(federation):
    claimed = timezone.now() - dt.timedelta(seconds=10)
    running = show(federation, 1, -1, ShowStatus.RUNNING, started_at=claimed, heartbeat_at=None)
    outcome, _ = simulation.show_claim(show_id=running.pk)
    assert outcome.status == "busy"
    assert lease_seconds() - 11 <= outcome.retry_in <= lease_seconds() - 9


def test_a_show_waiting_says_for_what(federation):
    failed = show(federation, 1, -2, ShowStatus.FAILED)
    waiting = show(federation, 2, -1, ShowStatus.SCHEDULED)
    outcome, _ = simulation.show_claim(show_id=waiting.pk)
    assert (outcome.status, outcome.detail) == (
        "waiting",
        f"waits for {failed}, which failed: retry or cancel it",
    )


def test_a_scheduled_show_tells_when_it_runs_in_its_federations_time(federation):
    federation.time_zone = zoneinfo.ZoneInfo("Europe/London")
    federation.save(update_fields=["time_zone"])
    scheduled = factories.ShowFactory(
        federation=federation,
        number=1,
        status=ShowStatus.SCHEDULED,
        scheduled_at=dt.datetime(2027, 7, 2, 18, 30, tzinfo=dt.UTC),
    )
    assert show_progress(show=scheduled).message == "Scheduled for Fri Jul 2, 2027 at 19:30."
