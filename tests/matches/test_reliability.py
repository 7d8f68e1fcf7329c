"""Weekly shows run themselves, reliably: PostgreSQL, Redis and real Celery workers and beat,
each a separate process started by the test against the test database.

The workers run with a short show time limit (the lease, and the soft time limit) so that
recovery by lease expiry happens in seconds, and with a pause after each match where a test needs
to catch a show in the middle. Faults are injected through ``tests.faulty_app`` (a worker
bootstrap), never through switches in production code.
"""

from __future__ import annotations

import datetime as dt
import os
import signal
import subprocess
import sys
import time

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection, transaction
from django.urls import reverse
from django.utils import timezone
from django_celery_beat.models import IntervalSchedule, PeriodicTask

from matches.booking import match_book, show_schedule
from matches.checks import federation_check
from matches.models import Match, MatchStatus, MatchType, Show, ShowStatus
from matches.simulation import ABANDONED, MAX_ATTEMPTS, progress_key, show_simulate
from promotion.models import Federation
from tests.faulty_app import ENGINE_FAILURE
from tests.matches.helpers import (
    SAMPLE,
    available,
    book_week,
    fingerprint,
    row_counts,
    sample_federation,
    weekly_slots,
)
from tests.polling import holds_for
from tests.workers import (
    ROOT,
    Cluster,
    RedisServer,
    database_url,
    redis_url_with_db,
    xdist_index,
)
from tests.workers import wait_for as _wait_for

REDIS_URL = os.environ.get("REDIS_URL", "")
#: A Redis database of its own, flushed at the start of each test: no stale messages. One for
#: each test process of a run spread over the cores (10, 11, ...; the processes themselves use
#: REDIS_URL's database and those after it).
REDIS_DB = 10 + xdist_index()
#: Seconds: the soft time limit of the task in the workers, and the lease on a running show
#: there (renewed every half second by the heartbeat while its worker lives).
LIMIT = 4
LEASE = 2
WEEK = dt.timedelta(days=7)

pytestmark = [
    pytest.mark.skipif(not REDIS_URL, reason="needs REDIS_URL (a real broker)"),
    pytest.mark.skipif(
        settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
        reason="needs PostgreSQL (DATABASE_URL): workers share the test database",
    ),
    pytest.mark.worker,
    pytest.mark.django_db(transaction=True),
]


class Rollback(Exception):
    pass


@pytest.fixture
def cluster(tmp_path):
    """Make a Cluster of worker processes; every process it started is stopped at teardown.
    Its broker is a database of the machine's Redis unless ``broker_url`` names another."""
    made: list[Cluster] = []

    def make(broker_url: str = "", **env) -> Cluster:
        env.setdefault("SHOW_TIME_LIMIT_SECONDS", LIMIT)
        env.setdefault("SHOW_LEASE_SECONDS", LEASE)
        made.append(
            Cluster(
                database_url=database_url(connection.settings_dict),
                broker_url=broker_url or redis_url_with_db(REDIS_URL, REDIS_DB),
                logs=tmp_path / f"cluster{len(made)}",
                **env,
            )
        )
        made[-1].flush()
        return made[-1]

    yield make
    for each in made:
        each.stop_all()
        print(each.dump_logs())  # shown when the test failed


def wait_for(predicate, *, timeout: float, what: str = "", cluster: Cluster | None = None):
    try:
        return _wait_for(predicate, timeout=timeout, every=0.05, what=what)
    except TimeoutError:
        if cluster is not None:
            print(cluster.dump_logs())
        raise


def matches_done(workers: Cluster, show: Show) -> int:
    """How many of the show's matches the worker running it has wrestled, as it notes them in
    the workers' cache (0 before the first)."""
    noted = workers.cache.get(progress_key(show.pk))
    return noted[0] if noted else 0


