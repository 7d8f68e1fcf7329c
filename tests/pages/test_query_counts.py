"""The number of queries a page makes does not grow with the number of rows it shows: the same
for 10 as for 100 shows, wrestlers, reigns, feuds, injuries and teams."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from matches.models import Match, MatchParticipant, Show
from promotion.models import (
    Feud,
    FeudParticipant,
    Injury,
    StandingChange,
    Team,
    TeamMembership,
    Title,
    TitleReign,
    Wrestler,
)
from tests import factories

pytestmark = pytest.mark.django_db

START = dt.datetime(2025, 1, 3, 20, 0, tzinfo=dt.UTC)


def populate(n: int):
    """A federation with ``n`` of everything, and one wrestler (the star) in all ``n`` shows."""
    federation = factories.FederationFactory.create()
    wrestlers = Wrestler.objects.bulk_create(
        Wrestler(federation=federation, ring_name=f"W{i:03}", slug=f"w{i:03}", prestige=i, fame=i)
        for i in range(n)
    )
    star = wrestlers[0]
    shows = Show.objects.bulk_create(
        Show(
            federation=federation,
            name=f"Show {i}",
            number=i + 1,
            scheduled_at=START + dt.timedelta(weeks=i),
            status="completed",
            completed_at=START + dt.timedelta(weeks=i, hours=2),
            seed=i,
        )
        for i in range(n)
    )
    matches = Match.objects.bulk_create(
        Match(
            show=show,
            position=1,
            rule_system="filsinger",
            is_main_event=True,
            status="completed",
            winner_side=i % 2,
            method="pin",
            length=10,
        )
        for i, show in enumerate(shows)
    )
    MatchParticipant.objects.bulk_create(
        [MatchParticipant(match=m, show=m.show, side=0, wrestler=star) for m in matches]
        + [
            MatchParticipant(match=m, show=m.show, side=1, wrestler=wrestlers[1 + i % (n - 1)])
            for i, m in enumerate(matches)
        ]
    )
    StandingChange.objects.bulk_create(
        StandingChange(
            wrestler=star,
            attribute=("fame", "prestige")[i % 2],
            delta=1,
            value_after=i,
            reason="Won by pinfall",
            match=m,
            show=m.show,
            created_at=m.show.scheduled_at,
        )
        for i, m in enumerate(matches)
    )
    title = Title.objects.create(
        federation=federation, name="World", slug="world", introduced_on=dt.date(2024, 1, 1)
    )
    TitleReign.objects.bulk_create(
        TitleReign(
            title=title,
            number=i + 1,
            holder_wrestler=wrestlers[i],
            won_on=dt.date(2024, 1, 1) + dt.timedelta(days=3 * i),
            ended_on=None if i == n - 1 else dt.date(2024, 1, 1) + dt.timedelta(days=3 * i + 3),
            end_reason="" if i == n - 1 else ("lost" if i % 3 else "vacated"),
            won_at=matches[i],
            defenses=i % 4,
        )
        for i in range(n)
    )
    feuds = Feud.objects.bulk_create(
        Feud(federation=federation, name=f"Feud {i}", started_on=dt.date(2024, 1, 1), heat=i % 10)
        for i in range(n)
    )
    FeudParticipant.objects.bulk_create(
        FeudParticipant(feud=feud, side=side, wrestler=wrestlers[(i + side) % n])
        for i, feud in enumerate(feuds)
        for side in (0, 1)
    )
    Injury.objects.bulk_create(
        Injury(
            wrestler=wrestlers[i],
            occurred_on=dt.date(2024, 1, 1),
            source="manual",
            expected_return=dt.date(2099, 1, 1),
        )
        for i in range(n)
    )
    teams = Team.objects.bulk_create(
        Team(federation=federation, name=f"Team {i}", slug=f"team-{i}") for i in range(n)
    )
    TeamMembership.objects.bulk_create(
        TeamMembership(team=team, wrestler=wrestlers[(i + k) % n], started_on=dt.date(2024, 1, 1))
        for i, team in enumerate(teams)
        for k in (0, 1)
    )
    return federation, star


def pages(federation, star):
    slug = federation.slug
    return {
        "federation": reverse("federation-detail", args=[slug]),
        "archive": reverse("show-archive", args=[slug]),
        "show": reverse("show-detail", args=[slug, 1]),
        "roster": reverse("roster", args=[slug]) + "?status=active",
        "wrestler": reverse("wrestler-detail", args=[slug, star.slug]),
        "titles": reverse("title-list", args=[slug]),
        "title": reverse("title-detail", args=[slug, "world"]),
        "feuds": reverse("feud-list", args=[slug]),
        "injuries": reverse("injury-list", args=[slug]),
        "records": reverse("records", args=[slug]),
        "teams": reverse("team-list", args=[slug]),
        "home": reverse("home"),
    }


def count_queries(n: int) -> dict[str, int]:
    federation, star = populate(n)
    client = Client()
    client.force_login(federation.owner)
    counts = {}
    for name, url in pages(federation, star).items():
        with CaptureQueriesContext(connection) as context:
            response = client.get(url)
        assert response.status_code == 200, url
        counts[name] = len(context.captured_queries)
    return counts


def test_queries_per_page_do_not_grow_with_the_rows(monkeypatch):
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2027, 1, 1))
    few = count_queries(10)
    many = count_queries(100)
    assert few == many
    assert max(many.values()) <= 33, many
