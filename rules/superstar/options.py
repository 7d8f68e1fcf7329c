"""The Superstar rule options: ``referee``, ``time_limit=N``, ``tag_level=1|2|3`` and
``grudge=texas_death|steel_cage``.

Options come as strings ("referee,tag_level=2"), an iterable of strings (a match's stored rule
options) or ``all``. They parse into one frozen ``SuperstarOptions`` that iterates and compares
as the normalised strings (``"referee"``, ``"time_limit=60"``), so it stores as a JSON list and
reads back the same; ``"name" in options`` asks whether an option is set at all.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from rules.core.errors import OptionError
from rules.core.text import counted

REFEREE = "referee"
TIME_LIMIT = "time_limit"
TAG_LEVEL = "tag_level"
GRUDGE = "grudge"
OPTION_NAMES: tuple[str, ...] = (REFEREE, TIME_LIMIT, TAG_LEVEL, GRUDGE)
#: The optional rules as a booker picks them from a list, each in words
#: (docs/rules/superstar.md); the time limit, which takes a number, is not among them.
OPTION_WORDS: tuple[tuple[str, str], ...] = (
    ("referee", "The referee rules"),
    ("tag_level=1", "Tag rules, level 1"),
    ("tag_level=2", "Tag rules, level 2"),
    ("tag_level=3", "Tag rules, level 3"),
    ("grudge=texas_death", "Grudge match: the Texas death chart"),
    ("grudge=steel_cage", "Grudge match: the steel cage chart"),
)

TEXAS_DEATH = "texas_death"
STEEL_CAGE = "steel_cage"
GRUDGE_CHARTS: tuple[str, ...] = (TEXAS_DEATH, STEEL_CAGE)
#: ``time_limit=0`` (or ``none``, ``unlimited``): no time limit.
UNLIMITED = 0
TAG_LEVELS = (1, 2, 3)

_USAGE = (
    "Valid: referee, time_limit=N (rounds; 0 for none), tag_level=1|2|3, "
    "grudge=texas_death|steel_cage, or all"
)


@dataclass(frozen=True, slots=True)
class SuperstarOptions:
    """The options of one match. ``None`` leaves a setting to the match type's default."""

    referee: bool = False
    time_limit: int | None = None
    tag_level: int | None = None
    grudge: str | None = None

    def names(self) -> tuple[str, ...]:
        """The normalised strings, in the order of ``OPTION_NAMES``."""
        out: list[str] = []
        if self.referee:
            out.append(REFEREE)
        if self.time_limit is not None:
            out.append(f"{TIME_LIMIT}={self.time_limit}")
        if self.tag_level is not None:
            out.append(f"{TAG_LEVEL}={self.tag_level}")
        if self.grudge is not None:
            out.append(f"{GRUDGE}={self.grudge}")
        return tuple(out)

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def __len__(self) -> int:
        return len(self.names())

    def __contains__(self, item: object) -> bool:
        if not isinstance(item, str):
            return False
        name = item.split("=", 1)[0].strip()
        if name == REFEREE:
            return self.referee
        if name in (TIME_LIMIT, TAG_LEVEL, GRUDGE):
            value = getattr(self, name)
            if value is None:
                return False
            return "=" not in item or item == f"{name}={value}"
        return False

    def __str__(self) -> str:
        return ",".join(self.names()) or "standard match"


BASIC = SuperstarOptions()
#: ``all``: every optional rule that applies whatever the match: the referee factor and the
#: advanced tag-team rules (Level 2, read as Level 3 in a three-man match). A time limit and a
#: grudge chart are settings, not rules, so ``all`` leaves them alone.
ALL = SuperstarOptions(referee=True, tag_level=2)


def parse_options(value: str | Iterable[str] | SuperstarOptions | None) -> SuperstarOptions:
    """Parse option names; raise ``OptionError`` naming every unknown or bad one."""
    if isinstance(value, SuperstarOptions):
        return value
    if value is None:
        return BASIC
    items = value.split(",") if isinstance(value, str) else list(value)
    referee = False
    time_limit: int | None = None
    tag_level: int | None = None
    grudge: str | None = None
    bad: list[str] = []
    for item in items:
        text = str(item).strip()
        lowered = text.lower().replace("-", "_")
        if not lowered or lowered in ("basic", "none", "standard"):
            continue
        name, _, raw = lowered.partition("=")
        name, raw = name.strip(), raw.strip()
        if name == "all" and not raw:
            referee = True
            tag_level = tag_level or ALL.tag_level
        elif name == REFEREE and not raw:
            referee = True
        elif name == TIME_LIMIT:
            if raw in ("none", "unlimited", "0"):
                time_limit = UNLIMITED
            elif raw.isdigit() and 1 <= int(raw) <= 10_000:
                time_limit = int(raw)
            else:
                bad.append(f"{text} (a time limit is a number of rounds, 1 to 10000, or 0)")
        elif name == TAG_LEVEL:
            if raw.isdigit() and int(raw) in TAG_LEVELS:
                tag_level = int(raw)
            else:
                bad.append(f"{text} (the tag level is 1, 2 or 3)")
        elif name == GRUDGE:
            if raw in GRUDGE_CHARTS:
                grudge = raw
            else:
                bad.append(f"{text} (the grudge chart is texas_death or steel_cage)")
        else:
            bad.append(text)
    if bad:
        raise OptionError(f"unknown superstar rule option(s): {', '.join(bad)}. {_USAGE}")
    return SuperstarOptions(
        referee=referee, time_limit=time_limit, tag_level=tag_level, grudge=grudge
    )


TAG_MATCH_TYPES = ("tag", "three_man_tag")
#: The chart a grudge match type plays whatever the option says.
OWN_CHART = {"steel_cage": STEEL_CAGE, "texas_death": TEXAS_DEATH}


def inapplicable(spec) -> dict[str, str]:
    """The options of ``spec`` that cannot come into play in it, each with the reason (the
    engine ignores them): a tag level outside a tag match, a grudge chart on a match that is
    not one-on-one or plays its own chart, a time limit under the match's own."""
    options = parse_options(spec.options)
    reasons: dict[str, str] = {}
    if options.tag_level is not None and spec.match_type not in TAG_MATCH_TYPES:
        reasons[TAG_LEVEL] = "it is for tag and three-man tag matches"
    if options.grudge is not None:
        own = OWN_CHART.get(spec.match_type)
        if spec.match_type in TAG_MATCH_TYPES or spec.match_type == "battle_royal":
            reasons[GRUDGE] = "the grudge charts are for one-on-one matches"
        elif own is not None and own != options.grudge:
            reasons[GRUDGE] = f"a {spec.match_type} match plays its own chart"
    if options.time_limit is not None and spec.time_limit is not None:
        reasons[TIME_LIMIT] = (
            f"the match's own time limit ({counted(spec.time_limit, 'rounds')}) stands"
        )
    return {name: reasons[name] for name in OPTION_NAMES if name in reasons}
