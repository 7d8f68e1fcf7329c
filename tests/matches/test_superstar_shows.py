"""Shows wrestled under Superstar: every match type on one card, in process; titles, DQs that
keep the title, battle royals and the Tag Team Injury Chart flowing into the roster."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from matches.booking import BookingError, match_book, show_create, show_schedule
from matches.checks import federation_check
from matches.models import Match, MatchStatus, MatchType, ShowStatus
from matches.records import wrestler_record
from matches.simulation import match_seed, show_simulate, show_specs
from promotion.models import Injury, InjurySource, StandingChange, Team, Wrestler
from rules import registry
from rules.core.dice import SeededDice

pytestmark = pytest.mark.django_db
SUPERSTAR = "superstar"


def w(slug: str) -> Wrestler:
    return Wrestler.objects.get(slug=slug)


def team(slug: str) -> list[Wrestler]:
    return [m.wrestler for m in Team.objects.get(slug=slug).memberships.order_by("pk")]


def seeded_show(federation, book, want, *, tries=400):
    """A show booked by ``book(show)`` whose seed makes its matches end as ``want(results)``
    says: the engine is asked first, match by match, exactly as the show will wrestle them."""
    show = show_create(federation=federation, seed=0)
    book(show)
    specs = show_specs(show=show)
    engine = registry.systems[SUPERSTAR]
    for seed in range(tries):
        results = [
            engine.simulate(spec, dice=SeededDice(match_seed(seed, m.position)), record=False)
            for m, spec in specs
        ]
        if want(results):
            type(show).objects.filter(pk=show.pk).update(seed=seed)
            show.refresh_from_db()
            return show_schedule(show=show), results
    raise AssertionError("no seed gives the result wanted")


def assert_clean(federation) -> None:
    assert federation_check(federation=federation) == []
    out = io.StringIO()
    call_command("check_federation", federation.slug, stdout=out)
    assert "every invariant holds" in out.getvalue()


def test_a_show_of_every_superstar_match_type_completes_and_the_roster_holds(copperline):
    """All eighteen sample wrestlers: a Texas Death grudge match for the world title, the tag
    title (Level 2, the referee factor), a three-man tag (Level 3), a battle royal, a cage."""
    world = copperline.titles.get(slug="world-heavyweight-championship")
    tag_title = copperline.titles.get(slug="tag-team-championship")
    show = show_create(federation=copperline, seed=2024)
    book = {"show": show, "rule_system": SUPERSTAR}
    match_book(
        **book,
        sides=[[w("mortimer-gale")], [w("corrigan-vale")]],
        title=world,
        match_type=MatchType.GRUDGE,
        rule_options=["grudge=texas_death"],
    )
    match_book(
        **book,
        sides=[team("rivet-gang"), team("crosswind")],
        match_type=MatchType.TAG,
        title=tag_title,
        rule_options=["tag_level=2", "referee"],
    )
    match_book(
        **book,
        sides=[
            [w("orrin-blackwood"), w("tobiah-grimsby"), w("nadia-sorrel")],
            [w("bastian-holloway"), w("felix-ardent"), w("gideon-pike")],
        ],
        match_type=MatchType.THREE_MAN_TAG,
        rule_options=["tag_level=3"],
    )
    match_book(
        **book,
        sides=[
            [w(s)] for s in ("ines-marrow", "jonah-whitlock", "percival-kettle", "rook-lanigan")
        ],
        match_type=MatchType.BATTLE_ROYAL,
    )
    match_book(**book, sides=[[w("thaddeus-moor")], [w("wendell-ashby")]], match_type="steel_cage")
    show_schedule(show=show)

    assert show_simulate(show_id=show.pk).status == "completed"
    show.refresh_from_db()
    assert show.status == ShowStatus.COMPLETED
    matches = list(show.matches.order_by("position"))
    assert [m.status for m in matches] == [MatchStatus.COMPLETED] * 5
    for match in matches:
        assert match.method and match.play_by_play and match.length >= 1
        assert all({"kind", "actor", "dice", "text"} <= set(e) for e in match.play_by_play)
    royal = matches[3]
    assert len(royal.effects["eliminations"]) in (2, 3)
    assert_clean(copperline)


def test_a_champion_disqualified_keeps_his_title(copperline):
    world = copperline.titles.get(slug="world-heavyweight-championship")
    champion, challenger = w("mortimer-gale"), w("corrigan-vale")
    reign = world.current_reign

    def book(show):
        match_book(show=show, sides=[[champion], [challenger]], title=world, rule_system=SUPERSTAR)

    show, _ = seeded_show(
        copperline,
        book,
        lambda r: r[0].winner == 1 and r[0].method.value == "disqualification",
    )
    assert show_simulate(show_id=show.pk).status == "completed"
    match = Match.objects.get(show=show)
    assert (match.winner_side, match.method) == (1, "disqualification")
    world.refresh_from_db()
    assert world.current_reign == reign and world.current_reign.holder == champion
    assert_clean(copperline)


def test_a_battle_royal_for_a_title_crowns_its_winner_and_records_the_eliminations(copperline):
    frontier = copperline.titles.get(slug="frontier-championship")
    champion = frontier.current_reign.holder
    field = [champion] + [w(s) for s in ("ines-marrow", "percival-kettle", "rook-lanigan")]

    def book(show):
        match_book(
            show=show,
            sides=[[x] for x in field],
            match_type=MatchType.BATTLE_ROYAL,
            title=frontier,
            rule_system=SUPERSTAR,
        )

    def wanted(results):
        # A new champion, and a final won by pin or submission: the wrestlers thrown out before
        # it lost by elimination, the final's loser by the final's method.
        r = results[0]
        return r.winner not in (None, 0) and r.method.value in ("pin", "submission")

    show, _ = seeded_show(copperline, book, wanted)
    assert show_simulate(show_id=show.pk).status == "completed"
    match = Match.objects.get(show=show)
    winner = field[match.winner_side]
    frontier.refresh_from_db()
    assert frontier.current_reign.holder == winner and frontier.current_reign.won_at == match
    out = match.effects["eliminations"]
    assert len(out) == 3 and winner.slug not in out
    first_out, last_out = w(out[0]), w(out[-1])

    def reasons(wrestler):
        return set(
            StandingChange.objects.filter(
                match=match, wrestler=wrestler, attribute="prestige"
            ).values_list("reason", flat=True)
        )

    assert "Lost by elimination" in reasons(first_out)
    assert f"Lost by {match.method}" in reasons(last_out)
    assert wrestler_record(wrestler=first_out).losses_by == {"elimination": 1}
    assert wrestler_record(wrestler=last_out).losses_by == {match.method: 1}
    assert_clean(copperline)


def test_tag_team_injury_chart_injuries_reach_the_roster(copperline):
    tag_title = copperline.titles.get(slug="tag-team-championship")

    def book(show):
        match_book(
            show=show,
            sides=[team("rivet-gang"), team("crosswind")],
            match_type=MatchType.TAG,
            title=tag_title,
            rule_system=SUPERSTAR,
            rule_options=["tag_level=2"],
        )

    show, results = seeded_show(copperline, book, lambda r: bool(r[0].effects.injuries))
    assert show_simulate(show_id=show.pk).status == "completed"
    match = Match.objects.get(show=show)
    expected = {(i.key, i.fight_cards) for i in results[0].effects.injuries}
    rows = Injury.objects.filter(match=match)
    assert {(i.wrestler.slug, i.fight_cards_remaining) for i in rows} == expected
    assert {i.source for i in rows} == {InjurySource.TAG_INJURY_CHART}
    assert_clean(copperline)


def test_booking_takes_a_battle_royal_of_three_or_more_under_superstar(copperline):
    show = show_create(federation=copperline, seed=5)
    two = [[w("ines-marrow")], [w("rook-lanigan")]]
    with pytest.raises(BookingError) as caught:
        match_book(show=show, sides=two, match_type=MatchType.BATTLE_ROYAL, rule_system=SUPERSTAR)
    assert caught.value.reasons == [
        "A battle royal is three or more wrestlers, each alone; this has two wrestlers."
    ]
    five = [
        [w(s)]
        for s in ("ines-marrow", "rook-lanigan", "hollis-crane", "felix-ardent", "gideon-pike")
    ]
    match = match_book(
        show=show, sides=five, match_type=MatchType.BATTLE_ROYAL, rule_system=SUPERSTAR
    )
    assert match.participants.count() == 5
    with pytest.raises(BookingError) as caught:
        match_book(show=show, sides=five, match_type=MatchType.BATTLE_ROYAL)  # filsinger
    assert (
        "Filsinger card game has no battle royal match; it offers singles, tag team."
        in caught.value.reasons
    )
