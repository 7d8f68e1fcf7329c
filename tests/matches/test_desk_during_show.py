"""What the promoter writes at the desk while a show is being wrestled is kept.

The engines wrestle the card first and the show's results are applied to the roster as it stands
when the show commits (``matches/simulation.py``): a show never writes back the copy of the
roster it read as it began. Here the desk writes go through the services from the show's own
after-match hook, after its first match and before its last, in the same process (any database);
``tests/matches/test_reliability.py`` makes the same writes through the API beside a real worker
on PostgreSQL.
"""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

import pytest
from django.utils import timezone

from matches import simulation
from matches.checks import federation_check
from matches.models import MatchParticipant, MatchStatus, ShowStatus
from matches.simulation import show_simulate
from promotion import services
from promotion.models import FeudStatus, Injury, Wrestler, WrestlerStatus
from tests.matches.helpers import available, book_week, sample_federation

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(monkeypatch):
    """Run ``work`` once, at the desk, after the show's first match is wrestled."""
    jobs: list = []

    def after_first_match(show, match) -> None:
        while jobs:
            jobs.pop(0)()

    monkeypatch.setattr(simulation, "after_match_hooks", [after_first_match])
    return jobs.append


@pytest.fixture
def week():
    return desk_week(matches=4)


def desk_week(*, matches: int) -> SimpleNamespace:
    """The sample federation, a wrestler kept off by an injury recorded by hand, a feud between
    two wrestlers not on the card, and a show of ``matches`` matches due an hour ago; ``booked``
    is a wrestler of its last match."""
    federation = sample_federation()
    at = timezone.now() - dt.timedelta(hours=1)
    on = timezone.localdate(at, timezone=federation.time_zone)
    feuding: set[int | None] = set()
    for feud in federation.feuds.exclude(status=FeudStatus.ENDED):
        feuding |= {p.wrestler_id for p in feud.participants.all()}
    free = [w for w in available(federation, on) if w.pk not in feuding]
    hurt, left, right = free[-1], free[-2], free[-3]
    injury = services.injury_record(
        wrestler=hurt, occurred_on=on - dt.timedelta(days=3), body_part="Knee"
    )
    feud = services.feud_start(
        federation=federation, sides=[[left], [right]], started_on=on - dt.timedelta(days=10)
    )
    show = book_week(federation, scheduled_at=at, seed=20261206, matches=matches)
    booked = MatchParticipant.objects.filter(show=show).order_by("match__position", "side")
    assert hurt.pk not in {p.wrestler_id for p in booked}
    last = booked.filter(match__position=matches).first()
    assert last is not None
    return SimpleNamespace(
        federation=federation,
        show=show,
        on=on,
        injury=injury,
        feud=feud,
        booked=last.wrestler,
    )


def test_a_heal_an_ended_feud_a_retirement_and_a_new_injury_made_during_the_show_are_kept(
    week, desk
):
    federation, show, on, injury, feud, booked = (
        week.federation,
        week.show,
        week.on,
        week.injury,
        week.feud,
        week.booked,
    )
    retiree = available(federation, on)[-4]

    def at_the_desk():
        services.injury_heal(injury=injury, on=on)
        services.feud_end(feud=feud, on=on)
        services.wrestler_update(wrestler=retiree, status=WrestlerStatus.RETIRED)
        services.injury_record(wrestler=booked, occurred_on=on, body_part="Shoulder")

    desk(at_the_desk)
    assert show_simulate(show_id=show.pk).status == "completed"

    show.refresh_from_db()
    assert show.status == ShowStatus.COMPLETED
    # Every match on the card was wrestled, his too: it was booked and begun before the desk.
    assert set(show.matches.values_list("status", flat=True)) == {MatchStatus.COMPLETED}
    injury.refresh_from_db()
    assert injury.healed_on == on
    assert Wrestler.objects.get(pk=injury.wrestler_id).status == WrestlerStatus.ACTIVE
    feud.refresh_from_db()
    assert (feud.status, feud.ended_on) == (FeudStatus.ENDED, on)
    assert Wrestler.objects.get(pk=retiree.pk).status == WrestlerStatus.RETIRED
    shoulder = Injury.objects.get(wrestler=booked, body_part="Shoulder")
    assert shoulder.healed_on is None
    assert Wrestler.objects.get(pk=booked.pk).status == WrestlerStatus.INJURED
    assert federation_check(federation=federation) == []


def test_fame_moved_at_the_desk_during_the_show_adds_to_what_the_show_gives(week, desk):
    federation, show, booked = week.federation, week.show, week.booked
    before = Wrestler.objects.get(pk=booked.pk).fame

    desk(
        lambda: services.standing_change(
            wrestler=booked, attribute="fame", delta=40, reason="Promo of the year"
        )
    )
    assert show_simulate(show_id=show.pk).status == "completed"

    booked.refresh_from_db()
    from_the_show = sum(
        booked.standing_changes.filter(show=show, attribute="fame").values_list("delta", flat=True)
    )
    assert from_the_show > 0
    assert booked.fame == before + 40 + from_the_show
    assert federation_check(federation=federation) == []


def test_an_injury_recorded_during_the_show_does_not_count_it_among_his_fight_cards(week, desk):
    """Healing counts the shows an injury kept him off: one recorded while the show ran was not
    one of them. The show's own end-of-show healing still counts the injuries it began with."""
    show, on, injury, booked = week.show, week.on, week.injury, week.booked
    recorded: list[Injury] = []

    def at_the_desk():
        recorded.append(
            Injury.objects.create(
                wrestler=booked,
                occurred_on=on,
                source="manual",
                body_part="Back",
                fight_cards_remaining=2,
                keeps_off_cards=True,
            )
        )

    old = Injury.objects.create(
        wrestler=injury.wrestler,
        occurred_on=on - dt.timedelta(days=3),
        source="manual",
        body_part="Wrist",
        fight_cards_remaining=2,
        keeps_off_cards=True,
    )
    desk(at_the_desk)
    assert show_simulate(show_id=show.pk).status == "completed"

    recorded[0].refresh_from_db()
    old.refresh_from_db()
    assert recorded[0].fight_cards_remaining == 2
    assert old.fight_cards_remaining == 1


def test_wrestlers_retired_during_their_title_match_are_crowned_nothing(week, desk):
    """Both sides of a title match retired at the desk while it was being wrestled: whoever won
    it is given no reign after his retirement."""
    federation, show, on = week.federation, week.show, week.on
    title_match = show.matches.exclude(title=None).order_by("position").first()
    challengers: list[Wrestler] = []

    def at_the_desk():
        for p in title_match.participants.all():
            challengers.append(p.wrestler)
        for wrestler in challengers:
            services.wrestler_update(wrestler=wrestler, status=WrestlerStatus.RETIRED)

    desk(at_the_desk)
    assert show_simulate(show_id=show.pk).status == "completed"
    title_match.refresh_from_db()
    reigns = title_match.title.reigns.filter(won_on=on)
    assert not reigns.filter(ended_on__isnull=True).exists()
    assert all(Wrestler.objects.get(pk=w.pk).status == WrestlerStatus.RETIRED for w in challengers)
    assert federation_check(federation=federation) == []
