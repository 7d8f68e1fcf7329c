"""One availability rule for every door: booking by hand (``match_book``), the auto-booker's
contenders and ``Wrestler.is_available_on`` agree on who can work a show, on both sides of each
boundary day (the last day of a suspension, the day an injury happens, the day it heals)."""

from __future__ import annotations

import datetime as dt

import pytest

from matches import booking
from matches.booking import BookingError, match_book, show_create
from promotion.models import Division, Wrestler
from promotion.selectors import contenders
from tests import factories

pytestmark = pytest.mark.django_db

DAY = dt.timedelta(days=1)


@pytest.fixture
def show(federation):
    return show_create(federation=federation, seed=7)


def suspended(until_days):
    def setup(wrestler, on):
        wrestler.status = "suspended"
        wrestler.suspended_until = None if until_days is None else on + until_days * DAY
        wrestler.save()

    return setup


def injured(occurred_days, healed_days=None, keeps_off=True):
    def setup(wrestler, on):
        factories.InjuryFactory(
            wrestler=wrestler,
            occurred_on=on + occurred_days * DAY,
            healed_on=None if healed_days is None else on + healed_days * DAY,
            keeps_off_cards=keeps_off,
        )

    return setup


def retired(wrestler, on):
    wrestler.status = "retired"
    wrestler.save()


def debuts(days):
    def setup(wrestler, on):
        wrestler.debut_on = None if days is None else on + days * DAY
        wrestler.save()

    return setup


def stale_suspension_date(wrestler, on):
    """Active again, with the old suspension's date left on the row."""
    wrestler.status = "active"
    wrestler.suspended_until = on + 5 * DAY
    wrestler.save()


CASES = [
    # (case, setup, available, reason)
    ("suspended until the day before", suspended(-1), True, None),
    ("suspended until the show's date: his last day off", suspended(0), False, "SUSPENDED"),
    ("suspended until the day after", suspended(1), False, "SUSPENDED"),
    ("suspended with no end date", suspended(None), False, "SUSPENDED"),
    ("active with an old suspension date", stale_suspension_date, True, None),
    ("injured the day after the show", injured(1), True, None),
    ("injured on the show's date", injured(0), False, "INJURED"),
    ("injured before, healed on the show's date", injured(-10, 0), True, None),
    ("injured before, healed the day after", injured(-10, 1), False, "INJURED"),
    ("injured before, healed the day before", injured(-10, -1), True, None),
    ("hurt but able to wrestle", injured(-1, keeps_off=False), True, None),
    ("retired", retired, False, "RETIRED"),
    ("debuts on the show's date", debuts(0), True, None),
    ("debuts the day after the show", debuts(1), False, "BEFORE_DEBUT"),
    ("no debut date on record", debuts(None), True, None),
]


@pytest.mark.parametrize(("case", "setup", "available", "reason"), CASES, ids=[c[0] for c in CASES])
def test_booking_and_the_auto_booker_apply_one_rule(
    show, federation, case, setup, available, reason
):
    on = show.date
    wrestler = factories.BookableWrestlerFactory(federation=federation)
    opponent = factories.BookableWrestlerFactory(federation=federation)
    setup(wrestler, on)
    wrestler = Wrestler.objects.get(pk=wrestler.pk)

    assert wrestler.is_available_on(on) is available
    pool = contenders(federation=federation, division=Division.SINGLES, on=on)
    assert (wrestler in pool) is available
    assert opponent in pool
    assert (wrestler in Wrestler.objects.filter(federation=federation).available_on(on)) is (
        available
    )
    if available:
        assert match_book(show=show, sides=[[wrestler], [opponent]])
    else:
        with pytest.raises(BookingError) as caught:
            match_book(show=show, sides=[[wrestler], [opponent]])
        message = getattr(booking, reason)
        assert caught.value.reasons == [
            message.format(wrestler=wrestler, date=on, debut=wrestler.debut_on)
        ]


def test_the_flags_name_each_reason_at_once(federation):
    on = dt.date(2026, 12, 4)
    wrestler = factories.WrestlerFactory(federation=federation, status="suspended")
    factories.InjuryFactory(wrestler=wrestler, occurred_on=on - DAY)
    assert wrestler.unavailability_on(on) == {"suspended", "injured"}
    assert wrestler.is_suspended_on(on) and wrestler.is_injured_on(on)
    assert not wrestler.is_available_on(on)
    wrestler.status = "retired"
    wrestler.save()
    assert wrestler.unavailability_on(on) == {"retired", "injured"}
    assert wrestler.unavailability_on(on - 2 * DAY) == {"retired"}
    wrestler.debut_on = on
    wrestler.save()
    assert wrestler.unavailability_on(on - 2 * DAY) == {"retired", "before_debut"}


def test_another_wrestlers_injury_keeps_nobody_else_off(federation):
    on = dt.date(2026, 12, 4)
    hurt, fine = factories.WrestlerFactory.create_batch(2, federation=federation)
    factories.InjuryFactory(wrestler=hurt, occurred_on=on)
    assert fine.unavailability_on(on) == set()
    assert list(federation.wrestlers.available_on(on)) == [fine]
