"""Every refusal of the booking and show services, each triggered alone and named: a booking
that breaks one rule gets exactly that rule's reason, so a rule switched off fails its own test.

``test_every_refusal_has_a_test_here`` keeps the list whole: a new message constant in
``matches.booking`` or ``matches.services`` needs a test of its own below.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from matches import booking, services
from matches.booking import BookingError, in_words, match_book, show_create
from matches.models import MatchStatus, MatchType, ShowStatus
from promotion.models import Team
from rules import registry
from tests import factories

pytestmark = pytest.mark.django_db

DAY = dt.timedelta(days=1)
WEEK = dt.timedelta(days=7)


@pytest.fixture
def show(federation):
    return show_create(federation=federation, seed=42)


@pytest.fixture
def make(federation):
    def make(**fields):
        return factories.BookableWrestlerFactory(federation=federation, **fields)

    return make


def refused(call, **kwargs) -> list[str]:
    with pytest.raises(BookingError) as caught:
        call(**kwargs)
    return caught.value.reasons


def book_refused(**kwargs) -> list[str]:
    return refused(match_book, **kwargs)


def set_status(show, status, **fields):
    type(show).objects.filter(pk=show.pk).update(status=status, **fields)
    show.refresh_from_db()
    return show


def completed_show_after(show, delta=WEEK):
    """A show of the same federation that has run, dated ``delta`` after ``show``."""
    return factories.ShowFactory(
        federation=show.federation,
        number=show.number + 100,
        scheduled_at=show.scheduled_at + delta,
        status=ShowStatus.COMPLETED,
        completed_at=timezone.now(),
    )


def utc(show):
    """When ``show`` began, as the database's aggregates give it (UTC)."""
    return show.scheduled_at.astimezone(dt.UTC)


def booked(show, make):
    match_book(show=show, sides=[[make()], [make()]])
    show.refresh_from_db()
    return show


TESTED: set[str] = set()


def names(*constants: str):
    """Marks the test as the one for these message constants."""

    def mark(test):
        TESTED.update(constants)
        return test

    return mark


# -- match_book --------------------------------------------------------------------------------


@names("SHOW_KIND", "SHOW_CARD_SIZE")
def test_refused_for_a_show_kind_or_card_size_there_is_not(federation):
    for fields, expected in (
        (
            {"kind": "pay-per-view"},
            (
                "kind",
                "There is no show kind 'pay-per-view': a show is a weekly show or a special event.",
            ),
        ),
        ({"card_size": 31}, ("card_size", "A show's card holds 1 to 30 matches, not 31.")),
    ):
        with pytest.raises(BookingError) as caught:
            booking.show_create(federation=federation, **fields)
        assert caught.value.by_field == (expected,)
    assert not federation.shows.exists()


@names("TITLE_INACTIVE")
def test_refused_for_a_retired_title(show, federation, make):
    champion, challenger = make(), make()
    title = factories.TitleFactory(federation=federation, is_active=False)
    factories.TitleReignFactory(title=title, holder_wrestler=champion, number=1)
    reasons = book_refused(show=show, sides=[[champion], [challenger]], title=title)
    assert reasons == [booking.TITLE_INACTIVE.format(title=title)]


@names("TITLE_NOT_INTRODUCED")
def test_refused_for_a_title_introduced_after_the_show(show, federation, make):
    later = show.date + dt.timedelta(days=10)
    title = factories.TitleFactory(federation=federation, introduced_on=later)
    reasons = book_refused(show=show, sides=[[make()], [make()]], title=title)
    assert reasons == [f"The {title} is introduced on {later:%b %-d, %Y}, after this show."]


def test_an_active_title_with_its_champion_in_the_match_is_booked(show, federation, make):
    champion, challenger = make(), make()
    title = factories.TitleFactory(federation=federation, is_active=True)
    factories.TitleReignFactory(title=title, holder_wrestler=champion, number=1)
    assert match_book(show=show, sides=[[champion], [challenger]], title=title).title == title


@names("MATCH_TYPE_UNSUPPORTED")
def test_refused_for_a_match_type_the_rule_system_does_not_offer(show, make):
    engine = registry.systems["filsinger"]
    missing = [
        kind
        for kind in (MatchType.STEEL_CAGE, MatchType.TEXAS_DEATH, MatchType.GRUDGE)
        if kind not in engine.match_types
    ]
    assert missing, "the Filsinger rules offer every one-on-one match type: pick another"
    reasons = book_refused(show=show, sides=[[make()], [make()]], match_type=missing[0])
    words = MatchType(missing[0]).label.lower()
    assert reasons == [f"Filsinger card game has no {words} match; it offers singles, tag team."]


def test_refused_for_a_match_type_nobody_knows(show, make):
    reasons = book_refused(show=show, sides=[[make()], [make()]], match_type="cage_of_doom")
    assert reasons[-1] == "Unknown match type 'cage_of_doom'."
    assert len(reasons) == 2  # and the rule system does not offer it either
    assert reasons[0] == (
        "Filsinger card game has no cage of doom match; it offers singles, tag team."
    )


def test_refused_for_a_rule_option_the_system_does_not_have(show, make):
    reasons = book_refused(show=show, sides=[[make()], [make()]], rule_options=["moonsault"])
    assert len(reasons) == 1
    assert reasons[0].startswith("Rule options: ") and "moonsault" in reasons[0]


