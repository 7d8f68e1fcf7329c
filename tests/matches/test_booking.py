"""Booking by hand: ``match_book`` puts a match on a show's card or refuses it with every reason."""

import datetime as dt

import pytest

from matches import booking
from matches.booking import (
    BookingError,
    in_words,
    match_book,
    show_create,
    show_schedule,
)
from matches.models import Match, MatchParticipant, MatchType, Role, ShowStatus
from rules import registry
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def show(federation):
    return show_create(federation=federation, seed=42)


@pytest.fixture
def make(federation):
    def make(**fields):
        return factories.BookableWrestlerFactory(federation=federation, **fields)

    return make


def refused(**kwargs) -> list[str]:
    with pytest.raises(BookingError) as caught:
        match_book(**kwargs)
    return caught.value.reasons


def tag_team(federation, *wrestlers, since=dt.date(2024, 1, 6)):
    team = factories.TeamFactory(federation=federation)
    for wrestler in wrestlers:
        factories.TeamMembershipFactory(team=team, wrestler=wrestler, started_on=since)
    return team


# -- a booking that goes through --------------------------------------------------------------


def test_a_singles_match_stores_its_sides_roles_and_position(show, make):
    a, b = make(), make()
    match = match_book(show=show, sides=[[a], [b]], note="Opener")
    match.refresh_from_db()
    assert match.position == 1
    assert match.match_type == MatchType.SINGLES
    assert match.rule_system == show.federation.rule_system
    assert match.booking_note == "Opener"
    rows = list(match.participants.order_by("side", "order"))
    assert [(p.wrestler, p.side, p.role, p.order, p.team) for p in rows] == [
        (a, 0, Role.IN_RING, 0, None),
        (b, 1, Role.IN_RING, 0, None),
    ]
    assert {p.show_id for p in rows} == {show.pk}


def test_matches_are_numbered_on_down_the_card(show, make):
    first = match_book(show=show, sides=[[make()], [make()]])
    second = match_book(show=show, sides=[[make()], [make()]])
    placed = match_book(show=show, sides=[[make()], [make()]], position=7, is_main_event=True)
    assert (first.position, second.position, placed.position) == (1, 2, 7)
    assert Match.objects.get(pk=placed.pk).is_main_event


def test_a_tag_match_stores_partners_and_the_team_each_side_represents(show, federation, make):
    a, b, c, d = make(), make(), make(), make()
    team = tag_team(federation, a, b)
    match = match_book(show=show, sides=[[a, b], [c, d]], match_type=MatchType.TAG)
    rows = list(match.participants.order_by("side", "order"))
    assert [(p.wrestler, p.side, p.role, p.team) for p in rows] == [
        (a, 0, Role.IN_RING, team),
        (b, 0, Role.PARTNER, team),
        (c, 1, Role.IN_RING, None),
        (d, 1, Role.PARTNER, None),
    ]


def test_an_ally_stands_at_ringside_for_his_side(show, make):
    a, b, ally = make(), make(), make()
    match = match_book(show=show, sides=[[a], [b]], allies={1: ally})
    row = match.participants.get(wrestler=ally)
    assert (row.side, row.role) == (1, Role.ALLY)


def test_stakes_and_stipulations_are_stored(show, federation, make):
    champion, challenger = make(), make()
    title = factories.TitleFactory(federation=federation)
    factories.TitleReignFactory(title=title, holder_wrestler=champion)
    feud = factories.FeudFactory(federation=federation)
    factories.FeudParticipantFactory(feud=feud, side=0, wrestler=champion)
    factories.FeudParticipantFactory(feud=feud, side=1, wrestler=challenger)
    match = match_book(
        show=show,
        sides=[[champion], [challenger]],
        title=title,
        feud=feud,
        no_disqualification=True,
        time_limit=30,
        stipulations={"blowoff": True},
    )
    match.refresh_from_db()
    assert (match.title, match.feud, match.time_limit) == (title, feud, 30)
    assert match.no_disqualification and match.stipulations == {"blowoff": True}


def test_a_draft_show_becomes_booked_with_its_first_match(show, make):
    assert show.status == ShowStatus.DRAFT
    match_book(show=show, sides=[[make()], [make()]])
    show.refresh_from_db()
    assert show.status == ShowStatus.BOOKED


