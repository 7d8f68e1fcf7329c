"""The ARM character sheet as form fields, laid out as the sheet: the wrestler (name, alignment,
height, weight, standing), the seven attributes, the merits and flaws, the arsenal of maneuvers
(each with its training bonus), the finisher and the objects carried. The sheet's own parser
checks what the fields assemble; the catalogue's names are offered as suggestions.

(Not one of the compiled modules: the Makefile's NATIVE_SOURCES does not list it.)"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.arm import cards
from rules.arm.tables import ATTRIBUTES
from rules.core.builder import (
    NUMBER,
    SELECT,
    Builder,
    Field,
    Row,
    Section,
    choices,
    item,
    put,
    shown,
    text,
    whole,
)

ARSENAL = 16
MERITS = 6
FLAWS = 4
OBJECTS = 3
STANDING = (
    ("height", "Height", "inches, or 6'2\""),
    ("weight", "Weight", "pounds"),
    ("fame", "Fame", "Edge at the bell: Fame // 100"),
    ("prestige", "Prestige", ""),
    ("heat", "Heat", ""),
)


def _slots(path: str, label: str, count: int, suggest: str) -> tuple[Row, ...]:
    return tuple(
        Row(str(i + 1), f"{path}[{i}]", (Field(f"{path}[{i}]", label, suggest=suggest),))
        for i in range(count)
    )


SECTIONS = (
    Section(
        "The wrestler",
        "wrestler",
        (
            Row("Name", "name", (Field("name", "Name"),)),
            Row(
                "Alignment",
                "alignment",
                (Field("alignment", "Alignment", SELECT, choices(*cards.ALIGNMENTS)),),
            ),
            *(
                Row(
                    label,
                    key,
                    (
                        Field(
                            key,
                            label,
                            NUMBER if key not in ("height", "weight") else "text",
                            hint=hint,
                        ),
                    ),
                )
                for key, label, hint in STANDING
            ),
        ),
        shape="form",
    ),
    Section(
        "Attributes",
        "attributes",
        tuple(
            Row(a, f"attributes.{a}", (Field(f"attributes.{a}", a, NUMBER, hint="d20"),))
            for a in ATTRIBUTES
        ),
        note="a d20 rolled at or under",
        shape="form",
    ),
    Section("Merits", "merits", _slots("merits", "Merit", MERITS, "merits"), shape="form"),
    Section("Flaws", "flaws", _slots("flaws", "Flaw", FLAWS, "flaws"), shape="form"),
    Section(
        "Arsenal",
        "arsenal",
        tuple(
            Row(
                str(i + 1),
                f"arsenal[{i}]",
                (
                    Field(f"arsenal[{i}].maneuver", "Maneuver", suggest="maneuvers"),
                    Field(f"arsenal[{i}].bonus", "Bonus", NUMBER, hint="-5 to 10"),
                ),
            )
            for i in range(ARSENAL)
        ),
        note="the maneuvers he knows, with his training bonus",
    ),
    Section(
        "Finisher",
        "finisher",
        (
            Row(
                "Finisher",
                "finisher",
                (
                    Field("finisher.maneuver", "Maneuver", suggest="maneuvers"),
                    Field("finisher.name", "Its name"),
                ),
            ),
        ),
        shape="form",
    ),
    Section("Objects", "objects", _slots("objects", "Object", OBJECTS, "objects"), shape="form"),
)


# -- data to the fields --------------------------------------------------------------------------


def _entry(value: Any) -> tuple[Any, Any]:
    """An arsenal entry's maneuver and bonus, as the parser reads "Dropkick +1"."""
    if isinstance(value, str):
        parsed = cards._arsenal_entry(value, "", cards._Problems())
        if parsed is not None:
            return parsed.maneuver, parsed.bonus or None
        return value, None
    if isinstance(value, Mapping):
        return value.get("maneuver"), value.get("bonus")
    return value, None


def to_values(data: Any) -> dict[str, str]:
    values = BUILDER.blank()
    for key in ("name", "alignment", *(k for k, _, _ in STANDING)):
        values[key] = shown(item(data, key))
    attributes = item(data, "attributes")
    if isinstance(attributes, Mapping):
        upper = {str(k).upper(): v for k, v in attributes.items()}
        for a in ATTRIBUTES:
            values[f"attributes.{a}"] = shown(upper.get(a))
    for i in range(ARSENAL):
        entry = item(data, "arsenal", i)
        if entry is not None:
            maneuver, bonus = _entry(entry)
            values[f"arsenal[{i}].maneuver"] = shown(maneuver)
            values[f"arsenal[{i}].bonus"] = shown(bonus)
    finisher = item(data, "finisher")
    if isinstance(finisher, str):
        finisher = {"maneuver": finisher}
    values["finisher.maneuver"] = shown(item(finisher, "maneuver"))
    values["finisher.name"] = shown(item(finisher, "name"))
    for key, count in (("merits", MERITS), ("flaws", FLAWS), ("objects", OBJECTS)):
        for i in range(count):
            values[f"{key}[{i}]"] = shown(item(data, key, i))
    return values


# -- the fields to data --------------------------------------------------------------------------


def _listed(entries: list[Any]) -> list[Any]:
    """The entries up to the last one filled in (a blank before it is a gap the parser names)."""
    while entries and entries[-1] is None:
        entries.pop()
    return entries


def from_values(values: Mapping[str, str]) -> dict[str, Any]:
    data: dict[str, Any] = {"system": cards.SYSTEM}
    put(data, "name", text(values, "name"))
    put(data, "alignment", text(values, "alignment"))
    data["attributes"] = {}
    for a in ATTRIBUTES:
        put(data["attributes"], a, whole(values, f"attributes.{a}"))
    for key, _, _ in STANDING:
        put(data, key, whole(values, key))
    arsenal: list[Any] = []
    for i in range(ARSENAL):
        maneuver = text(values, f"arsenal[{i}].maneuver")
        bonus = whole(values, f"arsenal[{i}].bonus")
        if bonus is None or bonus == 0:
            arsenal.append(maneuver)
        else:
            arsenal.append({"maneuver": maneuver, "bonus": bonus})
    data["arsenal"] = _listed(arsenal)
    finisher: dict[str, Any] = {}
    put(finisher, "maneuver", text(values, "finisher.maneuver"))
    put(finisher, "name", text(values, "finisher.name"))
    if finisher:
        data["finisher"] = finisher
    for key, count in (("merits", MERITS), ("flaws", FLAWS)):
        data[key] = _listed([text(values, f"{key}[{i}]") for i in range(count)])
    objects = _listed([text(values, f"objects[{i}]") for i in range(OBJECTS)])
    if objects:
        data["objects"] = objects
    return data


def suggestions(tables: Any) -> dict[str, list[str]]:
    """The names the sheet's fields may take, from the federation's tables."""
    if tables is None:
        return {}
    catalogue = tables.maneuvers
    objects = getattr(tables.objects, "objects", {}) or {}
    return {
        "maneuvers": sorted({*catalogue.bases, *catalogue.named}),
        "merits": sorted(tables.merits.merits),
        "flaws": sorted(tables.merits.flaws),
        "objects": sorted(objects),
    }


BUILDER = Builder(
    system=cards.SYSTEM,
    sections=SECTIONS,
    to_values=to_values,
    from_values=from_values,
    suggestions=suggestions,
)