def test_the_federations_rule_options_are_used_when_none_are_given(show, federation, make):
    federation.rule_options = ["moonsault"]
    federation.save(update_fields=["rule_options"])
    reasons = book_refused(show=show, sides=[[make()], [make()]])
    assert len(reasons) == 1 and reasons[0].startswith("Rule options: ")
    assert match_book(show=show, sides=[[make()], [make()]], rule_options=[]).rule_options == []


@names("NO_ENGINE")
def test_refused_for_a_rule_system_without_an_engine(show, make, monkeypatch):
    monkeypatch.delitem(registry.systems, "filsinger")
    reasons = book_refused(show=show, sides=[[make()], [make()]])
    assert booking.NO_ENGINE.format(system="filsinger") in reasons


@names("UNKNOWN_STIPULATIONS")
def test_refused_for_an_unknown_stipulation(show, make):
    reasons = book_refused(show=show, sides=[[make()], [make()]], stipulations={"ladder": True})
    assert len(reasons) == 1
    assert reasons[0].startswith("Unknown stipulation(s) ladder for Filsinger card game (known: ")


@names("ALLY_NO_PART")
def test_refused_for_an_ally_where_the_rules_give_him_no_part(show, make):
    a, b, ally = make(), make(), make()
    for w in (a, b, ally):
        factories.WrestlerCardFactory(wrestler=w, system="superstar")
    reasons = book_refused(show=show, sides=[[a], [b]], rule_system="superstar", allies={0: ally})
    assert reasons == [
        "Nobody at ringside has a part in Superstar Pro Wrestling's rules: an ally would only "
        "watch; book the match without one."
    ]
    assert not show.matches.exists()
    match = match_book(show=show, sides=[[a], [b]], allies={0: ally})  # Filsinger: rule 9
    assert match.participants.get(role="ally").wrestler == ally


@names("STIPULATION_NOT_A_FLAG")
def test_refused_for_a_stipulation_that_is_not_on_or_off(show, make):
    reasons = book_refused(
        show=show, sides=[[make()], [make()]], stipulations={"no_dq": {"a": 1}, "blowoff": 1}
    )
    assert reasons == [
        "The stipulation blowoff is on or off (true or false), not 1.",
        "The stipulation no_dq is on or off (true or false), not {'a': 1}.",
    ]
    assert not show.matches.exists()


@names("WRONG_SIDES")
@pytest.mark.parametrize(
    ("match_type", "shape", "reason"),
    [
        (
            MatchType.SINGLES,
            [1, 1, 1],
            "A singles match is one against one; this has one against one against one.",
        ),
        (
            MatchType.SINGLES,
            [2, 1],
            "A singles match is one against one; this has two against one.",
        ),
        (MatchType.TAG, [2, 1], "A tag team match is two against two; this has two against one."),
        (
            MatchType.TAG,
            [2],
            "A tag team match is two against two; this has only one side, of two.",
        ),
    ],
)
def test_refused_when_the_sides_do_not_fit(show, make, match_type, shape, reason):
    sides = [[make() for _ in range(size)] for size in shape]
    reasons = book_refused(show=show, sides=sides, match_type=match_type)
    assert reason in reasons


def test_a_battle_royal_needs_three_sides_or_more():
    assert booking._sides_problems(MatchType.BATTLE_ROYAL, [[1], [2], [3]]) == []
    assert booking._sides_problems(MatchType.BATTLE_ROYAL, [[1], [2]]) == [
        "A battle royal is three or more wrestlers, each alone; this has two wrestlers."
    ]
    assert booking._sides_problems(MatchType.TEXAS_DEATH, [[1, 2], [3, 4]]) == [
        "A Texas death match is one against one; this has two against two."
    ]
    assert booking._sides_problems(MatchType.BATTLE_ROYAL, [[1], [2], [3, 4]])
    assert booking._sides_problems(MatchType.THREE_MAN_TAG, [[1, 2, 3], [4, 5, 6]]) == []


@names("ALREADY_ON_SHOW")
def test_refused_when_a_wrestler_is_already_on_the_show(show, make):
    a = make()
    match_book(show=show, sides=[[a], [make()]])
    assert book_refused(show=show, sides=[[a], [make()]]) == [
        booking.ALREADY_ON_SHOW.format(wrestler=a, show=show)
    ]


@names("TWICE_IN_MATCH")
def test_refused_when_a_wrestler_is_named_twice(show, make):
    a = make()
    assert book_refused(show=show, sides=[[a], [make()]], allies={1: a}) == [
        booking.TWICE_IN_MATCH.format(wrestler=a)
    ]


@names("INJURED")
def test_refused_when_a_wrestler_is_injured(show, make):
    a = make()
    factories.InjuryFactory(wrestler=a, occurred_on=show.date - WEEK)
    assert book_refused(show=show, sides=[[a], [make()]]) == [
        booking.INJURED.format(wrestler=a, date=show.date)
    ]


@names("SUSPENDED")
def test_refused_when_a_wrestler_is_suspended_without_an_end(show, make):
    a = make(status="suspended", suspended_until=None)
    assert book_refused(show=show, sides=[[a], [make()]]) == [
        booking.SUSPENDED.format(wrestler=a, date=show.date)
    ]


@names("RETIRED")
def test_refused_when_a_wrestler_has_retired(show, make):
    a = make(status="retired")
    assert book_refused(show=show, sides=[[make()], [a]]) == [booking.RETIRED.format(wrestler=a)]


