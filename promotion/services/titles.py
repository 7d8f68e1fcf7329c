"""Titles and their lineage: making a title, reigns started and ended, vacating, awarding
and retiring one by hand."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.db.models import Max

from promotion import validators
from promotion.choices import ShowStatus
from promotion.db import lock_roster
from promotion.models import (
    Division,
    ReignEnd,
    Team,
    Title,
    TitleReign,
    Wrestler,
)
from promotion.selectors import free_slug
from promotion.services.base import (
    FieldProblem,
    ServiceError,
    _full_clean,
    _next_unfinished,
    _only,
    _plain_text_problems,
    _refuse,
    _save_changed,
    _still_to_come,
)

# Error messages a user sees; tests reuse them.
REIGN_HOLDER_REQUIRED = "A reign needs exactly one holder: a wrestler or a team."
REIGN_WRONG_DIVISION_SINGLES = "The {title} is a singles title; a team cannot hold it."
REIGN_WRONG_DIVISION_TAG = "The {title} is a tag-team title; it goes to a team."
REIGN_OTHER_FEDERATION = "{holder} does not belong to the federation of the {title}."
REIGN_BEFORE_PREVIOUS = (
    "A new reign of the {title} cannot start before the last one ended ({on:%b %-d, %Y})."
)
REIGN_ENDS_BEFORE_START = (
    "A reign cannot end ({ended:%b %-d, %Y}) before it started ({won:%b %-d, %Y})."
)


def _check_holder(*, title: Title, holder: Wrestler | Team) -> None:
    if isinstance(holder, Team):
        if title.division == Division.SINGLES:
            raise ServiceError(REIGN_WRONG_DIVISION_SINGLES.format(title=title))
    elif isinstance(holder, Wrestler):
        if title.division == Division.TAG:
            raise ServiceError(REIGN_WRONG_DIVISION_TAG.format(title=title))
    else:
        raise ServiceError(REIGN_HOLDER_REQUIRED)
    if holder.federation_id != title.federation_id:
        raise ServiceError(REIGN_OTHER_FEDERATION.format(holder=holder, title=title))


def reign_end(
    *,
    reign: TitleReign,
    ended_on: dt.date,
    reason: str = ReignEnd.LOST,
    ended_at=None,
) -> TitleReign:
    if ended_on < reign.won_on:
        raise ServiceError(REIGN_ENDS_BEFORE_START.format(ended=ended_on, won=reign.won_on))
    reign.ended_on = ended_on
    reign.end_reason = reason
    reign.ended_at = ended_at
    reign.save(update_fields=["ended_on", "end_reason", "ended_at"])
    return reign


def reign_start(
    *,
    title: Title,
    holder: Wrestler | Team,
    won_on: dt.date,
    won_at=None,
    won_how: str = "",
    defenses: int = 0,
) -> TitleReign:
    """Crown a new champion. The open reign, if any, ends the same day (lost, at the same match)."""
    _check_holder(title=title, holder=holder)
    with transaction.atomic():
        lock_roster(title.federation_id)
        title = Title.objects.select_for_update().get(pk=title.pk)
        current = title.reigns.filter(ended_on__isnull=True).first()
        if current is not None:
            reign_end(reign=current, ended_on=won_on, reason=ReignEnd.LOST, ended_at=won_at)
        last_end = title.reigns.aggregate(last=Max("ended_on"))["last"]
        if last_end is not None and won_on < last_end:
            raise ServiceError(REIGN_BEFORE_PREVIOUS.format(title=title, on=last_end))
        number = (title.reigns.aggregate(n=Max("number"))["n"] or 0) + 1
        holder_field = "holder_team" if isinstance(holder, Team) else "holder_wrestler"
        previous = title.reigns.filter(**{holder_field: holder}).count()
        return TitleReign.objects.create(
            title=title,
            number=number,
            holder_reign_number=previous + 1,
            won_on=won_on,
            won_at=won_at,
            won_how=won_how,
            defenses=defenses,
            **{holder_field: holder},
        )


TITLE_NAME_REQUIRED = "A title needs a name."
TITLE_SLUG_TAKEN = "{federation} already has a title at {slug!r}."
TITLE_NAME_TAKEN = (
    "{federation} already has a title named {name!r}; give this one a name of its own."
)
TITLE_VACANT_ALREADY = "The {title} is vacant already."
HOLDER_ALREADY = "{holder} holds the {title} already."
TITLE_RETIRED = "The {title} was retired on {on:%b %-d, %Y}."
TITLE_BEFORE_INTRODUCED = (
    "The {title} was introduced on {introduced:%b %-d, %Y}, after {on:%b %-d, %Y}."
)
TITLE_AT_STAKE = "The {title} is at stake on {show} ({status}); take it off that card first."
TITLE_LATER_MATCH = "The {title} was at stake on {match_on:%b %-d, %Y}, after {on:%b %-d, %Y}."
TITLE_NOT_YET = (
    "{on:%b %-d, %Y} is still to come; a title changes hands by hand on a day that has come."
)
TITLE_VACATE_REASON = "A title is vacated, stripped or vacated through injury, not {reason!r}."
TITLE_INTRODUCED_NOT_YET = (
    "{on:%b %-d, %Y} is still to come; a title is introduced on a day that has come."
)
HOLDER_RETIRED = "{holder} is retired."
HOLDER_DISBANDED = "{holder} disbanded on {on:%b %-d, %Y}."

#: The ways a promoter ends a reign by hand (a match ends one as lost).
VACATE_REASONS = (ReignEnd.VACATED, ReignEnd.STRIPPED, ReignEnd.VACATED_INJURY)


def title_name_problems(federation, name: str, *, title: Title | None = None) -> list[str]:
    """A title in use (not retired) holds its name in its federation, case and spacing aside,
    as a ring name does ("Iron  City title" is the Iron City Title); a retired one's may be
    taken up again, its lineage closed."""
    key = validators.name_key(name)
    in_use = federation.titles.filter(is_active=True)
    if title is not None:
        in_use = in_use.exclude(pk=title.pk)
    for each in in_use.values_list("name", flat=True):
        if validators.name_key(each) == key:
            message = TITLE_NAME_TAKEN.format(federation=federation, name=each)
            return [FieldProblem("name", "", message)]
    return []


TITLE_FIELDS = frozenset({"name", "rank", "rule_system"})


def title_update(*, title: Title, **fields: Any) -> Title:
    """Rename a title, change its rank or the rules its matches are wrestled under; only the
    fields given are written. Its lineage changes only at the title desk."""
    fields = _only(fields, TITLE_FIELDS)
    if "name" in fields:
        name = str(fields["name"])
        problems: list[str] = [FieldProblem("name", "Name", m) for m in _plain_text_problems(name)]
        if not name.strip():
            problems.append(TITLE_NAME_REQUIRED)
        _refuse(problems)
        fields["name"] = name.strip()
    with transaction.atomic():
        if "name" in fields:
            _refuse(title_name_problems(title.federation, fields["name"], title=title))
        _save_changed(title, fields, exclude=["federation", "slug"])
    return title


def title_create(
    *,
    federation,
    name: str,
    introduced_on: dt.date,
    slug: str = "",
    division: str = Division.SINGLES,
    rank: int = 1,
    rule_system: str = "",
) -> Title:
    """A new title, vacant until a match or the promoter (``title_award``) gives it a champion."""

    problems: list[str] = [FieldProblem("name", "Name", m) for m in _plain_text_problems(name)]
    if not name.strip():
        problems.append(TITLE_NAME_REQUIRED)
    if isinstance(introduced_on, dt.date) and _still_to_come(federation, introduced_on):
        problems.append(TITLE_INTRODUCED_NOT_YET.format(on=introduced_on))
    _refuse(problems)
    with transaction.atomic():
        _refuse(title_name_problems(federation, name))
        slug = slug or free_slug(federation.titles.all(), name, fallback="title")
        if federation.titles.filter(slug=slug).exists():
            raise ServiceError(TITLE_SLUG_TAKEN.format(federation=federation, slug=slug))
        title = Title(
            federation=federation,
            name=name.strip(),
            slug=slug,
            division=division,
            rank=rank,
            rule_system=rule_system,
            introduced_on=introduced_on,
        )
        _full_clean(title, exclude=["federation"])
        title.save()
        return title


def _lineage_change_problems(title: Title, on: dt.date) -> list[str]:
    """Why the promoter may not change the title's lineage by hand on ``on``: a show not yet
    finished has it at stake (its booking counted on the champion it had), or a match decided
    later than ``on`` already had it at stake."""
    problems = []
    if _still_to_come(title.federation, on):
        problems.append(TITLE_NOT_YET.format(on=on))
    if on < title.introduced_on:
        problems.append(
            TITLE_BEFORE_INTRODUCED.format(title=title, introduced=title.introduced_on, on=on)
        )
    pending = _next_unfinished(title.matches.all())
    if pending is not None:
        show, status = pending
        problems.append(TITLE_AT_STAKE.format(title=title, show=show, status=status))
    latest = (
        title.matches.filter(show__status=ShowStatus.COMPLETED)
        .order_by("-show__scheduled_at")
        .select_related("show__federation")  # its date is its federation's
        .first()
    )
    if latest is not None and latest.show.date > on:
        problems.append(TITLE_LATER_MATCH.format(title=title, match_on=latest.show.date, on=on))
    return problems


def title_vacate(*, title: Title, on: dt.date, reason: str = ReignEnd.VACATED) -> TitleReign:
    """End the champion's reign by hand: vacated, stripped, or vacated through injury. The title
    stays vacant until a match for it (the auto-booker books its top contenders) or
    ``title_award``."""
    if reason not in VACATE_REASONS:
        raise ServiceError(TITLE_VACATE_REASON.format(reason=reason))
    with transaction.atomic():
        lock_roster(title.federation_id)
        title = Title.objects.select_for_update().get(pk=title.pk)
        reign = title.reigns.filter(ended_on__isnull=True).first()
        if reign is None:
            raise ServiceError(TITLE_VACANT_ALREADY.format(title=title))
        problems = _lineage_change_problems(title, on)
        _refuse(problems)
        return reign_end(reign=reign, ended_on=on, reason=reason)


def title_award(*, title: Title, holder: Wrestler | Team, on: dt.date, how: str = "") -> TitleReign:
    """Crown a champion by hand: the reign starts on ``on``, won ``how``. For a vacant title, a
    tournament held off the cards, say; for a held one, a title change in a match these cards do
    not record (a house show, or a lineage typed in from before the federation's first show
    here): the champion's reign ends that day, lost."""
    _check_holder(title=title, holder=holder)
    problems: list[str] = [FieldProblem("how", "How", m) for m in _plain_text_problems(how)]
    if isinstance(holder, Wrestler) and holder.status == "retired":
        problems.append(HOLDER_RETIRED.format(holder=holder))
    if isinstance(holder, Team) and holder.disbanded_on is not None:
        problems.append(HOLDER_DISBANDED.format(holder=holder, on=holder.disbanded_on))
    with transaction.atomic():
        lock_roster(title.federation_id)
        title = Title.objects.select_for_update().get(pk=title.pk)
        reign = title.reigns.filter(ended_on__isnull=True).first()
        if reign is not None and reign.holder == holder:
            problems.append(HOLDER_ALREADY.format(holder=holder, title=title))
        elif reign is not None and on < reign.won_on:
            problems.append(REIGN_ENDS_BEFORE_START.format(ended=on, won=reign.won_on))
        if not title.is_active:
            problems.append(TITLE_RETIRED.format(title=title, on=title.retired_on))
        problems += _lineage_change_problems(title, on)
        _refuse(problems)
        return reign_start(title=title, holder=holder, won_on=on, won_how=how.strip())


def title_retire(*, title: Title, on: dt.date) -> Title:
    """Retire a title on ``on``: its champion's reign ends there (the title retired, not
    vacated), no match may be booked for it again, and its lineage stays to be read."""
    with transaction.atomic():
        lock_roster(title.federation_id)
        title = Title.objects.select_for_update().get(pk=title.pk)
        if not title.is_active:
            raise ServiceError(TITLE_RETIRED.format(title=title, on=title.retired_on))
        problems = _lineage_change_problems(title, on)
        reign = title.reigns.filter(ended_on__isnull=True).first()
        if reign is not None and on < reign.won_on:
            problems.append(REIGN_ENDS_BEFORE_START.format(ended=on, won=reign.won_on))
        _refuse(problems)
        if reign is not None:
            reign_end(reign=reign, ended_on=on, reason=ReignEnd.DEACTIVATED)
        title.is_active = False
        title.retired_on = on
        title.save(update_fields=["is_active", "retired_on"])
        return title
