"""The Filsinger card as form fields, laid out as the printed card: the OFFENSE and DEFENSE
charts, a row per die face (1 to 6) at each level, and the ratings. Each offense entry is a move,
a chart ("into the ropes"), a finisher or a bare choice situation; its fields are those of its
kind (``docs/cards.md``). The card's own parser checks what the fields assemble."""

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
    put,
    shown,
    text,
    whole,
    words,
)
from rules.filsinger import cards

LEVELS = (1, 2, 3)
DIE = range(6)
KINDS = (
    (cards.MOVE, "move"),
    (cards.CHART, "chart"),
    (cards.FINISHER, "finisher"),
    (cards.CHOICE, "choice situation"),
)
RATINGS = (
    ("pin", "PIN", NUMBER, "two dice at or under it: pinned"),
    ("pin_fatigue", "PIN with fatigue", NUMBER, "the number in parentheses"),
    ("ropes", "Ropes", SELECT, ""),
    ("turnbuckle", "Turnbuckle", SELECT, ""),
    ("ring", "Ring", SELECT, ""),
    ("deathjump", "Deathjump", SELECT, ""),
    ("disqualification", "Disqualification", NUMBER, "two dice at or under it: disqualified"),
    ("agility", "Agility", NUMBER, "-5 excellent to +5 poor"),
    ("power", "Power", NUMBER, "-5 excellent to +5 poor"),
    ("distractor", "Distractor", NUMBER, "optional; 5 is assumed"),
)
_MOVE, _CHART, _FIN = (cards.MOVE,), (cards.CHART,), (cards.FINISHER,)
_NOT_BARE = (cards.MOVE, cards.CHART, cards.FINISHER)


def _offense_row(level: int, die: int) -> Row:
    p = f"offense.{level}[{die}]"
    return Row(
        label=str(die + 1),
        path=p,
        kind=f"{p}.kind",
        fields=(
            Field(f"{p}.kind", "Entry", SELECT, KINDS),
            Field(f"{p}.move", "Move", kinds=_MOVE),
            Field(f"{p}.level", "Level", NUMBER, kinds=_MOVE, hint="1-3"),
            Field(f"{p}.check", "Check", SELECT, choices("ag", "pw"), kinds=_MOVE),
            Field(f"{p}.dq", "DQ", kinds=_MOVE, hint="yes, or its own number"),
            Field(f"{p}.add1", "Add 1", CHECK, kinds=_MOVE),
            Field(f"{p}.chart", "Chart", SELECT, choices(*cards.CHARTS), kinds=_CHART),
            Field(f"{p}.choice", "(c)", CHECK, kinds=_CHART),
            Field(f"{p}.finisher", "Finisher", kinds=_FIN),
            Field(f"{p}.rating", "Rating", NUMBER, kinds=_FIN, hint="0-5"),
            Field(f"{p}.roll", "Roll", SELECT, choices(*cards.ROLLS), kinds=_FIN),
            Field(f"{p}.miss_on", "Misses on", kinds=_FIN, hint="1, 6"),
            Field(f"{p}.only", "Only", SELECT, choices("tag", "singles"), kinds=_NOT_BARE),
            Field(f"{p}.choice_situation", "(ch)", hint="a letter"),
        ),
    )


def _defense_row(level: int, die: int) -> Row:
    p = f"defense.{level}[{die}]"
    return Row(
        label=str(die + 1),
        path=p,
        fields=(
            Field(f"{p}.result", "Result", SELECT, choices(*cards.DEFENSE_RESULTS)),
            Field(f"{p}.level", "Level", NUMBER, hint="1-3; none for a PIN"),
            Field(f"{p}.tag", "(tag)", CHECK),
            Field(f"{p}.leave", "(lv)", CHECK),
        ),
    )


SECTIONS = (
    Section(
        "The wrestler",
        "name",
        (Row("Name", "name", (Field("name", "Name"),)),),
        shape="form",
    ),
    *(
        Section(
            f"Level {level} offense",
            f"offense.{level}",
            tuple(_offense_row(level, die) for die in DIE),
            note="one die: the entry rolled",
        )
        for level in LEVELS
    ),
    *(
        Section(
            f"Level {level} defense",
            f"defense.{level}",
            tuple(_defense_row(level, die) for die in DIE),
            note="one die: the defender's result",
        )
        for level in LEVELS
    ),
    Section(
        "Ratings",
        "ratings",
        tuple(
            Row(
                label,
                f"ratings.{key}",
                (
                    Field(
                        f"ratings.{key}",
                        label,
                        widget,
                        choices(*cards.RATING_LETTERS) if widget == SELECT else (),
                        hint=hint,
                    ),
                ),
            )
            for key, label, widget, hint in RATINGS
        ),
        shape="form",
    ),
)


# -- data to the fields --------------------------------------------------------------------------


