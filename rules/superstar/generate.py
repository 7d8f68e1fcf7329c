"""A generated Superstar card from a style, a tier and a seed (``rules.core.generate``).

The tier sets the card's strength (the project's own tables, kept as data in
``rules/data/superstar/generate.yaml``): how many OCs the General Card holds (and on which
totals), the points of the Offensive Card, the Defensive Card's C and Reverse, the specialty's
points, the SUB range and the Priority Factor. The style sets the
moves' names and their marks: a technician's submissions (*), a brawler's (DQ) and grudge (XX)
moves, a high-flyer's Ropes card, a powerhouse's P/A slams.
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
from rules.superstar.cards import MAX_POINTS

SYSTEM = "superstar"

STYLE_KEYS = ("moves", "ropes", "specialty")
TIER_KEYS = (
    "ocs",
    "points",
    "defense_c",
    "defense_reverse",
    "defense_a",
    "sub_range",
    "priority",
)
#: The two-dice totals.
TWO_DICE = tuple(range(2, 13))


def build_tables(data: Any, check: DataCheck) -> dict[str, Any]:
    """``rules/data/superstar/generate.yaml`` checked: the OCs' order, the styles' moves and
    words, and the tiers' figures as tuples by rank (jobber first)."""
    top = check.mapping(data, "", ("oc_order", "styles", "tiers"), meta=True)
    order = check.wholes(top["oc_order"], "oc_order", len(TWO_DICE), 2, 12)
    if check.clean and sorted(order) != list(TWO_DICE):
        check.fail("oc_order", "must hold each two-dice total from 2 to 12 once")
    styles = check.rows(top["styles"], "styles", STYLE_NAMES, STYLE_KEYS)
    moves = {n: list(check.texts(r["moves"], f"styles.{n}.moves", 9)) for n, r in styles.items()}
    ropes = {n: list(check.texts(r["ropes"], f"styles.{n}.ropes")) for n, r in styles.items()}
    words = {n: check.text(r["specialty"], f"styles.{n}.specialty") for n, r in styles.items()}
    figures: dict[str, list[Any]] = {key: [] for key in TIER_KEYS}
    for name, row in check.rows(top["tiers"], "tiers", TIER_NAMES, TIER_KEYS).items():
        path = f"tiers.{name}"
        figures["ocs"].append(check.whole(row["ocs"], f"{path}.ocs", 1, 11))
        figures["points"].append(check.whole(row["points"], f"{path}.points", 0, MAX_POINTS - 6))
        for key in ("defense_c", "defense_reverse", "defense_a"):
            figures[key].append(check.whole(row[key], f"{path}.{key}", 0, 11))
        if check.clean and sum(figures[key][-1] for key in TIER_KEYS[2:5]) > 11:
            check.fail(path, "defense_c, defense_reverse and defense_a are more than eleven")
        figures["sub_range"].append(list(check.span(row["sub_range"], f"{path}.sub_range", 2, 12)))
        figures["priority"].append(list(check.wholes(row["priority"], f"{path}.priority", 2)))
    return {
        "oc_order": order,
        "moves": moves,
        "ropes": ropes,
        "specialty": words,
        **{key: tuple(values) for key, values in figures.items()},
    }


def load_tables(path: str | Path | None = None) -> dict[str, Any]:
    """The generator's tables: the packaged ``rules/data/superstar/generate.yaml`` (read once),
    or given ``path``, that file, checked the same way (``GeneratorDataError`` names the key)."""
    return read_data(f"{SYSTEM}/{DATA_FILE}", build_tables, path)


TABLES = load_tables()
#: Each style's Offensive Card moves, Ropes card moves and specialty word.
MOVES: dict[str, list[str]] = TABLES["moves"]
ROPES_MOVES: dict[str, list[str]] = TABLES["ropes"]
SPECIALTY_WORDS: dict[str, str] = TABLES["specialty"]
#: The two-dice totals 2..12 in the order a strong card takes them for its OCs (7 first).
TOTALS_BY_CHANCE: tuple[int, ...] = TABLES["oc_order"]
#: By tier (jobber .. main-eventer): the General Card's OCs (OC/TT counted) of eleven.
OCS: tuple[int, ...] = TABLES["ocs"]
#: The lowest points of an Offensive Card move (a move adds 0 to 4 by the dice).
POINTS: tuple[int, ...] = TABLES["points"]
#: The Defensive Card: how many C and Reverse of eleven (the rest A and B).
DEFENSE_C: tuple[int, ...] = TABLES["defense_c"]
DEFENSE_REVERSE: tuple[int, ...] = TABLES["defense_reverse"]
DEFENSE_A: tuple[int, ...] = TABLES["defense_a"]
#: The SUB range (the victim gives up on a two-dice roll in it).
SUB_RANGE: tuple[list[int], ...] = TABLES["sub_range"]
#: Priority: [singles PF, tag-team rating].
PRIORITY: tuple[list[int], ...] = TABLES["priority"]


