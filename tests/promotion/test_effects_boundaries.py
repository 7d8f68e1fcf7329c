"""The roster between weeks, on both sides of each boundary: a suspension ending on the show's
date, an injury dated the show's day or the day after, an injured champion expected back exactly
at the federation's horizon, ARM points healed by the STA bonus, a wrestler's figures at zero."""

from __future__ import annotations

import copy
import datetime as dt

import pytest
from django.utils import timezone

from promotion.effects import Bout, RosterBook
from promotion.models import FeudStatus, ReignEnd, WrestlerStatus
from tests import factories

pytestmark = pytest.mark.django_db

ON = dt.date(2026, 12, 4)
DAY = dt.timedelta(days=1)


def run(federation, *bouts):
    show = factories.ShowFactory(federation=federation)
    book = RosterBook(federation=federation, show=show, on=ON, at=timezone.now())
    for bout in bouts:
        book.match_start(bout)
        book.apply(bout)
    book.end_of_show()
    book.flush()
    return book


def singles(federation, a, b, *, winner=0, method="pin", title=None, **extra):
    match = factories.MatchFactory(show__federation=federation, title=title)
    return Bout(
        match=match,
        sides=((a.pk,), (b.pk,)),
        teams=(None, None),
        keys={a.slug: a.pk, b.slug: b.pk},
        winner=winner,
        method=method,
        title_id=title.pk if title else None,
        **extra,
    )


def reload(row):
    row.refresh_from_db()
    return row


@pytest.mark.parametrize(
    ("until", "status"),
    [(ON - DAY, WrestlerStatus.ACTIVE), (ON, WrestlerStatus.SUSPENDED), (None, "suspended")],
)
def test_a_suspension_is_lifted_after_its_last_day_only(federation, until, status):
    wrestler = factories.WrestlerFactory(
        federation=federation, status=WrestlerStatus.SUSPENDED, suspended_until=until
    )
    run(federation)
    wrestler = reload(wrestler)
    assert wrestler.status == status
    assert wrestler.suspended_until == (None if status == WrestlerStatus.ACTIVE else until)


@pytest.mark.parametrize(("occurred", "remaining"), [(ON, 1), (ON + DAY, 2)])
def test_a_fight_card_injury_heals_a_step_on_a_show_on_or_after_its_date(
    federation, occurred, remaining
):
    injury = factories.InjuryFactory(
        wrestler__federation=federation,
        occurred_on=occurred,
        fight_cards_remaining=2,
        keeps_off_cards=False,
    )
    run(federation)
    assert reload(injury).fight_cards_remaining == remaining
    assert injury.healed_on is None


def test_the_last_fight_card_heals_the_injury_that_day(federation):
    injury = factories.InjuryFactory(
        wrestler__federation=federation, occurred_on=ON - DAY, fight_cards_remaining=1
    )
    run(federation)
    injury = reload(injury)
    assert (injury.fight_cards_remaining, injury.healed_on) == (0, ON)


@pytest.mark.parametrize(
    ("sta", "points", "left"), [(10, 3, 2), (11, 3, 1), (14, 3, 0), (20, 7, 2)]
)
def test_arm_injury_points_heal_by_the_sta_bonus(federation, sta, points, left):
    wrestler = factories.WrestlerFactory(federation=federation, status=WrestlerStatus.INJURED)
    factories.WrestlerCardFactory(
        wrestler=wrestler, system="arm", data={"system": "arm", "attributes": {"STA": sta}}
    )
    injury = factories.InjuryFactory(wrestler=wrestler, occurred_on=ON - 7 * DAY, points=points)
    run(federation)
    injury = reload(injury)
    assert injury.points == left
    assert injury.healed_on == (ON if left == 0 else None)
    assert reload(wrestler).status == (
        WrestlerStatus.ACTIVE if left == 0 else WrestlerStatus.INJURED
    )


@pytest.mark.parametrize(("back", "healed"), [(ON, True), (ON + DAY, False)])
def test_an_injury_without_a_count_heals_on_its_expected_return(federation, back, healed):
    injury = factories.InjuryFactory(
        wrestler__federation=federation, occurred_on=ON - 7 * DAY, expected_return=back
    )
    run(federation)
    assert (reload(injury).healed_on == ON) is healed


