"""Each Superstar rule with scripted dice: the figures expected come from the rulebook (and, for
the charts the rulebook does not print, from the YAML under rules/data/superstar)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core.dice import ScriptedDice
from rules.core.errors import SpecError
from rules.core.result import Method
from rules.superstar import system as superstar
from rules.superstar.engine import NO_LIMIT_ROUNDS, prepare
from rules.superstar.strategy import DefaultStrategy
from tests.rules.superstar_helpers import card, faces


def play(cards, dice, match_type="singles", options="time_limit=1", strategy=None, **kwargs):
    spec = superstar.make_spec(cards, match_type, options=options, **kwargs)
    scripted = ScriptedDice(dice)
    result = superstar.simulate(spec, dice=scripted, strategy=strategy)
    assert scripted.remaining == 0, f"{scripted.remaining} faces left unused"
    return result


def last_score(result):
    """The score at the end (after any pin attempt's points)."""
    return result.events[-1].data["score"]


def kinds(result):
    return [e.kind for e in result.events]


def champion(spec, side):
    """The spec with side ``side``'s wrestlers marked as reigning champions."""
    sides = list(spec.sides)
    sides[side] = replace(
        sides[side],
        participants=tuple(replace(p, champion=True) for p in sides[side].participants),
    )
    return replace(spec, sides=tuple(sides))


# ---------------------------------------------------------------------------------- the round
def test_both_on_offense_each_scores_his_move():
    a, b = card("A"), card("B", offense={7: "Kick 4"})
    result = play([a, b], faces(7, 7, 7, 7))
    assert last_score(result) == [3, 4]
    assert (result.winner, result.method) == (None, Method.DRAW_TIME_LIMIT)


def test_both_on_defense_roll_the_general_card_again():
    a, b = card("A", general={2: "DC"}), card("B", general={2: "DC"})
    result = play([a, b], faces(2, 2, 2, 2, 7, 7, 7, 7))
    assert kinds(result)[:2] == ["general", "general"]
    assert last_score(result) == [3, 3]


def test_oc_tt_is_an_attack_in_a_singles_match():
    a, b = card("A", general={9: "OC/TT"}), card("B", general="DC")
    result = play([a, b], faces(9, 5, 7, 7))
    assert last_score(result) == [3, 0]


@pytest.mark.parametrize(
    ("defense", "score"),
    [("A", [3, 2]), ("B", [3, 0]), ("C", [0, 4])],
)
def test_defense_a_scores_2_b_nothing_c_4_and_voids_the_attack(defense, score):
    a, b = card("A"), card("B", general="DC", defense={6: defense})
    result = play([a, b], faces(7, 5, 7, 6))
    assert last_score(result) == score


def test_a_reverse_voids_the_attack_and_the_reverser_attacks():
    a = card("A", offense={7: "Headlock 8"})
    b = card("B", general="DC", offense={6: "Suplex 6"}, defense={5: "Reverse"})
    # A attacks (Headlock 8), B reverses (5) and attacks (Suplex 6), A defends: B (3).
    result = play([a, b], faces(7, 5, 7, 5, 6, 3))
    assert last_score(result) == [0, 6]


def test_a_reverse_can_be_reversed_again():
    a = card("A", offense={7: "Headlock 8"}, defense={5: "Reverse"})
    b = card("B", general="DC", offense={6: "Suplex 6"}, defense={5: "Reverse", 4: "A"})
    # Headlock, Reverse, Suplex, Reverse, Headlock again, B defends with A (2 points).
    result = play([a, b], faces(7, 5, 7, 5, 6, 5, 7, 4))
    assert last_score(result) == [8, 2]


def test_ropes_sends_the_attacker_to_the_ropes_card_where_na_scores_nothing():
    a = card("A", offense={2: "ROPES"}, ropes={8: "Flying elbow 7", 9: "NA"})
    b = card("B", general="DC")
    assert last_score(play([a, b], faces(7, 5, 2, 8, 3))) == [7, 0]
    assert last_score(play([a, b], faces(7, 5, 2, 9, 3))) == [0, 0]


def test_the_specialty_rolls_one_die_on_the_specialty_card():
    a = card(
        "A",
        offense={3: "Big splash (S)"},
        specialty=[5, 6, 7, 8, 9, 14],
        special="Big splash",
    )
    b = card("B", general="DC")
    result = play([a, b], [*faces(7, 5, 3), 6, *faces(3)])
    assert last_score(result) == [14, 0]
    assert [e.dice for e in result.events if e.kind == "specialty"] == [(6,)]


# ---------------------------------------------------------------------------------- pins
def test_a_p_a_move_goes_to_the_pin_chart_by_the_pinners_total():
    a, b = card("A", offense={9: "Leg drop 9 P/A"}), card("B", general="DC")
    # 9 points: column 0-10, where only 12 pins; a 7 adds 3 points (the PIN CHART's figures).
    kicked = play([a, b], faces(7, 5, 9, 3, 7))
    assert kicked.method is Method.DRAW_TIME_LIMIT
    assert [e.data["column"] for e in kicked.events if e.kind == "pin"] == ["0-10"]
    assert last_score(kicked) == [12, 0]
    assert kicked.events[-3].text.endswith("B kicks out; A adds 3 points.")
    pinned = play([a, b], faces(7, 5, 9, 3, 12))
    assert (pinned.winner, pinned.method) == (0, Method.PIN)


def test_the_pin_chart_column_moves_with_the_points():
    a, b = card("A", offense={9: "Powerbomb 45 P/A"}), card("B", general="DC")
    # 45 points: column 41-50 pins on 10, 11 and 12.
    result = play([a, b], faces(7, 5, 9, 3, 10))
    assert (result.winner, result.method) == (0, Method.PIN)
    assert [e.data["column"] for e in result.events if e.kind == "pin"] == ["41-50"]


def test_a_pin_by_score_needs_30_points_a_10_point_lead_and_5_more_in_the_round():
    a = card("A", offense={7: "Slam 30", 6: "Slam 29", 5: "Slam 7", 8: "Slam 3"})
    b = card("B", general={6: "DC"}, offense={7: "Kick 3", 8: "Kick 2"})
    # 30 points, 30 ahead, 30 more this round: he goes for the pin (12 pins everywhere).
    result = play([a, b], faces(7, 6, 7, 3, 12))
    assert (result.winner, result.method) == (0, Method.PIN)
    # 29 points: no pin.
    result = play([a, b], faces(7, 6, 6, 3))
    assert "pin" not in kinds(result) and last_score(result) == [29, 0]
    # Round 2: 36 points and 33 ahead, but only 4 better in the round (7 to 3): no pin...
    two = "time_limit=2"
    result = play([a, b], faces(7, 6, 6, 3, 7, 7, 5, 7), options=two)
    assert "pin" not in kinds(result) and last_score(result) == [36, 3]
    # ... 5 better (7 to 2): the pin.
    result = play([a, b], faces(7, 6, 6, 3, 7, 7, 5, 8, 12), options=two)
    assert (result.winner, result.method) == (0, Method.PIN)


def test_the_pin_decision_is_the_strategys():
    class NeverPins(DefaultStrategy):
        pin_policy_is_always = False

        def attempt_pin(self, match, side, reason):
            return False

    a, b = card("A", offense={9: "Leg drop 9 P/A"}), card("B", general="DC")
    result = play([a, b], faces(7, 5, 9, 3), strategy=NeverPins())
    assert "pin" not in kinds(result)


# ---------------------------------------------------------------------------------- holds, DQs
def test_a_submission_hold_makes_the_victim_roll_against_his_sub_range():
    a, b = card("A", offense={8: "Crab 6 *"}), card("B", general="DC", sub=(2, 4))
    gives = play([a, b], faces(7, 5, 8, 3, 4))
    assert (gives.winner, gives.method) == (0, Method.SUBMISSION)
    holds = play([a, b], faces(7, 5, 8, 3, 5))
    assert holds.method is Method.DRAW_TIME_LIMIT and last_score(holds) == [6, 0]


def test_no_sub_range_never_submits():
    a, b = card("A", offense={8: "Crab 6 *"}), card("B", general="DC", sub=None)
    assert play([a, b], faces(7, 5, 8, 3, 2)).method is Method.DRAW_TIME_LIMIT


@pytest.mark.parametrize(("roll", "out"), [(2, False), (9, False), (10, True), (12, True)])
def test_the_dq_roll_2_to_9_scores_the_roll_10_to_12_disqualifies(roll, out):
    a, b = card("A", offense={10: "Throw out of ring (DQ)"}), card("B", general="DC")
    result = play([a, b], faces(7, 5, 10, 3, roll))
    if out:
        assert (result.winner, result.method) == (0, Method.DISQUALIFICATION)
    else:
        assert result.method is Method.DRAW_TIME_LIMIT and last_score(result) == [roll, 0]


def test_both_thrown_out_and_counted_out_is_a_double_disqualification():
    a = card("A", offense={10: "Throw out of ring (DQ)"})
    b = card("B", offense={10: "Throw out of ring (DQ)"})
    result = play([a, b], faces(7, 7, 10, 10, 11, 12))
    assert (result.winner, result.method) == (None, Method.DOUBLE_DISQUALIFICATION)


def test_no_disqualification_makes_the_dq_roll_points_only():
    a, b = card("A", offense={10: "Throw out of ring (DQ)"}), card("B", general="DC")
    spec = superstar.make_spec([a, b], options="time_limit=1", stipulations={"no_dq": True})
    result = superstar.simulate(spec, dice=ScriptedDice(faces(7, 5, 10, 3, 11)))
    assert result.method is Method.DRAW_TIME_LIMIT and last_score(result) == [11, 0]


# ---------------------------------------------------------------------------------- priority
def test_two_priority_moves_the_higher_pf_acts_and_scores_the_lower_scores_nothing():
    a = card("A", offense={9: "Leg drop 9 P/A"}, priority=(4, 2))
    b = card("B", offense={8: "Crab 6 *"}, priority=(3, 2))
    # A's P/A stands (9 points, the pin attempt: a 7 kicks out, +3); B's hold is void: no
    # submission roll.
    result = play([a, b], faces(7, 7, 9, 8, 7))
    assert "submission" not in kinds(result)
    assert [e.kind for e in result.events if e.kind in ("priority", "pin")] == ["priority", "pin"]
    assert last_score(result) == [12, 0]


def test_two_priority_moves_with_equal_pf_score_nothing():
    a = card("A", offense={9: "Leg drop 9 P/A"}, priority=(4, 2))
    b = card("B", offense={8: "Crab 6 *"}, priority=(4, 2))
    result = play([a, b], faces(7, 7, 9, 8))
    assert last_score(result) == [0, 0] and "pin" not in kinds(result)


def test_eye_of_the_tiger_a_champion_is_one_pf_better():
    a = card("A", offense={9: "Leg drop 9 P/A"}, priority=(4, 2))
    b = card("B", offense={8: "Crab 6 *"}, priority=(4, 2))
    spec = champion(superstar.make_spec([a, b], options="time_limit=1"), 1)
    # B (PF 4, champion: 5) now beats A's 4: the hold stands, A's P/A is void.
    result = superstar.simulate(spec, dice=ScriptedDice(faces(7, 7, 9, 8, 4)))
    assert (result.winner, result.method) == (1, Method.SUBMISSION)
    assert "(5) beats A's (4)" in next(e for e in result.events if e.kind == "priority").text


def test_a_specialty_counts_for_the_priority_factor():
    a = card("A", offense={3: "Big splash (S)"}, priority=(2, 2), special="Big splash")
    b = card("B", offense={9: "Leg drop 9 P/A"}, priority=(3, 2))
    # A's specialty (a die is rolled) against B's P/A: B's PF is better; his pin attempt (7)
    # kicks out for 3.
    result = play([a, b], [*faces(7, 7, 3), 1, *faces(9, 7)])
    assert last_score(result) == [0, 12]


# ---------------------------------------------------------------------------------- referee
@pytest.mark.parametrize(
    ("ref_roll", "pin_roll", "pinned", "name"),
    [
        (3, 11, True, '"Fast-Count" Frank'),  # 11 + 1 = 12: PIN in column 0-10
        (11, 12, False, '"Slow-Count" Sam'),  # 12 - 1 = 11: 5 points
        (7, 11, False, '"Honest" Abe'),  # 11: 5 points
    ],
)
def test_the_referee_factor_adds_or_takes_one_from_pin_rolls(ref_roll, pin_roll, pinned, name):
    a, b = card("A", offense={9: "Leg drop 9 P/A"}), card("B", general="DC")
    result = play([a, b], faces(ref_roll, 7, 5, 9, 3, pin_roll), options="referee,time_limit=1")
    assert result.events[0].kind == "referee" and name in result.events[0].text
    assert (result.method is Method.PIN) == pinned
    if not pinned:
        assert last_score(result) == [14, 0]
        assert "adds 5 points" in next(e.text for e in result.events if e.kind == "pin")


# ---------------------------------------------------------------------------------- time
def test_time_limits_by_match_type_and_option():
    cards = [card("A"), card("B"), card("C"), card("D")]
    assert prepare(superstar.make_spec(cards[:2])).time_limit == 30
    assert prepare(superstar.make_spec(cards, "tag")).time_limit == 60
    assert prepare(superstar.make_spec(cards[:2], "texas_death")).time_limit == 60
    assert prepare(superstar.make_spec(cards[:2], options="time_limit=45")).time_limit == 45
    assert prepare(superstar.make_spec(cards[:2], options="time_limit=0")).time_limit == (
        NO_LIMIT_ROUNDS
    )
    booked = superstar.make_spec(cards[:2], options="time_limit=45", time_limit=20)
    assert prepare(booked).time_limit == 20
    assert superstar.time_limit_for_minutes(20) == 20


def test_a_match_that_reaches_its_time_limit_is_a_draw():
    a, b = card("A"), card("B")
    result = play([a, b], faces(7, 7, 7, 7, 7, 7, 7, 7), options="time_limit=2")
    assert (result.winner, result.method, result.length) == (None, Method.DRAW_TIME_LIMIT, 2)
    assert result.events[-2].text == "Time runs out after 2 rounds: the match is a draw."


# ---------------------------------------------------------------------------------- tag teams
def test_level_1_double_teaming_one_roll_counts_on_both_cards_p_a_and_star_ignored():
    a1 = card("A1", general={9: "OC/TT"})
    a2 = card("A2", offense={7: "Elbow 5 P/A"})
    b1, b2 = card("B1", general="DC"), card("B2")
    result = play([a1, a2, b1, b2], faces(9, 5, 7, 3), "tag")
    assert last_score(result) == [8, 0] and "pin" not in kinds(result)
    offense = [e for e in result.events if e.kind == "offense"]
    assert [(e.actor, e.dice) for e in offense] == [("a1", (1, 6)), ("a2", ())]


def test_level_1_either_partner_may_stay_in_after_double_teaming():
    class PartnerStays(DefaultStrategy):
        def stays_in(self, match, side, wrestlers):
            return wrestlers[1]

    a1 = card("A1", general={9: "OC/TT"})
    a2, b1, b2 = card("A2", general={6: "DC"}), card("B1", general="DC"), card("B2")
    dice = faces(9, 5, 7, 3) + faces(6, 12, 7, 3)  # round 2: A2 (in the ring now) on DC (6)
    result = play([a1, a2, b1, b2], dice, "tag", options="time_limit=2", strategy=PartnerStays())
    assert "A2 stays in the ring; A1 goes out." in [e.text for e in result.events]
    generals = [e.text for e in result.events if e.kind == "general"]
    assert generals[1].startswith("Round 2: A2 6 (DC), B1 12 (OC)")


def test_a_tag_team_pin_is_a_two_count_the_man_outside_may_break_up():
    a1, a2 = card("A1", offense={9: "Leg drop 9 P/A"}), card("A2")
    b1, b2 = card("B1", general="DC"), card("B2", tag=(2, 5))
    saved = play([a1, a2, b1, b2], faces(7, 5, 9, 3, 12, 4), "tag")
    assert saved.method is Method.DRAW_TIME_LIMIT
    assert [e.actor for e in saved.events if e.kind == "save"] == ["b2"]
    counted = play([a1, a2, b1, b2], faces(7, 5, 9, 3, 12, 6), "tag")
    assert (counted.winner, counted.method) == (0, Method.PIN)


def test_the_saver_stays_in_the_ring():
    a1, a2 = card("A1", offense={9: "Leg drop 9 P/A"}), card("A2")
    b1, b2 = card("B1", general="DC"), card("B2", tag=(2, 5), general="DC")
    # Round 2: B2 (in the ring now) is the one who rolls the General Card and defends.
    result = play(
        [a1, a2, b1, b2], faces(7, 5, 9, 3, 12, 4, 7, 5, 7, 3), "tag", options="time_limit=2"
    )
    generals = [e.text for e in result.events if e.kind == "general"]
    assert generals[1].startswith("Round 2: A1 7 (OC), B2 5 (DC)")


class AlwaysTags(DefaultStrategy):
    def tag_out(self, match, side, partners):
        return partners[0]


@pytest.mark.parametrize(
    ("ttr", "points", "tags"),
    [
        (1, "Jab 3", True),  # won the round (3 to 0)
        (1, "Jab 0", False),  # tied
        (2, "Jab 0", True),  # tied
    ],
)
def test_level_2_tag_outs_follow_the_tag_team_rating(ttr, points, tags):
    a1, a2 = card("A1", offense={7: points}, priority=(3, ttr)), card("A2")
    b1, b2 = card("B1", general="DC"), card("B2")
    result = play(
        [a1, a2, b1, b2],
        faces(7, 5, 7, 3),
        "tag",
        options="tag_level=2,time_limit=1",
        strategy=AlwaysTags(),
    )
    tagged = [e.text for e in result.events if e.kind == "tag"]
    assert ("A1 tags out to A2." in tagged) == tags


def test_level_2_a_man_who_lost_the_round_tags_out_only_with_a_rating_of_3():
    a2 = card("A2")
    b1, b2 = card("B1"), card("B2")
    for ttr, tags in ((2, False), (3, True)):
        a1 = card("A1", general="DC", priority=(3, ttr))
        result = play(
            [a1, a2, b1, b2],
            faces(5, 7, 7, 3),
            "tag",
            options="tag_level=2,time_limit=1",
            strategy=AlwaysTags(),
        )
        assert ("A1 tags out to A2." in [e.text for e in result.events]) == tags


def test_level_2_oc_tt_reads_the_advanced_tag_team_chart_and_double_teams():
    a1 = card("A1", general={9: "OC/TT"}, priority=(3, 3))
    a2 = card("A2", priority=(3, 3), offense={7: "Elbow 5 P/A"})
    b1 = card("B1", general="DC", priority=(3, 2))
    b2 = card("B2", priority=(3, 2))
    # Column 3/2, roll 9: C, 2 vs. 1 for 2 rounds (the rulebook's own example).
    dice = faces(9, 5, 9, 7, 7, 3)  # generals, the chart, A1's and A2's attacks, B1's defense
    dice += faces(7, 7, 5, 7, 7, 3)  # round 2: A1, A2, B1 on the General Card; attacks; defense
    dice += faces(7, 5, 7, 3)  # round 3: a normal round again
    result = play([a1, a2, b1, b2], dice, "tag", options="tag_level=2,time_limit=3")
    chart = [e for e in result.events if e.kind == "tag_chart"]
    assert [(e.data["letter"], e.data["total"]) for e in chart] == [("C", 9)]
    assert "Off TTR 3, Def TTR 2" in chart[0].text
    assert "pin" not in kinds(result)  # the Elbow's P/A is ignored while double teaming
    assert [e.data["round_points"] for e in result.events if e.kind == "score"] == [
        [8, 0],
        [8, 0],
        [3, 0],
    ]


def test_level_2_an_injury_on_the_chart_rolls_the_tag_team_injury_chart():
    a1 = card("A1", general={9: "OC/TT"}, priority=(3, 2))
    a2 = card("A2", priority=(3, 2))
    b1 = card("B1", general="DC", priority=(3, 2))
    b2 = card("B2", general="DC", priority=(3, 2))
    # Column 2/2, 12: INJURY; one die, 2: injury to the MAN-IN for 5 rounds. B2 comes in and
    # rolls his General Card (DC); A1 attacks, B2 defends.
    dice = [*faces(9, 5, 12), 2, *faces(5, 7, 3)]
    result = play([a1, a2, b1, b2], dice, "tag", options="tag_level=2,time_limit=1")
    injuries = result.effects.injuries
    assert [(i.key, i.fight_cards, i.source) for i in injuries] == [("b1", 1, "tag_injury_chart")]
    assert last_score(result) == [3, 0]


def test_level_3_reads_the_better_man_out_and_the_three_man_key():
    team_a = [
        card("A1", general={9: "OC/TT"}, priority=(3, 1)),
        card("A2", priority=(3, 1)),
        card("A3", priority=(3, 3)),
    ]
    team_b = [card("B1", general="DC", priority=(3, 1)), card("B2"), card("B3")]
    # The better man out is A3 (3); B's are 2: column 3/2; roll 9: C, 3 vs. 1 for 1 round.
    dice = faces(9, 5, 9, 7, 7, 7, 3)
    result = play(team_a + team_b, dice, "three_man_tag", options="tag_level=3,time_limit=1")
    chart = next(e for e in result.events if e.kind == "tag_chart")
    assert "Off TTR 3, Def TTR 2" in chart.text and "3 vs. 1 for 1 round" in chart.text
    assert last_score(result) == [9, 0]


# ---------------------------------------------------------------------------------- grudge
def grudge_pair(**b_kwargs):
    a = card("A", offense={11: "Kneedrop 8 XX", 7: "Jab 3"})
    return a, card("B", general="DC", **b_kwargs)


def test_an_xx_move_rolls_the_grudge_chart_instead():
    a, b = grudge_pair()
    # Texas Death 7: RAM HEAD INTO RINGSIDE BELL-GONG!, 14 points (the move's 8 is forgotten).
    result = play([a, b], faces(7, 5, 11, 7, 3), "texas_death")
    assert last_score(result) == [14, 0]
    assert (
        "RAM HEAD INTO RINGSIDE BELL-GONG!"
        in next(e for e in result.events if e.kind == "grudge").text
    )


def test_outside_a_grudge_match_an_xx_move_is_just_its_points():
    a, b = grudge_pair()
    assert last_score(play([a, b], faces(7, 5, 11, 3))) == [8, 0]


def test_see_pin_add_1_adds_one_to_the_pin_roll():
    a, b = grudge_pair()
    # Texas Death 2: 15 points, see pin, add 1: 11 + 1 = 12 pins in column 11-20.
    result = play([a, b], faces(7, 5, 11, 2, 3, 11), "texas_death")
    assert (result.winner, result.method) == (0, Method.PIN)


def test_knocking_the_referee_out_stops_pins_and_submissions_for_5_rounds():
    a = card("A", offense={11: "Kneedrop 8 XX", 9: "Leg drop 9 P/A", 8: "Crab 6 *"})
    b = card("B", general="DC")
    # Round 1: Texas Death 3, the referee is out. Round 2: a P/A, no count. Round 3: a hold,
    # no submission.
    dice = faces(7, 5, 11, 3, 3) + faces(7, 5, 9, 3) + faces(7, 5, 8, 3)
    result = play([a, b], dice, "texas_death", options="time_limit=3")
    assert kinds(result).count("pin") == 1 and "referee is out cold" in result.events[-8].text
    assert last_score(result) == [15, 0]


def test_blinding_keeps_the_foe_on_defense_for_2_rounds():
    a = card("A", offense={11: "Kneedrop 8 XX"})
    b = card("B", general={5: "DC"})
    # Round 1: Texas Death 5, THROW SALT. Rounds 2 and 3: B stays on defense without rolling
    # the General Card, A attacks. Round 4: both roll again.
    dice = faces(7, 5, 11, 5, 3) + faces(7, 3) + faces(7, 3) + faces(7, 7, 7, 7)
    result = play([a, b], dice, "texas_death", options="time_limit=4")
    generals = [e.text for e in result.events if e.kind == "general"]
    assert [("cannot see" in g) for g in generals] == [False, True, True, False]


def test_subtract_5_from_the_foes_next_offensive_move():
    a = card("A", general={5: "DC"}, offense={11: "Kneedrop 8 XX"})
    b = card("B", general={5: "DC"}, offense={7: "Suplex 8"})
    # Round 1: Texas Death 8, 2x4, 15 points. Round 2: B's Suplex 8 counts 3.
    dice = faces(7, 5, 11, 8, 3) + faces(5, 7, 7, 3)
    result = play([a, b], dice, "texas_death", options="time_limit=2")
    assert last_score(result) == [15, 3]


def test_the_grudge_chart_may_roll_the_specialty_too():
    a, b = grudge_pair()
    # Texas Death 9: 14 points and the specialty (a 4: 8 points).
    result = play([a, b], [*faces(7, 5, 11, 9), 4, *faces(3)], "texas_death")
    assert last_score(result) == [22, 0]


def test_texas_death_has_no_disqualification_the_dq_roll_scores():
    a, b = card("A", offense={10: "Throw out of ring (DQ)"}), card("B", general="DC")
    result = play([a, b], faces(7, 5, 10, 3, 12), "texas_death")
    assert result.method is Method.DRAW_TIME_LIMIT and last_score(result) == [12, 0]


def test_steel_cage_no_throw_out_of_the_ring_the_move_is_useless():
    a, b = card("A", offense={10: "Throw out of ring (DQ)"}), card("B", general="DC")
    result = play([a, b], faces(7, 5, 10, 3), "steel_cage")
    assert last_score(result) == [0, 0]


def cage_pair():
    a = card("A", general={5: "DC"}, offense={9: "Leg drop 9 P/A"}, priority=(4, 2))
    b = card("B", general={5: "DC"}, offense={9: "Leg drop 9 P/A"}, priority=(3, 2))
    return a, b


def test_steel_cage_a_pin_then_no_doubles_the_pinner_climbs_out():
    a, b = cage_pair()
    result = play([a, b], faces(7, 5, 9, 3, 12, (2, 3)), "steel_cage")
    assert (result.winner, result.method) == (0, Method.PIN)
    assert result.events[-2].text == "A climbs out of the cage!"


def test_steel_cage_doubles_keep_the_pinner_in_and_the_pinned_man_has_that_many_rounds():
    a, b = cage_pair()
    # Round 1: A pins B; B rolls 2-2: 4 rounds. Rounds 2-5: nothing; A escapes.
    dice = faces(7, 5, 9, 3, 12, (2, 2)) + faces(7, 7, 7, 7) * 4
    result = play([a, b], dice, "steel_cage", options="time_limit=10")
    assert (result.winner, result.method, result.length) == (0, Method.PIN, 5)
    assert "before the pin comes back" in result.events[-2].text


def test_steel_cage_both_pinned_race_out_two_dice_plus_pf():
    a, b = cage_pair()
    # Round 1: A pins B, 3-3: six rounds. Round 2: B pins A (A's own P/A cannot count while he
    # climbs). The race: A 7 + 4 = 11, B 8 + 3 = 11, again: A 6 + 4 = 10, B 9 + 3 = 12: B.
    dice = faces(7, 5, 9, 3, 12, (3, 3))
    dice += faces(5, 7, 9, 3, 12)
    dice += faces(7, 8, 6, 9)
    result = play([a, b], dice, "steel_cage", options="time_limit=10")
    assert (result.winner, result.method) == (1, Method.PIN)
    race = [e for e in result.events if e.kind == "cage" and "race" in e.text]
    assert len(race) == 2 and "a tie" in race[0].text


def test_a_grudge_chart_where_it_cannot_apply_is_ignored_and_said_so():
    cards = [card("A"), card("B"), card("C"), card("D")]
    tag = superstar.make_spec(cards, "tag", options="grudge=steel_cage,tag_level=2")
    assert prepare(tag).grudge is None
    assert superstar.inapplicable_options(tag) == {
        "grudge": "the grudge charts are for one-on-one matches"
    }
    texas = superstar.make_spec(cards[:2], "texas_death", options="grudge=steel_cage")
    assert prepare(texas).grudge == "texas_death"
    assert superstar.inapplicable_options(texas) == {
        "grudge": "a texas_death match plays its own chart"
    }
    singles = superstar.make_spec(cards[:2], options="tag_level=2,time_limit=45", time_limit=20)
    assert superstar.inapplicable_options(singles) == {
        "time_limit": "the match's own time limit (20 rounds) stands",
        "tag_level": "it is for tag and three-man tag matches",
    }
    assert prepare(superstar.make_spec(cards[:2], "grudge")).grudge == "texas_death"
    spec = superstar.make_spec(cards[:2], "grudge", options="grudge=steel_cage")
    assert prepare(spec).grudge == "steel_cage"
    assert superstar.inapplicable_options(spec) == {}


# ---------------------------------------------------------------------------------- battle royal
def royal(*cards_):
    return superstar.make_spec(cards_, "battle_royal", options="time_limit=1")


def test_battle_royal_mini_matches_pair_high_pf_with_low_and_eliminate():
    ace = card("Ace", offense={2: "ROPES"}, priority=(5, 2))
    brute = card("Brute", general="DC", priority=(3, 2))
    cole = card("Cole", general="DC", offense={8: "Crab 6 *"}, priority=(1, 2))
    # Mini-match 1: Ace (PF 5) against Cole (PF 1): Ace rolls ROPES (no Ropes card): Cole out.
    # The final: Ace against Brute, one round: Ace's Jab, Brute B.
    dice = faces(7, 5, 2, 3) + faces(7, 5, 7, 3)
    result = superstar.simulate(royal(ace, brute, cole), dice=ScriptedDice(dice))
    assert result.effects.eliminations == ("cole",)
    assert (result.winner, result.method) == (None, Method.DRAW_TIME_LIMIT)


@pytest.mark.parametrize(
    ("entry", "dice_after"),
    [("Crab 6 *", ()), ("Throw out of ring (DQ)", ())],
)
def test_battle_royal_a_star_or_dq_move_eliminates_without_a_roll(entry, dice_after):
    ace = card("Ace", offense={8: entry}, priority=(5, 2))
    brute = card("Brute", general="DC", priority=(3, 2))
    cole = card("Cole", general="DC", priority=(1, 2))
    dice = faces(7, 5, 8, 3) + faces(7, 5, 7, 3)
    result = superstar.simulate(royal(ace, brute, cole), dice=ScriptedDice(dice))
    assert result.effects.eliminations[0] == "cole"


def test_battle_royal_15_points_and_5_ahead_wins_a_mini_match():
    ace = card("Ace", offense={7: "Slam 9"}, priority=(5, 2))
    brute = card("Brute", general="DC", priority=(3, 2))
    cole = card("Cole", general="DC", priority=(1, 2))
    # 9 points (not 15), then 18 and 18 ahead: Cole is out. Pins play no part.
    dice = faces(7, 5, 7, 3) + faces(7, 5, 7, 3) + faces(7, 5, 7, 3)
    result = superstar.simulate(royal(ace, brute, cole), dice=ScriptedDice(dice))
    assert result.effects.eliminations == ("cole",)
    assert "Ace has 18 points, 18 ahead" in next(
        e.text for e in result.events if e.kind == "eliminated"
    )


def test_battle_royal_final_a_dq_move_throws_the_foe_over_the_top():
    ace = card("Ace", offense={10: "Throw out of ring (DQ)", 2: "ROPES"}, priority=(5, 2))
    brute = card("Brute", general="DC", priority=(3, 2))
    cole = card("Cole", general="DC", priority=(1, 2))
    dice = faces(7, 5, 2, 3) + faces(7, 5, 10, 3)
    result = superstar.simulate(royal(ace, brute, cole), dice=ScriptedDice(dice))
    assert (result.winner, result.method) == (0, Method.ELIMINATION)
    assert result.effects.eliminations == ("cole", "brute")


def test_battle_royal_takes_two_or_more_and_needs_one_a_side():
    cards = [card("A"), card("B"), card("C")]
    assert len(superstar.make_spec(cards, "battle_royal").sides) == 3
    with pytest.raises(SpecError):
        superstar.make_spec(cards[:1], "battle_royal")
    assert superstar.sides_allowed("battle_royal") == (2, None)
    assert superstar.sides_allowed("tag") == (2, 2)


def test_defense_a_after_a_punch_reads_as_fighting_back_not_breaking_a_hold():
    # Rulebook: "A = gain 2 points for the round by attempting to break the offensive hold";
    # against a punch there is no hold to break: the defender fights back (and the punch stands).
    a = card("A", offense={7: "Punch 3"})
    b = card("B", general="DC", defense={6: "A"})
    result = play([a, b], faces(7, 5, 7, 6))
    texts = [e.text for e in result.events if e.kind in ("offense", "defense")]
    assert texts == [
        "A rolls 7 on the Offensive Card: Punch 3.",
        "B rolls 6 on the Defensive Card: A, 2 points for fighting back.",
    ]
    assert last_score(result) == [3, 2]
