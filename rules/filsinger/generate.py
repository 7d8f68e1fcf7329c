"""A generated Filsinger card from a style, a tier and a seed (``rules.core.generate``).

The tier sets the card's strength (the tables below, the project's own): how often a move sends
the defender to his LEVEL 3 DEFENSE, how many finishers LEVEL 3 OFFENSE holds, how many PINs
and counters the defense rows carry, and the PIN rating. The style sets the moves' names, the
chart the card goes to, its (ag)/(pw) checks and its agility and power ratings.
"""

from __future__ import annotations

from typing import Any

from rules.core.generate import Profile, pick, profile

SYSTEM = "filsinger"

#: Each style's moves (by the defender's level they usually send him to), its chart and check.
MOVES: dict[str, dict[str, Any]] = {
    "brawler": {
        "moves": ["Punch", "Chop", "Headbutt", "Forearm smash", "Knee lift", "Clothesline",
                  "Elbow smash", "Stomp", "Lariat", "Big boot", "Running knee", "Piledriver"],
        "dirty": "Eye rake",
        "chart": "ring",
        "check": None,
        "finisher": "BRAWL",
    },
    "technician": {
        "moves": ["Headlock", "Arm drag", "Hammerlock", "Snap suplex", "Leg sweep",
                  "Abdominal stretch", "Backslide", "Neckbreaker", "German suplex",
                  "Boston crab", "Crossface", "Figure-four leglock"],
        "dirty": None,
        "chart": "ropes",
        "check": None,
        "finisher": "LOCK",
    },
    "high-flyer": {
        "moves": ["Dropkick", "Arm drag", "Spinning heel kick", "Enzuigiri", "Headscissors",
                  "Flying crossbody", "Springboard elbow", "Tornado DDT", "Hurricanrana",
                  "Plancha", "Moonsault", "Shooting star press"],
        "dirty": None,
        "chart": "deathjump",
        "check": "ag",
        "finisher": "DIVE",
    },
    "powerhouse": {
        "moves": ["Shoulder block", "Bearhug", "Body slam", "Backbreaker", "Spinebuster",
                  "Powerslam", "Military press", "Gorilla press", "Chokeslam", "Powerbomb",
                  "Sidewalk slam", "Torture rack"],
        "dirty": None,
        "chart": "turnbuckle",
        "check": "pw",
        "finisher": "BOMB",
    },
    "all-rounder": {
        "moves": ["Headlock", "Dropkick", "Body slam", "Clothesline", "Hip toss", "Suplex",
                  "Neckbreaker", "Flying crossbody", "Powerslam", "DDT", "Sleeper hold",
                  "Inside cradle"],
        "dirty": None,
        "chart": "ropes",
        "check": None,
        "finisher": "DRIVER",
    },
}  # fmt: skip

#: By tier (jobber .. main-eventer): the weights of levels 1, 2 and 3 for a move's defense level.
MOVE_LEVEL_WEIGHTS = ((6, 3, 1), (4, 4, 2), (2, 4, 4), (1, 3, 6))
#: Finishers on LEVEL 3 OFFENSE.
FINISHERS = (1, 1, 2, 3)
#: PINs on each defense row (levels 1, 2, 3).
PINS = ((1, 2, 4), (1, 2, 3), (0, 1, 2), (0, 1, 1))
#: Counters on each defense row.
COUNTERS = ((1, 1, 0), (1, 1, 1), (2, 2, 1), (3, 2, 2))
#: The PIN rating (pinned when two dice are at or under it) and the one under fatigue.
PIN_RATING = (9, 8, 7, 6)
#: The chart ratings' letters to draw from.
LETTERS = (("C", "C", "B"), ("C", "B", "B"), ("B", "B", "A"), ("B", "A", "A"))
#: The disqualification rating.
DQ_RATING = (7, 6, 5, 5)


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
