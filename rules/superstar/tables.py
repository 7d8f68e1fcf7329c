"""The Superstar charts as data: loaded from YAML, validated, replaceable chart by chart.

The rulebook refers to charts it does not print, or prints in part: the PIN CHART, the columns of
the Advanced Tag-Team Chart, rolls 9-12 of the grudge charts. ``rules/data/superstar/`` holds the
figures (taken, with citations, from the public pws simulator where it has them, otherwise the
project's own); a federation can replace any chart, for example with the printed one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.core.errors import TableError
from rules.core.spec import FrozenMap
from rules.core.tables import (
    TWO_DICE,
    DefaultCharts,
    chart_marks,
    check_coverage,
    parse_roll_key,
)
from rules.superstar.text import chart_text_problem

DATA_PACKAGE = "rules.data"
CHART_NAMES = (
    "pin_chart",
    "referee",
    "advanced_tag_chart",
    "tag_injury_chart",
    "texas_death",
    "steel_cage",
)
GRUDGE_CHARTS = ("texas_death", "steel_cage")
#: A pin chart entry that pins (the other entries are points).
PIN = -1
TAG_RATINGS = (1, 2, 3)
LETTERS = ("A", "B", "C", "D", "E")
INJURY_WHO = ("man_in", "man_out", "both")
_HEADER = frozenset({"name", "title", "authored", "note", "source"})


@dataclass(frozen=True, slots=True)
class PinChart:
    """``columns[c][total - 2]``: points, or ``PIN``; ``lows[c]`` the column's lowest total."""

    lows: tuple[int, ...]
    labels: tuple[str, ...]
    columns: tuple[tuple[int, ...], ...]
    #: The column of every total up to the last column's low (beyond it, the last column).
    by_points: tuple[int, ...]

    def column(self, points: int) -> int:
        by = self.by_points
        if points < 0:
            return 0
        return by[points] if points < len(by) else len(self.lows) - 1


@dataclass(frozen=True, slots=True)
class Referee:
    name: str
    pin_modifier: int


@dataclass(frozen=True, slots=True)
class TagOutcome:
    """A letter of the Advanced Tag-Team Chart: ``in_ring`` men of the attacking team ("all":
    everyone in the ring) for ``rounds`` rounds, or an injury. ``text`` may name the wrestlers
    by ``{men}`` (``rules.superstar.text.CHART_WORDS``): the play-by-play fills it in."""

    letter: str
    text: str
    in_ring: int | str = 0
    rounds: int = 0
    injury: bool = False


@dataclass(frozen=True, slots=True)
class AdvancedTagChart:
    key: Mapping[str, Mapping[str, TagOutcome]]  # two_man / three_man -> letter -> outcome
    columns: Mapping[tuple[int, int], tuple[str, ...]]  # (off TTR, def TTR) -> 11 letters

    def outcome(self, team_size: int, off: int, defending: int, total: int) -> TagOutcome:
        letter = self.columns[(off, defending)][total - 2]
        return self.key["three_man" if team_size >= 3 else "two_man"][letter]


@dataclass(frozen=True, slots=True)
class TagInjury:
    """A row of the Tag Team Injury Chart. ``text`` may name the hurt by ``{MAN}`` or ``{men}``
    (``rules.superstar.text.CHART_WORDS``)."""

    who: str
    rounds: int
    fight_cards: int
    text: str


@dataclass(frozen=True, slots=True)
class GrudgeMove:
    name: str
    points: int = 0
    pin: bool = False
    pin_bonus: int = 0
    ref_out: int = 0
    blind: int = 0
    oc_penalty: int = 0
    specialty: bool = False
    wins_on_pin: bool = False
    source: str = ""


