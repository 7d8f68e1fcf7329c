"""Ten years of history: every page and API read of a federation ten years old against a new one.

    .venv/bin/python bench/history.py [--shows 520] [--repeats 30] [--database-url URL]
                                      [--json PATH] [--quick]

Builds two federations in a database of its own (a SQLite file in a temporary folder unless
``--database-url`` names a PostgreSQL database ``ringside_...``, which it drops and makes
afresh; never the project's), both from the project's sample
federation (18 wrestlers, 3 teams, 3 titles, 2 feuds, every card): "ten-years", with 520 weekly
shows wrestled for real, one after another, by ``simulate_season`` (each card auto-booked, every
match played by its engine with its full play-by-play, and the results written to the roster
through ``RosterBook``: Fame, Prestige, Heat and Edge with their ledger rows, title changes and
reigns, feud heat, injuries and their healing); "new", with 2 weeks wrestled; and "one-year",
with 52 (beside the new one, whose lists are near empty, it tells a page that grows with the
years from one that is merely full: ``growth``, the ten years' p50 over the one year's). Nothing is
copied or made up, so ``check_federation`` passes on both (the bench runs it and says so). The
shows are dated weekly from the day of the run on, as ``simulate_season`` places them (the
sample's wrestlers debut between 2019 and 2023, so its ten years cannot start ten years ago);
every page reads the same rows whatever the dates. Building takes a few minutes, almost all of
it the 3,120 matches wrestled.

Then, in the same process, with Django's test Client through the full middleware stack
(``DJANGO_DEBUG=0``, the API's throttling lifted), signed in as the owner, it reads every page
and every API list and detail a promoter or fan opens, at both federations: the same wrestler
(the one with the most matches), the same title (of those a match has crowned a champion of in
the new federation too, the one with the most reigns), the last show, its main event, the
latest feud and injury. Each request's queries are counted once; then the requests are timed
``--repeats`` times, the two federations in turn, after a warm-up.

Prints, per request, p50 and p95 in milliseconds and queries at both sizes, and the ratio of
the ten years' p50 to the new one's. Goals: no request over 100 ms p95 at ten years, the same
queries at both sizes, the ratio under 1.5. Asserts nothing.

``measure()`` is the same as a function (``make bench`` calls it): it runs the bench in a child
process and returns its figures as a dict (see ``measure``).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OLD, NEW, YEAR = "ten-years", "new", "one-year"
NEW_WEEKS = 2
YEAR_WEEKS = 52
CARD_SIZE = 8  # 520 weekly shows of 8 matches: about 4,000 matches
SEED = 43
GOAL_P95_MS = 100.0
GOAL_RATIO = 1.5

#: (name, address): ``{f}`` the federation's slug, ``{api}`` its API base; the rest from
#: ``_subjects``. Pages first, then the API.
REQUESTS: list[tuple[str, str]] = [
    ("page home", "/"),
    ("page federation", "/f/{f}/"),
    ("page roster", "/f/{f}/roster/"),
    ("page profile", "/f/{f}/wrestlers/{wrestler}/"),
    ("page profile, page 5", "/f/{f}/wrestlers/{wrestler}/?page=5"),
    ("page card", "/f/{f}/wrestlers/{wrestler}/cards/filsinger/"),
    ("page titles", "/f/{f}/titles/"),
    ("page title (lineage)", "/f/{f}/titles/{title}/"),
    ("page teams", "/f/{f}/teams/"),
    ("page team", "/f/{f}/teams/{team}/"),
    ("page feuds", "/f/{f}/feuds/"),
    ("page injuries", "/f/{f}/injuries/"),
    ("page records", "/f/{f}/records/"),
    ("page standings", "/f/{f}/standings/"),
    ("page standings, tag by record", "/f/{f}/standings/?division=tag&by=record"),
    ("page members", "/f/{f}/members/"),
    ("page archive", "/f/{f}/shows/"),
    ("page show", "/f/{f}/shows/{show}/"),
    ("api federations", "/api/v1/federations/"),
    ("api federation", "{api}/"),
    ("api members", "{api}/members/"),
    ("api wrestlers", "{api}/wrestlers/"),
    ("api wrestler", "{api}/wrestlers/{wrestler}/"),
    ("api wrestler record", "{api}/wrestlers/{wrestler}/record/"),
    ("api head-to-head", "{api}/wrestlers/{wrestler}/head-to-head/{opponent}/"),
    ("api cards", "{api}/wrestlers/{wrestler}/cards/"),
    ("api card", "{api}/wrestlers/{wrestler}/cards/filsinger/"),
    ("api teams", "{api}/teams/"),
    ("api team", "{api}/teams/{team}/"),
    ("api titles", "{api}/titles/"),
    ("api title", "{api}/titles/{title}/"),
    ("api lineage", "{api}/titles/{title}/lineage/"),
    ("api reigns", "{api}/reigns/"),
    ("api feuds", "{api}/feuds/"),
    ("api feud", "{api}/feuds/{feud}/"),
    ("api injuries", "{api}/injuries/"),
    ("api injury", "{api}/injuries/{injury}/"),
    ("api ledger", "{api}/ledger/"),
    ("api standings singles", "{api}/standings/singles/"),
    ("api standings tag", "{api}/standings/tag/"),
    ("api contenders singles", "{api}/contenders/singles/"),
    ("api contenders tag", "{api}/contenders/tag/"),
    ("api records", "{api}/records/"),
    ("api shows", "{api}/shows/"),
    ("api show", "{api}/shows/{show}/"),
    ("api show play-by-play", "{api}/shows/{show}/?play_by_play=true"),
    ("api show matches", "{api}/shows/{show}/matches/"),
    ("api show match", "{api}/shows/{show}/matches/{position}/"),
    ("api matches", "{api}/matches/"),
]


def measure(
    *,
    shows: int = 520,
    repeats: int = 30,
    database_url: str | None = None,
    quick: bool = False,
) -> dict[str, Any]:
    """Build and measure in a child process of its own; return the figures:

    ``{"shows", "matches", "database", "build_seconds", "checked", "rows": [{"name", "path",
    "new": {"p50_ms", "p95_ms", "queries", "status"}, "one_year": {...}, "ten_years": {...},
    "ratio", "growth"}, ...], "worst_p95_ms", "worst_ratio", "worst_growth", "queries_same",
    "goal_met"}``; ``ratio`` is the ten years' p50 over the new one's, ``growth`` over the one
    year's. ``quick`` builds 52 shows and times 10 repeats. Raises
    ``RuntimeError`` when the child fails."""
    if quick:
        shows, repeats = min(shows, 52), min(repeats, 10)
    folder = Path(tempfile.mkdtemp(prefix="ringside-bench-history-"))
    try:
        url = database_url or f"sqlite:///{folder / 'history.sqlite3'}"
        if not url.startswith("sqlite"):
            if not url.rsplit("/", 1)[-1].startswith("ringside_"):
                raise ValueError("bench/history.py: a database of its own, named ringside_...")
            _recreate_database(url)  # dropped and made afresh: never the project's
        out = folder / "figures.json"
        env = {
            **os.environ,
            "DATABASE_URL": url,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(60),
            "DJANGO_ALLOWED_HOSTS": "testserver,localhost",
            "DJANGO_SECURE_SSL_REDIRECT": "0",
            "DJANGO_HSTS_SECONDS": "0",
            "DJANGO_LOG_LEVEL": "ERROR",
            "PYTHONWARNINGS": "ignore",
            **{f"API_THROTTLE_{s}": "1000000/s" for s in ("ANON", "USER", "ODDS", "RUN", "IMPORT")},
        }
        env.pop("REDIS_URL", None)  # the shows run in this process, the cache is local
        argv = [sys.executable, str(Path(__file__).resolve()), "--child", str(out)]
        argv += ["--shows", str(shows), "--repeats", str(repeats)]
        done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True)
        if done.returncode != 0 or not out.exists():
            tail = (done.stderr or done.stdout).strip().splitlines()[-20:]
            raise RuntimeError("bench/history.py failed:\n" + "\n".join(tail))
        return json.loads(out.read_text())
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _recreate_database(url: str) -> None:
    import psycopg

    admin, name = url.rsplit("/", 1)
    with psycopg.connect(f"{admin}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


def table(figures: dict[str, Any]) -> str:
    """The figures as a text table."""
    head = (
        f"{'request':<26} {'new p50':>8} {'p95':>7} {'q':>4}   {'1y p50':>7}   "
        f"{'10y p50':>8} {'p95':>7} {'q':>4}   {'ratio':>5} {'growth':>6}"
    )
    lines = [
        f"ten years: {figures['shows']} shows, {figures['matches']:,} matches "
        f"({figures['database']}, built in {figures['build_seconds']:.0f} s, "
        f"check_federation {'passed' if figures['checked'] else 'FAILED'})",
        head,
        "-" * len(head),
    ]
    for row in figures["rows"]:
        new, year, old = row["new"], row["one_year"], row["ten_years"]
        flag = "" if new["status"] == old["status"] == 200 else f"  HTTP {old['status']}"
        lines.append(
            f"{row['name']:<26} {new['p50_ms']:8.1f} {new['p95_ms']:7.1f} {new['queries']:4d}   "
            f"{year['p50_ms']:7.1f}   "
            f"{old['p50_ms']:8.1f} {old['p95_ms']:7.1f} {old['queries']:4d}   "
            f"{row['ratio']:5.2f} {row['growth']:6.2f}{flag}"
        )
    lines.append(
        f"worst p95 at ten years {figures['worst_p95_ms']:.1f} ms (goal < {GOAL_P95_MS:.0f}); "
        f"worst ratio {figures['worst_ratio']:.2f} (goal < {GOAL_RATIO}); worst growth from "
        f"one year {figures['worst_growth']:.2f}; queries the same at every size: "
        f"{'yes' if figures['queries_same'] else 'NO'}; "
        f"goal {'met' if figures['goal_met'] else 'NOT met'}"
    )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shows", type=int, default=520, help="the old federation's (520)")
    parser.add_argument("--repeats", type=int, default=30, help="timed requests each (30)")
    parser.add_argument("--database-url", default=None, help="default: SQLite, a temporary file")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--quick", action="store_true", help="52 shows, 10 repeats")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(Path(args.child), args.shows, args.repeats)
        return
    figures = measure(
        shows=args.shows, repeats=args.repeats, database_url=args.database_url, quick=args.quick
    )
    print(table(figures))
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1) + "\n")


# -- in the child, with Django set up ------------------------------------------------------------


def _child(out: Path, shows: int, repeats: int) -> None:
    import django

    sys.path.insert(0, str(ROOT))
    django.setup()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    # Debug off serves the static files by their manifest: collected into the bench's own folder.
    from django.conf import settings

    settings.STATIC_ROOT = str(out.parent / "static")
    call_command("collectstatic", interactive=False, verbosity=0)
    started = time.perf_counter()
    owner, checked = _build(shows)
    built = time.perf_counter() - started
    rows = _measure_all(owner, repeats)
    from matches.models import Match

    worst_p95 = max(r["ten_years"]["p95_ms"] for r in rows)
    worst_ratio = max(r["ratio"] for r in rows)
    sizes = ("new", "one_year", "ten_years")
    same = all(len({r[size]["queries"] for size in sizes}) == 1 for r in rows)
    ok = all(r[size]["status"] == 200 for r in rows for size in sizes)
    figures = {
        "shows": shows,
        "matches": Match.objects.filter(show__federation__slug=OLD).count(),
        "database": connection.vendor,
        "build_seconds": round(built, 1),
        "checked": checked,
        "rows": rows,
        "worst_p95_ms": worst_p95,
        "worst_ratio": worst_ratio,
        "worst_growth": max(r["growth"] for r in rows),
        "queries_same": same,
        "goal_met": bool(
            ok and checked and same and worst_p95 < GOAL_P95_MS and worst_ratio < GOAL_RATIO
        ),
    }
    out.write_text(json.dumps(figures))


def _build(shows: int):
    """The owner and the two federations, each wrestled for real; whether both check."""
    import io

    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.core.management.base import CommandError

    from promotion.sample import sample_federation_load
    from promotion.services import federation_update

    owner = get_user_model().objects.create_user("bench", password=secrets.token_urlsafe(16))
    checked = True
    sizes = ((NEW, "New", NEW_WEEKS), (YEAR, "One Year", min(YEAR_WEEKS, shows)))
    for slug, name, weeks in (*sizes, (OLD, "Ten Years", shows)):
        federation = sample_federation_load(owner=owner, name=f"{name} Wrestling", slug=slug)
        federation_update(federation=federation, card_size=CARD_SIZE)
        left = weeks
        while left:
            step = min(left, 520)
            call_command(
                "simulate_season",
                slug,
                weeks=step,
                seed=SEED,
                no_progress=True,
                verbosity=0,
                stdout=io.StringIO(),
            )
            left -= step
        try:
            call_command("check_federation", slug, stdout=io.StringIO(), stderr=io.StringIO())
        except (CommandError, SystemExit):
            checked = False
    return owner, checked


def _subjects(slug: str, wrestler: str, title: str) -> dict[str, Any]:
    """The rows the addresses name, for one federation."""
    from django.db.models import Count, Q

    from matches.models import Match, Show
    from promotion.models import Federation, Feud, Injury, Team, TitleReign

    federation = Federation.objects.get(slug=slug)
    show = Show.objects.filter(federation=federation, status="completed").order_by("-number")[0]
    main = Match.objects.filter(show=show).order_by("-position")[0]
    opponent = (
        federation.wrestlers.exclude(slug=wrestler)
        .annotate(n=Count("appearances", filter=Q(appearances__match__status="completed")))
        .order_by("-n", "slug")[0]
    )
    return {
        "f": slug,
        "api": f"/api/v1/federations/{slug}",
        "wrestler": wrestler,
        "opponent": opponent.slug,
        "title": title,
        "team": Team.objects.filter(federation=federation).order_by("slug")[0].slug,
        "show": show.number,
        "position": main.position,
        "match": main.pk,
        "reign": TitleReign.objects.filter(title__federation=federation).order_by("-pk")[0].pk,
        "feud": Feud.objects.filter(federation=federation).order_by("-pk")[0].pk,
        "injury": Injury.objects.filter(wrestler__federation=federation).order_by("-pk")[0].pk,
    }


def _measure_all(owner, repeats: int) -> list[dict[str, Any]]:
    from django.db import connection
    from django.db.models import Count
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from promotion.models import Federation, TitleReign

    old = Federation.objects.get(slug=OLD)
    wrestler = old.wrestlers.annotate(n=Count("appearances")).order_by("-n", "slug")[0].slug
    # The title with the most reigns of those a match has changed hands in the new federation
    # too (a lineage without such a reign skips the queries of the matches that crowned it);
    # any title when no match has.
    crowned = TitleReign.objects.filter(title__federation__slug=NEW, won_at__isnull=False)
    titles = old.titles.annotate(n=Count("reigns")).order_by("-n", "slug")
    title = (titles.filter(slug__in=crowned.values("title__slug")).first() or titles[0]).slug
    subjects = {slug: _subjects(slug, wrestler, title) for slug in (NEW, YEAR, OLD)}
    client = Client(raise_request_exception=False)
    client.force_login(owner)

    def get(path: str) -> int:
        return client.get(path, HTTP_ACCEPT="text/html,application/json").status_code

    rows = []
    for name, address in REQUESTS:
        paths = {slug: address.format(**subjects[slug]) for slug in (NEW, YEAR, OLD)}
        figures: dict[str, dict[str, Any]] = {}
        for slug, path in paths.items():
            for _ in range(3):  # warm-up: templates, the cache, the database's own
                get(path)
            with CaptureQueriesContext(connection) as queries:
                status = get(path)
            figures[slug] = {"status": status, "queries": len(queries), "times": []}
        for _ in range(repeats):
            for slug, path in paths.items():
                began = time.perf_counter()
                get(path)
                figures[slug]["times"].append((time.perf_counter() - began) * 1000)
        for slug in paths:
            times = sorted(figures[slug].pop("times"))
            figures[slug]["p50_ms"] = round(statistics.median(times), 2)
            figures[slug]["p95_ms"] = round(times[math.ceil(0.95 * len(times)) - 1], 2)
        rows.append(
            {
                "name": name,
                "path": paths[OLD],
                "new": figures[NEW],
                "one_year": figures[YEAR],
                "ten_years": figures[OLD],
                "ratio": round(figures[OLD]["p50_ms"] / max(figures[NEW]["p50_ms"], 0.01), 2),
                "growth": round(figures[OLD]["p50_ms"] / max(figures[YEAR]["p50_ms"], 0.01), 2),
            }
        )
    return rows


if __name__ == "__main__":
    main()