def beat_every_second() -> None:
    """The dispatcher's beat row, ticking every second instead of every minute."""
    every, _ = IntervalSchedule.objects.get_or_create(every=1, period=IntervalSchedule.SECONDS)
    PeriodicTask.objects.update_or_create(
        name="Dispatch due shows",
        defaults={"task": "matches.dispatch_due_shows", "interval": every, "enabled": True},
    )


def season_start(weeks: int) -> dt.datetime:
    """Weekly slots that are all in the past: every show is due as soon as it is scheduled."""
    return timezone.now() - (weeks + 1) * WEEK


def status_of(show: Show) -> str:
    show.refresh_from_db(fields=["status", "error", "attempts", "started_at"])
    return show.status


def wait_done(show: Show, *, timeout: float, cluster: Cluster) -> Show:
    wait_for(
        lambda: status_of(show) in (ShowStatus.COMPLETED, ShowStatus.FAILED),
        timeout=timeout,
        what=f"{show} to finish",
        cluster=cluster,
    )
    return show


def run_season(
    federation: Federation, *, weeks: int, cluster: Cluster, seed: int, between=None
) -> list[Show]:
    """Book each week by hand once the previous one is done; beat and the workers run them."""
    slots = weekly_slots(federation, season_start(weeks), weeks)
    shows = []
    for week in range(weeks):
        show = book_week(
            federation,
            scheduled_at=slots[week],
            seed=seed + week,
            matches=8,
        )
        if between is not None:
            between(week, show)
        wait_done(show, timeout=60, cluster=cluster)
        assert show.status == ShowStatus.COMPLETED, show.error
        shows.append(show)
    return shows


def reference(show: Show) -> tuple[dict, dict]:
    """What an uninterrupted run of the show writes, computed in process and rolled back."""
    result = {}
    try:
        with transaction.atomic():
            assert show_simulate(show_id=show.pk).status == "completed"
            result["fingerprint"] = fingerprint(show)
            result["counts"] = row_counts(show.federation)
            raise Rollback
    except Rollback:
        pass
    assert status_of(show) == ShowStatus.SCHEDULED
    return result["fingerprint"], result["counts"]


def assert_clean(federation: Federation) -> None:
    assert federation_check(federation=federation) == []
    call_command("check_federation", federation.slug, stdout=open(os.devnull, "w"))  # noqa: SIM115


# -- a season ---------------------------------------------------------------------------------


def test_a_twelve_week_season_runs_on_two_workers_and_beat(cluster):
    federation = sample_federation()
    beat_every_second()
    workers = cluster()
    workers.worker("w1", ready=False)
    workers.worker("w2", ready=False)
    workers.wait_ready("w1", "w2")
    workers.beat()

    shows = run_season(federation, weeks=12, cluster=workers, seed=7000)

    assert [s.status for s in shows] == [ShowStatus.COMPLETED] * 12
    assert [s.attempts for s in shows] == [1] * 12  # each claimed, and wrestled, once
    assert Show.objects.filter(federation=federation, status=ShowStatus.COMPLETED).count() == 12
    assert (
        Match.objects.filter(show__in=shows, status=MatchStatus.COMPLETED).count()
        == Match.objects.filter(show__in=shows).count()
        >= 12 * 6
    )
    assert_clean(federation)


def test_the_simulate_season_command_runs_twelve_auto_booked_weeks_on_the_workers(cluster):
    """The same through the command a promoter runs: auto-booked weeks, dispatched by the
    command and by beat at once (the shows are dated in the past, so beat finds them due)."""
    federation = sample_federation()
    beat_every_second()
    workers = cluster()
    workers.worker("w1", ready=False)
    workers.worker("w2", ready=False)
    workers.wait_ready("w1", "w2")
    workers.beat()
    start = (timezone.now() - 13 * WEEK).date()

    season = workers.manage(
        "simulate_season", SAMPLE, "--weeks", "12", "--start", start.isoformat(), "--no-progress"
    )
    assert season.returncode == 0, season.stdout + season.stderr
    check = workers.manage("check_federation", SAMPLE)
    assert check.returncode == 0, check.stdout + check.stderr

    shows = list(federation.shows.order_by("scheduled_at"))
    assert [s.status for s in shows] == [ShowStatus.COMPLETED] * 12
    assert [s.attempts for s in shows] == [1] * 12
    assert_clean(federation)


