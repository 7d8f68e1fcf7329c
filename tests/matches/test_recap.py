"""The recap of scripted shows (``matches.recap``): four weeks of the sample federation wrestled
through the real show pipeline with the engine's results written by hand (who wins, how, who
is hurt), and each recap held to expectations written here from the sample's lineage
(``promotion/data/sample/federation.yaml``) and the standings table (``docs/standings.md``)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from matches.booking import match_book, show_create, show_schedule
from matches.models import Show
from matches.recap import (
    Defense,
    FeudNote,
    InjuryNote,
    Milestone,
    Mover,
    RecapNotReady,
    Streak,
    TitleChange,
    _careers,
    show_recap,
)
from matches.simulation import show_simulate
from promotion.models import Feud, Title, Wrestler
from rules import registry
from rules.core.result import Effects, InjuryEffect, MatchResult, Method
from tests.matches.helpers import sample_federation, weekly_slots

pytestmark = pytest.mark.django_db

WORLD = "Copperline World Heavyweight Championship"


class Script:
    """The engine's results by the wrestlers in the match: ``{frozenset(keys): (winner key,
    method, injuries)}``; any match not scripted is refused (a test that forgot one fails)."""

    def __init__(self):
        self.results: dict[frozenset, tuple[str, Method, tuple[InjuryEffect, ...]]] = {}

    def __call__(self, spec, **kwargs):
        keys = [[p.key for p in side.participants] for side in spec.sides]
        winner_key, method, injuries = self.results[frozenset(k for side in keys for k in side)]
        winner = next(i for i, side in enumerate(keys) if winner_key in side)
        return MatchResult(
            system="filsinger",
            winner=winner,
            method=method,
            length=12,
            effects=Effects(injuries=injuries),
            seed=kwargs.get("seed"),
        )


@pytest.fixture
def week(monkeypatch):
    """Book, script and wrestle one show: ``week(slot, [(a, b, winner, extras), ...])``."""
    federation = sample_federation()
    script = Script()
    monkeypatch.setattr(registry.systems["filsinger"], "simulate", script)
    people = {w.slug: w for w in Wrestler.objects.filter(federation=federation)}
    slots = iter(weekly_slots(federation, timezone.now() - dt.timedelta(days=60), 8))

    def wrestle(card) -> Show:
        show = show_create(federation=federation, scheduled_at=next(slots))
        for position, (a, b, winner, extras) in enumerate(card, start=1):
            injuries = extras.pop("injuries", ())
            method = extras.pop("method", Method.PIN)
            match_book(
                show=show,
                sides=[[people[a]], [people[b]]],
                position=position,
                rule_system="filsinger",
                **extras,
            )
            script.results[frozenset((a, b))] = (winner, method, injuries)
        show_schedule(show=show)
        assert show_simulate(show_id=show.pk).status == "completed"
        return Show.objects.get(pk=show.pk)

    wrestle.federation = federation  # type: ignore[attr-defined]
    return wrestle


def test_four_scripted_weeks_recap_what_each_show_wrote(week):
    federation = week.federation
    world = Title.objects.get(federation=federation, slug="world-heavyweight-championship")
    feud = Feud.objects.get(federation=federation, participants__wrestler__slug="corrigan-vale")
    knee = InjuryEffect(key="thaddeus-moor", description="Wrenched knee", fight_cards=2)

    # Week 1: the champion keeps his title (his 6th defense: the lineage gives him 5), an
    # injury, and everyone's first match.
    first = week(
        [
            (
                "mortimer-gale",
                "orrin-blackwood",
                "mortimer-gale",
                {"title": world, "is_main_event": True},
            ),
            ("dario-quintero", "skylar-finch", "dario-quintero", {}),
            ("gideon-pike", "thaddeus-moor", "gideon-pike", {"injuries": (knee,)}),
        ]
    )
    recap = show_recap(first)
    assert [r.winner for r in recap.results] == ["Mortimer Gale", "Dario Quintero", "Gideon Pike"]
    assert recap.results[0].title == WORLD and recap.results[0].is_main_event
    assert recap.results[0].method == "Pinfall"
    assert recap.title_changes == ()
    assert recap.defenses == (Defense(WORLD, "Mortimer Gale", 6, 1),)
    back = first.date + dt.timedelta(days=14)  # two fight cards, a week each
    # (counted in fight cards, it is wrestled through: Filsinger's PIN +2; no show missed)
    assert recap.injuries == (InjuryNote("Thaddeus Moor", "Wrenched knee", 3, back, False, ()),)
    assert recap.debuts == (
        "Dario Quintero",
        "Gideon Pike",
        "Mortimer Gale",
        "Orrin Blackwood",
        "Skylar Finch",
        "Thaddeus Moor",
    )
    assert recap.streaks == ()
    # Prestige: a main-event title defense won by pinfall is 10 + 8 + 3 = 21; the challenger
    # who lost by pinfall in it, -6 + 3 + 3 = 0 (not a mover); a pinfall win alone, 10; a
    # pinfall loss, -6.
    now = dict(Wrestler.objects.filter(federation=federation).values_list("ring_name", "prestige"))
    assert recap.movers == (
        Mover("Mortimer Gale", 21, now["Mortimer Gale"]),
        Mover("Dario Quintero", 10, now["Dario Quintero"]),
        Mover("Gideon Pike", 10, now["Gideon Pike"]),
        Mover("Skylar Finch", -6, now["Skylar Finch"]),
        Mover("Thaddeus Moor", -6, now["Thaddeus Moor"]),
    )

    # Week 2: the title changes hands in the feud's match.
    second = week(
        [
            (
                "mortimer-gale",
                "corrigan-vale",
                "corrigan-vale",
                {"title": world, "feud": feud, "is_main_event": True},
            ),
            ("dario-quintero", "hollis-crane", "dario-quintero", {}),
        ]
    )
    recap = show_recap(second)
    # The sample's lineage holds four reigns; Corrigan Vale held it once before (the third).
    assert recap.title_changes == (TitleChange(WORLD, "Corrigan Vale", "Mortimer Gale", 1, 5, 2),)
    assert recap.defenses == ()
    assert recap.feuds == (FeudNote(str(feud), "heated"),)
    # A new champion by pinfall in the main event: 10 + 3 (challenge) + 25 + 3 = 41.
    assert recap.movers[0] == Mover("Corrigan Vale", 41, recap.movers[0].value_after)
    assert recap.debuts == ("Corrigan Vale", "Hollis Crane")
    assert recap.streaks == ()  # Dario Quintero: two wins, not yet a run

    # Week 3: a third win in a row starts a streak; the blowoff ends the feud.
    third = week(
        [
            ("dario-quintero", "silas-dunmore", "dario-quintero", {}),
            (
                "corrigan-vale",
                "mortimer-gale",
                "corrigan-vale",
                {"feud": feud, "stipulations": {"blowoff": True}},
            ),
        ]
    )
    recap = show_recap(third)
    assert recap.streaks == (Streak("Dario Quintero", "started", 3),)
    assert recap.feuds == (FeudNote(str(feud), "blown off"),)

    # Week 4: the streak is broken.
    fourth = week([("dario-quintero", "nadia-sorrel", "nadia-sorrel", {})])
    recap = show_recap(fourth)
    assert recap.streaks == (Streak("Dario Quintero", "ended", 3),)
    assert recap.results[0].winner == "Nadia Sorrel"
    assert recap.results[0].losers == ("Dario Quintero",)

    # Weeks 5 to 7: three wins after the loss start a run of three again (not six).
    for week_number, opponent in ((5, "skylar-finch"), (6, "hollis-crane"), (7, "gideon-pike")):
        later = week([("dario-quintero", opponent, "dario-quintero", {})])
        recap = show_recap(later)
        started = (Streak("Dario Quintero", "started", 3),) if week_number == 7 else ()
        assert recap.streaks == started, week_number

    # Read again after later shows, the first show's recap says what it said then: the
    # defense count is the reign's as it stood after it, though the reign ended since.
    assert show_recap(first).defenses == (Defense(WORLD, "Mortimer Gale", 6, 1),)
    assert show_recap(first).injuries[0].expected_return == back


def test_a_show_not_completed_is_refused_by_its_status(week):
    show = show_create(federation=week.federation)
    with pytest.raises(RecapNotReady) as refused:
        show_recap(show)
    assert str(refused.value) == (
        f"{show} has not been wrestled to the end (it is draft): there is no recap yet."
    )
    assert refused.value.status_code == 409


def test_an_injury_that_keeps_him_off_cards_names_the_shows_he_misses(week):
    federation = week.federation
    people = {w.slug: w for w in Wrestler.objects.filter(federation=federation)}
    # The fixture's slots: the first is the week wrestled; he is booked on the two after it.
    slots = weekly_slots(federation, timezone.now() - dt.timedelta(days=60), 3)
    ahead = []
    for slot, rival in zip(slots[1:], ("silas-dunmore", "skylar-finch"), strict=True):
        show = show_create(federation=federation, scheduled_at=slot)
        match_book(show=show, sides=[[people["hollis-crane"]], [people[rival]]])
        ahead.append(show)
    out = InjuryEffect(
        key="hollis-crane", description="Separated shoulder", fight_cards=2, keeps_off_cards=True
    )
    show = week([("rook-lanigan", "hollis-crane", "rook-lanigan", {"injuries": (out,)})])
    back = show.date + dt.timedelta(days=14)
    # Out two fight cards: he misses the next week's show, and is back for the one after.
    assert show_recap(show).injuries == (
        InjuryNote("Hollis Crane", "Separated shoulder", 1, back, True, (str(ahead[0]),)),
    )


def test_a_tenth_defense_is_a_milestone(week):
    federation = week.federation
    world = Title.objects.get(federation=federation, slug="world-heavyweight-championship")
    # The lineage as loaded gives the champion 5 defenses; a federation imported with 9.
    world.reigns.filter(ended_on__isnull=True).update(defenses=9)
    show = week([("mortimer-gale", "orrin-blackwood", "mortimer-gale", {"title": world})])
    recap = show_recap(show)
    assert recap.defenses == (Defense(WORLD, "Mortimer Gale", 10, 1),)
    assert recap.milestones == (
        Milestone("Mortimer Gale", f"10th successful defense of the {WORLD}"),
    )


def test_a_hundredth_match_is_a_milestone_and_a_longer_run_is_extended():
    # Wrestler 1: 99 matches before (the last 4 won), and his 100th won: a 5-win run extended.
    # Wrestler 2: his first match, lost: a debut. Rows: (wrestler, side, winning side), from
    # each man's last match not won before the show on (what ``_bouts`` reads); the count of
    # all his matches beside them.
    rows = [(1, 0, 1), *[(1, 0, 0)] * 4, (2, 0, 1), (1, 1, 1)]
    streaks, debuts, milestones = _careers({1: "Ace", 2: "Rookie"}, rows, {1: 100, 2: 1})
    assert streaks == (Streak("Ace", "extended", 5),)
    assert debuts == ("Rookie",)
    assert milestones == (Milestone("Ace", "100th match"),)
    # One match fewer: neither a milestone nor a debut for him.
    _, debuts, milestones = _careers({1: "Ace"}, [*rows[1:-2], (1, 1, 1)], {1: 99})
    assert milestones == () and debuts == ()
