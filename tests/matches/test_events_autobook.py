"""Special events (issue 40): an event's longer card, the weekly shows before it building its
feuds, and the event itself closing them with their blowoffs and the title defenses
(``docs/events.md``, "Special events"). Every expectation here is worked by hand."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from matches.autobook import show_autobook
from matches.booking import BookingError, card_size_of, event_card_size, show_create, show_update
from matches.models import ShowKind
from tests import factories

pytestmark = pytest.mark.django_db

CHICAGO = ZoneInfo("America/Chicago")  # (the factories' federations' zone)
#: Saturdays at 19:00 in Chicago: the weekly show two weeks before the event, the event, and a
#: weekly show five weeks before it (out of the four weeks that build toward it).
WEEKLY = dt.datetime(2027, 3, 6, 19, 0, tzinfo=CHICAGO)
EVENT = dt.datetime(2027, 3, 20, 19, 0, tzinfo=CHICAGO)
FAR_BEFORE = dt.datetime(2027, 2, 13, 19, 0, tzinfo=CHICAGO)


@pytest.fixture
def fed():
    return factories.FederationFactory(card_size=6)


def make(fed, name, prestige):
    return factories.BookableWrestlerFactory(federation=fed, ring_name=name, prestige=prestige)


def feud_of(fed, a, b, *, heat, name):
    feud = factories.FeudFactory(federation=fed, heat=heat, status="hot", name=name)
    factories.FeudParticipantFactory(feud=feud, side=0, wrestler=a)
    factories.FeudParticipantFactory(feud=feud, side=1, wrestler=b)
    return feud


@pytest.fixture
def roster(fed):
    """A champion, his top contender, two feuds (one boiling, one mild) and a roster of
    twenty-four in all: enough for an event's twelve matches."""
    champion = make(fed, "Mortimer Gale", 700)
    contender = make(fed, "Corrigan Vale", 690)
    title = factories.TitleFactory(federation=fed, name="Foundry Heavyweight Championship")
    factories.TitleReignFactory(title=title, holder_wrestler=champion)
    a, b = make(fed, "Felix Ardent", 400), make(fed, "Percival Kettle", 390)
    c, d = make(fed, "Ines Marrow", 380), make(fed, "Bastian Holloway", 370)
    boiling = feud_of(fed, a, b, heat=9, name="Ardent-Kettle")
    mild = feud_of(fed, c, d, heat=3, name="Marrow-Holloway")
    for index in range(18):
        make(fed, f"Jobber {index:02}", 100 + index)
    return {
        "champion": champion,
        "contender": contender,
        "title": title,
        "boiling": boiling,
        "mild": mild,
    }


def test_an_events_card_is_twice_the_weekly_capped_at_twelve():
    assert event_card_size(factories.FederationFactory.build(card_size=6)) == 12
    assert event_card_size(factories.FederationFactory.build(card_size=4)) == 8
    assert event_card_size(factories.FederationFactory.build(card_size=1)) == 2
    assert event_card_size(factories.FederationFactory.build(card_size=8)) == 12
    # A weekly card already longer than the cap keeps its size on an event.
    assert event_card_size(factories.FederationFactory.build(card_size=15)) == 15


def test_a_show_of_its_own_size_keeps_it(fed):
    event = show_create(federation=fed, scheduled_at=EVENT, kind=ShowKind.SPECIAL, card_size=9)
    weekly = show_create(federation=fed, scheduled_at=WEEKLY)
    assert card_size_of(event) == 9
    assert card_size_of(weekly) == 6
    show_update(show=event, card_size=None)
    event.refresh_from_db()
    assert card_size_of(event) == 12


def test_show_create_keeps_the_events_poster_line_and_size(fed):
    event = show_create(
        federation=fed,
        scheduled_at=EVENT,
        name="Foundry Fury",
        kind=ShowKind.SPECIAL,
        poster_line="Nine matches. Two titles. One night.",
        card_size=9,
    )
    event.refresh_from_db()
    assert (event.name, event.kind, event.poster_line, event.card_size) == (
        "Foundry Fury",
        "special",
        "Nine matches. Two titles. One night.",
        9,
    )


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"card_size": 31}, "card_size", "A show's card holds 1 to 30 matches, not 31."),
        ({"card_size": 0}, "card_size", "A show's card holds 1 to 30 matches, not 0."),
        (
            {"kind": "pay-per-view"},
            "kind",
            "There is no show kind 'pay-per-view': a show is a weekly show or a special event.",
        ),
    ],
)
def test_show_create_refuses_a_bad_size_or_kind_by_its_field(fed, fields, field, message):
    with pytest.raises(BookingError) as caught:
        show_create(federation=fed, scheduled_at=EVENT, **fields)
    assert caught.value.by_field == ((field, message),)
    assert not fed.shows.exists()


def test_a_poster_line_is_plain_text(fed):
    with pytest.raises(BookingError, match=r"Poster line: .*a line break or tab"):
        show_create(federation=fed, scheduled_at=EVENT, poster_line="One night.\nTwo titles.")
    assert not fed.shows.exists()


