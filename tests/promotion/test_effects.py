"""The roster side of a result, with results made to order (no dice involved)."""

import datetime as dt

import pytest
from django.db.models import Sum
from django.utils import timezone

from promotion.effects import Bout, RosterBook
from promotion.models import FeudStatus, Injury, ReignEnd, TitleReign, WrestlerStatus
from tests import factories

pytestmark = pytest.mark.django_db

ON = dt.date(2026, 12, 4)


@pytest.fixture
def federation():
    return factories.FederationFactory()


def run(federation, *bouts, show=None):
    show = show or factories.ShowFactory(federation=federation)
    book = RosterBook(federation=federation, show=show, on=ON, at=timezone.now())
    for bout in bouts:
        book.match_start(bout)
        book.apply(bout)
    book.end_of_show()
    book.flush()
    return book


def singles(federation, a, b, *, winner, method="pin", title=None, **extra):
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


def champion_and_challenger(federation):
    title = factories.TitleFactory(federation=federation)
    champion, challenger = factories.WrestlerFactory.create_batch(2, federation=federation)
    reign = factories.TitleReignFactory(title=title, holder_wrestler=champion, number=1)
    return title, reign, champion, challenger


def test_the_title_changes_hands_on_a_pin(federation):
    title, reign, champion, challenger = champion_and_challenger(federation)
    bout = singles(federation, champion, challenger, winner=1, title=title)
    run(federation, bout)
    reign.refresh_from_db()
    assert (reign.ended_on, reign.end_reason, reign.ended_at) == (ON, ReignEnd.LOST, bout.match)
    new = title.reigns.get(ended_on__isnull=True)
    assert (new.holder, new.number, new.won_on, new.won_at) == (challenger, 2, ON, bout.match)


@pytest.mark.parametrize("method", ["disqualification", "count_out"])
def test_title_does_not_change_hands_on_disqualification_or_count_out(federation, method):
    title, reign, champion, challenger = champion_and_challenger(federation)
    run(federation, singles(federation, champion, challenger, winner=1, method=method, title=title))
    assert title.reigns.get(ended_on__isnull=True) == reign
    reign.refresh_from_db()
    assert reign.defenses == 0  # the champion lost: no defense either


@pytest.mark.parametrize("method", ["disqualification", "count_out"])
def test_title_changes_on_disqualification_or_count_out_when_stipulated(federation, method):
    title, _reign, champion, challenger = champion_and_challenger(federation)
    bout = singles(
        federation,
        champion,
        challenger,
        winner=1,
        method=method,
        title=title,
        title_changes_on_dq=True,
    )
    run(federation, bout)
    assert title.reigns.get(ended_on__isnull=True).holder == challenger


def test_the_stipulation_does_not_let_a_title_change_hands_on_a_draw(federation):
    title, reign, champion, challenger = champion_and_challenger(federation)
    bout = singles(
        federation,
        champion,
        challenger,
        winner=None,
        method="double_disqualification",
        title=title,
        title_changes_on_dq=True,
    )
    run(federation, bout)
    assert title.reigns.get(ended_on__isnull=True) == reign


def test_a_successful_defense_is_counted(federation):
    title, reign, champion, challenger = champion_and_challenger(federation)
    run(federation, singles(federation, champion, challenger, winner=0, title=title))
    reign.refresh_from_db()
    assert reign.defenses == 1 and reign.ended_on is None


def test_a_draw_is_no_defense(federation):
    title, reign, champion, challenger = champion_and_challenger(federation)
    run(
        federation,
        singles(
            federation, champion, challenger, winner=None, method="draw_time_limit", title=title
        ),
    )
    reign.refresh_from_db()
    assert reign.defenses == 0 and reign.ended_on is None


def test_tag_titles_go_to_teams(federation):
    title = factories.TitleFactory(federation=federation, division="tag")
    champs, challengers = factories.TeamFactory.create_batch(2, federation=federation)
    a1, a2, b1, b2 = factories.WrestlerFactory.create_batch(4, federation=federation)
    factories.TitleReignFactory(title=title, holder_wrestler=None, holder_team=champs, number=1)
    match = factories.MatchFactory(show__federation=federation, title=title, match_type="tag")
    bout = Bout(
        match=match,
        sides=((a1.pk, a2.pk), (b1.pk, b2.pk)),
        teams=(champs.pk, challengers.pk),
        keys={},
        winner=1,
        method="pin",
        title_id=title.pk,
    )
    run(federation, bout)
    assert title.reigns.get(ended_on__isnull=True).holder == challengers


