"""What the engine is told about a match (``simulation.show_specs``): the cards, the sides and
who stands for which team, the ally at ringside, the champion, the wounds a wrestler carries on
the show's date (on both sides of the day it happened and the day it healed), the standing
figures, the stipulations, the time limit and the rule options."""

from __future__ import annotations

import datetime as dt

import pytest

from matches import simulation
from matches.booking import match_book, show_create
from matches.models import MatchType
from tests import factories

pytestmark = pytest.mark.django_db

DAY = dt.timedelta(days=1)


def spec_of(show):
    [(_, spec)] = simulation.show_specs(show=show)
    return spec


def people(spec):
    return {p.key: p for side in spec.sides for p in side.participants}


def free_wrestlers(federation, n):
    return list(federation.wrestlers.exclude(reigns__ended_on__isnull=True).order_by("slug")[:n])


def test_a_singles_match_as_the_engine_sees_it(copperline):
    show = show_create(federation=copperline)
    world = copperline.titles.get(slug="world-heavyweight-championship")
    champion = world.current_reign.holder
    [challenger] = free_wrestlers(copperline, 1)
    type(challenger).objects.filter(pk=challenger.pk).update(fame=349, prestige=12, heat=4)
    ally = free_wrestlers(copperline, 2)[1]
    feud = factories.FeudFactory(federation=copperline, started_on=show.date)
    factories.FeudParticipantFactory(feud=feud, side=0, wrestler=champion)
    factories.FeudParticipantFactory(feud=feud, side=1, wrestler=challenger)
    match_book(
        show=show,
        sides=[[champion], [challenger]],
        title=world,
        feud=feud,
        allies={1: ally},
        time_limit=15,
        no_disqualification=True,
        stipulations={"blowoff": True, "no_count_out": True},
        rule_options=["fatigue"],
    )
    spec = spec_of(show)
    assert spec.match_type == MatchType.SINGLES
    assert [[p.key for p in side.participants] for side in spec.sides] == [
        [champion.slug],
        [challenger.slug],
    ]
    assert (spec.sides[0].ally, spec.sides[1].ally.key) == (None, ally.slug)
    assert spec.sides[1].ally.name == ally.ring_name
    who = people(spec)
    assert (who[champion.slug].champion, who[challenger.slug].champion) == (True, False)
    mine = who[challenger.slug]
    assert (mine.name, mine.fame, mine.prestige, mine.heat, mine.edge) == (
        challenger.ring_name,
        349,
        12,
        4,
        3,
    )
    assert spec.feud is True
    assert spec.time_limit == 60  # 15 minutes of four Filsinger turns
    # the roster's own stipulation (blowoff) stays with the roster; no DQ is the engine's
    assert spec.stipulations == {"no_count_out": True, "no_dq": True}
    assert spec.options == frozenset({"fatigue"})


def test_a_match_without_a_limit_feud_or_stipulations(copperline):
    show = show_create(federation=copperline)
    a, b = free_wrestlers(copperline, 2)
    match_book(show=show, sides=[[a], [b]])
    spec = spec_of(show)
    assert (spec.time_limit, spec.feud, spec.stipulations) == (None, False, {})


@pytest.mark.parametrize(("kind", "relationship"), [("tag_team", "partners"), ("stable", "group")])
def test_a_side_that_is_a_team_tells_the_engine_how_they_stand(copperline, kind, relationship):
    show = show_create(federation=copperline)
    a, b, c, d = free_wrestlers(copperline, 4)
    team = factories.TeamFactory(federation=copperline, kind=kind)
    for wrestler in (a, b):
        factories.TeamMembershipFactory(
            team=team, wrestler=wrestler, started_on=dt.date(2020, 1, 1)
        )
    match_book(show=show, sides=[[a, b], [c, d]], match_type=MatchType.TAG)
    spec = spec_of(show)
    assert [side.relationship for side in spec.sides] == [relationship, None]
    assert [p.key for p in spec.sides[0].participants] == [a.slug, b.slug]


@pytest.mark.parametrize(
    ("occurred", "healed", "wounded"),
    [
        (0, None, True),  # hurt on the show's date (an earlier match that day)
        (1, None, False),  # hurt the day after
        (-10, 0, False),  # healed on the show's date
        (-10, 1, True),  # heals the day after
    ],
)
def test_the_wounds_a_wrestler_carries_on_the_shows_date(copperline, occurred, healed, wounded):
    show = show_create(federation=copperline)
    a, b = free_wrestlers(copperline, 2)
    factories.InjuryFactory(
        wrestler=a,
        occurred_on=show.date + occurred * DAY,
        healed_on=None if healed is None else show.date + healed * DAY,
        keeps_off_cards=False,
        body_part="ribs",
        points=2,
        description="Bruised ribs",
    )
    match_book(show=show, sides=[[a], [b]])
    who = people(spec_of(show))
    assert who[a.slug].injured is wounded
    assert who[a.slug].injuries == (
        (
            {
                "body_part": "ribs",
                "points": 2,
                "description": "Bruised ribs",
                "keeps_off_cards": False,
            },
        )
        if wounded
        else ()
    )
    assert (who[b.slug].injured, who[b.slug].injuries) == (False, ())


