"""The ARM tables as data: loaded from YAML, validated, replaceable one table at a time.

The in-ring chapter refers to tables it does not print (the Maneuver Tables, the foreign-object
table, the StunTrack breaks, the derived values of the attributes). ``rules/data/arm/`` holds the
project's own versions; a federation may replace any of them (``ChartOverride``), for example
with the printed ones. Every problem is reported with its path (``maneuvers.Punch.level: ...``).

Tables: ``attributes``, ``stuntrack``, ``maneuvers``, ``objects``, ``merits``, ``match``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, TypeGuard

from rules.core.errors import TableError
from rules.core.spec import FrozenMap
from rules.core.tables import read_yaml_resource
from rules.core.text import PRONOUNS, Named

TABLE_NAMES = ("attributes", "stuntrack", "maneuvers", "objects", "merits", "match")
DATA_PACKAGE = "rules.data"

ATTRIBUTES = ("STR", "TEC", "AGI", "BRA", "SAV", "STA", "TOU")
CLASSES = ("STR", "TEC", "AGI", "BRA", "SAV")
BODY_PARTS = ("head", "neck", "body", "back", "arm", "leg")
STANDING = ("facing", "behind")
CROUCHING = ("sitting", "kneeling", "bent")
FALLEN = ("prone", "facedown")
POSTURES = STANDING + CROUCHING + FALLEN
#: What a maneuver's ``needs`` may name, and the postures each word stands for.
NEEDS_WORDS: dict[str, tuple[str, ...]] = {
    "standing": STANDING,
    "facing": ("facing",),
    "behind": ("behind",),
    "bent": ("bent",),
    "sitting": ("sitting",),
    "kneeling": ("kneeling",),
    "crouching": CROUCHING,
    "fallen": FALLEN,
    "prone": ("prone",),
    "facedown": ("facedown",),
    "any": POSTURES,
    "floor": ("floor",),
    "turnbuckle": ("turnbuckle",),
}
LEAVES = (*POSTURES, "same")
FROM_WORDS = {"standing": STANDING, "crouching": CROUCHING, "fallen": FALLEN}
BEHAVIOUR_FLAGS = frozenset(
    {
        "strike",
        "kick",
        "punch",
        "knockdown",
        "throw",
        "lift",
        "hold",
        "sleeper",
        "choke",
        "flying",
        "leaping",
        "springboard",
        "running",
        "dive",
        "cover",
        "pin_predicament",
        "bridging",
        "illegal",
        "object",
        "blinding",
        "dizzying",
        "throw_into",
        "mat",
        "trick",
        "defense",
        "double",
        "fire_tab",
        "powder",
        "distract",
        "blind_tag",
        "fake_tag",
        "tag",
        "escape",
    }
)
COUNTER_KINDS = ("strike", "kick", "high_risk", "running", "lift", "hold", "any")
HIGH_RISK = frozenset({"flying", "leaping", "springboard"})
ZONES = ("center", "middle", "ringside", "corner", "apron", "floor", "aisle")
AP_ACTIONS = ("play_to_crowd", "tag", "charge", "climb")
BEHAVIOURS = ("arrogant", "reckless", "coward", "short_temper")
AUTOMATIC_DQ = ("choke", "ropes", "object", "interference", "over_top")
LOSS_METHODS = ("pin", "submission", "knockout", "escape", "disqualification", "count_out")
EDGE_FACE = ("seize", "squeeze", "hanging_on", "second_wind", "fired_up", "working_over", "ambush")
EDGE_HEEL = ("seize", "squeeze", "hanging_on", "second_wind", "working_over", "ambush")


@lru_cache(maxsize=4096)
def normal_name(name: str) -> str:
    """A maneuver, merit or object name as looked up: case, hyphens and spacing ignored.
    (Remembered: every match compiles its wrestlers' arsenals by name.)"""
    return re.sub(r"\s+", " ", name.replace("-", " ").replace("_", " ")).strip().lower()


class _Problems(list):
    def add(self, path: str, message: str) -> None:
        self.append((path, message))


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value: Any, path: str, problems: _Problems, lo: int | None = None, hi: int | None = None):
    if not _is_int(value):
        problems.add(path, f"must be a whole number, got {value!r}")
        return None
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        span = f"from {lo}" if hi is None else f"from {lo} to {hi}" if lo is not None else ""
        problems.add(path, f"must be a whole number {span}, got {value!r}".replace("  ", " "))
        return None
    return value


def _mapping(value: Any, path: str, problems: _Problems) -> Mapping | None:
    if not isinstance(value, Mapping):
        problems.add(path, f"must be a mapping, got {type(value).__name__}")
        return None
    return value


def _text(value: Any, path: str, problems: _Problems) -> str | None:
    if not isinstance(value, str) or not value.strip():
        problems.add(path, "must be some text")
        return None
    return value.strip()


def _template(text: str, path: str, problems: _Problems, *people: str, **others: str) -> None:
    """Words the play-by-play fills in: each of ``people`` may be named (``{A}``) and referred
    to (``{A:him}``, ``{A:his}``, ``{A:himself}``, ``{A:man}``: ``rules.core.text.Named``), each
    of ``others`` named only (``{object}``); anything else is a mistake in the table."""
    if "{" not in text and "}" not in text:
        return
    named = {person: Named(person, PRONOUNS["they"]) for person in people}
    try:
        text.format(**named, **others)
    except (KeyError, IndexError, ValueError) as exc:
        allowed = ", ".join(
            [f"{{{p}}}, {{{p}:his}}" for p in people] + [f"{{{o}}}" for o in others]
        )
        problems.add(path, f"cannot fill in {text!r} ({exc}): it may use {allowed}")


