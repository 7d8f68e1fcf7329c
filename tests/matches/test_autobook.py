"""The auto-booker: a full weekly card, every choice explained, all or nothing."""

import dataclasses
import datetime as dt
import io
import itertools

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from matches import autobook
from matches import booking_config as weights
from matches.autobook import show_autobook
from matches.booking import SHOW_HAS_RUN, BookingError, match_book, show_create, show_schedule
from matches.booking_config import BookingConfigError, booking_config, booking_config_load
from matches.models import Match, MatchStatus, MatchType, Role, ShowStatus
from matches.selectors import last_week_bouts, recent_results
from promotion.models import Division, Federation
from promotion.selectors import contenders, team_contenders
from tests import factories

pytestmark = pytest.mark.django_db


# -- helpers ------------------------------------------------------------------------------------


@pytest.fixture
def fed(federation):
    """A small federation whose shows the auto-booker fills."""
    return federation


@pytest.fixture
def make(fed):
    def make(prestige=300, **fields):
        return factories.BookableWrestlerFactory(federation=fed, prestige=prestige, **fields)

    return make


def team_of(fed, *wrestlers, kind="tag_team", name=None):
    team = factories.TeamFactory(federation=fed, kind=kind, **({"name": name} if name else {}))
    for wrestler in wrestlers:
        factories.TeamMembershipFactory(team=team, wrestler=wrestler)
    return team


def crown(title, holder):
    field = "holder_team" if title.division == Division.TAG else "holder_wrestler"
    return factories.TitleReignFactory(title=title, **{"holder_wrestler": None, field: holder})


def feud_of(fed, side_a, side_b, heat=5, status="hot"):
    feud = factories.FeudFactory(federation=fed, heat=heat, status=status)
    for side, members in enumerate((side_a, side_b)):
        for member in members:
            is_team = member.__class__.__name__ == "Team"
            factories.FeudParticipantFactory(
                feud=feud,
                side=side,
                wrestler=None if is_team else member,
                team=member if is_team else None,
            )
    return feud


def completed_show(fed, days_ago, bouts):
    """A completed show in the past; ``bouts`` are (sides, winner_side, method)."""
    show = factories.ShowFactory(
        federation=fed,
        status=ShowStatus.COMPLETED,
        scheduled_at=timezone.now() - dt.timedelta(days=days_ago),
    )
    for position, (sides, winner_side, method) in enumerate(bouts, start=1):
        match = factories.MatchFactory(
            show=show,
            position=position,
            status=MatchStatus.COMPLETED,
            winner_side=winner_side,
            method=method,
            match_type=MatchType.TAG if len(sides[0]) == 2 else MatchType.SINGLES,
        )
        for side, wrestlers in enumerate(sides):
            for order, wrestler in enumerate(wrestlers):
                factories.MatchParticipantFactory(
                    match=match,
                    side=side,
                    wrestler=wrestler,
                    order=order,
                    role=Role.IN_RING if order == 0 else Role.PARTNER,
                )
    return show


def card(report_or_show):
    matches = (
        report_or_show.matches
        if hasattr(report_or_show, "matches") and isinstance(report_or_show.matches, list)
        else list(report_or_show.matches.order_by("position"))
    )
    return [
        (
            m.position,
            m.match_type,
            [sorted(p.wrestler.ring_name for p in side) for side in m.sides()],
            m.title_id,
            m.feud_id,
            m.is_main_event,
            m.booking_note,
        )
        for m in matches
    ]


def sides_of(match):
    return [{p.wrestler for p in side} for side in match.sides()]


def everyone_on(show):
    return list(show.appearances.values_list("wrestler_id", flat=True))


# -- the sample federation ----------------------------------------------------------------------


@pytest.fixture
def copperline():
    call_command("load_sample_federation", owner="promoter", verbosity=0)
    return Federation.objects.get(slug="copperline")


def test_the_sample_federation_gets_a_full_card_with_every_title_defended(copperline):
    show = show_create(federation=copperline, seed=7)
    report = show_autobook(show=show)
    matches = list(show.matches.order_by("position"))
    assert len(matches) == copperline.card_size == len(report)
    by_title = {m.title.slug: m for m in matches if m.title}
    world = by_title["world-heavyweight-championship"]
    assert {w.slug for side in sides_of(world) for w in side} == {"mortimer-gale", "corrigan-vale"}
    assert world.is_main_event and world.position == len(matches)
    assert world.feud is not None  # their feud rides on the title match
    assert world.booking_note.startswith(
        "Copperline World Heavyweight Championship: Mortimer Gale defends against the top "
        "contender Corrigan Vale (contention 690)"
    )
    tag = by_title["tag-team-championship"]
    assert tag.match_type == MatchType.TAG
    assert {p.team.slug for p in tag.participants.all()} == {"rivet-gang", "crosswind"}
    frontier = by_title["frontier-championship"]
    assert "Jonah Whitlock defends" in frontier.booking_note
    assert [m.is_main_event for m in matches].count(True) == 1
    assert all(m.booking_note for m in matches)
    assert len(everyone_on(show)) == len(set(everyone_on(show)))
    show.refresh_from_db()
    assert show.status == ShowStatus.BOOKED


def test_the_sample_card_is_the_same_every_time(copperline):
    show = show_create(federation=copperline, seed=7)
    first = card(show_autobook(show=show))
    Match.objects.filter(show=show).delete()
    assert card(show_autobook(show=show)) == first


def test_a_card_booked_ahead_reads_the_card_booked_before_it(copperline):
    """The week after a show booked but not yet wrestled is not that show's card again: its
    bouts are last week's, its challengers met the champions, its wrestlers worked."""
    first = show_create(federation=copperline, seed=7)
    show_autobook(show=first)
    show_schedule(show=first)
    second = show_create(federation=copperline, seed=8)
    show_autobook(show=second)

    def bouts(show):
        return {
            frozenset(frozenset(w.pk for w in side) for side in sides_of(m))
            for m in show.matches.all()
        }

    assert not bouts(first) & bouts(second)  # no bout of the week before again
    world = second.matches.get(title__slug="world-heavyweight-championship")
    challengers = {w.slug for side in sides_of(world) for w in side} - {"mortimer-gale"}
    assert "corrigan-vale" not in challengers  # he had his shot the week before
    assert "passed over, too soon for a rematch: Corrigan Vale" in world.booking_note


# -- titles ---------------------------------------------------------------------------------------


