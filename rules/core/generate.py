"""Generated wrestlers: the styles, the tiers and the names every system's generator shares.

A generated card is a function of ``(system, style, tier, seed)`` (and the name it is given):
the same four give the same card, on any machine, with no Django. Each system's generator
(``rules/<system>/generate.py``) turns a ``Profile`` into the card data its ``cards.py``
accepts; ``rules.generators`` finds them by system name. The tables (the styles' moves, the
tiers' figures, the word lists) are the project's own, kept as data: ``rules/data/generate.yaml``
(the styles, the tiers and the words, read here) and ``rules/data/<system>/generate.yaml`` (each
system's figures); ``docs/cards.md``, "Generated wrestlers". Each file is read once, with the
safe YAML loader the charts are read with, and checked as they are: ``DataCheck`` refuses every
problem naming the file and the key.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from rules.core.errors import RulesError, TableError
from rules.core.safeyaml import clip, load_file
from rules.core.tables import DATA_PACKAGE, read_yaml_resource

T = TypeVar("T")

# --------------------------------------------------------------------------------------------
# The tables as data (``rules/data/generate.yaml``, ``rules/data/<system>/generate.yaml``)

#: Each generator data file's name in ``rules/data/`` (the shared tables) and in
#: ``rules/data/<system>/`` (a system's).
DATA_FILE = "generate.yaml"
#: Keys any data file may carry besides its tables: its title and the mark that it is the
#: project's own (``authored: true``), as the charts carry them.
META_KEYS = ("title", "authored")
_MISSING: Any = object()


class GeneratorDataError(TableError):
    """A generator's data file is malformed; each problem names the file and the key."""

    heading = "invalid generator data"