# -- a season under Superstar ----------------------------------------------------------------


def test_a_superstar_season_with_battle_royals_and_tag_matches_runs_on_the_workers(cluster):
    """The sample federation wrestles under Superstar Pro Wrestling for four weeks: each week
    its title defenses and singles matches, a Level 2 tag match and a battle royal of the
    wrestlers left over, all on two real workers."""
    federation = sample_federation()
    federation.rule_system = "superstar"
    federation.save(update_fields=["rule_system"])
    beat_every_second()
    workers = cluster()
    workers.worker("w1", ready=False)
    workers.worker("w2", ready=False)
    workers.wait_ready("w1", "w2")
    workers.beat()
    slots = weekly_slots(federation, season_start(4), 4)
    shows = []
    for week in range(4):
        show = book_week(
            federation,
            scheduled_at=slots[week],
            seed=8100 + week,
            matches=4,
            schedule=False,
        )
        booked = set(show.appearances.values_list("wrestler_id", flat=True))
        free = [w for w in available(federation, show.date) if w.pk not in booked]
        assert len(free) >= 7, "the sample roster leaves enough for a tag match and a royal"
        match_book(
            show=show,
            sides=[free[:2], free[2:4]],
            match_type=MatchType.TAG,
            rule_options=["tag_level=2"],
        )
        match_book(show=show, sides=[[x] for x in free[4:]], match_type=MatchType.BATTLE_ROYAL)
        show_schedule(show=show)
        wait_done(show, timeout=60, cluster=workers)
        assert show.status == ShowStatus.COMPLETED, show.error
        shows.append(show)

    matches = Match.objects.filter(show__in=shows)
    assert set(matches.values_list("rule_system", flat=True)) == {"superstar"}
    assert matches.filter(status=MatchStatus.COMPLETED).count() == matches.count() == 4 * 6
    royals = matches.filter(match_type=MatchType.BATTLE_ROYAL)
    assert all(len(m.effects["eliminations"]) >= 2 for m in royals)
    assert_clean(federation)


# -- a worker killed in the middle of a show --------------------------------------------------


def test_a_worker_killed_mid_show_is_replaced_and_the_results_equal_an_uninterrupted_run(
    cluster,
):
    federation = sample_federation()
    show = book_week(
        federation, scheduled_at=timezone.now() - dt.timedelta(hours=1), seed=4242, matches=8
    )
    expected, expected_counts = reference(show)
    before = row_counts(federation)

    beat_every_second()
    # 8 matches x 0.35 s: about three seconds a show, longer than the two-second lease, which
    # the heartbeat renews while the worker lives.
    workers = cluster(SHOW_SIMULATION_MATCH_DELAY=0.35)
    workers.worker("w1", ready=False)
    workers.worker("w2", ready=False)
    workers.wait_ready("w1", "w2")
    result = workers.simulate(show.pk)
    wait_for(lambda: result.state == "STARTED", timeout=20, what="the show to start")
    victim = workers.name_of(result.info["hostname"])
    wait_for(
        lambda: matches_done(workers, show) >= 3,
        timeout=20,
        what="three matches in",
        cluster=workers,
    )
    assert status_of(show) == ShowStatus.RUNNING
    workers.kill(victim)
    assert row_counts(federation) == before  # the dead worker's transaction rolled back
    survivor = "w2" if victim == "w1" else "w1"

    workers.beat()  # the dispatcher finds the show once its lease has expired
    wait_done(show, timeout=40, cluster=workers)

    assert show.status == ShowStatus.COMPLETED, show.error
    assert show.attempts == 2
    assert "matches.simulate_show" in workers.log(survivor)
    assert fingerprint(show) == expected
    assert row_counts(federation) == expected_counts
    assert Match.objects.filter(show=show).count() == 8
    assert_clean(federation)


