"""Generated wrestlers on the roster: a generated card for a wrestler who has none of a system,
and a generated roster signed whole (the first step of a federation in a minute, which
``matches.founding`` runs to the end).

The cards come from ``rules.generators`` (``docs/cards.md``, "Generated wrestlers"): a style, a
tier and a seed give the same card every time.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from promotion.db import lock_roster
from promotion.models import Federation, Wrestler, WrestlerStatus
from promotion.selectors import free_slug
from promotion.services.base import FieldProblem, _refuse
from promotion.services.cards import card_store
from promotion.services.wrestlers import wrestler_create
from rules import generators, registry
from rules.core.generate import GenerateError
from rules.models import System, WrestlerCard

CARD_HELD = "{wrestler} has a {system} card already; edit it, or remove it first."
SYSTEM_NOT_PLAYABLE = "{value!r} is not a rule system with an engine here (known: {known})."
ROSTER_SIZE = "A generated roster is {low} to {high} wrestlers, not {value}."
#: How many wrestlers a generated roster may have.
ROSTER_SIZES = (4, 40)
#: The roster's words for a style (``Wrestler.style``).
STYLE_WORDS = {
    "brawler": "Brawler",
    "technician": "Technician",
    "high-flyer": "High-flyer",
    "powerhouse": "Powerhouse",
    "all-rounder": "All-rounder",
}


@dataclass(frozen=True)
class GeneratedCard:
    """A generated card stored, with what made it: the same three make the same card."""

    card: WrestlerCard
    style: str
    tier: str
    seed: int


def new_seed() -> int:
    return secrets.randbelow(generators.MAX_SEED + 1)


def _generate_problem(exc: GenerateError) -> list[str]:
    return [FieldProblem(field, field.capitalize(), message) for field, message in exc.by_field]


def style_of(wrestler: Wrestler) -> str:
    """The generator's style the roster's words name (``Wrestler.style``), else all-rounder."""
    words = (wrestler.style or "").strip().lower().replace(" ", "-")
    for name in generators.STYLE_NAMES:
        if words.startswith(name) or words == name.replace("-", ""):
            return name
    return "all-rounder"


def tier_of(wrestler: Wrestler) -> str:
    """The tier a wrestler's Prestige puts him in among his federation's active roster: the
    top quarter main-eventers, the bottom quarter jobbers."""
    others = list(
        Wrestler.objects.filter(federation_id=wrestler.federation_id)
        .exclude(status=WrestlerStatus.RETIRED)
        .values_list("prestige", flat=True)
    )
    if len(others) < 2:
        return "mid-carder"
    below = sum(1 for p in others if p < wrestler.prestige)
    share = below / (len(others) - 1)
    return generators.TIER_NAMES[min(3, int(share * 4))]


def card_generate(
    *,
    wrestler: Wrestler,
    system: str,
    style: Any = None,
    tier: Any = None,
    seed: Any = None,
) -> GeneratedCard:
    """Give ``wrestler`` a generated card for ``system``, where he has none. The style and tier
    left out are read from the roster (``style_of``, ``tier_of``); the seed left out is drawn.
    An ARM sheet takes the roster's alignment (a tweener is a heel there), height and weight,
    and his standing. Refuses, naming the field, an unknown system, style or tier, a bad seed,
    or a system he has a card for already."""
    problems: list[str] = []
    if system not in registry.systems or system not in System.values:
        known = ", ".join(sorted(registry.systems))
        problems.append(
            FieldProblem(
                "system", "Rule system", SYSTEM_NOT_PLAYABLE.format(value=system, known=known)
            )
        )
        _refuse(problems)
    style = style_of(wrestler) if style in (None, "") else style
    tier = tier_of(wrestler) if tier in (None, "") else tier
    seed = new_seed() if seed is None else seed
    try:
        data = generators.generate_card(system, style, tier, seed, name=wrestler.ring_name)
    except GenerateError as exc:
        problems += _generate_problem(exc)
        data = {}
    with transaction.atomic():
        lock_roster(wrestler.federation_id)
        if WrestlerCard.objects.filter(wrestler=wrestler, system=system).exists():
            title = registry.systems[system].title
            problems.append(
                FieldProblem(
                    "system", "Rule system", CARD_HELD.format(wrestler=wrestler, system=title)
                )
            )
        _refuse(problems)
        if system == "arm":
            data = _roster_sheet(wrestler, data)
        card = card_store(wrestler=wrestler, system=system, data=data)
        return GeneratedCard(
            card=card,
            style=generators.norm_style(style),
            tier=generators.norm_tier(tier),
            seed=seed,
        )


def _roster_sheet(wrestler: Wrestler, data: dict[str, Any]) -> dict[str, Any]:
    """An ARM sheet with the roster's own figures where it has them."""
    data = dict(data)
    data["alignment"] = "face" if wrestler.alignment == "face" else "heel"
    if wrestler.height_in:
        data["height"] = wrestler.height_in
    if wrestler.weight_lb:
        data["weight"] = wrestler.weight_lb
    data["fame"], data["prestige"] = max(0, wrestler.fame), wrestler.prestige
    data["heat"] = max(0, wrestler.heat)
    return data


def roster_generate(
    *, federation: Federation, size: int, seed: int, systems: tuple[str, ...] = ()
) -> list[Wrestler]:
    """Sign ``size`` generated wrestlers (every style, the tiers shaped like a card:
    ``rules.core.generate.roster_plan``), each with a card for every system in ``systems``
    (every system with an engine when empty). All or nothing."""
    if (
        isinstance(size, bool)
        or not isinstance(size, int)
        or not (ROSTER_SIZES[0] <= size <= ROSTER_SIZES[1])
    ):
        _refuse(
            [
                FieldProblem(
                    "roster_size",
                    "Roster size",
                    ROSTER_SIZE.format(low=ROSTER_SIZES[0], high=ROSTER_SIZES[1], value=size),
                )
            ]
        )
    systems = systems or tuple(sorted(registry.systems))
    names = generators.ring_names(seed, size)
    plan = generators.roster_plan(seed, size)
    signed: list[Wrestler] = []
    with transaction.atomic():
        lock_roster(federation.pk)
        for index, (name, (style, tier)) in enumerate(zip(names, plan, strict=True)):
            card_seed = generators.member_seed(seed, index)
            sheet = generators.generate_card("arm", style, tier, card_seed, name=name)
            fame, prestige = generators.starting_standing(tier, seed, index)
            wrestler = wrestler_create(
                federation=federation,
                ring_name=name,
                slug=_free(federation, name),
                fame=fame,
                prestige=prestige,
                heat=min(sheet["heat"], 3),
                alignment=sheet["alignment"],
                pronouns=generators.pronouns(name),
                style=f"{STYLE_WORDS[style]} ({tier})",
                height_in=sheet["height"],
                weight_lb=sheet["weight"],
                hometown=generators.hometown(seed, index),
                reason="Signed with the federation (a generated wrestler)",
            )
            for system in systems:
                data = generators.generate_card(system, style, tier, card_seed, name=name)
                if system == "arm":
                    data = _roster_sheet(wrestler, data)
                card_store(wrestler=wrestler, system=system, data=data)
            signed.append(wrestler)
    return signed


def _free(federation: Federation, name: str) -> str:
    slug = free_slug(federation.wrestlers.all(), name, fallback="wrestler")
    base, n = slug, 1
    while federation.wrestlers.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug
