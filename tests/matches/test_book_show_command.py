"""``book_show`` from the shell: all or nothing (a show it created and then could not book is not
kept), a bad ``--at`` is an error whatever show is used, and its words: times in the
federation's time zone, each show named once."""

from __future__ import annotations

import datetime as dt
import io
from zoneinfo import ZoneInfo

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from matches import booking
from matches.booking import in_words, show_create
from matches.management.commands.book_show import BAD_TIME
from matches.models import ShowStatus
from promotion.models import Federation
from tests import factories

pytestmark = pytest.mark.django_db

CHICAGO = ZoneInfo("America/Chicago")


def book_show(*args) -> str:
    out = io.StringIO()
    call_command("book_show", *args, stdout=out)
    return out.getvalue()


def test_a_failed_auto_book_leaves_no_show_behind(federation):
    factories.BookableWrestlerFactory(federation=federation)  # nobody to face him
    out = io.StringIO()
    with pytest.raises(CommandError, match="Nothing could be booked"):
        call_command("book_show", federation.slug, "--auto", stdout=out)
    assert not federation.shows.exists()
    assert "Created" not in out.getvalue()


def test_a_show_refused_its_place_on_the_schedule_is_not_kept(federation):
    with pytest.raises(CommandError, match="only a booked show can be scheduled"):
        book_show(federation.slug, "--schedule")
    assert not federation.shows.exists()


@pytest.mark.parametrize("open_show", [False, True])
def test_a_bad_at_is_an_error_whether_or_not_the_next_show_exists(federation, open_show):
    if open_show:
        show_create(federation=federation)
    with pytest.raises(CommandError) as caught:
        book_show(federation.slug, "--at", "notadate")
    assert str(caught.value) == BAD_TIME.format(value="notadate")
    assert federation.shows.count() == (1 if open_show else 0)


def test_a_show_before_the_history_is_refused_in_the_federations_time_and_words(copperline):
    factories.ShowFactory(
        federation=copperline,
        number=1,
        scheduled_at=dt.datetime(2026, 12, 4, 20, 0, tzinfo=CHICAGO),
        status=ShowStatus.COMPLETED,
        completed_at=timezone.now(),
    )
    with pytest.raises(CommandError) as caught:
        book_show("copperline", "--new", "--at", "2020-01-01T20:00")
    assert str(caught.value) == booking.SHOW_BEFORE_HISTORY.format(
        at="Wed Jan 1, 2020 at 20:00", last="Fri Dec 4, 2026 at 20:00"
    )
    assert "+00:00" not in str(caught.value)


def test_in_words_is_the_federations_local_time(copperline):
    moment = dt.datetime(2026, 12, 5, 2, 0, tzinfo=dt.UTC)
    assert in_words(moment, copperline) == "Fri Dec 4, 2026 at 20:00"


def test_the_output_names_a_zone_stored_before_the_checks_in_words(copperline):
    Federation.objects.filter(pk=copperline.pk).update(time_zone="localtime")
    out = book_show("copperline", "--new", "--at", "2026-12-11T20:00")
    assert "Created Copperline Wrestling Federation Weekly #1 for 2026-12-11 20:00 (the " in out
    assert "2026-12-11 20:00 (the server's local time)." in out
    assert "(localtime)" not in out
    shows = io.StringIO()
    call_command("show", "copperline", stdout=shows)
    assert "#1 2026-12-11 20:00 the server's local time  " in shows.getvalue()


def test_the_output_names_each_show_once(copperline):
    out = book_show("copperline", "--auto", "--schedule")
    show = copperline.shows.get()
    assert show.name == "Copperline Wrestling Federation Weekly #1"
    assert f"Created {show.name} for " in out
    assert f"{show.name} is scheduled." in out
    assert "(#1)" not in out


def test_a_show_whose_name_does_not_carry_its_number_is_named_with_it(copperline):
    show = show_create(federation=copperline, name="Fall Brawl")
    assert str(show) == "Fall Brawl (#1)"
    numbered = show_create(federation=copperline)
    assert str(numbered) == "Copperline Wrestling Federation Weekly #2"
    # "#3" is not "#31": the number must stand alone in the name.
    odd = factories.ShowFactory(federation=copperline, number=3, name="Weekly #31")
    assert str(odd) == "Weekly #31 (#3)"


def test_booking_refusals_name_the_show_once(copperline):
    show = show_create(federation=copperline)
    a, b, c = copperline.wrestlers.exclude(reigns__ended_on__isnull=True).order_by("slug")[:3]
    booking.match_book(show=show, sides=[[a], [b]])
    with pytest.raises(booking.BookingError) as caught:
        booking.match_book(show=show, sides=[[a], [c]])
    assert caught.value.reasons == [f"{a} is already on {show.name}."]