def test_the_weekly_show_before_an_event_builds_its_feuds_and_saves_its_titles(fed, roster):
    show_create(federation=fed, scheduled_at=EVENT, name="Foundry Fury", kind=ShowKind.SPECIAL)
    weekly = show_create(federation=fed, scheduled_at=WEEKLY)
    report = show_autobook(show=weekly)

    assert len(report) == 6  # the weekly card: the federation's six
    assert all(match.title_id is None for match in report)
    assert (
        "Foundry Heavyweight Championship: no defense this week; the title is saved for "
        "Foundry Fury (Sat Mar 20, 2027 at 19:00)."
    ) in report.skipped
    feud_matches = {match.feud_id: match for match in report if match.feud_id}
    assert set(feud_matches) == {roster["boiling"].pk, roster["mild"].pk}
    boiling = feud_matches[roster["boiling"].pk]
    # Heat 9 is over the blowoff heat (8): on a weekly show far from an event it would be the
    # blowoff; here it builds.
    assert boiling.stipulations == {} and not boiling.no_disqualification
    assert boiling.booking_note.startswith(
        "Felix Ardent vs Percival Kettle: the feud Ardent-Kettle builds toward Foundry Fury "
        "(heat 9); its blowoff is saved for the event"
    )


def test_a_weekly_show_more_than_four_weeks_before_the_event_is_a_weekly_show(fed, roster):
    show_create(federation=fed, scheduled_at=EVENT, name="Foundry Fury", kind=ShowKind.SPECIAL)
    weekly = show_create(federation=fed, scheduled_at=FAR_BEFORE)
    report = show_autobook(show=weekly)
    title_matches = [match for match in report if match.title_id]
    assert [m.title_id for m in title_matches] == [roster["title"].pk]
    boiling = next(m for m in report if m.feud_id == roster["boiling"].pk)
    assert boiling.stipulations == {"blowoff": True} and boiling.no_disqualification


def test_a_cancelled_event_builds_nothing(fed, roster):
    event = show_create(
        federation=fed, scheduled_at=EVENT, name="Foundry Fury", kind=ShowKind.SPECIAL
    )
    event.status = "cancelled"
    event.save(update_fields=["status"])
    report = show_autobook(show=show_create(federation=fed, scheduled_at=WEEKLY))
    assert [m.title_id for m in report if m.title_id] == [roster["title"].pk]


def test_the_event_books_the_blowoffs_and_the_title_defense_on_a_longer_card(fed, roster):
    event = show_create(
        federation=fed, scheduled_at=EVENT, name="Foundry Fury", kind=ShowKind.SPECIAL
    )
    report = show_autobook(show=event)

    assert len(report) == 12  # twice the weekly six
    defense = next(match for match in report if match.title_id)
    assert [{p.wrestler.ring_name for p in side} for side in defense.sides()] == [
        {"Mortimer Gale"},
        {"Corrigan Vale"},
    ]
    feud_matches = {match.feud_id: match for match in report if match.feud_id}
    assert set(feud_matches) == {roster["boiling"].pk, roster["mild"].pk}
    # Heat 3 is far below the blowoff heat and it is the feud's first match: on the event it
    # is the blowoff all the same.
    mild = feud_matches[roster["mild"].pk]
    assert mild.stipulations == {"blowoff": True} and mild.no_disqualification
    assert mild.booking_note.startswith(
        "Ines Marrow vs Bastian Holloway: blowoff of the feud Marrow-Holloway (heat 3) on the "
        "event, no disqualification"
    )
    assert feud_matches[roster["boiling"].pk].stipulations == {"blowoff": True}
    # The world title (stakes 100) closes the night over the hottest blowoff (30 + 5 x 9 + 25).
    main = report.matches[-1]
    assert main.is_main_event and main.title_id == roster["title"].pk


def test_a_feud_that_wrestled_last_week_still_gets_its_blowoff_on_the_event(fed, roster):
    show_create(federation=fed, scheduled_at=EVENT, name="Foundry Fury", kind=ShowKind.SPECIAL)
    weekly = show_create(federation=fed, scheduled_at=EVENT - dt.timedelta(weeks=1))
    built = show_autobook(show=weekly)
    assert {m.feud_id for m in built if m.feud_id} == {roster["boiling"].pk, roster["mild"].pk}
    # With the title saved, the champion met his top contender on the undercard.
    assert [{"Mortimer Gale"}, {"Corrigan Vale"}] in [
        [{p.wrestler.ring_name for p in side} for side in match.sides()] for match in built
    ]
    event = fed.shows.get(kind=ShowKind.SPECIAL)
    report = show_autobook(show=event)
    blowoffs = {m.feud_id for m in report if m.stipulations.get("blowoff")}
    assert blowoffs == {roster["boiling"].pk, roster["mild"].pk}
    # The champion met his top contender on last week's undercard: on the event it is no
    # rematch too soon, it is the bout the weeks built toward.
    defense = next(match for match in report if match.title_id)
    assert [{p.wrestler.ring_name for p in side} for side in defense.sides()] == [
        {"Mortimer Gale"},
        {"Corrigan Vale"},
    ]


def test_an_event_of_its_own_size_is_filled_to_it(fed, roster):
    event = show_create(
        federation=fed,
        scheduled_at=EVENT,
        name="Foundry Fury",
        kind=ShowKind.SPECIAL,
        card_size=3,
    )
    report = show_autobook(show=event)
    # The title and the two blowoffs: the card is full.
    assert len(report) == 3
    assert {m.feud_id for m in report if m.feud_id} == {roster["boiling"].pk, roster["mild"].pk}
