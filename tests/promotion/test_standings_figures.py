"""The standings figures, written here as ``docs/standings.md`` states them, never read from the
table the code uses: a wrong figure in ``promotion/data/standings.yaml`` or a rule of
``promotion/effects.py`` given to the wrong wrestler fails a test named for that rule.

Every wrestler starts at zero (Fame 0, so Edge stays 0) and each test reads the ledger rows of
the one rule it names, then the total they add up to.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from django.utils import timezone

from promotion.effects import Bout, RosterBook
from promotion.models import Feud, FeudStatus
from promotion.standings import arm_sta_bonus, standings_table
from tests import factories

pytestmark = pytest.mark.django_db

ON = dt.date(2026, 12, 4)
DOC = Path(__file__).resolve().parents[2] / "docs" / "standings.md"

# -- the document's figures, written out --------------------------------------------------------

#: docs/standings.md, "Prestige" table.
PRESTIGE_WIN = {
    "pin": 10,
    "submission": 10,
    "knockout": 10,
    "elimination": 8,
    "escape": 10,
    "disqualification": 4,
    "count_out": 4,
}
PRESTIGE_LOSS = {
    "pin": -6,
    "submission": -6,
    "knockout": -6,
    "elimination": -4,
    "escape": -6,
    "disqualification": -3,
    "count_out": -3,
}
PRESTIGE_DRAW = 1
PRESTIGE_TITLE_WON = 25
PRESTIGE_TITLE_DEFENDED = 8
PRESTIGE_TITLE_CHALLENGE = 3
PRESTIGE_MAIN_EVENT = 3
#: "Fame".
FAME_APPEARANCE, FAME_WIN, FAME_LOSS, FAME_MAIN_EVENT, FAME_TITLE_WON, FAME_FINISHER = (
    2,
    6,
    0,
    4,
    15,
    1,
)
#: "Heat".
HEAT_FEUD_MATCH, HEAT_FEUD_BRAWL, HEAT_INTERFERENCE, HEAT_TITLE_WON, HEAT_MAXIMUM = 1, 1, 1, 1, 10
#: "Feuds".
FEUD_MATCH, FEUD_BRAWL, FEUD_INTERFERENCE, FEUD_COOLING, FEUD_HOT_AT = 1, 2, 1, 1, 7
SPARKS = {
    "disqualification": 3,
    "count_out": 2,
    "double_disqualification": 4,
    "double_count_out": 3,
    "interference": 3,
    "title_change": 2,
}
#: "Injuries and healing": the STA bonus by STA, and a fight card a week.
STA_BONUS = {1: 1, 3: 1, 10: 1, 11: 2, 13: 2, 14: 3, 16: 3, 17: 4, 19: 4, 20: 5, 25: 5}
DAYS_PER_FIGHT_CARD = 7

#: The sentences of the document that carry those figures.
DOC_LINES = [
    "| win by pin, submission, knockout | +10 |",
    "| win by elimination (the last one standing in a battle royal) | +8 |",
    "| win by disqualification or count-out | +4 (ARM: a DQ win counts less) |",
    "| loss by pin, submission, knockout | \u22126 |",
    "| loss by elimination | \u22124 |",
    "| loss by disqualification or count-out | \u22123 |",
    "| draw (time limit, double DQ, double count-out) | +1 each |",
    "| new champion | +25 |",
    "| successful title defense | +8 |",
    "| challenging for a title | +3 |",
    "| main event | +3 each |",
    "| escape (first out of the cage, ARM) | +10 for the winner, \u22126 for the loser |",
    "| double knockout (ARM: neither man able to go on) | a draw: +1 each |",
    "+2 for wrestling, +6 for a win, nothing for a loss, +4 for the main event, +15 for a new "
    "champion,\n+1 for each finisher that connected.",
    "+1 for each wrestler in a feud match, +1 more after a Feud Table brawl, +1 for the wrestlers "
    "whose\ncorner helped (interference or distraction), +1 for a new champion. Heat stays "
    "between 0 and 10.",
    "A feud match raises the feud's heat by 1, a Feud Table brawl by 2 more, interference by 1 "
    "more.",
    "A feud not featured on a show cools by 1; at heat 0 it is over. Heat 7 and up is *hot*.",
    "a disqualification\n  (heat 3), a count-out (2), a double DQ (4), a double count-out (3), "
    "interference (3), or a title\n  changing hands (2).",
    "1 point for STA\n  up to 10, 2 for STA 11 to 13, 3 for 14 to 16, 4 for 17 to 19, 5 for 20)",
    "One fight\n  card is one show the federation runs; the expected return is a week a fight "
    "card.",
]


@pytest.mark.parametrize("line", DOC_LINES)
def test_the_document_states_the_figures_written_in_these_tests(line):
    assert line in DOC.read_text()


def test_the_shipped_table_holds_the_documents_figures():
    table = standings_table()
    assert table["prestige"]["win"] == PRESTIGE_WIN
    assert table["prestige"]["loss"] == PRESTIGE_LOSS
    assert (
        table["prestige"]["draw"],
        table["prestige"]["title_won"],
        table["prestige"]["title_defended"],
        table["prestige"]["title_challenge"],
        table["prestige"]["main_event"],
        table["prestige"]["engineered_penalty"],
    ) == (
        PRESTIGE_DRAW,
        PRESTIGE_TITLE_WON,
        PRESTIGE_TITLE_DEFENDED,
        PRESTIGE_TITLE_CHALLENGE,
        PRESTIGE_MAIN_EVENT,
        True,
    )
    assert table["fame"] == {
        "appearance": FAME_APPEARANCE,
        "win": FAME_WIN,
        "loss": FAME_LOSS,
        "main_event": FAME_MAIN_EVENT,
        "title_won": FAME_TITLE_WON,
        "finisher": FAME_FINISHER,
    }
    assert table["heat"] == {
        "feud_match": HEAT_FEUD_MATCH,
        "feud_brawl": HEAT_FEUD_BRAWL,
        "interference": HEAT_INTERFERENCE,
        "title_won": HEAT_TITLE_WON,
        "maximum": HEAT_MAXIMUM,
    }
    feuds = table["feuds"]
    assert (
        feuds["feud_match"],
        feuds["brawl"],
        feuds["interference"],
        feuds["cooling"],
        feuds["hot_at"],
    ) == (FEUD_MATCH, FEUD_BRAWL, FEUD_INTERFERENCE, FEUD_COOLING, FEUD_HOT_AT)
    assert feuds["sparks"] == SPARKS
    assert table["injuries"]["days_per_fight_card"] == DAYS_PER_FIGHT_CARD


@pytest.mark.parametrize(("sta", "bonus"), sorted(STA_BONUS.items()))
def test_arm_injury_points_heal_by_the_documents_sta_bonus(sta, bonus):
    assert arm_sta_bonus(sta) == bonus


# -- the rules, one by one ----------------------------------------------------------------------


@pytest.fixture
def federation():
    return factories.FederationFactory()


def fresh(federation, count=2, **extra):
    values = {"fame": 0, "prestige": 0, "heat": 0, "edge": 0, **extra}
    return factories.WrestlerFactory.create_batch(count, federation=federation, **values)


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


def moves(wrestler, attribute):
    """The ledger rows of one attribute of a wrestler, as (reason, delta), in order."""
    return list(
        wrestler.standing_changes.filter(attribute=attribute)
        .order_by("pk")
        .values_list("reason", "delta")
    )


def value(wrestler, attribute):
    wrestler.refresh_from_db()
    return getattr(wrestler, attribute)


def title_match(federation, *, holder_wins: bool, method="pin", **extra):
    title = factories.TitleFactory(federation=federation, name="World Title")
    champion, challenger = fresh(federation)
    reign = factories.TitleReignFactory(title=title, holder_wrestler=champion, number=1)
    bout = singles(
        federation, champion, challenger, winner=0 if holder_wins else 1, title=title, **extra
    )
    run(federation, bout)
    return title, reign, champion, challenger


@pytest.mark.parametrize("method", ["pin", "submission", "knockout"])
def test_a_clean_win_is_worth_ten_prestige_and_a_clean_loss_costs_six(federation, method):
    a, b = fresh(federation)
    run(federation, singles(federation, a, b, method=method))
    label = method.replace("_", " ")
    assert moves(a, "prestige") == [(f"Won by {label}", 10)]
    assert moves(b, "prestige") == [(f"Lost by {label}", -6)]
    assert (value(a, "prestige"), value(b, "prestige")) == (10, -6)


def test_a_battle_royal_won_by_elimination_is_worth_eight_and_costs_the_others_four(federation):
    a, b, c = fresh(federation, 3)
    match = factories.MatchFactory(show__federation=federation, match_type="battle_royal")
    run(
        federation,
        Bout(
            match=match,
            sides=((a.pk,), (b.pk,), (c.pk,)),
            teams=(None, None, None),
            keys={},
            winner=2,
            method="elimination",
        ),
    )
    assert [value(w, "prestige") for w in (a, b, c)] == [-4, -4, 8]


@pytest.mark.parametrize(
    ("method", "label"), [("disqualification", "disqualification"), ("count_out", "count out")]
)
def test_a_win_by_disqualification_or_count_out_is_worth_four_and_its_loss_costs_three(
    federation, method, label
):
    a, b = fresh(federation)
    run(federation, singles(federation, a, b, method=method))
    assert moves(a, "prestige") == [(f"Won by {label}", 4)]
    assert moves(b, "prestige") == [(f"Lost by {label}", -3)]


@pytest.mark.parametrize(
    "method", ["draw_time_limit", "double_disqualification", "double_count_out"]
)
def test_a_draw_gives_each_wrestler_one_prestige_and_nobody_the_fame_of_a_win(federation, method):
    a, b = fresh(federation)
    run(federation, singles(federation, a, b, winner=None, method=method))
    for wrestler in (a, b):
        assert moves(wrestler, "prestige") == [(f"Drew by {method.replace('_', ' ')}", 1)]
        assert moves(wrestler, "fame") == [("Wrestled", FAME_APPEARANCE)]


def test_everyone_wrestling_gains_two_fame_and_the_winner_six_more(federation):
    a, b = fresh(federation)
    run(federation, singles(federation, a, b))
    assert moves(a, "fame") == [("Wrestled", 2), ("Won", 6)]
    assert moves(b, "fame") == [("Wrestled", 2)]  # a loss is worth no Fame: no ledger row
    assert (value(a, "fame"), value(b, "fame")) == (8, 2)


def test_the_main_event_gives_both_wrestlers_three_prestige_and_four_fame(federation):
    a, b = fresh(federation)
    run(federation, singles(federation, a, b, is_main_event=True))
    for wrestler in (a, b):
        assert ("Main event", 3) in moves(wrestler, "prestige")
        assert ("Main event", 4) in moves(wrestler, "fame")
    assert (value(a, "prestige"), value(b, "prestige")) == (10 + 3, -6 + 3)
    assert (value(a, "fame"), value(b, "fame")) == (2 + 6 + 4, 2 + 4)


def test_a_match_below_the_main_event_gives_no_main_event_figures(federation):
    a, b = fresh(federation)
    run(federation, singles(federation, a, b, is_main_event=False))
    assert not a.standing_changes.filter(reason="Main event").exists()


def test_each_finisher_that_connected_is_worth_one_fame_to_its_side(federation):
    a, b = fresh(federation)
    run(federation, singles(federation, a, b, effects={"finisher_hits": [3, 0]}))
    assert ("Hit the finisher 3 times", 3) in moves(a, "fame")
    assert not b.standing_changes.filter(reason__startswith="Hit the finisher").exists()
    c, d = fresh(federation)
    run(federation, singles(federation, c, d, effects={"finisher_hits": [1, 2]}))
    assert ("Hit the finisher once", 1) in moves(c, "fame")
    assert ("Hit the finisher twice", 2) in moves(d, "fame")
    assert value(a, "fame") == 2 + 6 + 3


def test_a_new_champion_gains_twenty_five_prestige_fifteen_fame_and_one_heat(federation):
    _title, _reign, champion, challenger = title_match(federation, holder_wins=False)
    assert moves(challenger, "prestige") == [
        ("Won by pin", 10),
        ("Challenged for the World Title", 3),
        ("Won the World Title", 25),
    ]
    assert ("Won the World Title", 15) in moves(challenger, "fame")
    assert moves(challenger, "heat") == [("Won the World Title", 1)]
    assert (value(challenger, "prestige"), value(challenger, "fame")) == (38, 2 + 6 + 15)
    assert value(champion, "prestige") == -6  # the old champion: his loss, no challenge bonus


def test_a_champion_who_keeps_his_title_gains_eight_prestige_for_the_defense(federation):
    _title, reign, champion, _challenger = title_match(federation, holder_wins=True)
    assert moves(champion, "prestige") == [("Won by pin", 10), ("Retained the World Title", 8)]
    reign.refresh_from_db()
    assert reign.defenses == 1
    assert value(champion, "prestige") == 18
    assert not champion.standing_changes.filter(attribute="heat").exists()


def test_the_title_challenge_prestige_goes_to_the_challenger_not_the_champion(federation):
    _title, _reign, champion, challenger = title_match(federation, holder_wins=True)
    assert moves(challenger, "prestige") == [
        ("Lost by pin", -6),
        ("Challenged for the World Title", 3),
    ]
    assert not champion.standing_changes.filter(reason__startswith="Challenged").exists()


def test_both_sides_of_a_match_for_a_vacant_title_are_challengers(federation):
    title = factories.TitleFactory(federation=federation, name="Vacant Title")
    a, b = fresh(federation)
    run(federation, singles(federation, a, b, title=title))
    for wrestler in (a, b):
        assert ("Challenged for the Vacant Title", 3) in moves(wrestler, "prestige")
    assert title.reigns.get().holder == a


def test_a_drawn_title_match_is_no_defense_but_the_challenger_still_challenged(federation):
    title = factories.TitleFactory(federation=federation, name="World Title")
    champion, challenger = fresh(federation)
    factories.TitleReignFactory(title=title, holder_wrestler=champion, number=1)
    run(
        federation,
        singles(
            federation, champion, challenger, winner=None, method="draw_time_limit", title=title
        ),
    )
    assert moves(champion, "prestige") == [("Drew by draw time limit", 1)]
    assert moves(challenger, "prestige") == [
        ("Drew by draw time limit", 1),
        ("Challenged for the World Title", 3),
    ]


@pytest.mark.parametrize("help_from", ["interference", "distractions"])
def test_an_engineered_win_costs_the_prestige_of_losing_that_match_on_top(federation, help_from):
    a, b = fresh(federation)
    run(federation, singles(federation, a, b, effects={help_from: [0]}))
    assert moves(a, "prestige") == [
        ("Won by pin", 10),
        ("Engineered the win with help from ringside (ARM: counts as a loss)", -6),
    ]
    assert value(a, "prestige") == 4
    assert moves(b, "prestige") == [("Lost by pin", -6)]  # no penalty for the side not helped


def test_help_from_ringside_for_the_loser_costs_no_engineered_penalty(federation):
    a, b = fresh(federation)
    run(federation, singles(federation, a, b, effects={"interference": [1]}))
    assert moves(b, "prestige") == [("Lost by pin", -6)]
    assert moves(b, "heat") == [("Help from ringside", 1)]


def test_the_wrestlers_whose_corner_helped_gain_one_heat(federation):
    a, b = fresh(federation)
    run(
        federation,
        singles(federation, a, b, method="disqualification", effects={"distractions": [0]}),
    )
    assert moves(a, "heat") == [("Help from ringside", 1)]
    assert not b.standing_changes.filter(attribute="heat").exists()


def test_a_feud_match_gives_each_wrestler_one_heat_and_a_brawl_one_more(federation):
    a, b = fresh(federation)
    feud = factories.FeudFactory(federation=federation, heat=2, status="building")
    run(
        federation,
        singles(federation, a, b, feud_id=feud.pk, effects={"feud_brawl": True}),
    )
    for wrestler in (a, b):
        assert [delta for _, delta in moves(wrestler, "heat")] == [1, 1]
        assert value(wrestler, "heat") == 2


def test_heat_never_exceeds_ten(federation):
    a, b = fresh(federation, heat=10)
    feud = factories.FeudFactory(federation=federation, heat=2, status="building")
    run(federation, singles(federation, a, b, feud_id=feud.pk, effects={"feud_brawl": True}))
    assert (value(a, "heat"), value(b, "heat")) == (10, 10)
    # No change, but a row that says what the cap kept from him.
    assert moves(a, "heat") == [
        (f"Feud match: {feud} (Heat's cap is 10: 1 not gained)", 0),
        ("Brawled after the bell (Heat's cap is 10: 1 not gained)", 0),
    ]


def test_heat_stops_at_the_maximum_with_the_row_saying_how_much_it_moved(federation):
    a, b = fresh(federation, heat=9)
    feud = factories.FeudFactory(federation=federation, heat=2, status="building")
    run(federation, singles(federation, a, b, feud_id=feud.pk, effects={"feud_brawl": True}))
    assert moves(a, "heat") == [
        (f"Feud match: {feud}", 1),
        ("Brawled after the bell (Heat's cap is 10: 1 not gained)", 0),
    ]
    assert value(a, "heat") == 10


def test_edge_is_set_to_fame_over_one_hundred_before_the_match(federation):
    a, b = fresh(federation)
    a.fame, a.edge = 299, 0
    a.save()
    run(federation, singles(federation, a, b))
    assert moves(a, "edge") == [("Edge set to Fame // 100 at the start of the match", 2)]
    assert value(a, "edge") == 2  # 299 // 100, before the Fame the match brings


def test_a_feud_match_heats_the_feud_by_one_a_brawl_by_two_more_interference_by_one_more(
    federation,
):
    a, b = fresh(federation)
    feud = factories.FeudFactory(federation=federation, heat=2, status="building")
    run(
        federation,
        singles(
            federation,
            a,
            b,
            feud_id=feud.pk,
            effects={"feud_brawl": True, "interference": [0]},
        ),
    )
    feud.refresh_from_db()
    assert feud.heat == 2 + 1 + 2 + 1
    assert feud.status == FeudStatus.BUILDING  # 6: below hot


def test_a_feud_reaching_seven_is_hot(federation):
    a, b = fresh(federation)
    feud = factories.FeudFactory(federation=federation, heat=6, status="building")
    run(federation, singles(federation, a, b, feud_id=feud.pk))
    feud.refresh_from_db()
    assert (feud.heat, feud.status) == (7, FeudStatus.HOT)


def test_a_feud_at_five_after_its_match_is_still_building(federation):
    a, b = fresh(federation)
    feud = factories.FeudFactory(federation=federation, heat=5, status="building")
    run(federation, singles(federation, a, b, feud_id=feud.pk))
    feud.refresh_from_db()
    assert (feud.heat, feud.status) == (6, FeudStatus.BUILDING)


def test_a_feud_kept_off_the_show_cools_by_one(federation):
    feud = factories.FeudFactory(federation=federation, heat=8, status="hot")
    run(federation)
    feud.refresh_from_db()
    assert (feud.heat, feud.status, feud.ended_on) == (7, FeudStatus.COOLING, None)


def test_feud_heat_never_exceeds_ten(federation):
    a, b = fresh(federation)
    feud = factories.FeudFactory(federation=federation, heat=9, status="hot")
    run(federation, singles(federation, a, b, feud_id=feud.pk, effects={"feud_brawl": True}))
    feud.refresh_from_db()
    assert feud.heat == 10


@pytest.mark.parametrize(
    ("method", "winner", "heat"),
    [
        ("disqualification", 0, 3),
        ("count_out", 0, 2),
        ("double_disqualification", None, 4),
        ("double_count_out", None, 3),
    ],
)
def test_a_disputed_finish_sparks_a_feud_at_the_documents_heat(federation, method, winner, heat):
    a, b = fresh(federation)
    run(federation, singles(federation, a, b, winner=winner, method=method))
    feud = Feud.objects.get(federation=federation)
    assert feud.heat == heat
    assert feud.status == FeudStatus.BUILDING


def test_interference_in_a_clean_win_sparks_a_feud_at_heat_three(federation):
    a, b = fresh(federation)
    run(federation, singles(federation, a, b, effects={"interference": [0]}))
    assert Feud.objects.get(federation=federation).heat == 3


def test_a_title_changing_hands_sparks_the_former_champions_grudge_at_heat_two(federation):
    title_match(federation, holder_wins=False)
    assert Feud.objects.get(federation=federation).heat == 2


def test_a_draw_by_time_limit_sparks_nothing(federation):
    a, b = fresh(federation)
    run(federation, singles(federation, a, b, winner=None, method="draw_time_limit"))
    assert not Feud.objects.filter(federation=federation).exists()


def test_a_feud_table_injury_keeps_the_wrestler_out_one_week_a_fight_card(federation):
    a, b = fresh(federation)
    effects = {"injuries": [{"key": b.slug, "fight_cards": 3, "source": "feud_table"}]}
    run(federation, singles(federation, a, b, effects=effects))
    assert b.injuries.get().expected_return == ON + dt.timedelta(days=21)
