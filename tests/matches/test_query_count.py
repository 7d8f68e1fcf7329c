"""``show_simulate`` reads and writes a show in a fixed number of queries, whatever its size."""

import datetime as dt
import re
from collections import Counter

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from matches.models import ShowStatus
from matches.simulation import show_simulate
from tests.matches.helpers import book_week, sample_federation

SEED = 20261127


class Rollback(Exception):
    pass


def _queries_for(federation, *, matches: int) -> tuple[int, list[str]]:
    """Book a show of ``matches`` matches, simulate it, count the queries, undo it all."""
    captured: list[str] = []
    count = 0
    try:
        with transaction.atomic():
            show = book_week(
                federation,
                scheduled_at=timezone.now() - dt.timedelta(hours=1),
                seed=SEED,
                matches=matches,
            )
            assert show.matches.count() == matches
            with CaptureQueriesContext(connection) as context:
                outcome = show_simulate(show_id=show.pk)
            assert outcome.status == "completed", outcome
            show.refresh_from_db()
            assert show.status == ShowStatus.COMPLETED
            count = len(context.captured_queries)
            captured = [q["sql"] for q in context.captured_queries]
            raise Rollback
    except Rollback:
        pass
    return count, captured


@pytest.mark.django_db
def test_queries_per_show_do_not_grow_with_the_number_of_matches():
    federation = sample_federation()
    small, small_sql = _queries_for(federation, matches=2)
    large, large_sql = _queries_for(federation, matches=8)
    # Both cards open with the same title-and-feud main event and the same second match (same
    # seed, same positions, same wrestlers), so any difference comes from the six extra bouts.
    # The writes that may rightly appear only on the larger card: its first injury, the first
    # feud sparked by a dirty finish (the feud and its participants), one statement each.
    allowed = Counter(
        {
            shape: 1
            for shape in CONDITIONAL_INSERTS
            if _shapes(large_sql)[shape] > _shapes(small_sql)[shape]
        }
    )
    assert large - allowed.total() == small, "\n".join(large_sql)
    assert _shapes(large_sql) - allowed == _shapes(small_sql)


CONDITIONAL_INSERTS = (
    'INSERT INTO "promotion_injury"',
    'INSERT INTO "promotion_feud"',
    'INSERT INTO "promotion_feudparticipant"',
)


def _shapes(statements: list[str]) -> Counter:
    """Each statement reduced to its verb and table (values differ from show to show)."""
    shapes: Counter[str] = Counter()
    for sql in statements:
        found = re.match(
            r'(SELECT .*? FROM "\w+"|(?:UPDATE|INSERT INTO|DELETE FROM) "\w+"|\w+)', sql
        )
        shapes[found.group(0) if found else sql] += 1
    return shapes


@pytest.mark.django_db
def test_a_show_of_eight_matches_stays_within_a_fixed_budget(
    django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    federation = sample_federation()
    show = book_week(
        federation, scheduled_at=timezone.now() - dt.timedelta(hours=1), seed=SEED, matches=8
    )
    # (Two of them guard the desk's writes made while the show is wrestled: the roster's lock
    # at the commit, and the open injuries read as the show begins; one reads the tournament
    # bouts the show decides, none here; two read and write the stored won-lost-drawn records,
    # promotion/records.py; and one, after the commit, looks for the federation's webhooks.)
    with django_assert_max_num_queries(36), django_capture_on_commit_callbacks(execute=True):
        assert show_simulate(show_id=show.pk).status == "completed"
