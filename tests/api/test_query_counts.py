"""Every list endpoint reads in a fixed number of queries: 100 rows cost what 10 rows cost."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from matches.models import MatchStatus, ShowStatus
from promotion.invitations import invitation_link_accept, invitation_link_create
from promotion.models import MemberRole, Membership
from tests import factories
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db


def _wrestlers(federation, n, start):
    for i in range(start, start + n):
        wrestler = factories.BookableWrestlerFactory(federation=federation, slug=f"w{i}")
        team = factories.TeamFactory(federation=federation, slug=f"wt{i}")
        factories.TeamMembershipFactory(team=team, wrestler=wrestler)


def _teams(federation, n, start):
    for i in range(start, start + n):
        team = factories.TeamFactory(federation=federation, slug=f"t{i}")
        for j in range(2):
            wrestler = factories.BookableWrestlerFactory(federation=federation, slug=f"t{i}m{j}")
            factories.TeamMembershipFactory(team=team, wrestler=wrestler)


def _titles(federation, n, start):
    for i in range(start, start + n):
        title = factories.TitleFactory(federation=federation, slug=f"title{i}")
        factories.TitleReignFactory(title=title, number=1)


def _reigns(federation, n, start):
    title = federation.titles.filter(slug="lineal").first() or factories.TitleFactory(
        federation=federation, slug="lineal"
    )
    base = dt.date(2000, 1, 1)
    last = title.reigns.order_by("-number").first()
    if last is not None:
        last.ended_on, last.end_reason = last.won_on + dt.timedelta(days=5), "vacated"
        last.save()
    for i in range(start, start + n):
        won = base + dt.timedelta(days=10 * i)
        reign = factories.TitleReignFactory(title=title, number=i + 1, won_on=won)
        if i < start + n - 1:
            reign.ended_on = won + dt.timedelta(days=5 if i % 2 else 10)
            reign.end_reason = "vacated" if i % 2 else "lost"
            reign.save()


def _feuds(federation, n, start):
    for i in range(start, start + n):
        feud = factories.FeudFactory(federation=federation)
        factories.FeudParticipantFactory(feud=feud, side=0)
        team = factories.TeamFactory(federation=federation, slug=f"f{i}")
        factories.FeudParticipantFactory(feud=feud, side=1, wrestler=None, team=team)


def _show(federation, number, status=ShowStatus.COMPLETED):
    return factories.ShowFactory(
        federation=federation,
        number=number,
        status=status,
        scheduled_at=timezone.now() - dt.timedelta(days=1000 - number),
        completed_at=timezone.now() if status == ShowStatus.COMPLETED else None,
    )


def _matches(federation, n, start, show_number=1):
    show = federation.shows.filter(number=show_number).first() or _show(federation, show_number)
    title = federation.titles.first() or factories.TitleFactory(federation=federation)
    for i in range(start, start + n):
        match = factories.MatchFactory(
            show=show,
            position=i + 1,
            title=title if i % 3 == 0 else None,
            status=MatchStatus.COMPLETED,
            winner_side=i % 2,
            method="pin",
            play_by_play=[{"kind": "move", "text": "A headlock", "dice": [3, 4]}],
        )
        team = factories.TeamFactory(federation=federation, slug=f"m{i}")
        for side in range(2):
            factories.MatchParticipantFactory(match=match, side=side, team=team if side else None)


def _shows(federation, n, start):
    for i in range(start, start + n):
        show = _show(federation, i + 1)
        factories.MatchFactory(show=show, position=1)


def _injuries(federation, n, start):
    _matches(federation, 1, start, show_number=900)
    match = federation.shows.get(number=900).matches.first()
    for _ in range(n):
        factories.InjuryFactory(
            wrestler=factories.WrestlerFactory(federation=federation), match=match
        )


def _ledger(federation, n, start):
    _matches(federation, 1, start, show_number=901)
    show = federation.shows.get(number=901)
    match = show.matches.first()
    wrestler = factories.WrestlerFactory(federation=federation)
    for _ in range(n):
        factories.StandingChangeFactory(wrestler=wrestler, show=show, match=match)


def _members(federation, n, start):
    for i in range(start, start + n):
        user = factories.UserFactory(username=f"member{i}")
        Membership.objects.create(federation=federation, user=user, role=MemberRole.VIEWER)


def _invitation_links(federation, n, start):
    for i in range(start, start + n):
        maker = factories.UserFactory(username=f"maker{i}")
        _, token = invitation_link_create(federation=federation, role="viewer", created_by=maker)
        invitation_link_accept(token=token, user=factories.UserFactory(username=f"joiner{i}"))


def _federations(federation, n, start):
    for i in range(start, start + n):
        factories.FederationFactory(slug=f"fed{i}", owner=federation.owner)


LISTS: list[tuple[str, Callable]] = [
    ("/api/v1/federations/", _federations),
    ("{base}/members/", _members),
    ("{base}/invitation-links/", _invitation_links),
    ("{base}/wrestlers/", _wrestlers),
    ("{base}/teams/", _teams),
    ("{base}/titles/", _titles),
    ("{base}/titles/lineal/lineage/", _reigns),
    ("{base}/reigns/", _reigns),
    ("{base}/feuds/", _feuds),
    ("{base}/injuries/", _injuries),
    ("{base}/ledger/", _ledger),
    ("{base}/standings/singles/", _wrestlers),
    ("{base}/standings/tag/", _teams),
    ("{base}/contenders/singles/", _wrestlers),
    ("{base}/contenders/tag/", _teams),
    ("{base}/records/", _matches),
    ("{base}/records/", _reigns),
    ("{base}/shows/", _shows),
    ("{base}/shows/1/", _matches),
    ("{base}/shows/1/matches/", _matches),
    ("{base}/matches/", _matches),
    ("{base}/export/", _matches),
    ("{base}/cards/export/", _wrestlers),
]


def _count(client, url: str) -> tuple[int, list[str]]:
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200, (url, response.content[:300])
    return len(context.captured_queries), [q["sql"] for q in context.captured_queries]


@pytest.mark.parametrize(("path", "make"), LISTS, ids=[f"{p}:{m.__name__}" for p, m in LISTS])
def test_queries_do_not_grow_with_rows(path, make):
    owner = factories.UserFactory(username="owner")
    federation = factories.FederationFactory(owner=owner, slug="big")
    client = client_for({"owner": owner}, "owner")
    separator = "&" if "?" in path else "?"
    url = path.format(base="/api/v1/federations/big") + f"{separator}page_size=500"
    make(federation, 10, 0)
    small, _ = _count(client, url)
    make(federation, 90, 10)
    large, sql = _count(client, url)
    assert large == small, "\n".join(sql)
