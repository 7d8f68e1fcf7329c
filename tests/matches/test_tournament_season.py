"""A season with a tournament for a vacant title: eight entrants over three weekly shows, one of
them hurt after the first round (he forfeits, the reason recorded), the winner crowned at the
head of the lineage, linked to the final."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.core.management import call_command
from django.utils import timezone

from matches.models import (
    BoutDecision,
    MatchStatus,
    Placement,
    ShowKind,
    ShowStatus,
    TournamentStatus,
)
from matches.season import season_simulate
from matches.services import show_run_now
from matches.tournaments import tournament_advance, tournament_create
from promotion.services import injury_record
from promotion.services.titles import title_create

pytestmark = pytest.mark.django_db(transaction=True)


def assert_history_holds() -> None:
    out = io.StringIO()
    try:
        call_command("check_federation", "copperline", stdout=out)
    finally:
        print(out.getvalue())
    assert "every invariant holds" in out.getvalue()


def test_an_eight_man_tournament_over_weekly_shows_crowns_its_champion(copperline, in_process):
    # The season is wrestled in the weeks just past, so that an injury can be dated after it.
    today = timezone.now().astimezone(copperline.time_zone).date()
    start = timezone.now() - dt.timedelta(days=35)
    title = title_create(
        federation=copperline,
        name="Copperline Cup Title",
        introduced_on=today - dt.timedelta(days=40),
        rank=9,
    )
    cup = tournament_create(federation=copperline, name="Copperline Cup", size=8, title=title)
    entrants = list(cup.entrants.order_by("seed"))
    assert [e.seed for e in entrants] == list(range(1, 9))
    prestige = [e.wrestler.prestige for e in entrants]
    assert prestige == sorted(prestige, reverse=True)

    first = season_simulate(federation=copperline, weeks=1, start=start, seed=40, poll_seconds=0.01)
    assert first[0].status == ShowStatus.COMPLETED
    quarters = list(cup.bouts.filter(round=1).select_related("match"))
    assert len(quarters) == 4
    assert all(b.decided_by == BoutDecision.MATCH for b in quarters)
    assert all(b.match.show_id == first[0].pk for b in quarters)
    assert all("tournament quarter-final" in b.match.booking_note for b in quarters)

    # The winner of the first quarter-final is hurt before the semi-finals: he forfeits.
    hurt = quarters[0].winner
    injury_record(wrestler=hurt.wrestler, occurred_on=first[0].date, body_part="knee")

    shows = season_simulate(federation=copperline, weeks=2, seed=41, poll_seconds=0.01)
    assert [s.status for s in shows] == [ShowStatus.COMPLETED] * 2
    semi = cup.bouts.get(round=2, position=0)
    assert semi.decided_by == BoutDecision.FORFEIT
    assert semi.winner_id != hurt.pk
    assert f"{hurt.wrestler.ring_name} is injured" in semi.forfeit_reason
    hurt.refresh_from_db()
    assert "is injured" in hurt.withdrew_because
    assert semi.match is None  # no match was booked for it

    cup.refresh_from_db()
    assert cup.status == TournamentStatus.COMPLETED
    final = cup.bouts.select_related("match", "entrant_a", "entrant_b").get(round=3)
    assert final.match is not None and final.match.status == MatchStatus.COMPLETED
    assert final.match.show_id == shows[1].pk
    assert cup.winner_id == final.winner_id
    loser = final.entrant_b if final.winner_id == final.entrant_a_id else final.entrant_a
    reign = title.reigns.get()
    assert reign.holder_wrestler_id == cup.winner.wrestler_id
    assert reign.won_at_id == final.match_id
    assert reign.won_how == f"won the tournament final over {loser.name}"
    assert reign.won_on == shows[1].date
    assert reign.ended_on is None
    assert_history_holds()


def test_a_one_night_tournament_runs_round_after_round_on_its_event(copperline, in_process):
    cup = tournament_create(
        federation=copperline, name="Foundry Fury Cup", size=4, placement=Placement.ONE_NIGHT
    )
    semis = tournament_advance(cup)
    cup.refresh_from_db()
    event = cup.event
    assert event.kind == ShowKind.SPECIAL and event.name == "Foundry Fury Cup"
    assert [m.show_id for m in semis] == [event.pk, event.pk]
    assert show_run_now(show=event).status == ShowStatus.COMPLETED

    # The final was booked on the night's next show, 45 minutes on, and scheduled at once.
    final = cup.bouts.select_related("match__show").get(round=2)
    session = final.match.show
    assert session.scheduled_at - event.scheduled_at == dt.timedelta(minutes=45)
    assert session.kind == ShowKind.SPECIAL and session.name == "Foundry Fury Cup: final"
    assert session.status == ShowStatus.SCHEDULED
    assert {final.entrant_a_id, final.entrant_b_id} == set(
        cup.bouts.filter(round=1).values_list("winner_id", flat=True)
    )
    assert show_run_now(show=session).status == ShowStatus.COMPLETED
    cup.refresh_from_db()
    assert cup.status == TournamentStatus.COMPLETED
    assert cup.winner_id == cup.bouts.get(round=2).winner_id
    assert_history_holds()
