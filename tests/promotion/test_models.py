import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from tests import factories

pytestmark = pytest.mark.django_db


def test_an_unhealed_injury_keeps_a_wrestler_off_cards():
    injury = factories.InjuryFactory(occurred_on=dt.date(2026, 11, 6))
    wrestler = injury.wrestler
    assert not wrestler.is_injured_on(dt.date(2026, 11, 5))
    assert wrestler.is_injured_on(dt.date(2026, 11, 20))
    injury.healed_on = dt.date(2026, 11, 27)
    injury.save()
    assert not wrestler.is_injured_on(dt.date(2026, 11, 27))
    assert not wrestler.is_available_on(dt.date(2026, 11, 20))
    assert wrestler.is_available_on(dt.date(2026, 11, 28))


def test_a_feud_table_injury_lets_him_wrestle_hurt():
    injury = factories.InjuryFactory(source="feud_table", keeps_off_cards=False)
    assert injury.wrestler.is_available_on(injury.occurred_on)
    assert injury.wrestler.active_injuries(injury.occurred_on).count() == 1


def test_a_suspension_expires():
    wrestler = factories.WrestlerFactory(status="suspended", suspended_until=dt.date(2026, 12, 1))
    assert wrestler.is_suspended_on(dt.date(2026, 11, 30))
    assert not wrestler.is_suspended_on(dt.date(2026, 12, 2))


def test_edge_at_match_start_is_fame_over_one_hundred():
    assert factories.WrestlerFactory.build(fame=349).base_edge == 3


def test_the_next_show_slot_is_in_the_federation_time_zone():
    federation = factories.FederationFactory(
        show_weekday=4, show_time=dt.time(20, 0), time_zone="America/Chicago"
    )
    after = dt.datetime(2026, 11, 29, 12, 0, tzinfo=ZoneInfo("UTC"))  # a Sunday
    slot = federation.next_show_time(after)
    assert slot.astimezone(ZoneInfo("America/Chicago")).replace(tzinfo=None) == dt.datetime(
        2026, 12, 4, 20, 0
    )


def test_days_held_counts_to_the_end_of_the_reign():
    reign = factories.TitleReignFactory.build(
        won_on=dt.date(2026, 1, 1), ended_on=dt.date(2026, 3, 1)
    )
    assert reign.days_held() == 59


def test_a_reign_won_ahead_of_today_has_held_the_title_no_days_yet():
    import datetime as dt

    from promotion.models import TitleReign

    reign = TitleReign(won_on=dt.date(2027, 1, 8))
    assert reign.days_held(today=dt.date(2026, 12, 1)) == 0
    assert reign.days_held(today=dt.date(2027, 1, 18)) == 10
    reign.ended_on = dt.date(2027, 2, 8)
    assert reign.days_held(today=dt.date(2026, 12, 1)) == 31
