"""The Filsinger charts as data: loaded from YAML, overridable chart by chart, validated.

The rulebook names seven charts it does not print: Into the Ropes, Into the Turnbuckle, Out of
the Ring, Deathjump (each by a rating A/B/C, two dice), the Choice Situations chart, the Feud
Table and the outside interference chart. ``rules/data/filsinger/`` holds the project's own
versions; a federation can replace any of them (for example with the printed one).

In a chart's outcomes "you" is the wrestler who rolls on it and "opponent" the other one:
- Into the Ropes / Turnbuckle / Out of the Ring / Deathjump: you = the wrestler thrown (or who
  left the ring, or who is jumped on), opponent = the wrestler on offense;
- Outside interference: you = the wrestler whose side interferes (the one on defense);
- Choice Situations: you = the wrestler on offense trying the move.

A text's placeholders (names, each wrestler's own pronouns, ``{both:men}``) are those of
``rules.filsinger.text``; a text with any other is refused on load, by its path.
"""

from __future__ import annotations

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
from rules.filsinger.text import (
    CHART_PLACEHOLDERS,
    FEUD_PLACEHOLDERS,
    INTERFERENCE_PLACEHOLDERS,
    template_problems,
)

RATING_CHARTS = ("ropes", "turnbuckle", "ring", "deathjump")
CHART_NAMES = (*RATING_CHARTS, "choice_situations", "feud_table", "interference")
DATA_PACKAGE = "rules.data"
WHO = ("you", "opponent")
CHECK_WHO = ("you", "opponent", "both")
INJURY_WHO = ("winner", "loser", "both")
FIGHT_CARD_ROLLS = ("1d6", "2d6")


@dataclass(frozen=True, slots=True)
class Check:
    """A disqualification or count-out roll before the outcome: two dice at or under ``rating``.

    A dq check without a rating uses each wrestler's card rating.
    """

    kind: str
    who: str
    rating: int | None = None


@dataclass(frozen=True, slots=True)
class Outcome:
    """``then`` is "offense" (``who`` rolls on offense at ``level``), "pin" (``who`` rolls
    against the PIN rating; a kick-out gives the other LEVEL 3 OFFENSE) or "defense" (Choice
    Situations: the opponent rolls on defense at ``level``)."""

    text: str
    then: str
    who: str = "you"
    level: int = 0
    check: Check | None = None


@dataclass(frozen=True, slots=True)
class Chart:
    """A two-dice chart: ``columns[rating][total - 2]``; one column ("any") without ratings."""

    name: str
    title: str
    authored: bool
    columns: Mapping[str, tuple[Outcome, ...]]

    def outcome(self, rating: str, total: int) -> Outcome:
        return self.columns[rating][total - 2]


@dataclass(frozen=True, slots=True)
class ChoiceMove:
    """Succeeds on two dice at or under ``target`` plus the opponent's ratings named in ``uses``."""

    name: str
    uses: tuple[str, ...]
    target: int
    success: Outcome
    failure: Outcome

    def threshold(self, agility: int, power: int) -> int:
        return (
            self.target
            + (agility if "ag" in self.uses else 0)
            + (power if "pw" in self.uses else 0)
        )


@dataclass(frozen=True, slots=True)
class Injury:
    who: str
    fight_cards: int | str


@dataclass(frozen=True, slots=True)
class FeudRow:
    text: str
    injuries: tuple[Injury, ...] = ()


@dataclass(frozen=True, slots=True)
class FilsingerTables:
    charts: Mapping[str, Chart]
    interference: Chart
    choice_situations: Mapping[str, tuple[ChoiceMove, ...]]
    feud_table: tuple[FeudRow, ...]
    titles: Mapping[str, str] = field(default_factory=FrozenMap)
    authored: frozenset[str] = frozenset()
    sources: Mapping[str, Any] = field(default_factory=FrozenMap, compare=False, repr=False)


# --------------------------------------------------------------------------------------------


def _text(
    row: Mapping, path: str, problems: list, placeholders: Mapping[str, tuple[str, ...]]
) -> str:
    """A row's text, its placeholders checked (see ``rules.filsinger.text``); "" when missing."""
    text = row.get("text")
    if not isinstance(text, str) or not text.strip():
        problems.append((f"{path}.text", "required: what happens, for the play-by-play"))
        return ""
    problems.extend((f"{path}.text", p) for p in template_problems(text, placeholders))
    return text.strip()