def _normal_offense(entry: Any, level: int) -> Any:
    """An entry as the parser normalises it (the printed text read), where it reads."""
    scratch = cards._Problems()
    parsed = cards._offense(entry, level, "", scratch)
    return cards.offense_to_data(parsed) if parsed is not None else entry


def _normal_defense(entry: Any, level: int, name: str) -> Any:
    scratch = cards._Problems()
    parsed = cards._defense(entry, level, name, "", scratch, [])
    return cards.defense_to_data(parsed) if parsed is not None else entry


def to_values(data: Any) -> dict[str, str]:
    values = BUILDER.blank()
    values["name"] = shown(item(data, "name"))
    name = values["name"]
    for level in LEVELS:
        for die in DIE:
            p = f"offense.{level}[{die}]"
            entry = item(data, "offense", level, die)
            if entry is None:
                continue
            entry = _normal_offense(entry, level)
            if isinstance(entry, str):
                entry = {cards.MOVE: entry}
            if not isinstance(entry, Mapping):
                continue
            kind = next((k for k in _NOT_BARE if k in entry), None)
            if kind is None and cards.CHOICE in entry:
                kind = cards.CHOICE
            values[f"{p}.kind"] = kind or ""
            for key, value in entry.items():
                if f"{p}.{key}" in values and key != "kind":
                    values[f"{p}.{key}"] = "yes" if key == "dq" and value is True else shown(value)
        for die in DIE:
            p = f"defense.{level}[{die}]"
            entry = item(data, "defense", level, die)
            if entry is None:
                continue
            entry = _normal_defense(entry, level, name)
            if not isinstance(entry, Mapping):
                continue
            for key, value in entry.items():
                if f"{p}.{key}" in values:
                    values[f"{p}.{key}"] = shown(value)
    for key, *_ in RATINGS:
        values[f"ratings.{key}"] = shown(item(data, "ratings", key))
    return values


# -- the fields to data --------------------------------------------------------------------------


def _dq(values: Mapping[str, str], path: str) -> Any:
    value = text(values, path)
    if value is not None and value.lower() in ("yes", "y", "true", "on", "(dq)"):
        return True
    if value is not None and value.lower() in ("no", "n", "false", "off"):
        return None
    return whole(values, path)


def _offense_entry(values: Mapping[str, str], p: str) -> dict[str, Any]:
    kind = text(values, f"{p}.kind")
    out: dict[str, Any] = {}
    if kind == cards.MOVE:
        out["move"] = text(values, f"{p}.move") or ""
        put(out, "level", whole(values, f"{p}.level"))
        put(out, "check", text(values, f"{p}.check"))
        put(out, "dq", _dq(values, f"{p}.dq"))
        if flag(values, f"{p}.add1"):
            out["add1"] = True
    elif kind == cards.CHART:
        out["chart"] = text(values, f"{p}.chart") or ""
        if flag(values, f"{p}.choice"):
            out["choice"] = True
    elif kind == cards.FINISHER:
        out["finisher"] = text(values, f"{p}.finisher") or ""
        put(out, "rating", whole(values, f"{p}.rating"))
        put(out, "roll", text(values, f"{p}.roll"))
        put(out, "miss_on", words(values, f"{p}.miss_on"))
    elif kind == cards.CHOICE:
        out["choice_situation"] = text(values, f"{p}.choice_situation") or ""
    elif kind is not None:
        out[kind] = ""  # (an entry kind the page does not offer: the parser names it)
    if kind in _NOT_BARE:
        put(out, "only", text(values, f"{p}.only"))
        put(out, "choice_situation", text(values, f"{p}.choice_situation"))
    return out


def _defense_entry(values: Mapping[str, str], p: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    put(out, "result", text(values, f"{p}.result"))
    put(out, "level", whole(values, f"{p}.level"))
    for key in ("tag", "leave"):
        if flag(values, f"{p}.{key}"):
            out[key] = True
    return out


def from_values(values: Mapping[str, str]) -> dict[str, Any]:
    data: dict[str, Any] = {"system": cards.SYSTEM}
    put(data, "name", text(values, "name"))
    data["offense"] = {
        str(level): [_offense_entry(values, f"offense.{level}[{die}]") for die in DIE]
        for level in LEVELS
    }
    data["defense"] = {
        str(level): [_defense_entry(values, f"defense.{level}[{die}]") for die in DIE]
        for level in LEVELS
    }
    ratings: dict[str, Any] = {}
    for key, _, widget, _ in RATINGS:
        value = (
            text(values, f"ratings.{key}") if widget == SELECT else whole(values, f"ratings.{key}")
        )
        put(ratings, key, value)
    data["ratings"] = ratings
    return data


def suggestions(tables: Any) -> dict[str, list[str]]:
    return {}


BUILDER = Builder(
    system=cards.SYSTEM,
    sections=SECTIONS,
    to_values=to_values,
    from_values=from_values,
    suggestions=suggestions,
)