def test_an_injury_one_may_wrestle_through_does_not_keep_him_off(show, make):
    a = make()
    factories.InjuryFactory(
        wrestler=a, occurred_on=show.date - dt.timedelta(days=3), keeps_off_cards=False
    )
    assert match_book(show=show, sides=[[a], [make()]])


def test_a_healed_injury_or_an_ended_suspension_does_not_keep_him_off(show, make):
    healed, served = make(), make(status="suspended", suspended_until=show.date - dt.timedelta(1))
    factories.InjuryFactory(
        wrestler=healed,
        occurred_on=show.date - dt.timedelta(days=30),
        healed_on=show.date - dt.timedelta(days=1),
    )
    assert match_book(show=show, sides=[[healed], [served]])


# -- refusals, each with its reason -----------------------------------------------------------


def test_refused_when_a_wrestler_is_already_on_the_show(show, make):
    a = make()
    match_book(show=show, sides=[[a], [make()]])
    assert refused(show=show, sides=[[a], [make()]]) == [
        booking.ALREADY_ON_SHOW.format(wrestler=a, show=show)
    ]


def test_refused_when_a_wrestler_is_named_twice(show, make):
    a = make()
    reasons = refused(show=show, sides=[[a], [a]])
    assert booking.TWICE_IN_MATCH.format(wrestler=a) in reasons


def test_refused_when_a_wrestler_is_injured_on_the_show_date(show, make):
    a = make()
    factories.InjuryFactory(wrestler=a, occurred_on=show.date - dt.timedelta(days=3))
    assert refused(show=show, sides=[[a], [make()]]) == [
        booking.INJURED.format(wrestler=a, date=show.date)
    ]


def test_refused_when_a_wrestler_is_suspended_on_the_show_date(show, make):
    a = make(status="suspended", suspended_until=show.date + dt.timedelta(days=7))
    assert refused(show=show, sides=[[a], [make()]]) == [
        booking.SUSPENDED.format(wrestler=a, date=show.date)
    ]


def test_refused_when_a_wrestler_has_retired(show, make):
    a = make(status="retired")
    assert refused(show=show, sides=[[a], [make()]]) == [booking.RETIRED.format(wrestler=a)]


def test_refused_when_a_wrestler_belongs_to_another_federation(show, make):
    stranger = factories.BookableWrestlerFactory()
    assert refused(show=show, sides=[[stranger], [make()]]) == [
        booking.OTHER_FEDERATION.format(
            wrestler=stranger, other=stranger.federation, federation=show.federation
        )
    ]


def test_refused_when_a_wrestler_has_no_card_for_the_rule_system(show, federation, make):
    cardless = factories.WrestlerFactory(federation=federation)
    factories.WrestlerCardFactory(wrestler=cardless, system="superstar")
    assert refused(show=show, sides=[[cardless], [make()]]) == [
        booking.NO_CARD.format(wrestler=cardless, system="filsinger")
    ]


def test_refused_when_the_sides_do_not_fit_the_match_type(show, make):
    reasons = refused(show=show, sides=[[make()], [make()]], match_type=MatchType.TAG)
    assert reasons == ["A tag team match is two against two; this has one against one."]


def test_refused_when_a_title_match_leaves_out_the_champion(show, federation, make):
    champion = make()
    title = factories.TitleFactory(federation=federation)
    reign = factories.TitleReignFactory(title=title, holder_wrestler=champion)
    assert refused(show=show, sides=[[make()], [make()]], title=title) == [
        booking.CHAMPION_MISSING.format(title=title, champion=reign.holder)
    ]


def test_refused_when_a_tag_title_match_leaves_out_the_champion_team(show, federation, make):
    a, b, c, d = make(), make(), make(), make()
    champions = tag_team(federation, a, b)
    tag_team(federation, c, d)
    title = factories.TitleFactory(federation=federation, division="tag")
    factories.TitleReignFactory(title=title, holder_wrestler=None, holder_team=champions)
    reasons = refused(show=show, sides=[[a, c], [d, make()]], match_type="tag", title=title)
    assert booking.CHAMPION_MISSING.format(title=title, champion=champions) in reasons
    split = refused(show=show, sides=[[a, c], [b, d]], match_type="tag", title=title)
    assert booking.CHAMPION_TEAM_SPLIT.format(title=title, champion=champions) in split
    assert match_book(show=show, sides=[[a, b], [c, d]], match_type="tag", title=title)