class DataCheck:
    """Reads a generator data file by its keys, noting every problem (``file: key.path``), so
    that ``done`` refuses them all at once; a key that is missing is reported once, where its
    mapping is read, and the value read for it is passed over."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[tuple[str, str]] = []

    def fail(self, path: str, message: str) -> None:
        self.problems.append((f"{self.source}: {path}" if path else self.source, message))

    @property
    def clean(self) -> bool:
        """No problem so far: checks across keys run only on a file whose shape is right."""
        return not self.problems

    def done(self) -> None:
        if self.problems:
            raise GeneratorDataError(self.problems)

    def mapping(
        self, value: Any, path: str, keys: Sequence[str] | None = None, meta: bool = False
    ) -> dict[str, Any]:
        """``value`` as a mapping; given ``keys``, holding each of them and no other (with
        ``meta``, a title and the authored mark may be there too). The keys come back in the
        order of ``keys`` (each there: one that is not is passed over by the checks that read
        it), or of the file."""
        if value is _MISSING or not isinstance(value, dict):
            if value is not _MISSING:
                self.fail(path, f"must be a mapping, got {clip(value)}")
            return dict.fromkeys(keys or (), _MISSING)
        if keys is None:
            return value
        allowed = (*keys, *META_KEYS) if meta else tuple(keys)
        for key in value:
            if key not in allowed:
                self.fail(join(path, str(key)), f"unknown key (the keys: {', '.join(keys)})")
        for key in keys:
            if key not in value:
                self.fail(join(path, key), "missing")
        return {key: value.get(key, _MISSING) for key in keys}

    def named(self, value: Any, path: str) -> dict[str, Any]:
        """A mapping of one entry or more by name (a text), in the file's order."""
        given = self.mapping(value, path)
        if given is value and not value:
            self.fail(path, "must name one at least")
        for key in given:
            if not isinstance(key, str) or not key.strip():
                self.fail(path, f"a name must be text, got {clip(key)}")
        return {key: row for key, row in given.items() if isinstance(key, str)}

    def rows(
        self, value: Any, path: str, names: Sequence[str], keys: Sequence[str]
    ) -> dict[str, dict[str, Any]]:
        """A row for each of ``names`` (the styles, the tiers) and no other, each a mapping of
        ``keys``; the rows in the order of ``names``."""
        given = self.mapping(value, path, names)
        return {name: self.mapping(row, join(path, name), keys) for name, row in given.items()}

    def text(self, value: Any, path: str) -> str:
        if value is not _MISSING and (not isinstance(value, str) or not value.strip()):
            self.fail(path, f"must be text, got {clip(value)}")
        return value if isinstance(value, str) else ""

    def texts(
        self, value: Any, path: str, at_least: int = 1, distinct: bool = True
    ) -> tuple[str, ...]:
        """A list of texts, at least ``at_least`` of them, each once unless not ``distinct``."""
        if value is _MISSING:
            return ()
        if not isinstance(value, list):
            self.fail(path, f"must be a list of texts, got {clip(value)}")
            return ()
        items = tuple(self.text(item, f"{path}[{i}]") for i, item in enumerate(value))
        if len(items) < at_least:
            self.fail(path, f"must hold at least {at_least}, got {len(items)}")
        if distinct:
            for i, item in enumerate(items):
                if item in items[:i]:
                    self.fail(f"{path}[{i}]", f"{clip(item)} is there twice")
        return items

    def whole(self, value: Any, path: str, low: int = 0, high: int | None = None) -> int:
        """A whole number from ``low`` to ``high`` (no bound without one)."""
        if value is _MISSING:
            return low
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or value < low
            or (high is not None and value > high)
        ):
            bound = f"from {low} to {high}" if high is not None else f"of {low} or more"
            self.fail(path, f"must be a whole number {bound}, got {clip(value)}")
            return low
        return value

    def wholes(
        self, value: Any, path: str, count: int, low: int = 0, high: int | None = None
    ) -> tuple[int, ...]:
        """A list of ``count`` whole numbers from ``low`` to ``high``."""
        if value is _MISSING:
            return (low,) * count
        if not isinstance(value, list) or len(value) != count:
            self.fail(path, f"must be a list of {count} whole numbers, got {clip(value)}")
            return (low,) * count
        return tuple(self.whole(item, f"{path}[{i}]", low, high) for i, item in enumerate(value))

    def span(self, value: Any, path: str, low: int = 0, high: int | None = None) -> tuple[int, int]:
        """``[least, most]``: two whole numbers from ``low`` to ``high``, the first no more."""
        first, last = self.wholes(value, path, 2, low, high)
        if first > last:
            self.fail(path, f"the least ({first}) must not be more than the most ({last})")
        return first, last

    def fraction(self, value: Any, path: str) -> float:
        if value is _MISSING:
            return 0.0
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
            self.fail(path, f"must be a number from 0 to 1, got {clip(value)}")
            return 0.0
        return value

    def choice(self, value: Any, path: str, options: Sequence[T]) -> T:
        if value is _MISSING:
            return options[0]
        if value not in options:
            words = ", ".join("none" if o is None else str(o) for o in options)
            self.fail(path, f"must be one of {words}, got {clip(value)}")
            return options[0]
        return value  # type: ignore[no-any-return]


def join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def read_data(
    relative: str, build: Callable[[Any, DataCheck], T], path: str | Path | None = None
) -> T:
    """The tables ``build`` makes of a generator data file, checked: the packaged
    ``rules/data/<relative>``, read as the charts are (``rules.core.tables``) and once a
    process, or given ``path``, that file (an edited copy, a test's), read as a user's YAML is
    (``rules.core.safeyaml``). A file that is no YAML is refused by the loader (``YamlError``),
    one that does not hold the tables by ``GeneratorDataError``; both name the file."""
    if path is None:
        return _read_packaged(relative, build)
    return _read(str(path), load_file(path), build)


@functools.cache
def _read_packaged(relative: str, build: Callable[[Any, DataCheck], T]) -> T:
    return _read(f"rules/data/{relative}", read_yaml_resource(DATA_PACKAGE, relative), build)


def _read(source: str, data: Any, build: Callable[[Any, DataCheck], T]) -> T:
    check = DataCheck(source)
    tables = build(data, check)
    check.done()
    return tables


