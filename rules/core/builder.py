"""A card as form fields: the layout of a system's printed card, and its values both ways.

A builder describes a system's card as sections (the printed card's parts: a level of offense,
the General Card, the ARM sheet's attributes), rows (a die face, a two-dice total, a rating) and
fields. Each field is named by the card's own path (``offense.1[0].level``,
``specialty.rolls[2].points``, ``attributes.STR``), so that a problem the card's parser names
lands on the field it names, in the parser's own words: the builder never checks a card itself.

``to_values`` reads a card's data (as stored, or as typed in YAML) into the fields' text;
``from_values`` assembles the data back from the text as typed, each value read by its field's
kind (a whole number, a flag, a list) and left as typed where it does not read, so the parser
names it as it would in a YAML file. Pure Python: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

TEXT = "text"
NUMBER = "number"
SELECT = "select"
CHECK = "check"

_WHOLE = re.compile(r"^[+-]?\d+$")
_DECIMAL = re.compile(r"^[+-]?\d+\.\d+$")
ON = "on"


@dataclass(frozen=True, slots=True)
class Field:
    """One form field, named by the card's path of the value it holds."""

    path: str
    label: str
    widget: str = TEXT
    choices: tuple[tuple[str, str], ...] = ()
    #: within an entry that is one of several kinds (a Filsinger offense entry): the kinds it
    #: belongs to (empty: every kind)
    kinds: tuple[str, ...] = ()
    #: a list of names the page may suggest (``Builder.suggestions`` gives them)
    suggest: str = ""
    hint: str = ""


@dataclass(frozen=True, slots=True)
class Row:
    """A line of the printed card: a die face, a two-dice total, a rating."""

    label: str
    path: str
    fields: tuple[Field, ...]
    #: the field choosing the entry's kind, if the entry has kinds
    kind: str = ""


@dataclass(frozen=True, slots=True)
class Section:
    """A part of the printed card (a card of Superstar's five, a level of Filsinger offense)."""

    title: str
    path: str
    rows: tuple[Row, ...]
    note: str = ""
    #: how the section is drawn: ``table`` (rows of the same fields) or ``form`` (labelled lines)
    shape: str = "table"


@dataclass(frozen=True)
class Builder:
    """A system's card as fields: its layout, and its data to and from the fields' text."""

    system: str
    sections: tuple[Section, ...]
    to_values: Callable[[Any], dict[str, str]]
    from_values: Callable[[Mapping[str, str]], dict[str, Any]]
    suggestions: Callable[[Any], dict[str, list[str]]] = field(default=lambda tables: {})

    @property
    def fields(self) -> dict[str, Field]:
        return {f.path: f for s in self.sections for r in s.rows for f in r.fields}

    def anchors(self) -> set[str]:
        """Every path a problem can be placed at: the fields, the rows and the sections."""
        out = set(self.fields)
        for section in self.sections:
            out.add(section.path)
            out.update(row.path for row in section.rows)
        return out

    def place(self, path: str) -> str:
        """The field, row or section a problem at ``path`` belongs to: the path itself where it
        is one, else its nearest enclosing one; ``""`` for the card as a whole."""
        anchors = self.anchors()
        while path:
            if path in anchors:
                return path
            path = _parent(path)
        return ""

    def placed(self, problems: list[tuple[str, str]]) -> list[tuple[str, str, str]]:
        """``(anchor, path, message)`` for each of the parser's ``(path, message)``."""
        return [(self.place(path), path, message) for path, message in problems]

    def blank(self) -> dict[str, str]:
        return dict.fromkeys(self.fields, "")


def _parent(path: str) -> str:
    """``offense.1[0].level`` -> ``offense.1[0]`` -> ``offense.1`` -> ``offense`` -> ``""``."""
    if path.endswith("]"):
        return path[: path.rindex("[")]
    if "." in path:
        return path[: path.rindex(".")]
    return ""


# -- the values as typed, read ------------------------------------------------------------------


def text(values: Mapping[str, str], path: str) -> str | None:
    """The text typed in a field, trimmed; None when empty."""
    value = str(values.get(path, "") or "").strip()
    return value or None


def whole(values: Mapping[str, str], path: str) -> Any:
    """A whole number where the text reads as one; else the text as typed (the parser names
    it); None when empty."""
    value = text(values, path)
    if value is not None and _WHOLE.match(value):
        return int(value)
    return value


def number(values: Mapping[str, str], path: str) -> Any:
    """A whole or decimal number where the text reads as one (``4.5``); else as typed."""
    value = text(values, path)
    if value is not None and _DECIMAL.match(value):
        return float(value)
    return whole(values, path)


def flag(values: Mapping[str, str], path: str) -> bool:
    """A checkbox: ticked or not."""
    return text(values, path) is not None


def words(values: Mapping[str, str], path: str) -> list[Any] | None:
    """A short list typed in one field (``1, 6``): each item a number where it reads as one."""
    value = text(values, path)
    if value is None:
        return None
    items = [item for item in re.split(r"[\s,]+", value) if item]
    return [int(item) if _WHOLE.match(item) else item for item in items]


def put(out: dict[str, Any], key: str, value: Any) -> None:
    """Set ``key`` unless the value is empty (None): an empty field is a field left out."""
    if value is not None:
        out[key] = value


# -- the data, shown ---------------------------------------------------------------------------


def shown(value: Any) -> str:
    """A card's value as a field's text: a flag ticked as ``on``, a list as ``1, 6``."""
    if value is None or value is False:
        return ""
    if value is True:
        return ON
    if isinstance(value, float) and value == int(value):
        return str(int(value))
    if isinstance(value, list | tuple):
        return ", ".join(shown(v) for v in value)
    return str(value)


def item(data: Any, *keys: Any) -> Any:
    """``data[k1][k2]...`` where each step exists (a mapping's key, a list's index); else None.
    A card typed in YAML may be any shape: the fields show what they can of it."""
    for key in keys:
        if isinstance(data, Mapping):
            if key in data:
                data = data[key]
            elif str(key) in data:
                data = data[str(key)]
            else:
                return None
        elif isinstance(data, list | tuple) and isinstance(key, int):
            if not 0 <= key < len(data):
                return None
            data = data[key]
        else:
            return None
    return data


def choices(*names: str) -> tuple[tuple[str, str], ...]:
    return tuple((name, name) for name in names)
