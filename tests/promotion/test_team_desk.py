"""Teams formed, joined, left and disbanded by the booker: each refusal alone and word for word,
the memberships each change leaves, and the checker clean after them."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from matches.checks import federation_check
from matches.models import ShowStatus
from promotion import services
from promotion.models import TeamMembership
from promotion.services import team_disband, team_form, team_join, team_leave
from tests import factories
from tests.promotion.refusals import names, refused, signed

pytestmark = pytest.mark.django_db

ON = dt.date(2026, 10, 2)
LATER = dt.date(2026, 11, 6)


@pytest.fixture
def ada(federation):
    return signed(federation, "Ada Vance")


@pytest.fixture
def bo(federation):
    return signed(federation, "Bo Lane")


@pytest.fixture
def rivets(federation, ada, bo):
    return team_form(federation=federation, name="The Rivets", members=[ada, bo], formed_on=ON)


def members_on(team, on) -> set[str]:
    return {str(w) for w in team.members_on(on)}


def test_a_tag_team_forms_with_its_members_from_that_day(federation, rivets):
    rivets.refresh_from_db()
    assert (rivets.slug, rivets.kind, rivets.formed_on) == ("the-rivets", "tag_team", ON)
    assert members_on(rivets, ON) == {"Ada Vance", "Bo Lane"}
    assert members_on(rivets, ON - dt.timedelta(days=1)) == set()
    assert federation_check(federation=federation) == []


def test_a_stable_may_hold_the_pair_of_a_tag_team_and_one_more(federation, rivets, ada, bo):
    cy = signed(federation, "Cy Moss")
    order = team_form(
        federation=federation, name="The Order", members=[ada, bo, cy], formed_on=ON, kind="stable"
    )
    assert members_on(order, ON) == {"Ada Vance", "Bo Lane", "Cy Moss"}


@names("TEAM_NAME_REQUIRED", "TEAM_TOO_FEW")
def test_a_tag_team_has_a_name_and_two_members(federation, ada):
    message = refused(team_form, federation=federation, name=" ", members=[ada], formed_on=ON)
    assert message == f"{services.TEAM_NAME_REQUIRED} {services.TEAM_TOO_FEW}"


@names("TEAM_SLUG_TAKEN")
def test_a_team_address_is_taken_once(federation, rivets, ada):
    cy, dee = signed(federation, "Cy Moss"), signed(federation, "Dee Ray")
    message = refused(
        team_form, federation=federation, name="The Rivets", members=[cy, dee], formed_on=ON
    )
    assert message == services.TEAM_SLUG_TAKEN.format(federation=federation, slug="the-rivets")


@names("TEAM_SAME_MEMBERS")
def test_the_same_pair_makes_one_tag_team_at_a_time(federation, rivets, ada, bo):
    message = refused(
        team_form, federation=federation, name="Vance and Lane", members=[bo, ada], formed_on=ON
    )
    assert message == services.TEAM_SAME_MEMBERS.format(names="Bo Lane and Ada Vance", team=rivets)


@names("TEAM_OTHER_TAG_TEAM")
def test_a_wrestler_is_in_one_tag_team_at_a_time(federation, rivets, ada, bo):
    cy, dee = signed(federation, "Cy Moss"), signed(federation, "Dee Ray")
    message = refused(
        team_form, federation=federation, name="Vance and Moss", members=[ada, cy], formed_on=ON
    )
    assert message == services.TEAM_OTHER_TAG_TEAM.format(wrestler=ada, team=rivets)
    bolts = team_form(federation=federation, name="The Bolts", members=[cy, dee], formed_on=ON)
    message = refused(team_join, team=bolts, wrestler=bo, on=LATER)
    assert message == services.TEAM_OTHER_TAG_TEAM.format(wrestler=bo, team=rivets)
    # Not on a day he was still a Rivet either, though he has left since.
    team_leave(team=rivets, wrestler=bo, on=LATER)
    assert refused(team_join, team=bolts, wrestler=bo, on=LATER - dt.timedelta(days=1)) == (
        services.TEAM_OTHER_TAG_TEAM.format(wrestler=bo, team=rivets)
    )
    team_join(team=bolts, wrestler=bo, on=LATER)
    assert members_on(bolts, LATER) == {"Bo Lane", "Cy Moss", "Dee Ray"}
    # A disbanded tag team lets its members go; a stable never holds anyone back.
    team_disband(team=rivets, on=LATER)
    eve = signed(federation, "Eve Stone")
    assert team_form(
        federation=federation, name="Vance and Stone", members=[ada, eve], formed_on=LATER
    )
    order = team_form(
        federation=federation, name="The Order", members=[ada, bo], formed_on=LATER, kind="stable"
    )
    assert members_on(order, LATER) == {"Ada Vance", "Bo Lane"}
    assert federation_check(federation=federation) == []


@names("TEAM_NOT_YET")
def test_a_team_changes_by_hand_on_a_day_that_has_come(federation, ada, bo):
    tomorrow = timezone.localdate() + dt.timedelta(days=1)
    message = refused(
        team_form, federation=federation, name="Rivets", members=[ada, bo], formed_on=tomorrow
    )
    assert message == services.TEAM_NOT_YET.format(on=tomorrow)


def test_a_member_joins_and_leaves(federation, rivets, ada):
    cy = signed(federation, "Cy Moss")
    team_join(team=rivets, wrestler=cy, on=LATER)
    assert members_on(rivets, LATER) == {"Ada Vance", "Bo Lane", "Cy Moss"}
    team_leave(team=rivets, wrestler=ada, on=LATER + dt.timedelta(days=7))
    assert members_on(rivets, LATER + dt.timedelta(days=7)) == {"Bo Lane", "Cy Moss"}
    assert members_on(rivets, LATER) == {"Ada Vance", "Bo Lane", "Cy Moss"}
    team_join(team=rivets, wrestler=ada, on=LATER + dt.timedelta(days=14))  # back again
    assert TeamMembership.objects.filter(team=rivets, wrestler=ada).count() == 2
    assert federation_check(federation=federation) == []


@names("TEAM_MEMBER_ALREADY", "TEAM_BEFORE_FORMED")
def test_a_member_joins_once_and_not_before_the_team_formed(rivets, ada, federation):
    message = refused(team_join, team=rivets, wrestler=ada, on=LATER)
    assert message == services.TEAM_MEMBER_ALREADY.format(wrestler=ada, team=rivets)
    cy = signed(federation, "Cy Moss")
    early = ON - dt.timedelta(days=1)
    message = refused(team_join, team=rivets, wrestler=cy, on=early)
    assert message == services.TEAM_BEFORE_FORMED.format(team=rivets, formed=ON, on=early)


@names("TEAM_NOT_A_MEMBER", "TEAM_LEFT_BEFORE_JOINING")
def test_only_a_member_leaves_and_not_before_he_joined(rivets, ada, federation):
    cy = signed(federation, "Cy Moss")
    message = refused(team_leave, team=rivets, wrestler=cy, on=LATER)
    assert message == services.TEAM_NOT_A_MEMBER.format(wrestler=cy, team=rivets)
    team_join(team=rivets, wrestler=cy, on=LATER)
    message = refused(team_leave, team=rivets, wrestler=cy, on=ON)
    assert message == services.TEAM_LEFT_BEFORE_JOINING.format(
        wrestler=cy, team=rivets, started=LATER, on=ON
    )


@names("TEAM_BOOKED", "TEAM_ON_CARD")
def test_a_member_booked_for_his_team_stays_until_the_show(rivets, ada, federation):
    show = factories.ShowFactory(federation=federation, status=ShowStatus.SCHEDULED)
    match = factories.MatchFactory(show=show, match_type="tag")
    factories.MatchParticipantFactory(match=match, show=show, wrestler=ada, team=rivets, side=0)
    message = refused(team_leave, team=rivets, wrestler=ada, on=LATER)
    assert message == services.TEAM_BOOKED.format(
        who=ada, team=rivets, show=show, status="scheduled"
    )
    message = refused(team_disband, team=rivets, on=LATER)
    assert message == services.TEAM_ON_CARD.format(team=rivets, show=show, status="scheduled")


def test_a_disbanded_team_lets_its_members_go_that_day(federation, rivets):
    team_disband(team=rivets, on=LATER)
    rivets.refresh_from_db()
    assert rivets.disbanded_on == LATER
    assert set(TeamMembership.objects.filter(team=rivets).values_list("ended_on", flat=True)) == {
        LATER
    }
    assert members_on(rivets, LATER) == set()
    assert federation_check(federation=federation) == []


@names("TEAM_DISBANDED")
def test_a_disbanded_team_takes_nobody_in(federation, rivets):
    team_disband(team=rivets, on=LATER)
    cy = signed(federation, "Cy Moss")
    message = refused(team_join, team=rivets, wrestler=cy, on=LATER)
    assert message == services.TEAM_DISBANDED.format(team=rivets, on=LATER)


@names("TEAM_CHAMPIONS")
def test_champions_do_not_disband(federation, rivets):
    title = factories.TitleFactory(federation=federation, division="tag", name="Tag Titles")
    services.reign_start(title=title, holder=rivets, won_on=ON)
    message = refused(team_disband, team=rivets, on=LATER)
    assert message == services.TEAM_CHAMPIONS.format(team=rivets, title=title)


# -- what the first mutation run of the desks found untested ------------------------------------


def test_the_retired_and_outsiders_make_no_team(federation, ada):
    old = factories.WrestlerFactory(federation=federation, status="retired")
    message = refused(
        team_form, federation=federation, name="Old", members=[ada, old], formed_on=ON
    )
    assert message == services.FEUD_RETIRED.format(who=old)
    rivets = team_form(
        federation=federation,
        name="Rivets",
        members=[ada, signed(federation, "Bo Lane")],
        formed_on=ON,
    )
    assert refused(team_join, team=rivets, wrestler=old, on=LATER) == (
        services.FEUD_RETIRED.format(who=old)
    )
    stranger = factories.WrestlerFactory()
    assert refused(team_join, team=rivets, wrestler=stranger, on=LATER) == (
        services.FEUD_OUTSIDER.format(who=stranger, federation=federation)
    )


def test_a_stable_may_be_the_very_pair_of_a_tag_team(federation, rivets, ada, bo):
    pair = team_form(
        federation=federation, name="The Pair", members=[ada, bo], formed_on=ON, kind="stable"
    )
    assert members_on(pair, ON) == {"Ada Vance", "Bo Lane"}


def test_a_team_disbands_no_earlier_than_its_last_members_joined(federation, rivets):
    cy, dee = signed(federation, "Cy Moss"), signed(federation, "Dee Ray")
    team_join(team=rivets, wrestler=cy, on=LATER)
    team_join(team=rivets, wrestler=dee, on=LATER)
    early = LATER - dt.timedelta(days=1)
    message = refused(team_disband, team=rivets, on=early)
    assert message == " ".join(
        services.TEAM_LEFT_BEFORE_JOINING.format(wrestler=who, team=rivets, started=LATER, on=early)
        for who in (cy, dee)
    )


def test_every_reason_not_to_disband_is_named_at_once(federation, rivets):
    title = factories.TitleFactory(federation=federation, division="tag", name="Tag Titles")
    services.reign_start(title=title, holder=rivets, won_on=ON)
    early = ON - dt.timedelta(days=1)
    assert refused(team_disband, team=rivets, on=early) == " ".join(
        [
            services.TEAM_BEFORE_FORMED.format(team=rivets, formed=ON, on=early),
            services.TEAM_CHAMPIONS.format(team=rivets, title=title),
        ]
    )