def _outcome(
    row: Mapping,
    path: str,
    problems: list,
    *,
    allow_defense: bool,
    allowed_extra: set[str],
    placeholders: Mapping[str, tuple[str, ...]] = CHART_PLACEHOLDERS,
) -> Outcome | None:
    allowed = {"text", "check", "offense", "level", "pin", "defense", *allowed_extra}
    before = len(problems)
    for key in row:
        if key not in allowed:
            problems.append(
                (f"{path}.{key}", f"unknown field (expected {', '.join(sorted(allowed))})")
            )
    text = _text(row, path, problems, placeholders)
    check = None
    if row.get("check") is not None:
        c = row["check"]
        cpath = f"{path}.check"
        if not isinstance(c, Mapping):
            problems.append((cpath, "must be a mapping {kind, who, rating}"))
        else:
            # The document's values as written: checked below before a Check is kept.
            kind: Any = c.get("kind")
            who: Any = c.get("who")
            rating: Any = c.get("rating")
            for key in c:
                if key not in ("kind", "who", "rating"):
                    problems.append(
                        (f"{cpath}.{key}", "unknown field (expected kind, who, rating)")
                    )
            if kind not in ("dq", "count_out"):
                problems.append((f"{cpath}.kind", f"must be dq or count_out, got {kind!r}"))
            if who not in CHECK_WHO:
                problems.append((f"{cpath}.who", f"must be you, opponent or both, got {who!r}"))
            if rating is None:
                if kind == "count_out":
                    problems.append((f"{cpath}.rating", "required for a count-out (2 to 12)"))
            elif isinstance(rating, bool) or not isinstance(rating, int) or not 0 <= rating <= 12:
                problems.append((f"{cpath}.rating", f"must be 0 to 12, got {rating!r}"))
            check = Check(kind=kind, who=who, rating=rating)
    thens = [k for k in ("offense", "pin", "defense") if k in row]
    then = thens[0] if len(thens) == 1 else None
    if len(thens) != 1:
        problems.append((path, "needs exactly one of offense (with level), pin or defense"))
    who = "you"
    level: Any = 0  # the document's value until checked below
    if then == "offense":
        who = row["offense"]
        if who not in WHO:
            problems.append((f"{path}.offense", f"must be you or opponent, got {who!r}"))
        level = row.get("level")
        if level not in (1, 2, 3) or isinstance(level, bool):
            problems.append((f"{path}.level", f"must be 1, 2 or 3, got {level!r}"))
    elif then == "pin":
        who = row["pin"]
        if who not in WHO:
            problems.append((f"{path}.pin", f"must be you or opponent, got {who!r}"))
        if "level" in row:
            problems.append((f"{path}.level", "a pin has no level"))
    elif then == "defense":
        if not allow_defense:
            problems.append((f"{path}.defense", "only Choice Situations moves send to defense"))
        level = row["defense"]
        who = "opponent"
        if level not in (1, 2, 3) or isinstance(level, bool):
            problems.append((f"{path}.defense", f"must be 1, 2 or 3, got {level!r}"))
    if len(problems) > before or then is None:
        return None
    return Outcome(text=text, then=then, who=who, level=level or 0, check=check)


def _rows(rows: Any, path: str, problems: list, make) -> tuple[Any, ...] | None:
    """A list of rows keyed ``roll: 7`` or ``roll: 2-4`` covering 2..12 exactly once."""
    if not isinstance(rows, list):
        problems.append((path, "must be a list of rows, each with a roll (7) or range (2-4)"))
        return None
    covered: dict[int, list[str]] = {}
    by_total: dict[int, Any] = {}
    before = len(problems)
    for i, row in enumerate(rows):
        rpath = f"{path}[{i}]"
        if not isinstance(row, Mapping):
            problems.append((rpath, "must be a mapping with roll and text"))
            continue
        span = parse_roll_key(row.get("roll"))
        if span is None or not (2 <= span[0] <= span[1] <= 12):
            problems.append(
                (
                    f"{rpath}.roll",
                    f"must be a total 2-12 or a range like 2-4, got {row.get('roll')!r}",
                )
            )
            continue
        value = make(row, rpath)
        for total in range(span[0], span[1] + 1):
            covered.setdefault(total, []).append(rpath)
            by_total[total] = value
    check_coverage(covered, path, problems)
    if len(problems) > before:
        return None
    return tuple(by_total[t] for t in TWO_DICE)