def _known_keys(data: Mapping, allowed, path: str, problems: _Problems) -> None:
    for key in data:
        if key not in allowed:
            problems.add(
                f"{path}.{key}" if path else str(key),
                f"unknown field (expected one of {', '.join(sorted(allowed))})",
            )


def _header(data: Any, name: str, problems: _Problems) -> Mapping | None:
    if not isinstance(data, Mapping):
        problems.add(name, f"a table must be a mapping, got {type(data).__name__}")
        return None
    if data.get("name", name) != name:
        problems.add(f"{name}.name", f"must be {name!r} (this is the {name} table)")
    return data


# --------------------------------------------------------------------------------------------
# attributes and derived values


@dataclass(frozen=True, slots=True)
class Bands:
    """A step table: the value of the highest threshold not above a figure."""

    steps: tuple[tuple[int, int], ...]

    def __call__(self, figure: int) -> int:
        value = self.steps[0][1]
        for at_least, v in self.steps:
            if figure >= at_least:
                value = v
            else:
                break
        return value


@dataclass(frozen=True, slots=True)
class AttributeTable:
    names: tuple[str, ...]
    low: int
    high: int
    roll: Mapping[str, int]
    point_buy: Mapping[str, int]
    bonus: Bands
    wdb: Bands
    lift: Bands
    hdb: Bands
    reach: Bands
    height_steps: Bands


def _bands(value: Any, path: str, problems: _Problems) -> Bands | None:
    body = _mapping(value, path, problems)
    if body is None:
        return None
    steps = []
    for key, v in body.items():
        k = int(key) if isinstance(key, str) and key.strip().lstrip("-").isdigit() else key
        if not _is_int(k):
            problems.add(f"{path}.{key}", "the key must be a whole number (at least this much)")
            continue
        if _int(v, f"{path}.{key}", problems) is not None:
            steps.append((k, v))
    if not steps:
        problems.add(path, "must have at least one band")
        return None
    return Bands(tuple(sorted(steps)))


def _attributes(data: Any, problems: _Problems) -> AttributeTable | None:
    p = "attributes"
    data = _header(data, p, problems)
    if data is None:
        return None
    before = len(problems)
    _known_keys(
        data,
        {
            "name",
            "title",
            "authored",
            "attributes",
            "range",
            "generation",
            "bonus",
            "wdb",
            "lift",
            "hdb",
            "reach",
            "height_steps",
        },
        p,
        problems,
    )
    names = data.get("attributes")
    if list(names or ()) != list(ATTRIBUTES):
        problems.add(f"{p}.attributes", f"must list {', '.join(ATTRIBUTES)} in that order")
    rng = data.get("range")
    low = high = 0
    if (
        not isinstance(rng, list)
        or len(rng) != 2
        or not all(_is_int(v) for v in rng)
        or not 1 <= rng[0] < rng[1] <= 30
    ):
        problems.add(f"{p}.range", "must be [lowest, highest], for example [1, 20]")
    else:
        low, high = rng
    gen = _mapping(data.get("generation"), f"{p}.generation", problems) or {}
    roll = _mapping(gen.get("roll"), f"{p}.generation.roll", problems) or {}
    for key in ("dice", "sides", "add", "min", "max"):
        _int(roll.get(key), f"{p}.generation.roll.{key}", problems)
    buy = _mapping(gen.get("point_buy"), f"{p}.generation.point_buy", problems) or {}
    for key in ("total", "min", "max"):
        _int(buy.get(key), f"{p}.generation.point_buy.{key}", problems, 0)
    bands = {
        key: _bands(data.get(key), f"{p}.{key}", problems)
        for key in ("bonus", "wdb", "lift", "hdb", "reach", "height_steps")
    }
    if len(problems) > before:
        return None
    return AttributeTable(
        names=ATTRIBUTES,
        low=low,
        high=high,
        roll=FrozenMap(roll),
        point_buy=FrozenMap(buy),
        **bands,  # type: ignore[arg-type]
    )


# --------------------------------------------------------------------------------------------
# StunTrack


@dataclass(frozen=True, slots=True)
class StunTrack:
    names: tuple[str, ...]
    penalties: tuple[int, ...]
    tou: float
    sta: float
    add: int
    beyond_name: str
    beyond_penalty: int

    def width(self, tou: int, sta: int) -> int:
        return max(1, int(tou * self.tou + sta * self.sta) + self.add)

    def breaks(self, tou: int, sta: int) -> tuple[int, ...]:
        """The damage totals ending each level; the last is the final StunTrack value."""
        w = self.width(tou, sta)
        return tuple(w * (i + 1) for i in range(len(self.names)))


