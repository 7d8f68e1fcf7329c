"""A show dated before a feud began leaves that feud alone (it cannot cool, nor end, early)."""

import datetime as dt

import pytest

from matches.booking import BookingError, match_book, show_create, show_schedule
from matches.models import ShowStatus
from matches.simulation import show_simulate
from tests.matches.helpers import book_week, sample_federation


@pytest.mark.django_db
def test_a_show_before_a_feud_began_neither_cools_nor_ends_it():
    federation = sample_federation()
    feud = federation.feuds.order_by("-started_on").first()
    before = (feud.heat, feud.status, feud.ended_on)
    on = feud.started_on - dt.timedelta(days=21)
    show = book_week(
        federation,
        scheduled_at=dt.datetime.combine(on, dt.time(20), tzinfo=dt.UTC),
        seed=3,
        matches=4,
    )

    outcome = show_simulate(show_id=show.pk)

    assert outcome.status == "completed", outcome.detail
    show.refresh_from_db()
    assert show.status == ShowStatus.COMPLETED
    feud.refresh_from_db()
    assert (feud.heat, feud.status, feud.ended_on) == before


@pytest.mark.django_db
def test_a_feud_match_wrestled_before_the_feud_began_leaves_the_feud_alone():
    federation = sample_federation()
    feud = federation.feuds.order_by("-started_on").first()
    before = (feud.heat, feud.status, feud.ended_on)
    on = feud.started_on - dt.timedelta(days=21)
    show = show_create(
        federation=federation,
        scheduled_at=dt.datetime.combine(on, dt.time(20), tzinfo=dt.UTC),
        seed=5,
    )
    sides = [[p.wrestler or p.team.members.first()] for p in feud.participants.order_by("side")]
    with pytest.raises(BookingError, match="begins on"):
        match_book(show=show, sides=sides, feud=feud, stipulations={"blowoff": True})
    # Booked while the feud's start still read earlier, then the promoter moved its start.
    started_on, feud.started_on = feud.started_on, on
    match_book(show=show, sides=sides, feud=feud, stipulations={"blowoff": True})
    type(feud).objects.filter(pk=feud.pk).update(started_on=started_on)
    show_schedule(show=show)

    outcome = show_simulate(show_id=show.pk)

    assert outcome.status == "completed", outcome.detail
    feud.refresh_from_db()
    assert (feud.heat, feud.status, feud.ended_on) == before
