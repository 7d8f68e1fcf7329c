"""``check_federation`` proven on broken data: for every invariant it claims, a federation with a
real history gets exactly that corruption planted, and the checker names it."""

from __future__ import annotations

import datetime as dt
import io
import itertools

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import IntegrityError, transaction
from django.utils import timezone

from matches.booking import show_create
from matches.checks import federation_check, federation_notices
from matches.models import Match, MatchParticipant, MatchStatus, Role, Show, ShowStatus
from matches.simulation import show_simulate
from promotion.models import Injury, ReignEnd, StandingChange, TeamMembership, TitleReign
from promotion.services import reign_start
from tests import factories
from tests.matches.helpers import book_week, sample_federation

pytestmark = pytest.mark.django_db

WEEK = dt.timedelta(days=7)


@pytest.fixture
def history():
    """The sample federation after three weeks wrestled (their dates in the past)."""
    federation = sample_federation()
    start = timezone.now() - 4 * WEEK
    shows = []
    for week in range(3):
        show = book_week(federation, scheduled_at=start + week * WEEK, seed=100 + week, matches=6)
        assert show_simulate(show_id=show.pk).status == "completed"
        shows.append(show)
    assert federation_check(federation=federation) == []
    return federation, shows


def planted(federation, before=()) -> list[str]:
    return [p for p in federation_check(federation=federation) if p not in before]


def a_match(shows, **filters) -> Match:
    return Match.objects.filter(show__in=shows, **filters).order_by("show__number", "position")[0]


def test_the_command_fails_listing_each_violation(history):
    federation, _ = history
    wrestler = federation.wrestlers.first()
    type(wrestler).objects.filter(pk=wrestler.pk).update(fame=wrestler.fame + 1)
    out = io.StringIO()
    with pytest.raises(CommandError, match="1 violation"):
        call_command("check_federation", federation.slug, stdout=out)
    assert f"- {wrestler}: fame is {wrestler.fame + 1} but the ledger adds up to" in out.getvalue()


# -- reigns ---------------------------------------------------------------------------------------


def test_an_open_reign_followed_by_another(history):
    federation, _ = history
    title = federation.titles.get(rank=1)
    after, before = title.reigns.order_by("-number")[:2]  # the last two: the last one is open
    TitleReign.objects.filter(pk=after.pk).update(ended_on=after.won_on, end_reason="vacated")
    TitleReign.objects.filter(pk=before.pk).update(ended_on=None, end_reason="")
    problems = planted(federation)
    assert f"{title}: reign #{before.number} is open but #{after.number} follows." in problems


def test_a_reign_won_before_the_title_was_introduced(history):
    federation, _ = history
    title = federation.titles.get(rank=1)
    first = title.reigns.order_by("number").first()
    later = first.won_on + dt.timedelta(days=1)
    type(title).objects.filter(pk=title.pk).update(introduced_on=later)
    assert planted(federation) == [
        f"{title}: reign #{first.number} began {first.won_on}, before the title was "
        f"introduced ({later})."
    ]


def test_a_reign_that_ends_after_the_next_began(history):
    federation, _ = history
    title = federation.titles.get(rank=1)
    before, after = title.reigns.order_by("number")[:2]
    TitleReign.objects.filter(pk=before.pk).update(ended_on=after.won_on + dt.timedelta(days=3))
    [problem] = planted(federation)
    assert problem.startswith(f"{title}: reign #{before.number} ends ")
    assert f"after #{after.number} began {after.won_on}." in problem


def test_a_lost_reign_that_does_not_end_the_day_the_next_begins(history):
    federation, _ = history
    title = federation.titles.get(rank=1)
    reigns = list(title.reigns.order_by("number"))
    lost = next(r for r, _ in itertools.pairwise(reigns) if r.end_reason == "lost")
    following = reigns[reigns.index(lost) + 1]
    TitleReign.objects.filter(pk=lost.pk).update(ended_on=following.won_on - dt.timedelta(days=2))
    assert planted(federation) == [
        f"{title}: reign #{lost.number} was lost on {following.won_on - dt.timedelta(days=2)} "
        f"but #{following.number} began {following.won_on}."
    ]