@dataclass(frozen=True, slots=True)
class SuperstarTables:
    pin_chart: PinChart
    referee: tuple[Referee, ...]  # by total - 2
    advanced_tag_chart: AdvancedTagChart
    tag_injury_chart: tuple[TagInjury, ...]  # by die face - 1
    grudge: Mapping[str, tuple[GrudgeMove, ...]]  # chart name -> rows by total - 2
    titles: Mapping[str, str] = field(default_factory=FrozenMap)
    authored: frozenset[str] = frozenset()
    sources: Mapping[str, Any] = field(default_factory=FrozenMap, compare=False, repr=False)


# --------------------------------------------------------------------------------------------


def _header(data: Mapping, path: str, allowed: set[str], problems: list) -> None:
    for key in data:
        if key not in _HEADER and key not in allowed:
            expected = ", ".join(sorted(_HEADER | allowed))
            problems.append((f"{path}.{key}", f"unknown field (expected {expected})"))


def _int(value: Any, path: str, problems: list, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        problems.append((path, f"must be a whole number from {lo} to {hi}, got {value!r}"))
        return lo
    return value


_POINT_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+)|(\+))\s*$")


def _pin_chart(data: Any, problems: list) -> PinChart | None:
    path = "pin_chart"
    if not isinstance(data, Mapping):
        problems.append((path, "must be a mapping with columns (see the default YAML)"))
        return None
    before = len(problems)
    _header(data, path, {"columns"}, problems)
    columns = data.get("columns")
    if not isinstance(columns, list) or not columns:
        problems.append((f"{path}.columns", "required: a list of point ranges with their rolls"))
        return None
    lows: list[int] = []
    labels: list[str] = []
    rows: list[tuple[int, ...]] = []
    expected_low = 0
    for i, column in enumerate(columns):
        cpath = f"{path}.columns[{i}]"
        if not isinstance(column, Mapping):
            problems.append((cpath, "must be a mapping {points, rolls}"))
            continue
        for key in column:
            if key not in ("points", "rolls"):
                problems.append((f"{cpath}.{key}", "unknown field (expected points, rolls)"))
        label = str(column.get("points", "")).strip()
        m = _POINT_RANGE.match(label)
        last = i == len(columns) - 1
        if not m:
            problems.append(
                (
                    f"{cpath}.points",
                    f"must be a range like 11-20 (the last like 141+), got {label!r}",
                )
            )
            continue
        low = int(m.group(1))
        if low != expected_low:
            problems.append(
                (
                    f"{cpath}.points",
                    f"must start at {expected_low} (the ranges run on without gaps)",
                )
            )
        if last and not m.group(3):
            problems.append((f"{cpath}.points", f"the last range is open-ended, like {low}+"))
        if not last and m.group(3):
            problems.append((f"{cpath}.points", "only the last range is open-ended"))
        if m.group(2) is not None:
            high = int(m.group(2))
            if high < low:
                problems.append((f"{cpath}.points", f"runs from {low} down to {high}"))
            expected_low = high + 1
        rolls = column.get("rolls")
        if not isinstance(rolls, list) or len(rolls) != 11:
            problems.append((f"{cpath}.rolls", "must list eleven results, for the totals 2 to 12"))
            continue
        row: list[int] = []
        for j, entry in enumerate(rolls):
            if isinstance(entry, str) and entry.strip().upper() == "PIN":
                row.append(PIN)
            elif isinstance(entry, int) and not isinstance(entry, bool) and 0 <= entry <= 99:
                row.append(entry)
            else:
                problems.append(
                    (f"{cpath}.rolls[{j}]", f"must be PIN or points from 0 to 99, got {entry!r}")
                )
        lows.append(low)
        labels.append(label)
        rows.append(tuple(row))
    if len(problems) > before:
        return None
    by_points: list[int] = []
    for index, low in enumerate(lows[1:], 1):
        by_points.extend([index - 1] * (low - len(by_points)))
    return PinChart(
        lows=tuple(lows), labels=tuple(labels), columns=tuple(rows), by_points=tuple(by_points)
    )


