"""Filsinger wrestler cards: frozen values, parsing with every problem named by its path.

A card is read from the structured form of the card format, and each entry may instead be
written as the printed text ("bite to forehead - 2", "PIN 7 (4)", "into the ropes (c)",
"SAVAGE FACE CLAW (+3)", "down - 3 (lv)", "(ch) B" ...), which is normalised to the same values.
An invalid card is refused whole, every problem named by its path; values quoted in the messages
are clipped (the input may be hostile). With ``tables`` the card is also checked against every
chart the engine can consult for it under any optional rule (the Choice Situations letters), so a
card that parses against a federation's charts plays under every option.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.core.errors import CardError, refuse_other_system
from rules.core.safeyaml import bad_character, clip
from rules.filsinger.tables import FilsingerTables, load_tables

SYSTEM = "filsinger"
CHARTS = ("ropes", "turnbuckle", "ring", "deathjump")
CHART_TITLES = {
    "ropes": "Into the Ropes",
    "turnbuckle": "Into the Turnbuckle",
    "ring": "Out of the Ring",
    "deathjump": "Deathjump",
}
CHART_PHRASES = {
    "into the ropes": "ropes",
    "ropes": "ropes",
    "into the turnbuckle": "turnbuckle",
    "into the turnbuckles": "turnbuckle",
    "turnbuckle": "turnbuckle",
    "out of the ring": "ring",
    "thrown out of the ring": "ring",
    "deathjump": "deathjump",
    "death jump": "deathjump",
}
CHART_PHRASE = {
    "ropes": "into the ropes",
    "turnbuckle": "into the turnbuckle",
    "ring": "out of the ring",
    "deathjump": "deathjump",
}
DEFENSE_RESULTS = ("dazed", "hurt", "down", "counter", "pin")
RATING_LETTERS = ("A", "B", "C")
ROLLS = ("1d6", "2d6")
ROLL_RANGE = {"1d6": (1, 6), "2d6": (2, 12)}
META_KEYS = frozenset({"notes", "description", "source", "slug"})
#: The longest wrestler's or move's name, and the longest printed entry ("bite to forehead - 2").
MAX_NAME = 100
MAX_ENTRY = 160

MOVE = "move"
CHART = "chart"
FINISHER = "finisher"
CHOICE = "choice_situation"


@dataclass(frozen=True, slots=True)
class Offense:
    """One offensive entry. ``kind`` is move, chart, finisher or choice_situation (bare "(ch)").

    ``dq`` is False, True (roll the card's disqualification rating) or a number of its own.
    """

    kind: str
    name: str = ""
    level: int = 0
    check: str | None = None
    dq: bool | int = False
    add1: bool = False
    only: str | None = None
    choice: bool = False
    choice_situation: str | None = None
    rating: int | None = None
    roll: str | None = None
    miss_on: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Defense:
    """One defensive entry: dazed, hurt, down, counter (level given) or pin."""

    result: str
    level: int = 0
    tag: bool = False
    leave: bool = False


@dataclass(frozen=True, slots=True)
class Ratings:
    pin: int
    pin_fatigue: int
    ropes: str
    turnbuckle: str
    ring: str
    deathjump: str
    disqualification: int
    agility: int = 0
    power: int = 0
    distractor: int | None = None


@dataclass(frozen=True, slots=True)
class FilsingerCard:
    """A wrestler's card: ``offense[level-1][die-1]``, ``defense[level-1][die-1]``, ratings."""

    name: str
    offense: tuple[tuple[Offense, ...], ...]
    defense: tuple[tuple[Defense, ...], ...]
    ratings: Ratings

    def chart_rating(self, chart: str) -> str:
        return getattr(self.ratings, chart)

    @property
    def finishers(self) -> tuple[Offense, ...]:
        return tuple(e for e in self.offense[2] if e.kind == FINISHER)


# --------------------------------------------------------------------------------------------
# parsing


class _Problems(list):
    def add(self, path: str, message: str) -> None:
        self.append((path, message))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_in(value: Any, lo: int, hi: int, path: str, problems: _Problems) -> int | None:
    if isinstance(value, str) and re.fullmatch(r"[+-]?\d+", value.strip()):
        value = int(value)
    if not _is_int(value) or not lo <= value <= hi:
        problems.add(path, f"must be a whole number from {lo} to {hi}, got {clip(value)}")
        return None
    return value


def _level(value: Any, path: str, problems: _Problems) -> int | None:
    if _is_int(value) and value in (1, 2, 3):
        return value
    problems.add(path, f"must be 1, 2 or 3, got {clip(value)}")
    return None


def _bool(value: Any, path: str, problems: _Problems) -> bool:
    if isinstance(value, bool):
        return value
    problems.add(path, f"must be true or false, got {clip(value)}")
    return False


def _letter(value: Any, path: str, problems: _Problems) -> str | None:
    if isinstance(value, str) and re.fullmatch(r"[A-Za-z]", value.strip()):
        return value.strip().upper()
    problems.add(path, f"must be a single letter (the Choice Situations column), got {clip(value)}")
    return None


def _key(key: Any) -> str:
    """A mapping key as it goes into a path (clipped: the input may be hostile)."""
    text = str(key) if isinstance(key, str | int) else clip(key)
    return text if len(text) <= 40 else text[:39] + "…"


def _unknown_keys(data: Mapping, allowed: set[str], path: str, problems: _Problems) -> None:
    for key in data:
        if key not in allowed:
            problems.add(
                f"{path}.{_key(key)}",
                f"unknown field (expected one of {', '.join(sorted(allowed))})",
            )


def _name(value: Any, what: str, path: str, problems: _Problems) -> str | None:
    """A name as written (a wrestler's, a move's): text, not too long, no control characters."""
    if not isinstance(value, str) or not value.strip():
        problems.add(path, f"must be the {what}, got {clip(value)}")
        return None
    bad = bad_character(value)
    if bad is not None:
        problems.add(path, f"must not hold control or bidirectional characters ({bad})")
        return None
    text = _norm_text(value)
    if len(text) > MAX_NAME:
        problems.add(path, f"is {len(text)} characters long; at most {MAX_NAME}")
        return None
    return text


def _norm_text(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u2013", "-").replace("\u2014", "-")).strip()


_PAREN = re.compile(r"\(([^()]*)\)")
_CH = re.compile(r"\(\s*ch\s*\)\s*([A-Za-z])?\b", re.IGNORECASE)
_ADD1 = re.compile(r"\badd\s*1\b", re.IGNORECASE)
_LEVEL_SUFFIX = re.compile(r"^(.*?)\s*-\s*(\S+)$")
_ROLL = re.compile(
    r"^roll(?:\s+([12]d6))?(?:\s*[,;]?\s*miss(?:es)?(?:\s+on)?\s+([\d\s,]+))?$", re.IGNORECASE
)


def _extract_markers(text: str, path: str, problems: _Problems) -> tuple[str, dict[str, Any]]:
    """Pull "(x)" markers, "(ch) B" and "Add 1" out of a printed entry."""
    markers: dict[str, Any] = {}
    m = _CH.search(text)
    if m:
        if not m.group(1):
            problems.add(path, "'(ch)' must be followed by a letter, as in '(ch) B'")
        else:
            markers["choice_situation"] = m.group(1).upper()
        text = text[: m.start()] + " " + text[m.end() :]
    if _ADD1.search(text):
        markers["add1"] = True
        text = _ADD1.sub(" ", text)
    parens: list[str] = []

    def grab(match: re.Match) -> str:
        parens.append(match.group(1).strip())
        return " "

    text = _PAREN.sub(grab, text)
    markers["parens"] = parens
    return _norm_text(text), markers


def _parse_roll_marker(token: str) -> dict[str, Any] | None:
    """ "(roll)", "(roll 2d6)", "(roll, miss 1,6)", "(1d6)", "(2-6)" as a roll finisher."""
    low = token.lower().strip()
    m = _ROLL.match(low)
    if m:
        roll = m.group(1) or "1d6"
        miss = tuple(int(x) for x in re.findall(r"\d+", m.group(2) or ""))
        return {"roll": roll, "miss_on": list(miss)}
    if low in ROLLS:
        return {"roll": low, "miss_on": []}
    m = re.fullmatch(r"(\d+)\s*-\s*(\d+)", low)
    if m:
        lo, hi = int(m.group(1)), int(m.group(2))
        roll = "1d6" if hi <= 6 else "2d6"
        rlo, rhi = ROLL_RANGE[roll]
        if rlo <= lo <= hi <= rhi:
            return {"roll": roll, "miss_on": [f for f in range(rlo, rhi + 1) if not lo <= f <= hi]}
    return None


def _entry_text(text: str, path: str, problems: _Problems) -> str | None:
    """A printed entry, refused when too long or holding control characters."""
    bad = bad_character(text)
    if bad is not None:
        problems.add(path, f"must not hold control or bidirectional characters ({bad})")
        return None
    raw = _norm_text(text)
    if len(raw) > MAX_ENTRY:
        problems.add(
            path, f"is {len(raw)} characters long; a printed entry has at most {MAX_ENTRY}"
        )
        return None
    return raw


def _offense_from_text(text: Any, level: int, path: str, problems: _Problems) -> dict | None:
    raw = _entry_text(text, path, problems)
    if raw is None:
        return None
    rest, markers = _extract_markers(raw, path, problems)
    out: dict[str, Any] = {}
    if "choice_situation" in markers:
        out["choice_situation"] = markers["choice_situation"]
    flags: dict[str, Any] = {}
    finisher_marker: dict[str, Any] | None = None
    for token in markers["parens"]:
        low = token.lower()
        if low == "c":
            flags["choice"] = True
        elif low in ("ag", "pw"):
            flags["check"] = low
        elif low in ("tag", "singles"):
            flags["only"] = low
        elif re.fullmatch(r"dq(?:\s*:?\s*\d+)?", low):
            num = re.findall(r"\d+", low)
            flags["dq"] = int(num[0]) if num else True
        elif re.fullmatch(r"\+?\d+", low):
            finisher_marker = {"rating": int(low)}
        elif _parse_roll_marker(low) is not None:
            finisher_marker = _parse_roll_marker(low)
        else:
            problems.add(path, f"unknown marker '({token})' in {clip(raw)}")
            return None
    if markers.get("add1"):
        flags["add1"] = True

    phrase = rest.lower()
    if phrase in CHART_PHRASES:
        out["chart"] = CHART_PHRASES[phrase]
        for key in ("choice", "only"):
            if key in flags:
                out[key] = flags.pop(key)
    elif not rest:
        if "choice_situation" not in out:
            problems.add(path, f"cannot read {clip(raw)}: nothing but markers")
            return None
    else:
        m = _LEVEL_SUFFIX.match(rest)
        if m and m.group(2) in ("1", "2", "3"):
            out["move"] = m.group(1)
            out["level"] = int(m.group(2))
        elif m and not re.search(r"[A-Za-z]", m.group(2)):
            problems.add(path, f"the level after the dash in {clip(raw)} must be 1, 2 or 3")
            return None
        elif re.search(r"[A-Z]", rest) and not re.search(r"[a-z]", rest):
            if level != 3:
                problems.add(
                    path,
                    f"{clip(raw)} reads as a finisher (capitals), which belongs on LEVEL 3 OFFENSE",
                )
                return None
            out["finisher"] = rest
            if finisher_marker is None:
                problems.add(path, f"finisher {clip(raw)} needs a rating like '(+3)' or a roll")
                return None
            out.update(finisher_marker)
            finisher_marker = None
        else:
            problems.add(
                path,
                f"cannot read {clip(raw)}: expected 'move - 1|2|3', a chart ('into the ropes'), "
                "a finisher in capitals with its rating, or '(ch) B'",
            )
            return None
    if finisher_marker is not None:
        problems.add(path, f"a finisher rating or roll in {clip(raw)} needs a finisher in capitals")
        return None
    out.update(flags)
    return out


def _defense_from_text(text: Any, name: str, path: str, problems: _Problems) -> dict | None:
    raw = _entry_text(text, path, problems)
    if raw is None:
        return None
    rest, markers = _extract_markers(raw, path, problems)
    out: dict[str, Any] = {}
    numbers: list[int] = []
    for token in markers["parens"]:
        low = token.lower()
        if low == "tag":
            out["tag"] = True
        elif low == "lv":
            out["leave"] = True
        elif low.isdigit():
            numbers.append(int(low))
        else:
            problems.add(path, f"unknown marker '({token})' in {clip(raw)}")
            return None
    if markers.get("add1") or "choice_situation" in markers:
        problems.add(path, f"'Add 1' and '(ch)' belong on offense, not in {clip(raw)}")
        return None
    m = re.fullmatch(r"pin(?:\s+(\d+))?", rest, re.IGNORECASE)
    if m:
        out["result"] = "pin"
        if m.group(1):
            out["_pin"] = int(m.group(1))
        if numbers:
            out["_pin_fatigue"] = numbers[0]
        return out
    if numbers:
        problems.add(path, f"unexpected number in parentheses in {clip(raw)}")
        return None
    m = _LEVEL_SUFFIX.match(rest)
    if not m or m.group(2) not in ("1", "2", "3"):
        problems.add(
            path,
            f"cannot read {clip(raw)}: expected 'dazed|hurt|down - 1|2|3', "
            "'NAME - 1|2|3' (a counter) or 'PIN 7 (4)'",
        )
        return None
    word, lvl = m.group(1), int(m.group(2))
    if word.lower() in ("dazed", "hurt", "down"):
        out["result"] = word.lower()
    elif word.upper() == word or word.lower() == name.lower():
        out["result"] = "counter"
    else:
        problems.add(
            path, f"cannot read {clip(raw)}: a counter is the wrestler's own name in capitals"
        )
        return None
    out["level"] = lvl
    return out


_OFFENSE_FIELDS = {
    MOVE: {"move", "level", "check", "dq", "add1", "only", "choice_situation"},
    CHART: {"chart", "choice", "only", "choice_situation"},
    FINISHER: {"finisher", "rating", "roll", "miss_on", "choice_situation"},
    CHOICE: {"choice_situation"},
}


def _offense(data: Any, level: int, path: str, problems: _Problems) -> Offense | None:
    if isinstance(data, str):
        data = _offense_from_text(data, level, path, problems)
        if data is None:
            return None
    if not isinstance(data, Mapping):
        problems.add(path, f"must be a mapping or the printed text, got {type(data).__name__}")
        return None
    kinds = [k for k in (MOVE, CHART, FINISHER) if k in data]
    if len(kinds) > 1:
        problems.add(path, f"has both {kinds[0]!r} and {kinds[1]!r}; an entry is one of them")
        return None
    if not kinds:
        if "choice_situation" in data:
            kind = CHOICE
        else:
            problems.add(path, "needs one of 'move', 'chart', 'finisher' or 'choice_situation'")
            return None
    else:
        kind = kinds[0]
    before = len(problems)
    _unknown_keys(data, _OFFENSE_FIELDS[kind], path, problems)
    fields: dict[str, Any] = {"kind": kind}
    if "choice_situation" in data:
        fields["choice_situation"] = _letter(
            data["choice_situation"], f"{path}.choice_situation", problems
        )
    if kind == MOVE:
        name = _name(data["move"], "move's name", f"{path}.move", problems)
        if name is not None:
            fields["name"] = name
        if "level" not in data:
            problems.add(f"{path}.level", "required: the defense level the move sends to (1-3)")
        else:
            fields["level"] = _level(data["level"], f"{path}.level", problems)
        if "check" in data and data["check"] is not None:
            if data["check"] in ("ag", "pw"):
                fields["check"] = data["check"]
            else:
                problems.add(f"{path}.check", f"must be 'ag' or 'pw', got {clip(data['check'])}")
        if "dq" in data:
            dq = data["dq"]
            if isinstance(dq, bool):
                fields["dq"] = dq
            else:
                fields["dq"] = _int_in(dq, 0, 12, f"{path}.dq", problems)
        if "add1" in data:
            fields["add1"] = _bool(data["add1"], f"{path}.add1", problems)
    elif kind == CHART:
        chart = data["chart"]
        if chart not in CHARTS:
            problems.add(f"{path}.chart", f"must be one of {', '.join(CHARTS)}, got {clip(chart)}")
        else:
            fields["name"] = chart
        if "choice" in data:
            fields["choice"] = _bool(data["choice"], f"{path}.choice", problems)
    elif kind == FINISHER:
        if level != 3:
            problems.add(f"{path}.finisher", "finishers belong on LEVEL 3 OFFENSE")
        name = _name(data["finisher"], "finisher's name", f"{path}.finisher", problems)
        if name is not None:
            fields["name"] = name
        has_rating = data.get("rating") is not None
        has_roll = data.get("roll") is not None
        if has_rating == has_roll:
            problems.add(
                path, "a finisher needs exactly one of 'rating' (0 to 5) or 'roll' (1d6/2d6)"
            )
        if has_rating:
            fields["rating"] = _int_in(data["rating"], 0, 5, f"{path}.rating", problems)
        if has_roll:
            roll = data["roll"]
            if roll not in ROLLS:
                problems.add(f"{path}.roll", f"must be '1d6' or '2d6', got {clip(roll)}")
            else:
                fields["roll"] = roll
                lo, hi = ROLL_RANGE[roll]
                miss = data.get("miss_on") or []
                if not isinstance(miss, list | tuple):
                    problems.add(f"{path}.miss_on", "must be a list of rolls")
                else:
                    good = []
                    for i, face in enumerate(miss):
                        v = _int_in(face, lo, hi, f"{path}.miss_on[{i}]", problems)
                        if v is not None:
                            good.append(v)
                    fields["miss_on"] = tuple(sorted(set(good)))
        elif data.get("miss_on"):
            problems.add(f"{path}.miss_on", "only a roll finisher can miss")
    if "only" in data and data["only"] is not None:
        if data["only"] in ("tag", "singles"):
            fields["only"] = data["only"]
        else:
            problems.add(f"{path}.only", f"must be 'tag' or 'singles', got {clip(data['only'])}")
    if len(problems) > before:
        return None
    return Offense(**fields)


def _defense(
    data: Any, level: int, name: str, path: str, problems: _Problems, pins: list[tuple[str, dict]]
) -> Defense | None:
    if isinstance(data, str):
        data = _defense_from_text(data, name, path, problems)
        if data is None:
            return None
        if "_pin" in data or "_pin_fatigue" in data:
            pins.append((path, data))
        data = {k: v for k, v in data.items() if not k.startswith("_")}
    if not isinstance(data, Mapping):
        problems.add(path, f"must be a mapping or the printed text, got {type(data).__name__}")
        return None
    before = len(problems)
    _unknown_keys(data, {"result", "level", "tag", "leave"}, path, problems)
    result = data.get("result")
    if result not in DEFENSE_RESULTS:
        problems.add(
            f"{path}.result", f"must be one of {', '.join(DEFENSE_RESULTS)}, got {clip(result)}"
        )
        return None
    fields: dict[str, Any] = {"result": result}
    if result == "pin":
        if data.get("level") is not None:
            problems.add(f"{path}.level", "a PIN has no level (the attacker goes on at level 3)")
    elif "level" not in data:
        problems.add(f"{path}.level", f"required: the offense level after {result} (1-3)")
    else:
        fields["level"] = _level(data["level"], f"{path}.level", problems)
    if "tag" in data:
        fields["tag"] = _bool(data["tag"], f"{path}.tag", problems)
        if fields["tag"] and result == "counter":
            problems.add(f"{path}.tag", "a counter already takes the offense; (tag) cannot go here")
    if "leave" in data:
        fields["leave"] = _bool(data["leave"], f"{path}.leave", problems)
        # Rule 6 names "down - 3 (lv)" on LEVEL 3 DEFENSE, where the printed cards carry it; a
        # card printing it on another level's "down - 3" is played as printed (docs/rules).
        if fields["leave"] and not (result == "down" and data.get("level") == 3):
            problems.add(f"{path}.leave", "(lv) only goes with 'down - 3'")
    if len(problems) > before:
        return None
    return Defense(**fields)


def _levels(data: Any, side: str, problems: _Problems) -> dict[int, Any]:
    if not isinstance(data, Mapping):
        problems.add(side, "must map the levels 1, 2 and 3 to six entries each")
        return {}
    out: dict[int, Any] = {}
    for key, value in data.items():
        lvl = key.strip() if isinstance(key, str) else key
        lvl = {"1": 1, "2": 2, "3": 3}.get(lvl, lvl) if isinstance(lvl, str) else lvl
        if not _is_int(lvl) or lvl not in (1, 2, 3):
            problems.add(f"{side}.{_key(key)}", "unknown level (levels are 1, 2 and 3)")
            continue
        if lvl in out:
            problems.add(f"{side}.{lvl}", "given twice (as 1 and '1', say); give each level once")
            continue
        out[lvl] = value
    for lvl in (1, 2, 3):
        if lvl not in out:
            problems.add(f"{side}.{lvl}", "missing: six entries, in die order 1 to 6")
        elif not isinstance(out[lvl], list | tuple):
            problems.add(f"{side}.{lvl}", "must be a list of six entries")
            del out[lvl]
        elif len(out[lvl]) != 6:
            problems.add(
                f"{side}.{lvl}", f"must have six entries (die 1 to 6), has {len(out[lvl])}"
            )
            del out[lvl]
    return out


_RATING_FIELDS = (
    "pin",
    "pin_fatigue",
    "ropes",
    "turnbuckle",
    "ring",
    "deathjump",
    "disqualification",
    "agility",
    "power",
    "distractor",
)


def _ratings(data: Any, pins: list[tuple[str, dict]], problems: _Problems) -> Ratings | None:
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        problems.add("ratings", "must be a mapping of the card's ratings")
        return None
    before = len(problems)
    _unknown_keys(data, set(_RATING_FIELDS), "ratings", problems)
    values: dict[str, Any] = {}
    for field in ("pin", "pin_fatigue"):
        value = data.get(field)
        printed = [(p, d[f"_{field}"]) for p, d in pins if f"_{field}" in d]
        if value is None and printed:
            value = printed[0][1]
        for where, number in printed:
            if value is not None and number != value:
                problems.add(where, f"PIN text says {number} but ratings.{field} is {value}")
        if value is None:
            problems.add(f"ratings.{field}", "required (two dice at or under it: pinned)")
        else:
            values[field] = _int_in(value, 0, 12, f"ratings.{field}", problems)
    for chart in CHARTS:
        value = data.get(chart)
        if isinstance(value, str) and value.strip().upper() in RATING_LETTERS:
            values[chart] = value.strip().upper()
        elif value is None:
            problems.add(f"ratings.{chart}", "required: A, B or C")
        else:
            problems.add(f"ratings.{chart}", f"must be A, B or C, got {clip(value)}")
    if data.get("disqualification") is None:
        problems.add("ratings.disqualification", "required (two dice at or under it: disqualified)")
    else:
        values["disqualification"] = _int_in(
            data["disqualification"], 0, 12, "ratings.disqualification", problems
        )
    for field in ("agility", "power"):
        if data.get(field) is not None:
            values[field] = _int_in(data[field], -5, 5, f"ratings.{field}", problems)
    if data.get("distractor") is not None:
        values["distractor"] = _int_in(data["distractor"], 0, 12, "ratings.distractor", problems)
    if len(problems) > before:
        return None
    return Ratings(**values)


def parse_card(data: Mapping[str, Any], *, tables: Any = None) -> FilsingerCard:
    """Read a card; raise CardError listing every problem (path: message).

    ``tables`` (``FilsingerTables``, or a federation's chart overrides as a mapping): the card is
    also checked against every chart it can send a match to under any option, so that a card
    that parses plays with these tables whatever the rules in play.
    """
    problems = _Problems()
    if not isinstance(data, Mapping):
        raise CardError([("", f"a card must be a mapping, got {type(data).__name__}")])
    refuse_other_system(data, SYSTEM)
    _unknown_keys(
        data, {"system", "name", "offense", "defense", "ratings", *META_KEYS}, "", problems
    )
    problems[:] = [(p.lstrip("."), m) for p, m in problems]
    name = ""
    if data.get("name") is None:
        problems.add("name", "required: the wrestler's name")
    else:
        name = _name(data["name"], "wrestler's name", "name", problems) or ""
    offense_levels = _levels(data.get("offense"), "offense", problems)
    defense_levels = _levels(data.get("defense"), "defense", problems)
    offense: list[tuple[Offense, ...]] = []
    defense: list[tuple[Defense, ...]] = []
    pins: list[tuple[str, dict]] = []
    for lvl in (1, 2, 3):
        row = [
            _offense(entry, lvl, f"offense.{lvl}[{i}]", problems)
            for i, entry in enumerate(offense_levels.get(lvl, ()))
        ]
        offense.append(tuple(row))  # type: ignore[arg-type]
    for lvl in (1, 2, 3):
        drow = [
            _defense(entry, lvl, name, f"defense.{lvl}[{i}]", problems, pins)
            for i, entry in enumerate(defense_levels.get(lvl, ()))
        ]
        defense.append(tuple(drow))  # type: ignore[arg-type]
    ratings = _ratings(data.get("ratings"), pins, problems)
    if tables is not None:
        _table_problems(offense, tables, problems)
    if problems:
        raise CardError(problems)
    assert ratings is not None
    return FilsingerCard(name=name, offense=tuple(offense), defense=tuple(defense), ratings=ratings)


def _table_problems(offense: list[tuple[Offense, ...]], tables: Any, problems: _Problems) -> None:
    """What a card needs of the charts, whatever the options: every Choice Situations letter it
    names (rule 7) must be a column. (The four rating charts always have columns A, B and C,
    which ``tables`` checks when it loads them; no card entry names the Feud Table or the
    Outside Interference chart.)"""
    if not isinstance(tables, FilsingerTables):
        tables = load_tables(tables)
    columns = tables.choice_situations
    for lvl, row in enumerate(offense, 1):
        for i, entry in enumerate(row):
            letter = entry.choice_situation if entry is not None else None
            if letter is not None and letter not in columns:
                problems.add(
                    f"offense.{lvl}[{i}].choice_situation",
                    f"no column {letter!r} in the Choice Situations chart "
                    f"(columns: {', '.join(sorted(columns))})",
                )


# --------------------------------------------------------------------------------------------
# normalised form


def offense_to_data(entry: Offense) -> dict[str, Any]:
    out: dict[str, Any]
    if entry.kind == MOVE:
        out = {"move": entry.name, "level": entry.level}
        if entry.check:
            out["check"] = entry.check
        if entry.dq is not False:
            out["dq"] = entry.dq
        if entry.add1:
            out["add1"] = True
    elif entry.kind == CHART:
        out = {"chart": entry.name}
        if entry.choice:
            out["choice"] = True
    elif entry.kind == FINISHER:
        out = {"finisher": entry.name}
        if entry.roll:
            out["roll"] = entry.roll
            out["miss_on"] = list(entry.miss_on)
        else:
            out["rating"] = entry.rating
    else:
        out = {}
    if entry.only:
        out["only"] = entry.only
    if entry.choice_situation:
        out["choice_situation"] = entry.choice_situation
    return out


def defense_to_data(entry: Defense) -> dict[str, Any]:
    out: dict[str, Any] = {"result": entry.result}
    if entry.result != "pin":
        out["level"] = entry.level
    if entry.tag:
        out["tag"] = True
    if entry.leave:
        out["leave"] = True
    return out


def card_to_data(card: FilsingerCard) -> dict[str, Any]:
    """The structured form, JSON-safe (level keys as strings), that parse_card reads back."""
    r = card.ratings
    ratings: dict[str, Any] = {
        "pin": r.pin,
        "pin_fatigue": r.pin_fatigue,
        "ropes": r.ropes,
        "turnbuckle": r.turnbuckle,
        "ring": r.ring,
        "deathjump": r.deathjump,
        "disqualification": r.disqualification,
        "agility": r.agility,
        "power": r.power,
        "distractor": r.distractor,
    }
    return {
        "system": SYSTEM,
        "name": card.name,
        "offense": {
            str(i + 1): [offense_to_data(e) for e in level] for i, level in enumerate(card.offense)
        },
        "defense": {
            str(i + 1): [defense_to_data(e) for e in level] for i, level in enumerate(card.defense)
        },
        "ratings": ratings,
    }


def offense_text(entry: Offense) -> str:
    """The printed shorthand of an offensive entry (as on the card)."""
    parts: list[str] = []
    if entry.kind == MOVE:
        parts.append(f"{entry.name} - {entry.level}")
        if entry.check:
            parts.append(f"({entry.check})")
        if entry.dq is True:
            parts.append("(dq)")
        elif entry.dq is not False:
            parts.append(f"(dq {entry.dq})")
        if entry.add1:
            parts.append("Add 1")
    elif entry.kind == CHART:
        parts.append(CHART_PHRASE[entry.name])
        if entry.choice:
            parts.append("(c)")
    elif entry.kind == FINISHER:
        parts.append(entry.name)
        if entry.roll:
            miss = ",".join(str(m) for m in entry.miss_on)
            parts.append(f"(roll {entry.roll}{' miss ' + miss if miss else ''})")
        else:
            parts.append(f"(+{entry.rating})")
    if entry.only:
        parts.append(f"({entry.only})")
    if entry.choice_situation:
        parts.append(f"(ch) {entry.choice_situation}")
    return " ".join(parts)