@pytest.mark.parametrize(
    ("cards", "vacated"),
    [(4, False), (5, True)],  # four weeks' horizon: back in 4 weeks or 5
)
def test_an_injured_champion_is_stripped_only_when_expected_back_beyond_the_horizon(
    federation, cards, vacated
):
    federation.vacate_injured_champion_after_weeks = 4
    federation.save()
    title = factories.TitleFactory(federation=federation)
    champion, challenger = factories.WrestlerFactory.create_batch(2, federation=federation)
    reign = factories.TitleReignFactory(title=title, holder_wrestler=champion, number=1)
    injury = {
        "key": champion.slug,
        "fight_cards": cards,
        "keeps_off_cards": True,
        "source": "match",
    }
    run(
        federation,
        singles(federation, champion, challenger, title=title, effects={"injuries": [injury]}),
    )
    reign = reload(reign)
    assert (reign.end_reason == ReignEnd.VACATED_INJURY) is vacated
    assert (reign.ended_on == ON) is vacated
    assert champion.injuries.get().expected_return == ON + cards * 7 * DAY


def test_without_the_setting_an_injured_champion_keeps_his_title(federation):
    title = factories.TitleFactory(federation=federation)
    champion, challenger = factories.WrestlerFactory.create_batch(2, federation=federation)
    reign = factories.TitleReignFactory(title=title, holder_wrestler=champion, number=1)
    injury = {"key": champion.slug, "fight_cards": 50, "keeps_off_cards": True}
    run(
        federation,
        singles(federation, champion, challenger, title=title, effects={"injuries": [injury]}),
    )
    assert reload(reign).ended_on is None


def test_a_retired_champions_title_is_vacated(federation):
    title = factories.TitleFactory(federation=federation)
    champion = factories.WrestlerFactory(federation=federation, status=WrestlerStatus.RETIRED)
    reign = factories.TitleReignFactory(title=title, holder_wrestler=champion, number=1)
    run(federation)
    reign = reload(reign)
    assert (reign.end_reason, reign.ended_on) == (ReignEnd.RETIRED, ON)


def test_an_arm_injury_of_points_is_expected_back_in_the_weeks_the_sta_bonus_takes(federation):
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation)
    factories.WrestlerCardFactory(
        wrestler=b, system="arm", data={"system": "arm", "attributes": {"STA": 14}}
    )
    injury = {"key": b.slug, "points": 7, "source": "arm_injury", "keeps_off_cards": True}
    run(federation, singles(federation, a, b, effects={"injuries": [injury]}))
    made = b.injuries.get()
    # STA 14 heals 3 points a week off: 7 points take 3 weeks, back the day after the third
    assert made.expected_return == ON + 22 * DAY
    assert made.points == 7  # it happened on this show: it starts healing with the next one
    assert reload(b).status == WrestlerStatus.INJURED


def test_a_wrestler_hurt_but_able_to_go_on_stays_active(federation):
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation)
    injury = {"key": b.slug, "fight_cards": 2, "source": "feud_table"}
    run(federation, singles(federation, a, b, effects={"injuries": [injury]}))
    assert reload(b).status == WrestlerStatus.ACTIVE
    assert b.injuries.get().keeps_off_cards is False


def test_fame_and_edge_never_fall_below_zero(federation):
    a, b = factories.WrestlerFactory.create_batch(
        2, federation=federation, fame=1, edge=0, prestige=0, heat=0
    )
    standing = [
        {"key": a.slug, "attribute": "fame", "delta": -50, "reason": "Booed out of the building"},
        {"key": a.slug, "attribute": "edge", "delta": -5, "reason": "Spent"},
        {"key": a.slug, "attribute": "heat", "delta": -5, "reason": "Cooled"},
        {"key": a.slug, "attribute": "prestige", "delta": -50, "reason": "Disgraced"},
    ]
    run(federation, singles(federation, a, b, effects={"standing": standing}))
    a = reload(a)
    assert (a.fame, a.edge, a.heat, a.prestige) == (0, 0, 0, 10 - 50)
    assert a.standing_changes.get(reason="Booed out of the building").delta == -(1 + 2 + 6)


def test_a_standing_effect_of_an_unknown_attribute_or_wrestler_is_ignored(federation):
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation, prestige=0)
    standing = [
        {"key": a.slug, "attribute": "charisma", "delta": 5, "reason": "?"},
        {"key": "nobody", "attribute": "fame", "delta": 5, "reason": "?"},
        {"key": a.slug, "attribute": "prestige", "delta": 2},
    ]
    run(federation, singles(federation, a, b, effects={"standing": standing}))
    assert a.standing_changes.filter(reason="?").count() == 0
    assert a.standing_changes.get(reason="By the rules of the match").delta == 2


