"""Feuds: started between two sides, and ended by hand."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from promotion import validators
from promotion.db import lock_roster
from promotion.models import (
    Feud,
    FeudParticipant,
    FeudStatus,
    Team,
    Wrestler,
)
from promotion.services.base import (
    FieldProblem,
    ServiceError,
    _full_clean,
    _next_unfinished,
    _plain_text_problems,
    _refuse,
    _still_to_come,
)
from promotion.standings import standings_table
from rules.core.safeyaml import bad_character

FEUD_SIDES = "A feud has two sides, each of at least one wrestler or team."
FEUD_BOTH_SIDES = "{who} cannot be on both sides of a feud."
FEUD_OUTSIDER = "{who} does not belong to {federation}."
FEUD_HEAT = "A feud starts at heat 1 to 10, not {heat}."
FEUD_RETIRED = "{who} has retired."
FEUD_DISBANDED = "{who} disbanded on {on:%b %-d, %Y}."
FEUD_BEFORE_DEBUT = "{who} debuted on {debut:%b %-d, %Y}, after {on:%b %-d, %Y}."
FEUD_BEFORE_FORMED = "{who} formed on {formed:%b %-d, %Y}, after {on:%b %-d, %Y}."
FEUD_RUNNING = "{sides} are feuding already: {feud}."
FEUD_NOT_YET = (
    "{on:%b %-d, %Y} is still to come; a feud starts or ends by hand on a day that has come."
)
FEUD_ENDED_ALREADY = "The feud {feud} ended on {on:%b %-d, %Y}."
FEUD_ENDS_BEFORE_START = "The feud {feud} began on {started:%b %-d, %Y}, after {on:%b %-d, %Y}."
FEUD_ON_CARD = "The feud {feud} is on the card of {show} ({status}); take that match off first."


def _side_names(side: list) -> str:
    return " & ".join(str(member) for member in side)


def feud_start(
    *,
    federation,
    sides: list[list[Wrestler | Team]],
    started_on: dt.date,
    heat: int = 3,
    name: str = "",
    description: str = "",
):
    """A feud started by the booker between two sides of wrestlers or teams. Results move its
    heat from here as they move a sparked feud's (``docs/standings.md``); it is hot from the
    standings table's ``hot_at``, building below. Named after its sides unless ``name``."""
    problems: list[str] = [FieldProblem("name", "Name", m) for m in _plain_text_problems(name)]
    bad = bad_character(description)  # lines are welcome in a story; hidden characters not
    if bad is not None:
        problems.append(
            FieldProblem(
                "description", "Description", validators.CONTROL_CHARACTER.format(problem=bad)
            )
        )
    if len(sides) != 2 or not all(sides):
        problems.append(FEUD_SIDES)
    if not 1 <= heat <= 10:
        problems.append(FEUD_HEAT.format(heat=heat))
    if _still_to_come(federation, started_on):
        problems.append(FEUD_NOT_YET.format(on=started_on))
    members = [member for side in sides for member in side]
    seen: set = set()
    for member in members:
        if member in seen:
            problems.append(FEUD_BOTH_SIDES.format(who=member))
        seen.add(member)
        if member.federation_id != federation.pk:
            problems.append(FEUD_OUTSIDER.format(who=member, federation=federation))
        elif isinstance(member, Wrestler) and member.status == "retired":
            problems.append(FEUD_RETIRED.format(who=member))
        elif isinstance(member, Team) and member.disbanded_on is not None:
            problems.append(FEUD_DISBANDED.format(who=member, on=member.disbanded_on))
        # A feud starts once its sides are there: a wrestler has debuted, a team has formed.
        elif isinstance(member, Wrestler) and member.debut_on and started_on < member.debut_on:
            problems.append(
                FEUD_BEFORE_DEBUT.format(who=member, debut=member.debut_on, on=started_on)
            )
        elif isinstance(member, Team) and member.formed_on and started_on < member.formed_on:
            problems.append(
                FEUD_BEFORE_FORMED.format(who=member, formed=member.formed_on, on=started_on)
            )
    if problems:
        raise ServiceError(" ".join(dict.fromkeys(problems)))
    wanted = frozenset(
        frozenset(("team" if isinstance(m, Team) else "wrestler", m.pk) for m in side)
        for side in sides
    )
    with transaction.atomic():
        # Two starts at once are one after the other: the second sees the first's feud.
        lock_roster(federation.pk)
        for running in federation.feuds.exclude(status=FeudStatus.ENDED).prefetch_related(
            "participants"
        ):
            if running.sides_key() == wanted:
                raise ServiceError(
                    FEUD_RUNNING.format(
                        sides=" and ".join(_side_names(side) for side in sides), feud=running
                    )
                )
        hot = heat >= standings_table()["feuds"]["hot_at"]
        feud = Feud(
            federation=federation,
            name=name.strip() or Feud.name_of([_side_names(side) for side in sides]),
            description=description.strip(),
            started_on=started_on,
            heat=heat,
            status=FeudStatus.HOT if hot else FeudStatus.BUILDING,
        )
        _full_clean(feud, exclude=["federation"])
        feud.save()
        FeudParticipant.objects.bulk_create(
            FeudParticipant(
                feud=feud,
                side=index,
                **{"team" if isinstance(member, Team) else "wrestler": member},
            )
            for index, side in enumerate(sides)
            for member in side
        )
        return feud


def feud_end(*, feud, on: dt.date):
    """End a feud by hand on ``on`` (a blowoff with a winner or heat gone to 0 end one too)."""
    with transaction.atomic():
        lock_roster(feud.federation_id)
        feud = Feud.objects.select_for_update().get(pk=feud.pk)
        if feud.status == FeudStatus.ENDED:
            raise ServiceError(FEUD_ENDED_ALREADY.format(feud=feud, on=feud.ended_on))
        problems = []
        if _still_to_come(feud.federation, on):
            problems.append(FEUD_NOT_YET.format(on=on))
        if on < feud.started_on:
            problems.append(
                FEUD_ENDS_BEFORE_START.format(feud=feud, started=feud.started_on, on=on)
            )
        pending = _next_unfinished(feud.matches.all())
        if pending is not None:
            show, status = pending
            problems.append(FEUD_ON_CARD.format(feud=feud, show=show, status=status))
        _refuse(problems)
        feud.status, feud.ended_on = FeudStatus.ENDED, on
        feud.save(update_fields=["status", "ended_on"])
        return feud