def test_a_former_member_cannot_defend_the_tag_title(show, federation, make):
    a, b, former, d, e = make(), make(), make(), make(), make()
    champions = tag_team(federation, a, b)
    factories.TeamMembershipFactory(
        team=champions,
        wrestler=former,
        started_on=dt.date(2024, 1, 6),
        ended_on=dt.date(2025, 1, 6),
    )
    title = factories.TitleFactory(federation=federation, division="tag")
    factories.TitleReignFactory(title=title, holder_wrestler=None, holder_team=champions)
    reasons = refused(show=show, sides=[[a, former], [d, e]], match_type="tag", title=title)
    assert booking.CHAMPION_MISSING.format(title=title, champion=champions) in reasons


def test_refused_when_a_singles_title_is_put_on_a_tag_match(show, federation, make):
    a, b, c, d = make(), make(), make(), make()
    title = factories.TitleFactory(federation=federation)
    factories.TitleReignFactory(title=title, holder_wrestler=a)
    reasons = refused(show=show, sides=[[a, b], [c, d]], match_type="tag", title=title)
    assert reasons == [booking.SINGLES_TITLE_ON_TAG.format(title=title, match_type="tag")]


def test_refused_when_a_tag_title_is_put_on_a_singles_match(show, federation, make):
    title = factories.TitleFactory(federation=federation, division="tag")
    reasons = refused(show=show, sides=[[make()], [make()]], title=title)
    assert reasons == [booking.TAG_TITLE_NOT_TAG.format(title=title)]


def test_refused_for_another_federations_title_or_feud_or_an_ended_feud(show, make):
    title = factories.TitleFactory()
    assert refused(show=show, sides=[[make()], [make()]], title=title) == [
        booking.TITLE_OTHER_FEDERATION.format(title=title)
    ]
    feud = factories.FeudFactory()
    assert refused(show=show, sides=[[make()], [make()]], feud=feud) == [
        booking.FEUD_OTHER_FEDERATION
    ]
    ended = factories.FeudFactory(
        federation=show.federation, status="ended", ended_on=dt.date(2026, 10, 1)
    )
    assert refused(show=show, sides=[[make()], [make()]], feud=ended) == [
        booking.FEUD_ENDED.format(feud=ended)
    ]


@pytest.mark.parametrize("status", [ShowStatus.RUNNING, ShowStatus.COMPLETED])
def test_refused_when_the_show_has_already_run(show, make, status):
    show.status = status
    show.save(update_fields=["status"])
    reasons = refused(show=show, sides=[[make()], [make()]])
    assert reasons == [
        booking.SHOW_HAS_RUN.format(show=show, status=show.get_status_display().lower())
    ]


def test_refused_when_the_position_is_taken_or_impossible(show, make):
    match_book(show=show, sides=[[make()], [make()]], position=3)
    assert refused(show=show, sides=[[make()], [make()]], position=3) == [
        booking.POSITION_TAKEN.format(position=3, show=show)
    ]
    assert refused(show=show, sides=[[make()], [make()]], position=0) == [
        booking.BAD_POSITION.format(position=0)
    ]


def test_refused_when_an_ally_is_named_for_a_side_that_is_not_there(show, make):
    assert refused(show=show, sides=[[make()], [make()]], allies={2: make()}) == [
        booking.ALLY_NO_SIDE.format(side=2, last=1)
    ]


def test_refused_for_a_rule_system_without_an_engine(show, make, monkeypatch):
    system = "arm"
    monkeypatch.delitem(registry.systems, system)  # as before its engine landed
    reasons = refused(show=show, sides=[[make()], [make()]], rule_system=system)
    assert booking.NO_ENGINE.format(system=system) in reasons