@names("BEFORE_DEBUT")
def test_refused_when_a_wrestler_debuts_after_the_show(show, make):
    a = make(debut_on=show.date + dt.timedelta(days=3))
    expected = (
        f"{a} debuts on {show.date + dt.timedelta(days=3):%b %-d, %Y}, "
        f"after {show.date:%b %-d, %Y}."
    )
    assert book_refused(show=show, sides=[[make()], [a]]) == [expected]


@names("OTHER_FEDERATION")
def test_refused_when_a_wrestler_belongs_to_another_federation(show, make):
    outsider = factories.BookableWrestlerFactory()
    assert book_refused(show=show, sides=[[make()], [outsider]]) == [
        booking.OTHER_FEDERATION.format(
            wrestler=outsider, other=outsider.federation, federation=show.federation
        )
    ]


@names("NO_CARD")
def test_refused_when_a_wrestler_has_no_card_for_the_system(show, federation, make):
    cardless = factories.WrestlerFactory(federation=federation)
    assert book_refused(show=show, sides=[[make()], [cardless]]) == [
        booking.NO_CARD.format(wrestler=cardless, system="filsinger")
    ]


@names("ALLY_NO_SIDE")
@pytest.mark.parametrize("side", [-1, 2])
def test_refused_when_an_ally_is_named_for_a_side_that_is_not_there(show, make, side):
    assert book_refused(show=show, sides=[[make()], [make()]], allies={side: make()}) == [
        booking.ALLY_NO_SIDE.format(side=side, last=1)
    ]


def test_an_ally_for_either_side_is_accepted(show, make):
    match = match_book(show=show, sides=[[make()], [make()]], allies={0: make(), 1: make()})
    assert match.participants.filter(role="ally").count() == 2


@names("TITLE_OTHER_FEDERATION")
def test_refused_for_another_federations_title(show, make):
    title = factories.TitleFactory()
    assert book_refused(show=show, sides=[[make()], [make()]], title=title) == [
        booking.TITLE_OTHER_FEDERATION.format(title=title)
    ]


@names("SINGLES_TITLE_ON_TAG")
def test_refused_when_a_singles_title_is_put_on_a_tag_match(show, federation, make):
    title = factories.TitleFactory(federation=federation, division="singles")
    sides = [[make(), make()], [make(), make()]]
    reasons = book_refused(show=show, sides=sides, match_type=MatchType.TAG, title=title)
    assert reasons == [booking.SINGLES_TITLE_ON_TAG.format(title=title, match_type="tag")]


@names("TAG_TITLE_NOT_TAG")
def test_refused_when_a_tag_title_is_put_on_a_singles_match(show, federation, make):
    title = factories.TitleFactory(federation=federation, division="tag")
    assert book_refused(show=show, sides=[[make()], [make()]], title=title) == [
        booking.TAG_TITLE_NOT_TAG.format(title=title)
    ]


def tag_team(federation, *wrestlers, since=dt.date(2024, 1, 6)):
    team = factories.TeamFactory(federation=federation)
    for wrestler in wrestlers:
        factories.TeamMembershipFactory(team=team, wrestler=wrestler, started_on=since)
    return team


@names("TAG_TITLE_NEEDS_TEAMS")
def test_refused_when_a_side_of_a_tag_title_match_is_not_a_team(show, federation, make):
    title = factories.TitleFactory(federation=federation, division="tag")
    a, b, c, d = make(), make(), make(), make()
    tag_team(federation, a, b)
    reasons = book_refused(show=show, sides=[[a, b], [c, d]], match_type=MatchType.TAG, title=title)
    assert reasons == [booking.TAG_TITLE_NEEDS_TEAMS.format(title=title, side=f"{c} & {d}")]


@names("CHAMPION_MISSING")
def test_refused_when_the_champion_is_left_out(show, federation, make):
    champion = make()
    title = factories.TitleFactory(federation=federation)
    reign = factories.TitleReignFactory(title=title, holder_wrestler=champion, number=1)
    assert book_refused(show=show, sides=[[make()], [make()]], title=title) == [
        booking.CHAMPION_MISSING.format(title=title, champion=reign.holder)
    ]


@names("CHAMPION_TEAM_SPLIT")
def test_refused_when_the_champion_team_is_split_between_sides(show, federation, make):
    a, b, c, d = make(), make(), make(), make()
    champions = tag_team(federation, a, b)
    tag_team(federation, a, c, since=dt.date(2025, 1, 1))
    tag_team(federation, b, d, since=dt.date(2025, 1, 1))
    title = factories.TitleFactory(federation=federation, division="tag")
    factories.TitleReignFactory(title=title, holder_wrestler=None, holder_team=champions, number=1)
    reasons = book_refused(show=show, sides=[[a, c], [b, d]], match_type=MatchType.TAG, title=title)
    assert reasons == [booking.CHAMPION_TEAM_SPLIT.format(title=title, champion=champions)]


@names("REIGN_AFTER_SHOW")
def test_refused_when_the_reign_begins_after_the_show(show, federation, make):
    champion = make()
    title = factories.TitleFactory(federation=federation)
    reign = factories.TitleReignFactory(
        title=title, holder_wrestler=champion, number=1, won_on=show.date + DAY
    )
    assert book_refused(show=show, sides=[[champion], [make()]], title=title) == [
        booking.REIGN_AFTER_SHOW.format(title=title, won=reign.won_on, on=show.date)
    ]


