"""A generated ARM sheet from a style, a tier and a seed (``rules.core.generate``).

Not one of the compiled modules (``rules/arm/native.py`` lists those): it only writes the sheet
data that ``rules/arm/cards.py`` reads. The tier sets the attributes' total (a jobber's 72, a
main-eventer's 112, against the generation table's 88), the Fame, Prestige and Heat, and
a merit or a flaw; the style sets which attributes carry the most, the build (height and
weight), the arsenal from the maneuver catalogue, the finisher and the style's merit.
"""

from __future__ import annotations

from typing import Any

from rules.core.generate import Profile, pick, profile

SYSTEM = "arm"
ATTRIBUTES = ("STR", "TEC", "AGI", "BRA", "SAV", "STA", "TOU")

#: Each style: the attributes it leans on (weights), build (inches, pounds), the arsenal to
#: draw from (catalogue names), the finishers it may take, its merit and the finisher's word.
STYLES: dict[str, dict[str, Any]] = {
    "brawler": {
        "weights": {"STR": 3, "TEC": 1, "AGI": 1, "BRA": 5, "SAV": 3, "STA": 3, "TOU": 4},
        "height": (70, 76), "weight": (225, 285),
        "arsenal": ["Punch", "Chop", "Headbutt", "Knee Strike", "Body Kick", "Clothesline",
                    "Big Boot", "Elbow Drop", "Lariat", "Leg Drop", "Eye Rake", "Body Slam"],
        "finishers": ["Lariat", "Piledriver", "DDT"],
        "merit": "Style Brawler", "word": "Brawl",
    },
    "technician": {
        "weights": {"STR": 2, "TEC": 6, "AGI": 2, "BRA": 1, "SAV": 3, "STA": 4, "TOU": 2},
        "height": (68, 74), "weight": (200, 240),
        "arsenal": ["Side Headlock", "Wristlock", "Arm Drag", "Hip Toss", "Snap Suplex",
                    "Armbar", "Hammerlock", "Neckbreaker", "German Suplex", "Boston Crab",
                    "Crossface", "Small Package"],
        "finishers": ["Figure Four Leglock", "Crossface", "German Suplex"],
        "merit": "Style Technician", "word": "Lock",
    },
    "high-flyer": {
        "weights": {"STR": 1, "TEC": 2, "AGI": 6, "BRA": 1, "SAV": 3, "STA": 4, "TOU": 2},
        "height": (64, 71), "weight": (165, 210),
        "arsenal": ["Dropkick", "Arm Drag", "Crossbody", "Headscissors Takedown",
                    "Spinning Heel Kick", "Enzuigiri", "Hurricanrana", "Tope", "Sunset Flip",
                    "Monkey Flip", "Chop", "Side Headlock"],
        "finishers": ["Moonsault", "Shooting Star Press", "Hurricanrana"],
        "merit": "Style High Flyer", "word": "Dive",
    },
    "powerhouse": {
        "weights": {"STR": 6, "TEC": 1, "AGI": 1, "BRA": 3, "SAV": 1, "STA": 3, "TOU": 5},
        "height": (74, 82), "weight": (260, 340),
        "arsenal": ["Shoulder Block", "Bearhug", "Body Slam", "Backbreaker", "Spinebuster",
                    "Powerslam", "Suplex", "Military Press Slam", "Clothesline", "Big Boot",
                    "Chop", "Atomic Drop"],
        "finishers": ["Powerbomb", "Chokeslam", "Military Press Slam"],
        "merit": "Style Powerhouse", "word": "Bomb",
    },
    "all-rounder": {
        "weights": {"STR": 3, "TEC": 3, "AGI": 3, "BRA": 3, "SAV": 3, "STA": 3, "TOU": 3},
        "height": (69, 75), "weight": (205, 250),
        "arsenal": ["Side Headlock", "Dropkick", "Body Slam", "Clothesline", "Hip Toss",
                    "Suplex", "Neckbreaker", "Crossbody", "Powerslam", "Big Boot", "Armbar",
                    "Chop"],
        "finishers": ["DDT", "Powerslam", "Spinebuster"],
        "merit": "Style Striker", "word": "Driver",
    },
}  # fmt: skip

#: By tier (jobber .. main-eventer): the attributes' total, each attribute's bounds, the size
#: of the arsenal, starting Fame and Prestige (and the seed's spread on them).
TOTALS = (72, 86, 100, 112)
BOUNDS = ((6, 14), (7, 16), (8, 18), (10, 20))
ARSENAL_SIZE = (5, 6, 7, 8)
FAME = (50, 250, 500, 800)
PRESTIGE = (0, 150, 350, 600)
#: Merits past the style's, and flaws, to draw from by tier.
EXTRA_MERITS = ((), (), ("Tough", "Iron Jaw"), ("Ring General", "Tough", "Iron Jaw"))
FLAWS = (("Green", "Glass Jaw", "Clumsy"), ("Short Temper", "Slow Starter"), (), ())


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
