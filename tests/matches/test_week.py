"""The promoter's week on the embedded default (SQLite or PostgreSQL, tasks in process): nothing
stalls, nothing is booked twice, a failed show can be retried or cancelled, and a season is one
at a time, resumable and sturdy against a dropped connection."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import OperationalError
from django.utils import timezone

from matches import season as season_module
from matches import services
from matches.booking import STRANDED, BookingError, in_words, match_book, show_create
from matches.models import Match, MatchStatus, Show, ShowStatus
from matches.runner import run_due_once
from matches.season import SeasonLockHeld
from matches.services import (
    CANNOT_CANCEL,
    CANNOT_RETRY,
    RUN_FAILED_FIRST,
    show_cancel,
    show_retry,
    show_run_now,
    shows_due,
    shows_waiting,
    week_run,
)
from matches.simulation import show_simulate
from promotion.models import Federation
from tests.matches.helpers import SAMPLE, book_week, sample_federation

pytestmark = pytest.mark.django_db(transaction=True)


def run(*args, **kwargs) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO(), **kwargs)
    return out.getvalue()


def check_clean(slug: str = SAMPLE) -> None:
    assert "every invariant holds" in run("check_federation", slug)


def test_the_demo_then_a_four_week_season_finishes_at_once(in_process):
    run("demo", no_serve=True, weeks=4)
    federation = Federation.objects.get(slug=SAMPLE)
    pending = federation.shows.get(status=ShowStatus.SCHEDULED)
    assert pending.scheduled_at > timezone.now()

    out = run("simulate_season", SAMPLE, weeks=4, no_progress=True)

    assert "Simulated 4 weeks" in out
    shows = federation.shows.order_by("number")
    assert [s.status for s in shows] == [ShowStatus.COMPLETED] * 8
    # The show the demo left scheduled was the first of the four weeks, not a duplicate.
    assert shows.filter(scheduled_at=pending.scheduled_at).count() == 1
    # The sample's titles are fought under all three systems, so a newcomer sees each.
    wrestled = set(
        Match.objects.filter(show__federation=federation, status=MatchStatus.COMPLETED)
        .values_list("rule_system", flat=True)
        .distinct()
    )
    assert wrestled == {"filsinger", "superstar", "arm"}
    check_clean()


def test_book_show_after_the_demo_books_no_duplicate(in_process):
    demo = run("demo", no_serve=True, weeks=1)
    assert "Simulating 1 week of " in demo and "Simulated 1 week of " in demo
    federation = Federation.objects.get(slug=SAMPLE)
    before = list(federation.shows.values_list("pk", flat=True))
    pending = federation.shows.get(status=ShowStatus.SCHEDULED)

    out = run("book_show", SAMPLE, auto=True, schedule=True)

    assert list(federation.shows.values_list("pk", flat=True)) == before
    assert f"Using {pending}" in out
    assert "already has its card" in out
    assert f"{pending} is already scheduled." in out


def test_run_shows_wrestles_what_is_due_and_names_what_waits(in_process):
    federation = sample_federation()
    now = timezone.now()
    first = book_week(federation, scheduled_at=now - dt.timedelta(days=2), seed=1, matches=2)
    second = book_week(federation, scheduled_at=now - dt.timedelta(days=1), seed=2, matches=2)
    Show.objects.filter(pk=first.pk).update(status=ShowStatus.FAILED, error="boom")

    said: list[str] = []
    assert run_due_once(report=said.append) == []
    assert said == [f"{second} waits for {first}, which failed: retry or cancel it."]
    assert shows_waiting(federation=federation) == [(second, first)]

    show_retry(show=first)  # due: wrestled at once
    first.refresh_from_db()
    assert first.status == ShowStatus.COMPLETED
    out = run("run_shows")
    assert f"{second} ({federation}): wrestled." in out
    assert Show.objects.get(pk=second.pk).status == ShowStatus.COMPLETED
    assert "No show is due." in run("run_shows")
    check_clean()


def test_a_cancelled_show_no_longer_holds_the_federation_up(in_process):
    federation = sample_federation()
    now = timezone.now()
    first = book_week(federation, scheduled_at=now - dt.timedelta(days=2), seed=1, matches=2)
    second = book_week(federation, scheduled_at=now - dt.timedelta(days=1), seed=2, matches=2)
    Show.objects.filter(pk=first.pk).update(status=ShowStatus.FAILED, error="boom")
    assert shows_due() == []

    out = run("show", SAMPLE, first.number, cancel=True)

    assert "Cancelled" in out
    assert shows_due() == [second.pk]
    assert not Match.objects.filter(show=first, status=MatchStatus.COMPLETED).exists()
    with pytest.raises(BookingError) as refused:
        show_retry(show=first)
    assert refused.value.reasons == [CANNOT_RETRY.format(show=first, status="cancelled")]


def test_a_show_that_has_run_cannot_be_cancelled_or_retried(in_process):
    federation = sample_federation()
    show = book_week(
        federation, scheduled_at=timezone.now() - dt.timedelta(hours=1), seed=3, matches=2
    )
    show_run_now(show=show)
    show.refresh_from_db()
    assert show.status == ShowStatus.COMPLETED
    with pytest.raises(BookingError) as refused:
        show_cancel(show=show)
    assert refused.value.reasons == [CANNOT_CANCEL.format(show=show, status="completed")]
    with pytest.raises(CommandError, match="only a failed show can be retried"):
        run("show", SAMPLE, show.number, retry=True)


def test_run_this_week_books_and_wrestles_the_next_show(in_process):
    federation = sample_federation()
    show = week_run(federation=federation).show
    assert show.status == ShowStatus.COMPLETED
    assert show.matches.count() == federation.card_size
    assert show.scheduled_at > timezone.now()
    following = week_run(federation=federation).show
    assert following.number == show.number + 1
    assert following.scheduled_at - show.scheduled_at == dt.timedelta(days=7)
    check_clean()


def test_run_this_week_asks_for_a_failed_show_to_be_dealt_with_first(in_process):
    federation = sample_federation()
    show = book_week(federation, scheduled_at=timezone.now() + dt.timedelta(days=1), seed=4)
    Show.objects.filter(pk=show.pk).update(status=ShowStatus.FAILED, error="boom")
    with pytest.raises(BookingError) as refused:
        week_run(federation=federation)
    assert refused.value.reasons == [RUN_FAILED_FIRST.format(show=show)]
    with pytest.raises(CommandError, match="retry it or cancel it first"):
        run("simulate_season", SAMPLE, weeks=1, no_progress=True)


def test_a_finished_week_is_told_without_another_query(in_process):
    """A season's callback reads each finished show (its number and date) outside the step that
    is retried after a dropped connection, so it must not need the database: a cut right after a
    show finished once ended a season with "The database is unavailable"."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from matches.season import season_simulate

    federation = sample_federation()
    told = []

    def on_show(show):
        with CaptureQueriesContext(connection) as queries:
            told.append((show.number, show.date))
        assert len(queries) == 0, [q["sql"] for q in queries]

    shows = season_simulate(federation=federation, weeks=2, on_show=on_show)
    assert told == [(s.number, s.date) for s in shows] and len(told) == 2