@dataclass(frozen=True)
class SharedTables:
    """``rules/data/generate.yaml``: the styles and tiers (each with its words), each tier's
    share of a generated roster and starting (Fame, Prestige), and the word lists."""

    styles: tuple[tuple[str, str], ...]
    tiers: tuple[tuple[str, str], ...]
    shares: tuple[float, ...]
    starting: dict[str, tuple[int, int]]
    first_names: tuple[str, ...]
    last_names: tuple[str, ...]
    nicknames: tuple[str, ...]
    nickname_forms: dict[str, dict[str, str]]
    she_names: frozenset[str]
    they_names: frozenset[str]
    towns: tuple[str, ...]
    promotion_words: tuple[str, ...]


SHARED_KEYS = (
    "styles",
    "tiers",
    "first_names",
    "last_names",
    "nicknames",
    "nickname_forms",
    "she_names",
    "they_names",
    "towns",
    "promotion_words",
)
TIER_KEYS = ("words", "share", "fame", "prestige")


def build_shared(data: Any, check: DataCheck) -> SharedTables:
    top = check.mapping(data, "", SHARED_KEYS, meta=True)
    styles = check.named(top["styles"], "styles")
    tiers = {
        name: check.mapping(row, join("tiers", name), TIER_KEYS)
        for name, row in check.named(top["tiers"], "tiers").items()
    }
    first = check.texts(top["first_names"], "first_names")
    she = check.texts(top["she_names"], "she_names", at_least=0)
    they = check.texts(top["they_names"], "they_names", at_least=0)
    for key, names in (("she_names", she), ("they_names", they)):
        for i, name in enumerate(names):
            if name not in first:
                check.fail(f"{key}[{i}]", f"{clip(name)} is not one of first_names")
            elif key == "they_names" and name in she:
                check.fail(f"{key}[{i}]", f"{clip(name)} is in she_names too")
    nicknames = check.texts(top["nicknames"], "nicknames")
    forms = check.mapping(top["nickname_forms"], "nickname_forms", ("she", "they"))
    nickname_forms: dict[str, dict[str, str]] = {}
    for pronoun, given in forms.items():
        path = join("nickname_forms", pronoun)
        nickname_forms[pronoun] = {}
        for nickname, form in check.named(given, path).items():
            if nickname not in nicknames:
                check.fail(join(path, nickname), f"{clip(nickname)} is not one of nicknames")
            nickname_forms[pronoun][nickname] = check.text(form, join(path, nickname))
    return SharedTables(
        styles=tuple(
            (name, check.text(words, join("styles", name))) for name, words in styles.items()
        ),
        tiers=tuple(
            (name, check.text(row["words"], f"tiers.{name}.words")) for name, row in tiers.items()
        ),
        shares=tuple(
            check.fraction(row["share"], f"tiers.{name}.share") for name, row in tiers.items()
        ),
        starting={
            name: (
                check.whole(row["fame"], f"tiers.{name}.fame"),
                check.whole(row["prestige"], f"tiers.{name}.prestige"),
            )
            for name, row in tiers.items()
        },
        first_names=first,
        last_names=check.texts(top["last_names"], "last_names"),
        nicknames=nicknames,
        nickname_forms=nickname_forms,
        she_names=frozenset(she),
        they_names=frozenset(they),
        towns=check.texts(top["towns"], "towns"),
        promotion_words=check.texts(top["promotion_words"], "promotion_words"),
    )


def load_shared(path: str | Path | None = None) -> SharedTables:
    """The shared tables: the packaged ``rules/data/generate.yaml`` (read once), or given
    ``path``, that file, checked the same way."""
    return read_data(DATA_FILE, build_shared, path)


SHARED = load_shared()
#: The styles, each with its words.
STYLES: tuple[tuple[str, str], ...] = SHARED.styles
STYLE_NAMES: tuple[str, ...] = tuple(name for name, _ in STYLES)
#: The tiers from the bottom of the card to its top, each with its words.
TIERS: tuple[tuple[str, str], ...] = SHARED.tiers
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


