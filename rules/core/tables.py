"""Helpers for charts kept as data: reading packaged YAML, the default charts built once, and
checking two-dice coverage."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from typing import Any, Generic, TypeVar

import yaml

from rules.core.errors import TableError

TWO_DICE = range(2, 13)
#: The package the charts' YAML ships in.
DATA_PACKAGE = "rules.data"
_RANGE = re.compile(r"^\s*(\d+)\s*(?:-|\u2013|\.\.)\s*(\d+)\s*$")


#: The parser for the project's own data files: libyaml's where PyYAML was built with it (the
#: same safe loader, several times as fast: loading the sample federation is mostly parsing),
#: else PyYAML's own. What users type in goes through ``rules.core.safeyaml`` instead.
_DATA_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_data_yaml(text: str) -> Any:
    """Parse one of the project's own (trusted) YAML data files, as ``yaml.safe_load`` would."""
    return yaml.load(text, Loader=_DATA_LOADER)


def read_yaml_resource(package: str, relative: str) -> Any:
    """Parse a YAML file shipped inside a package (works from wheels and zips too)."""
    text = resources.files(package).joinpath(relative).read_text(encoding="utf-8")
    return load_data_yaml(text)


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


T = TypeVar("T")


class DefaultCharts(Generic[T]):
    """A system's packaged charts, read and built once, and a federation's overrides replacing
    whole charts: ``load(overrides)`` is the system's ``load_tables``.

    ``build(sources, overridden=names)`` builds the tables from the charts' data by name,
    raising ``TableError`` listing every problem.
    """

    def __init__(self, folder: str, names: Iterable[str], build: Callable[..., T]) -> None:
        self.folder = folder
        self.names = tuple(names)
        self._build = build
        self._sources: dict[str, Any] | None = None
        self._tables: T | None = None

    def read(self) -> dict[str, Any]:
        """The packaged charts' data by name (``rules/data/<folder>/<name>.yaml``), read afresh."""
        return {
            name: read_yaml_resource(DATA_PACKAGE, f"{self.folder}/{name}.yaml")
            for name in self.names
        }

    def load(self, overrides: Mapping[str, Any] | None = None) -> T:
        """The default charts with ``overrides`` (chart name -> chart data) replacing whole
        charts; a name that is no chart is refused (``TableError``)."""
        if not overrides and self._tables is not None:
            return self._tables
        if self._sources is None:
            self._sources = self.read()
        if not overrides:
            self._tables = self._build(self._sources)
            return self._tables
        sources = dict(self._sources)
        problems: list[tuple[str, str]] = []
        for name, data in overrides.items():
            if name not in self.names:
                problems.append((name, f"unknown chart (charts: {', '.join(self.names)})"))
            else:
                sources[name] = data
        if problems:
            raise TableError(problems)
        return self._build(sources, overridden=set(overrides))


def chart_marks(
    sources: Mapping[str, Any], names: Iterable[str], overridden: Iterable[str] = ()
) -> tuple[frozenset[str], dict[str, str]]:
    """The charts of ``names`` marked ``authored`` (the project's own, where a rulebook prints
    none), those ``overridden`` left out, and each chart's title (its name without one)."""
    charts = {name: sources.get(name) for name in names}
    given = {name: data for name, data in charts.items() if isinstance(data, Mapping)}
    skip = set(overridden)
    authored = frozenset(n for n, data in given.items() if data.get("authored") and n not in skip)
    return authored, {name: str(data.get("title") or name) for name, data in given.items()}