def test_a_reign_won_on_the_show_date_may_be_defended_that_night(show, federation, make):
    champion = make()
    title = factories.TitleFactory(federation=federation)
    factories.TitleReignFactory(title=title, holder_wrestler=champion, number=1, won_on=show.date)
    assert match_book(show=show, sides=[[champion], [make()]], title=title)


@names("FEUD_OTHER_FEDERATION")
def test_refused_for_another_federations_feud(show, make):
    feud = factories.FeudFactory()
    assert book_refused(show=show, sides=[[make()], [make()]], feud=feud) == [
        booking.FEUD_OTHER_FEDERATION
    ]


@names("FEUD_ENDED")
def test_refused_for_a_feud_that_has_ended(show, federation, make):
    ended = factories.FeudFactory(federation=federation, status="ended", ended_on=show.date - WEEK)
    assert book_refused(show=show, sides=[[make()], [make()]], feud=ended) == [
        booking.FEUD_ENDED.format(feud=ended)
    ]


def feud_between(federation, one, other, **fields):
    """A feud of ``one`` (side A) against ``other`` (side B), each a wrestler or a team."""
    feud = factories.FeudFactory(federation=federation, **fields)
    for side, who in enumerate((one, other)):
        is_team = isinstance(who, Team)
        factories.FeudParticipantFactory(
            feud=feud, side=side, wrestler=None if is_team else who, team=who if is_team else None
        )
    return feud


@names("FEUD_NOT_STARTED")
def test_refused_for_a_feud_that_begins_the_day_after_the_show(show, federation, make):
    a, b = make(), make()
    feud = feud_between(federation, a, b, started_on=show.date + DAY)
    assert book_refused(show=show, sides=[[a], [b]], feud=feud) == [
        booking.FEUD_NOT_STARTED.format(feud=feud, started=feud.started_on, on=show.date)
    ]


def test_a_feud_that_begins_on_the_show_date_may_be_on_its_card(show, federation, make):
    a, b = make(), make()
    feud = feud_between(federation, a, b, started_on=show.date)
    assert match_book(show=show, sides=[[a], [b]], feud=feud).feud == feud


@names("FEUD_NOT_IN_MATCH")
def test_refused_for_a_feud_none_of_its_wrestlers_are_in(show, federation, make):
    corrigan, mortimer = make(ring_name="Corrigan Vale"), make(ring_name="Mortimer Gale")
    feud = feud_between(federation, corrigan, mortimer)
    assert book_refused(show=show, sides=[[make()], [make()]], feud=feud) == [
        booking.FEUD_NOT_IN_MATCH.format(feud=feud, one="Corrigan Vale", other="Mortimer Gale")
    ]
    assert not show.matches.exists()


def test_refused_for_a_feud_with_only_one_of_its_sides_in_the_match(show, federation, make):
    corrigan, mortimer = make(), make()
    feud = feud_between(federation, corrigan, mortimer)
    reasons = book_refused(show=show, sides=[[corrigan], [make()]], feud=feud)
    assert reasons == [booking.FEUD_NOT_IN_MATCH.format(feud=feud, one=corrigan, other=mortimer)]


def test_refused_for_a_feud_whose_two_sides_are_partners_in_the_match(show, federation, make):
    corrigan, mortimer = make(), make()
    feud = feud_between(federation, corrigan, mortimer)
    sides = [[corrigan, mortimer], [make(), make()]]
    reasons = book_refused(show=show, sides=sides, match_type=MatchType.TAG, feud=feud)
    assert reasons == [booking.FEUD_NOT_IN_MATCH.format(feud=feud, one=corrigan, other=mortimer)]


def test_an_ally_at_ringside_does_not_make_a_match_part_of_a_feud(show, federation, make):
    corrigan, mortimer = make(), make()
    feud = feud_between(federation, corrigan, mortimer)
    reasons = book_refused(show=show, sides=[[corrigan], [make()]], allies={1: mortimer}, feud=feud)
    assert reasons == [booking.FEUD_NOT_IN_MATCH.format(feud=feud, one=corrigan, other=mortimer)]


def test_a_team_feud_is_met_by_members_of_each_team_on_opposite_sides(show, federation, make):
    a, b, c, d = make(), make(), make(), make()
    ours = team(federation, "Crosswind", "tag_team", a, b)
    theirs = team(federation, "Iron Pact", "tag_team", c, d)
    feud = feud_between(federation, ours, theirs)
    assert match_book(show=show, sides=[[a], [d]], feud=feud).feud == feud
    reasons = book_refused(show=show, sides=[[b], [make()]], feud=feud)
    assert reasons == [booking.FEUD_NOT_IN_MATCH.format(feud=feud, one=ours, other=theirs)]


def test_a_feud_of_a_wrestler_against_a_team_is_met_by_him_against_a_member(show, federation, make):
    loner, c, d = make(), make(), make()
    theirs = team(federation, "Iron Pact", "tag_team", c, d)
    feud = feud_between(federation, loner, theirs)
    assert match_book(show=show, sides=[[c], [loner]], feud=feud).feud == feud


def test_a_former_member_of_a_team_does_not_stand_for_it_in_its_feud(show, federation, make):
    a, b, left = make(), make(), make()
    ours = team(federation, "Crosswind", "tag_team", a, b)
    factories.TeamMembershipFactory(
        team=ours, wrestler=left, started_on=dt.date(2024, 1, 6), ended_on=show.date - WEEK
    )
    rival = make()
    feud = feud_between(federation, ours, rival)
    reasons = book_refused(show=show, sides=[[left], [rival]], feud=feud)
    assert reasons == [booking.FEUD_NOT_IN_MATCH.format(feud=feud, one=ours, other=rival)]


