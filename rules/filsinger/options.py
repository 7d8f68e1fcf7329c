"""The fourteen optional rules, by name, in the rulebook's order."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.core.errors import OptionError
from rules.core.safeyaml import clip_text

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
#: The optional rules as a booker picks them from a list, each in words (docs/cards.md and
#: docs/rules/filsinger.md), in the rulebook's order.
OPTION_WORDS: tuple[tuple[str, str], ...] = (
    (FATIGUE, "1. Fatigue: the PIN rating rises after every kick-out"),
    (FINISHER_RATINGS, "2. Finisher ratings add to the PIN rating"),
    (TAG_ON_DEFENSE, "3. Tagging out on defense"),
    (AGILITY_POWER, "4. Agility and power decide (ag) and (pw) moves"),
    (CHART_CHOICES, "5. Chart choices: another roll on a chart marked (c)"),
    (LEAVE_RING, "6. Leaving the ring on down - 3 (lv)"),
    (CHOICE_SITUATIONS, "7. Choice situations"),
    (FEUD_TABLE, "8. The Feud Table in feud matches"),
    (RINGSIDE_ALLY, "9. A ringside ally may interfere (singles)"),
    (ADD1, "10. Add 1: the defender's PIN rating rises every defense"),
    (ROLL_FINISHERS, "11. Finishers with a roll are rolled"),
    (TAG_MOVES, "12. Tag and singles moves are rolled again"),
    (DQ_MOVES, "13. Fouls (dq) risk a disqualification"),
    (DISTRACTIONS, "14. Distractions and outside interference"),
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
        shown = [clip_text(name, 40) for name in unknown[:5]]
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        raise OptionError(
            f"unknown filsinger rule option(s): {', '.join(shown)}{more}. "
            f"Valid: {', '.join(OPTION_NAMES)}, or all"
        )
    return frozenset(names)


def option_list(options: Iterable[str]) -> list[str]:
    """Options in the rulebook's order."""
    chosen = set(options)
    return [name for name in OPTION_NAMES if name in chosen]


def inapplicable(spec: Any) -> dict[str, str]:
    """The options of ``spec`` that cannot come into play in it, each with the reason: the
    match is of the wrong kind, nobody is at ringside, or no card here has an entry the rule
    reads. (``spec`` is a ``MatchSpec`` of Filsinger cards.)"""
    options = set(spec.options or ())
    tag = spec.match_type == "tag"
    cards = [p.card for p in spec.participants]
    offense = [e for card in cards for row in card.offense for e in row]
    defense = [e for card in cards for row in card.defense for e in row]
    ringside = [side.manager is not None or side.ally is not None for side in spec.sides]
    reasons: dict[str, str] = {}

    def none_has(option: str, what: str, found: bool) -> None:
        if option in options and not found:
            reasons[option] = f"no card here has {what}"

    none_has(FINISHER_RATINGS, "a finisher", any(e.kind == "finisher" for e in offense))
    if TAG_ON_DEFENSE in options:
        if not tag:
            reasons[TAG_ON_DEFENSE] = "it is for tag matches"
        elif not any(side.relationship in ("partners", "group") for side in spec.sides):
            reasons[TAG_ON_DEFENSE] = (
                "neither team is regular partners or one group (the relationship is not set)"
            )
        else:
            none_has(TAG_ON_DEFENSE, "a defensive entry marked (tag)", any(d.tag for d in defense))
    none_has(AGILITY_POWER, "a move marked (ag) or (pw)", any(e.check for e in offense))
    none_has(CHART_CHOICES, "a chart marked (c)", any(e.choice for e in offense))
    none_has(LEAVE_RING, "a 'down - 3 (lv)' entry", any(d.leave for d in defense))
    none_has(CHOICE_SITUATIONS, "an entry marked (ch)", any(e.choice_situation for e in offense))
    if FEUD_TABLE in options and not spec.feud:
        reasons[FEUD_TABLE] = "this is not a feud match"
    if RINGSIDE_ALLY in options:
        throws = [
            any(e.kind == "chart" and e.name == "ring" for row in p.card.offense for e in row)
            for p in spec.participants
        ]
        if tag:
            reasons[RINGSIDE_ALLY] = "it is for singles matches"
        elif not any(side.ally is not None for side in spec.sides):
            reasons[RINGSIDE_ALLY] = "nobody is at ringside as an ally"
        elif not any(side.ally is not None and throws[i] for i, side in enumerate(spec.sides)):
            reasons[RINGSIDE_ALLY] = "no wrestler with an ally at ringside has 'out of the ring'"
    none_has(ADD1, "a move marked Add 1", any(e.add1 for e in offense))
    none_has(ROLL_FINISHERS, "a roll finisher", any(e.roll for e in offense))
    none_has(TAG_MOVES, "a move marked (tag) or (singles)", any(e.only for e in offense))
    if DQ_MOVES in options:
        if spec.stipulations.get("no_dq"):
            reasons[DQ_MOVES] = "the match has no disqualifications"
        else:
            none_has(DQ_MOVES, "a move marked (dq)", any(e.dq is not False for e in offense))
    if DISTRACTIONS in options and not tag and not any(ringside):
        reasons[DISTRACTIONS] = "nobody is at ringside (a manager, valet or ally) to distract"
    return {name: reasons[name] for name in OPTION_NAMES if name in reasons}