def _stuntrack(data: Any, problems: _Problems) -> StunTrack | None:
    p = "stuntrack"
    data = _header(data, p, problems)
    if data is None:
        return None
    before = len(problems)
    _known_keys(data, {"name", "title", "authored", "levels", "width", "beyond"}, p, problems)
    levels = data.get("levels")
    names: list[str] = []
    penalties: list[int] = []
    if not isinstance(levels, list) or len(levels) < 2:
        problems.add(f"{p}.levels", "must list at least two weardown levels, Fresh first")
    else:
        for i, row in enumerate(levels):
            path = f"{p}.levels[{i}]"
            body = _mapping(row, path, problems)
            if body is None:
                continue
            _known_keys(body, {"name", "penalty"}, path, problems)
            name = _text(body.get("name"), f"{path}.name", problems)
            if name is not None:
                _template(name, f"{path}.name", problems, "you")
            pen = _int(body.get("penalty"), f"{path}.penalty", problems, 0)
            if name is not None and pen is not None:
                if penalties and pen < penalties[-1]:
                    problems.add(f"{path}.penalty", "penalties must not fall as the levels go on")
                names.append(name)
                penalties.append(pen)
    width = _mapping(data.get("width"), f"{p}.width", problems) or {}
    _known_keys(width, {"TOU", "STA", "add"}, f"{p}.width", problems)
    coeff = {}
    for key in ("TOU", "STA"):
        v = width.get(key, 0)
        if isinstance(v, bool) or not isinstance(v, int | float) or v < 0:
            problems.add(f"{p}.width.{key}", f"must be a number of at least 0, got {v!r}")
        coeff[key] = float(v) if isinstance(v, int | float) else 0.0
    add = _int(width.get("add", 0), f"{p}.width.add", problems)
    beyond = _mapping(data.get("beyond"), f"{p}.beyond", problems) or {}
    bname = _text(beyond.get("name"), f"{p}.beyond.name", problems)
    if bname is not None:
        _template(bname, f"{p}.beyond.name", problems, "you")
    bpen = _int(beyond.get("penalty"), f"{p}.beyond.penalty", problems, 0)
    if len(problems) > before:
        return None
    return StunTrack(
        names=tuple(names),
        penalties=tuple(penalties),
        tou=coeff["TOU"],
        sta=coeff["STA"],
        add=add or 0,
        beyond_name=bname or "",
        beyond_penalty=bpen or 0,
    )


# --------------------------------------------------------------------------------------------
# maneuvers


@dataclass(frozen=True, slots=True)
class Maneuver:
    """One maneuver of the catalogue, a base or a variant (a base with variant flags)."""

    name: str
    base: str
    cls: str
    level: int
    damage: int
    target: str
    flags: frozenset[str]
    needs: frozenset[str]
    leaves: str
    ends: str
    follows: tuple[str, ...] = ()
    counters: frozenset[str] = frozenset()
    usable_from: frozenset[str] = frozenset(STANDING)
    text: str = ""
    variant: frozenset[str] = frozenset()

    @property
    def high_risk(self) -> bool:
        return bool(self.flags & HIGH_RISK)


@dataclass(frozen=True, slots=True)
class VariantFlag:
    name: str
    prefixes: tuple[str, ...]
    level: int
    damage: int
    cls: str | None
    adds: frozenset[str]
    removes: frozenset[str]
    needs: frozenset[str] | None


@dataclass(frozen=True, slots=True)
class Catalogue:
    """The maneuvers: bases, named variants, and any base with variant prefixes."""

    bases: Mapping[str, Maneuver]
    variant_flags: Mapping[str, VariantFlag]
    named: Mapping[str, tuple[str, tuple[str, ...]]]
    basics: tuple[str, ...]
    #: Words of maneuvers' names that keep their capital in the play-by-play (places and
    #: peoples: "an Irish whip"); the rest read in lower case, but for initials.
    proper_words: frozenset[str] = frozenset()
    _index: Mapping[str, str] = field(default_factory=FrozenMap, compare=False, repr=False)
    _prefixes: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    def __len__(self) -> int:
        return len(self.bases)

    def get(self, name: str) -> Maneuver | None:
        """The maneuver of that name (a base, a named variant or prefixes + a base), or None."""
        key = normal_name(name)
        cached = self._cache.get(key, False)
        if cached is not False:
            return cached
        found = self._resolve(key, name)
        self._cache[key] = found
        return found

    def _resolve(self, key: str, shown: str) -> Maneuver | None:
        base_name = self._index.get(key)
        if base_name is not None:
            if base_name in self.bases:
                return self.bases[base_name]
            base, flags = self.named[base_name]
            return self.derive(self.bases[base], flags, base_name)
        for prefix, flag in self._prefixes:
            if key.startswith(prefix + " "):
                inner = self.get(key[len(prefix) + 1 :])
                if inner is None or flag in inner.variant:
                    continue
                return self.derive(
                    self.bases[inner.base], (*sorted(inner.variant), flag), _title(shown)
                )
        return None

    def derive(self, base: Maneuver, flags: tuple[str, ...], name: str) -> Maneuver:
        level, damage, cls = base.level, base.damage, base.cls
        behaviour = set(base.flags)
        needs = base.needs
        for flag in flags:
            v = self.variant_flags[flag]
            level += v.level
            damage += v.damage
            if v.cls is not None:
                cls = v.cls
            behaviour -= v.removes
            behaviour |= v.adds
            if v.needs is not None:
                needs = v.needs
        return Maneuver(
            name=name,
            base=base.name,
            cls=cls,
            level=max(0, level),
            damage=max(0, damage),
            target=base.target,
            flags=frozenset(behaviour),
            needs=needs,
            leaves=base.leaves,
            ends="prone" if "flying" in behaviour and base.ends == "facing" else base.ends,
            follows=base.follows,
            counters=base.counters,
            usable_from=base.usable_from,
            text=base.text,
            variant=frozenset(flags),
        )


def _title(name: str) -> str:
    name = re.sub(r"\s+", " ", name).strip()
    return name if any(c.isupper() for c in name) else name.title()


def _needs(value: Any, path: str, problems: _Problems) -> frozenset[str] | None:
    words = [value] if isinstance(value, str) else value
    if not isinstance(words, list) or not words:
        problems.add(path, f"must be one of {', '.join(NEEDS_WORDS)} or a list of them")
        return None
    out: set[str] = set()
    for word in words:
        if word not in NEEDS_WORDS:
            problems.add(path, f"unknown position {word!r} (known: {', '.join(NEEDS_WORDS)})")
            return None
        out.update(NEEDS_WORDS[word])
    return frozenset(out)