def test_a_feud_cooling_to_zero_is_over(federation):
    feud = factories.FeudFactory(federation=federation, heat=1, status=FeudStatus.COOLING)
    run(federation)
    feud = reload(feud)
    assert (feud.heat, feud.status, feud.ended_on) == (0, FeudStatus.ENDED, ON)


def test_a_feud_not_yet_begun_neither_cools_nor_heats(federation):
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation)
    later = factories.FeudFactory(
        federation=federation, heat=5, status=FeudStatus.BUILDING, started_on=ON + DAY
    )
    run(federation, singles(federation, a, b, feud_id=later.pk))
    assert reload(later).heat == 5
    today = factories.FeudFactory(
        federation=federation, heat=5, status=FeudStatus.BUILDING, started_on=ON
    )
    run(federation)
    assert reload(today).heat == 4  # begun on the show's date: it cools like any other


def test_a_blowoff_without_a_winner_does_not_end_the_feud(federation):
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation)
    feud = factories.FeudFactory(federation=federation, heat=8, status=FeudStatus.HOT)
    run(
        federation,
        singles(
            federation, a, b, winner=None, method="draw_time_limit", feud_id=feud.pk, blowoff=True
        ),
    )
    feud = reload(feud)
    assert (feud.status, feud.heat, feud.ended_on) == (FeudStatus.HOT, 9, None)


def test_an_old_healed_injury_does_not_count_against_an_injured_champion(federation):
    federation.vacate_injured_champion_after_weeks = 4
    federation.save()
    title = factories.TitleFactory(federation=federation)
    champion, challenger = factories.WrestlerFactory.create_batch(2, federation=federation)
    reign = factories.TitleReignFactory(title=title, holder_wrestler=champion, number=1)
    factories.InjuryFactory(  # long ago, expected back long after the horizon, but healed
        wrestler=champion,
        occurred_on=ON - 60 * DAY,
        expected_return=ON + 90 * DAY,
        healed_on=ON - 30 * DAY,
    )
    factories.InjuryFactory(  # wrestled through: never kept him off
        wrestler=champion,
        occurred_on=ON - 7 * DAY,
        expected_return=ON + 90 * DAY,
        keeps_off_cards=False,
        fight_cards_remaining=13,
    )
    injury = {"key": champion.slug, "fight_cards": 2, "keeps_off_cards": True}
    run(
        federation,
        singles(federation, champion, challenger, title=title, effects={"injuries": [injury]}),
    )
    assert reload(reign).ended_on is None  # out for two weeks: within the four weeks' horizon


def test_every_ledger_row_of_a_title_change_names_its_match_and_show(federation):
    title = factories.TitleFactory(federation=federation)
    champion, challenger = factories.WrestlerFactory.create_batch(2, federation=federation)
    factories.TitleReignFactory(title=title, holder_wrestler=champion, number=1)
    bout = singles(federation, champion, challenger, winner=1, title=title)
    book = run(federation, bout)
    rows = challenger.standing_changes.all()
    assert {row.attribute for row in rows} >= {"prestige", "fame", "heat"}
    assert {(row.match_id, row.show_id) for row in rows} == {(bout.match.pk, book.show.pk)}


def test_every_ledger_row_of_a_defense_names_its_match(federation):
    title = factories.TitleFactory(federation=federation)
    champion, challenger = factories.WrestlerFactory.create_batch(2, federation=federation)
    factories.TitleReignFactory(title=title, holder_wrestler=champion, number=1)
    bout = singles(federation, champion, challenger, winner=0, title=title)
    run(federation, bout)
    for wrestler in (champion, challenger):
        assert {row.match_id for row in wrestler.standing_changes.all()} == {bout.match.pk}


def run_with(federation, table, *bouts):
    """``run`` with the standings table changed as a promoter may change it."""
    show = factories.ShowFactory(federation=federation)
    book = RosterBook(federation=federation, show=show, on=ON, at=timezone.now())
    book.rules = table(copy.deepcopy(book.rules))
    for bout in bouts:
        book.match_start(bout)
        book.apply(bout)
    book.end_of_show()
    book.flush()
    return book


def without_spark(name):
    def change(rules):
        del rules["feuds"]["sparks"][name]
        return rules

    return change


def test_a_table_without_the_interference_spark_sparks_nothing_for_it(federation):
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation)
    run_with(
        federation,
        without_spark("interference"),
        singles(federation, a, b, effects={"interference": [0]}),
    )
    assert not federation.feuds.exists()