def test_a_title_is_defended_against_the_top_contender_by_prestige(fed, make):
    champion, best = make(600), make(500)
    make(450), make(100)
    title = factories.TitleFactory(federation=fed, rank=1, name="World Title")
    crown(title, champion)
    show = show_create(federation=fed)
    report = show_autobook(show=show)
    match = next(m for m in report if m.title_id == title.pk)
    assert sides_of(match) == [{champion}, {best}]
    assert match.booking_note.startswith(
        f"World Title: {champion} defends against the top contender {best} (contention 500)"
    )
    assert match.is_main_event


def test_other_champions_are_kept_for_their_own_defenses(fed, make):
    world_champion, second_champion, contender, other = make(700), make(650), make(500), make(400)
    world = factories.TitleFactory(federation=fed, rank=1)
    second = factories.TitleFactory(federation=fed, rank=2)
    crown(world, world_champion)
    crown(second, second_champion)
    report = show_autobook(show=show_create(federation=fed))
    by_title = {m.title_id: sides_of(m) for m in report if m.title_id}
    assert by_title[world.pk] == [{world_champion}, {contender}]
    assert by_title[second.pk] == [{second_champion}, {other}]


def test_a_disqualification_win_counts_less_toward_contention_than_a_pinfall(fed, make):
    champion, by_dq, by_pin, loser_a, loser_b = make(600), make(400), make(400), make(), make()
    title = factories.TitleFactory(federation=fed)
    crown(title, champion)
    completed_show(
        fed,
        days_ago=7,
        bouts=[
            ([[by_dq], [loser_a]], 0, "disqualification"),
            ([[loser_b], [by_pin]], 1, "pin"),
        ],
    )
    config = booking_config()
    results = recent_results(
        show=show_create(federation=fed),
        shows=config.recent_shows,
        result_points=config.result_points,
        loss_points=config.loss_points,
        draw_points=config.draw_points,
    )
    assert results.wrestlers[by_pin.pk] > results.wrestlers[by_dq.pk] > 0
    assert results.wrestlers[loser_a.pk] == config.loss_points
    show = fed.shows.get(status=ShowStatus.DRAFT)
    match = next(m for m in show_autobook(show=show) if m.title_id == title.pk)
    assert sides_of(match) == [{champion}, {by_pin}]
    pin_points = config.result_points["pin"]
    assert f"(contention {400 + pin_points})" in match.booking_note


def test_results_older_than_the_window_do_not_count(fed, make):
    winner = make(400)
    completed_show(fed, days_ago=60, bouts=[([[winner], [make()]], 0, "pin")])
    for weeks in range(1, 5):
        completed_show(
            fed, days_ago=7 * weeks, bouts=[([[make()], [make()]], None, "draw_time_limit")]
        )
    results = recent_results(
        show=show_create(federation=fed),
        shows=4,
        result_points=booking_config().result_points,
        loss_points=-10,
        draw_points=0,
    )
    assert winner.pk not in results.wrestlers


def test_an_unavailable_champion_is_skipped_and_the_report_says_why(fed, make):
    champion = make(700)
    make(500), make(400)
    title = factories.TitleFactory(federation=fed, name="World Title")
    crown(title, champion)
    show = show_create(federation=fed)
    factories.InjuryFactory(wrestler=champion, occurred_on=show.date - dt.timedelta(days=2))
    report = show_autobook(show=show)
    assert not any(m.title_id for m in report)
    assert report.skipped == [
        autobook.CHAMPION_OUT.format(
            title=title, reasons=f"{champion} is injured on {show.date:%b %-d, %Y}."
        )
    ]
    assert champion.pk not in everyone_on(show)


def test_a_vacant_title_goes_to_the_top_two_contenders(fed, make):
    first, second, _third = make(600), make(500), make(100)
    title = factories.TitleFactory(federation=fed, name="Vacant Belt")
    match = next(m for m in show_autobook(show=show_create(federation=fed)) if m.title_id)
    assert match.title == title
    assert sides_of(match) == [{first}, {second}]
    assert "(vacant)" in match.booking_note


def test_a_title_introduced_after_the_show_is_left_off_its_card(fed, make):
    make(600), make(500), make(100)
    show = show_create(federation=fed)
    factories.TitleFactory(
        federation=fed, name="Future Belt", introduced_on=show.date + dt.timedelta(days=1)
    )
    matches = show_autobook(show=show)
    assert matches and not any(m.title_id for m in matches)
    assert not any("Future Belt" in m.booking_note for m in matches)


def test_the_tag_title_is_defended_by_a_team_against_a_team(fed, make):
    a, b, c, d, e, f = make(500), make(480), make(450), make(440), make(300), make(290)
    champions = team_of(fed, a, b, name="The Champs")
    challengers = team_of(fed, e, f, name="The Hopefuls")
    team_of(fed, c, make(100), kind="stable")  # a stable does not challenge for the tag title
    title = factories.TitleFactory(federation=fed, division="tag", name="Tag Titles")
    crown(title, champions)
    match = next(m for m in show_autobook(show=show_create(federation=fed)) if m.title_id)
    assert match.match_type == MatchType.TAG
    assert sides_of(match) == [{a, b}, {e, f}]
    assert {p.team for p in match.participants.all()} == {champions, challengers}
    assert match.booking_note.startswith(
        "Tag Titles: The Champs defend against the top contenders The Hopefuls"
    )
    del d


def test_a_champion_team_that_cannot_field_two_skips_its_defense(fed, make):
    a, b = make(500), make(480)
    champions = team_of(fed, a, b)
    team_of(fed, make(), make())
    title = factories.TitleFactory(federation=fed, division="tag")
    crown(title, champions)
    show = show_create(federation=fed)
    b.status, b.suspended_until = "suspended", show.date + dt.timedelta(days=30)
    b.save()
    report = show_autobook(show=show)
    assert not any(m.title_id for m in report)
    assert report.skipped[0].startswith(f"{title}: no defense this week; {champions} cannot field")
    assert f"{b} is suspended on {show.date:%b %-d, %Y}." in report.skipped[0]


# -- feuds ----------------------------------------------------------------------------------------


def test_an_active_feud_gets_its_match(fed, make):
    a, b = make(300), make(200)
    make(900), make(800)
    feud = feud_of(fed, [a], [b], heat=5)
    match = next(m for m in show_autobook(show=show_create(federation=fed)) if m.feud_id)
    assert match.feud == feud
    assert sides_of(match) == [{a}, {b}]
    assert not match.no_disqualification and match.stipulations == {}
    assert match.booking_note.startswith(f"{a} vs {b}: the feud {feud} goes on (heat 5)")


def test_a_hot_enough_feud_gets_its_blowoff_without_disqualification(fed, make):
    a, b = make(300), make(200)
    make(900), make(800)
    heat = booking_config().blowoff_heat
    feud = feud_of(fed, [a], [b], heat=heat)
    match = next(m for m in show_autobook(show=show_create(federation=fed)) if m.feud_id)
    assert match.feud == feud
    assert match.no_disqualification
    assert match.stipulations == {"blowoff": True}
    assert "blowoff" in match.booking_note


def test_a_feud_between_teams_books_a_tag_match(fed, make):
    a, b, c, d = make(300), make(290), make(280), make(270)
    one = team_of(fed, a, b, name="The Lumberjacks")
    two = team_of(fed, c, d, name="Night Shift")
    feud = feud_of(fed, [one], [two], heat=4)
    feud.name = "Lumber Wars"
    feud.save()
    match = next(m for m in show_autobook(show=show_create(federation=fed)) if m.feud_id)
    assert match.feud == feud
    assert match.match_type == MatchType.TAG
    assert sides_of(match) == [{a, b}, {c, d}]
    assert match.booking_note.startswith(
        "The Lumberjacks vs Night Shift: the feud Lumber Wars goes on (heat 4)"
    )


def test_a_feud_the_rules_have_no_match_for_is_skipped_naming_the_system(fed, make, monkeypatch):
    from rules import registry

    a, b, c, d = make(300), make(290), make(280), make(270)
    feud = feud_of(fed, [team_of(fed, a, b)], [team_of(fed, c, d)], heat=4)
    feud.name = "Lumber Wars"
    feud.save()
    engine = registry.systems[fed.rule_system]
    monkeypatch.setattr(engine, "match_types", ("singles",), raising=False)
    report = show_autobook(show=show_create(federation=fed))
    assert not any(m.feud_id for m in report)
    assert (
        f"Feud Lumber Wars: no match this week; the {fed.rule_system} rules have no tag match."
        in report.skipped
    )


def test_a_feud_with_someone_unavailable_is_skipped_with_the_reason(fed, make):
    a, b = make(300), make(200)
    make(250), make(240)
    feud = feud_of(fed, [a], [b])
    show = show_create(federation=fed)
    factories.InjuryFactory(wrestler=b, occurred_on=show.date - dt.timedelta(days=1))
    report = show_autobook(show=show)
    assert not any(m.feud_id for m in report)
    assert report.skipped == [
        autobook.FEUD_UNAVAILABLE.format(
            feud=feud, reasons=f"{b} is injured on {show.date:%b %-d, %Y}."
        )
    ]


def test_a_reason_is_given_once_though_the_feud_names_him_twice(fed, make):
    """A wrestler on a feud's side both by name and through his team: hurt, he is hurt once."""
    a, b, c = make(300), make(200), make(190)
    make(250), make(240)
    team = team_of(fed, b, c)
    feud = feud_of(fed, [a], [b, team])
    show = show_create(federation=fed)
    factories.InjuryFactory(wrestler=b, occurred_on=show.date - dt.timedelta(days=1))
    report = show_autobook(show=show)
    hurt = f"{b} is injured on {show.date:%b %-d, %Y}."
    (skipped,) = [line for line in report.skipped if str(feud) in line]
    assert skipped.count(hurt) == 1, skipped


def test_every_reason_a_feud_cannot_be_booked_is_given_word_for_word(fed, make):
    a, b = make(300, ring_name="Ann Arbor"), make(200, ring_name="Bo Brandt")
    make(250), make(240)
    feud = feud_of(fed, [a], [b])
    feud.name = "Arbor-Brandt"
    feud.save()
    show = show_create(federation=fed, scheduled_at=dt.datetime(2026, 12, 4, 20, tzinfo=dt.UTC))
    factories.InjuryFactory(wrestler=a, occurred_on=show.date - dt.timedelta(days=1))
    factories.InjuryFactory(wrestler=b, occurred_on=show.date - dt.timedelta(days=2))
    report = show_autobook(show=show)
    assert report.skipped == [
        "Feud Arbor-Brandt: no match this week; Ann Arbor is injured on Dec 4, 2026. "
        "Bo Brandt is injured on Dec 4, 2026."
    ]


def test_the_main_event_is_the_match_with_the_highest_stakes(fed, make):
    champion, contender, a, b = make(700), make(650), make(200), make(150)
    title = factories.TitleFactory(federation=fed, rank=2, name="Midcard Title")
    crown(title, champion)
    feud = feud_of(fed, [a], [b], heat=10)  # a boiling blowoff outranks a midcard title
    matches = list(show_autobook(show=show_create(federation=fed)))
    assert matches[-1].feud == feud and matches[-1].is_main_event
    assert "main event" in matches[-1].booking_note
    assert not any(m.is_main_event for m in matches[:-1])
    del contender


def test_the_opener_is_the_strongest_plain_undercard_match(fed, make):
    champion = make(900)
    crown(factories.TitleFactory(federation=fed), champion)
    top, next_, low, lower, lowest, least = (
        make(600),
        make(500),
        make(400),
        make(300),
        make(200),
        make(100),
    )
    matches = list(show_autobook(show=show_create(federation=fed)))
    assert matches[-1].title_id is not None  # the title closes the show
    assert sides_of(matches[0]) == [{next_}, {low}]  # best of the undercard opens it
    assert sides_of(matches[1]) == [{lower}, {lowest}]
    assert len(matches) == 3  # the least is the odd one out
    del top, least


# -- who is booked ------------------------------------------------------------------------------


def test_the_injured_and_the_suspended_and_the_cardless_are_left_off(fed, make):
    hurt, banned, retired, spare = make(900), make(800), make(700, status="retired"), make(100)
    cardless = factories.WrestlerFactory(federation=fed, prestige=950)
    others = [make(300 + i) for i in range(4)]
    show = show_create(federation=fed)
    factories.InjuryFactory(wrestler=hurt, occurred_on=show.date - dt.timedelta(days=1))
    banned.status, banned.suspended_until = "suspended", show.date
    banned.save()
    show_autobook(show=show)
    assert set(everyone_on(show)) == {w.pk for w in others}  # the spare is the odd one out
    del hurt, retired, cardless, spare


def test_nobody_works_twice_and_the_card_size_is_kept(fed, make):
    fed.card_size = 3
    fed.save()
    for prestige in range(100, 1100, 100):
        make(prestige)
    champion = make(2000)
    crown(factories.TitleFactory(federation=fed), champion)
    show = show_create(federation=fed)
    report = show_autobook(show=show)
    assert len(report) == 3
    on_show = everyone_on(show)
    assert len(on_show) == len(set(on_show)) == 6


def test_the_undercard_does_not_pit_teammates_against_each_other(fed, make):
    a, b, c, d = make(400), make(390), make(380), make(370)
    team_of(fed, a, b, kind="stable")
    matches = list(show_autobook(show=show_create(federation=fed)))
    bouts = {frozenset(frozenset(side) for side in sides_of(m)) for m in matches}
    assert bouts == {
        frozenset({frozenset({a}), frozenset({c})}),
        frozenset({frozenset({b}), frozenset({d})}),
    }


def test_last_weeks_bout_is_not_booked_again(fed, make):
    a, b, c, d = make(400), make(390), make(380), make(370)
    completed_show(fed, days_ago=7, bouts=[([[a], [b]], 0, "pin")])
    show = show_create(federation=fed)
    assert last_week_bouts(show=show) == {frozenset({frozenset({a.pk}), frozenset({b.pk})})}
    matches = list(show_autobook(show=show))
    bouts = {frozenset(frozenset(side) for side in sides_of(m)) for m in matches}
    # c and d, idle last week, go first, each against the closest in Prestige (c: b at 390 and
    # d at 370 are as close; the higher goes first), and a does not meet b again.
    assert bouts == {
        frozenset({frozenset({c}), frozenset({b})}),
        frozenset({frozenset({d}), frozenset({a})}),
    }


def test_last_weeks_bout_is_booked_again_when_a_feud_asks_for_it(fed, make):
    a, b = make(400), make(390)
    make(380), make(370)
    completed_show(fed, days_ago=7, bouts=[([[a], [b]], 0, "pin")])
    feud = feud_of(fed, [a], [b], heat=6)
    matches = list(show_autobook(show=show_create(federation=fed)))
    rematch = next(m for m in matches if m.feud_id)
    assert rematch.feud == feud and sides_of(rematch) == [{a}, {b}]


def test_a_title_rematch_from_last_week_goes_to_the_next_contender(fed, make):
    champion, first, second = make(700), make(600), make(500)
    crown(factories.TitleFactory(federation=fed, name="Belt"), champion)
    completed_show(fed, days_ago=7, bouts=[([[champion], [first]], 0, "pin")])
    match = next(m for m in show_autobook(show=show_create(federation=fed)) if m.title_id)
    assert sides_of(match) == [{champion}, {second}]
    assert f"passed over, too soon for a rematch: {first}" in match.booking_note


def test_a_champion_is_not_challenged_by_his_own_stablemate(fed, make):
    champion, partner, outsider = make(700), make(650), make(500)
    team_of(fed, champion, partner, kind="stable")
    crown(factories.TitleFactory(federation=fed, name="Belt"), champion)
    match = next(m for m in show_autobook(show=show_create(federation=fed)) if m.title_id)
    assert sides_of(match) == [{champion}, {outsider}]
    assert match.booking_note.startswith(
        f"Belt: {champion} defends against the top contender {outsider} (contention 500); "
        f"passed over, the champion's own partners: {partner};"
    )


def test_a_stablemate_challenges_over_a_feud_or_when_nobody_else_is_free(fed, make):
    champion, partner = make(700), make(650)
    team_of(fed, champion, partner, kind="stable")
    crown(factories.TitleFactory(federation=fed, name="Belt"), champion)
    match = next(m for m in show_autobook(show=show_create(federation=fed)) if m.title_id)
    assert sides_of(match) == [{champion}, {partner}]
    assert match.booking_note.startswith(
        f"Belt: {champion} defends against the top contender {partner} (contention 650); "
        "his own partner, as no other contender is free;"
    )
    make(500)
    feud_of(fed, [champion], [partner])
    show = show_create(federation=fed, scheduled_at=match.show.scheduled_at + dt.timedelta(days=7))
    match = next(m for m in show_autobook(show=show) if m.title_id)
    assert sides_of(match) == [{champion}, {partner}] and match.feud is not None


# -- determinism and all-or-nothing ---------------------------------------------------------------


def test_the_same_database_state_gives_the_same_card(fed, make):
    for prestige in (500, 480, 470, 460, 450, 440, 430, 420):
        make(prestige)
    wrestlers = list(fed.wrestlers.order_by("pk"))
    feud_of(fed, [wrestlers[6]], [wrestlers[7]], heat=3, status="cooling")
    config = dataclasses.replace(booking_config(), feud_match_chance={"cooling": 0.5})
    show = show_create(federation=fed, seed=1234)
    first = card(show_autobook(show=show, config=config))
    Match.objects.filter(show=show).delete()
    assert card(show_autobook(show=show, config=config)) == first


def test_nothing_is_booked_when_one_booking_fails(fed, make, monkeypatch):
    for prestige in (500, 480, 470, 460, 450, 440):
        make(prestige)
    calls = []

    def flaky(**kwargs):
        calls.append(kwargs)
        if len(calls) == 3:
            raise BookingError(["The ring collapsed."])
        return match_book(**kwargs)

    monkeypatch.setattr(autobook, "match_book", flaky)
    show = show_create(federation=fed)
    with pytest.raises(BookingError, match="The ring collapsed"):
        show_autobook(show=show)
    show.refresh_from_db()
    assert show.status == ShowStatus.DRAFT
    assert not show.matches.exists() and not show.appearances.exists()


def test_refused_when_the_wrestlers_have_no_cards_for_the_rules_saying_so(fed, make):
    make(500)  # one with a card
    factories.WrestlerFactory.create_batch(2, federation=fed)  # two without
    show = show_create(federation=fed)
    with pytest.raises(BookingError) as caught:
        show_autobook(show=show)
    assert caught.value.reasons[-1] == (
        f"Nothing could be booked on {show}: 3 wrestlers can work that night, but only one of "
        "them has a Filsinger card game card, and its matches are wrestled under those rules. "
        "Give them cards (a wrestler's page, or import_cards)."
    )


def test_refused_when_nobody_can_be_booked(fed, make):
    make(500)
    show = show_create(federation=fed)
    with pytest.raises(BookingError) as caught:
        show_autobook(show=show)
    assert caught.value.reasons[-1] == autobook.NOTHING_BOOKED.format(show=show)


