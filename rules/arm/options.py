"""The ARM match options, by name: the conditions a promoter sets for one match.

Every rule of the chapter is always in play; the options set the match's conditions:

- ``cage`` or ``cage=chainlink|pipe``: a steel cage (chainlink +2 damage, steel pipe +10);
  ``internal_cage`` puts it flush with the apron (no leaving the ring, no ropes to run off);
  ``escape`` makes leaving the cage a way to win;
- ``no_dq``: no disqualifications (the referee still counts the falls);
- ``no_count_out``: no count-outs;
- ``over_top_dq``: throwing a man over the top rope is an automatic disqualification;
- ``time_limit=N``: a time limit in rounds (6 a minute);
- ``referee=N``: the referee's Skill (default 12); ``warnings=N``: his threshold of warnings;
- ``no_edge``: neither wrestler may spend Edge.

``all`` and ``basic`` name the standard match (every rule of the chapter, no options).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from rules.core.errors import OptionError

OPTION_NAMES: tuple[str, ...] = (
    "cage",
    "internal_cage",
    "escape",
    "no_dq",
    "no_count_out",
    "over_top_dq",
    "time_limit",
    "referee",
    "warnings",
    "no_edge",
)
#: The optional rules as a booker picks them from a list, each in words (docs/rules/arm.md);
#: those that take a number of the booker's (``time_limit=N``, ``referee=N``, ``warnings=N``)
#: are not among them.
OPTION_WORDS: tuple[tuple[str, str], ...] = (
    ("cage", "Steel cage, chain-link (+2 damage as a weapon)"),
    ("cage=pipe", "Steel cage, steel pipe (+10 damage as a weapon)"),
    ("internal_cage", "The cage flush with the apron: no leaving the ring, no ropes"),
    ("escape", "Climbing out of the cage wins"),
    ("no_dq", "No disqualifications"),
    ("no_count_out", "No count-outs"),
    ("over_top_dq", "Over the top rope is a disqualification"),
    ("no_edge", "Nobody may spend Edge"),
)
FLAGS = ("internal_cage", "escape", "no_dq", "no_count_out", "over_top_dq", "no_edge")
MATERIALS = ("chainlink", "pipe")
_NUMBERS = {"time_limit": (1, 10000), "referee": (1, 20), "warnings": (0, 20)}


@dataclass(frozen=True, slots=True)
class ArmOptions:
    """The options of one match. Iterates as the option strings (``cage=pipe``, ``no_dq``);
    ``"cage" in options`` asks whether an option is on."""

    cage: str | None = None
    internal_cage: bool = False
    escape: bool = False
    no_dq: bool = False
    no_count_out: bool = False
    over_top_dq: bool = False
    time_limit: int | None = None
    referee: int | None = None
    warnings: int | None = None
    no_edge: bool = False

    def __iter__(self) -> Iterator[str]:
        if self.cage is not None:
            yield "cage" if self.cage == MATERIALS[0] else f"cage={self.cage}"
        for name in FLAGS:
            if getattr(self, name):
                yield name
        for name in _NUMBERS:
            value = getattr(self, name)
            if value is not None:
                yield f"{name}={value}"

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        key = name.split("=", 1)[0]
        if key not in OPTION_NAMES:
            return False
        value = getattr(self, key)
        return value not in (None, False)

    def __len__(self) -> int:
        return sum(1 for _ in self)


STANDARD = ArmOptions()


def parse_options(value: str | Iterable[str] | ArmOptions | None) -> ArmOptions:
    """ "cage=pipe,escape", "time_limit=60", an iterable of such strings, "all"/"basic"/""."""
    if isinstance(value, ArmOptions):
        return value
    if value is None:
        return STANDARD
    items = value.split(",") if isinstance(value, str) else list(value)
    fields: dict[str, object] = {}
    problems: list[str] = []
    for item in items:
        text = str(item).strip()
        if not text or text.lower() in ("all", "basic", "none", "standard"):
            continue
        name, _, arg = text.partition("=")
        name = name.strip().lower().replace("-", "_")
        arg = arg.strip().lower()
        if name == "cage":
            material = arg or MATERIALS[0]
            if material not in MATERIALS:
                problems.append(f"cage={arg}: the cage is chainlink or pipe")
                continue
            fields["cage"] = material
        elif name in FLAGS:
            if arg:
                problems.append(f"{text}: {name} takes no value")
                continue
            fields[name] = True
        elif name in _NUMBERS:
            lo, hi = _NUMBERS[name]
            if not arg.isdigit() or not lo <= int(arg) <= hi:
                problems.append(f"{text}: {name} needs a whole number from {lo} to {hi}")
                continue
            fields[name] = int(arg)
        else:
            problems.append(f"unknown option {text!r}")
    if problems:
        raise OptionError(
            f"arm options: {'; '.join(problems)}. Valid: cage[=chainlink|pipe], "
            + ", ".join(FLAGS)
            + ", time_limit=N, referee=N, warnings=N, or all"
        )
    if (fields.get("internal_cage") or fields.get("escape")) and "cage" not in fields:
        fields["cage"] = MATERIALS[0]
    return ArmOptions(**fields)  # type: ignore[arg-type]
