"""Superstar Pro Wrestling action cards: frozen values, parsed with every problem named by path.

A card has a General Card (two dice: OC, OC/TT or DC), an Offensive Card, a Defensive Card
(A, B, C or Reverse), a Ropes card (two dice each), a Specialty card (one die), the SUB range,
the tag-team factor range and the PRIORITY ratings (singles PF and tag-team rating). The
structured form is the contract (``docs/cards.md``); each entry may instead be written as the
printed text, normalised to the same values:

- offense / ropes: ``ROPES``, ``NA``, ``Throat lift 5``, ``Python headlock 10 P/A``,
  ``Backbreaker 9 *``, ``Thunderslam (S)``, ``Throw out of ring (DQ)``, ``Flying kneedrop 7 XX``;
- specialty rolls: ``10 P/A``, ``12``, ``9 *``, ``(DQ)``;
- ranges: ``[2, 7]``, ``"2-7"``, ``2`` (one roll), ``[]`` or ``null`` (none);
- priority: ``[5, 2]``, ``["5+", "3+"]`` or ``"5+/3"`` (a "+" is stored as a half, 5.5; it plays as
  the champion's +1, 6: ``engine.played_rating``).

An invalid card is refused whole.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.core.errors import CardError, refuse_other_system

SYSTEM = "superstar"
TOTALS = tuple(range(2, 13))
GENERAL_RESULTS = ("OC", "OC/TT", "DC")
DEFENSE_RESULTS = ("A", "B", "C", "Reverse")
META_KEYS = frozenset({"notes", "description", "source", "slug"})
MAX_POINTS = 99

# Entry kinds on the Offensive and Ropes cards.
MOVE = "move"  # a move scoring its points (flags: pin, submission, grudge)
ROPES = "ropes"  # go to the Ropes card (Offensive Card only)
NA = "na"  # no action at the ropes (Ropes card only)
SPECIALTY = "specialty"  # "(S)": one die on the Specialty card
DQ = "dq"  # "(DQ)": the victim rolls two dice to stay in the match

_GENERAL_WORDS = {"OC": "OC", "OC/TT": "OC/TT", "OCTT": "OC/TT", "TT": "OC/TT", "DC": "DC"}
_DEFENSE_WORDS = {"A": "A", "B": "B", "C": "C", "R": "Reverse", "REV": "Reverse"}
_DEFENSE_WORDS["REVERSE"] = "Reverse"


@dataclass(frozen=True, slots=True)
class Move:
    """One entry of the Offensive or Ropes card."""

    kind: str
    name: str = ""
    points: int = 0
    pin: bool = False
    submission: bool = False
    grudge: bool = False


@dataclass(frozen=True, slots=True)
class SpecialtyRoll:
    """One die face of the Specialty card: points with P/A or *, or a (DQ)."""

    points: int = 0
    pin: bool = False
    submission: bool = False
    dq: bool = False


@dataclass(frozen=True, slots=True)
class Specialty:
    name: str
    rolls: tuple[SpecialtyRoll, ...]


@dataclass(frozen=True, slots=True)
class SuperstarCard:
    """A wrestler's action card. Two-dice sections are tuples indexed by ``total - 2``."""

    name: str
    general: tuple[str, ...]
    offense: tuple[Move, ...]
    defense: tuple[str, ...]
    specialty: Specialty
    ropes: tuple[Move, ...]
    submission_range: tuple[int, int] | None
    tag_team_range: tuple[int, int] | None
    priority: tuple[float, float]

    @property
    def singles_priority(self) -> float:
        return self.priority[0]

    @property
    def tag_rating(self) -> float:
        return self.priority[1]

    def submits_on(self, total: int) -> bool:
        r = self.submission_range
        return r is not None and r[0] <= total <= r[1]

    def saves_on(self, total: int) -> bool:
        r = self.tag_team_range
        return r is not None and r[0] <= total <= r[1]


# --------------------------------------------------------------------------------------------
# parsing


class _Problems(list):
    def add(self, path: str, message: str) -> None:
        self.append((path, message))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _unknown_keys(data: Mapping, allowed: set[str], path: str, problems: _Problems) -> None:
    for key in data:
        if key not in allowed:
            where = f"{path}.{key}" if path else str(key)
            problems.add(where, f"unknown field (expected one of {', '.join(sorted(allowed))})")


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u2013", "-").replace("\u2014", "-")).strip()


