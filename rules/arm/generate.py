"""A generated ARM sheet from a style, a tier and a seed (``rules.core.generate``).

Not one of the compiled modules (``rules/arm/native.py`` lists those): it only writes the sheet
data that ``rules/arm/cards.py`` reads. The tier sets the attributes' total (a jobber's 72, a
main-eventer's 112, against the generation table's 88), the Fame, Prestige and Heat, and
a merit or a flaw; the style sets which attributes carry the most, the build (height and
weight), the arsenal from the maneuver catalogue, the finisher and the style's merit. The
tables are the project's own, kept as data in ``rules/data/arm/generate.yaml``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules.core.generate import (
    DATA_FILE,
    STYLE_NAMES,
    TIER_NAMES,
    DataCheck,
    Profile,
    pick,
    profile,
    read_data,
)

SYSTEM = "arm"
#: The sheet's attributes, in the order the seed takes them (the sheet's, not a table).
ATTRIBUTES = ("STR", "TEC", "AGI", "BRA", "SAV", "STA", "TOU")

STYLE_KEYS = ("weights", "height", "weight", "arsenal", "finishers", "merit", "word")
TIER_KEYS = ("total", "bounds", "arsenal", "fame", "prestige", "merits", "flaws")


def build_tables(data: Any, check: DataCheck) -> dict[str, Any]:
    """``rules/data/arm/generate.yaml`` checked: its styles, and its tiers' figures as tuples
    by rank (jobber first)."""
    top = check.mapping(data, "", ("styles", "tiers"), meta=True)
    styles: dict[str, dict[str, Any]] = {}
    for name, row in check.rows(top["styles"], "styles", STYLE_NAMES, STYLE_KEYS).items():
        path = f"styles.{name}"
        weights = check.mapping(row["weights"], f"{path}.weights", ATTRIBUTES)
        style: dict[str, Any] = {
            "weights": {a: check.whole(w, f"{path}.weights.{a}") for a, w in weights.items()},
            "height": check.span(row["height"], f"{path}.height", 1),
            "weight": check.span(row["weight"], f"{path}.weight", 1),
            "arsenal": list(check.texts(row["arsenal"], f"{path}.arsenal")),
            "finishers": list(check.texts(row["finishers"], f"{path}.finishers")),
            "merit": check.text(row["merit"], f"{path}.merit"),
            "word": check.text(row["word"], f"{path}.word"),
        }
        styles[name] = style
    tiers = check.rows(top["tiers"], "tiers", TIER_NAMES, TIER_KEYS)
    figures: dict[str, list[Any]] = {key: [] for key in TIER_KEYS}
    for name, row in tiers.items():
        path = f"tiers.{name}"
        figures["total"].append(check.whole(row["total"], f"{path}.total"))
        figures["bounds"].append(check.span(row["bounds"], f"{path}.bounds", 1))
        figures["arsenal"].append(check.whole(row["arsenal"], f"{path}.arsenal", 1))
        figures["fame"].append(check.whole(row["fame"], f"{path}.fame"))
        figures["prestige"].append(check.whole(row["prestige"], f"{path}.prestige"))
        for key in ("merits", "flaws"):
            figures[key].append(check.texts(row[key], f"{path}.{key}", at_least=0))
    if check.clean:  # the figures that must agree with each other
        _agree(check, styles, figures)
    return {"styles": styles, **{key: tuple(values) for key, values in figures.items()}}


def _agree(check: DataCheck, styles: dict[str, dict[str, Any]], figures: dict[str, Any]) -> None:
    """A style's weights are not all 0; a tier's total can be shared within its bounds; its
    arsenal is no larger than any style's to draw from."""
    for name, style in styles.items():
        if not sum(style["weights"].values()):
            check.fail(f"styles.{name}.weights", "must not all be 0")
    count = len(ATTRIBUTES)
    for rank, name in enumerate(TIER_NAMES):
        (low, high), total = figures["bounds"][rank], figures["total"][rank]
        if not low * count <= total <= high * count:
            check.fail(
                f"tiers.{name}.total",
                f"must be from {low * count} to {high * count} ({count} attributes within "
                f"the bounds), got {total}",
            )
        size = figures["arsenal"][rank]
        for style_name, style in styles.items():
            if size > len(style["arsenal"]):
                check.fail(
                    f"tiers.{name}.arsenal",
                    f"must be at most the {len(style['arsenal'])} maneuvers of "
                    f"styles.{style_name}.arsenal, got {size}",
                )


