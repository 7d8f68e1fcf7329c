"""A generated Filsinger card from a style, a tier and a seed (``rules.core.generate``).

The tier sets the card's strength (the project's own tables, kept as data in
``rules/data/filsinger/generate.yaml``): how often a move sends the defender to his LEVEL 3
DEFENSE, how many finishers LEVEL 3 OFFENSE holds, how many PINs and counters the defense rows
carry, and the PIN rating. The style sets the moves' names, the
chart the card goes to, its (ag)/(pw) checks and its agility and power ratings.
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
from rules.filsinger.tables import RATING_CHARTS

SYSTEM = "filsinger"

STYLE_KEYS = ("moves", "dirty", "chart", "check", "finisher")
TIER_KEYS = (
    "level_weights",
    "finishers",
    "pins",
    "counters",
    "pin_rating",
    "letters",
    "dq_rating",
)
#: The checks a move may carry, and the chart ratings' letters.
CHECKS = (None, "ag", "pw")
RATING_LETTERS = ("A", "B", "C")


def build_tables(data: Any, check: DataCheck) -> dict[str, Any]:
    """``rules/data/filsinger/generate.yaml`` checked: its styles, and its tiers' figures as
    tuples by rank (jobber first)."""
    top = check.mapping(data, "", ("styles", "tiers"), meta=True)
    moves: dict[str, dict[str, Any]] = {}
    for name, row in check.rows(top["styles"], "styles", STYLE_NAMES, STYLE_KEYS).items():
        path = f"styles.{name}"
        moves[name] = {
            "moves": list(check.texts(row["moves"], f"{path}.moves", at_least=6)),
            "dirty": None if row["dirty"] is None else check.text(row["dirty"], f"{path}.dirty"),
            "chart": check.choice(row["chart"], f"{path}.chart", RATING_CHARTS),
            "check": check.choice(row["check"], f"{path}.check", CHECKS),
            "finisher": check.text(row["finisher"], f"{path}.finisher"),
        }
    figures: dict[str, list[Any]] = {key: [] for key in TIER_KEYS}
    for name, row in check.rows(top["tiers"], "tiers", TIER_NAMES, TIER_KEYS).items():
        path = f"tiers.{name}"
        weights = check.wholes(row["level_weights"], f"{path}.level_weights", 3)
        pins = check.wholes(row["pins"], f"{path}.pins", 3, 0, 6)
        counters = check.wholes(row["counters"], f"{path}.counters", 3, 0, 6)
        letters = check.texts(row["letters"], f"{path}.letters", distinct=False)
        for i, letter in enumerate(letters):
            check.choice(letter, f"{path}.letters[{i}]", RATING_LETTERS)
        if check.clean:
            if not sum(weights[:2]):
                check.fail(f"{path}.level_weights", "levels 1 and 2 must not both weigh 0")
            for level, (pin, counter) in enumerate(zip(pins, counters, strict=True), 1):
                if pin + counter > 6:
                    check.fail(
                        f"{path}.counters",
                        f"level {level}: {pin} PINs and {counter} counters are more than six",
                    )
        figures["level_weights"].append(weights)
        figures["finishers"].append(check.whole(row["finishers"], f"{path}.finishers", 1, 6))
        figures["pins"].append(pins)
        figures["counters"].append(counters)
        figures["pin_rating"].append(check.whole(row["pin_rating"], f"{path}.pin_rating", 4, 12))
        figures["letters"].append(letters)
        figures["dq_rating"].append(check.whole(row["dq_rating"], f"{path}.dq_rating", 0, 11))
    return {"styles": moves, **{key: tuple(values) for key, values in figures.items()}}


def load_tables(path: str | Path | None = None) -> dict[str, Any]:
    """The generator's tables: the packaged ``rules/data/filsinger/generate.yaml`` (read once),
    or given ``path``, that file, checked the same way (``GeneratorDataError`` names the key)."""
    return read_data(f"{SYSTEM}/{DATA_FILE}", build_tables, path)


TABLES = load_tables()
#: Each style's moves (by the defender's level they usually send him to), its chart and check.
MOVES: dict[str, dict[str, Any]] = TABLES["styles"]
#: By tier (jobber .. main-eventer): the weights of levels 1, 2 and 3 for a move's defense level.
MOVE_LEVEL_WEIGHTS: tuple[tuple[int, int, int], ...] = TABLES["level_weights"]
#: Finishers on LEVEL 3 OFFENSE.
FINISHERS: tuple[int, ...] = TABLES["finishers"]
#: PINs on each defense row (levels 1, 2, 3).
PINS: tuple[tuple[int, int, int], ...] = TABLES["pins"]
#: Counters on each defense row.
COUNTERS: tuple[tuple[int, int, int], ...] = TABLES["counters"]
#: The PIN rating (pinned when two dice are at or under it) and the one under fatigue.
PIN_RATING: tuple[int, ...] = TABLES["pin_rating"]
#: The chart ratings' letters to draw from.
LETTERS: tuple[tuple[str, ...], ...] = TABLES["letters"]
#: The disqualification rating.
DQ_RATING: tuple[int, ...] = TABLES["dq_rating"]


def _level(p: Profile, row: int) -> int:
    weights = list(MOVE_LEVEL_WEIGHTS[p.rank])
    if row == 3:  # the top row hits harder
        weights = [weights[0] // 2, weights[1], weights[2] + 2]
    return p.rng.choices((1, 2, 3), weights=weights)[0]


def _offense(p: Profile) -> dict[int, list[dict[str, Any]]]:
    style = MOVES[p.style]
    names = list(style["moves"])
    rows: dict[int, list[dict[str, Any]]] = {}
    surname = p.name.replace('"', "").split()[-1].upper()
    for row in (1, 2, 3):
        pool = names[(row - 1) * 4 : (row - 1) * 4 + 4] + names
        entries: list[dict[str, Any]] = []
        used: set[str] = set()
        for name in pool:
            if len(entries) == 6:
                break
            if name in used:
                continue
            used.add(name)
            entry: dict[str, Any] = {"move": name, "level": _level(p, row)}
            if style["check"] and p.rng.random() < 0.4:
                entry["check"] = style["check"]
            entries.append(entry)
        p.rng.shuffle(entries)
        rows[row] = entries
    # The style's chart on LEVEL 2 (a choice with rule 5), a dirty move for a brawler.
    rows[2][p.rng.randrange(6)] = {"chart": style["chart"], "choice": True}
    if style["dirty"]:
        rows[1][p.rng.randrange(6)] = {"move": style["dirty"], "level": 2, "dq": True}
    # Finishers on LEVEL 3: the first printed with a rating, the others as the same move.
    spots = p.rng.sample(range(6), FINISHERS[p.rank])
    for spot in spots:
        rows[3][spot] = {"finisher": f"{surname} {style['finisher']}", "rating": 1 + p.rank}
    return rows


def _defense(p: Profile) -> dict[int, list[dict[str, Any]]]:
    rows: dict[int, list[dict[str, Any]]] = {}
    for row in (1, 2, 3):
        pins, counters = PINS[p.rank][row - 1], COUNTERS[p.rank][row - 1]
        entries: list[dict[str, Any]] = [{"result": "pin"} for _ in range(pins)]
        for _ in range(counters):
            entries.append({"result": "counter", "level": pick(p.rng, (1, 2, 2, 3))})
        while len(entries) < 6:
            result = pick(p.rng, ("dazed", "hurt", "down"))
            # The attacker goes on at a level: lower for a better defender.
            level = min(3, max(1, row + 1 - p.rank // 2 + p.rng.choice((-1, 0, 0))))
            entry: dict[str, Any] = {"result": result, "level": level}
            if result == "down" and level == 3 and p.rng.random() < 0.3:
                entry["leave"] = True
            elif p.rng.random() < 0.15:
                entry["tag"] = True
            entries.append(entry)
        p.rng.shuffle(entries)
        rows[row] = entries
    return rows


def _ratings(p: Profile) -> dict[str, Any]:
    rng = p.rng
    agility = max(-5, min(5, 2 - p.rank + rng.choice((-1, 0, 1))))
    power = max(-5, min(5, 2 - p.rank + rng.choice((-1, 0, 1))))
    if p.style == "high-flyer":
        agility, power = max(-5, agility - 2), min(5, power + 1)
    elif p.style == "powerhouse":
        agility, power = min(5, agility + 1), max(-5, power - 2)
    letters = LETTERS[p.rank]
    ratings: dict[str, Any] = {
        "pin": PIN_RATING[p.rank],
        "pin_fatigue": PIN_RATING[p.rank] - 4,
        "ropes": pick(rng, letters),
        "turnbuckle": pick(rng, letters),
        "ring": pick(rng, letters),
        "deathjump": pick(rng, letters),
        "disqualification": DQ_RATING[p.rank] + (1 if p.style == "brawler" else 0),
        "agility": agility,
        "power": power,
    }
    return ratings


def card(p: Profile) -> dict[str, Any]:
    """The card data (``docs/cards.md``'s structured form) for the profile."""
    return {
        "system": SYSTEM,
        "name": p.name,
        "offense": _offense(p),
        "defense": _defense(p),
        "ratings": _ratings(p),
    }


def generate(style: object, tier: object, seed: object, name: str | None = None) -> dict[str, Any]:
    return card(profile(SYSTEM, style, tier, seed, name))
