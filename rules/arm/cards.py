"""ARM character sheets: frozen values, parsing with every problem named by its path.

A sheet is read from the structured form of the card format (``docs/cards.md``); a few entries
may be written as on a printed sheet and are normalised: a height as ``6'2"``, an arsenal entry
with its training bonus as ``"Dropkick +1"``, a finisher as the maneuver's name alone. An invalid
sheet is refused whole. Given the tables, the sheet's references are checked too: every
maneuver of the arsenal and the finisher is in the catalogue (or derived from it), every merit,
flaw and object is known.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.arm.tables import ATTRIBUTES, ArmTables
from rules.core.errors import CardError, refuse_other_system

SYSTEM = "arm"
ALIGNMENTS = ("face", "heel")
ALIGNMENT_WORDS = {
    "face": "face",
    "babyface": "face",
    "fan favorite": "face",
    "fan favourite": "face",
    "heel": "heel",
    "rulebreaker": "heel",
    "rule breaker": "heel",
}
META_KEYS = frozenset({"notes", "description", "source", "slug"})
FIELDS = frozenset(
    {
        "system",
        "name",
        "alignment",
        "attributes",
        "height",
        "weight",
        "fame",
        "prestige",
        "heat",
        "arsenal",
        "finisher",
        "merits",
        "flaws",
        "objects",
        *META_KEYS,
    }
)


@dataclass(frozen=True, slots=True)
class ArsenalEntry:
    """A maneuver the wrestler knows, with his training bonus to its Maneuver Skill."""

    maneuver: str
    bonus: int = 0


@dataclass(frozen=True, slots=True)
class Finisher:
    maneuver: str
    name: str


@dataclass(frozen=True, slots=True)
class ArmSheet:
    """A wrestler's ARM character. ``attributes`` in the order STR TEC AGI BRA SAV STA TOU.

    ``fame``, ``prestige`` and ``heat`` are starting values: at a show the roster's figures
    stand (``Participant``)."""

    name: str
    alignment: str
    attributes: tuple[int, ...]
    height: int
    weight: int
    fame: int = 0
    prestige: int = 0
    heat: int = 0
    arsenal: tuple[ArsenalEntry, ...] = ()
    finisher: Finisher | None = None
    merits: tuple[str, ...] = ()
    flaws: tuple[str, ...] = ()
    objects: tuple[str, ...] = ()

    def attribute(self, name: str) -> int:
        return self.attributes[ATTRIBUTES.index(name)]

    @property
    def attrs(self) -> dict[str, int]:
        return dict(zip(ATTRIBUTES, self.attributes, strict=True))

    @property
    def edge(self) -> int:
        """Edge at the start of a match by the sheet's own Fame (Fame // 100)."""
        return max(self.fame, 0) // 100


# --------------------------------------------------------------------------------------------


class _Problems(list):
    def add(self, path: str, message: str) -> None:
        self.append((path, message))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _whole(value: Any, lo: int, hi: int, path: str, problems: _Problems) -> int | None:
    if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d+\s*", value):
        value = int(value)
    if not _is_int(value) or not lo <= value <= hi:
        problems.add(path, f"must be a whole number from {lo} to {hi}, got {value!r}")
        return None
    return value


_FEET = re.compile(r"""^\s*(\d)\s*(?:'|ft|feet)\s*(\d{1,2})?\s*(?:"|in|inches)?\s*$""")
_INCHES = re.compile(r"^\s*(\d{2,3})\s*(?:\"|in|inches)?\s*$")
_POUNDS = re.compile(r"^\s*(\d{2,3})\s*(?:lb|lbs|pounds)?\s*$", re.IGNORECASE)


def _height(value: Any, path: str, problems: _Problems) -> int | None:
    if value is None:
        problems.add(path, "missing: the height in inches (48 to 100) or like 6'2\"")
        return None
    if isinstance(value, str):
        m = _FEET.match(value)
        if m and int(m.group(2) or 0) >= 12:
            problems.add(path, f"{value!r} has inches past a foot: like 6'2\"")
            return None
        if m:
            value = int(m.group(1)) * 12 + int(m.group(2) or 0)
        elif _INCHES.match(value):
            value = int(_INCHES.match(value).group(1))  # type: ignore[union-attr]
    if not _is_int(value) or not 48 <= value <= 100:
        problems.add(path, f"must be the height in inches (48 to 100) or like 6'2\", got {value!r}")
        return None
    return value


