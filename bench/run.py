"""``make bench``: every bench in one run, one table, written as JSON and into the docs.

    .venv/bin/python bench/run.py [--quick] [--only NAME ...] [--no-write]

Runs, one after another, each in a process of its own: the three engines (``bench_filsinger``,
``bench_superstar``, ``bench_arm``: matches a second on the fast and full paths beside the same
dice drawn alone, and the exact odds), the season through a real worker on PostgreSQL
(``bench_season``: a show's time and queries, the season against its COPY floor, one worker
against two), the REST API under load (``bench_api``: requests a second, p50 and p99 at 1,000
rows beside 100) and ten years of history (``history``: every page and API read of a
federation of 520 shows beside a new one). Each figure is measured in the same run as its
reference. The season and the API need ``DATABASE_URL`` (PostgreSQL) and ``REDIS_URL``; the API
also needs Debian's ``wrk``: without them their row says ``skipped`` and why.

Prints one table, writes it with the machine and the date to ``bench/results.json`` and
``docs/performance.md`` (``--no-write``: neither; with ``--only``, those benches' rows replace
theirs in the latest table, each bench dated), and keeps each bench's own report in
``bench/logs/<name>.log``. ``--quick`` runs every bench smaller, to try the runner (its figures
are not the goals' measure and are never written). Asserts nothing; exits 1 if a bench fails.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import figures, history  # noqa: E402

RESULTS = ROOT / "bench/results.json"
DOC = ROOT / "docs/performance.md"
LOGS = ROOT / "bench/logs"

#: name: (script, arguments, arguments with --quick)
SCRIPTS: dict[str, tuple[str, list[str], list[str]]] = {
    "filsinger": ("bench_filsinger.py", [], ["--matches", "3000", "--no-tag"]),
    "superstar": ("bench_superstar.py", ["--pairs", "3"], ["--matches", "3000", "--pairs", "1"]),
    "arm": ("bench_arm.py", [], ["--matches", "300"]),
    "season": (
        "bench_season.py",
        [],
        ["--weeks", "6", "--federations", "2", "--scaling-weeks", "3", "--rounds", "1"],
    ),
    "api": ("bench_api.py", [], ["--seconds", "2"]),
}
ORDER = [*SCRIPTS, "history"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="every bench smaller; writes nothing")
    parser.add_argument("--only", nargs="+", choices=ORDER, help="these benches alone")
    parser.add_argument("--no-write", action="store_true", help="print the table only")
    args = parser.parse_args()

    LOGS.mkdir(exist_ok=True)
    machine = _machine()
    began = time.monotonic()
    rows: list[dict] = []
    failed = []
    for name in args.only or ORDER:
        print(f"bench {name} ...", flush=True)
        started = time.monotonic()
        try:
            got = _history(args.quick) if name == "history" else _script(name, args.quick)
        except RuntimeError as error:
            failed.append(name)
            last = str(error).strip().splitlines()[-1]
            got = [_as_row(figures.Figure(name, "failed", None, "", note=last))]
        rows.extend(got)
        print(f"bench {name}: {time.monotonic() - started:.0f} s", flush=True)
    machine["load_after"] = _load()
    machine["seconds"] = round(time.monotonic() - began)
    table = _table(rows)
    print()
    print(_heading(machine, args.quick))
    print()
    print(table)
    if not args.no_write and not args.quick:
        runs = {name: _run_of(machine) for name in args.only or ORDER}
        if args.only and RESULTS.exists():
            # Some benches again: their rows replace theirs in the latest table.
            kept = json.loads(RESULTS.read_text())
            before = {name: _run_of(kept["machine"]) for name in ORDER}
            runs = {**before, **kept.get("runs", {}), **runs}
            ran = {row["bench"].lower() for row in rows}
            rows = [row for row in kept["figures"] if row["bench"].lower() not in ran] + rows
            rows.sort(key=lambda row: _place(row["bench"]))
        RESULTS.write_text(
            json.dumps({"machine": machine, "runs": runs, "figures": rows}, indent=1) + "\n"
        )
        DOC.write_text(_document(machine, runs, _table(rows)))
        print(f"\nwritten: {RESULTS.relative_to(ROOT)}, {DOC.relative_to(ROOT)}")
    if failed:
        sys.exit(f"failed: {', '.join(failed)} (their reports: bench/logs/)")


def _script(name: str, quick: bool) -> list[dict]:
    script, arguments, smaller = SCRIPTS[name]
    arguments = list(smaller if quick else arguments)
    env = dict(os.environ)
    if name == "api":
        source = os.environ.get("DATABASE_URL", "")
        if not source.startswith(("postgres://", "postgresql://")):
            return [_as_row(figures.Figure("API", "skipped", None, "", note=_NEEDS_POSTGRES))]
        arguments += ["--database-url", _database(source, "ringside_api_bench")]
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "figures.json"
        env[figures.ENV] = str(out)
        with (LOGS / f"{name}.log").open("w") as log:
            done = subprocess.run(
                [sys.executable, str(ROOT / "bench" / script), *arguments],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        if done.returncode != 0 or not out.exists():
            raise RuntimeError(f"{script} exited {done.returncode}; see bench/logs/{name}.log")
        return [_as_row(figures.Figure(**f)) for f in json.loads(out.read_text())]


_NEEDS_POSTGRES = "needs DATABASE_URL (PostgreSQL)"


def _history(quick: bool) -> list[dict]:
    measured = history.measure(quick=quick)
    (LOGS / "history.log").write_text(json.dumps(measured, indent=1) + "\n")
    shows = f"{measured['shows']} shows" if not quick else f"{measured['shows']} shows (quick)"
    rows = []
    for row in measured["rows"]:
        old, year, new = row["ten_years"], row["one_year"], row["new"]
        same = old["queries"] == year["queries"] == new["queries"]
        met = (
            old["p95_ms"] <= history.GOAL_P95_MS
            and row["ratio"] < history.GOAL_RATIO
            and same
            and old["status"] == 200
        )
        rows.append(
            _as_row(
                figures.Figure(
                    "history",
                    f"{row['name']}: p95 at {shows}, p50 {old['p50_ms']:.1f} ms, "
                    f"{old['queries']} queries",
                    old["p95_ms"],
                    "ms",
                    reference=f"new: p50 {new['p50_ms']:.1f} ms, p95 {new['p95_ms']:.1f} ms, "
                    f"{new['queries']} queries; one year: p50 {year['p50_ms']:.1f} ms (ten "
                    f"years {row['growth']:.2f}x)",
                    ratio=row["ratio"],
                    goal=f"p95 <= {history.GOAL_P95_MS:.0f} ms, p50 ratio < "
                    f"{history.GOAL_RATIO}, same queries",
                    met=met,
                )
            )
        )
    return rows


def _as_row(figure: figures.Figure) -> dict:
    return asdict(figure)


def _table(rows: list[dict]) -> str:
    lines = [
        "| bench | figure | measured | beside it, in the same run | ratio | goal | met |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for row in rows:
        value = "" if row["value"] is None else f"{_number(row['value'])} {row['unit']}"
        if row["note"]:
            row = {**row, "note": " ".join(row["note"].split()).replace("|", "/")}
            value = f"{value} ({row['note']})" if value else row["note"]
        ratio = "" if row["ratio"] is None else f"{row['ratio']:.2f}"
        met = {True: "yes", False: "**no**", None: ""}[row["met"]]
        lines.append(
            f"| {row['bench']} | {row['name']} | {value} | {row['reference']} | {ratio} "
            f"| {row['goal']} | {met} |"
        )
    return "\n".join(lines)


def _number(value: float) -> str:
    if float(value).is_integer() and value < 1000:
        return f"{value:.0f}"
    if value >= 1000:
        return f"{value:,.0f}"
    if value >= 100:
        return f"{value:.0f}"
    return f"{value:.2f}" if value < 10 else f"{value:.1f}"


def _heading(machine: dict, quick: bool) -> str:
    quick_note = " (quick: not the goals' measure)" if quick else ""
    return (
        f"{machine['date']}, commit {machine['commit']}{quick_note}"
        f"\n{machine['cpu']}, {machine['cores']} cores, Python {machine['python']}, "
        f"{machine['system']}; load {machine['load_before']} before, "
        f"{machine.get('load_after', '?')} after; {machine.get('seconds', '?')} s in all"
    )


def _place(bench: str) -> int:
    name = bench.lower()
    return ORDER.index(name) if name in ORDER else len(ORDER)


def _run_of(machine: dict) -> dict:
    keys = ("date", "commit", "load_before", "load_after")
    return {key: machine.get(key, "?") for key in keys}


def _document(machine: dict, runs: dict, table: str) -> str:
    when = sorted({(run["date"], run["commit"]) for run in runs.values()})
    if len(when) == 1:
        heading = _heading(machine, False)
    else:
        heading = (
            f"{machine['cpu']}, {machine['cores']} cores, Python {machine['python']}, "
            f"{machine['system']}; the benches ran at different times:\n\n"
            + "\n".join(
                f"- {name}: {run['date']}, commit {run['commit']}, load {run['load_before']} "
                f"before, {run['load_after']} after"
                for name, run in sorted(runs.items(), key=lambda item: _place(item[0]))
            )
        )
    return (
        "# Performance\n\n"
        "The latest `make bench` (`bench/run.py`; the same figures in `bench/results.json`, "
        "what each bench measures in `bench/README.md`).\n\n"
        f"{heading}\n\n{table}\n"
    )


def _machine() -> dict:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        commit = subprocess.run(
            ["git", "describe", "--always", "--dirty"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    return {
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": commit,
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "system": f"{platform.system()} {platform.release()}",
        "load_before": _load(),
    }


def _load() -> str:
    try:
        return ", ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "?"


def _database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


if __name__ == "__main__":
    main()
