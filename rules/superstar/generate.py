"""A generated Superstar card from a style, a tier and a seed (``rules.core.generate``).

The tier sets the card's strength (the tables below, the project's own): how many OCs the
General Card holds (and on which totals), the points of the Offensive Card, the Defensive Card's
C and Reverse, the specialty's points, the SUB range and the Priority Factor. The style sets the
moves' names and their marks: a technician's submissions (*), a brawler's (DQ) and grudge (XX)
moves, a high-flyer's Ropes card, a powerhouse's P/A slams.
"""

from __future__ import annotations

from typing import Any

from rules.core.generate import Profile, pick, profile

SYSTEM = "superstar"

MOVES: dict[str, list[str]] = {
    "brawler": ["Punch", "Chop", "Headbutt", "Forearm smash", "Clothesline", "Knee lift",
                "Elbow drop", "Lariat", "Big boot", "Stomp", "Piledriver", "Running knee"],
    "technician": ["Headlock", "Arm drag", "Hammerlock", "Snap suplex", "Abdominal stretch",
                   "Backslide", "Neckbreaker", "German suplex", "Boston crab", "Crossface",
                   "Sleeper hold", "Figure-four leglock"],
    "high-flyer": ["Dropkick", "Arm drag", "Spinning heel kick", "Enzuigiri", "Headscissors",
                   "Flying crossbody", "Springboard elbow", "Tornado DDT", "Hurricanrana",
                   "Plancha", "Moonsault", "Shooting star press"],
    "powerhouse": ["Shoulder block", "Bearhug", "Body slam", "Backbreaker", "Spinebuster",
                   "Powerslam", "Military press", "Gorilla press", "Chokeslam", "Powerbomb",
                   "Sidewalk slam", "Torture rack"],
    "all-rounder": ["Headlock", "Dropkick", "Body slam", "Clothesline", "Hip toss", "Suplex",
                    "Neckbreaker", "Flying crossbody", "Powerslam", "DDT", "Sleeper hold",
                    "Inside cradle"],
}  # fmt: skip
ROPES_MOVES: dict[str, list[str]] = {
    "brawler": ["Clothesline", "Running knee", "Lariat", "Shoulder tackle"],
    "technician": ["Sunset flip", "Backslide", "Arm drag", "Crossbody"],
    "high-flyer": ["Springboard moonsault", "Rebound dropkick", "Slingshot plancha",
                   "Top-rope splash", "Leapfrog dropkick"],
    "powerhouse": ["Shoulder tackle", "Spinebuster", "Running powerslam", "Clothesline"],
    "all-rounder": ["Crossbody", "Clothesline", "Dropkick", "Sunset flip"],
}  # fmt: skip
SPECIALTY_WORDS = {
    "brawler": "Brawl",
    "technician": "Lock",
    "high-flyer": "Splash",
    "powerhouse": "Bomb",
    "all-rounder": "Driver",
}

#: The two-dice totals 2..12 in the order a strong card takes them for its OCs (7 first).
TOTALS_BY_CHANCE = (7, 6, 8, 5, 9, 4, 10, 3, 11, 2, 12)
#: By tier (jobber .. main-eventer): the General Card's OCs (OC/TT counted) of eleven.
OCS = (4, 5, 6, 7)
#: The lowest points of an Offensive Card move (a move adds 0 to 4 by the dice).
POINTS = (3, 5, 7, 9)
#: The Defensive Card: how many C and Reverse of eleven (the rest A and B).
DEFENSE_C = (1, 2, 3, 4)
DEFENSE_REVERSE = (0, 1, 1, 2)
DEFENSE_A = (2, 3, 3, 3)
#: The SUB range (the victim gives up on a two-dice roll in it).
SUB_RANGE = ([2, 7], [2, 6], [2, 5], [2, 4])
#: Priority: [singles PF, tag-team rating].
PRIORITY = ([1, 1], [2, 2], [4, 2], [5, 3])


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