def test_a_battle_royal_is_part_of_a_feud_with_its_sides_among_the_entrants(show, federation, make):
    system = "superstar"
    entrants = [
        factories.BookableWrestlerFactory(federation=federation, card=system) for _ in range(4)
    ]
    feud = feud_between(federation, entrants[1], entrants[3])
    match = match_book(
        show=show,
        sides=[[w] for w in entrants],
        match_type=MatchType.BATTLE_ROYAL,
        rule_system=system,
        feud=feud,
    )
    assert match.feud == feud


@names("BAD_POSITION")
def test_refused_for_a_position_below_one(show, make):
    assert book_refused(show=show, sides=[[make()], [make()]], position=0) == [
        booking.BAD_POSITION.format(position=0)
    ]
    assert match_book(show=show, sides=[[make()], [make()]], position=1).position == 1


@names("TIME_SKIPPED")
def test_refused_for_a_time_the_clocks_skip(federation, show):
    """2:30 on the night summer time begins in Chicago is no moment: stored, it would have
    become 3:30 without a word."""
    from zoneinfo import ZoneInfo

    chicago = ZoneInfo("America/Chicago")
    federation.time_zone = "America/Chicago"
    federation.save(update_fields=["time_zone"])
    skipped = dt.datetime(2030, 3, 10, 2, 30, tzinfo=chicago)
    words = (
        "02:30 on Mar 10, 2030 does not exist in America/Chicago: the clocks go forward over it. "
        "Choose a time before or after the change."
    )
    assert refused(show_create, federation=federation, scheduled_at=skipped) == [words]
    assert refused(booking.show_update, show=show, scheduled_at=skipped) == [words]
    # The hour before, the hour after, and the same instant given with its offset all exist.
    for fine in (
        dt.datetime(2030, 3, 10, 1, 30, tzinfo=chicago),
        dt.datetime(2030, 3, 10, 3, 45, tzinfo=chicago),
    ):
        assert show_create(federation=federation, scheduled_at=fine).scheduled_at == fine
    offset = dt.datetime(2030, 3, 10, 2, 30, tzinfo=dt.timezone(dt.timedelta(hours=-6)))
    assert booking.show_update(show=show, scheduled_at=offset).scheduled_at == offset


def test_a_show_name_or_venue_is_plain_text_at_every_door(federation, show):
    """The services check what the model would (the page's form did; the API did not)."""
    words = (
        "Venue: Remove the control character U+202E (RIGHT-TO-LEFT OVERRIDE) at character 2: "
        "the field takes plain text."
    )
    assert refused(booking.show_update, show=show, venue="a\u202eb") == [words]
    assert refused(show_create, federation=federation, venue="a\u202eb") == [words]
    assert refused(booking.show_update, show=show, name="n" * 161) == [
        "Name: Ensure this value has at most 160 characters (it has 161)."
    ]
    assert booking.show_update(show=show, venue="The Foundry").venue == "The Foundry"


@names("TIME_LIMIT_RANGE")
@pytest.mark.parametrize("minutes", [0, 241, 99999])
def test_refused_for_a_time_limit_out_of_range(show, make, minutes):
    assert book_refused(show=show, sides=[[make()], [make()]], time_limit=minutes) == [
        f"A time limit is 1 to 240 minutes (or none), not {minutes}."
    ]
    for fine in (1, 240, None):
        assert match_book(show=show, sides=[[make()], [make()]], time_limit=fine)


@names("POSITION_TAKEN")
def test_refused_for_a_position_taken(show, make):
    match_book(show=show, sides=[[make()], [make()]], position=2)
    assert book_refused(show=show, sides=[[make()], [make()]], position=2) == [
        booking.POSITION_TAKEN.format(position=2, show=show)
    ]


@names("SHOW_HAS_RUN")
@pytest.mark.parametrize("status", [ShowStatus.RUNNING, ShowStatus.COMPLETED, ShowStatus.CANCELLED])
def test_refused_on_a_show_that_is_closed(show, make, status):
    set_status(show, status)
    assert book_refused(show=show, sides=[[make()], [make()]]) == [
        booking.SHOW_HAS_RUN.format(show=show, status=status.label.lower())
    ]


@pytest.mark.parametrize("status", [ShowStatus.BOOKED, ShowStatus.SCHEDULED, ShowStatus.FAILED])
def test_a_show_still_open_takes_more_matches(show, make, status):
    set_status(show, status)
    assert match_book(show=show, sides=[[make()], [make()]])


@names("STRANDED")
def test_refused_on_a_show_dated_before_one_that_has_run(show, make):
    last = completed_show_after(show)
    assert book_refused(show=show, sides=[[make()], [make()]]) == [
        booking.STRANDED.format(
            show=show,
            at=in_words(utc(show), show.federation),
            last=in_words(utc(last), show.federation),
        )
    ]


def test_a_show_dated_a_minute_after_the_last_one_that_ran_is_not_stranded(show, make):
    completed_show_after(show, -dt.timedelta(minutes=1))
    assert match_book(show=show, sides=[[make()], [make()]])


# -- show_create, show_schedule, show_update -----------------------------------------------------


