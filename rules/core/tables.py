"""Helpers for charts kept as data: reading packaged YAML and checking two-dice coverage."""

from __future__ import annotations

import re
from importlib import resources
from typing import Any

import yaml

TWO_DICE = range(2, 13)
_RANGE = re.compile(r"^\s*(\d+)\s*(?:-|\u2013|\.\.)\s*(\d+)\s*$")


def read_yaml_resource(package: str, relative: str) -> Any:
    """Parse a YAML file shipped inside a package (works from wheels and zips too)."""
    text = resources.files(package).joinpath(relative).read_text(encoding="utf-8")
    return yaml.safe_load(text)


def parse_roll_key(value: Any) -> tuple[int, int] | None:
    """``7`` or ``"2-4"`` as an inclusive range of two-dice totals; None when unreadable."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return (value, value)
    if isinstance(value, str):
        value = value.strip()
        if value.isdigit():
            return (int(value), int(value))
        m = _RANGE.match(value)
        if m:
            return (int(m.group(1)), int(m.group(2)))
    return None


def check_coverage(
    covered: dict[int, list[str]], path: str, problems: list[tuple[str, str]]
) -> None:
    """Each total 2..12 must be covered exactly once; ``covered`` maps totals to row paths."""
    missing = [t for t in TWO_DICE if not covered.get(t)]
    if missing:
        problems.append((path, f"rolls {_ranges(missing)} are not covered (need 2-12 once each)"))
    for total in TWO_DICE:
        rows = covered.get(total, [])
        if len(rows) > 1:
            problems.append(
                (path, f"roll {total} is covered {len(rows)} times ({', '.join(rows)})")
            )


def _ranges(values: list[int]) -> str:
    out: list[str] = []
    start = prev = values[0]
    for v in [*values[1:], None]:
        if v is not None and v == prev + 1:
            prev = v
            continue
        out.append(str(start) if start == prev else f"{start}-{prev}")
        if v is not None:
            start = prev = v
    return ", ".join(out)