def _chart(name: str, data: Any, problems: list) -> Chart | None:
    path = name
    if not isinstance(data, Mapping):
        problems.append((path, "must be a mapping (see the default YAML)"))
        return None
    before = len(problems)
    allowed = {"name", "title", "authored", "note", "ratings" if name in RATING_CHARTS else "rolls"}
    for key in data:
        if key not in allowed:
            problems.append(
                (f"{path}.{key}", f"unknown field (expected {', '.join(sorted(allowed))})")
            )

    def make(row: Mapping, rpath: str) -> Outcome | None:
        return _outcome(
            row,
            rpath,
            problems,
            allow_defense=False,
            allowed_extra={"roll"},
            placeholders=INTERFERENCE_PLACEHOLDERS
            if name == "interference"
            else CHART_PLACEHOLDERS,
        )

    columns: dict[str, tuple[Outcome, ...]] = {}
    if name in RATING_CHARTS:
        ratings = data.get("ratings")
        if not isinstance(ratings, Mapping):
            problems.append((f"{path}.ratings", "required: rows for ratings A, B and C"))
        else:
            for letter in ("A", "B", "C"):
                if letter not in ratings:
                    problems.append((f"{path}.ratings.{letter}", "missing"))
                    continue
                rows = _rows(ratings[letter], f"{path}.ratings.{letter}", problems, make)
                if rows is not None:
                    columns[letter] = rows
            for letter in ratings:
                if letter not in ("A", "B", "C"):
                    problems.append((f"{path}.ratings.{letter}", "unknown rating (A, B or C)"))
    else:
        rows = _rows(data.get("rolls"), f"{path}.rolls", problems, make)
        if rows is not None:
            columns["any"] = rows
    if len(problems) > before:
        return None
    return Chart(
        name=name,
        title=str(data.get("title") or name),
        authored=bool(data.get("authored", False)),
        columns=FrozenMap(columns),
    )


def _choice_situations(data: Any, problems: list) -> dict[str, tuple[ChoiceMove, ...]] | None:
    path = "choice_situations"
    if not isinstance(data, Mapping) or not isinstance(data.get("columns"), Mapping):
        problems.append((f"{path}.columns", "required: a mapping of letters to two moves each"))
        return None
    before = len(problems)
    for key in data:
        if key not in ("name", "title", "authored", "note", "columns"):
            problems.append((f"{path}.{key}", "unknown field"))
    out: dict[str, tuple[ChoiceMove, ...]] = {}
    for letter, moves in data["columns"].items():
        lpath = f"{path}.columns.{letter}"
        if not (
            isinstance(letter, str) and len(letter) == 1 and letter.isalpha() and letter.isupper()
        ):
            problems.append((lpath, "a column is a capital letter"))
            continue
        if not isinstance(moves, list) or len(moves) != 2:
            problems.append((lpath, "must list exactly two moves (the player's choice)"))
            continue
        parsed: list[ChoiceMove] = []
        for i, move in enumerate(moves):
            mpath = f"{lpath}[{i}]"
            if not isinstance(move, Mapping):
                problems.append((mpath, "must be a mapping"))
                continue
            for key in move:
                if key not in ("name", "uses", "target", "success", "failure"):
                    problems.append(
                        (
                            f"{mpath}.{key}",
                            "unknown field (expected name, uses, target, success, failure)",
                        )
                    )
            name = move.get("name")
            if not isinstance(name, str) or not name.strip():
                problems.append((f"{mpath}.name", "required"))
            uses = move.get("uses")
            if isinstance(uses, str):
                uses = [uses]
            if not isinstance(uses, list) or not uses or any(u not in ("ag", "pw") for u in uses):
                problems.append((f"{mpath}.uses", "must list ag and/or pw"))
                uses = []
            target = move.get("target")
            if isinstance(target, bool) or not isinstance(target, int) or not 2 <= target <= 12:
                problems.append((f"{mpath}.target", f"must be 2 to 12, got {target!r}"))
            results: list[Outcome | None] = []
            for part in ("success", "failure"):
                if not isinstance(move.get(part), Mapping):
                    problems.append((f"{mpath}.{part}", "required: an outcome"))
                    results.append(None)
                else:
                    results.append(
                        _outcome(
                            move[part],
                            f"{mpath}.{part}",
                            problems,
                            allow_defense=True,
                            allowed_extra=set(),
                        )
                    )
            success, failure = results
            if (
                success is not None
                and failure is not None
                and isinstance(name, str)
                and isinstance(target, int)
            ):
                parsed.append(
                    ChoiceMove(
                        name=name.strip(),
                        uses=tuple(uses),
                        target=target,
                        success=success,
                        failure=failure,
                    )
                )
        out[letter] = tuple(parsed)
    if len(problems) > before:
        return None
    return out