def _weight(value: Any, path: str, problems: _Problems) -> int | None:
    if value is None:
        problems.add(path, "missing: the weight in pounds (80 to 800)")
        return None
    if isinstance(value, str) and _POUNDS.match(value):
        value = int(_POUNDS.match(value).group(1))  # type: ignore[union-attr]
    if not _is_int(value) or not 80 <= value <= 800:
        problems.add(path, f"must be the weight in pounds (80 to 800), got {value!r}")
        return None
    return value


def _name(value: Any, path: str, problems: _Problems, what: str) -> str | None:
    if not isinstance(value, str) or not value.strip():
        problems.add(path, f"must be {what}")
        return None
    return re.sub(r"\s+", " ", value).strip()


_BONUS = re.compile(r"^(.*?)\s*\(?\s*([+-]\d+)\s*\)?$")


def _arsenal_entry(value: Any, path: str, problems: _Problems) -> ArsenalEntry | None:
    bonus: int | None
    if isinstance(value, str):
        m = _BONUS.match(value.strip())
        if m and m.group(1):
            name = _name(m.group(1), path, problems, "a maneuver's name")
            bonus = int(m.group(2))
        else:
            name, bonus = _name(value, path, problems, "a maneuver's name"), 0
    elif isinstance(value, Mapping):
        for key in value:
            if key not in ("maneuver", "bonus"):
                problems.add(f"{path}.{key}", "unknown field (expected maneuver, bonus)")
        name = _name(value.get("maneuver"), f"{path}.maneuver", problems, "a maneuver's name")
        bonus = _whole(value.get("bonus", 0), -5, 10, f"{path}.bonus", problems)
    else:
        problems.add(path, f"must be a maneuver's name or {{maneuver, bonus}}, got {value!r}")
        return None
    if name is None or bonus is None:
        return None
    if not -5 <= bonus <= 10:
        problems.add(path, f"a training bonus must be from -5 to 10, got {bonus:+d}")
        return None
    return ArsenalEntry(name, bonus)


def _names(value: Any, path: str, problems: _Problems, what: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list | tuple):
        problems.add(path, f"must be a list of {what}")
        return ()
    out: list[str] = []
    for i, item in enumerate(value):
        name = _name(item, f"{path}[{i}]", problems, f"a {what[:-1]}'s name")
        if name is not None:
            if name.lower() in (o.lower() for o in out):
                problems.add(f"{path}[{i}]", f"{name!r} is listed twice")
            else:
                out.append(name)
    return tuple(out)