# -- the same task twice at once --------------------------------------------------------------


def test_the_same_show_delivered_twice_at_once_is_wrestled_once(cluster):
    federation = sample_federation()
    show = book_week(
        federation, scheduled_at=timezone.now() - dt.timedelta(hours=1), seed=99, matches=8
    )
    expected, expected_counts = reference(show)
    workers = cluster(SHOW_SIMULATION_MATCH_DELAY=0.2)
    workers.worker("w1", ready=False)
    workers.worker("w2", ready=False)
    workers.wait_ready("w1", "w2")

    first, second = workers.simulate(show.pk), workers.simulate(show.pk)
    outcomes = sorted([first.get(timeout=40)["status"], second.get(timeout=40)["status"]])

    # The second delivery found the show held, waited for the holder's lease (renewed while it
    # lived) and found it done: it claimed nothing and wrote nothing.
    assert outcomes == ["completed", "done"]
    assert status_of(show) == ShowStatus.COMPLETED
    assert show.attempts == 1  # the second delivery claimed nothing and wrote nothing
    assert fingerprint(show) == expected
    assert row_counts(federation) == expected_counts


# -- Redis restarted during a season ----------------------------------------------------------


@pytest.fixture
def own_redis(tmp_path):
    """A Redis server for this test alone: it is restarted in the middle of a season while the
    rest of the run goes on using the machine's."""
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()


def test_a_season_completes_when_redis_restarts_in_the_middle(cluster, own_redis):
    federation = sample_federation()
    beat_every_second()
    workers = cluster(broker_url=own_redis.url, SHOW_SIMULATION_MATCH_DELAY=0.1)
    workers.worker("w1", ready=False)
    workers.worker("w2", ready=False)
    workers.wait_ready("w1", "w2")
    workers.beat()
    restarted = []

    def restart_redis(week: int, show: Show) -> None:
        if week == 2:
            # the third show has just been scheduled: beat sends it, a worker takes it
            wait_for(lambda: status_of(show) != ShowStatus.SCHEDULED, timeout=20)
            own_redis.restart()
            restarted.append(status_of(show))

    shows = run_season(federation, weeks=5, cluster=workers, seed=500, between=restart_redis)

    assert restarted  # Redis did go down in the middle of the season
    assert [s.status for s in shows] == [ShowStatus.COMPLETED] * 5
    assert_clean(federation)


# -- an engine that raises (in process: test_show_failures.py) -------------------------------


def two_due_weeks(federation: Federation, first_name: str = "") -> tuple[Show, Show]:
    start = season_start(2)
    first = book_week(
        federation, scheduled_at=federation.next_show_time(start), seed=1, name=first_name
    )
    second = book_week(
        federation, scheduled_at=federation.next_show_time(first.scheduled_at), seed=2
    )
    return first, second


def test_through_the_task_a_failing_show_is_marked_failed_and_the_next_waits(cluster):
    federation = sample_federation()
    first, second = two_due_weeks(federation, first_name="Friday RAISE")
    before = fingerprint(first), fingerprint(second), row_counts(federation)
    workers = cluster()
    workers.worker("w1", app="tests.faulty_app")

    assert workers.simulate(first.pk).get(timeout=30)["status"] == "failed"
    assert workers.simulate(second.pk).get(timeout=30)["status"] == "waiting"

    assert status_of(first) == ShowStatus.FAILED
    assert first.error == f"RuntimeError: {ENGINE_FAILURE}"
    assert status_of(second) == ShowStatus.SCHEDULED
    assert (fingerprint(first), fingerprint(second), row_counts(federation)) == before


# -- bounded redelivery -----------------------------------------------------------------------