_MANEUVER_FIELDS = {
    "class",
    "level",
    "damage",
    "target",
    "flags",
    "needs",
    "leaves",
    "ends",
    "follows",
    "counters",
    "from",
    "text",
}


def _maneuver(name: str, row: Any, path: str, problems: _Problems) -> Maneuver | None:
    body = _mapping(row, path, problems)
    if body is None:
        return None
    before = len(problems)
    _known_keys(body, _MANEUVER_FIELDS, path, problems)
    cls = body.get("class")
    if cls not in CLASSES:
        problems.add(f"{path}.class", f"must be one of {', '.join(CLASSES)}, got {cls!r}")
    level = _int(body.get("level"), f"{path}.level", problems, 0, 10)
    damage = _int(body.get("damage"), f"{path}.damage", problems, 0, 40)
    target = body.get("target")
    if target not in BODY_PARTS:
        problems.add(f"{path}.target", f"must be one of {', '.join(BODY_PARTS)}, got {target!r}")
    flags = body.get("flags", [])
    if not isinstance(flags, list):
        problems.add(f"{path}.flags", "must be a list of flags")
        flags = []
    for i, flag in enumerate(flags):
        if flag not in BEHAVIOUR_FLAGS:
            problems.add(f"{path}.flags[{i}]", f"unknown flag {flag!r}")
    needs = _needs(body.get("needs", "standing"), f"{path}.needs", problems)
    leaves = body.get("leaves", "same")
    if leaves not in LEAVES:
        problems.add(f"{path}.leaves", f"must be one of {', '.join(LEAVES)}, got {leaves!r}")
    ends = body.get("ends", "facing")
    if ends not in POSTURES:
        problems.add(f"{path}.ends", f"must be one of {', '.join(POSTURES)}, got {ends!r}")
    follows = body.get("follows", [])
    if not isinstance(follows, list) or not all(isinstance(f, str) for f in follows):
        problems.add(f"{path}.follows", "must be a list of maneuver names")
        follows = []
    counters = body.get("counters", [])
    if not isinstance(counters, list) or any(c not in COUNTER_KINDS for c in counters):
        problems.add(f"{path}.counters", f"must list kinds among {', '.join(COUNTER_KINDS)}")
        counters = []
    if "defense" in flags and not counters:
        problems.add(f"{path}.counters", "a defense must name the attacks it counters")
    frm = body.get("from")
    usable: set[str] = set(POSTURES if "mat" in flags else STANDING)
    if frm is not None:
        if not isinstance(frm, list) or any(f not in FROM_WORDS for f in frm):
            problems.add(f"{path}.from", f"must list positions among {', '.join(FROM_WORDS)}")
        else:
            usable = {p for f in frm for p in FROM_WORDS[f]}
    text = body.get("text", "")
    if not isinstance(text, str):
        problems.add(f"{path}.text", "must be text")
    else:
        _template(text, f"{path}.text", problems, "A", "d", object="turnbuckle")
    if "hold" in flags and "throw" in flags:
        problems.add(f"{path}.flags", "a maneuver cannot be both a hold and a throw")
    if len(problems) > before:
        return None
    return Maneuver(
        name=name,
        base=name,
        cls=cls,
        level=level,
        damage=damage,
        target=target,
        flags=frozenset(flags),
        needs=needs,  # type: ignore[arg-type]
        leaves=leaves,
        ends=ends,
        follows=tuple(follows),
        counters=frozenset(counters),
        usable_from=frozenset(usable),
        text=text,
    )