def _title_change(federation, shows):
    """A clean title change planted after the history: a title of its own, its champion beaten
    at a completed match. Returns (match, old reign, new reign, winner, champion)."""
    wrestlers = list(federation.wrestlers.exclude(reigns__ended_on__isnull=True).order_by("pk")[:2])
    champion, winner = wrestlers
    title = factories.TitleFactory(federation=federation, name="Test Title", rank=9)
    old = reign_start(title=title, holder=champion, won_on=shows[0].date - dt.timedelta(days=300))
    show = Show.objects.create(
        federation=federation,
        name="Title night",
        number=50,
        scheduled_at=shows[-1].scheduled_at + WEEK,
        status=ShowStatus.COMPLETED,
        completed_at=timezone.now(),
        seed=1,
    )
    match = Match.objects.create(
        show=show,
        position=1,
        rule_system="filsinger",
        title=title,
        status=MatchStatus.COMPLETED,
        winner_side=1,
        method="pin",
        length=10,
        play_by_play=[{"kind": "end", "text": "over"}],
    )
    for side, wrestler in enumerate((champion, winner)):
        MatchParticipant.objects.create(match=match, show=show, side=side, wrestler=wrestler)
    new = reign_start(title=title, holder=winner, won_on=show.date, won_at=match)
    return match, old, new, winner, champion


def test_a_reign_won_by_someone_who_did_not_win_the_match(history):
    federation, shows = history
    match, _, new, _, champion = _title_change(federation, shows)
    assert planted(federation) == []  # a clean title change, planted properly
    TitleReign.objects.filter(pk=new.pk).update(holder_wrestler=champion)
    assert planted(federation) == [
        f"{match.title}: reign #{new.number} went to {champion}, who did not win match {match}."
    ]


def test_a_title_that_passed_from_a_champion_absent_from_the_match(history):
    federation, shows = history
    match, old, new, _, _ = _title_change(federation, shows)
    outsider = federation.wrestlers.exclude(appearances__match=match).exclude(
        reigns__ended_on=None
    )[0]
    TitleReign.objects.filter(pk=old.pk).update(holder_wrestler=outsider)
    assert planted(federation) == [
        f"{match.title}: reign #{new.number} was won at match {match}, in which the champion of "
        f"reign #{old.number}, {outsider}, did not wrestle."
    ]


def test_two_reigns_won_at_one_match(history):
    federation, shows = history
    match, _, new, winner, _ = _title_change(federation, shows)
    TitleReign.objects.filter(pk=new.pk).update(
        ended_on=new.won_on, end_reason=ReignEnd.LOST, ended_at=match
    )
    again = TitleReign.objects.create(
        title=match.title,
        holder_wrestler=winner,
        number=new.number + 1,
        holder_reign_number=new.holder_reign_number + 1,
        won_on=new.won_on,
        won_at=match,
    )
    problems = planted(federation)
    assert (
        f"{match.title}: reigns #{new.number}, #{again.number} were all won at match {match}."
        in problems
    )


def test_a_reign_won_at_an_undecided_match(history):
    federation, shows = history
    match, _, new, *_ = _title_change(federation, shows)
    Match.objects.filter(pk=match.pk).update(winner_side=None, method="double_disqualification")
    assert f"{match.title}: reign #{new.number} was won at an undecided match." in planted(
        federation
    )


# -- shows ----------------------------------------------------------------------------------------


def test_a_show_completed_after_an_earlier_one_failed(history):
    federation, shows = history
    failed = Show.objects.create(
        federation=federation,
        name="Failed",
        number=60,
        scheduled_at=shows[1].scheduled_at + dt.timedelta(days=1),
        status=ShowStatus.FAILED,
        seed=1,
    )
    assert planted(federation) == [f"{shows[2]} completed while the earlier {failed} is failed."]


