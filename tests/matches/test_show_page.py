"""A show's page and its card as a promoter expects them: one way of writing the show's time, the
progress bar only while the show is wrestled, and the main event last whatever is booked after
it."""

from __future__ import annotations

import datetime as dt
from html import unescape
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from matches.booking import match_book, match_move, show_create, show_schedule
from matches.models import Show, ShowStatus
from promotion.models import MemberRole, Membership
from tests import factories
from tests.matches.helpers import available

pytestmark = pytest.mark.django_db


@pytest.fixture
def booker(client, copperline):
    user = factories.UserFactory(username="booker")
    Membership.objects.create(federation=copperline, user=user, role=MemberRole.BOOKER)
    client.force_login(user)
    return client


@pytest.fixture
def show(copperline):
    when = dt.datetime(2026, 12, 4, 20, 0, tzinfo=ZoneInfo("America/Chicago"))
    return show_create(federation=copperline, scheduled_at=when, seed=5)


def pairs(federation, n):
    """``n`` singles bouts of free wrestlers (nobody holding a title, which the booking would
    want defended)."""
    free = [w for w in available(federation, dt.date(2026, 12, 4)) if not w.reigns.exists()]
    return [[[a], [b]] for a, b in zip(free[: 2 * n : 2], free[1 : 2 * n : 2], strict=True)]


def order(show):
    return [(m.position, m.pk, m.is_main_event) for m in show.matches.order_by("position")]


def test_a_match_booked_after_the_main_event_goes_before_it(copperline, show):
    first, main, second, third = pairs(copperline, 4)
    opener = match_book(show=show, sides=first)
    main_event = match_book(show=show, sides=main, is_main_event=True)
    later = match_book(show=show, sides=second)
    latest = match_book(show=show, sides=third)
    assert [pk for _, pk, _ in order(show)] == [opener.pk, later.pk, latest.pk, main_event.pk]
    assert [position for position, _, _ in order(show)] == [1, 2, 3, 4]
    assert latest.position == 3


def test_without_a_main_event_a_match_goes_last_and_a_place_given_is_kept(copperline, show):
    first, second, third = pairs(copperline, 3)
    a = match_book(show=show, sides=first)
    b = match_book(show=show, sides=second)
    c = match_book(show=show, sides=third, position=5)
    assert [(p, pk) for p, pk, _ in order(show)] == [(1, a.pk), (2, b.pk), (5, c.pk)]


def test_places_left_free_while_booking_close_up_when_the_show_is_scheduled(copperline, show):
    """The main event put at 6 before the undercard: once scheduled, a card of three is matches
    1 to 3, in the order booked."""
    first, second, third = pairs(copperline, 3)
    main = match_book(show=show, sides=first, position=6, is_main_event=True)
    opener = match_book(show=show, sides=second, position=1)
    middle = match_book(show=show, sides=third, position=3)
    show_schedule(show=show)
    assert [(p, pk) for p, pk, _ in order(show)] == [(1, opener.pk), (2, middle.pk), (3, main.pk)]


def test_a_booker_may_still_move_a_match_after_the_main_event_by_hand(copperline, show):
    first, second = pairs(copperline, 2)
    main = match_book(show=show, sides=first, is_main_event=True)
    other = match_book(show=show, sides=second)
    match_move(match=other, position=2)
    assert [pk for _, pk, _ in order(show)] == [main.pk, other.pk]


def scheduled(show, copperline):
    for sides in pairs(copperline, 2):
        match_book(show=show, sides=sides)
    return show_schedule(show=show)


def test_a_scheduled_shows_progress_shows_no_empty_bar_and_no_second_time(booker, copperline, show):
    scheduled(show, copperline)
    fragment = unescape(
        booker.get(reverse("show-progress", args=[copperline.slug, show.number])).content.decode()
    )
    assert "On the schedule." in fragment
    assert "<progress" not in fragment and "Match 0 of" not in fragment
    assert "Fri Dec 4, 2026 at 20:00" not in fragment


def test_a_scheduled_show_says_what_it_waits_for(booker, copperline, show):
    earlier = factories.ShowFactory(
        federation=copperline,
        number=99,
        name="Foundry Fury",
        scheduled_at=show.scheduled_at - dt.timedelta(days=7),
        status=ShowStatus.FAILED,
    )
    scheduled(show, copperline)
    fragment = unescape(
        booker.get(reverse("show-progress", args=[copperline.slug, show.number])).content.decode()
    )
    assert f"On the schedule; it waits for {earlier}, which failed: retry or cancel it." in fragment


def test_a_running_show_shows_its_bar(booker, copperline, show):
    scheduled(show, copperline)
    Show.objects.filter(pk=show.pk).update(status=ShowStatus.RUNNING)
    fragment = booker.get(
        reverse("show-progress", args=[copperline.slug, show.number])
    ).content.decode()
    assert "<progress" in fragment and "Match 0 of 2 wrestled." in fragment


def test_the_show_page_writes_the_shows_time_one_way(booker, copperline, show):
    match_book(show=show, sides=pairs(copperline, 1)[0])
    page = unescape(booker.get(show.get_absolute_url()).content.decode())
    assert "Friday, December 4, 2026, 8:00 p.m." in page
    assert "Schedule for Friday, December 4, 2026, 8:00 p.m." in page
    assert "Dec 4, 8:00" not in page and "at 20:00" not in page
