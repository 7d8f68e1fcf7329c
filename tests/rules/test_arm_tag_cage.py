"""ARM tag teams and cages on scripted dice (the test sheets: every attribute 12, AGI bonus 2)."""

from __future__ import annotations

from rules.arm.engine import Match, prepare
from rules.arm.state import SUCCESS
from rules.arm.strategy import ArmStrategy, DefaultStrategy
from rules.core.dice import ScriptedDice
from rules.core.result import Method
from tests.rules.arm_support import (
    ALPHA,
    BETA,
    Plan,
    Scripted,
    arm,
    kinds,
    match_of,
    move,
    sheet,
    tag_match,
)

# ------------------------------------------------------------------------------ tags


def test_a_tag_costs_3_points_in_his_corner_and_the_partner_carries_what_was_lacking():
    m = tag_match([], Scripted(plan=Plan(actions=("home", "tag"))))
    alpha = m.me(ALPHA)
    alpha.zone, alpha.home = "corner", True
    m.round()  # AGI bonus 2 against the tag's 3: one point short
    new = m.me(ALPHA)
    assert m.legal[ALPHA] == 1 and new.w.name == "Alpha Two" and new.debt == 1
    assert new.zone == "corner" and alpha.zone == "apron"
    assert m.target(ALPHA, move(m, ALPHA, "Chop")) == 12 - 1
    assert "tag" in kinds(m)


def test_a_lunge_tag_is_an_agi_defense_at_minus_1_a_point_to_the_corner():
    lunge = Scripted(counter=lambda m, s, mv: Plan(move=move(m, s, "Lunge Tag")))
    m = tag_match([9, 8], lunge)
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    counter = next(e for e in m.events if e.kind == "counter")
    # Beta improvises it (-2) and is two squares from his corner (-2): 8.
    assert counter.data["targets"] == [12, 8]
    # Both succeed (8 is even an Ace): the higher roll wins the contest, and it is Alpha's 9.
    assert m.legal[BETA] == 0 and m.adv == ALPHA


def test_a_lunge_tag_that_wins_brings_the_partner_in_with_advantage():
    lunge = Scripted(counter=lambda m, s, mv: Plan(move=move(m, s, "Lunge Tag")))
    m = tag_match([3, 8], lunge)
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    assert m.legal[BETA] == 1 and m.adv == BETA


def test_a_blind_tag_unseen_makes_the_new_mans_first_attack_unopposed():
    m = tag_match([4, 15], Scripted(plan=Plan(actions=("home", "blind_tag"))))
    alpha = m.me(ALPHA)
    alpha.zone, alpha.home = "corner", True
    m.round()
    # The trick (SAV 12, improvised -2): 4; Beta's SAV check: 15, he never saw it.
    assert m.legal[ALPHA] == 1 and m.me(BETA).surprised


def test_a_fake_tag_that_works_brings_the_partner_in_and_counts_as_cheating():
    m = tag_match([5], Scripted(plan=Plan(actions=("fake_tag",))))
    m.round()
    # A Level 1 trick, improvised: 12 - 2 - 2 = 8; 5 works.
    assert m.legal[ALPHA] == 1 and m.fighters[ALPHA][0].cheated


def test_a_fake_tag_nobody_buys_leaves_the_same_man_in_and_still_counts_as_a_trick():
    m = tag_match([9], Scripted(plan=Plan(actions=("fake_tag",))))
    m.round()
    alpha = m.fighters[ALPHA][0]
    assert m.legal[ALPHA] == 0 and alpha.tricks == 1 and alpha.cheated
    fake = next(e for e in m.events if e.kind == "fake_tag")
    assert (fake.dice, fake.text) == (
        (9,),
        "Alpha claps for a fake tag (8, rolls 9): nobody buys it.",
    )


def test_a_fake_tag_the_referee_buys_is_told_with_its_roll():
    m = tag_match([5], Scripted(plan=Plan(actions=("fake_tag",))))
    m.round()
    fake = next(e for e in m.events if e.kind == "fake_tag")
    assert (fake.actor, fake.dice) == ("alpha", (5,))
    assert fake.text == "Alpha claps for a fake tag (8, rolls 5): the referee buys it!"


def test_a_blind_tag_the_opponent_sees_gives_no_surprise():
    m = tag_match([4, 12], Scripted(plan=Plan(actions=("home", "blind_tag"))))
    alpha = m.me(ALPHA)
    alpha.zone, alpha.home = "corner", True
    m.round()
    # The trick works (4 against 10); Beta's SAV check (12) succeeds on the 12 itself.
    tag = next(e for e in m.events if e.kind == "blind_tag")
    assert m.legal[ALPHA] == 1 and not m.me(BETA).surprised
    assert (tag.dice, tag.text) == ((4, 12), "Beta saw the tag.")


