"""Writes to the roster. Each service validates before it saves and runs in one transaction."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any
from zoneinfo import ZoneInfo

from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db import transaction
from django.db.models import F, Max, Q

from promotion import validators
from promotion.db import lock_roster
from promotion.models import (
    Division,
    ReignEnd,
    Standing,
    StandingChange,
    Team,
    Title,
    TitleReign,
    Wrestler,
    WrestlerStatus,
)
from promotion.selectors import federation_tables, federation_today, free_slug
from promotion.standings import standings_table
from promotion.validators import plain_text
from rules.core.safeyaml import bad_character
from rules.models import ChartOverride, System, WrestlerCard

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
UNKNOWN_SYSTEM = "Unknown rule system {system!r}; known systems: {known}."
UNKNOWN_STANDING = "Unknown standing {attribute!r}; it is one of fame, prestige, heat, edge."


class ServiceError(ValueError):
    """A business rule refused the operation. The message is for the user. ``by_field`` holds
    the same problems as ``(field, message)`` pairs when the refusal is several (a field's with
    its field's name, the others with ""): the API names each by its path, as a serializer's."""

    by_field: tuple[tuple[str, str], ...] = ()


class FieldProblem(str):
    """A problem of one field, as the pages read it ("Ring name: ..."; the message alone where
    no ``label`` is given, one that names its field itself), knowing its field (its name in
    the API's body, the path the API gives it under) and its ``message``."""

    field: str
    message: str

    def __new__(cls, field: str, label: str, message: str):
        made = super().__new__(cls, f"{label}: {message}" if label else message)
        made.field, made.message = field, message
        return made


def _refusal(problems: list[str]) -> ServiceError:
    """One refusal of every problem: one sentence for the pages, each by its field too."""
    error = ServiceError(" ".join(problems))
    error.by_field = tuple(
        (p.field, p.message) if isinstance(p, FieldProblem) else ("", str(p)) for p in problems
    )
    return error


def _refuse(problems: list[str]) -> None:
    """Refuse with every problem, if any (``_refusal``)."""
    if problems:
        raise _refusal(problems)


WRESTLER_NAME_REQUIRED = "A wrestler needs a ring name and a slug."
WRESTLER_SLUG_TAKEN = "{federation} already has a wrestler with the slug {slug!r}."
#: A signing's starting Fame and Prestige: the bounds of an ARM sheet's (``rules/arm/cards.py``)
#: and the API's; from then on results move them through the ledger (docs/standings.md).
STARTING_STANDING_MAX = 100_000
STARTING_STANDING_RANGE = "Starting {label} is 0 to {high:,}, not {value:,}."
STARTING_HEAT_RANGE = "Starting Heat is 0 to {high} (the standings' most), not {value}."


def _still_to_come(federation, on: dt.date) -> bool:
    """Whether ``on`` is after the federation's today (``selectors.federation_today``: the real
    date in its zone, or its last wrestled show's if that is later): the desks change the
    federation's history by hand on days that have come, including those of shows run early."""
    from promotion.selectors import federation_today

    return on > federation_today(federation)


def _plain_text_problems(value: str) -> list[str]:
    try:
        plain_text(value)
    except ValidationError as exc:
        return list(exc.messages)
    return []


def standing_change(
    *,
    wrestler: Wrestler,
    attribute: str,
    delta: int,
    reason: str,
    match=None,
    show=None,
    at: dt.datetime | None = None,
) -> StandingChange:
    """Move one of Fame, Prestige, Heat or Edge and write the ledger row that explains it."""
    if attribute not in Standing.values:
        raise ServiceError(UNKNOWN_STANDING.format(attribute=attribute))
    with transaction.atomic():
        lock_roster(wrestler.federation_id)
        Wrestler.objects.filter(pk=wrestler.pk).update(**{attribute: F(attribute) + delta})
        value_after = Wrestler.objects.values_list(attribute, flat=True).get(pk=wrestler.pk)
        setattr(wrestler, attribute, value_after)
        fields: dict[str, Any] = {
            "wrestler": wrestler,
            "attribute": attribute,
            "delta": delta,
            "value_after": value_after,
            "reason": reason,
            "match": match,
            "show": show,
        }
        if at is not None:
            fields["created_at"] = at
        return StandingChange.objects.create(**fields)


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
        from promotion.selectors import suggested_start

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


def _next_unfinished(rows):
    """The earliest show not yet finished among ``rows`` (matches or appearances, each with its
    ``show``), with its status in words: ``(show, "scheduled")``; or None."""
    from matches.models import FINISHED_STATUSES

    row = (
        rows.exclude(show__status__in=FINISHED_STATUSES)
        .select_related("show")
        .order_by("show__scheduled_at")
        .first()
    )
    return None if row is None else (row.show, row.show.get_status_display().lower())


def _lineage_change_problems(title: Title, on: dt.date) -> list[str]:
    """Why the promoter may not change the title's lineage by hand on ``on``: a show not yet
    finished has it at stake (its booking counted on the champion it had), or a match decided
    later than ``on`` already had it at stake."""
    from matches.models import Match, ShowStatus

    problems = []
    if _still_to_come(title.federation, on):
        problems.append(TITLE_NOT_YET.format(on=on))
    if on < title.introduced_on:
        problems.append(
            TITLE_BEFORE_INTRODUCED.format(title=title, introduced=title.introduced_on, on=on)
        )
    pending = _next_unfinished(Match.objects.filter(title=title))
    if pending is not None:
        show, status = pending
        problems.append(TITLE_AT_STAKE.format(title=title, show=show, status=status))
    latest = (
        Match.objects.filter(title=title, show__status=ShowStatus.COMPLETED)
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
    from promotion.models import Federation, Feud, FeudParticipant, FeudStatus
    from promotion.standings import standings_table

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
    keys = [{(type(m).__name__, m.pk) for m in side} for side in sides]
    with transaction.atomic():
        # Two starts at once are one after the other: the second sees the first's feud.
        Federation.objects.select_for_update().filter(pk=federation.pk).first()
        for running in federation.feuds.exclude(status=FeudStatus.ENDED).prefetch_related(
            "participants"
        ):
            theirs: list[set] = [set(), set()]
            for p in running.participants.all():
                key = ("Wrestler", p.wrestler_id) if p.wrestler_id else ("Team", p.team_id)
                theirs[p.side].add(key)
            if sorted(map(sorted, theirs)) == sorted(map(sorted, keys)):
                raise ServiceError(
                    FEUD_RUNNING.format(
                        sides=" and ".join(_side_names(side) for side in sides), feud=running
                    )
                )
        hot = heat >= standings_table()["feuds"]["hot_at"]
        feud = Feud(
            federation=federation,
            name=name.strip() or " vs. ".join(_side_names(side) for side in sides),
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
    from matches.models import Match
    from promotion.models import Feud, FeudStatus

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
        pending = _next_unfinished(Match.objects.filter(feud=feud))
        if pending is not None:
            show, status = pending
            problems.append(FEUD_ON_CARD.format(feud=feud, show=show, status=status))
        _refuse(problems)
        feud.status, feud.ended_on = FeudStatus.ENDED, on
        feud.save(update_fields=["status", "ended_on"])
        return feud


TEAM_NAME_REQUIRED = "A team needs a name."
TEAM_SLUG_TAKEN = "{federation} already has a team at {slug!r}."
TEAM_TOO_FEW = "A tag team has at least two members."
TEAM_SAME_MEMBERS = "{names} are a tag team already: {team}."
TEAM_NOT_YET = "{on:%b %-d, %Y} is still to come; a team changes by hand on a day that has come."
TEAM_DISBANDED = "{team} disbanded on {on:%b %-d, %Y}."
TEAM_BEFORE_FORMED = "{team} formed on {formed:%b %-d, %Y}, after {on:%b %-d, %Y}."
TEAM_MEMBER_ALREADY = "{wrestler} is in {team} already."
TEAM_NOT_A_MEMBER = "{wrestler} is not in {team}."
TEAM_LEFT_BEFORE_JOINING = (
    "{wrestler} joined {team} on {started:%b %-d, %Y}, after {on:%b %-d, %Y}."
)
TEAM_BOOKED = "{who} is booked for {team} on {show} ({status}); take that match off first."
TEAM_ON_CARD = "{team} is on the card of {show} ({status}); take that match off first."
TEAM_CHAMPIONS = "{team} hold the {title}; vacate it first."
TEAM_OTHER_TAG_TEAM = (
    "{wrestler} is in another tag team, {team}; a wrestler is in one tag team at a time "
    "(stables aside): {wrestler} leaves {team} first."
)


def _other_tag_teams(
    wrestlers: list[Wrestler],
    on: dt.date,
    *,
    team: Team | None = None,
    skip: frozenset = frozenset(),
) -> list[str]:
    """A wrestler belongs to one tag team at a time (stables aside): joining a tag team on
    ``on`` is refused while he is a member of another tag team that day or later (a membership
    open, or ending after ``on``; a disbanded team's all ended the day it disbanded). Teams in
    ``skip`` are left out (their refusal is told otherwise)."""
    from promotion.models import TeamKind, TeamMembership

    held = (
        TeamMembership.objects.filter(wrestler__in=wrestlers, team__kind=TeamKind.TAG_TEAM)
        .filter(Q(ended_on__isnull=True) | Q(ended_on__gt=on))
        .exclude(team_id__in={t.pk for t in skip})
        .select_related("team", "wrestler")
        .order_by("started_on", "pk")
    )
    if team is not None:
        held = held.exclude(team=team)
    problems: dict[int, str] = {}
    for membership in held:
        problems.setdefault(
            membership.wrestler_id,
            TEAM_OTHER_TAG_TEAM.format(wrestler=membership.wrestler, team=membership.team),
        )
    order = {w.pk: index for index, w in enumerate(wrestlers)}
    return [problems[pk] for pk in sorted(problems, key=lambda pk: order.get(pk, 0))]


def _team_problems_on(team: Team, on: dt.date) -> list[str]:
    problems = []
    if _still_to_come(team.federation, on):
        problems.append(TEAM_NOT_YET.format(on=on))
    if team.disbanded_on is not None:
        problems.append(TEAM_DISBANDED.format(team=team, on=team.disbanded_on))
    if team.formed_on is not None and on < team.formed_on:
        problems.append(TEAM_BEFORE_FORMED.format(team=team, formed=team.formed_on, on=on))
    return problems


def _team_bookings(team: Team, wrestler: Wrestler | None = None) -> list[str]:
    """The team (or one of its members) booked for it on a show not yet wrestled."""
    from matches.models import MatchParticipant

    booked = MatchParticipant.objects.filter(team=team)
    if wrestler is not None:
        booked = booked.filter(wrestler=wrestler)
    pending = _next_unfinished(booked)
    if pending is None:
        return []
    show, status = pending
    if wrestler is None:
        return [TEAM_ON_CARD.format(team=team, show=show, status=status)]
    return [TEAM_BOOKED.format(who=wrestler, team=team, show=show, status=status)]


def team_form(
    *,
    federation,
    name: str,
    members: list[Wrestler],
    formed_on: dt.date,
    kind: str = "tag_team",
    slug: str = "",
) -> Team:
    """A tag team (two or more regular partners) or a stable, its members joining on
    ``formed_on``. Two wrestlers may share several teams (a pair inside a stable), not two tag
    teams: a wrestler is in one tag team at a time (``_other_tag_teams``)."""

    from promotion.models import TeamKind, TeamMembership

    problems: list[str] = [FieldProblem("name", "Name", m) for m in _plain_text_problems(name)]
    if not name.strip():
        problems.append(TEAM_NAME_REQUIRED)
    if _still_to_come(federation, formed_on):
        problems.append(TEAM_NOT_YET.format(on=formed_on))
    members = list(dict.fromkeys(members))
    if kind == TeamKind.TAG_TEAM and len(members) < 2:
        problems.append(TEAM_TOO_FEW)
    for member in members:
        if member.federation_id != federation.pk:
            problems.append(FEUD_OUTSIDER.format(who=member, federation=federation))
        elif member.status == "retired":
            problems.append(FEUD_RETIRED.format(who=member))
    slug = slug or free_slug(federation.teams.all(), name, fallback="team")
    with transaction.atomic():
        if federation.teams.filter(slug=slug).exists():
            problems.append(TEAM_SLUG_TAKEN.format(federation=federation, slug=slug))
        if kind == TeamKind.TAG_TEAM and members:
            wanted = {m.pk for m in members}
            same = set()
            for team in federation.teams.filter(
                kind=TeamKind.TAG_TEAM, disbanded_on__isnull=True
            ).prefetch_related("memberships"):
                current = {m.wrestler_id for m in team.memberships.all() if m.ended_on is None}
                if current == wanted:
                    names = " and ".join(str(m) for m in members)
                    problems.append(TEAM_SAME_MEMBERS.format(names=names, team=team))
                    same.add(team)
            problems += _other_tag_teams(members, formed_on, skip=frozenset(same))
        _refuse(problems)
        team = Team(federation=federation, name=name.strip(), slug=slug, kind=kind)
        team.formed_on = formed_on
        _full_clean(team, exclude=["federation"])
        team.save()
        TeamMembership.objects.bulk_create(
            TeamMembership(team=team, wrestler=member, started_on=formed_on) for member in members
        )
        return team


def team_join(*, team: Team, wrestler: Wrestler, on: dt.date):
    """``wrestler`` joins ``team`` on ``on`` (a tag team: if he is in no other tag team then)."""
    from promotion.models import TeamKind, TeamMembership

    with transaction.atomic():
        team = Team.objects.select_for_update().get(pk=team.pk)
        problems = _team_problems_on(team, on)
        if wrestler.federation_id != team.federation_id:
            problems.append(FEUD_OUTSIDER.format(who=wrestler, federation=team.federation))
        elif wrestler.status == "retired":
            problems.append(FEUD_RETIRED.format(who=wrestler))
        if team.memberships.filter(wrestler=wrestler, ended_on__isnull=True).exists():
            problems.append(TEAM_MEMBER_ALREADY.format(wrestler=wrestler, team=team))
        elif team.kind == TeamKind.TAG_TEAM:
            problems += _other_tag_teams([wrestler], on, team=team)
        _refuse(problems)
        return TeamMembership.objects.create(team=team, wrestler=wrestler, started_on=on)


def team_leave(*, team: Team, wrestler: Wrestler, on: dt.date):
    """``wrestler`` leaves ``team`` on ``on`` (no longer a member from that day)."""
    with transaction.atomic():
        team = Team.objects.select_for_update().get(pk=team.pk)
        membership = team.memberships.filter(wrestler=wrestler, ended_on__isnull=True).first()
        if membership is None:
            raise ServiceError(TEAM_NOT_A_MEMBER.format(wrestler=wrestler, team=team))
        problems = _team_problems_on(team, on)
        if on < membership.started_on:
            problems.append(
                TEAM_LEFT_BEFORE_JOINING.format(
                    wrestler=wrestler, team=team, started=membership.started_on, on=on
                )
            )
        problems += _team_bookings(team, wrestler)
        _refuse(problems)
        membership.ended_on = on
        membership.save(update_fields=["ended_on"])
        return membership


def team_disband(*, team: Team, on: dt.date) -> Team:
    """Disband ``team`` on ``on``: every member leaves that day. Refused while it holds a title
    or is booked on a show not yet wrestled."""
    with transaction.atomic():
        team = Team.objects.select_for_update().get(pk=team.pk)
        problems = _team_problems_on(team, on)
        held = team.reigns.filter(ended_on__isnull=True).select_related("title").first()
        if held is not None:
            problems.append(TEAM_CHAMPIONS.format(team=team, title=held.title))
        problems += _team_bookings(team)
        _refuse(problems)
        late = team.memberships.filter(ended_on__isnull=True, started_on__gt=on).order_by(
            "started_on", "wrestler__ring_name"
        )
        for membership in late:
            problems.append(
                TEAM_LEFT_BEFORE_JOINING.format(
                    wrestler=membership.wrestler, team=team, started=membership.started_on, on=on
                )
            )
        _refuse(problems)
        team.memberships.filter(ended_on__isnull=True).update(ended_on=on)
        team.disbanded_on = on
        team.save(update_fields=["disbanded_on"])
        return team


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
    from matches.models import MatchParticipant, MatchStatus

    zone = ZoneInfo(str(wrestler.federation.time_zone))
    since = dt.datetime.combine(on + dt.timedelta(days=1), dt.time.min, tzinfo=zone)
    last = (
        MatchParticipant.objects.filter(
            wrestler=wrestler,
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
    from promotion.models import Injury, InjurySource, WrestlerStatus

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
    from promotion.models import Injury, WrestlerStatus

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


def card_normalise(
    *, system: str, data: Mapping[str, Any], federation=None
) -> tuple[dict[str, Any], bool]:
    """A card in its normalised form and whether its engine checked it.

    The card is checked against every chart its system can consult under any option, as the
    federation plays them (its chart overrides merged in; the defaults without a federation), so
    that a card that is stored can never crash a show. Raises the engine's ``CardError`` (a
    ``ValueError`` listing every problem by path) for an invalid card; cards of systems whose
    engine has not landed pass through unchecked.
    """
    from rules import registry

    if system not in System.values:
        raise ServiceError(UNKNOWN_SYSTEM.format(system=system, known=", ".join(System.values)))
    engine = registry.systems.get(system)
    if engine is None:
        return dict(data), False
    tables = federation_tables(federation=federation, system=system)
    return engine.card_to_data(engine.parse_card(data, tables=tables)), True


def card_store(*, wrestler: Wrestler, system: str, data: Mapping[str, Any]) -> WrestlerCard:
    """Store (or replace) a wrestler's card for one system.

    Where the system's engine has landed the card is validated by it (against the wrestler's
    federation's charts) and stored in its normalised form; an invalid card raises the engine's
    ``CardError`` listing every problem, and nothing is written. Cards of systems without an
    engine yet are stored as given, waiting.
    """
    normalised, validated = card_normalise(system=system, data=data, federation=wrestler.federation)
    card, _ = WrestlerCard.objects.update_or_create(
        wrestler=wrestler, system=system, defaults={"data": normalised, "validated": validated}
    )
    return card


CHART_BREAKS_CARDS = "With this chart, {count} stored card(s) would no longer play:"


def chart_override_save(
    *, federation, system: str, chart: str, data: Any, note: str = ""
) -> ChartOverride:
    """Replace one of a rule system's charts for a federation (the printed chart, say).

    The chart is checked by its engine, and every card the federation's wrestlers hold for that
    system is checked against the charts as they would be: a chart that would leave a stored card
    unplayable (a Choice Situations column a card names, removed) is refused with each card's
    problems, and nothing is written."""
    from rules import registry
    from rules.core.errors import CardError, TableError

    engine = registry.systems.get(system)
    if engine is None:
        raise ServiceError(UNKNOWN_SYSTEM.format(system=system, known=", ".join(registry.systems)))
    overrides = {
        o.chart: o.data
        for o in ChartOverride.objects.filter(federation=federation, system=system)
        if o.chart != chart
    }
    overrides[chart] = data
    try:
        tables = engine.load_tables(overrides)
    except (TableError, ValueError) as exc:
        raise ServiceError(str(exc)) from None
    problems = []
    cards = WrestlerCard.objects.filter(wrestler__federation=federation, system=system)
    for card in cards.select_related("wrestler").order_by("wrestler__ring_name"):
        try:
            engine.parse_card(card.data, tables=tables)
        except CardError as exc:
            problems.extend(f"{card.wrestler}: {line}" for line in str(exc).splitlines())
    if problems:
        count = len({line.split(":", 1)[0] for line in problems})
        raise ServiceError("\n".join([CHART_BREAKS_CARDS.format(count=count), *problems]))
    override, _ = ChartOverride.objects.update_or_create(
        federation=federation, system=system, chart=chart, defaults={"data": data, "note": note}
    )
    return override


@transaction.atomic
def federation_delete(*, federation) -> None:
    """Remove a federation and everything it holds. Reigns go first and then the shows, since
    reigns protect the matches they were won at and matches protect titles and wrestlers."""
    TitleReign.objects.filter(title__federation=federation).delete()
    federation.shows.all().delete()
    federation.delete()


class CardImportError(ServiceError):
    """Cards refused whole. ``located`` lists every problem as ``(file, path, message)``, the
    path within the file's YAML (``cards[0].offense.1[2].level``; empty: the file as a whole);
    ``problems`` the same as lines naming the file and the path (``x.yaml: cards[0].name: ...``).
    """

    def __init__(self, located: list[tuple[str, str, str]]):
        self.located = list(located)
        self.problems = [": ".join(part for part in problem if part) for problem in self.located]
        super().__init__("\n".join(self.problems))


NO_SUCH_WRESTLER = "no wrestler with the {field} {value} here: sign the wrestler first"
CARD_NAMES_NOBODY = (
    "required: a card names its wrestler, by slug: (his address) or name: (his ring name)"
)
CARD_SYSTEM_REQUIRED = "required: the card's rule system, one of {known}"
RING_NAME_SHARED = (
    "{count} wrestlers are called {name} here ({slugs}): name the one you mean by slug:"
)


def _within(label: str, path: str) -> str:
    """A path inside a card (``offense.1``) from the card's place in its file (``cards[2]``)."""
    return f"{label}.{path}" if label and path else label or path


def _in_words(count: int) -> str:
    return {2: "two", 3: "three", 4: "four"}.get(count, str(count))


def cards_import(
    *, federation, documents: list[tuple[str, Any]], sign: bool = False
) -> list[WrestlerCard]:
    """Store the cards of several YAML documents, all or nothing.

    ``documents`` pairs a source name (the file) with its parsed YAML: one card, or a list under
    ``cards:``. Each card names its system and its wrestler by ``slug:`` or by ``name:`` (the ring
    name, case and spacing aside as ``validators.name_key`` reads it). A name that more than
    one wrestler of the roster goes by (rows stored before a ring name was one wrestler's) names
    nobody: the card must give the slug. Every card is checked (against the federation's charts)
    before any is written, and the error lists every problem found, an unknown wrestler with the
    card's own problems. With ``sign``, a card naming nobody on the roster signs a new wrestler
    under that name (his starting Fame and Prestige as ``wrestler_create`` gives them).
    """
    from rules.core.errors import ProblemsError
    from rules.core.safeyaml import clip
    from rules.core.spec import slugify

    wrestlers = {w.slug: w for w in federation.wrestlers.order_by("slug")}
    by_name: dict[str, list[Wrestler]] = {}
    for each in wrestlers.values():
        by_name.setdefault(validators.name_key(each.ring_name), []).append(each)
    known = ", ".join(System.values)
    problems: list[tuple[str, str, str]] = []
    accepted: list[tuple[Wrestler | tuple[str, str], str, dict]] = []
    seen: set[tuple[Any, str]] = set()
    for source, document in documents:
        if isinstance(document, dict) and "cards" in document:
            entries = document["cards"]
            if not isinstance(entries, list):
                problems.append((source, "cards", "must be a list of cards"))
                continue
            labelled = [(f"cards[{i}]", entry) for i, entry in enumerate(entries)]
        else:
            labelled = [("", document)]
        for label, entry in labelled:
            if not isinstance(entry, dict):
                problems.append((source, label, f"a card must be a mapping, got {clip(entry)}"))
                continue
            data = dict(entry)
            slug = data.pop("slug", None)
            name = data.get("name")
            system = data.get("system")
            if isinstance(system, str):
                system = system.strip().lower()
                data["system"] = system
            card_problems: list[tuple[str, str]] = []  # (path within the card, message)
            if slug is not None and not isinstance(slug, str):
                card_problems.append(("slug", f"must be text, got {clip(slug)}"))
                slug = None
            if system is None:
                card_problems.append(("system", CARD_SYSTEM_REQUIRED.format(known=known)))
            elif not isinstance(system, str) or system not in System.values:
                card_problems.append(("system", f"must be one of {known}, got {clip(system)}"))
                system = None
            else:
                try:
                    data, _ = card_normalise(system=system, data=data, federation=federation)
                except ProblemsError as exc:
                    card_problems += exc.problems
                except ValueError as exc:
                    card_problems += [("", line) for line in str(exc).splitlines()]
            named = isinstance(name, str) and bool(name.strip())
            wrestler: Wrestler | tuple[str, str] | None = None
            shared: list[Wrestler] = []
            if slug:
                wrestler = wrestlers.get(slug)
            elif named:
                found = by_name.get(validators.name_key(name), [])
                if len(found) == 1:
                    wrestler = found[0]
                shared = found if len(found) > 1 else []
            if shared:
                shared_by = ", ".join(w.slug for w in shared)
                message = RING_NAME_SHARED.format(
                    count=_in_words(len(shared)), name=clip(name), slugs=shared_by
                )
                card_problems.append(("name", message))
            elif wrestler is None:
                if sign and named:
                    wrestler = (name.strip(), slug or slugify(name))
                elif not slug and not name:
                    card_problems.append(("name", CARD_NAMES_NOBODY))
                else:
                    field, value = ("slug", slug) if slug else ("name", name)
                    card_problems.append(
                        (field, NO_SUCH_WRESTLER.format(field=field, value=clip(value)))
                    )
            if wrestler is not None and system is not None:
                key = (wrestler.pk if isinstance(wrestler, Wrestler) else wrestler, system)
                if key in seen:
                    card_problems.append(("system", f"a second {system} card for {name or slug}"))
                seen.add(key)
            problems += [(source, _within(label, path), why) for path, why in card_problems]
            if not card_problems:
                accepted.append((wrestler, system, data))
    if problems:
        raise CardImportError(problems)
    with transaction.atomic():
        signed: dict[str, Wrestler] = {}
        stored = []
        for wrestler, system, data in accepted:
            if not isinstance(wrestler, Wrestler):
                ring_name, new_slug = wrestler
                if new_slug not in signed:
                    signed[new_slug] = wrestler_create(
                        federation=federation, ring_name=ring_name, slug=new_slug
                    )
                wrestler = signed[new_slug]
            stored.append(card_store(wrestler=wrestler, system=system, data=data))
        return stored


# -- federations, members and wrestlers' profiles ------------------------------------------------

SLUG_TAKEN = "The address (slug) {slug!r} is taken; choose another."
OWNER_NOT_MEMBER = "{user} owns {federation}; an owner needs no membership."
NOT_A_MEMBER = "{user} is not a member of {federation}."
FEDERATION_FIELDS = frozenset(
    {
        "name",
        "description",
        "rule_system",
        "rule_options",
        "show_weekday",
        "show_time",
        "time_zone",
        "default_venue",
        "is_public",
        "card_size",
        "vacate_injured_champion_after_weeks",
    }
)
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
    }
)


def _only(fields: Mapping[str, Any], allowed: frozenset[str]) -> dict[str, Any]:
    unknown = sorted(set(fields) - allowed)
    if unknown:
        raise ServiceError(f"These cannot be set here: {', '.join(unknown)}.")
    return dict(fields)


def federation_create(*, owner, name: str, slug: str, **fields: Any):
    """A new, empty federation owned by ``owner``."""
    from promotion.models import Federation

    fields = _only(fields, FEDERATION_FIELDS)
    _refuse([FieldProblem("name", "Name", m) for m in _plain_text_problems(name)])
    with transaction.atomic():
        if Federation.objects.filter(slug=slug).exists():
            raise ServiceError(SLUG_TAKEN.format(slug=slug))
        federation = Federation(owner=owner, name=name, slug=slug, **fields)
        _full_clean(federation, exclude=["owner"])
        federation.save()
        return federation


def federation_update(*, federation, **fields: Any):
    """Change a federation's settings; only the fields given are written."""
    fields = _only(fields, FEDERATION_FIELDS)
    _refuse([FieldProblem("name", "Name", m) for m in _plain_text_problems(fields.get("name", ""))])
    _save_changed(federation, fields, exclude=["owner", "slug"])
    return federation


def membership_set(*, federation, user, role: str):
    """Give ``user`` a role (booker or viewer) in ``federation``, replacing his old one."""
    from promotion.models import MemberRole, Membership

    if role not in MemberRole.values:
        raise ServiceError(f"Unknown role {role!r}; a member is a booker or a viewer.")
    if federation.owner_id == user.pk:
        raise ServiceError(OWNER_NOT_MEMBER.format(user=user, federation=federation))
    membership, _ = Membership.objects.update_or_create(
        federation=federation, user=user, defaults={"role": role}
    )
    return membership


def membership_remove(*, federation, user) -> None:
    from promotion.models import Membership

    deleted, _ = Membership.objects.filter(federation=federation, user=user).delete()
    if not deleted:
        raise ServiceError(NOT_A_MEMBER.format(user=user, federation=federation))


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
    from promotion.models import Feud, FeudStatus

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
            able = row.team_id is not None or row.wrestler.status != WrestlerStatus.RETIRED
            sides[row.side] = sides.get(row.side, False) or able
        if not all(sides.values()):
            feud.status, feud.ended_on = FeudStatus.ENDED, max(today, feud.started_on)
            feud.save(update_fields=["status", "ended_on"])


def _save_changed(instance, fields: Mapping[str, Any], *, exclude: list[str]) -> None:
    """Set the fields given, check them as the model would (``_full_clean``, those alone), and
    write them alone: a change of a row, as every ``*_update`` service makes one."""
    for name, value in fields.items():
        setattr(instance, name, value)
    if fields:
        _full_clean(instance, exclude=exclude, only=fields)
        instance.save(update_fields=sorted(fields))


def _full_clean(instance, *, exclude: list[str], only: Mapping[str, Any] | None = None) -> None:
    """The model's own field checks, as one ``ServiceError`` naming each problem by the field's
    name. With ``only``, just those fields' (a change): a value stored before a check was added
    (an old time zone name, a height of 0) does not stop the rest of a row being changed."""
    if only is not None:
        exclude = [*exclude, *(f.name for f in instance._meta.fields if f.name not in only)]
    try:
        instance.full_clean(exclude=exclude, validate_unique=False, validate_constraints=False)
    except ValidationError as exc:
        problems: list[str] = [
            FieldProblem(name, _field_label(instance, name), message)
            if name != "__all__"
            else message
            for name, messages in exc.message_dict.items()
            for message in messages
        ]
        raise _refusal(problems) from None


def _field_label(instance, name: str) -> str:
    try:
        label = str(instance._meta.get_field(name).verbose_name)
    except FieldDoesNotExist:  # not a field: the name as written
        label = name.replace("_", " ")
    return label[:1].upper() + label[1:]