def _catalogue(data: Any, problems: _Problems) -> Catalogue | None:
    p = "maneuvers"
    data = _header(data, p, problems)
    if data is None:
        return None
    before = len(problems)
    _known_keys(
        data,
        {
            "name",
            "title",
            "authored",
            "flags",
            "variant_flags",
            "maneuvers",
            "variants",
            "basics",
            "proper_words",
        },
        p,
        problems,
    )
    flags_doc = data.get("flags", {})
    if flags_doc is not None and not isinstance(flags_doc, Mapping):
        problems.add(f"{p}.flags", "must map each behaviour flag to what it means")
    variant_flags: dict[str, VariantFlag] = {}
    for name, row in (
        _mapping(data.get("variant_flags"), f"{p}.variant_flags", problems) or {}
    ).items():
        path = f"{p}.variant_flags.{name}"
        body = _mapping(row, path, problems)
        if body is None:
            continue
        _known_keys(
            body,
            {"prefixes", "level", "damage", "class", "adds", "removes", "needs"},
            path,
            problems,
        )
        prefixes = body.get("prefixes")
        if (
            not isinstance(prefixes, list)
            or not prefixes
            or not all(isinstance(x, str) for x in prefixes)
        ):
            problems.add(f"{path}.prefixes", "must list the words that name the flag")
            prefixes = []
        cls = body.get("class")
        if cls is not None and cls not in CLASSES:
            problems.add(f"{path}.class", f"must be one of {', '.join(CLASSES)}, got {cls!r}")
        adds = body.get("adds", [])
        removes = body.get("removes", [])
        for key, value in (("adds", adds), ("removes", removes)):
            if not isinstance(value, list) or any(f not in BEHAVIOUR_FLAGS for f in value):
                problems.add(f"{path}.{key}", "must list behaviour flags")
        needs = _needs(body["needs"], f"{path}.needs", problems) if "needs" in body else None
        variant_flags[str(name)] = VariantFlag(
            name=str(name),
            prefixes=tuple(prefixes),
            level=_int(body.get("level", 0), f"{path}.level", problems, -3, 5) or 0,
            damage=_int(body.get("damage", 0), f"{path}.damage", problems, -5, 20) or 0,
            cls=cls if cls in CLASSES else None,
            adds=frozenset(adds) if isinstance(adds, list) else frozenset(),
            removes=frozenset(removes) if isinstance(removes, list) else frozenset(),
            needs=needs,
        )
    bases: dict[str, Maneuver] = {}
    index: dict[str, str] = {}
    rows = _mapping(data.get("maneuvers"), f"{p}.maneuvers", problems) or {}
    for name, row in rows.items():
        path = f"{p}.maneuvers.{name}"
        if not isinstance(name, str) or not name.strip():
            problems.add(path, "a maneuver needs a name")
            continue
        mv = _maneuver(name, row, path, problems)
        if mv is None:
            continue
        key = normal_name(name)
        if key in index:
            problems.add(path, f"the same name as {index[key]!r}")
            continue
        bases[name] = mv
        index[key] = name
    for name, mv in bases.items():
        for i, other in enumerate(mv.follows):
            if normal_name(other) not in index:
                problems.add(f"{p}.maneuvers.{name}.follows[{i}]", f"no maneuver {other!r}")
    named: dict[str, tuple[str, tuple[str, ...]]] = {}
    for name, row in (_mapping(data.get("variants", {}), f"{p}.variants", problems) or {}).items():
        path = f"{p}.variants.{name}"
        body = _mapping(row, path, problems)
        if body is None:
            continue
        _known_keys(body, {"base", "flags"}, path, problems)
        base = body.get("base")
        flags = body.get("flags")
        if not isinstance(base, str) or normal_name(base) not in index:
            problems.add(f"{path}.base", f"no base maneuver {base!r}")
            continue
        if not isinstance(flags, list) or not flags or any(f not in variant_flags for f in flags):
            problems.add(f"{path}.flags", f"must list variant flags ({', '.join(variant_flags)})")
            continue
        key = normal_name(name)
        if key in index:
            problems.add(path, f"the same name as {index[key]!r}")
            continue
        named[name] = (index[normal_name(base)], tuple(flags))
        index[key] = name
    basics = data.get("basics", [])
    if not isinstance(basics, list) or not basics:
        problems.add(f"{p}.basics", "must list the maneuvers anyone can improvise")
        basics = []
    for i, b in enumerate(basics):
        if not isinstance(b, str) or normal_name(b) not in index:
            problems.add(f"{p}.basics[{i}]", f"no maneuver {b!r}")
    proper = data.get("proper_words", [])
    if not isinstance(proper, list) or not all(
        isinstance(word, str) and word[:1].isupper() and " " not in word for word in proper
    ):
        problems.add(f"{p}.proper_words", "must list capitalised words, one word each")
        proper = []
    if len(problems) > before:
        return None
    prefixes = sorted(
        ((normal_name(word), flag) for flag, v in variant_flags.items() for word in v.prefixes),
        key=lambda item: -len(item[0]),
    )
    return Catalogue(
        bases=FrozenMap(bases),
        variant_flags=FrozenMap(variant_flags),
        named=FrozenMap(named),
        basics=tuple(index[normal_name(b)] for b in basics),
        proper_words=frozenset(proper),
        _index=FrozenMap(index),
        _prefixes=tuple(prefixes),
    )


# --------------------------------------------------------------------------------------------
# objects


@dataclass(frozen=True, slots=True)
class ForeignObject:
    name: str
    mod: int | None  # None: "X", a target only
    damage: int
    concealed: bool = False
    punch: bool = False
    special: str | None = None


@dataclass(frozen=True, slots=True)
class ObjectTable:
    objects: Mapping[str, ForeignObject]
    draw_cost: int
    boot_cost: int
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    def get(self, name: str) -> ForeignObject | None:
        key = normal_name(name)
        found = self._cache.get(key, False)
        if found is False:
            found = None
            for obj_name, obj in self.objects.items():
                if normal_name(obj_name) == key:
                    found = obj
                    break
            self._cache[key] = found
        return found


def _objects(data: Any, problems: _Problems) -> ObjectTable | None:
    p = "objects"
    data = _header(data, p, problems)
    if data is None:
        return None
    before = len(problems)
    _known_keys(
        data, {"name", "title", "authored", "objects", "draw_cost", "boot_cost"}, p, problems
    )
    draw = _int(data.get("draw_cost"), f"{p}.draw_cost", problems, 0, 20)
    boot = _int(data.get("boot_cost"), f"{p}.boot_cost", problems, 0, 20)
    objects: dict[str, ForeignObject] = {}
    for name, row in (_mapping(data.get("objects"), f"{p}.objects", problems) or {}).items():
        path = f"{p}.objects.{name}"
        body = _mapping(row, path, problems)
        if body is None:
            continue
        _known_keys(body, {"mod", "damage", "concealed", "punch", "special"}, path, problems)
        mod = body.get("mod")
        if mod == "X":
            mod = None
        elif not _is_int(mod) or not -10 <= mod <= 10:
            problems.add(f"{path}.mod", f"must be a modifier (-10 to 10) or X, got {mod!r}")
            continue
        damage = _int(body.get("damage"), f"{path}.damage", problems, 0, 40)
        special = body.get("special")
        if special not in (None, "fire_tab", "powder"):
            problems.add(f"{path}.special", f"must be fire_tab or powder, got {special!r}")
        for key in ("concealed", "punch"):
            if not isinstance(body.get(key, False), bool):
                problems.add(f"{path}.{key}", "must be true or false")
        if damage is None:
            continue
        objects[str(name)] = ForeignObject(
            name=str(name),
            mod=mod,
            damage=damage,
            concealed=bool(body.get("concealed", False)),
            punch=bool(body.get("punch", False)),
            special=special,
        )
    for needed in ("Turnbuckle", "Ring Post", "Ring Steps", "Railing", "Floor", "Boot"):
        if needed not in objects:
            problems.add(f"{p}.objects", f"must include {needed!r} (the engine drives men into it)")
    if len(problems) > before:
        return None
    return ObjectTable(objects=FrozenMap(objects), draw_cost=draw or 0, boot_cost=boot or 0)


