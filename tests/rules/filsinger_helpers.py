"""Filsinger cards built for a test: the few entries it needs, the rest dazed - 1."""

from __future__ import annotations


def card(fs, name, offense, defense3, **ratings):
    """A card whose three offense levels are ``offense`` (one list, or three) and whose LEVEL 3
    DEFENSE is ``defense3``; LEVEL 1 and 2 DEFENSE never come up in these matches."""
    levels = offense if isinstance(offense[0], list) else [offense] * 3
    values = {
        "pin": 7,
        "pin_fatigue": 4,
        "ropes": "B",
        "turnbuckle": "B",
        "ring": "B",
        "deathjump": "B",
        "disqualification": 6,
        **ratings,
    }
    return fs.parse_card(
        {
            "system": "filsinger",
            "name": name,
            "offense": {1: levels[0], 2: levels[1], 3: levels[2]},
            "defense": {1: ["dazed - 1"] * 6, 2: ["dazed - 1"] * 6, 3: defense3},
            "ratings": values,
        }
    )
