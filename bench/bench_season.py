"""Season speed on PostgreSQL through a real Celery worker. Prints its figures; asserts nothing.

    DATABASE_URL=postgres://... REDIS_URL=redis://... python bench/bench_season.py [--weeks 52]

1. A 52-week season of a 40-wrestler federation (the 18 sample Filsinger cards reused under new
   names), eight singles matches a show with full play-by-play, each week booked once the last
   one is done and simulated by one worker process: total time, median time per show.
   Goal: under 50 ms a show.
2. The floor for persistence: the rows that season wrote (matches with their play-by-play,
   participants, ledger rows, injuries, reigns) loaded again with ``COPY ... FROM STDIN`` into
   empty copies of their tables. Goal: the season within 5 times that floor.
3. Eight federations' seasons of 12 weeks with one worker against two worker processes: the
   throughput ratio. Goal: at least 1.7 on two cores.

It works in a database of its own (the DATABASE_URL's name with ``_bench_season``, created and
dropped here) and in Redis database 9 (flushed).
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import figures  # noqa: E402

REDIS_DB = 9
COPIED = (
    "matches_match",
    "matches_matchparticipant",
    "promotion_standingchange",
    "promotion_injury",
    "promotion_titlereign",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--weeks", type=int, default=52)
    parser.add_argument("--wrestlers", type=int, default=40)
    parser.add_argument("--matches", type=int, default=8)
    parser.add_argument("--federations", type=int, default=8)
    parser.add_argument("--scaling-weeks", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=2, help="Rounds of one vs two workers.")
    parser.add_argument("--keep", action="store_true", help="Keep the bench database.")
    args = parser.parse_args()

    source, redis_url = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    if not source.startswith(("postgres://", "postgresql://")) or not redis_url:
        print("bench_season: skipped; it needs DATABASE_URL (PostgreSQL) and REDIS_URL.")
        figures.skipped("season", "needs DATABASE_URL (PostgreSQL) and REDIS_URL")
        figures.save()
        return
    bench_url, bench_name = _bench_database(source)
    _recreate(source, bench_name)
    os.environ["DATABASE_URL"] = bench_url
    os.environ["REDIS_URL"] = broker = _redis_db(redis_url, REDIS_DB)
    try:
        _run(args, bench_url, broker)
    finally:
        from django.db import connections

        connections.close_all()
        if not args.keep:
            _drop(source, bench_name)
        figures.save()


def _run(args, bench_url: str, broker: str) -> None:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_LOG_LEVEL", "WARNING")
    django.setup()
    from django.core.management import call_command

    from tests.workers import Cluster

    started = time.perf_counter()
    call_command("migrate", verbosity=0)
    print(f"bench database ready (migrated) in {time.perf_counter() - started:.1f}s")

    with tempfile.TemporaryDirectory() as logs:
        cluster = Cluster(
            database_url=bench_url,
            broker_url=broker,
            logs=Path(logs),
            DJANGO_LOG_LEVEL="WARNING",
        )
        cluster.flush()
        try:
            season = _season(cluster, args)
            _copy_floor(season)
            _one_show_in_process(season)
        finally:
            cluster.stop_all()
        if args.federations > 0 and args.scaling_weeks > 0:
            _scaling(bench_url, broker, Path(logs), args)


# -- a federation of N wrestlers from the sample cards -----------------------------------------


def federation_build(*, slug: str, wrestlers: int):
    from django.contrib.auth import get_user_model

    from promotion.models import Federation, Title
    from promotion.sample import sample_card, sample_data
    from promotion.services import card_store, reign_start, wrestler_create

    owner, _ = get_user_model().objects.get_or_create(username="bench")
    federation = Federation.objects.create(
        owner=owner,
        name=f"Bench {slug}",
        slug=slug,
        rule_system="filsinger",
        rule_options=["fatigue", "finisher_ratings", "roll_finishers"],
        time_zone="UTC",
    )
    roster = [row for row in sample_data()["wrestlers"] if sample_card("filsinger", row["slug"])]
    made = []
    for index in range(wrestlers):
        row = roster[index % len(roster)]
        generation = index // len(roster)
        made.append(
            wrestler_create(
                federation=federation,
                ring_name=f"{row['ring_name']} {generation + 1}",
                slug=f"{row['slug']}-{generation + 1}",
                alignment=row.get("alignment", "face"),
                fame=row.get("fame", 0) - 40 * generation,
                prestige=row.get("prestige", 0) - 40 * generation,
                heat=row.get("heat", 0),
            )
        )
        card = sample_card("filsinger", row["slug"])
        assert card is not None  # the roster holds only the wrestlers with a sample card
        card_store(wrestler=made[-1], system="filsinger", data=card)
    for rank, name in enumerate(("World", "Frontier"), start=1):
        title = Title.objects.create(
            federation=federation,
            name=f"Bench {name} Championship",
            slug=f"{name.lower()}-championship",
            rank=rank,
            introduced_on=dt.date(2020, 1, 4),
        )
        reign_start(title=title, holder=made[rank - 1], won_on=dt.date(2024, 1, 6))
    return federation


class Booker:
    """Books a show by hand in a few bulk queries: the titles defended by their champions, then
    singles down the roster by Prestige; the injured are left off when ``skip_injured``."""

    def __init__(self, federation, *, matches: int, skip_injured: bool = True):
        from promotion.models import Title

        self.federation = federation
        self.matches = matches
        self.skip_injured = skip_injured
        self.titles = list(Title.objects.filter(federation=federation).order_by("rank"))

    def book(self, *, number: int, scheduled_at: dt.datetime, seed: int):
        from django.db import transaction

        from matches.models import Match, MatchParticipant, Show, ShowStatus
        from promotion.models import Injury, Title, TitleReign, Wrestler

        federation = self.federation
        on = scheduled_at.date()
        wrestlers = list(federation.wrestlers.order_by("-prestige", "slug"))
        if self.skip_injured:
            hurt = set(
                Injury.objects.filter(
                    wrestler__federation=federation, keeps_off_cards=True, occurred_on__lte=on
                )
                .exclude(healed_on__lte=on)
                .values_list("wrestler_id", flat=True)
            )
            wrestlers = [w for w in wrestlers if w.pk not in hurt]
        holders = dict(
            TitleReign.objects.filter(title__in=self.titles, ended_on__isnull=True).values_list(
                "title_id", "holder_wrestler_id"
            )
        )
        pairs: list[tuple[Wrestler, Wrestler, Title | None]] = []
        used = set()
        for title in self.titles:
            champion = next((w for w in wrestlers if w.pk == holders.get(title.pk)), None)
            if champion is None or champion.pk in used:
                continue
            used.add(champion.pk)
            challenger = next(w for w in wrestlers if w.pk not in used)
            used.add(challenger.pk)
            pairs.append((champion, challenger, title))
        rest = [w for w in wrestlers if w.pk not in used]
        while len(pairs) < self.matches and len(rest) >= 2:
            pairs.append((rest.pop(0), rest.pop(0), None))
        with transaction.atomic():
            show = Show.objects.create(
                federation=federation,
                number=number,
                name=f"{federation.name} Weekly #{number}",
                scheduled_at=scheduled_at,
                status=ShowStatus.SCHEDULED,
                seed=seed,
            )
            matches = Match.objects.bulk_create(
                Match(
                    show=show,
                    position=position,
                    rule_system="filsinger",
                    rule_options=federation.rule_options,
                    title=title,
                    is_main_event=position == 1,
                )
                for position, (_, _, title) in enumerate(pairs, start=1)
            )
            MatchParticipant.objects.bulk_create(
                MatchParticipant(match=match, show=show, side=side, wrestler=wrestler)
                for match, pair in zip(matches, pairs, strict=True)
                for side, wrestler in enumerate(pair[:2])
            )
        return show


# -- 1. the 52-week season -----------------------------------------------------------------------


def _season(cluster, args) -> dict:
    from matches.models import Show, ShowStatus

    print(
        f"\n== {args.weeks}-week season: {args.wrestlers} wrestlers, {args.matches} matches a "
        "show, full play-by-play, one worker process on PostgreSQL"
    )
    federation = federation_build(slug="bench-season", wrestlers=args.wrestlers)
    booker = Booker(federation, matches=args.matches)
    cluster.worker("w1")
    start = dt.datetime(2025, 1, 3, 20, tzinfo=dt.UTC)

    # one warm-up show, so that the first measured show does not pay for the worker's imports
    warm = booker.book(number=1, scheduled_at=start, seed=1)
    cluster.simulate(warm.pk)
    _wait_completed([warm.pk])

    durations, round_trips, booking = [], [], 0.0
    shows = []
    season_started = time.perf_counter()
    for week in range(1, args.weeks + 1):
        began = time.perf_counter()
        show = booker.book(
            number=week + 1, scheduled_at=start + dt.timedelta(weeks=week), seed=week
        )
        sent = time.perf_counter()
        booking += sent - began
        # wait on the result backend (Redis), not by polling the database the worker writes to
        cluster.simulate(show.pk).get(timeout=120)
        round_trips.append(time.perf_counter() - sent)
        shows.append(show.pk)
    total = time.perf_counter() - season_started
    for started_at, completed_at in (
        Show.objects.filter(pk__in=shows)
        .order_by("number")
        .values_list("started_at", "completed_at")
    ):
        assert started_at is not None and completed_at is not None  # each show waited on ran
        durations.append((completed_at - started_at).total_seconds())
    failed = Show.objects.filter(pk__in=shows).exclude(status=ShowStatus.COMPLETED).count()
    from matches.models import Match

    matches = Match.objects.filter(show_id__in=shows).count()
    print(
        f"shows: {len(shows)} ({failed} not completed), matches: {matches}, "
        f"feuds at the end: {federation.feuds.count()}"
    )
    print(f"total wall time:              {total:8.2f} s  (booking by hand: {booking:.2f} s)")
    print(f"simulation, dispatch to done: {sum(round_trips):8.2f} s")
    print(f"simulation, inside the worker:{sum(durations):8.2f} s  (claim to commit, summed)")
    print(
        f"median per show: {statistics.median(round_trips) * 1000:.1f} ms dispatch to done, "
        f"{statistics.median(durations) * 1000:.1f} ms inside the worker (goal: under 50 ms)"
    )
    if len(durations) >= 20:
        print(
            f"median inside the worker, first ten shows: "
            f"{statistics.median(durations[:10]) * 1000:.1f} ms, last ten: "
            f"{statistics.median(durations[-10:]) * 1000:.1f} ms"
        )
    inside = statistics.median(durations)
    figures.record(
        "season",
        f"a show of {args.matches} matches inside the worker, median of {len(shows)}",
        inside * 1e3,
        "ms",
        reference=f"dispatch to done {statistics.median(round_trips) * 1e3:.1f} ms",
        goal="< 50 ms",
        met=inside < 0.05,
    )
    return {
        "shows": shows,
        "round_trips": sum(round_trips),
        "worker": sum(durations),
        "booker": booker,
        "start": start,
        "inside": inside,
    }


def _one_show_in_process(season: dict) -> None:
    """One more show of the season, wrestled in this process: its time and its queries."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from matches.simulation import show_simulate

    weeks = len(season["shows"]) + 1
    show = season["booker"].book(
        number=weeks + 1,
        scheduled_at=season["start"] + dt.timedelta(weeks=weeks),
        seed=weeks,
    )
    began = time.perf_counter()
    with CaptureQueriesContext(connection) as queries:
        show_simulate(show_id=show.pk)
    took = time.perf_counter() - began
    print(f"one more show in this process: {took * 1e3:.1f} ms, {len(queries)} queries")
    figures.record(
        "season",
        "a show wrestled in process, its queries",
        len(queries),
        "queries",
        reference=f"{took * 1e3:.1f} ms (the worker's median {season['inside'] * 1e3:.1f} ms)",
        goal="<= 36 (tests/matches/test_query_count.py)",
        met=len(queries) <= 36,
    )