def _rows(data: Any, path: str, problems: list, make, *, dice: str = "2d6") -> tuple | None:
    """Rows keyed ``roll: 7`` or ``roll: 2-4``: two dice cover 2..12 once, one die 1..6 once."""
    if not isinstance(data, list):
        problems.append((path, "must be a list of rows, each with its roll"))
        return None
    faces = TWO_DICE if dice == "2d6" else range(1, 7)
    covered: dict[int, list[str]] = {}
    by_total: dict[int, Any] = {}
    before = len(problems)
    for i, row in enumerate(data):
        rpath = f"{path}[{i}]"
        if not isinstance(row, Mapping):
            problems.append((rpath, "must be a mapping with its roll"))
            continue
        span = parse_roll_key(row.get("roll"))
        if span is None or not (faces[0] <= span[0] <= span[1] <= faces[-1]):
            problems.append(
                (
                    f"{rpath}.roll",
                    f"must be a roll from {faces[0]} to {faces[-1]} (or a range like "
                    f"{faces[0]}-{faces[0] + 2}), got {row.get('roll')!r}",
                )
            )
            continue
        value = make(row, rpath)
        for total in range(span[0], span[1] + 1):
            covered.setdefault(total, []).append(rpath)
            by_total[total] = value
    if dice == "2d6":
        check_coverage(covered, path, problems)
    else:
        missing = [f for f in faces if f not in covered]
        if missing:
            problems.append((path, f"die faces {missing} are not covered (need 1-6 once each)"))
        for face in faces:
            if len(covered.get(face, [])) > 1:
                problems.append((path, f"face {face} is covered {len(covered[face])} times"))
    if len(problems) > before:
        return None
    return tuple(by_total[t] for t in faces)


def _referee(data: Any, problems: list) -> tuple[Referee, ...] | None:
    path = "referee"
    if not isinstance(data, Mapping):
        problems.append((path, "must be a mapping with rolls"))
        return None
    _header(data, path, {"rolls"}, problems)

    def make(row: Mapping, rpath: str) -> Referee:
        for key in row:
            if key not in ("roll", "name", "pin_modifier"):
                problems.append(
                    (f"{rpath}.{key}", "unknown field (expected roll, name, pin_modifier)")
                )
        name = row.get("name")
        if not isinstance(name, str) or not name.strip():
            problems.append((f"{rpath}.name", "required: the referee's name"))
            name = ""
        modifier = _int(row.get("pin_modifier", 0), f"{rpath}.pin_modifier", problems, -3, 3)
        return Referee(name=name.strip(), pin_modifier=modifier)

    return _rows(data.get("rolls"), f"{path}.rolls", problems, make)


