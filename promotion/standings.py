"""The standings table (``promotion/data/standings.yaml``): how results move Prestige, Fame, Heat,
feud heat and injuries. Loaded once and validated; a bad file fails with the path of the problem."""

from __future__ import annotations

import functools
from importlib import resources
from typing import Any

from rules.core.tables import load_data_yaml

WIN_METHODS = (
    "pin",
    "submission",
    "knockout",
    "elimination",
    "escape",
    "disqualification",
    "count_out",
)

_SCHEMA: dict[str, dict[str, type]] = {
    "prestige": {
        "win": dict,
        "loss": dict,
        "draw": int,
        "title_won": int,
        "title_defended": int,
        "title_challenge": int,
        "main_event": int,
        "engineered_penalty": bool,
    },
    "fame": {
        "appearance": int,
        "win": int,
        "loss": int,
        "main_event": int,
        "title_won": int,
        "finisher": int,
    },
    "heat": {
        "feud_match": int,
        "feud_brawl": int,
        "interference": int,
        "title_won": int,
        "maximum": int,
    },
    "feuds": {
        "feud_match": int,
        "brawl": int,
        "interference": int,
        "cooling": int,
        "hot_at": int,
        "sparks": dict,
    },
    "injuries": {"days_per_fight_card": int, "arm_sta_bonus": dict},
}


class StandingsTableError(ValueError):
    pass


def validate(table: Any) -> dict[str, Any]:
    problems = []
    if not isinstance(table, dict):
        raise StandingsTableError("standings: must be a mapping")
    for section, fields in _SCHEMA.items():
        body = table.get(section)
        if not isinstance(body, dict):
            problems.append(f"{section}: missing or not a mapping")
            continue
        for name, kind in fields.items():
            value = body.get(name)
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                problems.append(f"{section}.{name}: must be a {kind.__name__}")
    for outcome in ("win", "loss"):
        by_method = table.get("prestige", {}).get(outcome)
        if isinstance(by_method, dict):
            for method in WIN_METHODS:
                if not isinstance(by_method.get(method), int):
                    problems.append(f"prestige.{outcome}.{method}: must be an integer")
    sparks = table.get("feuds", {}).get("sparks")
    if isinstance(sparks, dict):
        for name, heat in sparks.items():
            if not isinstance(heat, int) or not 1 <= heat <= 10:
                problems.append(f"feuds.sparks.{name}: must be a heat from 1 to 10")
    bonus = table.get("injuries", {}).get("arm_sta_bonus")
    if isinstance(bonus, dict) and not all(
        isinstance(k, int) and isinstance(v, int) and v >= 0 for k, v in bonus.items()
    ):
        problems.append("injuries.arm_sta_bonus: must map STA values to whole bonuses")
    if problems:
        raise StandingsTableError("\n".join(problems))
    return table


@functools.cache
def standings_table() -> dict[str, Any]:
    text = resources.files("promotion").joinpath("data/standings.yaml").read_text()
    return validate(load_data_yaml(text))


def arm_sta_bonus(sta: int) -> int:
    """The weekly healing of ARM injury points for a wrestler of this STA."""
    thresholds = sorted(standings_table()["injuries"]["arm_sta_bonus"].items())
    bonus = thresholds[0][1]
    for at_least, value in thresholds:
        if sta >= at_least:
            bonus = value
    return bonus
