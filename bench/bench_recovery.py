"""Recovery after a worker dies mid-show, with the default settings. Prints figures; asserts
nothing (the reliability tests hold an upper bound).

    DATABASE_URL=postgres://... REDIS_URL=redis://... python bench/bench_recovery.py [--rounds 3]

Two workers and beat run against PostgreSQL and Redis with the project's defaults: a lease of
``SHOW_LEASE_SECONDS`` (20 s) renewed by the heartbeat, the dispatcher every 15 seconds (its beat
row as the migrations install it). A show of eight matches (0.4 s each) is sent to the workers;
one second in, the worker running it is killed with SIGKILL, either its pool process (the
parent sees the child lost and hands the message back) or the whole worker (nothing hands it
back: the dispatcher finds the lease expired). The figure is the time from the kill to the show
completed by the survivor.

It works in a database of its own (the DATABASE_URL's name with ``_bench_recovery``, created and
dropped here) and in Redis database 8 (flushed).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_season import _drop, _recreate, _redis_db  # noqa: E402

REDIS_DB = 8
VICTIMS = ("pool process", "whole worker")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="Kills of each kind.")
    parser.add_argument("--keep", action="store_true", help="Keep the bench database.")
    args = parser.parse_args()

    source, redis_url = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    if not source.startswith(("postgres://", "postgresql://")) or not redis_url:
        print("bench_recovery: skipped; it needs DATABASE_URL (PostgreSQL) and REDIS_URL.")
        return
    parts = urlsplit(source)
    name = (parts.path.lstrip("/") or "postgres") + "_bench_recovery"
    bench_url = urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, ""))
    _recreate(source, name)
    os.environ["DATABASE_URL"] = bench_url
    os.environ["REDIS_URL"] = broker = _redis_db(redis_url, REDIS_DB)
    try:
        _run(args, bench_url, broker)
    finally:
        from django.db import connections

        connections.close_all()
        if not args.keep:
            _drop(source, name)


def _run(args, bench_url: str, broker: str) -> None:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_LOG_LEVEL", "WARNING")
    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django_celery_beat.models import PeriodicTask

    from matches.models import ShowStatus
    from promotion.models import Federation
    from tests.matches.helpers import book_week
    from tests.workers import Cluster, wait_for

    call_command("migrate", verbosity=0)
    call_command("load_sample_federation", verbosity=0)
    federation = Federation.objects.get(slug="copperline")
    tick = PeriodicTask.objects.get(name="Dispatch due shows").interval.every
    print(
        f"defaults: lease {settings.SHOW_LEASE_SECONDS} s (heartbeat every "
        f"{settings.SHOW_LEASE_SECONDS / 4:g} s), dispatcher every {tick} s, "
        f"show time limit {settings.SHOW_TIME_LIMIT_SECONDS} s"
    )
    figures: dict[str, list[float]] = {victim: [] for victim in VICTIMS}
    week = 0
    with tempfile.TemporaryDirectory() as logs:
        for round_ in range(args.rounds):
            for victim in VICTIMS:
                week += 1
                cluster = Cluster(
                    database_url=bench_url,
                    broker_url=broker,
                    logs=Path(logs) / f"{round_}-{victim.replace(' ', '-')}",
                    SHOW_SIMULATION_MATCH_DELAY="0.4",
                )
                cluster.flush()
                try:
                    cluster.worker("w1", ready=False)
                    cluster.worker("w2", ready=False)
                    cluster.wait_ready("w1", "w2")
                    cluster.beat()
                    show = book_week(
                        federation,
                        scheduled_at=dt.datetime(2027, 1, 1, 20, tzinfo=dt.UTC)
                        + dt.timedelta(weeks=week),
                        seed=week,
                        matches=8,
                    )
                    result = cluster.simulate(show.pk)

                    def started(result=result) -> bool:
                        return result.state == "STARTED"

                    wait_for(started, timeout=30)
                    name = cluster.name_of(result.info["hostname"])
                    time.sleep(1.0)
                    killed = time.monotonic()
                    if victim == "pool process":
                        for child in cluster.children(name):
                            os.kill(child, signal.SIGKILL)
                    else:
                        cluster.kill(name)

                    def done(show=show):
                        show.refresh_from_db(fields=["status"])
                        return show.status in (ShowStatus.COMPLETED, ShowStatus.FAILED)

                    wait_for(done, timeout=300, every=0.1)
                    seconds = time.monotonic() - killed
                    figures[victim].append(seconds)
                    print(f"round {round_ + 1}, SIGKILL of the {victim}: {seconds:.1f} s")
                finally:
                    cluster.stop_all()
    print()
    print("| SIGKILL of | rounds | fastest | median | slowest |")
    print("| --- | --- | --- | --- | --- |")
    for victim, values in figures.items():
        print(
            f"| the {victim} | {len(values)} | {min(values):.1f} s | "
            f"{statistics.median(values):.1f} s | {max(values):.1f} s |"
        )


if __name__ == "__main__":
    main()