@names("SHOW_BEFORE_HISTORY")
def test_a_show_cannot_be_created_before_the_last_that_ran(show):
    last = completed_show_after(show)
    at = last.scheduled_at - DAY
    assert refused(show_create, federation=show.federation, scheduled_at=at) == [
        booking.SHOW_BEFORE_HISTORY.format(
            at=in_words(at, show.federation), last=in_words(utc(last), show.federation)
        )
    ]


@names("SLOT_TAKEN")
def test_a_show_cannot_be_created_in_a_slot_taken(show):
    assert refused(show_create, federation=show.federation, scheduled_at=show.scheduled_at) == [
        booking.SLOT_TAKEN.format(at=in_words(show.scheduled_at, show.federation))
    ]


def test_a_cancelled_show_frees_its_slot(show):
    set_status(show, ShowStatus.CANCELLED)
    again = show_create(federation=show.federation, scheduled_at=show.scheduled_at)
    assert again.scheduled_at == show.scheduled_at and again.number == show.number + 1


@names("CANNOT_SCHEDULE")
def test_only_a_booked_show_is_scheduled(show):
    assert refused(booking.show_schedule, show=show) == [
        booking.CANNOT_SCHEDULE.format(show=show, status="draft")
    ]


@names("NOTHING_TO_SCHEDULE")
def test_a_booked_show_without_matches_is_not_scheduled(show):
    set_status(show, ShowStatus.BOOKED)
    assert refused(booking.show_schedule, show=show) == [
        booking.NOTHING_TO_SCHEDULE.format(show=show)
    ]


@names("SCHEDULE_BEFORE_HISTORY")
def test_a_show_dated_before_the_last_that_ran_is_not_scheduled(show, make):
    booked(show, make)
    last = completed_show_after(show)
    assert refused(booking.show_schedule, show=show) == [
        booking.SCHEDULE_BEFORE_HISTORY.format(
            show=show,
            at=in_words(show.scheduled_at, show.federation),
            last=in_words(utc(last), show.federation),
        )
    ]


@names("SHOW_CLOSED")
@pytest.mark.parametrize("status", [ShowStatus.RUNNING, ShowStatus.COMPLETED, ShowStatus.CANCELLED])
def test_a_closed_show_keeps_its_details(show, status):
    set_status(show, status)
    assert refused(booking.show_update, show=show, venue="Elsewhere") == [
        booking.SHOW_CLOSED.format(show=show, status=status.label.lower())
    ]


@names("RESCHEDULE_LOCKED")
@pytest.mark.parametrize("status", [ShowStatus.SCHEDULED, ShowStatus.FAILED])
def test_a_scheduled_or_failed_show_cannot_move(show, status):
    set_status(show, status)
    when = show.scheduled_at + WEEK
    assert refused(booking.show_update, show=show, scheduled_at=when) == [
        booking.RESCHEDULE_LOCKED.format(show=show, status=status.label.lower())
    ]
    assert booking.show_update(show=show, venue="The Armory").venue == "The Armory"


def test_a_show_moved_before_the_last_that_ran_or_into_a_taken_slot_is_refused(show):
    last = completed_show_after(show)
    earlier = last.scheduled_at - DAY
    assert refused(booking.show_update, show=show, scheduled_at=earlier) == [
        booking.SHOW_BEFORE_HISTORY.format(
            at=in_words(earlier, show.federation), last=in_words(utc(last), show.federation)
        )
    ]
    later = show_create(federation=show.federation)
    assert refused(booking.show_update, show=show, scheduled_at=later.scheduled_at) == [
        booking.SLOT_TAKEN.format(at=in_words(later.scheduled_at, show.federation))
    ]
    moved = booking.show_update(show=later, scheduled_at=later.scheduled_at + WEEK)
    assert moved.scheduled_at == later.scheduled_at + WEEK


def test_show_update_names_the_fields_it_cannot_change(show):
    with pytest.raises(ValueError, match="show_update cannot change seed, status"):
        booking.show_update(show=show, status=ShowStatus.COMPLETED, seed=1)


# -- match_remove, match_move ------------------------------------------------------------------


@names("MATCH_WRESTLED")
def test_a_wrestled_match_cannot_be_removed(show, make):
    match = match_book(show=show, sides=[[make()], [make()]])
    type(match).objects.filter(pk=match.pk).update(
        status=MatchStatus.COMPLETED, winner_side=0, method="pin"
    )
    assert refused(booking.match_remove, match=match) == [
        booking.MATCH_WRESTLED.format(match=match)
    ]


def test_a_match_on_a_closed_show_cannot_be_removed_or_moved(show, make):
    match = match_book(show=show, sides=[[make()], [make()]])
    set_status(show, ShowStatus.COMPLETED)
    assert refused(booking.match_remove, match=match) == [
        booking.SHOW_HAS_RUN.format(show=show, status="completed")
    ]
    assert refused(booking.match_move, match=match, position=1) == [
        booking.SHOW_HAS_RUN.format(show=show, status="completed")
    ]


def test_removing_the_last_match_makes_the_show_a_draft_and_the_card_closes_up(show, make):
    first = match_book(show=show, sides=[[make()], [make()]])
    second = match_book(show=show, sides=[[make()], [make()]])
    booking.match_remove(match=first)
    second.refresh_from_db()
    show.refresh_from_db()
    assert (second.position, show.status) == (1, ShowStatus.BOOKED)
    booking.match_remove(match=second)
    show.refresh_from_db()
    assert show.status == ShowStatus.DRAFT and not show.matches.exists()


