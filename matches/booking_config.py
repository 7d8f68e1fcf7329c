"""The auto-booker's weights: ``matches/data/booking.yaml`` read, validated and kept once.

The weights are data a promoter may tune (``docs/booking.md`` reads each); a bad entry is
refused by name (``BookingConfigError``). A broken file is the project's fault, not a user's
request, so it is no ``Refusal``: the doors answer it as an error of the site.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, NoReturn

import yaml

from matches.models import Method
from promotion.models import FeudStatus

CONFIG_FILE = "data/booking.yaml"
BAD_CONFIG = "The booking weights ({source}) are invalid: {problem}"

#: Methods that give a winner; each needs a weight in ``contention.result_points``.
WINNING_METHODS = (
    Method.PIN,
    Method.SUBMISSION,
    Method.KNOCKOUT,
    Method.ELIMINATION,
    Method.DISQUALIFICATION,
    Method.COUNT_OUT,
)
OPENERS = ("strongest_undercard", "weakest")
STAKES_KEYS = (
    "world_title",
    "title",
    "title_rank_step",
    "feud_base",
    "feud_per_heat",
    "blowoff_bonus",
    "title_feud_bonus",
    "undercard",
)


class BookingConfigError(ValueError):
    """The booking weights file is invalid; the message names the entry."""


@dataclass(frozen=True)
class BookingConfig:
    recent_shows: int
    result_points: dict[str, int]
    loss_points: int
    draw_points: int
    blowoff_heat: int
    feud_min_heat: int
    feud_match_chance: dict[str, float]
    feud_max_per_show: int
    avoid_teammates: bool
    stakes: dict[str, int]
    opener: str
    feud_rest_shows: int = 1
    feud_blowoff_after: int = 3
    rematch_shows: int = 6
    idle_shows: int = 2
    title_rematch_shows: int = 2
    #: A man carrying this many open ARM injury points or more is rested (0: nobody is).
    rest_arm_points: int = 3


def booking_config_parse(data: Any, *, source: str = CONFIG_FILE) -> BookingConfig:
    """Validate the weights (as read from YAML) and return them; raise naming the bad entry."""

    def fail(path: str, problem: str) -> NoReturn:
        raise BookingConfigError(BAD_CONFIG.format(source=source, problem=f"{path}: {problem}"))

    def section(name: str) -> Mapping[str, Any]:
        value = data.get(name) if isinstance(data, Mapping) else None
        if not isinstance(value, Mapping):
            fail(name, "a mapping is required")
        return value

    def integer(mapping: Mapping[str, Any], path: str, key: str, minimum: int | None = None) -> int:
        value = mapping.get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            fail(f"{path}.{key}", f"an integer is required, got {value!r}")
        if minimum is not None and value < minimum:
            fail(f"{path}.{key}", f"must be at least {minimum}, got {value}")
        return value

    if not isinstance(data, Mapping):
        fail("(top)", "a mapping is required")
    contention = section("contention")
    points = contention.get("result_points")
    if not isinstance(points, Mapping):
        fail("contention.result_points", "a mapping of method to points is required")
    unknown = sorted(set(points) - set(WINNING_METHODS))
    if unknown:
        fail("contention.result_points", f"unknown methods {unknown}; known: {WINNING_METHODS}")
    result_points: dict[str, int] = {
        method: integer(points, "contention.result_points", method) for method in WINNING_METHODS
    }
    feuds = section("feuds")
    chances = feuds.get("match_chance")
    if not isinstance(chances, Mapping):
        fail("feuds.match_chance", "a mapping of feud status to a chance is required")
    match_chance = {}
    for status, chance in chances.items():
        if status not in FeudStatus.values or status == FeudStatus.ENDED:
            fail(f"feuds.match_chance.{status}", "not the status of an active feud")
        if isinstance(chance, bool) or not isinstance(chance, int | float) or not 0 <= chance <= 1:
            fail(
                f"feuds.match_chance.{status}", f"a chance from 0 to 1 is required, got {chance!r}"
            )
        match_chance[status] = float(chance)
    blowoff_heat = integer(feuds, "feuds", "blowoff_heat", 0)
    if blowoff_heat > 10:
        fail("feuds.blowoff_heat", f"heat runs from 0 to 10, got {blowoff_heat}")
    undercard = section("undercard")
    avoid = undercard.get("avoid_teammates")
    if not isinstance(avoid, bool):
        fail("undercard.avoid_teammates", f"true or false is required, got {avoid!r}")
    variety = section("variety")
    rest = section("rest")
    stakes_section = section("stakes")
    stakes = {key: integer(stakes_section, "stakes", key) for key in STAKES_KEYS}
    opener = section("card_order").get("opener")
    if not isinstance(opener, str) or opener not in OPENERS:
        fail("card_order.opener", f"one of {list(OPENERS)} is required, got {opener!r}")
    return BookingConfig(
        recent_shows=integer(contention, "contention", "recent_shows", 0),
        result_points=result_points,
        loss_points=integer(contention, "contention", "loss_points"),
        draw_points=integer(contention, "contention", "draw_points"),
        blowoff_heat=blowoff_heat,
        feud_min_heat=integer(feuds, "feuds", "min_heat", 0),
        feud_match_chance=match_chance,
        feud_max_per_show=integer(feuds, "feuds", "max_per_show", 0),
        avoid_teammates=avoid,
        stakes=stakes,
        opener=opener,
        feud_rest_shows=integer(feuds, "feuds", "rest_shows", 0),
        feud_blowoff_after=integer(feuds, "feuds", "blowoff_after", 1),
        rematch_shows=integer(variety, "variety", "rematch_shows", 0),
        idle_shows=integer(variety, "variety", "idle_shows", 1),
        title_rematch_shows=integer(variety, "variety", "title_rematch_shows", 0),
        rest_arm_points=integer(rest, "rest", "arm_points", 0),
    )


def booking_config_load(text: str, *, source: str = CONFIG_FILE) -> BookingConfig:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise BookingConfigError(BAD_CONFIG.format(source=source, problem=exc)) from None
    return booking_config_parse(data, source=source)


@lru_cache(maxsize=1)
def booking_config() -> BookingConfig:
    """The weights in ``matches/data/booking.yaml``, read and validated once."""
    text = resources.files("matches").joinpath(CONFIG_FILE).read_text(encoding="utf-8")
    return booking_config_load(text)
