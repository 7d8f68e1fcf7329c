"""A season wrestled under ARM by real Celery workers and beat on PostgreSQL and Redis (the
reliability tests' machinery): every show completes once, Edge and Prestige move with their
reasons, and the federation keeps every invariant. Skipped without REDIS_URL and PostgreSQL."""

from __future__ import annotations

from matches.models import Match, ShowStatus
from promotion.models import StandingChange
from tests.matches.helpers import sample_federation
from tests.matches.test_reliability import (  # noqa: F401  (cluster is a fixture)
    assert_clean,
    beat_every_second,
    cluster,
    pytestmark,
    run_season,
)


def test_an_arm_season_runs_on_two_workers_and_beat(cluster):  # noqa: F811
    federation = sample_federation()
    federation.rule_system = "arm"
    federation.rule_options = []
    federation.save()
    beat_every_second()
    workers = cluster()
    workers.worker("w1", ready=False)
    workers.worker("w2", ready=False)
    workers.wait_ready("w1", "w2")
    workers.beat()

    shows = run_season(federation, weeks=6, cluster=workers, seed=9100)

    assert [s.status for s in shows] == [ShowStatus.COMPLETED] * 6
    assert [s.attempts for s in shows] == [1] * 6
    assert set(Match.objects.filter(show__in=shows).values_list("rule_system", flat=True)) == {
        "arm"
    }
    reasons = StandingChange.objects.filter(show__in=shows).values_list("reason", flat=True)
    assert any(r.startswith("Lost by") for r in reasons)
    assert any(r.startswith("Spent") for r in reasons)
    assert_clean(federation)
