"""The card generators by system name (``rules.core.generate``; ``docs/cards.md``, "Generated
wrestlers"): ``generate_card("superstar", "brawler", "main-eventer", 7, name="Kit Vale")`` gives
card data that the system's ``parse_card`` accepts. Django-free, like the engines."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.arm import generate as _arm
from rules.core.generate import (
    MAX_SEED,
    STYLE_NAMES,
    STYLES,
    TIER_NAMES,
    TIERS,
    GenerateError,
    hometown,
    member_seed,
    norm_style,
    norm_tier,
    pronouns,
    ring_name,
    ring_names,
    roster_plan,
    starting_standing,
)
from rules.core.safeyaml import clip
from rules.filsinger import generate as _filsinger
from rules.superstar import generate as _superstar

Generator = Callable[..., dict[str, Any]]

generators: dict[str, Generator] = {
    _filsinger.SYSTEM: _filsinger.generate,
    _superstar.SYSTEM: _superstar.generate,
    _arm.SYSTEM: _arm.generate,
}


def generate_card(
    system: str, style: object, tier: object, seed: object, name: str | None = None
) -> dict[str, Any]:
    """A generated card's data for ``system``; a ``GenerateError`` names the field it refuses."""
    make = generators.get(system) if isinstance(system, str) else None
    if make is None:
        raise GenerateError(
            "system", f"must be one of {', '.join(sorted(generators))}, got {clip(system)}"
        )
    return make(style, tier, seed, name)


__all__ = [
    "MAX_SEED",
    "STYLES",
    "STYLE_NAMES",
    "TIERS",
    "TIER_NAMES",
    "GenerateError",
    "generate_card",
    "generators",
    "hometown",
    "member_seed",
    "norm_style",
    "norm_tier",
    "pronouns",
    "ring_name",
    "ring_names",
    "roster_plan",
    "starting_standing",
]
