"""Logs as one JSON object a line (``RINGSIDE_LOG_JSON=1``), each line of a show's work naming
its federation and show."""

from __future__ import annotations

import datetime as dt
import io
import json
import logging
import os
import subprocess
import sys

import pytest
from django.utils import timezone

from config.logs import JsonFormatter, ShowContextFilter, show_logging
from matches import tasks
from tests.matches.helpers import book_week, sample_federation
from tests.workers import ROOT


@pytest.fixture
def json_lines():
    """The root logger's lines, as ``RINGSIDE_LOG_JSON`` formats them, parsed."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    handler.addFilter(ShowContextFilter())
    root = logging.getLogger()
    saved = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    finally:
        root.removeHandler(handler)
        root.setLevel(saved)


def test_a_line_is_one_json_object_with_its_fields(json_lines):
    logger = logging.getLogger("ringside.test")
    logger.warning("Ring %s is %s", 3, 'wet "very"')
    with show_logging("harbor-lights", 41):
        logger.info("inside\nthe show")
    try:
        raise ValueError("broken turnbuckle")
    except ValueError:
        logger.exception("It broke")
    plain, inside, broken = json_lines()
    assert plain["message"] == 'Ring 3 is wet "very"'
    assert plain["level"] == "WARNING" and plain["logger"] == "ringside.test"
    assert plain["federation"] == "" and plain["show"] is None
    assert dt.datetime.fromisoformat(plain["time"]).utcoffset() == dt.timedelta(0)
    assert inside["message"] == "inside\nthe show"
    assert (inside["federation"], inside["show"]) == ("harbor-lights", 41)
    assert broken["exc_info"].startswith("Traceback")
    assert "ValueError: broken turnbuckle" in broken["exc_info"]
    assert broken["show"] is None


@pytest.mark.django_db
def test_each_line_of_a_shows_task_carries_its_federation_and_show(json_lines, in_process):
    federation = sample_federation()
    show = book_week(
        federation, scheduled_at=timezone.now() - dt.timedelta(hours=1), seed=5, matches=2
    )
    logging.getLogger("ringside.test").info("before")
    result = tasks.simulate_show.apply(args=[show.pk])
    logging.getLogger("ringside.test").info("after")
    assert result.get()["status"] == "completed"
    lines = json_lines()
    assert lines[0]["message"] == "before" and lines[0]["show"] is None
    assert lines[-1]["message"] == "after" and lines[-1]["show"] is None
    during = lines[1:-1]
    assert f"Wrestling show {show.pk}" in [line["message"] for line in during]
    assert {(line["federation"], line["show"]) for line in during} == {("copperline", show.pk)}


def test_the_setting_turns_the_sites_log_into_json_lines():
    """A process started with RINGSIDE_LOG_JSON=1 writes JSON lines through Django's LOGGING."""
    code = (
        "import django, logging; django.setup(); "
        "from config.logs import show_logging; "
        "logging.getLogger('ringside').warning('plain'); "
        "ctx = show_logging('copperline', 7); ctx.__enter__(); "
        "logging.getLogger('ringside').warning('in a show')"
    )
    env = {**os.environ, "RINGSIDE_LOG_JSON": "1", "DJANGO_SETTINGS_MODULE": "config.settings"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stderr.splitlines()]
    assert [(line["message"], line["federation"], line["show"]) for line in lines] == [
        ("plain", "", None),
        ("in a show", "copperline", 7),
    ]


def test_without_the_setting_the_log_stays_plain():
    code = "import django, logging; django.setup(); logging.getLogger('ringside').warning('plain')"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    env.pop("RINGSIDE_LOG_JSON", None)
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().endswith("WARNING ringside: plain")


@pytest.mark.django_db
def test_a_show_wrestled_in_process_names_itself_on_its_lines(json_lines, monkeypatch):
    """The embedded default (``run_shows``, the demo's server) wrestles shows without a task:
    the lines of a show's work carry it there too, and nothing after it does."""
    from matches import services, simulation

    federation = sample_federation()
    show = book_week(
        federation, scheduled_at=timezone.now() - dt.timedelta(hours=1), seed=5, matches=2
    )
    wrestle = simulation._wrestle

    def wrestle_and_say(*args, **kwargs):
        logging.getLogger("ringside.test").info("in the ring")
        return wrestle(*args, **kwargs)

    monkeypatch.setattr(simulation, "_wrestle", wrestle_and_say)
    outcomes = services.shows_run_due()
    logging.getLogger("ringside.test").info("after")
    assert [outcome.status for outcome in outcomes] == ["completed"]
    lines = {line["message"]: line for line in json_lines()}
    assert (lines["in the ring"]["federation"], lines["in the ring"]["show"]) == (
        "copperline",
        show.pk,
    )
    assert (lines["after"]["federation"], lines["after"]["show"]) == ("", None)
