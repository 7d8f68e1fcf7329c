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