def test_every_reason_is_given_at_once(show, federation, make):
    injured, retired = make(), make(status="retired")
    factories.InjuryFactory(wrestler=injured, occurred_on=show.date - dt.timedelta(days=1))
    title = factories.TitleFactory(federation=federation, division="tag")
    reasons = refused(show=show, sides=[[injured], [retired]], title=title)
    assert reasons == [
        booking.INJURED.format(wrestler=injured, date=show.date),
        booking.RETIRED.format(wrestler=retired),
        booking.TAG_TITLE_NOT_TAG.format(title=title),
    ]


def test_nothing_is_written_when_a_booking_is_refused(show, make):
    a = make(status="retired")
    with pytest.raises(BookingError):
        match_book(show=show, sides=[[a], [make()]])
    show.refresh_from_db()
    assert show.status == ShowStatus.DRAFT
    assert not Match.objects.filter(show=show).exists()
    assert not MatchParticipant.objects.filter(show=show).exists()


def test_nothing_is_written_when_storing_the_participants_fails(show, make, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(MatchParticipant.objects, "bulk_create", broken)
    with pytest.raises(RuntimeError):
        match_book(show=show, sides=[[make()], [make()]])
    show.refresh_from_db()
    assert show.status == ShowStatus.DRAFT
    assert not Match.objects.filter(show=show).exists()


# -- shows: creating and scheduling -----------------------------------------------------------


def test_shows_are_numbered_on_in_the_next_weekly_slots(federation):
    first = show_create(federation=federation)
    second = show_create(federation=federation)
    assert (first.number, second.number) == (1, 2)
    assert second.scheduled_at - first.scheduled_at == dt.timedelta(days=7)
    assert first.status == ShowStatus.DRAFT
    assert first.date.weekday() == federation.show_weekday


def test_a_booked_show_goes_on_the_schedule(show, make):
    match_book(show=show, sides=[[make()], [make()]])
    scheduled = show_schedule(show=show)
    assert scheduled.status == ShowStatus.SCHEDULED


def test_a_draft_show_cannot_be_scheduled(show):
    with pytest.raises(BookingError) as caught:
        show_schedule(show=show)
    assert caught.value.reasons == [booking.CANNOT_SCHEDULE.format(show=show, status="draft")]


def test_a_show_without_matches_cannot_be_scheduled(federation):
    show = factories.ShowFactory(federation=federation, status=ShowStatus.BOOKED)
    with pytest.raises(BookingError) as caught:
        show_schedule(show=show)
    assert caught.value.reasons == [booking.NOTHING_TO_SCHEDULE.format(show=show)]


def test_a_failed_show_is_retried_with_a_clean_slate_not_scheduled(show, make):
    from matches.services import show_retry

    match_book(show=show, sides=[[make()], [make()]])
    show.refresh_from_db()
    show.status, show.error, show.attempts = ShowStatus.FAILED, "boom", 3
    show.save()
    with pytest.raises(BookingError) as caught:
        show_schedule(show=show)
    assert caught.value.reasons == [booking.CANNOT_SCHEDULE.format(show=show, status="failed")]
    retried = show_retry(show=show)
    assert (retried.status, retried.error, retried.attempts) == ("scheduled", "", 0)


@pytest.mark.parametrize("status", [ShowStatus.SCHEDULED, ShowStatus.RUNNING, ShowStatus.COMPLETED])
def test_a_show_already_scheduled_or_run_cannot_be_scheduled(show, make, status):
    match_book(show=show, sides=[[make()], [make()]])
    show.refresh_from_db()
    show.status = status
    show.save(update_fields=["status"])
    with pytest.raises(BookingError) as caught:
        show_schedule(show=show)
    assert caught.value.reasons == [
        booking.CANNOT_SCHEDULE.format(show=show, status=status.label.lower())
    ]


@pytest.mark.django_db
def test_an_unknown_stipulation_is_refused_naming_the_known_ones():
    from matches import booking
    from tests import factories

    federation = factories.FederationFactory()
    show = factories.ShowFactory(federation=federation, status="draft")
    a, b = factories.BookableWrestlerFactory.create_batch(2, federation=federation)
    with pytest.raises(booking.BookingError) as refused:
        booking.match_book(show=show, sides=[[a], [b]], stipulations={"ladder": True})
    assert refused.value.reasons == [
        booking.UNKNOWN_STIPULATIONS.format(
            names="ladder",
            system="Filsinger card game",
            known="blowoff, falls_count_anywhere, no_count_out, no_dq, tournament",
        )
    ]
    match = booking.match_book(show=show, sides=[[a], [b]], stipulations={"no_count_out": True})
    assert match.stipulations == {"no_count_out": True}


@pytest.mark.django_db
def test_a_tag_title_is_contested_between_teams():
    import datetime as dt

    from matches import booking
    from tests import factories

    federation = factories.FederationFactory()
    show = factories.ShowFactory(federation=federation, status="draft")
    title = factories.TitleFactory(federation=federation, division="tag")
    team = factories.TeamFactory(federation=federation, formed_on=dt.date(2020, 1, 1))
    a, b, c, d = factories.BookableWrestlerFactory.create_batch(4, federation=federation)
    for member in (a, b):
        factories.TeamMembershipFactory(team=team, wrestler=member, started_on=dt.date(2020, 1, 1))
    with pytest.raises(booking.BookingError) as refused:
        booking.match_book(show=show, sides=[[a, b], [c, d]], match_type="tag", title=title)
    names = f"{c} & {d}"
    assert refused.value.reasons == [booking.TAG_TITLE_NEEDS_TEAMS.format(title=title, side=names)]


@pytest.mark.django_db
def test_history_is_wrestled_in_date_order():
    import datetime as dt

    from django.utils import timezone

    from matches import booking
    from tests import factories

    federation = factories.FederationFactory()
    done = factories.ShowFactory(federation=federation, status="completed")
    earlier = done.scheduled_at - dt.timedelta(days=7)
    with pytest.raises(booking.BookingError) as refused:
        booking.show_create(federation=federation, scheduled_at=earlier)
    assert refused.value.reasons == [
        booking.SHOW_BEFORE_HISTORY.format(
            at=in_words(earlier, federation), last=in_words(done.scheduled_at, federation)
        )
    ]
    assert booking.show_create(federation=federation).scheduled_at > timezone.now()

    with pytest.raises(booking.BookingError) as refused:
        booking.show_create(federation=federation, scheduled_at=done.scheduled_at)
    assert refused.value.reasons == [
        booking.SLOT_TAKEN.format(at=in_words(done.scheduled_at, federation))
    ]
    show = booking.show_create(
        federation=federation, scheduled_at=done.scheduled_at + dt.timedelta(hours=1)
    )
    feud = factories.FeudFactory(federation=federation, started_on=show.date + dt.timedelta(days=1))
    title = factories.TitleFactory(federation=federation)
    a, b = factories.BookableWrestlerFactory.create_batch(2, federation=federation)
    reign = factories.TitleReignFactory(
        title=title, holder_wrestler=a, won_on=show.date + dt.timedelta(days=2)
    )
    factories.FeudParticipantFactory(feud=feud, side=0, wrestler=a)
    factories.FeudParticipantFactory(feud=feud, side=1, wrestler=b)
    with pytest.raises(booking.BookingError) as refused:
        booking.match_book(show=show, sides=[[a], [b]], feud=feud, title=title)
    assert set(refused.value.reasons) == {
        booking.FEUD_NOT_STARTED.format(feud=feud, started=feud.started_on, on=show.date),
        booking.REIGN_AFTER_SHOW.format(title=title, won=reign.won_on, on=show.date),
    }


def test_a_new_show_is_named_and_housed_by_the_federations_defaults_unless_told():
    federation = factories.FederationFactory(name="Copperline", default_venue="The Foundry")
    first = show_create(federation=federation)
    assert (first.number, first.name, first.venue) == (1, "Copperline Weekly #1", "The Foundry")
    second = show_create(federation=federation, name="Winter Brawl", venue="")
    assert (second.number, second.name, second.venue) == (2, "Winter Brawl", "")
    third = show_create(federation=federation, venue="Dockside Arena")
    assert (third.name, third.venue) == ("Copperline Weekly #3", "Dockside Arena")
    assert first.status == ShowStatus.DRAFT