def test_a_show_that_kills_its_worker_every_time_is_failed_after_three_attempts(cluster):
    federation = sample_federation()
    first, second = two_due_weeks(federation, first_name="Friday CRASH")
    before = row_counts(federation)
    beat_every_second()
    workers = cluster()
    workers.worker("w1", app="tests.faulty_app", ready=False)
    workers.worker("w2", app="tests.faulty_app", ready=False)
    workers.wait_ready("w1", "w2")
    workers.beat()

    wait_done(first, timeout=60, cluster=workers)

    assert first.status == ShowStatus.FAILED
    assert first.error == ABANDONED.format(attempts=MAX_ATTEMPTS)
    assert first.attempts == MAX_ATTEMPTS + 1  # three that died, one that gave up
    assert sum(log.count("WorkerLostError") for log in map(workers.log, ("w1", "w2"))) >= 3
    assert row_counts(federation) == before
    assert status_of(second) == ShowStatus.SCHEDULED  # waits behind the failed show
    assert all(workers.processes[name].poll() is None for name in ("w1", "w2"))


# (The time limits and the visibility timeout are checked without a broker in
# test_show_failures.py, with the engine that raises and the bound on attempts.)


# -- the admin beside a running show ----------------------------------------------------------


def test_a_stale_admin_save_while_a_worker_runs_the_show_writes_nothing(cluster, admin_client):
    federation = sample_federation()
    show = book_week(
        federation, scheduled_at=timezone.now() - dt.timedelta(hours=1), seed=31, matches=8
    )
    expected, expected_counts = reference(show)
    url = reverse("admin:matches_show_change", args=[show.pk])
    assert admin_client.get(url).status_code == 200  # the form, loaded while scheduled
    workers = cluster(SHOW_SIMULATION_MATCH_DELAY=0.3)
    workers.worker("w1")
    workers.simulate(show.pk)
    wait_for(lambda: status_of(show) == ShowStatus.RUNNING, timeout=20, cluster=workers)

    response = admin_client.post(
        url,
        {
            "name": show.name,
            "kind": show.kind,
            "scheduled_at_0": show.scheduled_at.strftime("%Y-%m-%d"),
            "scheduled_at_1": show.scheduled_at.strftime("%H:%M:%S"),
            "venue": "The Armory",
            "matches-TOTAL_FORMS": "0",
            "matches-INITIAL_FORMS": "0",
        },
        follow=True,
    )

    assert "can no longer change" in response.content.decode()
    wait_done(show, timeout=40, cluster=workers)
    assert (show.status, show.attempts) == (ShowStatus.COMPLETED, 1)
    # Longer than the workers' lease: nothing reclaims the show, watched all that time.
    holds_for(
        lambda: status_of(show) == ShowStatus.COMPLETED and show.attempts == 1,
        seconds=3,
        what="the show completed once",
    )
    assert fingerprint(show) == expected
    assert row_counts(federation) == expected_counts
    assert_clean(federation)


# -- recovery in seconds with the default settings --------------------------------------------


def install_default_dispatch_schedule() -> int:
    """The dispatcher's beat row as the migrations install it (the test database is flushed
    between tests); returns its interval in seconds."""
    import importlib

    from django.apps import apps

    importlib.import_module("matches.migrations.0003_dispatch_schedule").create_schedule(apps, None)
    importlib.import_module(
        "matches.migrations.0004_show_lease_heartbeat_cancelled"
    ).dispatch_every_15_seconds(apps, None)
    return PeriodicTask.objects.get(name="Dispatch due shows").interval.every


