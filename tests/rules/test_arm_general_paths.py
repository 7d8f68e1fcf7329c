"""The ARM engine's general paths on scripted dice, as the singles paths are held: every match
type it plays (singles, tag, steel cage), the stipulations a match can be booked with (no DQ, no
count-outs, falls count anywhere) and the options (a cage of either material, inside or about the
ring, climbing out to win, the referee's Skill and his threshold of warnings, a disqualification
for going over the top, no Edge; the time limit is held in ``test_arm_rules.py``). ARM has no
battle royal (``MATCH_TYPES``).

Figures are the chapter's or docs/rules/arm.md's, written here. The test sheets: every attribute
12 (AGI bonus 2), 72 inches and 230 pounds (WDB 1); Alpha a fan favourite, Beta a rulebreaker.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.arm.engine import MATCH_TYPES, Match, prepare
from rules.core.dice import ScriptedDice
from rules.core.errors import SpecError
from rules.core.result import Method
from tests.rules.arm_support import ALPHA, BETA, Plan, Scripted, arm, kinds, match_of, move, sheet


def booked(faces, stipulations, strategy=None, **kw):
    """Alpha against Beta with the stipulations a booker gives, on scripted dice."""
    spec = arm.make_spec([sheet("alpha"), sheet("beta")], **kw)
    spec = replace(spec, stipulations=dict.fromkeys(stipulations, True))
    return Match(prepare(spec), ScriptedDice(faces), strategy or Scripted())


def on_floor(m, side=BETA, post="facing"):
    f = m.me(side)
    f.zone, f.post = "floor", post
    m.near = False
    return f


def test_the_match_types_are_singles_tag_and_steel_cage_and_nothing_else():
    assert MATCH_TYPES == ("singles", "tag", "steel_cage")
    with pytest.raises(SpecError):
        arm.make_spec([sheet("alpha"), sheet("beta"), sheet("alpha")], "battle_royal")


# ------------------------------------------------------------------------------ the steel cage


def test_a_steel_cage_match_is_a_chainlink_cage_about_the_ring():
    # The Irish Whip on the floor drives Beta into the cage's wall, not the steps or the
    # railing: 2 for the whip, 2 for chainlink ("+2 damage bonus"), 1 his WDB.
    m = match_of([5], match_type="steel_cage", strategy=Scripted(follow_up=[]))
    on_floor(m, ALPHA)
    on_floor(m, BETA)
    m.near = True
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Irish Whip")))
    hit = next(e for e in m.events if e.kind == "hit")
    assert hit.data["damage"] == 2 + 2 + 1 and "chainlink cage" in hit.text
    assert m.prep.cage == 2 and not m.prep.internal_cage


def test_without_a_cage_a_whip_on_the_floor_goes_into_the_steps_or_the_railing():
    m = match_of([5], strategy=Scripted(follow_up=[]))
    on_floor(m, ALPHA)
    on_floor(m, BETA)
    m.near = True
    m.rounds = 1  # (an odd round: the steps, 6)
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Irish Whip")))
    assert next(e for e in m.events if e.kind == "hit").data["damage"] == 2 + 6 + 1


def test_nobody_is_counted_out_of_a_cage():
    m = match_of([], match_type="steel_cage")
    on_floor(m, BETA)
    m.end_of_round()  # no die scripted: a count would run out of them
    assert m.count is None and "count" not in kinds(m)
    standard = match_of([3], strategy=Scripted(return_to_ring=False))
    on_floor(standard, BETA)
    standard.end_of_round()
    assert standard.count == 0  # the count starts (0), and rolls from the next round


def test_climbing_out_of_a_15_step_cage_takes_8_points_in_hand():
    # "a point for each 2 Steps of its 15-Step height (8, ours)": 7 points are not enough.
    for ap, out in ((7, False), (8, True)):
        m = match_of([], match_type="steel_cage", options="escape")
        m.me(ALPHA).zone = "ringside"
        m.ap = ap
        m.position(ALPHA, ("escape",))
        assert (m.method == Method.ESCAPE) is out, ap
        if out:
            assert m.winner == ALPHA


def test_an_escape_is_won_only_where_the_match_is_fought_to_escape():
    m = match_of([], match_type="steel_cage")
    m.me(ALPHA).zone = "ringside"
    m.ap = 8
    m.position(ALPHA, ("escape",))
    assert m.method is None


# ------------------------------------------------------------------------------ stipulations


def test_falls_count_anywhere_counts_a_pin_on_the_floor():
    # Beta down on the floor, Alpha covers him there: three checks (TEC 12, kick out), 13, 14
    # and 15 all fail, and the referee counts three.
    m = booked([13, 14, 15], ["falls_count_anywhere"])
    on_floor(m, ALPHA)
    on_floor(m, BETA, "prone")
    m.near = True
    m.pin(ALPHA)
    assert (m.winner, m.method) == (ALPHA, Method.PIN)
    # In a standard match nothing is counted outside the ring: no die is rolled.
    m = booked([], [])
    on_floor(m, ALPHA)
    on_floor(m, BETA, "prone")
    m.near = True
    m.pin(ALPHA)
    assert m.method is None and m.events == []


def test_falls_count_anywhere_and_no_count_out_leave_a_man_outside_uncounted():
    for stipulation in ("falls_count_anywhere", "no_count_out"):
        m = booked([], [stipulation])
        on_floor(m, BETA)
        m.end_of_round()
        assert m.count is None, stipulation


def test_a_no_dq_stipulation_sees_no_foul_and_disqualifies_nobody():
    m = booked([], ["no_dq"])
    assert m.ref_check(m.me(BETA), "a chair shot", automatic=True) is False
    m.warn(m.me(BETA), "a punch")
    assert m.method is None and m.me(BETA).warnings == 0


def test_the_count_outside_is_past_20():
    # 1d6 a round from the round after it starts: 6, 6, 6 make 18, then a 2 makes 20 (not past
    # it) and a 1 makes 21: counted out. (Beta stays out there.)
    m = match_of([6, 6, 6, 2, 1], strategy=Scripted(return_to_ring=False))
    on_floor(m, BETA)
    m.end_of_round()  # the count begins
    for count in (6, 12, 18, 20):
        m.end_of_round()
        assert m.count == count and m.method is None
    m.end_of_round()
    assert (m.winner, m.method) == (ALPHA, Method.COUNT_OUT)


# ------------------------------------------------------------------------------ options


def test_the_referees_skill_is_the_option_given():
    # referee=8: a 9 is missed, an 8 seen (and a warning).
    m = match_of([9, 8], options="referee=8")
    assert m.ref_check(m.me(BETA), "a punch") is False
    assert m.ref_check(m.me(BETA), "a punch") is True and m.me(BETA).warnings == 1


def test_the_threshold_of_warnings_is_the_option_given():
    # warnings=1: "when he exceeds this number" the second warning disqualifies.
    m = match_of([], options="warnings=1")
    m.warn(m.me(BETA), "a punch")
    assert m.method is None
    m.warn(m.me(BETA), "a punch")
    assert (m.winner, m.method) == (ALPHA, Method.DISQUALIFICATION)
    # The standard threshold is 3: the fourth disqualifies.
    m = match_of([])
    for _ in range(3):
        m.warn(m.me(BETA), "a punch")
    assert m.method is None
    m.warn(m.me(BETA), "a punch")
    assert m.method == Method.DISQUALIFICATION


def test_over_the_top_disqualifies_only_with_the_option():
    # Alpha's dropkick (12, Level 1 against a Fresh man: 10) rolls 1, 9 under, more than 2 past
    # Beta's Lift 0: over the top rope to the floor for 10 + his WDB 1. The referee's check
    # (Skill 12) rolls 3, seen: with over_top_dq a disqualification, without it a warning.
    for options, method, warnings in (("over_top_dq", Method.DISQUALIFICATION, 0), (None, None, 1)):
        m = match_of([1, 3], options=options, strategy=Scripted(follow_up=[]))
        m.me(BETA).zone = "ringside"
        m.attack(ALPHA, Plan(move=move(m, ALPHA, "Dropkick"), over_top=True))
        assert m.me(BETA).zone == "floor" and m.me(BETA).dmg == 10 + 1
        assert (m.method, m.me(ALPHA).warnings) == (method, warnings), options


def test_without_edge_nobody_has_any():
    assert [f.edge for f in match_of([]).all_fighters()] == [3, 2]  # Fame // 100
    assert [f.edge for f in match_of([], options="no_edge").all_fighters()] == [0, 0]


# ------------------------------------------------------------------------------ tag


def test_a_tag_match_plays_both_partners_in_turn():
    m = match_of([], a=sheet("alpha"), b=sheet("beta"))
    assert m.partner(ALPHA) is None  # a singles match has no partner to tag
    spec = arm.make_spec(
        [sheet("alpha"), sheet("alpha", name="Alpha Two"), sheet("beta"), sheet("beta")], "tag"
    )
    t = Match(prepare(spec), ScriptedDice([]), Scripted(plan=Plan(actions=("home", "tag"))))
    alpha = t.me(ALPHA)
    alpha.zone, alpha.home = "corner", True
    t.ap = 3
    t.position(ALPHA, ("home", "tag"))
    assert t.me(ALPHA).w.name == "Alpha Two" and t.partner(ALPHA) is alpha
    assert alpha.zone == "apron" and t.me(ALPHA).debt == 0  # the tag's 3 in hand
