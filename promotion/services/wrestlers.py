"""Wrestlers: signing one (his opening ledger rows), changing his profile, retiring him."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q

from promotion.db import lock_roster
from promotion.models import (
    Feud,
    FeudStatus,
    ReignEnd,
    Team,
    TitleReign,
    Wrestler,
    WrestlerStatus,
)
from promotion.selectors import federation_today, suggested_start
from promotion.services.base import (
    FieldProblem,
    _full_clean,
    _only,
    _plain_text_problems,
    _refuse,
    _save_changed,
)
from promotion.services.ledger import standing_change
from promotion.services.titles import reign_end
from promotion.standings import standings_table

WRESTLER_NAME_REQUIRED = "A wrestler needs a ring name and a slug."
WRESTLER_SLUG_TAKEN = "{federation} already has a wrestler with the slug {slug!r}."
#: A signing's starting Fame and Prestige: the bounds of an ARM sheet's (``rules/arm/cards.py``)
#: and the API's; from then on results move them through the ledger (docs/standings.md).
STARTING_STANDING_MAX = 100_000
STARTING_STANDING_RANGE = "Starting {label} is 0 to {high:,}, not {value:,}."
STARTING_HEAT_RANGE = "Starting Heat is 0 to {high} (the standings' most), not {value}."


def wrestler_create(
    *,
    federation,
    ring_name: str,
    slug: str,
    fame: int | None = None,
    prestige: int | None = None,
    heat: int = 0,
    reason: str = "Signed with the federation",
    signed_at: dt.datetime | None = None,
    **fields: Any,
) -> Wrestler:
    """Sign a wrestler; the starting Fame, Prestige, Heat and Edge open the ledger.

    Fame and Prestige left out start at the roster's lower quartile (``suggested_start``): a
    new signing starts near the bottom of the card, not below everyone at zero.

    The opening rows are dated ``signed_at``: by default the start of the wrestler's debut day
    in the federation's time zone when a debut date is given (so that they come before any
    show he wrestled, even one wrestled in the past), else now."""
    problems: list[str] = [
        FieldProblem(field, label, message)
        for field, label, value in (("ring_name", "Ring name", ring_name), ("slug", "Slug", slug))
        for message in _plain_text_problems(value)
    ]
    if slug:  # its length and letters as the column holds them (taken or not: below)
        try:
            Wrestler._meta.get_field("slug").run_validators(slug)
        except ValidationError as exc:
            problems += [FieldProblem("slug", "Slug", message) for message in exc.messages]
    if not slug or not ring_name or not ring_name.strip():
        problems.append(WRESTLER_NAME_REQUIRED)
    elif Wrestler.objects.filter(federation=federation, slug=slug).exists():
        problems.append(WRESTLER_SLUG_TAKEN.format(slug=slug, federation=federation))
    for label, value in (("Fame", fame), ("Prestige", prestige)):
        if value is not None and not 0 <= value <= STARTING_STANDING_MAX:
            problems.append(
                STARTING_STANDING_RANGE.format(label=label, high=STARTING_STANDING_MAX, value=value)
            )
    most_heat = standings_table()["heat"]["maximum"]
    if not 0 <= heat <= most_heat:
        problems.append(STARTING_HEAT_RANGE.format(high=most_heat, value=heat))
    _refuse(problems)
    # The profile as the model checks it (height, weight, choices, Injured only from an injury).
    _full_clean(
        Wrestler(federation=federation, ring_name=ring_name, slug=slug, **fields),
        exclude=["federation", "slug"],
    )
    if fame is None or prestige is None:
        start = suggested_start(federation=federation)
        fame = start["fame"] if fame is None else fame
        prestige = start["prestige"] if prestige is None else prestige
    if signed_at is None and fields.get("debut_on"):
        signed_at = dt.datetime.combine(fields["debut_on"], dt.time(0, 0), federation.time_zone)
    with transaction.atomic():
        wrestler = Wrestler.objects.create(
            federation=federation, ring_name=ring_name, slug=slug, **fields
        )
        for attribute, value in (
            ("fame", fame),
            ("prestige", prestige),
            ("heat", heat),
            ("edge", max(fame, 0) // 100),
        ):
            if value:
                standing_change(
                    wrestler=wrestler,
                    attribute=attribute,
                    delta=value,
                    reason=reason,
                    at=signed_at,
                )
        return wrestler


WRESTLER_PROFILE_FIELDS = frozenset(
    {
        "ring_name",
        "alignment",
        "pronouns",
        "status",
        "style",
        "height_in",
        "weight_lb",
        "hometown",
        "debut_on",
        "suspended_until",
        "heat_direction",
    }
)


def wrestler_update(*, wrestler: Wrestler, **fields: Any) -> Wrestler:
    """Change a wrestler's profile. Fame, Prestige, Heat and Edge move only through the ledger
    (``standing_change``); the slug is the wrestler's name in every address and stays."""
    fields = _only(fields, WRESTLER_PROFILE_FIELDS)
    if "ring_name" in fields:
        problems: list[str] = [
            FieldProblem("ring_name", "Ring name", m)
            for m in _plain_text_problems(fields["ring_name"])
        ]
        if not str(fields["ring_name"]).strip():
            problems.append(WRESTLER_NAME_REQUIRED)
        _refuse(problems)
    with transaction.atomic():
        lock_roster(wrestler.federation_id)
        was = Wrestler.objects.values_list("status", flat=True).get(pk=wrestler.pk)
        retiring = fields.get("status") == WrestlerStatus.RETIRED != was
        _save_changed(wrestler, fields, exclude=["federation", "slug"])
        if retiring:
            _retire(wrestler)
    return wrestler


def _retire(wrestler: Wrestler) -> None:
    """What a wrestler's retirement ends, that day (the federation's today):

    - his titles: each of his open reigns ends "Champion retired", and the title is vacant
      until a match for it or ``title_award``; so does a tag team's he is a member of, when
      the team is left without two active members to defend it;
    - his feuds, where he was all that was left of his side.

    A match booked for him on a card still to come is called off when that show runs, as
    every match of a retired wrestler is."""
    today = federation_today(wrestler.federation)
    teams = Team.objects.filter(memberships__wrestler=wrestler, memberships__ended_on__isnull=True)
    short = [
        team.pk
        for team in teams
        if team.memberships.filter(ended_on__isnull=True)
        .exclude(wrestler__status=WrestlerStatus.RETIRED)
        .count()
        < 2
    ]
    reigns = TitleReign.objects.select_for_update().filter(
        Q(holder_wrestler=wrestler) | Q(holder_team__in=short), ended_on__isnull=True
    )
    for reign in reigns:
        reign_end(reign=reign, ended_on=max(today, reign.won_on), reason=ReignEnd.RETIRED)
    his = wrestler.feud_roles.values_list("feud_id", flat=True)
    feuds = Feud.objects.select_for_update().filter(pk__in=list(his))
    for feud in feuds.exclude(status=FeudStatus.ENDED):
        sides: dict[int, bool] = {}  # side: whether anyone of it can still feud
        for row in feud.participants.select_related("wrestler"):
            able = row.team_id is not None or (
                row.wrestler is not None and row.wrestler.status != WrestlerStatus.RETIRED
            )
            sides[row.side] = sides.get(row.side, False) or able
        if not all(sides.values()):
            feud.status, feud.ended_on = FeudStatus.ENDED, max(today, feud.started_on)
            feud.save(update_fields=["status", "ended_on"])