def test_a_table_without_the_title_change_spark_sparks_nothing_for_it(federation):
    title = factories.TitleFactory(federation=federation)
    champion, challenger = factories.WrestlerFactory.create_batch(2, federation=federation)
    factories.TitleReignFactory(title=title, holder_wrestler=champion, number=1)
    run_with(
        federation,
        without_spark("title_change"),
        singles(federation, champion, challenger, winner=1, title=title),
    )
    assert title.reigns.get(ended_on__isnull=True).holder == challenger
    assert not federation.feuds.exists()


@pytest.mark.parametrize(("spark", "status"), [(7, FeudStatus.HOT), (6, FeudStatus.BUILDING)])
def test_a_feud_sparked_at_the_hot_heat_starts_hot(federation, spark, status):
    def hotter(rules):
        rules["feuds"]["sparks"]["disqualification"] = spark
        return rules

    a, b = factories.WrestlerFactory.create_batch(2, federation=federation)
    run_with(federation, hotter, singles(federation, a, b, method="disqualification"))
    feud = federation.feuds.get()
    assert (feud.heat, feud.status) == (spark, status)
    assert feud.description == f"Sparked by a disqualification finish on {ON:%b} {ON.day}, 2026."


def test_a_feud_sparked_by_a_count_out_tells_its_finish_in_words(federation):
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation)
    run_with(federation, lambda rules: rules, singles(federation, a, b, method="count_out"))
    feud = federation.feuds.get()
    assert feud.description.startswith("Sparked by a count-out finish on ")


def test_a_tag_title_won_by_a_side_that_is_no_team_stays_put(federation):
    title = factories.TitleFactory(federation=federation, division="tag")
    champions = factories.TeamFactory(federation=federation)
    a1, a2, b1, b2 = factories.WrestlerFactory.create_batch(4, federation=federation)
    reign = factories.TitleReignFactory(
        title=title, holder_wrestler=None, holder_team=champions, number=1
    )
    match = factories.MatchFactory(show__federation=federation, title=title, match_type="tag")
    bout = Bout(
        match=match,
        sides=((a1.pk, a2.pk), (b1.pk, b2.pk)),
        teams=(champions.pk, None),
        keys={},
        winner=1,
        method="pin",
        title_id=title.pk,
    )
    run(federation, bout)
    # nobody to crown: the old reign ends, no new one begins, and no feud is sparked by it
    assert reload(reign).ended_on == ON
    assert not title.reigns.filter(ended_on__isnull=True).exists()
    assert not federation.feuds.exists()


def test_an_injured_champion_with_no_expected_return_is_not_stripped(federation):
    federation.vacate_injured_champion_after_weeks = 4
    federation.save()
    title = factories.TitleFactory(federation=federation)
    champion = factories.WrestlerFactory(federation=federation, status=WrestlerStatus.INJURED)
    reign = factories.TitleReignFactory(title=title, holder_wrestler=champion, number=1)
    factories.InjuryFactory(wrestler=champion, occurred_on=ON - 7 * DAY, expected_return=None)
    run(federation)
    assert reload(reign).ended_on is None


def test_a_title_kept_on_a_disqualification_sparks_no_title_change_grudge(federation):
    def grudges(rules):
        rules["feuds"]["sparks"]["title_change"] = 5
        return rules

    title = factories.TitleFactory(federation=federation)
    champion, challenger = factories.WrestlerFactory.create_batch(2, federation=federation)
    factories.TitleReignFactory(title=title, holder_wrestler=champion, number=1)
    run_with(
        federation,
        grudges,
        singles(federation, champion, challenger, winner=1, method="disqualification", title=title),
    )
    assert title.reigns.get(ended_on__isnull=True).holder == champion
    assert federation.feuds.get().heat == 3  # the disqualification's spark, not a title change's


def test_every_row_a_match_writes_names_that_match(federation):
    """Edge, the result, the main event, finishers, the system's own figures, the title and
    the injury: each ledger row and the injury point to the match that caused them."""
    title = factories.TitleFactory(federation=federation)
    champion, challenger = factories.WrestlerFactory.create_batch(
        2, federation=federation, fame=250, edge=0
    )
    factories.TitleReignFactory(title=title, holder_wrestler=champion, number=1)
    effects = {
        "finisher_hits": [0, 2],
        "standing": [{"key": challenger.slug, "attribute": "heat", "delta": 2, "reason": "x"}],
        "injuries": [{"key": champion.slug, "fight_cards": 1, "source": "feud_table"}],
    }
    bout = singles(
        federation,
        champion,
        challenger,
        winner=1,
        title=title,
        is_main_event=True,
        effects=effects,
    )
    run(federation, bout)
    rows = [*champion.standing_changes.all(), *challenger.standing_changes.all()]
    assert {row.attribute for row in rows} == {"edge", "prestige", "fame", "heat"}
    assert {row.match_id for row in rows} == {bout.match.pk}
    injury = champion.injuries.get()
    assert (injury.match_id, injury.source) == (bout.match.pk, "feud_table")
    assert title.reigns.get(ended_on__isnull=True).won_at_id == bout.match.pk
    assert title.reigns.get(number=1).ended_at_id == bout.match.pk