# --------------------------------------------------------------------------------------------
# merits and flaws


@dataclass(frozen=True, slots=True)
class Trait:
    """A merit or a flaw: its effects in the ring (empty for a label)."""

    name: str
    kind: str  # merit | flaw
    effects: Mapping[str, Any]
    note: str = ""
    label: bool = False


@dataclass(frozen=True, slots=True)
class TraitTable:
    merits: Mapping[str, Trait]
    flaws: Mapping[str, Trait]

    def get(self, kind: str, name: str) -> Trait | None:
        table = self.merits if kind == "merit" else self.flaws
        key = normal_name(name)
        for trait_name, trait in table.items():
            if normal_name(trait_name) == key:
                return trait
        return None


_EFFECT_TYPES: dict[str, Any] = {
    "skill": int,
    "classes": list,
    "flags": list,
    "min_level": int,
    "advantage": int,
    "knockout_sta": int,
    "injury_tou": int,
    "botch_from": int,
    "improvise": int,
    "screwjob_checks": int,
    "costs": dict,
    "ambush_free": bool,
    "no_dive_penalty": bool,
    "free_flourish": bool,
    "injury_prone": bool,
    "early": dict,
    "manager": bool,
    "lift": int,
    "wdb": int,
    "tag": int,
    "behaviour": list,
}


def _effects(body: Any, path: str, problems: _Problems) -> dict[str, Any]:
    effects = _mapping(body, path, problems)
    if effects is None:
        return {}
    out: dict[str, Any] = {}
    for key, value in effects.items():
        kind = _EFFECT_TYPES.get(key)
        if kind is None:
            problems.add(f"{path}.{key}", f"unknown effect (known: {', '.join(_EFFECT_TYPES)})")
            continue
        if (kind is int and not _is_int(value)) or (
            kind is not int and not isinstance(value, kind)
        ):
            problems.add(f"{path}.{key}", f"must be a {kind.__name__}, got {value!r}")
            continue
        out[key] = value
    if "classes" in out and any(c not in CLASSES for c in out["classes"]):
        problems.add(f"{path}.classes", f"must list classes among {', '.join(CLASSES)}")
    if "flags" in out and any(f not in BEHAVIOUR_FLAGS for f in out["flags"]):
        problems.add(f"{path}.flags", "must list behaviour flags of the maneuver catalogue")
    if "costs" in out:
        for action, delta in out["costs"].items():
            if action not in AP_ACTIONS or not _is_int(delta):
                problems.add(
                    f"{path}.costs.{action}",
                    f"must be one of {', '.join(AP_ACTIONS)} with a whole number",
                )
    if "early" in out:
        early = out["early"]
        if set(early) != {"rounds", "skill"} or not all(_is_int(v) for v in early.values()):
            problems.add(f"{path}.early", "must be {rounds: N, skill: M}")
    if "behaviour" in out and any(b not in BEHAVIOURS for b in out["behaviour"]):
        problems.add(f"{path}.behaviour", f"must list leanings among {', '.join(BEHAVIOURS)}")
    if "botch_from" in out and not 2 <= out["botch_from"] <= 20:
        problems.add(f"{path}.botch_from", "must be from 2 to 20")
    return out


def _traits(data: Any, problems: _Problems) -> TraitTable | None:
    p = "merits"
    data = _header(data, p, problems)
    if data is None:
        return None
    before = len(problems)
    _known_keys(data, {"name", "title", "authored", "merits", "flaws"}, p, problems)
    tables: dict[str, dict[str, Trait]] = {"merit": {}, "flaw": {}}
    for kind, section in (("merit", "merits"), ("flaw", "flaws")):
        rows = _mapping(data.get(section, {}), f"{p}.{section}", problems) or {}
        for name, row in rows.items():
            path = f"{p}.{section}.{name}"
            body = _mapping(row, path, problems)
            if body is None:
                continue
            _known_keys(body, {"effects", "note", "label"}, path, problems)
            label = body.get("label", False)
            if not isinstance(label, bool):
                problems.add(f"{path}.label", "must be true or false")
            if "effects" not in body and not label:
                problems.add(path, "needs effects, or label: true for a name that does nothing")
            effects = _effects(body.get("effects", {}), f"{path}.effects", problems)
            note = body.get("note", "")
            tables[kind][str(name)] = Trait(str(name), kind, FrozenMap(effects), str(note), label)
    if len(problems) > before:
        return None
    return TraitTable(merits=FrozenMap(tables["merit"]), flaws=FrozenMap(tables["flaw"]))


# --------------------------------------------------------------------------------------------
# match figures

