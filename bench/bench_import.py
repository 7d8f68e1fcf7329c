"""A federation import at its size limit: time and peak memory.

    .venv/bin/python bench/bench_import.py [--megabytes 64] [--shape shows|ledger]
                                           [--database-url URL] [--keep]

Builds the largest document the import limit allows (``FEDERATION_IMPORT_MAX_BYTES``, 64 MB by
default) from a real one: the sample federation, eight weeks wrestled, exported; then its
completed shows are repeated week after week (``shows``: matches, participants, play-by-play and
their ledger rows, as a long history exports) or its ledger rows alone (``ledger``: the shape of
the attack of issue 36, 400,000 ledger rows), with each wrestler's Fame and Prestige set to what
his ledger adds up to, so that the document passes every check and is written whole. Then
imports it with ``import_federation`` in a fresh process and prints the time to read it, to
check and write it, and the process's peak memory (goal: under 60 s and 1 GB). Also prints how
long a document with its ledger disagreeing takes to be refused. Runs on a SQLite file in a
temporary folder unless ``--database-url`` names another database (never the project's).
Asserts nothing.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=None, help="default: the limit")
    parser.add_argument("--shape", choices=["shows", "ledger"], default="shows")
    parser.add_argument("--database-url", default=None, help="default: SQLite, a temporary file")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--generate", help=argparse.SUPPRESS)
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.generate:
        generate(Path(args.generate), args.megabytes, args.shape)
        return
    if args.measure:
        measure(Path(args.measure))
        return
    folder = Path(tempfile.mkdtemp(prefix="ringside-bench-import-"))
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    env["DATABASE_URL"] = args.database_url or f"sqlite:///{folder / 'bench.sqlite3'}"
    run = lambda *argv: subprocess.run(argv, cwd=ROOT, env=env, check=True)  # noqa: E731
    run(PYTHON, "manage.py", "migrate", "--verbosity", "0")
    document = folder / "federation.json"
    megabytes = [] if args.megabytes is None else ["--megabytes", str(args.megabytes)]
    run(PYTHON, __file__, "--generate", str(document), "--shape", args.shape, *megabytes)
    run(PYTHON, __file__, "--measure", str(document))
    if args.keep:
        print(f"kept {folder}")
    else:
        for path in sorted(folder.iterdir()):
            path.unlink()
        folder.rmdir()


def _django() -> None:
    import django

    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()


def generate(path: Path, megabytes: float | None, shape: str) -> None:
    """Write the document: the sample's real history, repeated up to the size asked."""
    _django()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from promotion.models import Federation
    from promotion.transfer import federation_export

    limit = int(megabytes * 2**20) if megabytes else settings.FEDERATION_IMPORT_MAX_BYTES
    get_user_model().objects.get_or_create(username="bench")
    if not Federation.objects.filter(slug="copperline").exists():
        call_command("load_sample_federation", owner="bench", verbosity=0)
        call_command(
            "simulate_season", "copperline", weeks=8, seed=36, no_progress=True, verbosity=0
        )
    document = json.loads(json.dumps(federation_export(federation=Federation.objects.get())))
    document["federation"]["slug"] = "bench-import"
    document["members"] = []
    _completed_only(document)
    grow = _grow_shows if shape == "shows" else _grow_ledger
    # Grow in steps, measuring the text now and then, until one more step would not fit.
    text = json.dumps(document, ensure_ascii=False)
    while True:
        step = copy.deepcopy(document)
        grow(step, rounds=max(1, int((limit - len(text.encode())) / _unit(document, grow) * 0.9)))
        bigger = json.dumps(step, ensure_ascii=False)
        if len(bigger.encode()) > limit:
            break
        document, text = step, bigger
        if limit - len(text.encode()) < _unit(document, grow) * 1.2:
            break
    _standings_from_ledger(document)
    text = json.dumps(document, ensure_ascii=False)
    path.write_text(text, encoding="utf-8")
    print(
        f"document ({shape}): {len(text.encode()) / 2**20:.1f} MB of {limit / 2**20:.0f} MB, "
        f"{len(document['shows']):,} shows, {len(document['matches']):,} matches, "
        f"{len(document['ledger']):,} ledger rows"
    )


def _unit(document: dict, grow) -> int:
    """Bytes one round of ``grow`` adds."""
    probe = copy.deepcopy(document)
    before = len(json.dumps(probe, ensure_ascii=False).encode())
    grow(probe, rounds=1)
    return len(json.dumps(probe, ensure_ascii=False).encode()) - before