@names("MATCH_NOT_ON_SHOW")
def test_a_match_moved_on_a_show_that_no_longer_holds_it_is_refused(show, make):
    match = match_book(show=show, sides=[[make()], [make()]])
    gone = type(match).objects.get(pk=match.pk)
    type(match).objects.filter(pk=match.pk).delete()
    gone.show_id = show.pk
    assert refused(booking.match_move, match=gone, position=1) == [
        booking.MATCH_NOT_ON_SHOW.format(show=show)
    ]


@names("MOVE_OFF_CARD")
@pytest.mark.parametrize("position", [0, 3, 1000])
def test_a_match_moved_off_the_card_is_refused(show, make, position):
    match = match_book(show=show, sides=[[make()], [make()]])
    match_book(show=show, sides=[[make()], [make()]])
    assert refused(booking.match_move, match=match, position=position) == [
        f"Position {position} is not on {show}'s card: its matches are at 1 to 2."
    ]


def test_a_match_moved_down_the_card_shifts_the_ones_between(show, make):
    matches = [match_book(show=show, sides=[[make()], [make()]]) for _ in range(3)]
    booking.match_move(match=matches[0], position=3)
    assert list(show.matches.order_by("position").values_list("pk", flat=True)) == [
        matches[1].pk,
        matches[2].pk,
        matches[0].pk,
    ]
    booking.match_move(match=matches[0], position=1)
    assert list(show.matches.order_by("position").values_list("pk", flat=True)) == [
        m.pk for m in matches
    ]


# -- the show services -------------------------------------------------------------------------


@names("CANNOT_RUN")
@pytest.mark.parametrize("status", [ShowStatus.DRAFT, ShowStatus.COMPLETED, ShowStatus.CANCELLED])
def test_only_a_booked_or_scheduled_show_runs_now(show, status):
    set_status(show, status)
    assert refused(services.show_run_now, show=show) == [
        services.CANNOT_RUN.format(show=show, status=status.label.lower())
    ]


@names("RUN_FAILED_FIRST")
def test_a_failed_show_is_retried_or_cancelled_before_it_runs_again(show, make):
    booked(show, make)
    set_status(show, ShowStatus.FAILED)
    assert refused(services.show_run_now, show=show) == [
        services.RUN_FAILED_FIRST.format(show=show)
    ]
    assert refused(services.week_run, federation=show.federation) == [
        services.RUN_FAILED_FIRST.format(show=show)
    ]


@names("WEEK_MOVED_ON", "WEEK_BOOKED_SINCE", "NOT_THE_WEEKS_SHOW")
def test_run_this_week_drawn_for_another_show_runs_nothing(show, make):
    booked(show, make)
    federation = show.federation
    # A button drawn when no show was coming (for the one it would book): one was booked since.
    for number in (show.number, show.number + 1):  # (with the number it got, or another)
        assert refused(services.week_run, federation=federation, expect=number, new=True) == [
            services.WEEK_BOOKED_SINCE.format(show=show)
        ]
    # A number that is no show's and not this week's.
    assert refused(services.week_run, federation=federation, expect=show.number + 7) == [
        services.NOT_THE_WEEKS_SHOW.format(number=show.number, expect=show.number + 7)
    ]
    # A button drawn for a show that has run since.
    ran = show_create(federation=federation, scheduled_at=show.scheduled_at - WEEK)
    set_status(ran, ShowStatus.COMPLETED)
    assert refused(services.week_run, federation=federation, expect=ran.number) == [
        services.WEEK_MOVED_ON.format(named=ran)
    ]
    show.refresh_from_db()
    before = show.status
    show.refresh_from_db()
    assert (show.status, federation.shows.count()) == (before, 2)  # nothing run, nothing made


@names("SHOW_WAITS")
def test_a_show_run_now_while_an_earlier_show_is_scheduled_is_refused(show, make):
    booked(show, make)
    earlier = booked(
        show_create(federation=show.federation, scheduled_at=show.scheduled_at - WEEK), make
    )
    earlier = booking.show_schedule(show=earlier)
    local = earlier.local_time  # (the words themselves: tests/matches/test_leases.py)
    when = f"{local:%a %b} {local.day}, {local.year} at {local:%H:%M}"
    assert refused(services.show_run_now, show=show) == [
        services.SHOW_WAITS.format(show=show, reason=f"waits for {earlier}, scheduled for {when}")
    ]


@names("CANNOT_RETRY")
@pytest.mark.parametrize("status", [ShowStatus.BOOKED, ShowStatus.SCHEDULED, ShowStatus.COMPLETED])
def test_only_a_failed_show_is_retried(show, status):
    set_status(show, status)
    assert refused(services.show_retry, show=show) == [
        services.CANNOT_RETRY.format(show=show, status=status.label.lower())
    ]


@names("NOTHING_TO_RUN")
def test_a_failed_show_without_matches_is_not_retried(show):
    set_status(show, ShowStatus.FAILED)
    assert refused(services.show_retry, show=show) == [services.NOTHING_TO_RUN.format(show=show)]


def test_a_retried_show_is_scheduled_afresh(show, make):
    booked(show, make)
    set_status(show, ShowStatus.FAILED, error="boom", attempts=3, started_at=timezone.now())
    retried = services.show_retry(show=show)
    assert (retried.status, retried.error, retried.attempts, retried.started_at) == (
        ShowStatus.SCHEDULED,
        "",
        0,
        None,
    )