def test_refused_on_a_show_that_has_run_or_already_has_matches(fed, make):
    a, b = make(), make()
    show = show_create(federation=fed)
    match_book(show=show, sides=[[a], [b]])
    with pytest.raises(BookingError) as caught:
        show_autobook(show=show)
    assert caught.value.reasons == [autobook.CARD_NOT_EMPTY.format(show=show)]
    show.refresh_from_db()
    show.status = ShowStatus.COMPLETED
    show.save(update_fields=["status"])
    with pytest.raises(BookingError) as caught:
        show_autobook(show=show)
    assert caught.value.reasons == [SHOW_HAS_RUN.format(show=show, status="completed")]


# -- selectors and weights ------------------------------------------------------------------------


def test_contenders_are_the_available_wrestlers_best_prestige_first(fed, make):
    low, high, hurt = make(100), make(500), make(900)
    make(400, status="retired")
    factories.WrestlerFactory(federation=fed, prestige=950)  # no card
    on = dt.date(2026, 12, 4)
    factories.InjuryFactory(wrestler=hurt, occurred_on=on - dt.timedelta(days=1))
    found = contenders(federation=fed, division=Division.SINGLES, on=on)
    assert found == [high, low]
    assert contenders(federation=fed, division=Division.SINGLES, on=on, exclude=[high.pk]) == [low]


def test_team_contenders_need_two_available_members(fed, make):
    a, b, c, d = make(500), make(400), make(300), make(200)
    full, short = team_of(fed, a, b), team_of(fed, c, d)
    on = dt.date(2026, 12, 4)
    factories.InjuryFactory(wrestler=d, occurred_on=on - dt.timedelta(days=1))
    found = team_contenders(federation=fed, on=on)
    assert [(c.team, c.members) for c in found] == [(full, (a, b))]
    assert contenders(federation=fed, division=Division.TAG, on=on) == found
    del short


def test_the_shipped_weights_load_and_a_bad_file_is_named():
    config = booking_config()
    assert config.result_points["disqualification"] < config.result_points["pin"]
    with pytest.raises(BookingConfigError, match=r"feuds.blowoff_heat: heat runs from 0 to 10"):
        booking_config_load(
            weights.resources.files("matches")
            .joinpath(weights.CONFIG_FILE)
            .read_text()
            .replace("blowoff_heat: 8", "blowoff_heat: 11")
        )
    with pytest.raises(BookingConfigError, match=r"contention.result_points.pin"):
        booking_config_load(
            "contention: {recent_shows: 2, result_points: {pin: many}, loss_points: 0,"
            " draw_points: 0}"
        )
    with pytest.raises(BookingConfigError, match="invalid"):
        booking_config_load("contention: [unclosed")


# -- the command and the admin --------------------------------------------------------------------


def test_book_show_creates_books_prints_and_schedules(copperline):
    out = io.StringIO()
    call_command("book_show", "copperline", "--auto", "--schedule", stdout=out)
    show = copperline.shows.get()
    assert show.status == ShowStatus.SCHEDULED
    text = out.getvalue()
    for match in show.matches.all():
        assert match.booking_note in text


def test_book_show_uses_the_latest_unfinished_show_and_the_given_time(copperline):
    call_command(
        "book_show", "copperline", "--at", "2027-01-08T20:00:00-06:00", stdout=io.StringIO()
    )
    show = copperline.shows.get()
    assert show.status == ShowStatus.DRAFT
    assert show.scheduled_at == dt.datetime(2027, 1, 9, 2, 0, tzinfo=dt.UTC)
    call_command("book_show", "copperline", "--auto", stdout=io.StringIO())
    assert copperline.shows.count() == 1
    assert copperline.shows.get().matches.count() == copperline.card_size


def test_book_show_gives_every_reason_on_refusal(fed, make):
    make(500)
    with pytest.raises(CommandError, match="Nothing could be booked"):
        call_command("book_show", fed.slug, "--auto", stdout=io.StringIO())
    with pytest.raises(CommandError, match="only a booked show can be scheduled"):
        call_command("book_show", fed.slug, "--schedule", stdout=io.StringIO())
    with pytest.raises(CommandError, match="No federation"):
        call_command("book_show", "nowhere", stdout=io.StringIO())


def test_the_admin_actions_autobook_and_schedule(admin_client, copperline):
    show = show_create(federation=copperline)
    url = "/admin/matches/show/"
    response = admin_client.post(
        url, {"action": "autobook", "_selected_action": [show.pk]}, follow=True
    )
    assert response.status_code == 200
    assert show.matches.count() == copperline.card_size
    admin_client.post(url, {"action": "schedule", "_selected_action": [show.pk]}, follow=True)
    show.refresh_from_db()
    assert show.status == ShowStatus.SCHEDULED
    response = admin_client.post(
        url, {"action": "autobook", "_selected_action": [show.pk]}, follow=True
    )
    messages = [str(m) for m in response.context["messages"]]
    assert autobook.CARD_NOT_EMPTY.format(show=show) in messages


def test_refused_when_the_rule_system_cannot_simulate_yet(fed, make, monkeypatch):
    from matches.booking import NO_ENGINE
    from rules import registry

    missing = ["arm"]
    monkeypatch.delitem(registry.systems, "arm")  # as before its engine landed
    fed.rule_system = missing[0]
    fed.save()
    make(card=missing[0]), make(card=missing[0])
    with pytest.raises(BookingError) as caught:
        show_autobook(show=show_create(federation=fed))
    assert caught.value.reasons == [NO_ENGINE.format(system=fed.rule_system)]


def test_a_tag_title_rematch_from_last_week_is_not_booked_without_a_feud(fed, make):
    a, b, c, d = make(500), make(480), make(450), make(440)
    champions, challengers = team_of(fed, a, b), team_of(fed, c, d)
    title = factories.TitleFactory(federation=fed, division="tag")
    crown(title, champions)
    completed_show(fed, days_ago=7, bouts=[([[a, b], [c, d]], 0, "pin")])
    report = show_autobook(show=show_create(federation=fed))
    assert not any(m.title_id for m in report)
    assert (
        autobook.NO_CHALLENGER_BUT_REMATCH.format(
            title=title, champion=champions, names=challengers.name
        )
        in report.skipped
    )
    assert len(report) == 2  # the four wrestle on the undercard instead


