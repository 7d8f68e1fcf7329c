"""Random valid Filsinger cards, for statistical and determinism tests."""

from __future__ import annotations

import random
from typing import Any

CHARTS = ("ropes", "turnbuckle", "ring", "deathjump")


def random_card_data(rng: random.Random, name: str) -> dict[str, Any]:
    def offense(level: int) -> dict[str, Any]:
        roll = rng.random()
        if level == 3 and roll < 0.2:
            if rng.random() < 0.5:
                return {"finisher": f"{name.upper()} DRIVER", "rating": rng.randint(0, 5)}
            return {"finisher": f"{name.upper()} BOMB", "roll": "1d6", "miss_on": [1]}
        if roll < 0.35:
            entry: dict[str, Any] = {"chart": rng.choice(CHARTS)}
            if rng.random() < 0.5:
                entry["choice"] = True
            return entry
        entry = {
            "move": f"move {level}",
            "level": rng.choice((1, 2, 2, 3, 3)) if level > 1 else rng.choice((1, 1, 2)),
        }
        extra = rng.random()
        if extra < 0.1:
            entry["check"] = rng.choice(("ag", "pw"))
        elif extra < 0.15:
            entry["dq"] = rng.choice((True, 5))
        elif extra < 0.2:
            entry["add1"] = True
        elif extra < 0.25:
            entry["only"] = rng.choice(("tag", "singles"))
        elif extra < 0.3:
            entry["choice_situation"] = rng.choice("ABCDEF")
        return entry

    def defense(level: int) -> dict[str, Any]:
        result = rng.choice(
            ("dazed", "hurt", "down", "counter", "counter", "pin" if level > 1 else "hurt")
        )
        if result == "pin":
            return {"result": "pin"}
        entry: dict[str, Any] = {"result": result, "level": rng.randint(1, 3)}
        if result == "down" and level == 3 and rng.random() < 0.5:
            entry["level"] = 3
            entry["leave"] = True
        elif result != "counter" and rng.random() < 0.2:
            entry["tag"] = True
        return entry

    return {
        "system": "filsinger",
        "name": name,
        "offense": {lvl: [offense(lvl) for _ in range(6)] for lvl in (1, 2, 3)},
        "defense": {lvl: [defense(lvl) for _ in range(6)] for lvl in (1, 2, 3)},
        "ratings": {
            "pin": rng.randint(4, 8),
            "pin_fatigue": rng.randint(2, 5),
            **{chart: rng.choice("ABC") for chart in CHARTS},
            "disqualification": rng.randint(3, 7),
            "agility": rng.randint(-5, 5),
            "power": rng.randint(-5, 5),
        },
    }


def edge_card_data(rng: random.Random, name: str) -> dict[str, Any]:
    """A valid card reaching for every corner the format allows: ratings at their limits, (lv)
    on any level's "down - 3", (tag) on PIN entries, markers on charts and finishers, roll
    finishers that always or never miss, Choice Situations letters on any kind of entry."""
    data = random_card_data(rng, name)

    def offense(level: int) -> dict[str, Any]:
        pick = rng.random()
        if level == 3 and pick < 0.25:
            if rng.random() < 0.5:
                rating = rng.randint(0, 5)
                entry: dict[str, Any] = {"finisher": f"{name.upper()} END", "rating": rating}
            else:
                roll = rng.choice(("1d6", "2d6"))
                faces = range(1, 7) if roll == "1d6" else range(2, 13)
                entry = {
                    "finisher": f"{name.upper()} ROLL",
                    "roll": roll,
                    "miss_on": rng.sample(list(faces), rng.randint(0, len(faces))),
                }
        elif pick < 0.45:
            entry = {"chart": rng.choice(CHARTS), "choice": rng.random() < 0.5}
        elif pick < 0.5:
            entry = {"choice_situation": rng.choice("ABCDEF")}
        else:
            entry = {"move": f"Move {level}", "level": rng.randint(1, 3)}
            if rng.random() < 0.3:
                entry["check"] = rng.choice(("ag", "pw"))
            if rng.random() < 0.3:
                entry["dq"] = rng.choice((True, 0, 12, rng.randint(0, 12)))
            if rng.random() < 0.3:
                entry["add1"] = True
        if "choice_situation" not in entry and rng.random() < 0.15:
            entry["choice_situation"] = rng.choice("ABCDEF")
        if "finisher" not in entry and "choice_situation" not in entry and rng.random() < 0.15:
            entry["only"] = rng.choice(("tag", "singles"))
        return entry

    def defense() -> dict[str, Any]:
        result = rng.choice(("dazed", "hurt", "down", "counter", "pin"))
        if result == "pin":
            return {"result": "pin", "tag": rng.random() < 0.3}
        entry: dict[str, Any] = {"result": result, "level": rng.randint(1, 3)}
        if result == "down" and rng.random() < 0.4:
            entry["level"] = 3
            entry["leave"] = True
        if result != "counter" and rng.random() < 0.3:
            entry["tag"] = True
        return entry

    data["offense"] = {lvl: [offense(lvl) for _ in range(6)] for lvl in (1, 2, 3)}
    data["defense"] = {lvl: [defense() for _ in range(6)] for lvl in (1, 2, 3)}
    data["ratings"].update(
        pin=rng.choice((0, 2, 12, rng.randint(0, 12))),
        pin_fatigue=rng.choice((0, 12, rng.randint(0, 12))),
        disqualification=rng.choice((0, 12, rng.randint(0, 12))),
        agility=rng.randint(-5, 5),
        power=rng.randint(-5, 5),
        distractor=rng.choice((None, 0, 12, rng.randint(0, 12))),
    )
    return data