def test_an_injury_without_a_source_is_a_match_injury(federation):
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation)
    run(
        federation,
        singles(federation, a, b, effects={"injuries": [{"key": b.slug, "fight_cards": 1}]}),
    )
    assert b.injuries.get().source == "match"


def test_a_systems_reason_is_kept_to_the_ledgers_240_characters(federation):
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation)
    standing = [{"key": a.slug, "attribute": "heat", "delta": 1, "reason": "r" * 300}]
    run(federation, singles(federation, a, b, effects={"standing": standing}))
    assert a.standing_changes.get(attribute="heat", delta=1).reason == "r" * 240


def test_a_long_reason_at_heat_s_cap_keeps_the_cap_s_note_within_240_characters(federation):
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation, heat=10)
    standing = [{"key": a.slug, "attribute": "heat", "delta": 1, "reason": "r" * 300}]
    run(federation, singles(federation, a, b, effects={"standing": standing}))
    note = " (Heat's cap is 10: 1 not gained)"
    row = a.standing_changes.get(attribute="heat", delta=0)
    assert row.reason == "r" * (240 - len(note)) + note
    assert len(row.reason) == 240


def test_a_feud_between_teams_is_told_apart_by_side(federation):
    """The roster knows which side of an active feud each team is on: a match between the
    feud's two sides is their feud, not the spark of a new one."""
    one, two = factories.TeamFactory.create_batch(2, federation=federation)
    feud = factories.FeudFactory(federation=federation, heat=2, status="building")
    factories.FeudParticipantFactory(feud=feud, side=0, team=one, wrestler=None)
    factories.FeudParticipantFactory(feud=feud, side=1, team=two, wrestler=None)
    a1, a2, b1, b2 = factories.WrestlerFactory.create_batch(4, federation=federation)
    match = factories.MatchFactory(show__federation=federation, match_type="tag")
    bout = Bout(
        match=match,
        sides=((a1.pk, a2.pk), (b1.pk, b2.pk)),
        teams=(one.pk, two.pk),
        keys={},
        winner=0,
        method="disqualification",
    )
    run(federation, bout)
    assert list(federation.feuds.all()) == [feud]  # already feuding: no second feud


def test_arm_points_of_a_wrestler_without_an_arm_card_heal_as_sta_10(federation):
    wrestler = factories.WrestlerFactory(federation=federation, status=WrestlerStatus.INJURED)
    injury = factories.InjuryFactory(wrestler=wrestler, occurred_on=ON - 7 * DAY, points=3)
    run(federation)
    assert reload(injury).points == 2  # STA 10 heals one point a week


def test_a_champion_defends_the_open_reign_not_an_old_one(federation):
    title = factories.TitleFactory(federation=federation)
    old, champion, challenger = factories.WrestlerFactory.create_batch(3, federation=federation)
    first = factories.TitleReignFactory(
        title=title, holder_wrestler=old, number=1, ended_on=ON - 30 * DAY, end_reason="lost"
    )
    second = factories.TitleReignFactory(
        title=title, holder_wrestler=champion, number=2, won_on=ON - 30 * DAY
    )
    run(federation, singles(federation, champion, challenger, winner=0, title=title))
    assert (reload(second).defenses, reload(first).defenses) == (1, 0)
    assert reload(first).ended_on == ON - 30 * DAY


def test_a_battle_royals_losers_lost_by_elimination_but_the_last_one_out():
    from promotion.effects import ELIMINATION, loss_method

    effects = {"eliminations": ["ash", "birch", "cedar"]}  # cedar went last, in the final
    assert loss_method("pin", effects, "cedar") == "pin"
    assert loss_method("pin", effects, "birch") == ELIMINATION
    assert loss_method("pin", effects, "ash") == ELIMINATION
    assert ELIMINATION == "elimination"
    assert loss_method("pin", {}, "ash") == "pin"  # no eliminations: the match's own method
    assert loss_method("submission", None, "ash") == "submission"