def _wait_completed(show_ids: list[int], timeout: float = 120) -> None:
    from matches.models import Show, ShowStatus

    deadline = time.monotonic() + timeout
    while True:
        done = Show.objects.filter(
            pk__in=show_ids, status__in=[ShowStatus.COMPLETED, ShowStatus.FAILED]
        ).count()
        if done == len(show_ids):
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"shows {show_ids} did not finish in {timeout}s")
        time.sleep(0.002)


# -- 2. the COPY floor ---------------------------------------------------------------------------


def _copy_floor(season: dict) -> None:
    from django.db import connection

    shows = ",".join(str(pk) for pk in season["shows"])
    matches = f"SELECT id FROM matches_match WHERE show_id IN ({shows})"
    where = {
        "matches_match": f"show_id IN ({shows})",
        "matches_matchparticipant": f"show_id IN ({shows})",
        "promotion_standingchange": f"show_id IN ({shows})",
        "promotion_injury": f"match_id IN ({matches})",
        "promotion_titlereign": f"won_at_id IN ({matches})",
    }
    raw = connection.connection if connection.connection else None
    if raw is None:
        connection.ensure_connection()
        raw = connection.connection
    data: dict[str, bytes] = {}
    rows: dict[str, int] = {}
    with raw.cursor() as cursor:
        for table in COPIED:
            buffer = io.BytesIO()
            with cursor.copy(
                f"COPY (SELECT * FROM {table} WHERE {where[table]}) TO STDOUT"
            ) as copy:
                for chunk in copy:
                    buffer.write(chunk)
            data[table] = buffer.getvalue()
            rows[table] = data[table].count(b"\n")
            cursor.execute(f"DROP TABLE IF EXISTS scratch_{table}")
            # the same columns, defaults, checks and indexes; no rows
            cursor.execute(f"CREATE TABLE scratch_{table} (LIKE {table} INCLUDING ALL)")
        raw.commit()
        began = time.perf_counter()
        for table in COPIED:
            with cursor.copy(f"COPY scratch_{table} FROM STDIN") as copy:
                copy.write(data[table])
        raw.commit()
        floor = time.perf_counter() - began
        for table in COPIED:
            cursor.execute(f"DROP TABLE scratch_{table}")
        raw.commit()
    size = sum(len(chunk) for chunk in data.values())
    print("\n== the floor: the same rows loaded with COPY FROM STDIN")
    print("rows: " + ", ".join(f"{table} {count}" for table, count in rows.items()))
    print(f"COPY of {size / 1e6:.1f} MB: {floor:.3f} s")
    print(
        f"season / floor: {season['round_trips'] / floor:.1f}x dispatch to done, "
        f"{season['worker'] / floor:.1f}x inside the worker (goal: within 5x)"
    )
    figures.record(
        "season",
        f"the season's {len(season['shows'])} shows, dispatch to done, one worker",
        season["round_trips"],
        "s",
        reference=f"COPY floor {floor:.3f} s ({size / 1e6:.1f} MB)",
        ratio=season["round_trips"] / floor,
        goal="<= 5x the floor",
        met=season["round_trips"] / floor <= 5,
    )