@pytest.mark.parametrize("blowoff", [True, False])
def test_a_feud_match_booked_as_its_blowoff_ends_the_feud_when_someone_wins(copperline, blowoff):
    from django.utils import timezone

    from matches.booking import show_schedule
    from matches.models import Match
    from promotion.models import FeudStatus

    a, b = free_wrestlers(copperline, 2)
    feud = factories.FeudFactory(
        federation=copperline, heat=5, status=FeudStatus.BUILDING, started_on=dt.date(2020, 1, 1)
    )
    for side, wrestler in enumerate((a, b)):
        factories.FeudParticipantFactory(feud=feud, side=side, wrestler=wrestler)
    show = show_create(federation=copperline, scheduled_at=timezone.now() - DAY, seed=11)
    match_book(
        show=show, sides=[[a], [b]], feud=feud, stipulations={"blowoff": True} if blowoff else {}
    )
    show_schedule(show=show)
    assert simulation.show_simulate(show_id=show.pk).status == "completed"
    match = Match.objects.get(show=show)
    feud.refresh_from_db()
    assert match.winner_side is not None  # seed 11: a winner (a draw would end nothing)
    assert (feud.status == FeudStatus.ENDED) is blowoff


def test_the_federations_chart_overrides_are_the_charts_its_shows_are_wrestled_with(copperline):
    from rules.core.tables import read_yaml_resource

    printed = read_yaml_resource("rules", "data/filsinger/ropes.yaml")
    printed["title"] = "Into the Ropes (printed)"
    factories.ChartOverrideFactory(
        federation=copperline, system="filsinger", chart="ropes", data=printed
    )
    show = show_create(federation=copperline)
    a, b = free_wrestlers(copperline, 2)
    match_book(show=show, sides=[[a], [b]])
    inputs = simulation.ShowInputs.load(show)
    assert inputs.tables["filsinger"].titles["ropes"] == "Into the Ropes (printed)"


def test_every_hook_after_a_match_hears_of_each_match_in_card_order(copperline, monkeypatch):
    from django.utils import timezone

    from matches.booking import show_schedule

    show = show_create(federation=copperline, scheduled_at=timezone.now() - DAY, seed=3)
    a, b, c, d = free_wrestlers(copperline, 4)
    first = match_book(show=show, sides=[[a], [b]])
    second = match_book(show=show, sides=[[c], [d]])
    show_schedule(show=show)
    heard = []
    monkeypatch.setattr(
        simulation, "after_match_hooks", [lambda s, m: heard.append((s.pk, m.pk, m.status))]
    )
    assert simulation.show_simulate(show_id=show.pk).status == "completed"
    assert heard == [(show.pk, first.pk, "completed"), (show.pk, second.pk, "completed")]


def test_the_heartbeat_renews_a_lease_four_times_in_its_life(copperline, monkeypatch, settings):
    from django.utils import timezone

    from matches.booking import show_schedule

    made = []

    class Recording(simulation.Heartbeat):
        def __init__(self, show_id, lease, every):
            made.append(every)
            super().__init__(show_id, lease, every)

    monkeypatch.setattr(simulation, "Heartbeat", Recording)
    # The lease without heartbeats (the embedded default), whichever database the suite runs on.
    monkeypatch.setattr(simulation, "heartbeats", lambda: False)
    settings.SHOW_TIME_LIMIT_SECONDS = 600
    show = show_create(federation=copperline, scheduled_at=timezone.now() - DAY, seed=3)
    a, b = free_wrestlers(copperline, 2)
    match_book(show=show, sides=[[a], [b]])
    show_schedule(show=show)
    simulation.show_simulate(show_id=show.pk)
    monkeypatch.setattr(simulation, "lease_seconds", lambda: 0.4)
    assert made == [150.0]  # a quarter of the 600 seconds' lease
    second = show_create(federation=copperline, scheduled_at=timezone.now() - DAY / 2, seed=4)
    match_book(show=second, sides=[[a], [b]])
    show_schedule(show=second)
    simulation.show_simulate(show_id=second.pk)
    assert made == [150.0, 0.2]  # never more often than five times a second