@pytest.mark.parametrize("victim", ["pool process", "whole worker"])
def test_a_show_whose_worker_is_killed_recovers_within_a_minute_by_default(cluster, victim):
    """SIGKILL in the middle of a show, default lease and dispatcher: the show is taken over
    and completed well within a minute (bench/bench_recovery.py prints the figures)."""
    federation = sample_federation()
    show = book_week(
        federation, scheduled_at=timezone.now() - dt.timedelta(hours=1), seed=77, matches=8
    )
    expected, _ = reference(show)
    tick = install_default_dispatch_schedule()
    assert tick == 15
    workers = cluster(
        SHOW_LEASE_SECONDS=settings.SHOW_LEASE_SECONDS,
        SHOW_TIME_LIMIT_SECONDS=settings.SHOW_TIME_LIMIT_SECONDS,
        SHOW_SIMULATION_MATCH_DELAY=0.4,
    )
    workers.worker("w1", ready=False)
    workers.worker("w2", ready=False)
    workers.wait_ready("w1", "w2")
    workers.beat()
    result = workers.simulate(show.pk)
    wait_for(lambda: result.state == "STARTED", timeout=20, what="the show to start")
    name = workers.name_of(result.info["hostname"])
    wait_for(
        lambda: matches_done(workers, show) >= 2, timeout=20, what="two matches in", cluster=workers
    )
    assert status_of(show) == ShowStatus.RUNNING
    killed_at = time.monotonic()
    if victim == "pool process":
        for child in workers.children(name):
            os.kill(child, signal.SIGKILL)
    else:
        workers.kill(name)

    wait_done(show, timeout=90, cluster=workers)
    recovery = time.monotonic() - killed_at

    print(f"recovery after SIGKILL of the {victim}: {recovery:.1f} s")
    assert show.status == ShowStatus.COMPLETED, show.error
    assert recovery < 60
    assert fingerprint(show) == expected
    assert_clean(federation)


# -- seasons: one at a time, and sturdy against a dropped connection --------------------------


