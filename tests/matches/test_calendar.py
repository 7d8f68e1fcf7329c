"""A federation's calendar (``matches.calendar``): the shows ahead, the empty weekly slots, its
events and its tournaments' rounds, and the iCalendar feed of them, parsed back with icalendar.
The dates are worked by hand from the factories' federation: Saturdays at 20:00 in Chicago."""

import datetime as dt
from zoneinfo import ZoneInfo

import icalendar
import pytest

from matches.booking import show_create
from matches.calendar import calendar_ics, federation_calendar
from matches.models import (
    Placement,
    ShowKind,
    Tournament,
    TournamentBout,
    TournamentEntrant,
)
from tests import factories

pytestmark = pytest.mark.django_db

CHICAGO = ZoneInfo("America/Chicago")
NOW = dt.datetime(2027, 3, 1, 12, 0, tzinfo=CHICAGO)  # a Monday
#: The twelve Saturdays of the twelve weeks from NOW (to Monday May 24 at noon).
SATURDAYS = [
    dt.date(2027, 3, 6),
    dt.date(2027, 3, 13),
    dt.date(2027, 3, 20),
    dt.date(2027, 3, 27),
    dt.date(2027, 4, 3),
    dt.date(2027, 4, 10),
    dt.date(2027, 4, 17),
    dt.date(2027, 4, 24),
    dt.date(2027, 5, 1),
    dt.date(2027, 5, 8),
    dt.date(2027, 5, 15),
    dt.date(2027, 5, 22),
]


def at(day: dt.date, hour: int = 20) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(hour), tzinfo=CHICAGO)


@pytest.fixture
def fed():
    return factories.FederationFactory(
        name="Foundry Wrestling", slug="foundry", default_venue="Foundry Hall"
    )


@pytest.fixture
def booked(fed):
    """A weekly show on the first Saturday and an event on the third, an hour earlier."""
    weekly = show_create(federation=fed, scheduled_at=at(SATURDAYS[0]), name="Foundry Weekly #1")
    event = show_create(
        federation=fed,
        scheduled_at=at(SATURDAYS[2], 19),
        name="Foundry Fury",
        kind=ShowKind.SPECIAL,
        poster_line="Nine matches. Two titles. One night.",
        venue="The Old Mill",
    )
    return weekly, event


def test_the_calendar_lists_shows_events_and_the_empty_weekly_slots(fed, booked):
    weekly, event = booked
    entries = federation_calendar(fed, now=NOW)
    assert [entry.starts for entry in entries] == [
        at(SATURDAYS[0]),
        at(SATURDAYS[1]),
        at(SATURDAYS[2], 19),
        *(at(day) for day in SATURDAYS[3:]),
    ]
    assert [entry.kind for entry in entries] == ["weekly", "slot", "special", *["slot"] * 9]
    assert entries[0].show == weekly and entries[2].show == event
    assert entries[0].builds_toward == "Builds toward Foundry Fury"
    assert entries[1].name == "Foundry Wrestling weekly show (not booked yet)"
    assert entries[1].venue == "Foundry Hall"
    assert entries[2].poster_line == "Nine matches. Two titles. One night."
    assert entries[2].venue == "The Old Mill"
    # An event builds toward nothing; the weekly slots are no shows and build toward nothing.
    assert entries[2].builds_toward == "" and entries[1].builds_toward == ""
    assert [entry.uid for entry in entries[:3]] == [
        "foundry-show-1@ringside",
        "foundry-slot-20270314T020000Z@ringside",
        "foundry-show-2@ringside",
    ]


def test_a_cancelled_show_leaves_its_slot_empty(fed, booked):
    weekly, _ = booked
    weekly.status = "cancelled"
    weekly.save(update_fields=["status"])
    first = federation_calendar(fed, now=NOW)[0]
    assert (first.kind, first.starts, first.show) == ("slot", at(SATURDAYS[0]), None)


def test_the_calendar_looks_twelve_weeks_ahead_or_as_asked(fed):
    assert len(federation_calendar(fed, now=NOW)) == 12
    assert len(federation_calendar(fed, now=NOW, weeks=4)) == 4


