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

    # Whatever the dice gave (no count of injuries or title changes is promised by a seed):
    # every reign won in the season was won at a completed match of the federation, on its date,
    # by a wrestler of its winning side...
    for reign in TitleReign.objects.filter(title__federation=federation, won_at__isnull=False):
        match = reign.won_at
        assert match.status == MatchStatus.COMPLETED and match.show.federation == federation
        assert reign.won_on == match.show.date
        winners = set(
            match.participants.filter(side=match.winner_side).values_list("wrestler_id", flat=True)
        )
        assert reign.holder_wrestler_id in winners or reign.holder_team_id is not None
    # ...and every injury happened in a match its wrestler wrestled, on that show's date, and
    # healed (if it has) on the date of a later show of the federation, its fight cards used up.
    dates = sorted({show.date for show in shows})
    for injury in Injury.objects.filter(wrestler__federation=federation).select_related(
        "match__show"
    ):
        assert injury.match.show.federation == federation
        assert injury.occurred_on == injury.match.show.date
        assert injury.match.participants.filter(wrestler=injury.wrestler_id).exists()
        if injury.healed_on is not None:
            assert injury.healed_on in dates and injury.healed_on > injury.occurred_on
            assert injury.fight_cards_remaining in (0, None)
        elif injury.fight_cards_remaining is not None:
            assert injury.fight_cards_remaining > 0
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


@pytest.mark.django_db
@pytest.mark.parametrize("weeks", [0, 521])
def test_weeks_out_of_bounds_are_refused(weeks):
    from django.core.management import CommandError

    call_command("load_sample_federation", verbosity=0)
    with pytest.raises(CommandError) as caught:
        call_command("simulate_season", "copperline", weeks=weeks, no_progress=True)
    assert str(caught.value) == (
        f"--weeks is from 1 to 520 (ten years of weekly shows), not {weeks}."
    )
    assert not Show.objects.exists()


# A --start the federation's history has passed is said: tests/matches/test_command_errors.py.