def _points(value: Any, path: str, problems: _Problems) -> int | None:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if not _is_int(value) or not 0 <= value <= MAX_POINTS:
        problems.add(
            path, f"must be a whole number of points from 0 to {MAX_POINTS}, got {value!r}"
        )
        return None
    return value


def _bool(data: Mapping, key: str, path: str, problems: _Problems) -> bool:
    value = data.get(key, False)
    if value is None:
        return False
    if isinstance(value, bool):
        return value
    problems.add(f"{path}.{key}", f"must be true or false, got {value!r}")
    return False


_MARKER = re.compile(r"\(\s*(S|DQ|XX)\s*\)|\bP/A\b|\bXX\b|\*", re.IGNORECASE)
_TRAILING_POINTS = re.compile(r"^(.*?)[\s,:-]*\b(\d+)$")


def _entry_from_text(text: str, path: str, problems: _Problems) -> dict | None:
    """The printed form of an Offensive or Ropes card entry, as a structured mapping."""
    raw = _norm(text)
    upper = raw.upper()
    if upper == "ROPES":
        return {"move": "ROPES"}
    if upper in ("NA", "N/A", "NO ACTION"):
        return {"move": "NA"}
    flags: dict[str, Any] = {}
    for m in _MARKER.finditer(raw):
        token = m.group(0).upper().replace(" ", "")
        key = {
            "(S)": "specialty",
            "(DQ)": "dq",
            "(XX)": "grudge",
            "XX": "grudge",
            "P/A": "pin",
            "*": "submission",
        }[token]
        flags[key] = True
    rest = _norm(_MARKER.sub(" ", raw))
    out: dict[str, Any] = {}
    trailing = _TRAILING_POINTS.match(rest)
    if trailing and trailing.group(1):
        out["move"] = trailing.group(1).strip(" -,:")
        out["points"] = int(trailing.group(2))
    elif rest:
        out["move"] = rest
    elif not flags.get("specialty"):
        problems.add(path, f"cannot read {raw!r}: expected a move with its points, or a marker")
        return None
    out.update(flags)
    return out


def _move(data: Any, section: str, path: str, problems: _Problems) -> Move | None:
    """One Offensive (``section="offense"``) or Ropes card entry."""
    if isinstance(data, str):
        data = _entry_from_text(data, path, problems)
        if data is None:
            return None
    if not isinstance(data, Mapping):
        problems.add(path, f"must be a mapping or the printed text, got {type(data).__name__}")
        return None
    before = len(problems)
    _unknown_keys(
        data, {"move", "points", "pin", "submission", "specialty", "dq", "grudge"}, path, problems
    )
    name = data.get("move", "")
    if name is None:
        name = ""
    if not isinstance(name, str):
        problems.add(f"{path}.move", f"must be the move's name, got {name!r}")
        name = ""
    name = _norm(name)
    specialty = _bool(data, "specialty", path, problems)
    dq = _bool(data, "dq", path, problems)
    pin = _bool(data, "pin", path, problems)
    submission = _bool(data, "submission", path, problems)
    grudge = _bool(data, "grudge", path, problems)
    has_points = data.get("points") is not None
    word = name.upper()
    if word in ("ROPES", "NA", "N/A"):
        kind = ROPES if word == "ROPES" else NA
        if kind == ROPES and section != "offense":
            problems.add(f"{path}.move", "ROPES belongs on the Offensive Card, not the Ropes card")
        if kind == NA and section != "ropes":
            problems.add(f"{path}.move", "NA (no action) belongs on the Ropes card")
        extras = [
            k for k in ("points", "pin", "submission", "specialty", "dq", "grudge") if data.get(k)
        ]
        if extras:
            problems.add(path, f"{name} takes nothing else (has {', '.join(extras)})")
        if len(problems) > before:
            return None
        return Move(kind=kind, name="ROPES" if kind == ROPES else "NA")
    if specialty and dq:
        problems.add(path, "an entry is (S) or (DQ), not both")
    if specialty or dq:
        kind = SPECIALTY if specialty else DQ
        marker = "(S)" if specialty else "(DQ)"
        source = "the Specialty card" if specialty else "the disqualification roll"
        if has_points:
            problems.add(
                f"{path}.points", f"a {marker} move has no points of its own ({source} gives them)"
            )
        for flag, on in (("pin", pin), ("submission", submission), ("grudge", grudge)):
            if on:
                problems.add(f"{path}.{flag}", f"a {marker} move cannot also be {flag}")
        if len(problems) > before:
            return None
        return Move(kind=kind, name=name)
    if not name:
        problems.add(f"{path}.move", "required: the move's name")
    if not has_points:
        problems.add(f"{path}.points", "required: the points the move scores")
        points = None
    else:
        points = _points(data["points"], f"{path}.points", problems)
    if len(problems) > before or points is None:
        return None
    return Move(kind=MOVE, name=name, points=points, pin=pin, submission=submission, grudge=grudge)