def _advanced_tag_chart(data: Any, problems: list) -> AdvancedTagChart | None:
    path = "advanced_tag_chart"
    if not isinstance(data, Mapping):
        problems.append((path, "must be a mapping with key and columns"))
        return None
    before = len(problems)
    _header(data, path, {"key", "columns"}, problems)
    key = data.get("key")
    parsed_key: dict[str, dict[str, TagOutcome]] = {}
    if not isinstance(key, Mapping):
        problems.append((f"{path}.key", "required: the letters for two_man and three_man teams"))
    else:
        for size in ("two_man", "three_man"):
            letters = key.get(size)
            kpath = f"{path}.key.{size}"
            if not isinstance(letters, Mapping):
                problems.append((kpath, "required: letters A to E"))
                continue
            parsed_key[size] = {}
            for letter in LETTERS:
                entry = letters.get(letter)
                lpath = f"{kpath}.{letter}"
                if not isinstance(entry, Mapping):
                    problems.append((lpath, "missing"))
                    continue
                for field_name in entry:
                    if field_name not in ("in_ring", "rounds", "injury", "text"):
                        problems.append(
                            (
                                f"{lpath}.{field_name}",
                                "unknown field (expected in_ring, rounds, injury, text)",
                            )
                        )
                text = entry.get("text")
                if not isinstance(text, str) or not text.strip():
                    problems.append((f"{lpath}.text", "required: what the letter means"))
                    text = letter
                elif problem := chart_text_problem(text):
                    problems.append((f"{lpath}.text", problem))
                if entry.get("injury"):
                    parsed_key[size][letter] = TagOutcome(letter, text.strip(), injury=True)
                    continue
                in_ring: Any = entry.get("in_ring")  # the document's value, checked below
                top = 3 if size == "three_man" else 2
                if in_ring != "all" and (
                    isinstance(in_ring, bool)
                    or not isinstance(in_ring, int)
                    or not 2 <= in_ring <= top
                ):
                    problems.append(
                        (
                            f"{lpath}.in_ring",
                            f"must be all or 2 to {top} (men of the attacking team)",
                        )
                    )
                rounds = _int(entry.get("rounds"), f"{lpath}.rounds", problems, 1, 10)
                parsed_key[size][letter] = TagOutcome(
                    letter, text.strip(), in_ring=in_ring, rounds=rounds
                )
            for letter in letters:
                if letter not in LETTERS:
                    problems.append((f"{kpath}.{letter}", "unknown letter (A to E)"))
    columns = data.get("columns")
    parsed_columns: dict[tuple[int, int], tuple[str, ...]] = {}
    if not isinstance(columns, Mapping):
        problems.append((f"{path}.columns", "required: a column for each Off TTR/Def TTR pair"))
    else:
        for name, letters in columns.items():
            cpath = f"{path}.columns.{name}"
            m = re.fullmatch(r"\s*([123])\s*/\s*([123])\s*", str(name))
            if not m:
                problems.append((cpath, "a column is named 'Off TTR/Def TTR', each 1 to 3"))
                continue
            if not isinstance(letters, list) or len(letters) != 11:
                problems.append((cpath, "must list eleven letters, for the totals 2 to 12"))
                continue
            bad = [i for i, x in enumerate(letters) if x not in LETTERS]
            for i in bad:
                problems.append((f"{cpath}[{i}]", f"must be a letter A to E, got {letters[i]!r}"))
            parsed_columns[(int(m.group(1)), int(m.group(2)))] = tuple(letters)
        for off in TAG_RATINGS:
            for defending in TAG_RATINGS:
                if (off, defending) not in parsed_columns:
                    problems.append((f"{path}.columns", f"the column {off}/{defending} is missing"))
    if len(problems) > before:
        return None
    return AdvancedTagChart(
        key=FrozenMap({k: FrozenMap(v) for k, v in parsed_key.items()}),
        columns=FrozenMap(parsed_columns),
    )


def _tag_injury_chart(data: Any, problems: list) -> tuple[TagInjury, ...] | None:
    path = "tag_injury_chart"
    if not isinstance(data, Mapping):
        problems.append((path, "must be a mapping with rolls"))
        return None
    _header(data, path, {"rolls"}, problems)

    def make(row: Mapping, rpath: str) -> TagInjury:
        for key in row:
            if key not in ("roll", "who", "rounds", "fight_cards", "text"):
                problems.append(
                    (
                        f"{rpath}.{key}",
                        "unknown field (expected roll, who, rounds, fight_cards, text)",
                    )
                )
        who: Any = row.get("who")  # the document's value, checked below
        if who not in INJURY_WHO:
            problems.append((f"{rpath}.who", f"must be man_in, man_out or both, got {who!r}"))
        text = row.get("text")
        if not isinstance(text, str) or not text.strip():
            problems.append((f"{rpath}.text", "required: the injury, for the play-by-play"))
            text = ""
        elif problem := chart_text_problem(text):
            problems.append((f"{rpath}.text", problem))
        return TagInjury(
            who=who,
            rounds=_int(row.get("rounds"), f"{rpath}.rounds", problems, 1, 60),
            fight_cards=_int(row.get("fight_cards", 1), f"{rpath}.fight_cards", problems, 1, 52),
            text=text.strip(),
        )

    return _rows(data.get("rolls"), f"{path}.rolls", problems, make, dice="1d6")


