"""The shows' commands refuse bad input with one line and a non-zero exit, before writing
anything: dates past the calendar (`simulate_season --start`, `book_show --at`), a `--start` the
federation's history has passed, a season that would run off the calendar, `run_shows --every`
out of bounds, `demo --weeks` out of bounds. `run_shows` does not say "no show is due" of a due
show it has just named as waiting."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from matches.models import Show, ShowStatus
from promotion.models import Federation
from tests.matches.helpers import SAMPLE, book_week, sample_federation


def run(*args, **kwargs) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command(*args, stdout=out, stderr=err, **kwargs)
    return out.getvalue(), err.getvalue()


def refused(*args, **kwargs) -> str:
    with pytest.raises(CommandError) as caught:
        run(*args, **kwargs)
    message = str(caught.value)
    assert "\n" not in message and "Traceback" not in message
    return message


# ------------------------------------------------------------------------------ simulate_season


@pytest.mark.parametrize("start", ["2026-02-30", "next week", "2026-13-01"])
def test_a_start_that_is_no_day_says_how_to_give_one(start):
    message = refused("simulate_season", SAMPLE, "--start", start, "--no-progress")
    assert message.endswith(
        f"argument --start: {start!r} is no day of the calendar: give it as YYYY-MM-DD, such as "
        "2027-01-08"
    )


@pytest.mark.django_db
@pytest.mark.parametrize("start", ["0001-01-01", "9999-12-30", "9999-12-31"])
def test_a_start_past_the_calendar_is_refused_naming_it(start):
    sample_federation()
    message = refused("simulate_season", SAMPLE, "--start", start, "--no-progress")
    assert message == f"--start is a date in the years 2 to 9998, not {start}."
    assert not Show.objects.exists()


@pytest.mark.django_db
def test_a_season_that_would_run_off_the_calendar_is_refused():
    sample_federation()
    message = refused(
        "simulate_season", SAMPLE, "--start", "9998-06-01", "--weeks", "40", "--no-progress"
    )
    assert message == (
        "40 weekly shows from 9998-06-01 would run past the end of year 9998; "
        "give fewer --weeks or an earlier --start."
    )
    assert not Show.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_start_the_history_has_passed_is_said_and_the_shows_follow_it(in_process):
    """Said, not refused: a season cut short is finished by running the same command again."""
    sample_federation()
    season = {"weeks": 1, "seed": 3, "no_progress": True}
    run("simulate_season", SAMPLE, start=dt.date(2026, 9, 4), **season)
    first = Show.objects.get()
    err = io.StringIO()
    call_command("simulate_season", SAMPLE, start=dt.date(2026, 9, 4), stderr=err, **season)
    assert err.getvalue().strip() == (
        f"note: --start 2026-09-04 is not after {first} (2026-09-04): new shows follow the "
        "federation's last show."
    )
    # A later --start is honoured.
    run("simulate_season", SAMPLE, start=dt.date(2026, 10, 1), **season)
    dates = list(Show.objects.order_by("number").values_list("scheduled_at", flat=True))
    zone = Federation.objects.get(slug=SAMPLE).time_zone
    assert [d.astimezone(zone).date() for d in dates] == [
        dt.date(2026, 9, 4),
        dt.date(2026, 9, 11),
        dt.date(2026, 10, 2),
    ]


@pytest.mark.django_db
def test_the_real_command_line_refuses_a_start_past_the_calendar_with_one_line(capsys):
    """Through manage.py's own entry point: a line on standard error and exit status 1."""
    from django.core.management import execute_from_command_line

    sample_federation()
    argv = ["manage.py", "simulate_season", SAMPLE, "--start", "0001-01-01", "--no-progress"]
    with pytest.raises(SystemExit) as exited:
        execute_from_command_line(argv)
    assert exited.value.code == 1
    err = capsys.readouterr().err
    assert err == "CommandError: --start is a date in the years 2 to 9998, not 0001-01-01.\n"


# ------------------------------------------------------------------------------------ book_show


@pytest.mark.django_db
@pytest.mark.parametrize("at", ["9999-12-31T23:00", "0001-01-01T00:30", "0001-01-01T00:30+05:00"])
def test_book_show_refuses_a_time_past_the_calendar(at):
    sample_federation()
    message = refused("book_show", SAMPLE, "--at", at)
    assert message == f"--at is a moment in the years 2 to 9998, not {at!r}."
    assert not Show.objects.exists()


# ------------------------------------------------------------------------------------ run_shows


@pytest.mark.django_db(transaction=True)
def test_run_shows_does_not_call_a_waiting_show_not_due(in_process):
    federation = sample_federation()
    now = timezone.now()
    first = book_week(federation, scheduled_at=now - dt.timedelta(days=2), seed=1, matches=2)
    second = book_week(federation, scheduled_at=now - dt.timedelta(days=1), seed=2, matches=2)
    Show.objects.filter(pk=first.pk).update(status=ShowStatus.FAILED, error="boom")

    out, _ = run("run_shows")

    assert out.splitlines() == [
        f"{second} waits for {first}, which failed: retry or cancel it.",
        "No show was wrestled: every due show waits for an earlier one.",
    ]
    assert Show.objects.get(pk=second.pk).status == ShowStatus.SCHEDULED


@pytest.mark.django_db
@pytest.mark.parametrize("every", ["0", "-1", "nan", "inf", "86401"])
def test_run_shows_refuses_an_every_out_of_bounds(every, monkeypatch):
    def stop(seconds):  # a loop that was let through stops at its first wait
        raise KeyboardInterrupt

    monkeypatch.setattr("time.sleep", stop)
    message = refused("run_shows", "--loop", "--every", every)
    assert message == (
        f"--every is a number of seconds more than 0 and at most 86400 (a day), not {every}."
    )


# ----------------------------------------------------------------------------------------- demo


@pytest.mark.django_db
@pytest.mark.parametrize("weeks", ["-1", "521"])
def test_demo_refuses_weeks_out_of_bounds_before_setting_anything_up(weeks, tmp_path, monkeypatch):
    from promotion.management.commands import demo

    password_file = tmp_path / "password"
    monkeypatch.setattr(demo, "PASSWORD_FILE", password_file)
    message = refused("demo", "--no-serve", "--weeks", weeks)
    assert message == f"--weeks is from 0 to 520 (0: no weeks wrestled), not {weeks}."
    assert not get_user_model().objects.exists()
    assert not Federation.objects.exists()
    assert not password_file.exists()