# -- variety over weeks ---------------------------------------------------------------------------


def _bout_keys(matches):
    return {frozenset(frozenset(side) for side in sides_of(m)): m for m in matches}


@pytest.mark.django_db(transaction=True)
def test_a_sample_season_varies_its_cards(in_process):
    """Twelve weeks of the sample: no plain pairing more than twice, everyone fit works, feuds
    rest between their matches and end in a blowoff by their third."""
    from collections import Counter

    call_command("load_sample_federation", verbosity=0)
    call_command(
        "simulate_season",
        "copperline",
        weeks=12,
        seed=1,
        start=dt.date(2026, 9, 4),
        no_progress=True,
        stdout=io.StringIO(),
    )
    federation = Federation.objects.get(slug="copperline")
    matches = list(
        Match.objects.filter(show__federation=federation)
        .select_related("show")
        .prefetch_related("participants__wrestler")
        .order_by("show__number", "position")
    )
    plain = Counter(
        frozenset(frozenset(side) for side in sides_of(m))
        for m in matches
        if m.title_id is None and m.feud_id is None
    )
    assert max(plain.values()) <= 2, plain.most_common(3)
    worked = {p.wrestler_id for m in matches for p in m.participants.all()}
    assert (
        set(federation.wrestlers.exclude(status="retired").values_list("pk", flat=True)) <= worked
    )
    by_feud: dict[int, list[int]] = {}
    for m in matches:
        if m.feud_id:
            by_feud.setdefault(m.feud_id, []).append(m.show.number)
    for feud_id, numbers in by_feud.items():
        assert all(b - a >= 2 for a, b in itertools.pairwise(numbers)), numbers
        assert len(numbers) <= 3
        blowoffs = [m for m in matches if m.feud_id == feud_id and m.stipulations.get("blowoff")]
        if len(numbers) == 3:
            assert blowoffs and blowoffs[0].show.number == numbers[2]


def test_a_feud_rests_a_week_after_its_match(fed, make):
    a, b = make(400), make(390)
    make(300), make(290)
    feud = feud_of(fed, [a], [b], heat=3, status="building")
    last = completed_show(fed, days_ago=7, bouts=[([[a], [b]], 0, "pin")])
    Match.objects.filter(show=last).update(feud=feud)
    report = show_autobook(show=show_create(federation=fed))
    assert not any(m.feud_id for m in report)
    assert autobook.FEUD_RESTING.format(feud=feud, ago="last week") in report.skipped


def test_a_feuds_third_match_is_its_blowoff_whatever_its_heat(fed, make):
    a, b, c, d = make(400), make(390), make(300), make(290)
    feud = feud_of(fed, [a], [b], heat=3, status="building")
    for days_ago in (21, 14):
        show = completed_show(fed, days_ago=days_ago, bouts=[([[a], [b]], 0, "pin")])
        Match.objects.filter(show=show).update(feud=feud)
    completed_show(fed, days_ago=7, bouts=[([[a], [c]], 0, "pin"), ([[b], [d]], 0, "pin")])
    third = next(m for m in show_autobook(show=show_create(federation=fed)) if m.feud_id)
    assert third.stipulations == {"blowoff": True} and third.no_disqualification
    assert "blowoff" in third.booking_note
    assert feud.heat < booking_config().blowoff_heat  # the count, not the heat, made it


def test_idle_wrestlers_are_booked_first(fed, make):
    fed.card_size = 1
    fed.save()
    top, second, low, lower = make(900), make(800), make(100), make(0)
    completed_show(fed, days_ago=7, bouts=[([[top], [second]], 0, "pin")])
    completed_show(fed, days_ago=14, bouts=[([[top], [second]], 1, "pin")])
    [match] = show_autobook(show=show_create(federation=fed))
    assert {w for side in sides_of(match) for w in side} == {low, lower}
    assert f"{low} and {lower} have yet to wrestle here" in match.booking_note


def test_a_title_bout_waits_two_shows_before_a_rematch(fed, make):
    champion, first, second = make(700), make(600), make(500)
    crown(factories.TitleFactory(federation=fed, name="Belt"), champion)
    completed_show(fed, days_ago=7, bouts=[([[champion], [second]], 0, "pin")])
    completed_show(fed, days_ago=14, bouts=[([[champion], [first]], 0, "pin")])
    report = show_autobook(show=show_create(federation=fed))
    assert not any(m.title_id for m in report)
    title = fed.titles.get()
    assert (
        autobook.NO_CHALLENGER_BUT_REMATCH.format(
            title=title, champion=champion, names=f"{first} and {second}"
        )
        in report.skipped
    )


# -- titles wrestled under another rule system -------------------------------------------------


def test_a_title_is_booked_under_its_own_rule_system(copperline):
    show = show_create(federation=copperline)
    report = show_autobook(show=show)
    systems = {m.title.slug: m.rule_system for m in report if m.title_id}
    assert systems.get("frontier-championship", "arm") == "arm"
    assert systems.get("tag-team-championship", "superstar") == "superstar"
    assert systems.get("world-heavyweight-championship", "filsinger") == "filsinger"
    assert {"arm", "superstar"} & set(systems.values())
    arm = next((m for m in report if m.rule_system == "arm"), None)
    if arm is not None:
        assert arm.rule_options == []  # the federation's options are Filsinger's
        assert "wrestled under ARM (RingMaster) rules" in arm.booking_note


def test_a_champion_without_a_card_for_the_titles_system_does_not_defend(fed, make):
    champion, challenger = make(700), make(600)
    make(500), make(400)
    title = factories.TitleFactory(federation=fed, name="Iron Belt", rule_system="arm")
    crown(title, champion)
    factories.WrestlerCardFactory(wrestler=challenger, system="arm", data={})
    report = show_autobook(show=show_create(federation=fed))
    assert not any(m.title_id for m in report)
    assert (
        autobook.CHAMPION_OUT.format(title=title, reasons=f"{champion} has no arm card.")
        in report.skipped
    )


def test_a_vacant_title_is_booked_between_the_top_two_with_the_note_saying_so(fed, make):
    first, second, _third = make(600), make(500), make(100)
    title = factories.TitleFactory(federation=fed, name="Vacant Belt")
    match = next(m for m in show_autobook(show=show_create(federation=fed)) if m.title_id)
    assert match.booking_note.startswith(
        f"Vacant Belt (vacant): the top contenders {first} and {second} meet for it"
    )
    assert match.title == title


