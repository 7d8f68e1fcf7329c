import datetime as dt

import pytest
from django.utils import timezone

from matches.records import head_to_head, wrestler_record
from tests import factories

pytestmark = pytest.mark.django_db


def bout(day, a, b, winner, method="pin"):
    show = factories.ShowFactory(
        federation=a.federation, scheduled_at=timezone.now() + dt.timedelta(days=day)
    )
    match = factories.MatchFactory(
        show=show, status="completed", winner_side=winner, method=method, position=1
    )
    factories.MatchParticipantFactory(match=match, side=0, wrestler=a)
    factories.MatchParticipantFactory(match=match, side=1, wrestler=b)


def test_records_by_method_streaks_and_head_to_head():
    a = factories.WrestlerFactory()
    b, c = factories.WrestlerFactory.create_batch(2, federation=a.federation)
    bout(1, a, b, 0)
    bout(2, a, c, 0, "disqualification")
    bout(3, b, a, 0)
    bout(4, a, b, None, "double_count_out")
    bout(5, a, b, 0, "submission")
    bout(6, c, a, 1)
    record = wrestler_record(wrestler=a)
    assert (record.wins, record.losses, record.draws) == (4, 1, 1)
    assert record.wins_by == {"pin": 2, "disqualification": 1, "submission": 1}
    assert record.streak == "W2" and record.longest_win_streak == 2
    versus_b = head_to_head(wrestler=a, opponent=b)
    assert (versus_b.wins, versus_b.losses, versus_b.draws) == (2, 1, 1)
    assert wrestler_record(wrestler=b).streak == "L1"
    assert wrestler_record(wrestler=c).streak == "L2"
