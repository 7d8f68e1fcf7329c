"""Generated wrestlers: the styles, the tiers and the names every system's generator shares.

A generated card is a function of ``(system, style, tier, seed)`` (and the name it is given):
the same four give the same card, on any machine, with no Django. Each system's generator
(``rules/<system>/generate.py``) turns a ``Profile`` into the card data its ``cards.py``
accepts; ``rules.generators`` finds them by system name. The tables (the styles' moves, the
tiers' figures, the word lists) are the project's own: ``docs/cards.md``, "Generated wrestlers".
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from rules.core.errors import RulesError
from rules.core.safeyaml import clip

T = TypeVar("T")

#: The styles, each with its words.
STYLES: tuple[tuple[str, str], ...] = (
    ("brawler", "Brawler: strikes, the outside of the ring and a few dirty tricks"),
    ("technician", "Technician: holds, suplexes and submissions"),
    ("high-flyer", "High-flyer: dives, kicks and the top rope"),
    ("powerhouse", "Powerhouse: slams, lifts and raw strength"),
    ("all-rounder", "All-rounder: a little of everything"),
)
STYLE_NAMES: tuple[str, ...] = tuple(name for name, _ in STYLES)

#: The tiers from the bottom of the card to its top, each with its words.
TIERS: tuple[tuple[str, str], ...] = (
    ("jobber", "Jobber: loses to nearly everyone"),
    ("mid-carder", "Mid-carder: the middle of the card"),
    ("upper-carder", "Upper-carder: a contender"),
    ("main-eventer", "Main-eventer: the top of the card"),
)
TIER_NAMES: tuple[str, ...] = tuple(name for name, _ in TIERS)

#: The most a seed may be (stored as a positive 32-bit number).
MAX_SEED = 2**31 - 1


class GenerateError(RulesError, ValueError):
    """A generator was asked for a style, tier or seed it does not know; ``by_field`` names it."""

    def __init__(self, field: str, message: str) -> None:
        self.by_field = ((field, message),)
        super().__init__(f"{field}: {message}")


@dataclass(frozen=True)
class Profile:
    """What a system's generator is given: the style, the tier (and its rank, 0 for a jobber
    to 3 for a main-eventer), the name and a seeded random source of its own."""

    style: str
    tier: str
    seed: int
    name: str
    rng: random.Random

    @property
    def rank(self) -> int:
        return TIER_NAMES.index(self.tier)


def norm_style(value: object) -> str:
    text = (
        value.strip().lower().replace("_", "-").replace(" ", "-") if isinstance(value, str) else ""
    )
    if text == "highflyer":
        text = "high-flyer"
    if text == "allrounder":
        text = "all-rounder"
    if text not in STYLE_NAMES:
        raise GenerateError("style", f"must be one of {', '.join(STYLE_NAMES)}, got {clip(value)}")
    return text


def norm_tier(value: object) -> str:
    text = (
        value.strip().lower().replace("_", "-").replace(" ", "-") if isinstance(value, str) else ""
    )
    text = {"midcarder": "mid-carder", "uppercarder": "upper-carder"}.get(text, text)
    text = {"maineventer": "main-eventer"}.get(text, text)
    if text not in TIER_NAMES:
        raise GenerateError("tier", f"must be one of {', '.join(TIER_NAMES)}, got {clip(value)}")
    return text


def norm_seed(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise GenerateError(
            "seed", f"must be a whole number from 0 to {MAX_SEED}, got {clip(value)}"
        )
    return value


def rng_for(*parts: object) -> random.Random:
    """A random source seeded by a text made of ``parts`` (reproducible across runs and
    machines: ``random.Random`` seeded by a ``str`` hashes it with SHA-512)."""
    return random.Random("/".join(str(p) for p in parts))


def profile(
    system: str, style: object, tier: object, seed: object, name: str | None = None
) -> Profile:
    """The checked profile a system's generator works from (a name made up from the seed when
    none is given)."""
    style_name, tier_name, seed_value = norm_style(style), norm_tier(tier), norm_seed(seed)
    if name is not None and (not isinstance(name, str) or not name.strip()):
        raise GenerateError("name", "must be the wrestler's name")
    given = name.strip() if name is not None else ring_name(seed_value)
    return Profile(
        style=style_name,
        tier=tier_name,
        seed=seed_value,
        name=given,
        rng=rng_for(system, style_name, tier_name, seed_value),
    )


def pick(rng: random.Random, items: Sequence[T]) -> T:
    return items[rng.randrange(len(items))]


def sample(rng: random.Random, items: Sequence[T], k: int) -> list[T]:
    return rng.sample(list(items), k)


# --------------------------------------------------------------------------------------------
# Names (the project's own word lists)

FIRST_NAMES: tuple[str, ...] = (
    "Abel", "Ada", "Ansel", "Barnaby", "Beau", "Blaise", "Brock", "Cassius", "Cleo", "Cormac",
    "Dax", "Della", "Desmond", "Edie", "Emmett", "Ezra", "Fergus", "Flint", "Gemma", "Gus",
    "Hank", "Harlan", "Ida", "Imogen", "Jasper", "Jolene", "Kasimir", "Kit", "Lachlan", "Lena",
    "Lucius", "Mabel", "Magnus", "Marlowe", "Nell", "Nico", "Odessa", "Otis", "Pearl", "Quinn",
    "Rafe", "Regan", "Roscoe", "Rosalind", "Sable", "Saul", "Tamsin", "Thatcher", "Una",
    "Vance", "Vera", "Wade", "Wren", "Xavier", "Yara", "Zane", "Zora",
)  # fmt: skip
LAST_NAMES: tuple[str, ...] = (
    "Ashgrove", "Baxter", "Blackburn", "Bramble", "Calloway", "Carver", "Colt", "Crowley",
    "Dane", "Drummond", "Ember", "Fairweather", "Falk", "Garrick", "Gentry", "Halloran",
    "Hatch", "Ironside", "Jessup", "Kestrel", "Kincaid", "Larkin", "Locke", "Mallory", "Marsh",
    "McCready", "Nightingale", "Oakes", "Orcutt", "Pryce", "Quarry", "Radcliffe", "Rook",
    "Saltonstall", "Sterling", "Stroud", "Tallis", "Thorne", "Upton", "Vale", "Voss", "Wilder",
    "Winslow", "Wolfe", "Yardley", "Zimmer",
)  # fmt: skip
NICKNAMES: tuple[str, ...] = (
    "The Anvil", "Hurricane", "The Professor", "Lightning", "Mad Dog", "The Duke", "Bulldozer",
    "Sparrow", "The Surgeon", "Iron", "Wildcat", "The Outlaw", "Cannonball", "Silk", "Thunder",
    "The Viper", "Rocket", "Gentleman", "Bonecrusher", "Comet",
)  # fmt: skip
TOWNS: tuple[str, ...] = (
    "Amarillo, Texas", "Asheville, North Carolina", "Boise, Idaho", "Butte, Montana",
    "Calgary, Alberta", "Cork, Ireland", "Dayton, Ohio", "Duluth, Minnesota",
    "El Paso, Texas", "Glasgow, Scotland", "Halifax, Nova Scotia", "Hamilton, Ontario",
    "Knoxville, Tennessee", "Leeds, England", "Memphis, Tennessee", "Mobile, Alabama",
    "Monterrey, Mexico", "Omaha, Nebraska", "Pittsburgh, Pennsylvania", "Portland, Maine",
    "Reno, Nevada", "Savannah, Georgia", "Spokane, Washington", "Swansea, Wales",
    "Tacoma, Washington", "Tulsa, Oklahoma", "Wichita, Kansas", "Winnipeg, Manitoba",
)  # fmt: skip
PROMOTION_WORDS: tuple[str, ...] = (
    "Iron", "Harbour", "Summit", "Crown", "Frontier", "Thunder", "Granite", "Riverside",
    "Lakeshore", "Northern", "Prairie", "Steel", "Empire", "Coastal", "Union",
)  # fmt: skip


def ring_name(seed: int, index: int = 0) -> str:
    """A ring name from the word lists, the same for the same ``seed`` and ``index``; about one
    in four carries a nickname in quotes (``Cassius "The Anvil" Thorne``)."""
    rng = rng_for("name", seed, index)
    first, last = pick(rng, FIRST_NAMES), pick(rng, LAST_NAMES)
    if rng.random() < 0.25:
        return f'{first} "{pick(rng, NICKNAMES)}" {last}'
    return f"{first} {last}"


def ring_names(seed: int, count: int) -> list[str]:
    """``count`` different ring names for one roster (different by their words, case aside)."""
    names: list[str] = []
    seen: set[str] = set()
    index = 0
    while len(names) < count:
        name = ring_name(seed, index)
        index += 1
        key = name.replace('"', "").lower()
        plain = " ".join(w for w in name.split() if not w.startswith('"'))
        if key in seen or plain.lower() in seen:
            continue
        seen.add(key)
        seen.add(plain.lower())
        names.append(name)
    return names


#: The first names the play-by-play calls "she", and those it calls "they"; the rest "he".
SHE_NAMES = frozenset(
    {
        "Ada", "Cleo", "Della", "Edie", "Gemma", "Ida", "Imogen", "Jolene", "Lena", "Mabel",
        "Nell", "Odessa", "Pearl", "Rosalind", "Tamsin", "Una", "Vera", "Wren", "Yara", "Zora",
    }
)  # fmt: skip
THEY_NAMES = frozenset({"Kit", "Marlowe", "Quinn", "Regan", "Sable"})


def pronouns(name: str) -> str:
    """``he``, ``she`` or ``they`` for a generated ring name, by its first name."""
    first = name.split()[0] if name.split() else ""
    return "she" if first in SHE_NAMES else "they" if first in THEY_NAMES else "he"


#: A signing's starting Fame and Prestige by tier (the seed adds up to a quarter more).
STARTING = {
    "jobber": (100, 50),
    "mid-carder": (300, 200),
    "upper-carder": (550, 400),
    "main-eventer": (850, 650),
}


def starting_standing(tier: str, seed: int, index: int = 0) -> tuple[int, int]:
    """Starting (Fame, Prestige) for a generated signing of ``tier``: the tiers never overlap."""
    fame, prestige = STARTING[norm_tier(tier)]
    rng = rng_for("standing", seed, index)
    return fame + rng.randrange(fame // 4 + 1), prestige + rng.randrange(prestige // 4 + 1)


def member_seed(seed: int, index: int) -> int:
    """The card seed of a generated roster's ``index``-th wrestler (a roster's ``seed``)."""
    return rng_for("member", seed, index).randrange(MAX_SEED + 1)


def hometown(seed: int, index: int = 0) -> str:
    return pick(rng_for("town", seed, index), TOWNS)


def roster_plan(seed: int, count: int) -> list[tuple[str, str]]:
    """Styles and tiers for a generated roster of ``count``: every style in turn, and the tiers
    shaped like a card (a few main-eventers, more mid-carders), shuffled by the seed."""
    rng = rng_for("roster", seed, count)
    shares = (0.25, 0.35, 0.25, 0.15)
    tiers: list[str] = []
    for tier, share in zip(TIER_NAMES, shares, strict=True):
        tiers += [tier] * max(1, round(count * share)) if count >= 4 else []
    while len(tiers) < count:
        tiers.append(TIER_NAMES[len(tiers) % 4])
    tiers = tiers[:count]
    rng.shuffle(tiers)
    styles = [STYLE_NAMES[i % len(STYLE_NAMES)] for i in range(count)]
    rng.shuffle(styles)
    return list(zip(styles, tiers, strict=True))


__all__ = [
    "MAX_SEED",
    "STYLES",
    "STYLE_NAMES",
    "TIERS",
    "TIER_NAMES",
    "GenerateError",
    "Profile",
    "hometown",
    "member_seed",
    "pick",
    "profile",
    "pronouns",
    "ring_name",
    "ring_names",
    "rng_for",
    "roster_plan",
    "starting_standing",
]