def _general(p: Profile) -> list[str]:
    count = OCS[p.rank]
    # Mostly the likeliest totals, with a little of the seed's luck on the edge.
    order = list(TOTALS_BY_CHANCE)
    swap = p.rng.randrange(count, 11) if count < 11 else count - 1
    order[count - 1], order[swap] = order[swap], order[count - 1]
    oc = set(order[:count])
    cells = ["OC" if total in oc else "DC" for total in range(2, 13)]
    tt = p.rng.choice([i for i, c in enumerate(cells) if c == "OC"])
    cells[tt] = "OC/TT"
    return cells


def _offense(p: Profile, specialty: str) -> list[dict[str, Any]]:
    rng = p.rng
    names = rng.sample(MOVES[p.style], 9)
    entries: list[dict[str, Any]] = [{"move": "ROPES"}, {"move": specialty, "specialty": True}]
    if p.style == "brawler":
        entries.append({"move": "Throw out of ring", "dq": True})
    for name in names:
        if len(entries) == 11:
            break
        entry: dict[str, Any] = {"move": name, "points": POINTS[p.rank] + rng.randint(0, 4)}
        roll = rng.random()
        if p.style == "technician" and roll < 0.35:
            entry["submission"] = True
        elif roll < (0.4 if p.style == "powerhouse" else 0.25):
            entry["pin"] = True
        elif p.style == "brawler" and roll < 0.45:
            entry["grudge"] = True
        entries.append(entry)
    rng.shuffle(entries)
    return entries


def _defense(p: Profile) -> list[str]:
    cells = (
        ["C"] * DEFENSE_C[p.rank]
        + ["Reverse"] * DEFENSE_REVERSE[p.rank]
        + ["A"] * DEFENSE_A[p.rank]
    )
    cells += ["B"] * (11 - len(cells))
    p.rng.shuffle(cells)
    return cells


def _specialty(p: Profile, name: str) -> dict[str, Any]:
    rolls: list[dict[str, Any]] = []
    for _ in range(6):
        roll: dict[str, Any] = {"points": POINTS[p.rank] + 3 + p.rng.randint(0, 3)}
        if p.style == "technician" and p.rng.random() < 0.5:
            roll["submission"] = True
        elif p.rng.random() < 0.6:
            roll["pin"] = True
        rolls.append(roll)
    return {"name": name, "rolls": rolls}


def _ropes(p: Profile, specialty: str) -> list[dict[str, Any]]:
    rng = p.rng
    moves = list(ROPES_MOVES[p.style])
    entries: list[dict[str, Any]] = [{"move": "NA"} for _ in range(4 if p.rank < 2 else 3)]
    if p.style == "high-flyer":
        entries.append({"move": specialty, "specialty": True})
    while len(entries) < 11:
        entry: dict[str, Any] = {
            "move": pick(rng, moves),
            "points": POINTS[p.rank] + rng.randint(0, 4),
        }
        if rng.random() < 0.3:
            entry["pin"] = True
        entries.append(entry)
    rng.shuffle(entries)
    return entries


def card(p: Profile) -> dict[str, Any]:
    """The card data (``docs/cards.md``'s structured form) for the profile."""
    surname = p.name.replace('"', "").split()[-1]
    specialty = f"{surname} {SPECIALTY_WORDS[p.style]}"
    return {
        "system": SYSTEM,
        "name": p.name,
        "general": _general(p),
        "offense": _offense(p, specialty),
        "defense": _defense(p),
        "specialty": _specialty(p, specialty),
        "ropes": _ropes(p, specialty),
        "submission_range": list(SUB_RANGE[p.rank]),
        "tag_team_range": [2, 3 + p.rank],
        "priority": list(PRIORITY[p.rank]),
    }


def generate(style: object, tier: object, seed: object, name: str | None = None) -> dict[str, Any]:
    return card(profile(SYSTEM, style, tier, seed, name))
