"""Teams (tag teams and stables): formed, joined, left and disbanded."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.db.models import Q

from promotion.models import (
    Team,
    TeamKind,
    TeamMembership,
    Wrestler,
)
from promotion.selectors import free_slug
from promotion.services.base import (
    FieldProblem,
    ServiceError,
    _full_clean,
    _next_unfinished,
    _plain_text_problems,
    _refuse,
    _still_to_come,
)
from promotion.services.feuds import FEUD_OUTSIDER, FEUD_RETIRED

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
    booked = team.appearances.all()
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