def parse_card(data: Mapping[str, Any], tables: ArmTables | None = None) -> ArmSheet:
    """Read a sheet; raise CardError listing every problem (path: message).

    With ``tables``, the arsenal, finisher, merits, flaws and objects are checked against them
    and their names normalised to the tables' spelling."""
    if not isinstance(data, Mapping):
        raise CardError([("", f"a sheet must be a mapping, got {type(data).__name__}")])
    problems = _Problems()
    refuse_other_system(data, SYSTEM)
    for key in data:
        if key not in FIELDS:
            problems.add(str(key), f"unknown field (expected one of {', '.join(sorted(FIELDS))})")
    name = _name(data.get("name"), "name", problems, "the wrestler's name")
    raw_alignment = data.get("alignment")
    alignment = (
        ALIGNMENT_WORDS.get(raw_alignment.strip().lower())
        if isinstance(raw_alignment, str)
        else None
    )
    if alignment is None:
        problems.add(
            "alignment",
            f"must be face (fan favourite) or heel (rulebreaker), got {raw_alignment!r}",
        )
    low, high = (tables.attributes.low, tables.attributes.high) if tables else (1, 20)
    attrs = data.get("attributes")
    values: list[int] = []
    if not isinstance(attrs, Mapping):
        problems.add("attributes", f"must map {', '.join(ATTRIBUTES)} to their values")
    else:
        for key in attrs:
            if str(key).upper() not in ATTRIBUTES:
                problems.add(
                    f"attributes.{key}", f"unknown attribute (known: {', '.join(ATTRIBUTES)})"
                )
        upper = {str(k).upper(): v for k, v in attrs.items()}
        for attr in ATTRIBUTES:
            if attr not in upper:
                problems.add(f"attributes.{attr}", f"missing (a d20 figure, {low} to {high})")
                continue
            v = _whole(upper[attr], low, high, f"attributes.{attr}", problems)
            if v is not None:
                values.append(v)
    height = _height(data.get("height"), "height", problems)
    weight = _weight(data.get("weight"), "weight", problems)
    fame = _whole(data.get("fame", 0), 0, 100000, "fame", problems)
    prestige = _whole(data.get("prestige", 0), -100000, 100000, "prestige", problems)
    heat = _whole(data.get("heat", 0), 0, 100, "heat", problems)
    arsenal_data = data.get("arsenal")
    arsenal: list[ArsenalEntry] = []
    where: list[int] = []  # each entry's index in the sheet as written
    if not isinstance(arsenal_data, list | tuple) or not arsenal_data:
        problems.add("arsenal", "must list the maneuvers the wrestler knows")
    else:
        seen: set[str] = set()
        for i, item in enumerate(arsenal_data):
            entry = _arsenal_entry(item, f"arsenal[{i}]", problems)
            if entry is None:
                continue
            if entry.maneuver.lower() in seen:
                problems.add(f"arsenal[{i}]", f"{entry.maneuver!r} is listed twice")
                continue
            seen.add(entry.maneuver.lower())
            arsenal.append(entry)
            where.append(i)
    finisher = None
    fdata = data.get("finisher")
    if isinstance(fdata, str):
        fdata = {"maneuver": fdata}
    if isinstance(fdata, Mapping):
        for key in fdata:
            if key not in ("maneuver", "name"):
                problems.add(f"finisher.{key}", "unknown field (expected maneuver, name)")
        fm = _name(fdata.get("maneuver"), "finisher.maneuver", problems, "the maneuver's name")
        fname = fdata.get("name", fm)
        fname = _name(fname, "finisher.name", problems, "the finisher's own name")
        if fm is not None and fname is not None:
            finisher = Finisher(fm, fname)
    elif fdata is not None:
        problems.add("finisher", "must be {maneuver, name} or the maneuver's name")
    merits = _names(data.get("merits"), "merits", problems, "merits")
    flaws = _names(data.get("flaws"), "flaws", problems, "flaws")
    objects = _names(data.get("objects"), "objects", problems, "objects")
    if tables is not None:
        arsenal, finisher, merits, flaws, objects = _check_references(
            tables, arsenal, where, finisher, merits, flaws, objects, problems
        )
    if problems:
        raise CardError(problems)
    return ArmSheet(
        name=name,  # type: ignore[arg-type]
        alignment=alignment,  # type: ignore[arg-type]
        attributes=tuple(values),
        height=height,  # type: ignore[arg-type]
        weight=weight,  # type: ignore[arg-type]
        fame=fame,  # type: ignore[arg-type]
        prestige=prestige,  # type: ignore[arg-type]
        heat=heat,  # type: ignore[arg-type]
        arsenal=tuple(arsenal),
        finisher=finisher,
        merits=merits,
        flaws=flaws,
        objects=objects,
    )