def test_run_this_week_with_too_few_wrestlers_leaves_no_empty_show_behind(in_process):
    from tests import factories

    federation = factories.FederationFactory()
    factories.BookableWrestlerFactory(federation=federation)  # one: no match can be made
    with pytest.raises(BookingError) as refused:
        week_run(federation=federation)
    assert "too few wrestlers are available" in str(refused.value)
    assert not federation.shows.exists()


def test_a_stray_draft_blocks_nothing_and_cannot_be_booked_once_history_passed_it(in_process):
    federation = sample_federation()
    now = timezone.now()
    draft = show_create(federation=federation, scheduled_at=now - dt.timedelta(days=3))
    later = book_week(federation, scheduled_at=now - dt.timedelta(days=1), seed=5, matches=2)
    assert shows_due() == [later.pk]
    assert show_simulate(show_id=later.pk).status == "completed"

    a, b = federation.wrestlers.order_by("pk")[:2]
    with pytest.raises(BookingError) as refused:
        match_book(show=draft, sides=[[a], [b]])
    later.refresh_from_db()
    assert refused.value.reasons == [
        STRANDED.format(
            show=draft,
            at=in_words(draft.scheduled_at, draft.federation),
            last=in_words(later.scheduled_at, draft.federation),
        )
    ]
    assert services.next_open_show(federation=federation) is None


def test_a_second_season_of_one_federation_is_refused_at_once(in_process):
    federation = sample_federation()
    holder = SeasonLockHeld(federation).acquire()
    try:
        with pytest.raises(CommandError) as refused:
            run("simulate_season", SAMPLE, weeks=2, no_progress=True)
        assert "already running" in str(refused.value)
        assert holder.holder in str(refused.value)
        assert not federation.shows.exists()
    finally:
        holder.release()
    run("simulate_season", SAMPLE, weeks=1, no_progress=True)
    assert federation.shows.count() == 1


def _season_results(slug: str = SAMPLE):
    return list(
        Match.objects.filter(show__federation__slug=slug)
        .order_by("show__number", "position")
        .values_list("show__number", "position", "winner_side", "method", "seed")
    )


def test_an_interrupted_season_resumes_with_the_same_seeds(in_process):
    start = dt.date(2026, 9, 4)
    sample_federation()
    run("simulate_season", SAMPLE, weeks=3, seed=11, start=start, no_progress=True)
    whole = _season_results()

    call_command("load_sample_federation", replace=True, verbosity=0)
    run("simulate_season", SAMPLE, weeks=1, seed=11, start=start, no_progress=True)
    run("simulate_season", SAMPLE, weeks=2, seed=11, no_progress=True)
    assert _season_results() == whole


def test_a_season_survives_a_dropped_connection(in_process, monkeypatch):
    sample_federation()
    real = season_module.next_open_show
    drops = iter([True, True])

    def flaky(**kwargs):
        if next(drops, False):
            raise OperationalError("server closed the connection unexpectedly")
        return real(**kwargs)

    monkeypatch.setattr(season_module, "next_open_show", flaky)
    monkeypatch.setattr(season_module.time, "sleep", lambda seconds: None)
    out = run("simulate_season", SAMPLE, weeks=2, no_progress=True)
    assert "Simulated 2 weeks" in out
    check_clean()