@names("CANNOT_CANCEL")
@pytest.mark.parametrize("status", [ShowStatus.RUNNING, ShowStatus.COMPLETED])
def test_a_show_that_has_run_or_is_running_cannot_be_cancelled(show, status):
    set_status(show, status)
    assert refused(services.show_cancel, show=show) == [
        services.CANNOT_CANCEL.format(show=show, status=status.label.lower())
    ]


@names("CANCELLED_ALREADY")
def test_a_cancelled_show_is_cancelled_already(show):
    set_status(show, ShowStatus.CANCELLED)
    assert refused(services.show_cancel, show=show) == [f"{show} is cancelled already."]


@pytest.mark.parametrize(
    "status", [ShowStatus.DRAFT, ShowStatus.BOOKED, ShowStatus.SCHEDULED, ShowStatus.FAILED]
)
def test_a_show_that_has_not_run_is_cancelled(show, status):
    set_status(show, status)
    assert services.show_cancel(show=show).status == ShowStatus.CANCELLED


# -- the list is whole -------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)  # the show is sent off when its write commits
@names("BROKER_DOWN")
def test_a_broker_out_of_reach_leaves_the_show_scheduled_and_says_so(
    show, make, monkeypatch, caplog
):
    """Not a refusal: what committed stands, and the log says why nothing happens yet."""
    from kombu.exceptions import OperationalError

    from matches import tasks

    def unreachable(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(tasks.simulate_show, "apply_async", unreachable)
    first = booked(show, make)
    with caplog.at_level("WARNING", logger="matches.services"):
        show = services.show_run_now(show=first)  # no exception: what committed stands
    assert show.status == ShowStatus.SCHEDULED
    assert caplog.messages == [
        f"{first} is scheduled but could not be sent to the workers: the task queue (REDIS_URL) "
        "is out of reach (Error 111 connecting to 127.0.0.1:6379. Connection refused). It stays "
        "scheduled: once it is due, the next dispatch of due shows sends it, or `run_shows` "
        "wrestles it in this process."
    ]


def messages(module) -> set[str]:
    return {
        name
        for name, value in vars(module).items()
        if name.isupper() and isinstance(value, str) and ("{" in value or value.endswith("."))
    }


def test_every_refusal_has_a_test_here():
    every = messages(booking) | messages(services)
    assert every - TESTED == set()


# -- which team a side stands for ----------------------------------------------------------------


def team(federation, name, kind, *members, since=dt.date(2024, 1, 6), until=None):
    made = factories.TeamFactory(federation=federation, name=name, kind=kind)
    for wrestler in members:
        factories.TeamMembershipFactory(
            team=made, wrestler=wrestler, started_on=since, ended_on=until
        )
    return made


def side_teams(match):
    return [row.team for row in match.participants.filter(order=0).order_by("side")]


def test_a_side_stands_for_its_tag_team_before_its_stable(show, federation, make):
    a, b, c, d = make(), make(), make(), make()
    team(federation, "Alpha Stable", "stable", a, b)
    pair = team(federation, "Zeta Pair", "tag_team", a, b)
    match = match_book(show=show, sides=[[a, b], [c, d]], match_type=MatchType.TAG)
    assert side_teams(match) == [pair, None]


def test_between_two_teams_of_one_kind_the_first_by_name(show, federation, make):
    a, b, c, d = make(), make(), make(), make()
    team(federation, "Young Bucks", "tag_team", a, b)
    first = team(federation, "Midnight Express", "tag_team", a, b)
    match = match_book(show=show, sides=[[a, b], [c, d]], match_type=MatchType.TAG)
    assert side_teams(match) == [first, None]


@pytest.mark.parametrize(
    ("since_days", "until_days", "stands"),
    [
        (0, None, True),  # joined on the show's date
        (1, None, False),  # joins the day after
        (-30, 1, True),  # leaves the day after
        (-30, 0, False),  # left on the show's date
    ],
)
def test_a_side_stands_for_a_team_only_with_members_on_the_shows_date(
    show, federation, make, since_days, until_days, stands
):
    a, b, c, d = make(), make(), make(), make()
    on = show.date
    pair = team(
        federation,
        "The Pair",
        "tag_team",
        a,
        b,
        since=on + since_days * DAY,
        until=None if until_days is None else on + until_days * DAY,
    )
    match = match_book(show=show, sides=[[a, b], [c, d]], match_type=MatchType.TAG)
    assert side_teams(match) == [pair if stands else None, None]


def test_a_singles_side_stands_for_no_team(show, federation, make):
    a, b = make(), make()
    team(federation, "The Pair", "tag_team", a, b)
    assert side_teams(match_book(show=show, sides=[[a], [b]])) == [None, None]


def test_a_match_moved_says_where_it_now_stands(show, make):
    first = match_book(show=show, sides=[[make()], [make()]])
    match_book(show=show, sides=[[make()], [make()]])
    moved = booking.match_move(match=first, position=2)
    assert moved.pk == first.pk and moved.position == 2


def test_cancelling_a_show_leaves_the_others_alone(show, make):
    booked(show, make)
    other = booked(show_create(federation=show.federation), make)
    services.show_cancel(show=show)
    other.refresh_from_db()
    assert other.status == ShowStatus.BOOKED