def test_two_seasons_of_one_federation_started_at_once_do_not_double_book(cluster):
    federation = sample_federation()
    workers = cluster()
    workers.worker("w1", ready=False)
    workers.worker("w2", ready=False)
    workers.wait_ready("w1", "w2")
    start = (timezone.now() - 8 * WEEK).date().isoformat()
    command = [
        sys.executable,
        "manage.py",
        "simulate_season",
        SAMPLE,
        "--weeks",
        "4",
        "--start",
        start,
        "--no-progress",
    ]
    seasons = [
        subprocess.Popen(
            command,
            cwd=ROOT,
            env=workers.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    results = [season.communicate(timeout=240) for season in seasons]
    codes = sorted(season.returncode for season in seasons)

    assert codes[0] == 0 and codes[1] != 0, results
    refused = next(err for (out, err), s in zip(results, seasons, strict=True) if s.returncode)
    assert "already running" in refused and "Traceback" not in refused
    shows = list(federation.shows.order_by("scheduled_at"))
    assert len(shows) == 4
    assert len({s.scheduled_at for s in shows}) == 4
    assert_clean(federation)


def test_a_season_survives_its_database_connections_being_cut(cluster):
    federation = sample_federation()
    workers = cluster(SHOW_SIMULATION_MATCH_DELAY=0.1)
    workers.worker("w1", ready=False)
    workers.worker("w2", ready=False)
    workers.wait_ready("w1", "w2")
    start = (timezone.now() - 10 * WEEK).date().isoformat()
    season = subprocess.Popen(
        [
            sys.executable,
            "manage.py",
            "simulate_season",
            SAMPLE,
            "--weeks",
            "6",
            "--seed",
            "5",
            "--start",
            start,
            "--no-progress",
        ],
        cwd=ROOT,
        env=workers.env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    wait_for(
        lambda: federation.shows.filter(status=ShowStatus.COMPLETED).count() >= 2,
        timeout=60,
        what="two weeks done",
        cluster=workers,
    )
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        cut = cursor.fetchone()[0]
    out, err = season.communicate(timeout=240)

    assert cut >= 1
    assert season.returncode == 0, out + err
    assert "Traceback" not in err
    assert "Simulated 6 weeks" in out
    shows = list(federation.shows.order_by("number"))
    assert [s.status for s in shows] == [ShowStatus.COMPLETED] * 6
    assert_clean(federation)


# -- the desk beside a running show -----------------------------------------------------------


def test_desk_writes_through_the_api_while_a_worker_runs_the_show_are_kept(cluster):
    """Heal an injury, end a feud, retire a wrestler and record an injury for one on the card,
    through the API, while a worker wrestles the show: every one is there after its commit."""
    from rest_framework.test import APIClient

    from promotion.models import Feud, Injury, Wrestler
    from tests.matches.test_desk_during_show import desk_week

    week = desk_week(matches=8)
    federation, show, on = week.federation, week.show, week.on
    retiree = [w for w in available(federation, on) if w.pk != week.injury.wrestler_id][-1]
    workers = cluster(SHOW_SIMULATION_MATCH_DELAY=0.3)
    workers.worker("w1")
    workers.simulate(show.pk)
    wait_for(lambda: status_of(show) == ShowStatus.RUNNING, timeout=20, cluster=workers)

    api = APIClient()
    api.force_authenticate(federation.owner)
    base = f"/api/v1/federations/{federation.slug}"
    day = {"on": on.isoformat()}
    answers = [
        api.post(f"{base}/injuries/{week.injury.pk}/heal/", day, format="json"),
        api.post(f"{base}/feuds/{week.feud.pk}/end/", day, format="json"),
        api.patch(f"{base}/wrestlers/{retiree.slug}/", {"status": "retired"}, format="json"),
        api.post(
            f"{base}/injuries/",
            {"wrestler": week.booked.slug, "occurred_on": on.isoformat(), "body_part": "Ribs"},
            format="json",
        ),
    ]
    assert status_of(show) == ShowStatus.RUNNING  # all four made while the show ran
    assert [a.status_code for a in answers] == [200, 200, 200, 201], [a.json() for a in answers]

    wait_done(show, timeout=40, cluster=workers)
    assert show.status == ShowStatus.COMPLETED, show.error
    assert Injury.objects.get(pk=week.injury.pk).healed_on == on
    feud = Feud.objects.get(pk=week.feud.pk)
    assert (feud.status, feud.ended_on) == ("ended", on)
    assert Wrestler.objects.get(pk=retiree.pk).status == "retired"
    assert Injury.objects.get(wrestler=week.booked, body_part="Ribs").healed_on is None
    assert Wrestler.objects.get(pk=week.booked.pk).status == "injured"
    assert_clean(federation)


# -- the heartbeat's connection cut -----------------------------------------------------------


def test_a_heartbeat_whose_connection_is_cut_reconnects_and_its_worker_keeps_the_show(cluster):
    """The heartbeat's database connection terminated in the middle of a show: it opens a fresh
    one at the next beat and renews the lease, so a second delivery after the lease would have
    expired finds the show held, and the first worker finishes it (one attempt)."""
    federation = sample_federation()
    show = book_week(
        federation, scheduled_at=timezone.now() - dt.timedelta(hours=1), seed=515, matches=8
    )
    expected, _ = reference(show)
    # 8 matches x 0.6 s: about five seconds, more than twice the two-second lease.
    workers = cluster(SHOW_SIMULATION_MATCH_DELAY=0.6, SHOW_TIME_LIMIT_SECONDS=30)
    workers.worker("w1", ready=False)
    workers.worker("w2", ready=False)
    workers.wait_ready("w1", "w2")
    first = workers.simulate(show.pk)
    wait_for(lambda: status_of(show) == ShowStatus.RUNNING, timeout=20, cluster=workers)

    def heartbeats() -> list[int]:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid() AND query LIKE %s",
                ['UPDATE "matches_show" SET "heartbeat_at"%'],
            )
            return [pid for (pid,) in cursor.fetchall()]

    cut = wait_for(heartbeats, timeout=10, what="the heartbeat's connection", cluster=workers)
    with connection.cursor() as cursor:
        for pid in cut:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    # Past the lease, had the heartbeat not renewed it: the show is held all that time.
    holds_for(
        lambda: status_of(show) == ShowStatus.RUNNING,
        seconds=LEASE + 1.0,
        what="the show held by its first worker",
    )
    second = workers.simulate(show.pk)

    assert first.get(timeout=40)["status"] == "completed"
    assert second.get(timeout=40)["status"] in ("busy", "done")
    assert status_of(show) == ShowStatus.COMPLETED
    assert show.attempts == 1
    assert fingerprint(show) == expected
    assert_clean(federation)