def _specialty_roll(data: Any, path: str, problems: _Problems) -> SpecialtyRoll | None:
    if isinstance(data, str | int) and not isinstance(data, bool):
        text = _norm(str(data))
        parsed: dict[str, Any] = {}
        for m in _MARKER.finditer(text):
            token = m.group(0).upper().replace(" ", "")
            key = {"(DQ)": "dq", "P/A": "pin", "*": "submission"}.get(token)
            if key is None:
                problems.add(path, f"{m.group(0)} does not belong on the Specialty card")
                return None
            parsed[key] = True
        rest = _norm(_MARKER.sub(" ", text))
        if rest:
            if not rest.isdigit():
                problems.add(path, f"cannot read {text!r}: expected points, P/A, * or (DQ)")
                return None
            parsed["points"] = int(rest)
        data = parsed
    if not isinstance(data, Mapping):
        problems.add(path, f"must be a mapping or the printed text, got {type(data).__name__}")
        return None
    before = len(problems)
    _unknown_keys(data, {"points", "pin", "submission", "dq"}, path, problems)
    dq = _bool(data, "dq", path, problems)
    pin = _bool(data, "pin", path, problems)
    submission = _bool(data, "submission", path, problems)
    if dq:
        if data.get("points") is not None:
            problems.add(f"{path}.points", "a (DQ) roll has no points (the DQ roll gives them)")
        if pin or submission:
            problems.add(path, "a (DQ) roll cannot also be P/A or *")
        if len(problems) > before:
            return None
        return SpecialtyRoll(dq=True)
    if data.get("points") is None:
        problems.add(f"{path}.points", "required: the points this roll scores")
        return None
    points = _points(data["points"], f"{path}.points", problems)
    if len(problems) > before or points is None:
        return None
    return SpecialtyRoll(points=points, pin=pin, submission=submission)


def _two_dice_list(data: Any, path: str, problems: _Problems, what: str) -> list | None:
    if not isinstance(data, list | tuple):
        problems.add(path, f"must list eleven {what}, for the two-dice totals 2 to 12")
        return None
    if len(data) != 11:
        problems.add(path, f"must have eleven entries (two-dice totals 2 to 12), has {len(data)}")
        return None
    return list(data)


def _words(data: Any, path: str, problems: _Problems, words: dict[str, str], what: str) -> tuple:
    if isinstance(data, str):
        data = data.replace(",", " ").split()
    items = _two_dice_list(data, path, problems, what)
    if items is None:
        return ()
    out = []
    for i, item in enumerate(items):
        key = str(item).strip().upper().replace(" ", "") if isinstance(item, str) else None
        value = words.get(key) if key is not None else None
        if value is None:
            choices = ", ".join(dict.fromkeys(words.values()))
            problems.add(f"{path}[{i}]", f"must be one of {choices}, got {item!r}")
        out.append(value)
    return tuple(out)


def _range(data: Any, path: str, problems: _Problems) -> tuple[int, int] | None:
    """A range of two-dice totals: [lo, hi], "lo-hi", one total, or none."""
    if data is None:
        return None
    if isinstance(data, str):
        text = _norm(data)
        if text.lower() in ("", "none", "-"):
            return None
        m = re.fullmatch(r"(\d+)\s*(?:-|\.\.)\s*(\d+)", text)
        if m:
            data = [int(m.group(1)), int(m.group(2))]
        elif text.isdigit():
            data = [int(text)]
        else:
            problems.add(
                path, f"must be a range of two-dice totals like [2, 7] or '2-7', got {data!r}"
            )
            return None
    if _is_int(data):
        data = [data]
    if not isinstance(data, list | tuple) or len(data) > 2:
        problems.add(path, f"must be a range of two-dice totals like [2, 7], got {data!r}")
        return None
    if not data:
        return None
    values = []
    for i, v in enumerate(data):
        if not _is_int(v) or not 2 <= v <= 12:
            problems.add(f"{path}[{i}]", f"must be a two-dice total from 2 to 12, got {v!r}")
        else:
            values.append(v)
    if len(values) != len(data):
        return None
    lo, hi = values[0], values[-1]
    if lo > hi:
        problems.add(path, f"the range runs from low to high, got {lo} to {hi}")
        return None
    return (lo, hi)


