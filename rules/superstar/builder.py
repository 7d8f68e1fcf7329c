"""The Superstar card as form fields, laid out as the printed cards: the General, Offensive and
Defensive cards (a row per two-dice total, 2 to 12), the Specialty card (a row per die face) and
the Ropes card, with the ratings (the SUB and tag-team ranges, the priority). The card's own
parser checks what the fields assemble."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.builder import (
    CHECK,
    NUMBER,
    SELECT,
    Builder,
    Field,
    Row,
    Section,
    choices,
    flag,
    item,
    number,
    put,
    shown,
    text,
    whole,
)
from rules.superstar import cards

TOTALS = range(11)  # index of the two-dice totals 2..12
FACES = range(6)
FLAGS = (
    ("pin", "P/A"),
    ("submission", "*"),
    ("grudge", "XX"),
    ("specialty", "(S)"),
    ("dq", "(DQ)"),
)
ROLL_FLAGS = (("pin", "P/A"), ("submission", "*"), ("dq", "(DQ)"))


def _move_row(section: str, i: int) -> Row:
    p = f"{section}[{i}]"
    hint = "ROPES, or a move" if section == "offense" else "NA, or a move"
    return Row(
        label=str(i + 2),
        path=p,
        fields=(
            Field(f"{p}.move", "Move", hint=hint),
            Field(f"{p}.points", "Points", NUMBER),
            *(Field(f"{p}.{key}", label, CHECK) for key, label in FLAGS),
        ),
    )


def _word_section(title: str, path: str, words: tuple[str, ...], note: str) -> Section:
    return Section(
        title,
        path,
        tuple(
            Row(
                str(i + 2),
                f"{path}[{i}]",
                (Field(f"{path}[{i}]", "Result", SELECT, choices(*words)),),
            )
            for i in TOTALS
        ),
        note=note,
    )


def _pair(path: str, label: str, first: str, second: str, hint: str = "") -> Row:
    return Row(
        label,
        path,
        (
            Field(f"{path}[0]", first, NUMBER, hint=hint),
            Field(f"{path}[1]", second, NUMBER, hint=hint),
        ),
    )


SECTIONS = (
    Section("The wrestler", "name", (Row("Name", "name", (Field("name", "Name"),)),), shape="form"),
    _word_section("General card", "general", cards.GENERAL_RESULTS, "two dice: who acts"),
    Section(
        "Offensive card",
        "offense",
        tuple(_move_row("offense", i) for i in TOTALS),
        note="two dice: the move",
    ),
    _word_section("Defensive card", "defense", cards.DEFENSE_RESULTS, "two dice: the defense"),
    Section(
        "Specialty card",
        "specialty",
        (
            Row("Name", "specialty.name", (Field("specialty.name", "Specialty move"),)),
            *(
                Row(
                    str(face + 1),
                    f"specialty.rolls[{face}]",
                    (
                        Field(f"specialty.rolls[{face}].points", "Points", NUMBER),
                        *(
                            Field(f"specialty.rolls[{face}].{key}", label, CHECK)
                            for key, label in ROLL_FLAGS
                        ),
                    ),
                )
                for face in FACES
            ),
        ),
        note="one die",
    ),
    Section(
        "Ropes card",
        "ropes",
        tuple(_move_row("ropes", i) for i in TOTALS),
        note="two dice: the move at the ropes",
    ),
    Section(
        "Ratings",
        "ratings",
        (
            _pair("submission_range", "SUB", "from", "to", "2-12"),
            _pair("tag_team_range", "Tag-team factor", "from", "to", "2-12"),
            Row(
                "Priority",
                "priority",
                (
                    Field("priority[0]", "Singles PF", hint="1-10, 4.5 or 4+"),
                    Field("priority[1]", "Tag-team rating", hint="1-5"),
                ),
            ),
        ),
        shape="form",
    ),
)


# -- data to the fields --------------------------------------------------------------------------


def _normal_move(entry: Any, section: str) -> Any:
    scratch = cards._Problems()
    parsed = cards._move(entry, section, "", scratch)
    return cards.move_to_data(parsed) if parsed is not None else entry


def _normal_roll(entry: Any) -> Any:
    scratch = cards._Problems()
    parsed = cards._specialty_roll(entry, "", scratch)
    return cards.specialty_roll_to_data(parsed) if parsed is not None else entry


def _words(data: Any) -> Any:
    return data.replace(",", " ").split() if isinstance(data, str) else data


def to_values(data: Any) -> dict[str, str]:
    values = BUILDER.blank()
    values["name"] = shown(item(data, "name"))
    for key in ("general", "defense"):
        listed = _words(item(data, key))
        for i in TOTALS:
            values[f"{key}[{i}]"] = shown(item(listed, i))
    for section in ("offense", "ropes"):
        for i in TOTALS:
            entry = item(data, section, i)
            if entry is None:
                continue
            entry = _normal_move(entry, section)
            if isinstance(entry, str):
                entry = {"move": entry}
            if isinstance(entry, Mapping):
                for key, value in entry.items():
                    if f"{section}[{i}].{key}" in values:
                        values[f"{section}[{i}].{key}"] = shown(value)
    values["specialty.name"] = shown(item(data, "specialty", "name"))
    for face in FACES:
        roll = item(data, "specialty", "rolls", face)
        if roll is None:
            continue
        roll = _normal_roll(roll)
        if isinstance(roll, Mapping):
            for key, value in roll.items():
                if f"specialty.rolls[{face}].{key}" in values:
                    values[f"specialty.rolls[{face}].{key}"] = shown(value)
    for key in ("submission_range", "tag_team_range", "priority"):
        pair = item(data, key)
        if isinstance(pair, str):
            pair = [part.strip() for part in pair.replace("/", "-").split("-")]
        elif not isinstance(pair, list | tuple):
            pair = [pair]
        values[f"{key}[0]"] = shown(item(pair, 0))
        values[f"{key}[1]"] = shown(item(pair, 1))
    return values


# -- the fields to data --------------------------------------------------------------------------


def _move(values: Mapping[str, str], p: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    put(out, "move", text(values, f"{p}.move"))
    put(out, "points", whole(values, f"{p}.points"))
    for key, _ in FLAGS:
        if flag(values, f"{p}.{key}"):
            out[key] = True
    return out


def _roll(values: Mapping[str, str], p: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    put(out, "points", whole(values, f"{p}.points"))
    for key, _ in ROLL_FLAGS:
        if flag(values, f"{p}.{key}"):
            out[key] = True
    return out


def _range(values: Mapping[str, str], key: str) -> list[Any] | None:
    lo, hi = whole(values, f"{key}[0]"), whole(values, f"{key}[1]")
    if lo is None and hi is None:
        return None
    return [v for v in (lo, hi) if v is not None]


def from_values(values: Mapping[str, str]) -> dict[str, Any]:
    data: dict[str, Any] = {"system": cards.SYSTEM}
    put(data, "name", text(values, "name"))
    data["general"] = [text(values, f"general[{i}]") for i in TOTALS]
    data["offense"] = [_move(values, f"offense[{i}]") for i in TOTALS]
    data["defense"] = [text(values, f"defense[{i}]") for i in TOTALS]
    specialty: dict[str, Any] = {}
    put(specialty, "name", text(values, "specialty.name"))
    specialty["rolls"] = [_roll(values, f"specialty.rolls[{face}]") for face in FACES]
    data["specialty"] = specialty
    data["ropes"] = [_move(values, f"ropes[{i}]") for i in TOTALS]
    data["submission_range"] = _range(values, "submission_range")
    data["tag_team_range"] = _range(values, "tag_team_range")
    pf, ttr = number(values, "priority[0]"), number(values, "priority[1]")
    if pf is not None or ttr is not None:
        data["priority"] = [pf, ttr]
    return data


BUILDER = Builder(
    system=cards.SYSTEM,
    sections=SECTIONS,
    to_values=to_values,
    from_values=from_values,
)