_GRUDGE_FIELDS = (
    "roll",
    "name",
    "points",
    "pin",
    "pin_bonus",
    "ref_out",
    "blind",
    "oc_penalty",
    "specialty",
    "wins_on_pin",
    "source",
)


def _grudge(name: str, data: Any, problems: list) -> tuple[GrudgeMove, ...] | None:
    if not isinstance(data, Mapping):
        problems.append((name, "must be a mapping with rolls"))
        return None
    _header(data, name, {"rolls"}, problems)

    def make(row: Mapping, rpath: str) -> GrudgeMove:
        for key in row:
            if key not in _GRUDGE_FIELDS:
                problems.append(
                    (f"{rpath}.{key}", f"unknown field (expected {', '.join(_GRUDGE_FIELDS)})")
                )
        move = row.get("name")
        if not isinstance(move, str) or not move.strip():
            problems.append((f"{rpath}.name", "required: the move, for the play-by-play"))
            move = ""
        flags = {}
        for flag in ("pin", "specialty", "wins_on_pin"):
            value = row.get(flag, False)
            if not isinstance(value, bool):
                problems.append((f"{rpath}.{flag}", f"must be true or false, got {value!r}"))
                value = False
            flags[flag] = value
        if flags["wins_on_pin"] and not flags["pin"]:
            problems.append((f"{rpath}.wins_on_pin", "only a move that sees a pin can win on it"))
        pin_bonus = _int(row.get("pin_bonus", 0), f"{rpath}.pin_bonus", problems, 0, 3)
        if pin_bonus and not flags["pin"]:
            problems.append((f"{rpath}.pin_bonus", "only a move that sees a pin adds to the roll"))
        return GrudgeMove(
            name=move.strip(),
            points=_int(row.get("points", 0), f"{rpath}.points", problems, 0, 99),
            pin_bonus=pin_bonus,
            ref_out=_int(row.get("ref_out", 0), f"{rpath}.ref_out", problems, 0, 20),
            blind=_int(row.get("blind", 0), f"{rpath}.blind", problems, 0, 20),
            oc_penalty=_int(row.get("oc_penalty", 0), f"{rpath}.oc_penalty", problems, 0, 99),
            source=str(row.get("source") or ""),
            **flags,
        )

    return _rows(data.get("rolls"), f"{name}.rolls", problems, make)


def build_tables(sources: Mapping[str, Any], overridden: Iterable[str] = ()) -> SuperstarTables:
    problems: list[tuple[str, str]] = []
    pin_chart = _pin_chart(sources.get("pin_chart"), problems)
    referee = _referee(sources.get("referee"), problems)
    tag_chart = _advanced_tag_chart(sources.get("advanced_tag_chart"), problems)
    injuries = _tag_injury_chart(sources.get("tag_injury_chart"), problems)
    grudge: dict[str, tuple[GrudgeMove, ...]] = {}
    for name in GRUDGE_CHARTS:
        moves = _grudge(name, sources.get(name), problems)
        if moves is not None:
            grudge[name] = moves
    if problems:
        raise TableError(problems)
    # Each reader returns None only after adding a problem, so none is None past the raise.
    assert pin_chart is not None and referee is not None
    assert tag_chart is not None and injuries is not None
    authored, titles = chart_marks(sources, CHART_NAMES, overridden)
    return SuperstarTables(
        pin_chart=pin_chart,
        referee=referee,
        advanced_tag_chart=tag_chart,
        tag_injury_chart=injuries,
        grudge=FrozenMap(grudge),
        titles=FrozenMap(titles),
        authored=authored,
        sources=FrozenMap(sources),
    )


#: The packaged charts (``rules/data/superstar/``), read and built once.
_DEFAULTS: DefaultCharts[SuperstarTables] = DefaultCharts("superstar", CHART_NAMES, build_tables)
#: The default charts with overrides (chart name -> chart data) replacing whole charts.
load_tables = _DEFAULTS.load
#: The packaged charts' data by name, read afresh.
default_sources = _DEFAULTS.read