def _completed_only(document: dict) -> None:
    """Leave out the shows not wrestled, and every row naming them or their matches."""
    done = {s["number"] for s in document["shows"] if s["status"] == "completed"}
    document["shows"] = [s for s in document["shows"] if s["number"] in done]
    document["matches"] = [m for m in document["matches"] if m["show"] in done]
    document["match_participants"] = [
        p for p in document["match_participants"] if p["show"] in done
    ]
    for key in ("ledger", "injuries"):
        document[key] = [r for r in document[key] if r["match"] is None or r["match"][0] in done]
    for reign in document["reigns"]:
        for end in ("won_at", "ended_at"):
            if reign[end] is not None and reign[end][0] not in done:
                reign[end] = None


def _grow_shows(document: dict, rounds: int) -> None:
    """Repeat the completed shows (matches, participants, Fame and Prestige rows) ``rounds``
    times, a week apart, after the last one."""
    import datetime as dt

    originals = sorted(
        (s for s in document["shows"] if s["status"] == "completed"),
        key=lambda s: s["number"],
    )[:8]
    by_show: dict[int, dict[str, list]] = {s["number"]: {} for s in originals}
    for key in ("matches", "match_participants", "ledger"):
        for row in document[key]:
            number = row["show"] if key != "ledger" else (row["match"] or [None])[0]
            if number in by_show and (key != "ledger" or row["attribute"] in ("fame", "prestige")):
                by_show[number].setdefault(key, []).append(row)
    number = max(s["number"] for s in document["shows"])
    last = max(dt.datetime.fromisoformat(s["scheduled_at"]) for s in document["shows"])
    for _ in range(rounds):
        for show in originals:
            number += 1
            last += dt.timedelta(days=7)
            document["shows"].append(
                {
                    **show,
                    "number": number,
                    "name": f"Bench Weekly #{number}",
                    "scheduled_at": last.isoformat(),
                    "started_at": last.isoformat(),
                    "heartbeat_at": last.isoformat(),
                    "completed_at": last.isoformat(),
                }
            )
            rows = by_show[show["number"]]
            for match in rows.get("matches", []):
                document["matches"].append({**match, "show": number, "title": None})
            for row in rows.get("match_participants", []):
                document["match_participants"].append(
                    {**row, "show": number, "match": [number, row["match"][1]]}
                )
            for row in rows.get("ledger", []):
                document["ledger"].append(
                    {**row, "show": number, "match": [number, row["match"][1]]}
                )


def _grow_ledger(document: dict, rounds: int) -> None:
    """Repeat the Fame and Prestige rows alone, as changes by hand (no match), ``rounds``
    times."""
    rows = [
        {**row, "match": None, "show": None}
        for row in document["ledger"]
        if row["attribute"] in ("fame", "prestige") and row["match"] is not None
    ][:200]
    for _ in range(rounds):
        document["ledger"].extend(dict(row) for row in rows)


def _standings_from_ledger(document: dict) -> None:
    sums: dict[tuple[str, str], int] = {}
    for row in document["ledger"]:
        key = (row["wrestler"], row["attribute"])
        sums[key] = sums.get(key, 0) + row["delta"]
    for wrestler in document["wrestlers"]:
        for attribute in ("fame", "prestige", "heat", "edge"):
            wrestler[attribute] = sums.get((wrestler["slug"], attribute), 0)


def measure(path: Path) -> None:
    """Import the document as ``import_federation`` does, in this fresh process; then the same
    document with one wrestler's Fame off by one, refused."""
    import resource

    _django()
    from django.contrib.auth import get_user_model
    from django.db import connection

    from promotion.transfer import TransferError, federation_import, read_document

    owner = get_user_model().objects.get(username="bench")
    started = time.perf_counter()
    data = path.read_bytes()
    document = read_document(data)
    read = time.perf_counter() - started
    del data
    started = time.perf_counter()
    _, report = federation_import(document=document, owner=owner, slug="bench-import")
    imported = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    rows = sum(report.rows.values())
    print(f"database: {connection.vendor}")
    print(f"read and parsed: {read:.1f} s")
    print(f"checked and written: {imported:.1f} s ({rows:,} rows)")
    print(f"total: {read + imported:.1f} s, peak memory {peak:,.0f} MB")
    document["wrestlers"][0]["fame"] += 1
    started = time.perf_counter()
    try:
        federation_import(document=document, owner=owner, slug="bench-refused")
    except TransferError as exc:
        refused = time.perf_counter() - started
        print(f"the ledger disagreeing: refused in {refused:.1f} s ({exc.problems[0][1]})")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory after both: {peak:,.0f} MB")


if __name__ == "__main__":
    main()
