"""``check_federation`` on small federations built by hand, where ``test_checks.py`` plants
corruption in a real history: the edges of each invariant (a tag title passing between teams,
a cancelled show beside a wrestled one, a wrestler whose ledger is empty) and the messages word
for word."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from matches.checks import federation_check
from matches.models import MatchStatus, ShowStatus
from promotion.models import ReignEnd, WrestlerStatus
from tests import factories

pytestmark = pytest.mark.django_db

ON = dt.date(2026, 10, 2)


def at(days=0, hour=20):
    return timezone.make_aware(dt.datetime(2026, 10, 2 + days, hour), dt.UTC)


def zeros(federation, **fields):
    return factories.WrestlerFactory(
        federation=federation, fame=0, prestige=0, heat=0, edge=0, **fields
    )


def decided(federation, sides, *, winner=0, show=None, team_of=None, **fields):
    """A completed match on a completed show: ``sides`` are lists of wrestlers."""
    show = show or factories.ShowFactory(
        federation=federation,
        status=ShowStatus.COMPLETED,
        completed_at=timezone.now(),
        scheduled_at=fields.pop("scheduled_at", at()),
    )
    match = factories.MatchFactory(
        show=show,
        status=MatchStatus.COMPLETED,
        winner_side=winner,
        method="pin",
        play_by_play=[{"kind": "pin"}],
        **fields,
    )
    for index, side in enumerate(sides):
        for order, wrestler in enumerate(side):
            factories.MatchParticipantFactory(
                match=match,
                wrestler=wrestler,
                side=index,
                order=order,
                role="in_ring" if order == 0 else "partner",
                team=(team_of or {}).get(index),
            )
    return match


def test_a_wrestler_without_a_ledger_is_clean_only_at_zero(federation):
    zeros(federation)
    assert federation_check(federation=federation) == []
    famous = zeros(federation, ring_name="Famous Fred")
    type(famous).objects.filter(pk=famous.pk).update(fame=5)
    assert federation_check(federation=federation) == [
        "Famous Fred: fame is 5 but the ledger adds up to 0."
    ]


def test_rows_written_twice_are_listed_by_match_wrestler_attribute_and_reason(federation):
    a = zeros(federation, ring_name="Ace")
    match = decided(federation, [[a], [zeros(federation)]])
    for reason in ("Won by pin", "Main event", "Won by pin", "Main event"):
        factories.StandingChangeFactory(
            wrestler=a, attribute="prestige", delta=1, value_after=0, reason=reason, match=match
        )
    type(a).objects.filter(pk=a.pk).update(prestige=4)
    assert federation_check(federation=federation) == [
        f'Match {match.pk} wrote Ace\'s prestige change "Main event" 2 times (wrestled twice?).',
        f'Match {match.pk} wrote Ace\'s prestige change "Won by pin" 2 times (wrestled twice?).',
    ]


def test_a_wrestler_on_a_cancelled_show_and_a_wrestled_one_the_same_night_is_fine(federation):
    a, b = zeros(federation), zeros(federation)
    decided(federation, [[a], [b]], scheduled_at=at(hour=19))
    called_off = factories.ShowFactory(
        federation=federation, status=ShowStatus.CANCELLED, scheduled_at=at(hour=21)
    )
    match = factories.MatchFactory(show=called_off)
    factories.MatchParticipantFactory(match=match, wrestler=a)
    assert federation_check(federation=federation) == []


def tag_title_passing(federation, *, members_wrestle: bool, as_team: bool):
    """A tag title held by a team, won at a match by another team."""
    title = factories.TitleFactory(federation=federation, division="tag", name="Tag Titles")
    champions = factories.TeamFactory(federation=federation, name="The Champs")
    challengers = factories.TeamFactory(federation=federation, name="The Kids")
    a, b, c, d = (zeros(federation) for _ in range(4))
    for team, members in ((champions, (a, b)), (challengers, (c, d))):
        for wrestler in members:
            factories.TeamMembershipFactory(team=team, wrestler=wrestler, started_on=ON)
    losers = [a, b] if members_wrestle else [zeros(federation), zeros(federation)]
    match = decided(
        federation,
        [losers, [c, d]],
        winner=1,
        match_type="tag",
        title=title,
        team_of={0: champions if as_team else None, 1: challengers},
    )
    factories.TitleReignFactory(
        title=title,
        holder_wrestler=None,
        holder_team=champions,
        number=1,
        won_on=ON - dt.timedelta(days=30),
        ended_on=match.show.date,
        end_reason=ReignEnd.LOST,
    )
    factories.TitleReignFactory(
        title=title,
        holder_wrestler=None,
        holder_team=challengers,
        number=2,
        won_on=match.show.date,
        won_at=match,
    )
    return match


@pytest.mark.parametrize("as_team", [True, False])
def test_a_tag_title_passes_cleanly_from_the_champions_who_wrestled(federation, as_team):
    """The champion team wrestled, whether the side was booked as the team or as two of its
    members."""
    tag_title_passing(federation, members_wrestle=True, as_team=as_team)
    assert federation_check(federation=federation) == []


def test_a_tag_title_cannot_pass_from_champions_absent_from_the_match(federation):
    match = tag_title_passing(federation, members_wrestle=False, as_team=False)
    assert federation_check(federation=federation) == [
        f"Tag Titles: reign #2 was won at match {match}, in which the champion of reign #1, "
        "The Champs, did not wrestle."
    ]


def test_a_title_with_one_reign_won_at_a_match_is_clean_and_its_problems_named(federation):
    title = factories.TitleFactory(federation=federation, name="Belt")
    a, b = zeros(federation), zeros(federation)
    match = decided(federation, [[a], [b]], winner=0, title=title)
    factories.TitleReignFactory(
        title=title, holder_wrestler=a, number=1, won_on=match.show.date, won_at=match
    )
    assert federation_check(federation=federation) == []
    title.reigns.update(holder_wrestler=b)
    assert federation_check(federation=federation) == [
        f"Belt: reign #1 went to {b}, who did not win match {match}."
    ]


def test_another_federations_teams_and_ledger_are_its_own_business(federation):
    other = factories.FederationFactory()
    a, b, c, d = (zeros(other) for _ in range(4))
    team = factories.TeamFactory(federation=other)
    match = decided(other, [[a, b], [c, d]], match_type="tag", team_of={0: team})
    for _ in range(2):  # written twice: the other federation's problem, not this one's
        factories.StandingChangeFactory(
            wrestler=a, attribute="heat", delta=0, value_after=0, reason="Twice", match=match
        )
    assert any("Twice" in p for p in federation_check(federation=other))
    assert federation_check(federation=federation) == []


def test_a_reign_won_at_a_match_nobody_wrestled_in_is_named_not_a_crash(federation):
    title = factories.TitleFactory(federation=federation, name="Belt")
    a = zeros(federation)
    match = decided(federation, [], winner=0, title=title)
    factories.TitleReignFactory(
        title=title,
        holder_wrestler=a,
        number=1,
        won_on=ON - dt.timedelta(days=30),
        ended_on=match.show.date,
        end_reason=ReignEnd.LOST,
    )
    factories.TitleReignFactory(
        title=title,
        holder_wrestler=zeros(federation),
        number=2,
        won_on=match.show.date,
        won_at=match,
    )
    problems = federation_check(federation=federation)
    assert (
        f"Belt: reign #2 was won at match {match}, in which the champion of reign #1, {a}, "
        "did not wrestle."
    ) in problems


@pytest.mark.parametrize(
    ("where", "flagged"),
    [
        ("no match", False),  # set by hand for that day: it may have come after the show
        ("another show that night", True),
        ("this show", False),  # hurt in this very show: he wrestled before it happened
    ],
)
def test_an_injury_dated_the_shows_day(federation, where, flagged):
    a, b = zeros(federation, ring_name="Hurt Harry"), zeros(federation)
    match = decided(federation, [[a], [b]], scheduled_at=at(hour=21))
    caused = {
        "no match": None,
        "another show that night": decided(
            federation, [[zeros(federation)], [zeros(federation)]], scheduled_at=at(hour=18)
        ),
        "this show": match,
    }[where]
    factories.InjuryFactory(
        wrestler=a, occurred_on=match.show.date, match=caused, description="Bad knee"
    )
    a.status = WrestlerStatus.INJURED  # (as his open injury leaves him: the roster agrees)
    a.save(update_fields=["status"])
    expected = [f"Hurt Harry wrestled on {match.show} while injured (Bad knee)."]
    assert federation_check(federation=federation) == (expected if flagged else [])