def test_a_season_whose_database_stays_down_stops_with_one_line(in_process, monkeypatch):
    sample_federation()

    def down(**kwargs):
        raise OperationalError("could not connect to server: Connection refused\nIs it running?")

    monkeypatch.setattr(season_module, "next_open_show", down)
    monkeypatch.setattr(season_module.time, "sleep", lambda seconds: None)
    with pytest.raises(CommandError) as stopped:
        run("simulate_season", SAMPLE, weeks=2, no_progress=True)
    message = str(stopped.value)
    assert message == season_module.DATABASE_GONE.format(
        attempts=season_module.DATABASE_ATTEMPTS,
        error="could not connect to server: Connection refused",
    )
    assert "\n" not in message


def test_progress_tells_the_public_the_state_and_members_the_error(in_process):
    from matches.models import PUBLIC_FAILURE
    from matches.selectors import show_progress

    federation = sample_federation()
    now = timezone.now()
    first = book_week(federation, scheduled_at=now + dt.timedelta(days=1), seed=1, matches=2)
    second = book_week(federation, scheduled_at=now + dt.timedelta(days=2), seed=2, matches=3)
    progress = show_progress(show=second)
    assert (progress.status, progress.done, progress.total) == ("scheduled", 0, 3)
    assert f"waits for {first}" in progress.message

    Show.objects.filter(pk=first.pk).update(status=ShowStatus.FAILED, error="KeyError: 19")
    failed = show_progress(show=first)
    assert failed.message == PUBLIC_FAILURE
    assert failed.error == "KeyError: 19"
    assert "KeyError" not in failed.message

    show_cancel(show=first)
    show_run_now(show=second)
    done = show_progress(show=second)
    assert (done.status, done.done, done.total, done.finished) == ("completed", 3, 3, True)
    assert done.message == "Completed: 3 matches wrestled."
    single = book_week(federation, scheduled_at=now + dt.timedelta(days=3), seed=3, matches=1)
    assert show_progress(show=single).message.startswith("Scheduled")
    show_run_now(show=single)
    assert show_progress(show=single).message == "Completed: 1 match wrestled."


def test_the_ledger_reads_in_order_after_the_demo(in_process):
    """Signing rows come first (dated by the debut), and each row's value follows the last."""
    from promotion.models import StandingChange

    run("demo", no_serve=True, weeks=2)
    federation = Federation.objects.get(slug=SAMPLE)
    for wrestler in federation.wrestlers.all():
        rows = list(StandingChange.objects.filter(wrestler=wrestler).order_by("created_at", "id"))
        assert rows[0].reason == "Signed with the federation"
        running: dict[str, int] = {}
        for row in rows:
            running[row.attribute] = running.get(row.attribute, 0) + row.delta
            assert row.value_after == running[row.attribute], (wrestler, row)
        shows = {row.show_id for row in rows if row.show_id}
        for row in rows:
            if row.show_id:
                assert row.created_at == row.show.scheduled_at
        assert len(shows) <= 2


def test_a_show_run_ahead_of_its_date_whose_worker_died_is_taken_over(in_process):
    federation = sample_federation()
    show = book_week(federation, scheduled_at=timezone.now() + dt.timedelta(days=5), seed=6)
    assert shows_due() == []  # not due yet
    stale = timezone.now() - dt.timedelta(hours=1)
    Show.objects.filter(pk=show.pk).update(
        status=ShowStatus.RUNNING, started_at=stale, heartbeat_at=stale, attempts=1
    )
    assert shows_due() == [show.pk]


def test_a_connection_dropped_after_a_show_finished_does_not_add_a_week(in_process, monkeypatch):
    """The retried step goes on with the week's show (done meanwhile), not a new one."""
    sample_federation()
    real = season_module._wait
    drops = iter([True])

    def wait_then_drop(show, **kwargs):
        done = real(show, **kwargs)
        if next(drops, False):
            raise OperationalError("terminating connection due to administrator command")
        return done

    monkeypatch.setattr(season_module, "_wait", wait_then_drop)
    monkeypatch.setattr(season_module.time, "sleep", lambda seconds: None)
    out = run("simulate_season", SAMPLE, weeks=2, no_progress=True)
    assert "Simulated 2 weeks" in out
    federation = Federation.objects.get(slug=SAMPLE)
    assert federation.shows.count() == 2
    check_clean()


def test_run_this_week_after_a_long_break_books_the_next_slot_from_today(in_process):
    federation = sample_federation()
    long_ago = timezone.now() - dt.timedelta(days=60)
    old = book_week(federation, scheduled_at=federation.next_show_time(long_ago), seed=5)
    show_run_now(show=old)
    show = week_run(federation=federation).show
    assert show.number == old.number + 1
    assert timezone.now() < show.scheduled_at <= timezone.now() + dt.timedelta(days=7)
    assert show.scheduled_at == federation.next_show_time(timezone.now() - dt.timedelta(seconds=5))