def test_a_weekly_tournaments_rounds_are_on_their_shows_then_expected(fed, booked):
    weekly, _ = booked
    tournament = Tournament.objects.create(
        federation=fed, name="King of the Ring", slug="kotr", rule_system="filsinger"
    )
    entrants = [
        TournamentEntrant.objects.create(
            tournament=tournament,
            seed=seed,
            wrestler=factories.WrestlerFactory(federation=fed),
        )
        for seed in (1, 2, 3, 4)
    ]
    for position, (a, b) in enumerate([(0, 3), (1, 2)]):
        TournamentBout.objects.create(
            tournament=tournament,
            round=1,
            position=position,
            entrant_a=entrants[a],
            entrant_b=entrants[b],
            match=factories.MatchFactory(show=weekly, position=position + 1),
        )
    TournamentBout.objects.create(tournament=tournament, round=2, position=0)
    entries = federation_calendar(fed, now=NOW)
    # Four entrants: two rounds, the semi-finals booked on the weekly show, the final expected
    # on the date after it.
    assert entries[0].rounds == ["King of the Ring: semi-final"]
    assert entries[1].rounds == ["King of the Ring: final (expected)"]
    assert all(not entry.rounds for entry in entries[2:])


def test_a_one_night_tournament_is_on_its_event(fed, booked):
    _, event = booked
    Tournament.objects.create(
        federation=fed,
        name="Tag Team Cup",
        slug="cup",
        rule_system="filsinger",
        placement=Placement.ONE_NIGHT,
        event=event,
    )
    entries = federation_calendar(fed, now=NOW)
    assert entries[2].rounds == ["Tag Team Cup: the whole tournament, on one night"]
    assert all(not entry.rounds for entry in entries if entry is not entries[2])


def test_the_feed_parses_with_stable_uids_and_zoned_times(fed, booked):
    entries = federation_calendar(fed, now=NOW)
    first = calendar_ics(fed, entries, address=lambda path: f"https://ringside.test{path}")
    again = calendar_ics(
        fed, federation_calendar(fed, now=NOW), address=lambda path: f"https://x.test{path}"
    )
    parsed = icalendar.Calendar.from_ical(first)
    events = parsed.walk("VEVENT")
    assert len(events) == 12
    uids = [str(event["UID"]) for event in events]
    assert uids == [str(e["UID"]) for e in icalendar.Calendar.from_ical(again).walk("VEVENT")]
    assert len(set(uids)) == 12
    assert [tz["TZID"] for tz in parsed.walk("VTIMEZONE")] == ["America/Chicago"]
    fury = next(event for event in events if event["UID"] == "foundry-show-2@ringside")
    starts, ends = fury.decoded("DTSTART"), fury.decoded("DTEND")
    assert starts == at(SATURDAYS[2], 19) and str(starts.tzinfo) == "America/Chicago"
    assert fury["DTSTART"].params["TZID"] == "America/Chicago"
    assert ends - starts == dt.timedelta(hours=3)  # an event: three hours
    assert str(fury["SUMMARY"]) == "Foundry Fury"
    assert str(fury["LOCATION"]) == "The Old Mill"
    assert str(fury["DESCRIPTION"]) == "Nine matches. Two titles. One night."
    assert str(fury["URL"]) == "https://ringside.test/f/foundry/shows/2/"
    weekly = next(event for event in events if event["UID"] == "foundry-show-1@ringside")
    assert weekly.decoded("DTEND") - weekly.decoded("DTSTART") == dt.timedelta(hours=2)
    assert str(weekly["DESCRIPTION"]) == "Builds toward Foundry Fury"
    slot = next(e for e in events if e["UID"] == "foundry-slot-20270314T020000Z@ringside")
    assert str(slot["STATUS"]) == "TENTATIVE" and "URL" not in slot
    # Summer time begins in Chicago on March 14, 2027: the slots after it are still at 20:00.
    last = events[-1].decoded("DTSTART")
    assert last == at(SATURDAYS[-1]) and last.utcoffset() == dt.timedelta(hours=-5)