def test_a_vacant_tag_title_goes_to_the_top_two_tag_teams(fed, make):
    a, b, c, d, e, f = make(500), make(480), make(450), make(440), make(100), make(90)
    best = team_of(fed, a, b, name="The Best")
    next_best = team_of(fed, c, d, name="The Next Best")
    team_of(fed, e, f, name="The Rest")
    title = factories.TitleFactory(federation=fed, division="tag", name="Tag Titles")
    match = next(m for m in show_autobook(show=show_create(federation=fed)) if m.title_id)
    assert (match.title, match.match_type) == (title, MatchType.TAG)
    assert sides_of(match) == [{a, b}, {c, d}]
    assert {p.team for p in match.participants.all()} == {best, next_best}
    assert match.booking_note.startswith(
        "Tag Titles (vacant): the top contenders The Best and The Next Best meet for it"
    )


def test_a_feuds_second_match_is_not_yet_its_blowoff(fed, make):
    a, b, c, d = make(400), make(390), make(300), make(290)
    feud = feud_of(fed, [a], [b], heat=3, status="building")
    show = completed_show(fed, days_ago=14, bouts=[([[a], [b]], 0, "pin")])
    Match.objects.filter(show=show).update(feud=feud)
    completed_show(fed, days_ago=7, bouts=[([[a], [c]], 0, "pin"), ([[b], [d]], 0, "pin")])
    second = next(m for m in show_autobook(show=show_create(federation=fed)) if m.feud_id)
    assert second.stipulations == {} and not second.no_disqualification


@pytest.mark.parametrize("champion_side", [0, 1])
def test_a_title_defense_between_feuding_wrestlers_settles_their_feud(fed, make, champion_side):
    champion, rival = make(700), make(600)
    make(100), make(90)
    crown(factories.TitleFactory(federation=fed, name="Belt"), champion)
    sides = [[champion], [rival]] if champion_side == 0 else [[rival], [champion]]
    feud = feud_of(fed, *sides, heat=4, status="building")
    match = next(m for m in show_autobook(show=show_create(federation=fed)) if m.title_id)
    assert sides_of(match) == [{champion}, {rival}]
    assert match.feud == feud
    assert "; it is also their feud (heat 4)" in match.booking_note


@pytest.mark.parametrize(("met_shows_ago", "paired_again"), [(6, False), (7, True)])
def test_an_undercard_pairing_is_avoided_for_six_shows(fed, make, met_shows_ago, paired_again):
    """variety.rematch_shows (6): a pairing that met on one of the last six shows waits while
    someone fresher is free; from the seventh show back it may come again."""
    fed.card_size = 1
    fed.save()
    top, close, other = make(500), make(490), make(100)
    filler = [make(0, status="retired") for _ in range(2)]
    for shows_ago in range(1, 8):
        if shows_ago == met_shows_ago:  # all three last worked that night
            bouts = [([[top], [close]], 0, "pin"), ([[other], [filler[0]]], 0, "pin")]
        else:
            bouts = [([[filler[0]], [filler[1]]], 0, "pin")]
        completed_show(fed, days_ago=7 * shows_ago, bouts=bouts)
    [match] = show_autobook(show=show_create(federation=fed))
    assert sides_of(match) == ([{top}, {close}] if paired_again else [{top}, {other}])


def test_no_more_feud_matches_than_the_weights_allow(fed, make):
    wrestlers = [make(500 - 10 * i) for i in range(6)]
    for a, b in zip(wrestlers[::2], wrestlers[1::2], strict=True):
        feud_of(fed, [a], [b], heat=5, status="building")
    report = show_autobook(show=show_create(federation=fed))
    assert sum(1 for m in report if m.feud_id) == booking_config().feud_max_per_show == 2


def test_a_booking_note_is_clipped_only_beyond_its_column():
    limit = Match._meta.get_field("booking_note").max_length
    assert autobook._clip("x" * limit) == "x" * limit
    assert autobook._clip("x" * (limit + 1)) == "x" * (limit - 1) + "…"


def test_a_tag_title_goes_to_the_next_team_when_the_best_just_had_their_shot(fed, make):
    a, b, c, d, e, f = make(500), make(480), make(450), make(440), make(300), make(290)
    champions = team_of(fed, a, b, name="The Champs")
    team_of(fed, c, d, name="The Contenders")
    team_of(fed, e, f, name="The Hopefuls")
    title = factories.TitleFactory(federation=fed, division="tag", name="Tag Titles")
    crown(title, champions)
    last_week = completed_show(fed, days_ago=7, bouts=[([[a, b], [c, d]], 0, "pin")])
    Match.objects.filter(show=last_week).update(title=title)
    match = next(m for m in show_autobook(show=show_create(federation=fed)) if m.title_id)
    assert sides_of(match) == [{a, b}, {e, f}]
    assert "; passed over, too soon for a rematch: The Contenders" in match.booking_note


# -- the undercard's notes, word for word ---------------------------------------------------


def test_a_lone_pairing_is_the_main_event_and_its_note_says_so(fed, make):
    """Two wrestlers, one match: labelled the main event, its note does not call it the
    undercard nor speak of stakes it has not got."""
    make(500, ring_name="Alpha")
    make(450, ring_name="Beta")
    [match] = show_autobook(show=show_create(federation=fed))
    assert match.is_main_event
    assert match.booking_note == (
        "Main event: Alpha vs Beta, the nearest in Prestige still free (500 and 450); "
        "Alpha and Beta have yet to wrestle here; the only match on the card"
    )


def test_a_card_of_plain_pairings_says_why_its_main_event_closes_it(fed, make):
    fed.card_size = 2
    fed.save()
    for prestige, name in ((500, "Alpha"), (450, "Beta"), (300, "Gamma"), (250, "Delta")):
        make(prestige, ring_name=name)
    first, main = show_autobook(show=show_create(federation=fed))
    assert (first.is_main_event, main.is_main_event) == (False, True)
    assert first.booking_note == (
        "Undercard: Gamma vs Delta, the nearest in Prestige still free (300 and 250); "
        "Gamma and Delta have yet to wrestle here"
    )
    assert main.booking_note == (
        "Main event: Alpha vs Beta, the nearest in Prestige still free (500 and 450); "
        "Alpha and Beta have yet to wrestle here; no title or feud on the card, so the "
        "strongest pairing closes the show (contention 950)"
    )


