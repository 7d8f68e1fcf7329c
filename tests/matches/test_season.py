"""A season of the sample federation on the embedded default (tasks in process)."""

import datetime as dt
import io

import pytest
from django.core.management import call_command
from django.db.models import Sum

from matches.models import Match, MatchStatus, Show, ShowStatus
from promotion.models import Federation, Injury, TitleReign


@pytest.mark.django_db(transaction=True)
def test_twelve_weeks_of_the_sample_federation(in_process):
    call_command("load_sample_federation", verbosity=0)
    out = io.StringIO()
    call_command(
        "simulate_season",
        "copperline",
        weeks=12,
        seed=1,
        start=dt.date(2026, 9, 4),
        no_progress=True,
        stdout=out,
    )
    assert "Simulated 12 weeks" in out.getvalue()
    federation = Federation.objects.get(slug="copperline")
    shows = Show.objects.filter(federation=federation)
    assert shows.count() == 12
    assert set(shows.values_list("status", flat=True)) == {ShowStatus.COMPLETED}
    assert set(shows.values_list("attempts", flat=True)) == {1}
    assert not Match.objects.filter(show__federation=federation).exclude(
        status=MatchStatus.COMPLETED
    )

    check = io.StringIO()
    call_command("check_federation", "copperline", stdout=check)
    assert "every invariant holds" in check.getvalue()

    assert TitleReign.objects.filter(title__federation=federation, won_at__isnull=False).exists()
    injuries = Injury.objects.filter(wrestler__federation=federation)
    assert injuries.exists()
    assert injuries.filter(healed_on__isnull=False).exists()
    for wrestler in federation.wrestlers.all():
        ledger = wrestler.standing_changes
        for attribute in ("fame", "prestige", "heat", "edge"):
            total = ledger.filter(attribute=attribute).aggregate(t=Sum("delta"))["t"] or 0
            assert total == getattr(wrestler, attribute)
        assert not ledger.filter(reason="").exists()


@pytest.mark.django_db(transaction=True)
def test_the_same_seed_gives_the_same_season(in_process):
    def season():
        call_command("load_sample_federation", replace=True, verbosity=0)
        call_command(
            "simulate_season",
            "copperline",
            weeks=3,
            seed=7,
            start=dt.date(2026, 9, 4),
            no_progress=True,
            stdout=io.StringIO(),
        )
        return list(
            Match.objects.filter(show__federation__slug="copperline")
            .order_by("show__number", "position")
            .values_list("show__number", "position", "winner_side", "method", "play_by_play")
        )

    assert season() == season()