#: A style or tier may be written without its hyphen ("highflyer", "maineventer").
_UNHYPHENATED_STYLES = {name.replace("-", ""): name for name in STYLE_NAMES}
_UNHYPHENATED_TIERS = {name.replace("-", ""): name for name in TIER_NAMES}


def norm_style(value: object) -> str:
    text = (
        value.strip().lower().replace("_", "-").replace(" ", "-") if isinstance(value, str) else ""
    )
    text = _UNHYPHENATED_STYLES.get(text, text)
    if text not in STYLE_NAMES:
        raise GenerateError("style", f"must be one of {', '.join(STYLE_NAMES)}, got {clip(value)}")
    return text


def norm_tier(value: object) -> str:
    text = (
        value.strip().lower().replace("_", "-").replace(" ", "-") if isinstance(value, str) else ""
    )
    text = _UNHYPHENATED_TIERS.get(text, text)
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
# Names (the project's own word lists, ``rules/data/generate.yaml``)

FIRST_NAMES: tuple[str, ...] = SHARED.first_names
LAST_NAMES: tuple[str, ...] = SHARED.last_names
NICKNAMES: tuple[str, ...] = SHARED.nicknames
#: A nickname's form for a wrestler called "she" or "they" ("The Duke": "The Duchess").
NICKNAME_FORMS: dict[str, dict[str, str]] = SHARED.nickname_forms
TOWNS: tuple[str, ...] = SHARED.towns
PROMOTION_WORDS: tuple[str, ...] = SHARED.promotion_words


def ring_name(seed: int, index: int = 0) -> str:
    """A ring name from the word lists, the same for the same ``seed`` and ``index``; about one
    in four carries a nickname in quotes (``Cassius "The Anvil" Thorne``), in its form for the
    first name's pronouns (``Vera "The Duchess" Thorne``: ``NICKNAME_FORMS``)."""
    rng = rng_for("name", seed, index)
    first, last = pick(rng, FIRST_NAMES), pick(rng, LAST_NAMES)
    if rng.random() < 0.25:
        nickname = pick(rng, NICKNAMES)
        nickname = NICKNAME_FORMS.get(pronouns(first), {}).get(nickname, nickname)
        return f'{first} "{nickname}" {last}'
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
SHE_NAMES: frozenset[str] = SHARED.she_names
THEY_NAMES: frozenset[str] = SHARED.they_names


def pronouns(name: str) -> str:
    """``he``, ``she`` or ``they`` for a generated ring name, by its first name."""
    first = name.split()[0] if name.split() else ""
    return "she" if first in SHE_NAMES else "they" if first in THEY_NAMES else "he"


#: A signing's starting Fame and Prestige by tier (the seed adds up to a quarter more).
STARTING: dict[str, tuple[int, int]] = SHARED.starting


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
    tiers: list[str] = []
    for tier, share in zip(TIER_NAMES, SHARED.shares, strict=True):
        tiers += [tier] * max(1, round(count * share)) if count >= len(TIER_NAMES) else []
    while len(tiers) < count:
        tiers.append(TIER_NAMES[len(tiers) % len(TIER_NAMES)])
    tiers = tiers[:count]
    rng.shuffle(tiers)
    styles = [STYLE_NAMES[i % len(STYLE_NAMES)] for i in range(count)]
    rng.shuffle(styles)
    return list(zip(styles, tiers, strict=True))


__all__ = [
    "DATA_FILE",
    "MAX_SEED",
    "STYLES",
    "STYLE_NAMES",
    "TIERS",
    "TIER_NAMES",
    "DataCheck",
    "GenerateError",
    "GeneratorDataError",
    "Profile",
    "SharedTables",
    "hometown",
    "load_shared",
    "member_seed",
    "pick",
    "profile",
    "pronouns",
    "read_data",
    "ring_name",
    "ring_names",
    "rng_for",
    "roster_plan",
    "starting_standing",
]