def test_standings_move_and_the_ledger_explains_every_move(federation):
    a, b = factories.WrestlerFactory.create_batch(
        2, federation=federation, fame=0, prestige=0, heat=0, edge=0
    )
    run(federation, singles(federation, a, b, winner=0, is_main_event=True))
    a.refresh_from_db()
    b.refresh_from_db()
    # docs/standings.md: a pin win +10, a pin loss -6, the main event +3 Prestige and +4 Fame,
    # wrestling +2 Fame, a win +6 Fame
    assert (a.prestige, b.prestige) == (10 + 3, -6 + 3)
    assert (a.fame, b.fame) == (2 + 6 + 4, 2 + 4)
    for wrestler in (a, b):
        for attribute in ("fame", "prestige", "heat", "edge"):
            total = wrestler.standing_changes.filter(attribute=attribute).aggregate(t=Sum("delta"))[
                "t"
            ]
            assert (total or 0) == getattr(wrestler, attribute)
        assert all(row.reason for row in wrestler.standing_changes.all())


def test_an_engineered_win_costs_prestige_as_a_loss(federation):
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation, prestige=100)
    run(
        federation,
        singles(
            federation, a, b, winner=0, method="disqualification", effects={"interference": [0]}
        ),
    )
    a.refresh_from_db()
    assert a.prestige == 100 + 4 - 3  # docs/standings.md: a DQ win +4, the DQ loss's -3 on top
    assert a.standing_changes.filter(reason__startswith="Engineered").exists()


def test_a_systems_own_standing_rules_replace_the_tables_entries_they_name(federation):
    """An ARM result reports its own penalty for losing, for an engineered win and its own Heat,
    and names those table entries: the roster applies the engine's figures, not both."""
    a, b = factories.WrestlerFactory.create_batch(
        2, federation=federation, fame=300, prestige=100, heat=2, edge=3
    )
    effects = {
        "interference": [0],
        "standing": [
            {
                "key": a.slug,
                "attribute": "edge",
                "delta": -2,
                "reason": "Spent 2 Edge: squeeze count",
            },
            {"key": a.slug, "attribute": "prestige", "delta": -5, "reason": "Engineered the win"},
            {"key": a.slug, "attribute": "heat", "delta": 1, "reason": "Broke the rules"},
            {"key": b.slug, "attribute": "prestige", "delta": -7, "reason": "Lost by pin"},
        ],
        "supersedes": ["prestige.loss", "prestige.engineered", "heat.interference"],
    }
    run(federation, singles(federation, a, b, winner=0, effects=effects))
    a.refresh_from_db()
    b.refresh_from_db()
    assert a.prestige == 100 + 10 - 5  # docs/standings.md: a pin win +10; the engine's -5
    assert b.prestige == 100 - 7  # the engine's penalty, not the table's as well
    assert a.heat == 2 + 1 and a.edge == 3 - 2
    assert not a.standing_changes.filter(reason__startswith="Engineered the win with help").exists()
    assert b.standing_changes.filter(reason="Lost by pin").count() == 1


def test_an_escape_from_the_cage_changes_the_title(federation):
    title, _reign, champion, challenger = champion_and_challenger(federation)
    run(
        federation,
        singles(federation, champion, challenger, winner=1, method="escape", title=title),
    )
    assert title.reigns.get(ended_on__isnull=True).holder == challenger


def test_edge_is_reset_to_fame_over_one_hundred_at_match_start(federation):
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation, fame=420, edge=1)
    run(federation, singles(federation, a, b, winner=0))
    assert a.standing_changes.filter(attribute="edge", delta=3).exists()


def test_feud_table_injuries_are_recorded_and_heal_one_fight_card_per_show(federation):
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation)
    feud = factories.FeudFactory(federation=federation, heat=5, status="building")
    effects = {
        "feud_brawl": True,
        "injuries": [
            {"key": b.slug, "fight_cards": 2, "description": "Ribs", "source": "feud_table"}
        ],
    }
    run(federation, singles(federation, a, b, winner=0, feud_id=feud.pk, effects=effects))
    injury = Injury.objects.get(wrestler=b)
    assert (injury.fight_cards_remaining, injury.keeps_off_cards, injury.source) == (
        2,
        False,
        "feud_table",
    )
    assert injury.expected_return == ON + dt.timedelta(days=14)
    feud.refresh_from_db()
    assert feud.heat == 5 + 1 + 2  # docs/standings.md: a feud match +1, a Feud Table brawl +2
    assert feud.status == FeudStatus.HOT
    # two more shows of the federation: one fight card each
    for _ in range(2):
        run(federation)
    injury.refresh_from_db()
    assert injury.fight_cards_remaining == 0 and injury.healed_on == ON


