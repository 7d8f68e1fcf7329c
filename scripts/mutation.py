"""Mutation testing of the core, one module at a time (``make mutation``; see docs/testing.md).

    python scripts/mutation.py                      every module of [tool.mutmut] only_mutate
    python scripts/mutation.py matches/booking.py   one module (or several)
    python scripts/mutation.py --report             the scores of the last runs, nothing run
    python scripts/mutation.py --sample 5 ...       one mutant in five (chosen by its name's hash)
    python scripts/mutation.py 'promotion/api/*.py:5' promotion/access.py:1 ...
                                                    a module's own sample after a colon (a
                                                    pattern names every module it matches)
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
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"
SAMPLES = (1, 2, 5, 10, 20)
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


def in_sample(name: str, sample: int) -> bool:
    """One mutant in ``sample``, chosen by a hash of its name: the same ones every run."""
    return zlib.crc32(name.encode()) % sample == 0


def mutants_of(module: str) -> dict[str, int | None]:
    meta = MUTANTS / f"{module}.meta"
    return json.loads(meta.read_text())["exit_code_by_key"] if meta.exists() else {}


def score(module: str, sample: int = 1) -> dict[str, int]:
    """The mutants of ``module`` (of the sample) by what became of them."""
    codes = [code for name, code in mutants_of(module).items() if in_sample(name, sample)]
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


def chosen_mutants(module: str, sample: int, again: bool) -> list[str]:
    """The mutants of ``module`` in the sample; with ``again``, only those that survived or have
    not been run."""
    return sorted(
        name
        for name, code in mutants_of(module).items()
        if in_sample(name, sample) and not (again and code in KILLED)
    )


def chosen_modules(args: list[str], everything: list[str], sample: int) -> dict[str, int]:
    """The modules named (``PATTERN`` or ``PATTERN:N``, a pattern matching the mutated modules'
    paths, ``N`` that module's own sample) with the sample of each; ``ValueError`` for a name
    that matches none or a sample not offered."""
    chosen: dict[str, int] = {}
    for arg in args:
        pattern, _, own = arg.partition(":")
        if own and (not own.isdigit() or int(own) not in SAMPLES):
            raise ValueError(f"{arg}: a sample is one of {', '.join(map(str, SAMPLES))}")
        matched = [m for m in everything if m == pattern or fnmatch.fnmatch(m, pattern)]
        if not matched:
            raise ValueError(f"not mutated (see [tool.mutmut] only_mutate): {pattern}")
        for module in matched:
            chosen[module] = int(own) if own else sample
    return chosen or dict.fromkeys(everything, sample)


def report(samples: dict[str, int]) -> None:
    heads = ("sample", "mutants", "killed", "survived", "no tests", "not run", "score")
    print(f"{'module':34} " + " ".join(f"{head:>8}" for head in heads))
    for module, sample in samples.items():
        c = score(module, sample)
        run = c["killed"] + c["survived"] + c["no tests"]
        percent = f"{100 * c['killed'] / run:.1f}%" if run else "-"
        figures = (
            f"1/{sample}",
            c["mutants"],
            c["killed"],
            c["survived"],
            c["no tests"],
            c["not run"],
            percent,
        )
        print(f"{module:34} " + " ".join(f"{figure:>8}" for figure in figures))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "modules",
        nargs="*",
        help="files to mutate (default: all); a pattern names every module it matches, and "
        "PATTERN:N gives those modules a sample of their own",
    )
    parser.add_argument("--report", action="store_true", help="print the scores, run nothing")
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("MUTATION_JOBS", "2")))
    parser.add_argument("--sample", type=int, choices=SAMPLES, default=1)
    parser.add_argument(
        "--again",
        action="store_true",
        help="run only the mutants (of the sample) that survived or were not run: after new "
        "tests, or after the code changed (mutmut resets the mutants of a changed function)",
    )
    args = parser.parse_args()
    conf = config()
    everything = modules(conf)
    try:
        samples = chosen_modules(args.modules, everything, args.sample)
    except ValueError as error:
        print(error)
        return 2
    chosen = list(samples)
    if not args.report:
        sync(conf, everything)
        mutmut = Path(sys.executable).with_name("mutmut")
        # Bring mutants/ up to date first (mutmut regenerates the mutants of a changed function,
        # their results reset, and runs the tests new since last time): a run for a pattern that
        # matches nothing does just that.
        subprocess.run([str(mutmut), "run", "no.mutant.matches.this"], cwd=ROOT)
        names = [n for m, every in samples.items() for n in chosen_mutants(m, every, args.again)]
        if names:
            # One mutmut process for the modules chosen (``--jobs`` mutants at once, the
            # quickest first): the tests are checked clean once for them all.
            print(f"== {len(names)} mutants of {', '.join(chosen)}", flush=True)
            done = subprocess.run(
                [str(mutmut), "run", "--max-children", str(args.jobs), *names], cwd=ROOT
            )
            if done.returncode:
                return done.returncode
    if any(sample > 1 for sample in samples.values()):
        print("(a sample of 1/N is one mutant in N, chosen by a hash of its name)")
    report(samples)
    return 0


if __name__ == "__main__":
    sys.exit(main())
