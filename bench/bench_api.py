"""The REST API under load: gunicorn on PostgreSQL, the load from a second process (wrk).

    .venv/bin/python bench/bench_api.py [--database-url URL] [--seconds 10] [--connections 8]

Builds two federations in a database of its own (``ringside_api_bench`` by default; never the
project's): one of 1,000 wrestlers with 5,000 matches of history (every match wrestled by the
Filsinger engine with its full play-by-play, a ledger row per wrestler per match, a world title
with 200 reigns) and one a tenth of that size. Serves them with gunicorn (production settings,
throttling lifted) and loads four endpoints from wrk, the roster, a title's lineage, a show with
its play-by-play and the singles standings, for each federation. Prints requests per second and
the p50 and p99 latencies, and the ratio of the latencies at 1,000 against 100 rows (goal: under
1.5). Asserts nothing. Needs Debian's ``wrk`` (``apt-get install wrk``) and a PostgreSQL server.
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import figures  # noqa: E402

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/ringside_api_bench"
SIZES = {"bench-100": (100, 500), "bench-1000": (1000, 5000)}
ENDPOINTS = {
    "roster": "/wrestlers/",
    "title lineage": "/titles/world/lineage/",
    "show with play-by-play": "/shows/{last}/?play_by_play=true",
    "standings": "/standings/singles/",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default=DEFAULT_DB)
    parser.add_argument("--seconds", type=int, default=10, help="load per endpoint (10)")
    parser.add_argument("--connections", type=int, default=8, help="wrk connections (8)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (2)")
    parser.add_argument("--port", type=int, default=0, help="default: a free one")
    parser.add_argument("--populate", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.populate:
        populate()
        return
    if shutil.which("wrk") is None:
        print("bench_api: needs wrk (apt-get install wrk); skipped.")
        figures.skipped("API", "needs Debian's wrk (apt-get install wrk)")
        figures.save()
        return
    if "ringside_api" not in args.database_url.rsplit("/", 1)[-1]:
        sys.exit("bench_api: use a database of its own (a name starting ringside_api).")
    env = {
        **os.environ,
        "DATABASE_URL": args.database_url,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(60),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_HSTS_SECONDS": "0",
        "DJANGO_LOG_LEVEL": "WARNING",
        "PYTHONWARNINGS": "ignore:No directory at",
        **{f"API_THROTTLE_{s}": "1000000/s" for s in ("ANON", "USER", "ODDS", "RUN", "IMPORT")},
    }
    env.pop("REDIS_URL", None)
    python = sys.executable
    port = args.port or _free_port()
    began = time.monotonic()
    _recreate_database(args.database_url)
    subprocess.run(
        [python, "manage.py", "migrate", "--verbosity", "0"], cwd=ROOT, env=env, check=True
    )
    subprocess.run([python, __file__, "--populate"], cwd=ROOT, env=env, check=True)
    print(f"database built in {time.monotonic() - began:.0f} s")
    server = subprocess.Popen(
        [
            str(Path(python).parent / "gunicorn"),
            "config.wsgi",
            "--workers",
            str(args.workers),
            "--bind",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    base = f"http://127.0.0.1:{port}/api/v1/federations"
    try:
        _wait_for(f"{base}/", server)
        results = {}
        for slug in SIZES:
            last = _last_show(f"{base}/{slug}/shows/?page_size=1")
            for name, path in ENDPOINTS.items():
                url = f"{base}/{slug}{path.format(last=last)}"
                for _ in range(20):  # warm both workers (imports, connections, caches)
                    _get(url)
                results[slug, name] = _wrk(url, args.seconds, args.connections)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    _report(results, args)


def _report(results, args) -> None:
    print(
        f"\ngunicorn {args.workers} sync workers, wrk 2 threads {args.connections} connections, "
        f"{args.seconds} s an endpoint; PostgreSQL; {os.cpu_count()} cores shared by all three\n"
    )
    print(f"{'endpoint':<24}{'rows':>6}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}")
    for (slug, name), (rps, p50, p99) in results.items():
        rows = SIZES[slug][0]
        print(f"{name:<24}{rows:>6}{rps:>9.0f}{p50:>9.1f}{p99:>9.1f}")
    print(f"\n{'latency ratio 1,000 / 100 rows':<32}{'p50':>7}{'p99':>7}")
    for name in ENDPOINTS:
        small, large = results["bench-100", name], results["bench-1000", name]
        print(f"{name:<32}{large[1] / small[1]:>7.2f}{large[2] / small[2]:>7.2f}")
        ratio = large[2] / small[2]
        figures.record(
            "API",
            f"{name} at 1,000 rows: {large[0]:.0f} requests/s, p50 {large[1]:.1f} ms, p99",
            large[2],
            "ms",
            reference=f"100 rows: {small[0]:.0f} requests/s, p50 {small[1]:.1f} ms, p99 "
            f"{small[2]:.1f} ms",
            ratio=ratio,
            goal="p99 < 1.5x at 100 rows",
            met=ratio < 1.5,
        )
    figures.save()


def _wrk(url: str, seconds: int, connections: int) -> tuple[float, float, float]:
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rps = float(_find(r"Requests/sec:\s+([\d.]+)", out).group(1))
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if non_2xx:
        print(f"warning: {non_2xx.group(1)} failed responses from {url}")
    return rps, _ms(out, "50%"), _ms(out, "99%")


def _ms(out: str, percentile: str) -> float:
    value, unit = _find(rf"{percentile}\s+([\d.]+)(us|ms|s)", out).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def _find(pattern: str, out: str) -> re.Match[str]:
    """``pattern`` in wrk's report, which always prints it."""
    found = re.search(pattern, out)
    if found is None:
        raise RuntimeError(f"wrk's report has no {pattern!r}:\n{out}")
    return found


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read()