def test_a_blind_tag_that_fails_as_a_trick_is_seen_without_his_roll():
    m = tag_match([11], Scripted(plan=Plan(actions=("home", "blind_tag"))))
    alpha = m.me(ALPHA)
    alpha.zone, alpha.home = "corner", True
    m.round()
    tag = next(e for e in m.events if e.kind == "blind_tag")
    assert m.legal[ALPHA] == 1 and not m.me(BETA).surprised
    assert (tag.dice, tag.text) == ((11,), "Beta saw the tag.")


def test_making_the_save_stops_the_count_warns_the_saver_and_distracts_the_referee():
    m = tag_match([7], Scripted(save=True))
    m.me(BETA).post = "prone"
    m.pin(ALPHA)
    save = next(e for e in m.events if e.kind == "save")
    # Beta Two's stomp (improvised: 10), one point beyond his AGI bonus to reach the center
    # from his corner (2 squares and the step through the ropes): 9; a 7 lands.
    assert save.data["target"] == 9
    saver = m.partner(BETA)
    assert m.method is None and saver.warnings == 1 and m.distracted == 1
    assert m.me(ALPHA).dmg == 2 + 1
    assert save.text == "Beta Two storms in to break it up with a stomp (9, rolls 7)!"
    assert [e.text for e in m.events if e.kind in ("warning", "argue")] == [
        "The referee warns Beta Two for coming in illegally (warning 1).",
        "The referee argues Beta Two out of the ring.",
    ]


def test_the_other_partner_can_block_the_save():
    strategy = Scripted(save=True, block=True)
    # The save (7); the blocker's SAV roll to get in (5); his punch as a Reversal of the save
    # (BRA 12, -1 as a reversal with a maneuver he knows: 11; 9 beats the save's 7).
    m = tag_match([7, 5, 9, 18, 18, 18], strategy)
    m.me(BETA).post = "prone"
    m.pin(ALPHA)
    assert [e.text for e in m.events if e.kind == "block"] == [
        "Alpha Two cuts Beta Two off with a punch (11, rolls 9): blocked!"
    ]
    assert next(e for e in m.events if e.kind == "block").dice == (5, 9)
    assert m.partner(BETA).dmg == 2 + 1 and m.me(ALPHA).dmg == 0
    assert (m.winner, m.method) == (ALPHA, Method.PIN)  # the count goes on: 18, 18, 18


def test_a_double_team_is_one_roll_the_lower_skill_plus_a_third_of_the_higher():
    m = tag_match([])
    m.distracted = 1
    plan = Plan(move=move(m, ALPHA, "Chop"), double=m.partner(ALPHA).w.move("Body Slam"))
    # Alpha's chop 12, the partner's body slam 12 - 2 (Level 1 against a Fresh man): different
    # maneuvers, so the lower (10) plus a third of the higher (12), rounded up.
    assert m.target(ALPHA, plan.move, plan) == 10 + 4


def test_a_double_team_of_the_same_maneuver_takes_the_higher_skill_plus_a_third_of_the_lower():
    strong = sheet("alpha", name="Alpha Two", attributes={**sheet("alpha").attrs, "BRA": 15})
    spec = arm.make_spec([sheet("alpha"), strong, sheet("beta"), sheet("beta")], "tag")
    m = Match(prepare(spec), ScriptedDice([]), Scripted())
    plan = Plan(move=move(m, ALPHA, "Chop"), double=m.partner(ALPHA).w.move("Chop"))
    assert m.target(ALPHA, plan.move, plan) == 15 + 4


# ------------------------------------------------------------------------------ cages


def test_a_cage_is_a_weapon_steel_pipe_adds_10():
    m = match_of([5], options="cage=pipe,internal_cage", strategy=Scripted(follow_up=[]))
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Irish Whip")))
    hit = next(e for e in m.events if e.kind == "hit")
    # The Irish Whip (2), the steel pipe (10), Beta's own weight (WDB 1).
    assert hit.data["damage"] == 2 + 10 + 1 and "steel pipe cage" in hit.text


def test_without_a_cage_the_irish_whip_drives_him_into_the_turnbuckle():
    m = match_of([5], strategy=Scripted(follow_up=[]))
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Irish Whip")))
    assert next(e for e in m.events if e.kind == "hit").data["damage"] == 2 + 2 + 1
    assert m.me(BETA).zone == "corner"


