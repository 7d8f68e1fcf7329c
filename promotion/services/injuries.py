"""Injuries: recorded by hand and healed."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from django.db import transaction

from promotion import validators
from promotion.choices import MatchStatus
from promotion.db import lock_roster
from promotion.models import (
    Injury,
    InjurySource,
    Wrestler,
    WrestlerStatus,
)
from promotion.services.base import (
    FieldProblem,
    ServiceError,
    _full_clean,
    _plain_text_problems,
    _refuse,
    _still_to_come,
)

INJURY_NOT_YET = (
    "{on:%b %-d, %Y} is still to come; an injury is recorded or healed on a day that has come."
)
INJURY_RETURN_BEFORE = (
    "{wrestler} cannot be back ({back:%b %-d, %Y}) before the day of the injury ({on:%b %-d, %Y})."
)
INJURY_RETIRED = "{wrestler} has retired."
INJURY_RECORDED_ALREADY = (
    "{wrestler}'s injury of {on:%b %-d, %Y} ({what}) is recorded already and not healed; another "
    "that day needs a body part or a description of its own."
)
INJURY_HEALED_ALREADY = "{wrestler}'s injury healed on {on:%b %-d, %Y}."
INJURY_HEALED_BEFORE = "{wrestler}'s injury happened on {on:%b %-d, %Y}, after {healed:%b %-d, %Y}."
INJURY_BEFORE_MATCH = (
    "{wrestler} wrestled on {show} ({day:%b %-d, %Y}), after {on:%b %-d, %Y}: an injury that "
    "keeps a wrestler off cards is dated no earlier than the last match wrestled, or recorded as "
    "one to wrestle through."
)


def _wrestled_since(wrestler: Wrestler, on: dt.date):
    """The last show ``wrestler`` wrestled after the day ``on`` (in his federation's time zone),
    with its day, or None. (Hurt by hand on the night of a show is hurt after it, as the checker
    reads it.)"""
    zone = ZoneInfo(str(wrestler.federation.time_zone))
    since = dt.datetime.combine(on + dt.timedelta(days=1), dt.time.min, tzinfo=zone)
    last = (
        wrestler.appearances.filter(
            match__status=MatchStatus.COMPLETED,
            show__scheduled_at__gte=since,
        )
        .select_related("show")
        .order_by("-show__scheduled_at", "-show__number")
        .first()
    )
    if last is None:
        return None
    return last.show, last.show.scheduled_at.astimezone(zone).date()


def injury_record(
    *,
    wrestler: Wrestler,
    occurred_on: dt.date,
    expected_return: dt.date | None = None,
    body_part: str = "",
    description: str = "",
    keeps_off_cards: bool = True,
):
    """An injury the booker records by hand (hurt away from the ring, or a storyline). Like an
    injury from a match, it keeps the wrestler off cards until it heals: at the end of the first
    show on or after ``expected_return``, or by hand (``injury_heal``); without an expected
    return, only by hand. One he may wrestle through (``keeps_off_cards`` off) is noted only."""
    problems: list[str] = [
        FieldProblem("body_part", "Body part", m) for m in _plain_text_problems(body_part)
    ]
    problems += [
        FieldProblem("description", "Description", m) for m in _plain_text_problems(description)
    ]
    if _still_to_come(wrestler.federation, occurred_on):
        problems.append(INJURY_NOT_YET.format(on=occurred_on))
    if expected_return is not None and expected_return < occurred_on:
        problems.append(
            INJURY_RETURN_BEFORE.format(wrestler=wrestler, back=expected_return, on=occurred_on)
        )
    if wrestler.status == WrestlerStatus.RETIRED:
        problems.append(INJURY_RETIRED.format(wrestler=wrestler))
    wrestled = _wrestled_since(wrestler, occurred_on) if keeps_off_cards else None
    if wrestled is not None:
        show, day = wrestled
        problems.append(
            INJURY_BEFORE_MATCH.format(wrestler=wrestler, show=show, day=day, on=occurred_on)
        )
    _refuse(problems)
    with transaction.atomic():
        lock_roster(wrestler.federation_id)
        # The wrestler's row locked: the same form sent twice (a double click, a retry) is
        # taken in turn, and the second finds the first. His status as it stands now (a show's
        # commit or another desk may have changed it since the caller read him).
        locked = Wrestler.objects.select_for_update().filter(pk=wrestler.pk)
        wrestler.status = locked.values_list("status", flat=True).get()
        which = {
            "wrestler": wrestler,
            "occurred_on": occurred_on,
            "source": InjurySource.MANUAL,
            "body_part": body_part.strip(),
            "description": description.strip(),
        }
        # The same, its words taken case and spacing aside ("Knee" is " knee ").
        key = (validators.name_key(body_part), validators.name_key(description))
        same = next(
            (
                injury
                for injury in Injury.objects.filter(
                    wrestler=wrestler,
                    occurred_on=occurred_on,
                    source=InjurySource.MANUAL,
                    healed_on__isnull=True,
                )
                if (
                    validators.name_key(injury.body_part),
                    validators.name_key(injury.description),
                )
                == key
            ),
            None,
        )
        if same is not None:
            _refuse(
                [
                    INJURY_RECORDED_ALREADY.format(
                        wrestler=wrestler,
                        on=occurred_on,
                        what=same.described or "no body part or description given",
                    )
                ]
            )
        injury = Injury(**which, expected_return=expected_return, keeps_off_cards=keeps_off_cards)
        _full_clean(injury, exclude=["wrestler", "match"])
        injury.save()
        if keeps_off_cards and wrestler.status == WrestlerStatus.ACTIVE:
            wrestler.status = WrestlerStatus.INJURED
            wrestler.save(update_fields=["status"])
        return injury


def injury_heal(*, injury, on: dt.date):
    """Heal an injury by hand on ``on``; the wrestler is back on cards from that day when
    nothing else keeps him off."""
    with transaction.atomic():
        lock_roster(injury.wrestler.federation_id)
        injury = Injury.objects.select_for_update().select_related("wrestler").get(pk=injury.pk)
        wrestler = injury.wrestler
        if injury.healed_on is not None:
            raise ServiceError(INJURY_HEALED_ALREADY.format(wrestler=wrestler, on=injury.healed_on))
        problems = []
        if _still_to_come(injury.wrestler.federation, on):
            problems.append(INJURY_NOT_YET.format(on=on))
        if on < injury.occurred_on:
            problems.append(
                INJURY_HEALED_BEFORE.format(wrestler=wrestler, on=injury.occurred_on, healed=on)
            )
        _refuse(problems)
        injury.healed_on = on
        injury.save(update_fields=["healed_on"])
        still_out = (
            wrestler.injuries.filter(healed_on__isnull=True, keeps_off_cards=True)
            .exclude(pk=injury.pk)
            .exists()
        )
        if wrestler.status == WrestlerStatus.INJURED and not still_out:
            wrestler.status = WrestlerStatus.ACTIVE
            wrestler.save(update_fields=["status"])
        return injury