def _last_show(url: str) -> int:
    import json

    return json.loads(_get(url))["results"][0]["number"]


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_for(url: str, server: subprocess.Popen) -> None:
    for _ in range(100):
        if server.poll() is not None:
            sys.exit("bench_api: gunicorn stopped")
        try:
            _get(url)
            return
        except OSError:
            time.sleep(0.2)
    sys.exit("bench_api: gunicorn did not answer")


def _recreate_database(url: str) -> None:
    import psycopg

    admin, name = url.rsplit("/", 1)
    with psycopg.connect(f"{admin}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


# -- the data (run in a child process with Django set up) -------------------------------------


def populate() -> None:
    import django

    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.contrib.auth import get_user_model

    owner = get_user_model().objects.create_user("bench", password=secrets.token_urlsafe(16))
    for slug, (wrestlers, matches) in SIZES.items():
        started = time.monotonic()
        _federation(owner, slug, wrestlers, matches)
        took = time.monotonic() - started
        print(f"{slug}: {wrestlers} wrestlers, {matches} matches in {took:.0f} s")


def _federation(owner, slug: str, n_wrestlers: int, n_matches: int) -> None:
    import datetime as dt
    import random

    import yaml
    from django.db import transaction
    from django.utils import timezone

    from matches.models import Match, MatchParticipant, Show, ShowStatus
    from promotion.models import (
        Federation,
        StandingChange,
        Team,
        TeamMembership,
        Title,
        TitleReign,
        Wrestler,
    )
    from rules.core.dice import SeededDice
    from rules.core.spec import MatchSpec, Participant, Side
    from rules.models import WrestlerCard
    from rules.registry import systems

    rng = random.Random(slug)
    engine = systems["filsinger"]
    tables = engine.load_tables()
    options = engine.parse_options("all")
    samples = sorted((ROOT / "rules/data/sample/filsinger").glob("*.yaml"))
    cards = [engine.card_to_data(engine.parse_card(yaml.safe_load(p.read_text()))) for p in samples]
    with transaction.atomic():
        federation = Federation.objects.create(
            owner=owner, name=slug, slug=slug, time_zone="America/Chicago", is_public=True
        )
        people = Wrestler.objects.bulk_create(
            Wrestler(
                federation=federation,
                ring_name=f"Wrestler {i:04d}",
                slug=f"w{i:04d}",
                fame=rng.randrange(0, 900),
                prestige=rng.randrange(0, 900),
                heat=rng.randrange(0, 5),
            )
            for i in range(n_wrestlers)
        )
        WrestlerCard.objects.bulk_create(
            WrestlerCard(
                wrestler=w,
                system="filsinger",
                data={**cards[i % len(cards)], "name": w.ring_name},
                validated=True,
            )
            for i, w in enumerate(people)
        )
        parsed = {
            w.pk: engine.parse_card({**cards[i % len(cards)], "name": w.ring_name})
            for i, w in enumerate(people)
        }
        teams = Team.objects.bulk_create(
            Team(
                federation=federation, name=f"Team {i}", slug=f"t{i}", formed_on=dt.date(2020, 1, 4)
            )
            for i in range(n_wrestlers // 10)
        )
        TeamMembership.objects.bulk_create(
            TeamMembership(team=team, wrestler=people[2 * i + k], started_on=dt.date(2020, 1, 4))
            for i, team in enumerate(teams)
            for k in range(2)
        )
        title = Title.objects.create(
            federation=federation,
            name="World title",
            slug="world",
            introduced_on=dt.date(1990, 1, 6),
        )
        reigns = n_wrestlers // 5
        won = dt.date(1990, 1, 6)
        rows = []
        for number in range(1, reigns + 1):
            ends = won + dt.timedelta(days=rng.randrange(20, 60))
            last = number == reigns
            vacated = not last and number % 7 == 0
            rows.append(
                TitleReign(
                    title=title,
                    number=number,
                    holder_wrestler=rng.choice(people),
                    won_on=won,
                    won_how="won a match",
                    ended_on=None if last else ends,
                    end_reason="" if last else ("vacated" if vacated else "lost"),
                    defenses=rng.randrange(0, 6),
                )
            )
            won = ends + dt.timedelta(days=14 if vacated else 0)
        TitleReign.objects.bulk_create(rows)
        per_show = 6
        shows = n_matches // per_show + (1 if n_matches % per_show else 0)
        start = timezone.now() - dt.timedelta(weeks=shows + 1)
        show_rows = Show.objects.bulk_create(
            Show(
                federation=federation,
                number=i + 1,
                name=f"Weekly #{i + 1}",
                scheduled_at=start + dt.timedelta(weeks=i),
                status=ShowStatus.COMPLETED,
                seed=i,
                completed_at=start + dt.timedelta(weeks=i, hours=2),
            )
            for i in range(shows)
        )
        match_rows, bouts = [], []
        for index in range(n_matches):
            show = show_rows[index // per_show]
            position = index % per_show + 1
            if position == 1:
                on_show = rng.sample(people, 2 * per_show)
            a, b = on_show[2 * (position - 1)], on_show[2 * (position - 1) + 1]
            spec = MatchSpec(
                match_type="singles",
                sides=(
                    Side(
                        participants=(Participant(key=a.slug, name=a.ring_name, card=parsed[a.pk]),)
                    ),
                    Side(
                        participants=(Participant(key=b.slug, name=b.ring_name, card=parsed[b.pk]),)
                    ),
                ),
                options=options,
            )
            result = engine.simulate(spec, dice=SeededDice(index), tables=tables, record=True)
            match_rows.append(
                Match(
                    show=show,
                    position=position,
                    rule_system="filsinger",
                    rule_options=["all"],
                    seed=index,
                    status="completed",
                    winner_side=result.winner,
                    method=result.method.value,
                    length=result.length,
                    play_by_play=[event.to_json() for event in result.events],
                    effects=result.effects.to_json(),
                )
            )
            bouts.append((a, b))
        Match.objects.bulk_create(match_rows, batch_size=500)
        MatchParticipant.objects.bulk_create(
            (
                MatchParticipant(match=match, show_id=match.show_id, side=side, wrestler=w)
                for match, pair in zip(match_rows, bouts, strict=True)
                for side, w in enumerate(pair)
            ),
            batch_size=1000,
        )
        StandingChange.objects.bulk_create(
            (
                StandingChange(
                    wrestler=w,
                    attribute="prestige",
                    delta=10 if match.winner_side == side else -6,
                    value_after=w.prestige,
                    reason="Won" if match.winner_side == side else "Lost",
                    match=match,
                    show_id=match.show_id,
                )
                for match, pair in zip(match_rows, bouts, strict=True)
                for side, w in enumerate(pair)
            ),
            batch_size=1000,
        )
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


if __name__ == "__main__":
    main()