def test_an_internal_cage_leaves_no_ropes_to_whip_into_or_run_off():
    m = match_of([], options="cage,internal_cage")
    m.ap = 6
    m.reposition(ALPHA, "whip", None, None)
    assert not m.me(BETA).whipped and m.ap == 6


def test_climbing_out_of_the_cage_wins_an_escape_match():
    m = match_of([], options="cage,escape", strategy=Scripted(plan=Plan(actions=("escape",))))
    alpha = m.me(ALPHA)
    alpha.zone = "ringside"
    m.round()  # two points in hand; the 15-Step cage takes 8
    assert m.method is None
    m.ap = 8
    m.position(ALPHA, ("escape",))
    assert (m.winner, m.method) == (ALPHA, Method.ESCAPE)


def test_a_lunge_escape_is_a_defense_at_minus_1_a_square_from_the_wall():
    lunge = Scripted(counter=lambda m, s, mv: Plan(move=move(m, s, "Lunge Escape")))
    m = match_of([2, 8], options="cage,escape", strategy=lunge)
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    counter = next(e for e in m.events if e.kind == "counter")
    assert counter.data["targets"] == [12, 12 - 2 - 2]  # improvised, two squares to the wall
    assert (m.winner, m.method) == (BETA, Method.ESCAPE)


def test_a_double_team_maneuver_takes_a_partner_and_is_never_tried_alone():
    # "A double team maneuver is treated as a single action" of two wrestlers (the chapter's
    # double dropkick): alone, in a singles match, nobody can do one.
    doubler = sheet("alpha", arsenal=["Double Dropkick", "Chop"])
    m = match_of([], a=doubler)
    dropkick = move(m, ALPHA, "Double Dropkick")
    assert dropkick.double
    assert not m.feasible(ALPHA, dropkick)
    assert not m.feasible(ALPHA, dropkick, Plan(move=dropkick))
    plan = DefaultStrategy().plan(m, ALPHA)
    assert plan.move is not None and plan.move.name != "Double Dropkick"
    assert ArmStrategy().plan(m, ALPHA).move.name != "Double Dropkick"
    # With the partner in on it, it is a double team like any other.
    spec = arm.make_spec(
        [doubler, sheet("alpha", name="Alpha Two"), sheet("beta"), sheet("beta")], "tag"
    )
    t = Match(prepare(spec), ScriptedDice([]), Scripted())
    dropkick = move(t, ALPHA, "Double Dropkick")
    assert t.feasible(ALPHA, dropkick, Plan(move=dropkick, double=move(t, ALPHA, "Chop")))


def test_the_man_who_made_the_save_gets_a_free_shot_at_a_man_who_ignores_him():
    # Beta Two made the save: Alpha takes on Beta alone, so Beta Two's punch (Level 0, BRA 12)
    # comes free; an 8 lands (2 damage and WDB 1) and his side takes over.
    m = tag_match([8], Scripted(two_men="one"))
    m.two_men, m.adv = BETA, ALPHA
    m.two_men_round()
    shot = next(e for e in m.events if e.kind == "free_attack")
    assert shot.text == "Beta Two gets a free shot in with a punch (12, rolls 8)!"
    assert m.me(ALPHA).dmg == 2 + 1 and m.adv == BETA and m.two_men is None


def test_no_free_shot_from_a_man_knocked_out_nor_when_his_side_has_the_advantage():
    m = tag_match([8], Scripted(two_men="one"))
    m.two_men, m.adv = BETA, ALPHA
    m.partner(BETA).out = True
    m.two_men_round()
    assert m.events == [] and m.me(ALPHA).dmg == 0 and m.two_men is None
    m = tag_match([8], Scripted(two_men="one"))
    m.two_men, m.adv = BETA, BETA
    m.two_men_round()
    assert m.events == [] and m.two_men is None


def test_taking_on_both_men_is_a_round_at_minus_2_a_target():
    m = tag_match([], Scripted(two_men="both"))
    m.two_men, m.adv = BETA, ALPHA
    m.two_men_round()
    assert m.both == ALPHA and m.events == []


def test_a_maneuver_on_both_men_hurts_both_unless_the_second_is_out():
    for out, second in ((False, 2 + 1), (True, 0)):  # a chop's 3 (2 and WDB 1)
        m = tag_match([])
        m.both = ALPHA
        m.partner(BETA).out = out
        chop = move(m, ALPHA, "Chop")
        m.land(ALPHA, Plan(move=chop), chop, 10, SUCCESS, 12)
        assert (m.me(BETA).dmg, m.partner(BETA).dmg) == (2 + 1, second)