# The shape of match.yaml: section -> key -> type (int, bool, list or a nested shape).
_MATCH_SHAPE: dict[str, dict[str, Any]] = {
    "time": dict.fromkeys(
        ("round", "half_round", "standoff", "pin_count", "default_limit", "max_standoffs"), int
    ),
    "checks": {"natural_one": bool},
    "action_points": dict.fromkeys(
        (
            "shift_within",
            "shift_across",
            "square",
            "bring_opponent",
            "run",
            "rebound",
            "whip",
            "climb",
            "place_turnbuckle",
            "cover",
            "hook_leg",
            "lobster",
            "play_to_crowd",
            "tag",
            "step",
            "short_penalty",
            "max_debt",
        ),
        int,
    ),
    "ring": {
        "zones": list,
        "distance": dict,
        "home": dict,
        "ropes": dict,
        "apron_steps": int,
        "rope_steps": list,
    },
    "modifiers": {
        **dict.fromkeys(
            (
                "superset",
                "bra_chain",
                "repeat",
                "trick",
                "cornered",
                "improvise",
                "improvise_one_flag",
                "level_over_weardown",
                "referee_warning",
                "flourish",
                "telegraph",
                "dive",
                "flying_per_square",
                "finisher",
                "two_targets",
                "over_top_margin",
            ),
            int,
        ),
        "turnbuckle": dict,
        "pin": {"hook_leg": int, "lobster": int, "predicament": int, "repeat": int},
        "hold": {"str": int, "reposition": int},
    },
    "damage": dict.fromkeys(
        (
            "charge",
            "ace",
            "per_step",
            "launch_hdb",
            "leverage",
            "collision",
            "high_risk",
            "over_top",
            "finisher",
            "resthold",
            "resthold_recovery",
        ),
        int,
    ),
    "referee": {
        "skill": int,
        "warnings": int,
        "distraction": int,
        "fire_tab_detect": int,
        "counts": dict,
        "automatic": list,
    },
    "edge": {
        "face": dict,
        "heel": dict,
        "heel_seize_illegal": int,
        "heel_squeeze_bra": int,
        "against_finisher": int,
        "fired_up_attacks": int,
    },
    "prestige": {"loss": dict, "flourish": int, "flourish_max": int},
    "heat": {"play_to_crowd": int, "play_to_crowd_max": int, "cheating": int},
    "injuries": {
        "damage_per_penalty": int,
        "keeps_off_at": int,
        "lift_uses": list,
        "uses": dict,
        "sleeper_recovery": int,
    },
    "cage": {"materials": dict, "default_material": str, "height": int, "climb": int},
    "managers": {"sav": int},
}


def _shape(data: Any, shape: Mapping[str, Any], path: str, problems: _Problems) -> dict:
    body = _mapping(data, path, problems)
    if body is None:
        return {}
    _known_keys(body, set(shape), path, problems)
    out: dict[str, Any] = {}
    for key, kind in shape.items():
        where = f"{path}.{key}"
        if key not in body:
            problems.add(where, "missing")
            continue
        value = body[key]
        if isinstance(kind, Mapping):
            out[key] = _shape(value, kind, where, problems)
        elif kind is int:
            if _int(value, where, problems) is not None:
                out[key] = value
        elif not isinstance(value, kind):
            problems.add(where, f"must be a {kind.__name__}, got {value!r}")
        else:
            out[key] = value
    return out


def _int_map(value: Any, keys, path: str, problems: _Problems, *, every: bool = True) -> dict:
    out: dict[Any, int] = {}
    if not isinstance(value, Mapping):
        return out
    for key, v in value.items():
        if keys is not None and key not in keys:
            problems.add(f"{path}.{key}", f"unknown key (expected {', '.join(map(str, keys))})")
        elif _int(v, f"{path}.{key}", problems) is not None:
            out[key] = v
    if every and keys is not None:
        for key in keys:
            if key not in value:
                problems.add(f"{path}.{key}", "missing")
    return out