def _check_references(tables, arsenal, where, finisher, merits, flaws, objects, problems):
    """Every name the sheet uses is in the tables; names come back in the tables' spelling."""
    catalogue = tables.maneuvers
    out_arsenal = []
    for index, entry in zip(where, arsenal, strict=True):
        mv = catalogue.get(entry.maneuver)
        if mv is None:
            problems.add(
                f"arsenal[{index}]",
                f"no maneuver {entry.maneuver!r} in the catalogue (nor a variant of one)",
            )
            out_arsenal.append(entry)
        else:
            out_arsenal.append(ArsenalEntry(mv.name, entry.bonus))
    if finisher is not None:
        mv = catalogue.get(finisher.maneuver)
        if mv is None:
            problems.add(
                "finisher.maneuver",
                f"no maneuver {finisher.maneuver!r} in the catalogue (nor a variant of one)",
            )
        else:
            if "defense" in mv.flags or "trick" in mv.flags:
                problems.add("finisher.maneuver", f"{mv.name!r} is not an attack")
            name = finisher.name if finisher.name != finisher.maneuver else mv.name
            finisher = Finisher(mv.name, name)
    out_traits = []
    for kind, names, section in (("merit", merits, "merits"), ("flaw", flaws, "flaws")):
        known = []
        for i, trait_name in enumerate(names):
            trait = tables.merits.get(kind, trait_name)
            if trait is None:
                table = tables.merits.merits if kind == "merit" else tables.merits.flaws
                problems.add(
                    f"{section}[{i}]",
                    f"unknown {kind} {trait_name!r} (known: {', '.join(sorted(table))})",
                )
                known.append(trait_name)
            else:
                known.append(trait.name)
        out_traits.append(tuple(known))
    out_objects = []
    for i, obj_name in enumerate(objects):
        obj = tables.objects.get(obj_name)
        if obj is None:
            problems.add(f"objects[{i}]", f"no object {obj_name!r} in the objects table")
            out_objects.append(obj_name)
        elif obj.mod is None and obj.special is None:
            problems.add(f"objects[{i}]", f"{obj.name!r} cannot be carried (a target only)")
            out_objects.append(obj.name)
        else:
            out_objects.append(obj.name)
    return out_arsenal, finisher, out_traits[0], out_traits[1], tuple(out_objects)


def roll_attributes(dice, tables: ArmTables) -> dict[str, int]:
    """A new wrestler's attributes by the project's own generation table: for each attribute in
    order, roll the dice (3d6+2 by default), kept within the table's bounds. The dice are the
    usual recorded source, so the roll can be audited."""
    roll = tables.attributes.roll
    out: dict[str, int] = {}
    for name in ATTRIBUTES:
        faces = dice.roll(roll["dice"], roll["sides"])
        out[name] = max(roll["min"], min(roll["max"], sum(faces) + roll["add"]))
    return out


def point_buy_problems(attributes: Mapping[str, int], tables: ArmTables) -> list[str]:
    """What is wrong with attributes bought with the generation table's points (empty: fine)."""
    buy = tables.attributes.point_buy
    problems = []
    for name in ATTRIBUTES:
        value = attributes.get(name)
        if not isinstance(value, int) or not buy["min"] <= value <= buy["max"]:
            problems.append(f"attributes.{name}: must be from {buy['min']} to {buy['max']}")
    total = sum(v for v in attributes.values() if isinstance(v, int))
    if total != buy["total"]:
        problems.append(f"attributes: must add up to {buy['total']}, they add up to {total}")
    return problems


def card_to_data(card: ArmSheet) -> dict[str, Any]:
    """The structured form, JSON-safe, that ``parse_card`` reads back."""
    out: dict[str, Any] = {
        "system": SYSTEM,
        "name": card.name,
        "alignment": card.alignment,
        "attributes": card.attrs,
        "height": card.height,
        "weight": card.weight,
        "fame": card.fame,
        "prestige": card.prestige,
        "heat": card.heat,
        "arsenal": [
            e.maneuver if not e.bonus else {"maneuver": e.maneuver, "bonus": e.bonus}
            for e in card.arsenal
        ],
        "finisher": (
            {"maneuver": card.finisher.maneuver, "name": card.finisher.name}
            if card.finisher
            else None
        ),
        "merits": list(card.merits),
        "flaws": list(card.flaws),
    }
    if out["finisher"] is None:
        del out["finisher"]
    if card.objects:
        out["objects"] = list(card.objects)
    return out