def _rating(value: Any, path: str, problems: _Problems, lo: float, hi: float) -> float | None:
    if isinstance(value, str):
        text = value.strip()
        m = re.fullmatch(r"(\d+(?:\.5)?)\s*(\+)?", text)
        if not m:
            problems.add(path, f"must be a rating like 4, 4.5 or '4+', got {value!r}")
            return None
        value = float(m.group(1)) + (0.5 if m.group(2) else 0.0)
    if _is_int(value) or isinstance(value, float):
        number = float(value)
        if number * 2 != int(number * 2) or not lo <= number <= hi:
            problems.add(
                path, f"must be from {lo:g} to {hi:g} in steps of a half ('+'), got {value!r}"
            )
            return None
        return int(number) if number == int(number) else number
    problems.add(path, f"must be a rating like 4, 4.5 or '4+', got {value!r}")
    return None


def _priority(data: Any, problems: _Problems) -> tuple[float, float] | None:
    path = "priority"
    if isinstance(data, str) and "/" in data:
        data = [part.strip() for part in data.split("/")]
    if not isinstance(data, list | tuple) or len(data) != 2:
        problems.add(path, f"must be [singles PF, tag-team rating], like [5, 2], got {data!r}")
        return None
    pf = _rating(data[0], f"{path}[0]", problems, 1, 10)
    ttr = _rating(data[1], f"{path}[1]", problems, 1, 5)
    if pf is None or ttr is None:
        return None
    return (pf, ttr)


def _specialty(data: Any, problems: _Problems) -> Specialty | None:
    path = "specialty"
    if not isinstance(data, Mapping):
        problems.add(path, "required: the specialty move's name and its six rolls")
        return None
    before = len(problems)
    _unknown_keys(data, {"name", "rolls"}, path, problems)
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.add(f"{path}.name", "required: the specialty move's name")
        name = ""
    rolls = data.get("rolls")
    parsed: list[SpecialtyRoll | None] = []
    if not isinstance(rolls, list | tuple) or len(rolls) != 6:
        count = len(rolls) if isinstance(rolls, list | tuple) else type(rolls).__name__
        problems.add(
            f"{path}.rolls", f"must list six rolls, for the die faces 1 to 6 (has {count})"
        )
    else:
        parsed = [_specialty_roll(r, f"{path}.rolls[{i}]", problems) for i, r in enumerate(rolls)]
    if len(problems) > before:
        return None
    return Specialty(name=_norm(name), rolls=tuple(parsed))  # type: ignore[arg-type]