def load_tables(path: str | Path | None = None) -> dict[str, Any]:
    """The generator's tables: the packaged ``rules/data/arm/generate.yaml`` (read once), or
    given ``path``, that file, checked the same way (``GeneratorDataError`` names the key)."""
    return read_data(f"{SYSTEM}/{DATA_FILE}", build_tables, path)


TABLES = load_tables()
#: Each style: the attributes it leans on (weights), build (inches, pounds), the arsenal to
#: draw from (catalogue names), the finishers it may take, its merit and the finisher's word.
STYLES: dict[str, dict[str, Any]] = TABLES["styles"]
#: By tier (jobber .. main-eventer): the attributes' total, each attribute's bounds, the size
#: of the arsenal, starting Fame and Prestige (and the seed's spread on them).
TOTALS: tuple[int, ...] = TABLES["total"]
BOUNDS: tuple[tuple[int, int], ...] = TABLES["bounds"]
ARSENAL_SIZE: tuple[int, ...] = TABLES["arsenal"]
FAME: tuple[int, ...] = TABLES["fame"]
PRESTIGE: tuple[int, ...] = TABLES["prestige"]
#: Merits past the style's, and flaws, to draw from by tier.
EXTRA_MERITS: tuple[tuple[str, ...], ...] = TABLES["merits"]
FLAWS: tuple[tuple[str, ...], ...] = TABLES["flaws"]


def _attributes(p: Profile) -> dict[str, int]:
    """The tier's total shared by the style's weights, then two points moved by the seed."""
    style = STYLES[p.style]
    low, high = BOUNDS[p.rank]
    weights = {a: style["weights"][a] for a in ATTRIBUTES}
    left = TOTALS[p.rank] - low * len(ATTRIBUTES)
    whole = sum(weights.values())
    values = {a: min(high, low + left * weights[a] // whole) for a in ATTRIBUTES}
    by_weight = sorted(ATTRIBUTES, key=lambda a: -weights[a])
    while sum(values.values()) < TOTALS[p.rank]:
        for attr in by_weight:
            if values[attr] < high and sum(values.values()) < TOTALS[p.rank]:
                values[attr] += 1
    for _ in range(2):
        give, take = p.rng.sample(ATTRIBUTES, 2)
        if values[give] > low and values[take] < high:
            values[give] -= 1
            values[take] += 1
    return values


def card(p: Profile) -> dict[str, Any]:
    """The sheet data (``docs/cards.md``'s structured form) for the profile."""
    rng = p.rng
    style = STYLES[p.style]
    arsenal = rng.sample(style["arsenal"], ARSENAL_SIZE[p.rank])
    finisher = pick(rng, style["finishers"])
    if finisher not in arsenal:
        arsenal.append(finisher)
    surname = p.name.replace('"', "").split()[-1]
    merits = [style["merit"]]
    if EXTRA_MERITS[p.rank]:
        merits.append(pick(rng, EXTRA_MERITS[p.rank]))
    flaws = [pick(rng, FLAWS[p.rank])] if FLAWS[p.rank] else []
    return {
        "system": SYSTEM,
        "name": p.name,
        "alignment": pick(rng, ("face", "heel")),
        "attributes": _attributes(p),
        "height": rng.randint(*style["height"]),
        "weight": rng.randint(*style["weight"]),
        "fame": FAME[p.rank] + rng.randint(0, 150),
        "prestige": PRESTIGE[p.rank] + rng.randint(0, 100),
        "heat": rng.randint(0, 2 + p.rank),
        "arsenal": arsenal,
        "finisher": {"maneuver": finisher, "name": f"{surname} {style['word']}"},
        "merits": merits,
        "flaws": flaws,
    }


def generate(style: object, tier: object, seed: object, name: str | None = None) -> dict[str, Any]:
    return card(profile(SYSTEM, style, tier, seed, name))