def _match(data: Any, problems: _Problems) -> Mapping[str, Any] | None:
    p = "match"
    data = _header(data, p, problems)
    if data is None:
        return None
    before = len(problems)
    body = {k: v for k, v in data.items() if k not in ("name", "title", "authored")}
    out = _shape(body, _MATCH_SHAPE, p, problems)
    ring = out.get("ring", {})
    if ring:
        if list(ring.get("zones", ())) != list(ZONES):
            problems.add(f"{p}.ring.zones", f"must be {', '.join(ZONES)}")
        dist = ring.get("distance", {})
        table: dict[tuple[str, str], int] = {}
        for a, row in dist.items():
            for b, d in (row or {}).items() if isinstance(row, Mapping) else ():
                if a not in ZONES or b not in ZONES or not _is_int(d) or d < 1:
                    problems.add(f"{p}.ring.distance.{a}.{b}", "must be squares (1 and up)")
                    continue
                table[(a, b)] = table[(b, a)] = d
        for a in ZONES:
            for b in ZONES:
                if (a, b) not in table:
                    problems.add(f"{p}.ring.distance", f"no distance from {a} to {b}")
        ring["distance"] = FrozenMap(table)
        ring["home"] = _int_map(ring.get("home"), ZONES, f"{p}.ring.home", problems)
        ring["ropes"] = _int_map(ring.get("ropes"), ZONES, f"{p}.ring.ropes", problems, every=False)
        steps = ring.get("rope_steps", ())
        if len(steps) != 3 or not all(_is_int(s) and s > 0 for s in steps):
            problems.add(f"{p}.ring.rope_steps", "must give the three ropes' heights in Steps")
    mods = out.get("modifiers", {})
    if mods:
        mods["turnbuckle"] = _int_map(
            {
                int(k) if isinstance(k, str) and k.isdigit() else k: v
                for k, v in mods["turnbuckle"].items()
            }
            if isinstance(mods.get("turnbuckle"), Mapping)
            else {},
            (1, 2, 3),
            f"{p}.modifiers.turnbuckle",
            problems,
        )
    ref = out.get("referee", {})
    if ref:
        if not 1 <= ref.get("skill", 1) <= 20:
            problems.add(f"{p}.referee.skill", "must be from 1 to 20")
        counts = ref.get("counts")
        ref["counts"] = _int_map(
            counts,
            ("outside", "choke", "ropes", "tag"),
            f"{p}.referee.counts",
            problems,
            every=False,
        )
        for key in ("outside", "choke"):
            if isinstance(counts, Mapping) and key not in counts:
                problems.add(f"{p}.referee.counts.{key}", "missing")
        # A table written before the count in the ropes was: the shipped table's (the chapter's
        # five count).
        ref["counts"].setdefault("ropes", default_data("match")["referee"]["counts"]["ropes"])
        # ... and before the tag's five-count to switch places: the chapter's five as well.
        ref["counts"].setdefault("tag", default_data("match")["referee"]["counts"]["tag"])
        for i, item in enumerate(ref.get("automatic", ())):
            if item not in AUTOMATIC_DQ:
                problems.add(
                    f"{p}.referee.automatic[{i}]", f"must be among {', '.join(AUTOMATIC_DQ)}"
                )
    edge = out.get("edge", {})
    if edge:
        edge["face"] = _int_map(edge.get("face"), EDGE_FACE, f"{p}.edge.face", problems)
        edge["heel"] = _int_map(edge.get("heel"), EDGE_HEEL, f"{p}.edge.heel", problems)
    prestige = out.get("prestige", {})
    if prestige:
        prestige["loss"] = _int_map(
            prestige.get("loss"), LOSS_METHODS, f"{p}.prestige.loss", problems
        )
    inj = out.get("injuries", {})
    if inj:
        if any(part not in BODY_PARTS for part in inj.get("lift_uses", ())):
            problems.add(
                f"{p}.injuries.lift_uses", f"must list body parts ({', '.join(BODY_PARTS)})"
            )
        uses = inj.get("uses", {})
        for flag, parts in uses.items():
            if (
                flag not in BEHAVIOUR_FLAGS
                or not isinstance(parts, list)
                or any(part not in BODY_PARTS for part in parts)
            ):
                problems.add(f"{p}.injuries.uses.{flag}", "must map a flag to body parts")
    if len(problems) > before:
        return None
    return _freeze(out)


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return FrozenMap({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ArmTables:
    attributes: AttributeTable
    stuntrack: StunTrack
    maneuvers: Catalogue
    objects: ObjectTable
    merits: TraitTable
    match: Mapping[str, Any]
    titles: Mapping[str, str] = field(default_factory=FrozenMap)
    authored: frozenset[str] = frozenset()
    sources: Mapping[str, Any] = field(default_factory=FrozenMap, compare=False, repr=False)


_READERS = {
    "attributes": _attributes,
    "stuntrack": _stuntrack,
    "maneuvers": _catalogue,
    "objects": _objects,
    "merits": _traits,
    "match": _match,
}

_DEFAULTS: dict[str, Any] = {}


def default_data(name: str) -> Any:
    """The packaged YAML of one table (parsed once)."""
    if name not in _DEFAULTS:
        _DEFAULTS[name] = read_yaml_resource(DATA_PACKAGE, f"arm/{name}.yaml")
    return _DEFAULTS[name]


_DEFAULT_TABLES: list[ArmTables] = []


def load_tables(overrides: Mapping[str, Any] | None = None) -> ArmTables:
    """The default tables, each replaced whole by ``overrides[name]`` where given.

    Raises TableError listing every problem (of every table) by path.
    """
    if not overrides and _DEFAULT_TABLES:
        return _DEFAULT_TABLES[0]
    overrides = dict(overrides or {})
    problems = _Problems()
    for name in overrides:
        if name not in TABLE_NAMES:
            problems.add(str(name), f"no ARM table of that name (tables: {', '.join(TABLE_NAMES)})")
    sources = {name: overrides.get(name) for name in TABLE_NAMES}
    for name in TABLE_NAMES:
        if sources[name] is None:
            sources[name] = default_data(name)
    parsed = {name: _READERS[name](sources[name], problems) for name in TABLE_NAMES}
    if not problems:
        _cross_check(parsed, problems)
    if problems:
        raise TableError(problems)
    titles = {name: str(sources[name].get("title", name)) for name in TABLE_NAMES}
    authored = frozenset(name for name in TABLE_NAMES if sources[name].get("authored"))
    tables = ArmTables(
        titles=FrozenMap(titles),
        authored=authored,
        sources=FrozenMap(sources),
        **parsed,  # type: ignore[arg-type]
    )
    if not overrides:
        _DEFAULT_TABLES.append(tables)
    return tables


def _cross_check(parsed: Mapping[str, Any], problems: _Problems) -> None:
    """What one table says about another."""
    match, objects, catalogue = parsed["match"], parsed["objects"], parsed["maneuvers"]
    for kind, obj in match["cage"]["materials"].items():
        if objects.get(obj) is None:
            problems.add(f"match.cage.materials.{kind}", f"no object {obj!r} in the objects table")
    if match["cage"]["default_material"] not in match["cage"]["materials"]:
        problems.add("match.cage.default_material", "must be one of cage.materials")
    for name in ("Foreign Object Smash", "Fire Tab", "Powder", "Distract Referee", "Lunge Tag"):
        if catalogue.get(name) is None:
            problems.add("maneuvers.maneuvers", f"must include {name!r} (the engine uses it)")