# -- 3. one worker against two -------------------------------------------------------------------


def _scaling(bench_url: str, broker: str, logs: Path, args) -> None:
    from tests.workers import Cluster

    print(
        f"\n== {args.federations} federations x {args.scaling_weeks} weeks: one worker process "
        f"against two, {args.rounds} interleaved rounds (the best of each counts)"
    )
    start = dt.datetime(2025, 1, 3, 20, tzinfo=dt.UTC)
    runs = [(workers, round_) for round_ in range(args.rounds) for workers in (1, 2)]
    sets = {}
    for workers, round_ in runs:
        weeks = []
        for index in range(args.federations):
            federation = federation_build(
                slug=f"bench-{workers}-{round_}-{index}", wrestlers=args.wrestlers
            )
            booker = Booker(federation, matches=args.matches, skip_injured=False)
            weeks.append(
                [
                    booker.book(
                        number=week + 1,
                        scheduled_at=start + dt.timedelta(weeks=week),
                        seed=1000 * week + index,
                    ).pk
                    for week in range(args.scaling_weeks)
                ]
            )
        sets[workers, round_] = weeks
    best = {1: 0.0, 2: 0.0}
    shows = args.federations * args.scaling_weeks
    for workers, round_ in runs:
        cluster = Cluster(
            database_url=bench_url,
            broker_url=broker,
            logs=logs / f"scaling-{workers}-{round_}",
            DJANGO_LOG_LEVEL="WARNING",
        )
        cluster.flush()
        try:
            names = [f"s{i}" for i in range(workers)]
            for name in names:
                cluster.worker(name, ready=False)
            cluster.wait_ready(*names)
            elapsed = _drive(cluster, sets[workers, round_])
        finally:
            cluster.stop_all()
        best[workers] = max(best[workers], shows / elapsed)
        print(
            f"round {round_ + 1}, {workers} worker(s): {shows} shows in {elapsed:.2f} s, "
            f"{shows / elapsed:.1f} shows/s"
        )
    print(
        f"throughput ratio two/one: {best[2] / best[1]:.2f} "
        f"(goal: at least 1.7 on two cores; this machine has {os.cpu_count()} CPUs)"
    )
    figures.record(
        "season",
        f"{args.federations} federations x {args.scaling_weeks} weeks, two workers",
        best[2],
        "shows/s",
        reference=f"one worker {best[1]:.1f} shows/s",
        ratio=best[2] / best[1],
        goal=">= 1.7x one worker",
        met=best[2] / best[1] >= 1.7,
    )