def test_the_undercard_note_names_the_pair_their_prestige_and_their_debuts(fed, make):
    fed.card_size = 1
    fed.save()
    top = make(900, ring_name="Top Man")
    second = make(800, ring_name="Second Man")
    make(100, ring_name="Low Man")
    make(40, ring_name="Lower Man")
    completed_show(fed, days_ago=7, bouts=[([[top], [second]], 0, "pin")])
    completed_show(fed, days_ago=14, bouts=[([[top], [second]], 1, "pin")])
    report = show_autobook(show=show_create(federation=fed))
    [match] = report.matches
    assert match.booking_note == (
        "Main event: Low Man vs Lower Man, the nearest in Prestige still free (100 and 40); "
        "Low Man and Lower Man have yet to wrestle here; "
        "the only match on the card"
    )
    assert report.skipped == []  # the undercard stops once the card is full


def test_the_undercard_note_tells_a_long_wait_from_a_debut(fed, make):
    fed.card_size = 1
    fed.save()
    top, second = make(900, ring_name="Top Man"), make(800, ring_name="Second Man")
    low, lower = make(100, ring_name="Low Man"), make(40, ring_name="Lower Man")
    other = make(500, ring_name="Other Man")
    completed_show(fed, days_ago=21, bouts=[([[low], [other]], 0, "pin")])
    completed_show(fed, days_ago=14, bouts=[([[top], [second]], 1, "pin")])
    completed_show(fed, days_ago=7, bouts=[([[top], [second]], 0, "pin")])
    [match] = show_autobook(show=show_create(federation=fed))
    assert sides_of(match) == [{lower}, {low}]  # the new signing first
    assert match.booking_note == (
        "Main event: Lower Man vs Low Man, the nearest in Prestige still free (40 and 100); "
        "Low Man had not wrestled for 3 weeks; Lower Man has yet to wrestle here; "
        "the only match on the card"
    )


def test_an_undercard_rematch_when_nobody_fresher_is_free_says_when_they_met(fed, make):
    fed.card_size = 1
    fed.save()
    a = make(500, ring_name="Alpha")
    b = make(450, ring_name="Beta")
    completed_show(fed, days_ago=14, bouts=[([[a], [b]], 0, "pin")])
    completed_show(fed, days_ago=7, bouts=[])  # an empty show: they met two shows back
    [match] = show_autobook(show=show_create(federation=fed))
    assert match.booking_note == (
        "Main event: Alpha vs Beta, the nearest in Prestige still free (500 and 450); "
        "Alpha and Beta had not wrestled for 2 weeks; "
        "they met 2 weeks ago (nobody fresher was free); "
        "the only match on the card"
    )


def test_a_vacant_title_goes_to_the_best_two_not_already_on_the_card(fed, make):
    champion, contender = make(900, ring_name="Champ"), make(800, ring_name="Chaser")
    third, fourth = make(600, ring_name="Third"), make(500, ring_name="Fourth")
    make(100)
    world = factories.TitleFactory(federation=fed, name="World", rank=1)
    crown(world, champion)
    vacant = factories.TitleFactory(federation=fed, name="Vacant Belt", rank=2)
    report = show_autobook(show=show_create(federation=fed))
    by_title = {m.title_id: sides_of(m) for m in report if m.title_id}
    assert by_title == {world.pk: [{champion}, {contender}], vacant.pk: [{third}, {fourth}]}


def test_a_wrestler_without_a_card_for_the_federations_system_is_never_booked(fed, make):
    star = make(990, ring_name="Cardless Star", card="superstar")  # a card, but another system's
    rest = [make(500 - 10 * i) for i in range(4)]
    title = factories.TitleFactory(federation=fed, name="Vacant Belt")
    report = show_autobook(show=show_create(federation=fed))
    booked = {w for m in report for side in sides_of(m) for w in side}
    assert star not in booked and booked == set(rest)
    title_match = next(m for m in report if m.title_id == title.pk)
    assert sides_of(title_match) == [{rest[0]}, {rest[1]}]


def test_a_feud_with_no_room_left_on_the_card_is_reported_left_off(fed, make):
    fed.card_size = 1
    fed.save()
    champion, contender = make(900, ring_name="Champ"), make(800, ring_name="Chaser")
    a, b = make(300, ring_name="Ann Arbor"), make(200, ring_name="Bo Brandt")
    crown(factories.TitleFactory(federation=fed, name="World", rank=1), champion)
    feud = feud_of(fed, [a], [b], heat=9)
    feud.name = "Arbor-Brandt"
    feud.save()
    report = show_autobook(show=show_create(federation=fed))
    assert [sides_of(m) for m in report] == [[{champion}, {contender}]]
    assert "Feud Arbor-Brandt: left off; the card is full (1 matches)." in report.skipped


def test_the_undercard_note_gives_each_idle_man_his_own_wait(fed, make):
    fed.card_size = 1
    fed.save()
    top, second = make(900, ring_name="Top Man"), make(800, ring_name="Second Man")
    low, lower = make(100, ring_name="Low Man"), make(90, ring_name="Lower Man")
    other, another = make(500, ring_name="Other Man"), make(480, ring_name="Another Man")
    completed_show(fed, days_ago=21, bouts=[([[low], [other]], 0, "pin")])
    completed_show(fed, days_ago=14, bouts=[([[lower], [another]], 0, "pin")])
    completed_show(fed, days_ago=7, bouts=[([[top], [second]], 0, "pin")])
    [match] = show_autobook(show=show_create(federation=fed))
    assert match.booking_note == (
        "Main event: Other Man vs Another Man, the nearest in Prestige still free (500 and 480); "
        "Other Man had not wrestled for 3 weeks and Another Man for 2 weeks; "
        "the only match on the card"
    )


def test_a_feud_whose_man_it_put_in_a_title_match_says_so(fed, make):
    """The card was empty: a champion the auto-booker has just put in his title defence is in
    that match, not 'already on' a card the booker never filled."""
    champion, _challenger, rival = make(700), make(500), make(400)
    make(300)
    title = factories.TitleFactory(federation=fed, name="World Title")
    crown(title, champion)
    feud = feud_of(fed, [champion], [rival])
    show = show_create(federation=fed)
    report = show_autobook(show=show)
    assert any(m.title_id for m in report)
    assert (
        autobook.FEUD_UNAVAILABLE.format(
            feud=feud, reasons=autobook.PLANNED_ALREADY.format(wrestler=champion)
        )
        in report.skipped
    )
    assert not any("already on" in line for line in report.skipped)