def test_a_wrestler_out_injured_returns_when_healed(federation):
    wrestler = factories.WrestlerFactory(federation=federation, status=WrestlerStatus.INJURED)
    factories.InjuryFactory(
        wrestler=wrestler, occurred_on=ON - dt.timedelta(days=30), expected_return=ON
    )
    run(federation)
    wrestler.refresh_from_db()
    assert wrestler.status == WrestlerStatus.ACTIVE


def test_suspensions_expire(federation):
    wrestler = factories.WrestlerFactory(
        federation=federation,
        status=WrestlerStatus.SUSPENDED,
        suspended_until=ON - dt.timedelta(days=1),
    )
    run(federation)
    wrestler.refresh_from_db()
    assert wrestler.status == WrestlerStatus.ACTIVE


@pytest.mark.parametrize("status", [WrestlerStatus.RETIRED, WrestlerStatus.SUSPENDED])
def test_a_wrestler_retired_or_suspended_during_the_show_keeps_that_status_when_hurt(
    federation, status
):
    """The show commits to the roster as it stands: one retired or suspended at the desk while
    his match was wrestled keeps the desk's status, and his injury is recorded all the same."""
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation)
    type(b).objects.filter(pk=b.pk).update(status=status, suspended_until=ON + dt.timedelta(30))
    effects = {"injuries": [{"key": b.slug, "points": 3, "keeps_off_cards": True}]}
    run(federation, singles(federation, a, b, winner=0, effects=effects))
    b.refresh_from_db()
    assert b.status == status
    assert Injury.objects.get(wrestler=b).keeps_off_cards


def test_a_suspension_lifted_by_the_show_leaves_a_man_still_hurt_injured(federation):
    wrestler = factories.WrestlerFactory(
        federation=federation,
        status=WrestlerStatus.SUSPENDED,
        suspended_until=ON - dt.timedelta(days=1),
    )
    factories.InjuryFactory(
        wrestler=wrestler, occurred_on=ON - dt.timedelta(days=2), fight_cards_remaining=3
    )
    run(federation)
    wrestler.refresh_from_db()
    assert (wrestler.status, wrestler.suspended_until) == (WrestlerStatus.INJURED, None)


def test_feuds_cool_when_the_sides_are_kept_apart_and_a_blowoff_ends_them(federation):
    cold = factories.FeudFactory(federation=federation, heat=1, status="cooling")
    hot = factories.FeudFactory(federation=federation, heat=9, status="hot")
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation)
    run(federation, singles(federation, a, b, winner=0, feud_id=hot.pk, blowoff=True))
    cold.refresh_from_db()
    hot.refresh_from_db()
    assert (cold.heat, cold.status, cold.ended_on) == (0, FeudStatus.ENDED, ON)
    assert (hot.status, hot.ended_on) == (FeudStatus.ENDED, ON)


def test_an_injured_champion_is_stripped_after_the_federation_setting(federation):
    federation.vacate_injured_champion_after_weeks = 4
    federation.save()
    title, reign, champion, challenger = champion_and_challenger(federation)
    effects = {
        "injuries": [
            {
                "key": champion.slug,
                "points": 30,
                "description": "Torn ACL",
                "source": "arm_injury",
                "keeps_off_cards": True,
            }
        ]
    }
    run(
        federation,
        singles(federation, champion, challenger, winner=0, title=title, effects=effects),
    )
    reign.refresh_from_db()
    assert reign.end_reason == ReignEnd.VACATED_INJURY
    champion.refresh_from_db()
    assert champion.status == WrestlerStatus.INJURED
    assert not TitleReign.objects.filter(title=title, ended_on__isnull=True).exists()


def test_a_disqualification_between_strangers_sparks_a_feud(federation):
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation)
    run(federation, singles(federation, a, b, winner=0, method="disqualification"))
    feud = federation.feuds.get()
    sides = {p.side: p.wrestler for p in feud.participants.all()}
    assert sides == {0: a, 1: b}
    assert feud.heat == 3  # docs/standings.md: a disqualification sparks a feud at heat 3
    assert feud.status == FeudStatus.BUILDING and feud.started_on == ON
    # the same finish again: they are feuding already, no second feud
    run(federation, singles(federation, a, b, winner=1, method="disqualification"))
    assert federation.feuds.count() == 1


def test_a_clean_pin_sparks_nothing(federation):
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation)
    run(federation, singles(federation, a, b, winner=0))
    assert not federation.feuds.exists()


def test_a_wrestler_already_feuding_is_not_drawn_into_another_feud(federation):
    a, b, c = factories.WrestlerFactory.create_batch(3, federation=federation)
    run(federation, singles(federation, a, b, winner=0, method="disqualification"))
    run(federation, singles(federation, a, c, winner=0, method="disqualification"))
    assert federation.feuds.count() == 1
