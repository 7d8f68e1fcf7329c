"""Mutation testing of the core, one module at a time (``make mutation``; see docs/testing.md).

    python scripts/mutation.py                      every module of [tool.mutmut] only_mutate
    python scripts/mutation.py matches/booking.py   one module (or several)
    python scripts/mutation.py --report             the scores of the last runs, nothing run
    python scripts/mutation.py --sample 5 ...       one mutant in five (those numbered ..0, ..5)
    python scripts/mutation.py --again ...          only the mutants not run or survived last time

mutmut copies the project into ``mutants/`` once; this script first brings the copies of the
modules it does not mutate up to date (mutmut keeps the copies it made), then has one mutmut
process run the mutants of the modules chosen, each against the tests that call the mutated
function, and prints each module's score:
killed (a timeout counts as killed: the tests stopped the mutant) over the mutants run; a
mutant not run (a sample, or an interrupted run) is counted apart, never as killed.
"""

from __future__ import annotations

import argparse
import filecmp
import fnmatch
import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"
#: One mutant in N, chosen by the last digit of its number (mutmut numbers each function's).
SAMPLES = {1: "", 2: "[02468]", 5: "[05]", 10: "0"}
KILLED = {1, 3, 36, 24, -24, 152, 255}  # mutmut's exit codes for killed and timed out
SURVIVED = {0}
NO_TESTS = {5, 33}


def config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]


def modules(conf: dict) -> list[str]:
    """The files mutated, in the order of ``only_mutate`` (globs expanded)."""
    skip = conf.get("do_not_mutate", [])
    found: list[str] = []
    for pattern in conf["only_mutate"]:
        for path in sorted(ROOT.glob(pattern)):
            name = path.relative_to(ROOT).as_posix()
            if name.endswith("/__init__.py") or any(fnmatch.fnmatch(name, s) for s in skip):
                continue
            if name not in found:
                found.append(name)
    return found


def sync(conf: dict, mutated: list[str]) -> None:
    """Refresh mutants/'s copies of the files mutmut does not mutate (it keeps stale ones)."""
    if not MUTANTS.exists():
        return
    for top in conf["source_paths"]:
        for source in (ROOT / top).rglob("*"):
            if source.is_dir() or "__pycache__" in source.parts:
                continue
            name = source.relative_to(ROOT).as_posix()
            if name in mutated:
                continue
            target = MUTANTS / name
            if not target.exists() or not filecmp.cmp(source, target, shallow=False):
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target)


def score(module: str) -> dict[str, int]:
    meta = MUTANTS / f"{module}.meta"
    codes = json.loads(meta.read_text())["exit_code_by_key"].values() if meta.exists() else []
    counts = {"mutants": 0, "killed": 0, "survived": 0, "no tests": 0, "not run": 0}
    for code in codes:
        counts["mutants"] += 1
        if code in KILLED:
            counts["killed"] += 1
        elif code in SURVIVED:
            counts["survived"] += 1
        elif code in NO_TESTS:
            counts["no tests"] += 1
        else:
            counts["not run"] += 1
    return counts


def unsettled(module: str, globs: list[str]) -> list[str]:
    """The mutants of ``module`` matching ``globs`` that survived or have not been run."""
    meta = MUTANTS / f"{module}.meta"
    if not meta.exists():
        return []
    codes = json.loads(meta.read_text())["exit_code_by_key"]
    return sorted(
        name
        for name, code in codes.items()
        if code not in KILLED and any(fnmatch.fnmatch(name, glob) for glob in globs)
    )


def report(names: list[str]) -> None:
    heads = ("mutants", "killed", "survived", "no tests", "not run", "score")
    print(f"{'module':34} " + " ".join(f"{head:>8}" for head in heads))
    for module in names:
        c = score(module)
        run = c["killed"] + c["survived"] + c["no tests"]
        percent = f"{100 * c['killed'] / run:.1f}%" if run else "-"
        figures = (c["mutants"], c["killed"], c["survived"], c["no tests"], c["not run"], percent)
        print(f"{module:34} " + " ".join(f"{figure:>8}" for figure in figures))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="files to mutate (default: all)")
    parser.add_argument("--report", action="store_true", help="print the scores, run nothing")
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("MUTATION_JOBS", "2")))
    parser.add_argument("--sample", type=int, choices=sorted(SAMPLES), default=1)
    parser.add_argument(
        "--again",
        action="store_true",
        help="run only the mutants (of the sample) that survived or were not run: after new "
        "tests, or after the code changed (mutmut resets the mutants of a changed function)",
    )
    args = parser.parse_args()
    conf = config()
    everything = modules(conf)
    chosen = args.modules or everything
    unknown = [m for m in chosen if m not in everything]
    if unknown:
        print(f"not mutated (see [tool.mutmut] only_mutate): {', '.join(unknown)}")
        return 2
    if not args.report:
        sync(conf, everything)
        mutmut = Path(sys.executable).with_name("mutmut")
        globs = [
            f"{module.removesuffix('.py').replace('/', '.')}.*{SAMPLES[args.sample]}"
            for module in chosen
        ]
        if args.again:
            # Bring the mutants up to date first (mutmut regenerates those of a changed function,
            # their results reset): a run for a pattern that matches nothing does just that.
            subprocess.run(
                [str(mutmut), "run", "no.mutant.matches.this"], cwd=ROOT, capture_output=True
            )
            globs = [name for module in chosen for name in unsettled(module, globs)]
            if not globs:
                report(chosen)
                return 0
        # One mutmut process for the modules chosen (``--jobs`` mutants at once, the quickest
        # first): the tests are listed and checked clean once for them all.
        print(f"== {', '.join(chosen)}", flush=True)
        done = subprocess.run(
            [str(mutmut), "run", "--max-children", str(args.jobs), *globs], cwd=ROOT
        )
        if done.returncode:
            return done.returncode
    report(chosen)
    return 0


if __name__ == "__main__":
    sys.exit(main())
