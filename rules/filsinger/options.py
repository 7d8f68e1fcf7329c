"""The fourteen optional rules, by name, in the rulebook's order."""

from __future__ import annotations

from collections.abc import Iterable

from rules.core.errors import OptionError

FATIGUE = "fatigue"
FINISHER_RATINGS = "finisher_ratings"
TAG_ON_DEFENSE = "tag_on_defense"
AGILITY_POWER = "agility_power"
CHART_CHOICES = "chart_choices"
LEAVE_RING = "leave_ring"
CHOICE_SITUATIONS = "choice_situations"
FEUD_TABLE = "feud_table"
RINGSIDE_ALLY = "ringside_ally"
ADD1 = "add1"
ROLL_FINISHERS = "roll_finishers"
TAG_MOVES = "tag_moves"
DQ_MOVES = "dq_moves"
DISTRACTIONS = "distractions"

OPTION_NAMES: tuple[str, ...] = (
    FATIGUE,
    FINISHER_RATINGS,
    TAG_ON_DEFENSE,
    AGILITY_POWER,
    CHART_CHOICES,
    LEAVE_RING,
    CHOICE_SITUATIONS,
    FEUD_TABLE,
    RINGSIDE_ALLY,
    ADD1,
    ROLL_FINISHERS,
    TAG_MOVES,
    DQ_MOVES,
    DISTRACTIONS,
)

BASIC = frozenset[str]()
ALL = frozenset(OPTION_NAMES)


def parse_options(value: str | Iterable[str] | None) -> frozenset[str]:
    """ "fatigue,feud_table", "all", "basic"/"" (none), the rule numbers "1,4", or an iterable."""
    if value is None:
        return BASIC
    items = value.split(",") if isinstance(value, str) else list(value)
    names: set[str] = set()
    unknown: list[str] = []
    for item in items:
        name = str(item).strip().lower().replace("-", "_")
        if not name or name in ("basic", "none"):
            continue
        if name == "all":
            names.update(OPTION_NAMES)
        elif name in OPTION_NAMES:
            names.add(name)
        elif name.isdigit() and 1 <= int(name) <= len(OPTION_NAMES):
            names.add(OPTION_NAMES[int(name) - 1])
        else:
            unknown.append(str(item).strip())
    if unknown:
        raise OptionError(
            f"unknown filsinger rule option(s): {', '.join(unknown)}. "
            f"Valid: {', '.join(OPTION_NAMES)}, or all"
        )
    return frozenset(names)


def option_list(options: Iterable[str]) -> list[str]:
    """Options in the rulebook's order."""
    chosen = set(options)
    return [name for name in OPTION_NAMES if name in chosen]