def test_a_completed_show_with_an_undecided_match(history):
    federation, shows = history
    match = a_match(shows)
    Match.objects.filter(pk=match.pk).update(play_by_play=[])
    assert planted(federation) == [
        f"{match}: on a completed show but not decided with its play-by-play."
    ]


def test_results_on_a_show_not_completed(history):
    federation, _ = history
    show = book_week(federation, scheduled_at=timezone.now() + WEEK, seed=9, matches=2)
    match = show.matches.order_by("position")[0]
    Match.objects.filter(pk=match.pk).update(
        status=MatchStatus.COMPLETED, winner_side=0, method="pin"
    )
    assert planted(federation) == [f"{match}: has a result, but its show is scheduled."]


def test_a_completed_show_without_matches(history):
    federation, shows = history
    empty = show_create(federation=federation, scheduled_at=shows[-1].scheduled_at + WEEK)
    Show.objects.filter(pk=empty.pk).update(
        status=ShowStatus.COMPLETED, completed_at=timezone.now()
    )
    assert planted(federation) == [f"{empty}: completed with no matches."]


def test_the_schema_refuses_two_open_reigns_two_shows_in_a_slot_a_wrestler_twice(history):
    federation, shows = history
    title = federation.titles.get(rank=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        factories.TitleReignFactory(title=title, number=99)  # a second open reign
    with pytest.raises(IntegrityError), transaction.atomic():
        Show.objects.create(
            federation=federation,
            name="Twin",
            number=99,
            scheduled_at=shows[0].scheduled_at,
            seed=1,
        )
    row = MatchParticipant.objects.filter(show=shows[0]).first()
    other = Match.objects.filter(show=shows[0]).exclude(pk=row.match_id).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        MatchParticipant.objects.create(
            match=other, show=shows[0], side=0, wrestler=row.wrestler, role=Role.ALLY, order=9
        )


# -- appearances ----------------------------------------------------------------------------------


def test_a_wrestler_of_another_federation(history):
    federation, shows = history
    outsider = factories.BookableWrestlerFactory()
    row = MatchParticipant.objects.filter(show=shows[0]).order_by("pk")[0]
    MatchParticipant.objects.filter(pk=row.pk).update(wrestler=outsider)
    problems = planted(federation)
    assert f"{outsider} of {outsider.federation} is on {row.match} of {federation}." in problems


def test_a_team_of_another_federation(history):
    federation, shows = history
    foreign = factories.TeamFactory()
    row = MatchParticipant.objects.filter(show=shows[0]).order_by("pk")[0]
    MatchParticipant.objects.filter(pk=row.pk).update(team=foreign)
    assert planted(federation) == [
        f"{row.match}: the team {foreign} belongs to another federation."
    ]


def test_a_wrestler_on_two_shows_in_one_night(history):
    federation, shows = history
    # The same night in the federation's time zone, whatever the hour the history was made at
    # (an hour later might be the next day there): midday or one o'clock of that day.
    local = shows[0].scheduled_at.astimezone(federation.time_zone)
    late = Show.objects.create(
        federation=federation,
        name="Late",
        number=70,
        scheduled_at=local.replace(hour=13 if local.hour == 12 else 12),
        seed=1,
    )
    worked = MatchParticipant.objects.filter(show=shows[0]).order_by("pk")[0].wrestler
    other = federation.wrestlers.exclude(appearances__show=shows[0])[0]
    match = Match.objects.create(show=late, position=1, rule_system="filsinger")
    for side, wrestler in enumerate((worked, other)):
        MatchParticipant.objects.create(match=match, show=late, side=side, wrestler=wrestler)
    assert planted(federation) == [
        f"{worked} is on shows #{shows[0].number}, #{late.number}, the same night "
        f"({shows[0].date})."
    ]


def test_a_wrestler_booked_while_injured(history):
    federation, shows = history
    row = MatchParticipant.objects.filter(show=shows[1], role=Role.IN_RING).order_by("pk")[0]
    Injury.objects.create(
        wrestler=row.wrestler,
        occurred_on=shows[1].date - dt.timedelta(days=3),
        source="manual",
        description="Torn knee",
    )
    problems = planted(federation)
    assert f"{row.wrestler} wrestled on {shows[1]} while injured (Torn knee)." in problems


# -- the ledger and injuries ----------------------------------------------------------------------


def test_a_value_the_ledger_does_not_add_up_to(history):
    federation, _ = history
    wrestler = federation.wrestlers.order_by("pk")[0]
    type(wrestler).objects.filter(pk=wrestler.pk).update(prestige=wrestler.prestige + 7)
    ledger = wrestler.prestige
    assert planted(federation) == [
        f"{wrestler}: prestige is {wrestler.prestige + 7} but the ledger adds up to {ledger}."
    ]


def test_a_match_that_wrote_its_ledger_twice(history):
    """What a show wrestled twice leaves: every change of a match written twice, the values
    moved twice, so that the sums still add up."""
    federation, shows = history
    row = StandingChange.objects.filter(match__show=shows[0], reason="Wrestled").order_by("pk")[0]
    StandingChange.objects.create(
        wrestler=row.wrestler,
        attribute=row.attribute,
        delta=row.delta,
        value_after=row.value_after + row.delta,
        reason=row.reason,
        match=row.match,
        show=row.show,
    )
    wrestler = row.wrestler
    type(wrestler).objects.filter(pk=wrestler.pk).update(fame=wrestler.fame + row.delta)
    assert planted(federation) == [
        f'Match {row.match_id} wrote {wrestler}\'s fame change "Wrestled" 2 times '
        "(wrestled twice?)."
    ]


def test_a_match_that_recorded_one_injury_twice(history):
    federation, shows = history
    row = MatchParticipant.objects.filter(show=shows[2], role=Role.IN_RING).order_by("pk")[0]
    for _ in range(2):
        Injury.objects.create(
            wrestler=row.wrestler,
            occurred_on=shows[2].date,
            match=row.match,
            source="feud_table",
            fight_cards_remaining=1,
            keeps_off_cards=False,
            description="Brawl",
        )
    assert planted(federation) == [
        f"Match {row.match_id} injured {row.wrestler} 2 times the same way (Brawl)."
    ]


# -- notices -------------------------------------------------------------------------------------


def test_notices_name_a_stranded_draft_and_a_failed_show_holding_the_next(history):
    federation, shows = history
    stray = Show.objects.create(
        federation=federation,
        name="Stray",
        number=80,
        scheduled_at=shows[1].scheduled_at + dt.timedelta(days=1),
        seed=1,
    )
    assert "it can never be wrestled in date order" in federation_notices(federation=federation)[0]
    assert str(stray) in federation_notices(federation=federation)[0]
    assert federation_check(federation=federation) == []  # a notice, not a violation
    failed = book_week(federation, scheduled_at=timezone.now() + WEEK, seed=7, matches=2)
    Show.objects.filter(pk=failed.pk).update(status=ShowStatus.FAILED, error="boom")
    following = book_week(federation, scheduled_at=timezone.now() + 2 * WEEK, seed=8, matches=2)
    assert (
        f"{following} waits for {failed}, which failed: retry or cancel it."
        in federation_notices(federation=federation)
    )


def test_notices_word_for_word_and_only_for_a_failed_blocker(federation):
    """A stranded show is named in full; a show waiting behind one merely scheduled is no
    notice (it will run in its turn); behind a failed one it is."""
    now = timezone.now()

    def show(number, days, status):
        return factories.ShowFactory(
            federation=federation,
            number=number,
            scheduled_at=now + dt.timedelta(days=days),
            status=status,
            completed_at=now if status == ShowStatus.COMPLETED else None,
        )

    show(1, -7, ShowStatus.COMPLETED)
    stray = show(2, -8, ShowStatus.BOOKED)
    first = show(3, 7, ShowStatus.SCHEDULED)
    second = show(4, 14, ShowStatus.SCHEDULED)
    stranded = (
        f"{stray} (booked) is dated before the federation's last show that has run: it can "
        "never be wrestled in date order. Move it or cancel it."
    )
    assert federation_notices(federation=federation) == [stranded]
    Show.objects.filter(pk=first.pk).update(status=ShowStatus.FAILED)
    assert federation_notices(federation=federation) == [
        stranded,
        f"{second} waits for {first}, which failed: retry or cancel it.",
    ]


def test_notices_name_a_shared_ring_name_and_two_tag_teams_at_once(federation):
    """Rosters from before the rules (or an import) broken on purpose: each rule is named; a
    wrestler who leaves one tag team the day he joins another, or is in a stable besides, is
    not."""
    ada = factories.WrestlerFactory(federation=federation, ring_name="Ada Vance", slug="ada-vance")
    factories.WrestlerFactory(federation=federation, ring_name="ada  VANCE", slug="ada-vance-2")
    assert federation_notices(federation=federation) == [
        "2 wrestlers share a ring name (ada-vance, ada-vance-2): give each a name of his own."
    ]
    rivets = factories.TeamFactory(federation=federation, name="The Rivets")
    storm = factories.TeamFactory(federation=federation, name="Stormfront")
    stable = factories.TeamFactory(federation=federation, name="The Foundry", kind="stable")
    on = dt.date(2024, 3, 2)
    factories.TeamMembershipFactory(team=rivets, wrestler=ada, ended_on=on)
    factories.TeamMembershipFactory(team=storm, wrestler=ada, started_on=on)
    factories.TeamMembershipFactory(team=stable, wrestler=ada)
    assert len(federation_notices(federation=federation)) == 1
    late = dt.date(2024, 3, 9)
    TeamMembership.objects.filter(team=rivets).update(ended_on=late)
    assert federation_notices(federation=federation)[1:] == [
        "Ada Vance is in two tag teams at once, The Rivets and Stormfront (from 2024-03-02): a "
        "side of a match cannot tell which it stands for; end one of the memberships."
    ]
    # Notices, not violations (the factory's wrestlers have no ledger, which is one).
    assert not [
        p for p in federation_check(federation=federation) if "Vance" in p and "ledger" not in p
    ]


# -- the roster's present: what a show writing back a stale copy of the roster left ----------


def test_an_active_wrestler_with_an_open_injury_that_keeps_him_off_is_named(history):
    federation, _ = history
    wrestler = federation.wrestlers.filter(status="active").order_by("pk").first()
    Injury.objects.create(
        wrestler=wrestler,
        occurred_on=timezone.localdate(),  # (after every show of the history)
        source="manual",
        body_part="Knee",
        description="twisted it",
        keeps_off_cards=True,
    )
    assert planted(federation) == [
        f"{wrestler} is active, yet his injury of {timezone.localdate()} (Knee: twisted it) is "
        "open and keeps him off cards."
    ]


def test_an_open_injury_he_may_wrestle_through_is_no_problem(history):
    federation, _ = history
    wrestler = federation.wrestlers.filter(status="active").order_by("pk").first()
    Injury.objects.create(
        wrestler=wrestler,
        occurred_on=timezone.localdate(),
        source="manual",
        body_part="Knee",
        keeps_off_cards=False,
    )
    assert planted(federation) == []


def test_two_active_feuds_between_the_same_sides_are_named(history):
    federation, _ = history
    feud = federation.feuds.exclude(status="ended").order_by("pk").first()
    participants = list(feud.participants.all())
    double = type(feud).objects.create(
        federation=federation,
        name="The same again",
        started_on=feud.started_on,
        heat=3,
        status="building",
    )
    for p in participants:
        p.pk = None
        p.feud = double
        p.save()
    assert planted(federation) == [
        f"2 active feuds between the same sides: {feud} (#{feud.pk}), The same again "
        f"(#{double.pk})."
    ]
    type(feud).objects.filter(pk=double.pk).update(status="ended", ended_on=feud.started_on)
    assert planted(federation) == []