def parse_card(data: Mapping[str, Any], tables: Any = None) -> SuperstarCard:
    """Read a card; raise CardError listing every problem (path: message).

    A Superstar card holds no reference into the charts, so ``tables`` has nothing to check; it
    is accepted for the protocol's sake."""
    problems = _Problems()
    if not isinstance(data, Mapping):
        raise CardError([("", f"a card must be a mapping, got {type(data).__name__}")])
    refuse_other_system(data, SYSTEM)
    _unknown_keys(
        data,
        {
            "system",
            "name",
            "general",
            "offense",
            "defense",
            "specialty",
            "ropes",
            "submission_range",
            "tag_team_range",
            "priority",
            *META_KEYS,
        },
        "",
        problems,
    )
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.add("name", "required: the wrestler's name")
        name = ""
    general = _words(data.get("general"), "general", problems, _GENERAL_WORDS, "results")
    if general and None not in general and "DC" in general and all(g == "DC" for g in general):
        problems.add(
            "general", "needs at least one OC or OC/TT (a card always on defense never acts)"
        )
    defense = _words(data.get("defense"), "defense", problems, _DEFENSE_WORDS, "results")
    if defense and None not in defense and all(d == "Reverse" for d in defense):
        problems.add("defense", "needs at least one A, B or C (all Reverse never ends a round)")
    offense: list[Move | None] = []
    items = _two_dice_list(data.get("offense"), "offense", problems, "moves")
    if items is not None:
        offense = [_move(e, "offense", f"offense[{i}]", problems) for i, e in enumerate(items)]
    ropes: list[Move | None] = []
    items = _two_dice_list(data.get("ropes"), "ropes", problems, "moves")
    if items is not None:
        ropes = [_move(e, "ropes", f"ropes[{i}]", problems) for i, e in enumerate(items)]
    specialty = _specialty(data.get("specialty"), problems)
    if specialty is not None and specialty.name:
        for section, moves in (("offense", offense), ("ropes", ropes)):
            for i, move in enumerate(moves):
                if (
                    move is not None
                    and move.kind == SPECIALTY
                    and move.name
                    and move.name.lower() != specialty.name.lower()
                ):
                    problems.add(
                        f"{section}[{i}].move",
                        f"names the specialty {move.name!r}, but the Specialty card is "
                        f"{specialty.name!r}",
                    )
    sub = _range(data.get("submission_range"), "submission_range", problems)
    tag = _range(data.get("tag_team_range"), "tag_team_range", problems)
    if "priority" not in data:
        problems.add("priority", "required: [singles PF, tag-team rating], like [5, 2]")
        priority = None
    else:
        priority = _priority(data["priority"], problems)
    if problems:
        raise CardError(problems)
    assert specialty is not None and priority is not None
    return SuperstarCard(
        name=name.strip(),
        general=general,
        offense=tuple(offense),  # type: ignore[arg-type]
        defense=defense,
        specialty=specialty,
        ropes=tuple(ropes),  # type: ignore[arg-type]
        submission_range=sub,
        tag_team_range=tag,
        priority=priority,
    )


# --------------------------------------------------------------------------------------------
# normalised form and printed text


def move_to_data(move: Move) -> dict[str, Any]:
    if move.kind in (ROPES, NA):
        return {"move": move.name}
    out: dict[str, Any] = {"move": move.name} if move.name else {}
    if move.kind == SPECIALTY:
        out["specialty"] = True
    elif move.kind == DQ:
        out["dq"] = True
    else:
        out["points"] = move.points
        for flag in ("pin", "submission", "grudge"):
            if getattr(move, flag):
                out[flag] = True
    return out


def specialty_roll_to_data(roll: SpecialtyRoll) -> dict[str, Any]:
    if roll.dq:
        return {"dq": True}
    out: dict[str, Any] = {"points": roll.points}
    if roll.pin:
        out["pin"] = True
    if roll.submission:
        out["submission"] = True
    return out


def card_to_data(card: SuperstarCard) -> dict[str, Any]:
    """The structured form, JSON-safe, that ``parse_card`` reads back to the same card."""

    def rng(r: tuple[int, int] | None) -> list[int] | None:
        return None if r is None else [r[0], r[1]]

    return {
        "system": SYSTEM,
        "name": card.name,
        "general": list(card.general),
        "offense": [move_to_data(m) for m in card.offense],
        "defense": list(card.defense),
        "specialty": {
            "name": card.specialty.name,
            "rolls": [specialty_roll_to_data(r) for r in card.specialty.rolls],
        },
        "ropes": [move_to_data(m) for m in card.ropes],
        "submission_range": rng(card.submission_range),
        "tag_team_range": rng(card.tag_team_range),
        "priority": list(card.priority),
    }


def move_text(move: Move, specialty: str = "") -> str:
    """The printed shorthand of an entry ("Python headlock 10 P/A", "Thunderslam (S)")."""
    if move.kind in (ROPES, NA):
        return move.name
    if move.kind == SPECIALTY:
        return f"{move.name or specialty} (S)".strip()
    if move.kind == DQ:
        return f"{move.name} (DQ)".strip()
    parts = [move.name, str(move.points)]
    if move.pin:
        parts.append("P/A")
    if move.submission:
        parts.append("*")
    if move.grudge:
        parts.append("XX")
    return " ".join(p for p in parts if p)


def specialty_roll_text(roll: SpecialtyRoll) -> str:
    if roll.dq:
        return "(DQ)"
    parts = [str(roll.points)]
    if roll.pin:
        parts.append("P/A")
    if roll.submission:
        parts.append("*")
    return " ".join(parts)


def rating_text(value: float) -> str:
    """5 -> "5", 5.5 -> "5+"."""
    whole = int(value)
    return f"{whole}+" if value != whole else str(whole)