def _drive(cluster, weeks: list[list[int]]) -> float:
    """Send each federation's next week as soon as its last one is done."""
    from matches.models import Show, ShowStatus

    cursor = [0] * len(weeks)
    began = time.perf_counter()
    for chain in weeks:
        cluster.simulate(chain[0])
    pending = {chain[0]: index for index, chain in enumerate(weeks)}
    while pending:
        done = Show.objects.filter(
            pk__in=list(pending), status__in=[ShowStatus.COMPLETED, ShowStatus.FAILED]
        ).values_list("pk", flat=True)
        for pk in done:
            index = pending.pop(pk)
            cursor[index] += 1
            if cursor[index] < len(weeks[index]):
                following = weeks[index][cursor[index]]
                pending[following] = index
                cluster.simulate(following)
        if pending:
            time.sleep(0.01)  # the queue never runs dry: eight chains for at most two workers
    return time.perf_counter() - began


# -- the bench database ----------------------------------------------------------------------------


def _bench_database(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    name = (parts.path.lstrip("/") or "postgres") + "_bench_season"
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, "")), name


def _admin(url: str):
    import psycopg

    parts = urlsplit(url)
    return psycopg.connect(
        host=parts.hostname or "127.0.0.1",
        port=parts.port or 5432,
        user=parts.username or None,
        password=parts.password or None,
        dbname="postgres",
        autocommit=True,
    )


def _recreate(url: str, name: str) -> None:
    with _admin(url) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


def _drop(url: str, name: str) -> None:
    with _admin(url) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _redis_db(url: str, db: int) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{db}", parts.query, parts.fragment))


if __name__ == "__main__":
    main()
