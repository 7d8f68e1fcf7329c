"""ARM injury points heal only for the weeks a wrestler takes off, and a show's wrestlers carry
the points left after the weeks that ended by its day.

The chapter: "The only way to heal injury is by taking time off. The wrestler gets to subtract
his STA bonus each week from his total Injuries". Our reading (docs/standings.md): a week heals
him only if he wrestled on none of its days, its last day included; the weeks that ended by a
show's day are reckoned before its matches are wrestled.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from matches.booking import match_book, show_create, show_schedule
from matches.models import Match, MatchStatus
from matches.simulation import show_simulate, show_specs
from promotion.models import Injury, InjurySource, WrestlerStatus

pytestmark = pytest.mark.django_db

HURT_ON = dt.date(2030, 1, 3)  # a Thursday
WEEK = dt.timedelta(days=7)

# Felix Ardent: STA 13, a bonus of 2 a week (the standings table's band for STA 11-13).
# Bastian Holloway: STA 15, a bonus of 3 a week (the band for STA 14-16).


def hurt(wrestler, on, part, points):
    """ARM injury points on a wrestler, as a match leaves them."""
    injury = Injury.objects.create(
        wrestler=wrestler,
        occurred_on=on,
        source=InjurySource.ARM_INJURY,
        body_part=part,
        points=points,
        keeps_off_cards=points >= 4,
        description=f"{points} injury points to the {part}",
    )
    if injury.keeps_off_cards:
        wrestler.status = WrestlerStatus.INJURED
        wrestler.save()
    return injury


def show_on(federation, day, *pairs, seed=1):
    """A show on ``day`` (20:00 in the federation's time zone) of ARM singles matches."""
    show = show_create(
        federation=federation,
        scheduled_at=timezone.make_aware(
            dt.datetime(day.year, day.month, day.day, 20), federation.time_zone
        ),
        seed=seed,
    )
    for a, b in pairs:
        match_book(show=show, sides=[[a], [b]], rule_system="arm")
    return show_schedule(show=show)


def carried(show, wrestler):
    """The injuries the engine is handed for ``wrestler`` at ``show``."""
    for _, spec in show_specs(show=show):
        for side in spec.sides:
            for participant in side.participants:
                if participant.key == wrestler.slug:
                    return participant.injuries
    raise AssertionError(f"{wrestler} is not on the card")


def wrestle(show):
    assert show_simulate(show_id=show.pk).status == "completed"
    assert not Match.objects.filter(show=show).exclude(status=MatchStatus.COMPLETED).exists()


def who(federation, slug):
    return federation.wrestlers.get(slug=slug)


def test_a_week_off_comes_off_before_he_wrestles_again(copperline):
    """The issue's Felix Ardent case: a week off, then a match, and he wrestled carrying the
    points that week had healed (it was applied only after that day's show). Hurt on Jan 3
    with 3 neck points, no show on Jan 10, back on Jan 17: the week to Jan 10 was time off
    (-2), the week to Jan 17 he works (nothing off): 1 point on the neck, not 3."""
    felix, rook = who(copperline, "felix-ardent"), who(copperline, "rook-lanigan")
    neck = hurt(felix, HURT_ON, "neck", 3)
    show = show_on(copperline, HURT_ON + 2 * WEEK, (felix, rook))
    assert [(i["body_part"], i["points"]) for i in carried(show, felix)] == [("neck", 1)]
    wrestle(show)
    neck.refresh_from_db()
    # The commit wrote the same reckoning: the week off healed, the week he worked did not.
    assert neck.points == 1 and neck.healed_on is None
    assert neck.healing_counted_to == HURT_ON + 2 * WEEK


def test_a_man_under_the_threshold_who_keeps_working_does_not_heal(copperline):
    bastian, rook = who(copperline, "bastian-holloway"), who(copperline, "rook-lanigan")
    arm = hurt(bastian, HURT_ON, "arm", 2)  # under 4: he wrestles through it
    for week in (1, 2):
        show = show_on(copperline, HURT_ON + week * WEEK, (bastian, rook), seed=week)
        assert ("arm", 2) in [(i["body_part"], i["points"]) for i in carried(show, bastian)]
        wrestle(show)
        arm.refresh_from_db()
        assert arm.points == 2 and arm.healed_on is None
        # Expected back only after a week off he has not taken yet (3 a week: one week).
        assert arm.expected_return == HURT_ON + (week + 1) * WEEK + dt.timedelta(days=1)


def test_one_who_rests_heals(copperline):
    bastian = who(copperline, "bastian-holloway")
    rook, felix = who(copperline, "rook-lanigan"), who(copperline, "felix-ardent")
    arm = hurt(bastian, HURT_ON, "arm", 2)
    wrestle(show_on(copperline, HURT_ON + WEEK, (rook, felix)))  # a show without him
    arm.refresh_from_db()
    assert arm.points == 0 and arm.healed_on == HURT_ON + WEEK


def test_a_week_he_worked_passes_and_the_next_one_off_heals(copperline):
    bastian, rook = who(copperline, "bastian-holloway"), who(copperline, "rook-lanigan")
    felix = who(copperline, "felix-ardent")
    arm = hurt(bastian, HURT_ON, "arm", 2)
    wrestle(show_on(copperline, HURT_ON + WEEK, (bastian, rook)))
    arm.refresh_from_db()
    assert arm.points == 2
    # Two weeks later, the week to Jan 17 off: he carries nothing into Jan 24's match.
    show = show_on(copperline, HURT_ON + 3 * WEEK, (bastian, felix), seed=2)
    assert [i for i in carried(show, bastian) if i["body_part"] == "arm"] == []
    wrestle(show)
    arm.refresh_from_db()
    assert arm.points == 0 and arm.healed_on == HURT_ON + 2 * WEEK


def test_a_man_kept_off_misses_a_show_for_each_week_he_heals(copperline):
    """4 points keep Bastian off cards; 3 a week off: two weeks, the shows of Jan 10 and 17
    missed, back on the 18th (a show on the 17th is work in the second week)."""
    bastian, rook = who(copperline, "bastian-holloway"), who(copperline, "rook-lanigan")
    felix = who(copperline, "felix-ardent")
    leg = hurt(bastian, HURT_ON, "leg", 4)
    wrestle(show_on(copperline, HURT_ON + WEEK, (rook, felix)))
    leg.refresh_from_db()
    assert leg.points == 1 and leg.expected_return == HURT_ON + 2 * WEEK + dt.timedelta(days=1)
    assert bastian.unavailability_on(HURT_ON + 2 * WEEK) == {"injured"}
    wrestle(show_on(copperline, HURT_ON + 2 * WEEK, (rook, felix), seed=2))
    leg.refresh_from_db()
    bastian.refresh_from_db()
    assert leg.points == 0 and leg.healed_on == HURT_ON + 2 * WEEK
    assert bastian.status == WrestlerStatus.ACTIVE