def _feud_table(data: Any, problems: list) -> tuple[FeudRow, ...] | None:
    path = "feud_table"
    if not isinstance(data, Mapping):
        problems.append((path, "must be a mapping with rolls"))
        return None
    for key in data:
        if key not in ("name", "title", "authored", "note", "rolls"):
            problems.append((f"{path}.{key}", "unknown field"))

    def make(row: Mapping, rpath: str) -> FeudRow | None:
        for key in row:
            if key not in ("roll", "text", "injuries"):
                problems.append((f"{rpath}.{key}", "unknown field (expected roll, text, injuries)"))
        text = _text(row, rpath, problems, FEUD_PLACEHOLDERS)
        injuries = []
        raw = row.get("injuries") or []
        if not isinstance(raw, list):
            problems.append((f"{rpath}.injuries", "must be a list"))
            raw = []
        for i, inj in enumerate(raw):
            ipath = f"{rpath}.injuries[{i}]"
            if not isinstance(inj, Mapping):
                problems.append((ipath, "must be a mapping {who, fight_cards}"))
                continue
            who: Any = inj.get("who")  # the document's values, checked below
            cards: Any = inj.get("fight_cards")
            if who not in INJURY_WHO:
                problems.append((f"{ipath}.who", f"must be winner, loser or both, got {who!r}"))
            if not (
                (isinstance(cards, int) and not isinstance(cards, bool) and 1 <= cards <= 52)
                or cards in FIGHT_CARD_ROLLS
            ):
                problems.append(
                    (f"{ipath}.fight_cards", f"must be 1 to 52 or 1d6/2d6, got {cards!r}")
                )
            injuries.append(Injury(who=who, fight_cards=cards))
        return FeudRow(text=text, injuries=tuple(injuries))

    return _rows(data.get("rolls"), f"{path}.rolls", problems, make)


def build_tables(sources: Mapping[str, Any], overridden: Iterable[str] = ()) -> FilsingerTables:
    problems: list[tuple[str, str]] = []
    charts: dict[str, Chart] = {}
    for name in RATING_CHARTS:
        chart = _chart(name, sources.get(name), problems)
        if chart is not None:
            charts[name] = chart
    interference = _chart("interference", sources.get("interference"), problems)
    choice = _choice_situations(sources.get("choice_situations"), problems)
    feud = _feud_table(sources.get("feud_table"), problems)
    if problems:
        raise TableError(problems)
    # Each reader returns None only after adding a problem, so none is None past the raise.
    assert interference is not None and choice is not None and feud is not None
    authored, titles = chart_marks(sources, CHART_NAMES, overridden)
    return FilsingerTables(
        charts=FrozenMap(charts),
        interference=interference,
        choice_situations=FrozenMap(choice),
        feud_table=feud,
        titles=FrozenMap(titles),
        authored=authored,
        sources=FrozenMap(sources),
    )


#: The packaged charts (``rules/data/filsinger/``), read and built once.
_DEFAULTS: DefaultCharts[FilsingerTables] = DefaultCharts("filsinger", CHART_NAMES, build_tables)
#: The default charts with overrides (chart name -> chart data) replacing whole charts.
load_tables = _DEFAULTS.load
#: The packaged charts' data by name, read afresh.
default_sources = _DEFAULTS.read
