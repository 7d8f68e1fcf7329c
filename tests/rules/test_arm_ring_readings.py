"""ARM in the ring (singles): readings of the in-ring chapter that the engine once got wrong,
each on scripted dice with the chapter's words (issue 38): the charge, the finisher, the corner
against the top rope, the whip and run, the test of strength, a rope break, the finisher's cover
and who is trapped in a corner.

The test sheets (fixtures/arm_alpha.yaml, arm_beta.yaml) have every attribute at 12: AGI bonus
2, WDB 1, Lift 0, Reach 0. Alpha's finisher is the Alpha Driver (a Piledriver).
"""

from __future__ import annotations

from pathlib import Path

import yaml

from rules.arm.state import Hold
from rules.arm.strategy import DefaultStrategy
from tests.rules.arm_support import ALPHA, BETA, Plan, Scripted, arm, kinds, match_of, sheet

SAMPLE = Path(__file__).parents[2] / "rules/data/sample/arm"


def sample(slug: str):
    return arm.parse_card(yaml.safe_load((SAMPLE / f"{slug}.yaml").read_text()), arm.load_tables())


def hits(m):
    return [e for e in m.events if e.kind == "hit"]


# ------------------------------------------------------------------------------ the charge
# "Some maneuvers can be performed while charging at the opponent. The wrestler must use Action
# Points to either start running (4 Action Points) or bounce off the ropes (2 Action Point). The
# Maneuver adds +2 damage." A charge is the maneuver it is run for: once that maneuver is
# missed, ducked or answered, or the other man seizes the initiative, he is not charging.


def clothesline(m, side):
    return m.me(side).w.move("Clothesline")  # (a running knockdown, improvised by Alpha)


def test_a_ducked_charge_is_over_his_answer_next_round_is_no_charge():
    def plan(m, s):
        if s == ALPHA:
            return Plan(move=clothesline(m, s), actions=("run",))
        return Plan(move=m.me(s).w.move("Chop"))

    strategy = Scripted(
        plan=plan,
        counter=lambda m, s, mv: Plan(move=m.me(s).w.move("Duck")) if s == BETA else None,
        respond=lambda m, s: Plan(move=clothesline(m, s)) if s == ALPHA else None,
        follow_up=[],
    )
    # Round 1: Alpha charges; the contest of the duck: Alpha 19 (a miss), Beta 2 (good).
    # Round 2: Beta's chop misses (19); Alpha answers with a clothesline (3: good).
    m = match_of([19, 2, 19, 3], strategy=strategy)
    m.round()
    assert m.adv == BETA and not m.me(ALPHA).running
    m.round()
    answer = [e for e in m.events if e.kind == "attack" and e.actor == "alpha"][-1]
    assert "charging" not in answer.text
    # No charge before it: 4 base + Alpha's WDB 1, no +2.
    assert hits(m)[-1].data == {"move": "Clothesline", "damage": 4 + 1}


def test_a_missed_charge_is_over_the_try_again_after_a_standoff_is_made_standing():
    strategy = Scripted(
        respond=lambda m, s: Plan(move=m.me(s).w.move("Chop")),
        follow_up=[],
    )
    # Alpha's charging clothesline misses (19), Beta's chop misses (18): a standoff; Alpha
    # tries again (5: good).
    m = match_of([19, 18, 5], strategy=strategy)
    m.me(ALPHA).running = True
    m.attack(ALPHA, Plan(move=clothesline(m, ALPHA)))
    attempts = [e.text for e in m.events if e.kind == "attack" and e.actor == "alpha"]
    assert "[charging]" in attempts[0] and "charging" not in attempts[1]
    assert hits(m)[-1].data["damage"] == 4 + 1


def test_the_initiative_seized_ends_the_charge():
    strategy = Scripted(
        plan=lambda m, s: Plan(move=clothesline(m, s), actions=("run",)),
        seize=lambda m, s, plan: s == BETA,
        respond=lambda m, s: None,
        follow_up=[],
    )
    m = match_of([], strategy=strategy)
    m.round()
    assert m.adv == BETA and not m.me(ALPHA).running


def test_a_dash_against_a_cornered_man_crashes_only_when_it_is_a_live_charge():
    # "Dashing maneuvers are High Risk against an opponent who is standing and Cornered": a
    # dash is a maneuver made charging. Alpha's flag left over from an old charge, he walks up
    # to Beta in the corner this round and misses (15): no crash into the turnbuckle.
    strategy = Scripted(plan=lambda m, s: Plan(move=clothesline(m, s)), respond=None)
    m = match_of([15], strategy=strategy)
    alpha = m.me(ALPHA)
    alpha.running = True  # (as a charge ducked the round before once left it)
    m.me(BETA).zone = "corner"
    m.round()
    assert "crash" not in kinds(m) and alpha.dmg == 0 and m.adv == BETA


def test_nobody_starts_a_round_charging():
    strategy = Scripted(plan=lambda m, s: Plan(actions=("stall",)))
    m = match_of([15], strategy=strategy)
    m.me(ALPHA).running = m.me(BETA).running = True  # (left over, as a charge once was)
    m.round()
    assert not m.me(ALPHA).running and not m.me(BETA).running


# ------------------------------------------------------------------------------ the finisher
# "Finishers receive a +2 bonus to Maneuver Skill, and do double damage when they are used."
# Every use of the finisher's maneuver is the finisher: there is no plain piledriver for Alpha.


def test_the_finishers_maneuver_is_always_the_finisher():
    m = match_of([])
    w = m.me(ALPHA).w
    assert w.move("Piledriver") is w.finisher and w.move("Piledriver").finisher
    assert w.finisher not in w.moves  # (the strategy adds it when it is time)


def test_a_piledriver_by_alpha_does_double_damage():
    m = match_of([5, 19], strategy=Scripted(follow_up=[]))
    m.me(BETA).post = "bent"
    m.attack(ALPHA, Plan(move=m.me(ALPHA).w.move("Piledriver")))
    # The Piledriver: 8 damage, the defender's WDB (a lift) 1: 9, doubled; its target with the
    # finisher's +2 (12 + 2, Level 3 against a Fresh man -6): 8, and the 5 lands.
    hit = hits(m)[-1]
    assert hit.data["damage"] == (8 + 1) * 2
    assert "Alpha Driver" in hit.text


def test_fired_up_he_may_not_attempt_his_finisher_until_the_fifth_attack():
    # "He may not attempt his Finisher until the fifth attack."
    m = match_of([])
    m.me(BETA).post = "bent"
    alpha = m.me(ALPHA)
    driver = alpha.w.finisher
    alpha.fired = 5
    assert not m.feasible(ALPHA, driver)
    alpha.fired = 1  # the fifth
    assert m.feasible(ALPHA, driver)


# ------------------------------------------------------------------------------ over the top
# "A wrestler can use some maneuvers (those that normally cause an opponent to end up on the
# mat) to knock or throw the opponent over the top rope. The opponent must have been positioned
# adjacent to the ropes (or be whipped into the ropes and run after instead of a double whip)."
# And for a cornered man: "If the maneuver performed against a cornered opponent is one (like
# drop kick or clothesline) with a chance of knocking down a standing opponent, the opponent
# will be knocked back into the turnbuckle and remain standing".


def test_a_man_standing_in_the_corner_bounces_off_the_turnbuckle_not_over_the_top():
    m = match_of([1, 20], strategy=Scripted(follow_up=[]))
    m.me(BETA).zone = "corner"
    dropkick = m.me(ALPHA).w.move("Dropkick")  # target 10: a 1 is 9 under, over his Lift 0 + 2
    m.attack(ALPHA, Plan(move=dropkick, over_top=True))
    beta = m.me(BETA)
    assert (beta.zone, beta.post) == ("corner", "facing")
    # The dropkick 4 + Alpha's WDB 1, and the turnbuckle's 2 + Beta's WDB 1.
    assert beta.dmg == 4 + 1 + 2 + 1
    assert "corner" in kinds(m) and "over the top" not in hits(m)[-1].text


def test_whipped_into_the_ropes_he_goes_over_only_when_the_attacker_runs_after_him():
    for running, over in ((False, False), (True, True)):
        m = match_of([1, 20], strategy=Scripted(follow_up=[]))
        beta = m.me(BETA)
        beta.zone, beta.whipped = "ringside", True
        m.me(ALPHA).running = running
        m.attack(ALPHA, Plan(move=m.me(ALPHA).w.move("Dropkick"), over_top=True))
        assert (beta.zone == "floor") is over, running


def test_the_strategy_runs_after_a_whipped_man_to_throw_him_over():
    class Over(DefaultStrategy):
        def _over_top_gain(self, match, side, move, actions, target):
            return 100.0  # (worth it, whatever it costs)

    m = match_of([], a=sheet("alpha", alignment="heel"), strategy=Over())
    beta = m.me(BETA)
    beta.zone, beta.whipped = "ringside", True
    m.ap = 2
    plan = Over()._plan(m, ALPHA)
    assert plan.over_top and plan.actions[-1] == "run"


# ------------------------------------------------------------------------------ trapped
# "If an opponent is trapped in the corner (positioned into the turnbuckle zone), the attacker
# receives a +2 to maneuver skill." The man in the corner is the one whipped or backed into it,
# not the man who came to him there.


def test_the_man_whipped_into_the_turnbuckle_is_the_one_trapped_not_the_one_who_came_to_him():
    strategy = Scripted(follow_up=[])
    # The Irish whip (5: good); then Beta, in the corner, tries to trap Alpha (4: good, no
    # check: Alpha is not cornered); then Alpha traps Beta (4, and the referee's 15: missed).
    m = match_of([5, 4, 4, 15], strategy=strategy)
    m.attack(ALPHA, Plan(move=m.me(ALPHA).w.move("Irish Whip")))
    assert m.me(BETA).zone == "corner"
    m.position(ALPHA, ("approach",))
    assert m.me(ALPHA).zone == "corner"  # (the same square: in front of Beta)
    headbutt = m.me(BETA).w.move("Headbutt")
    plan = Plan(move=headbutt, trap=True)
    assert m.target(BETA, headbutt, plan) == 12  # no +2: Alpha's back is not to the turnbuckle
    m.attack(BETA, plan)
    assert not [e for e in m.events if "trapping Alpha" in e.text]
    chop = m.me(ALPHA).w.move("Chop")
    plan = Plan(move=chop, trap=True)
    assert m.target(ALPHA, chop, plan) == 14
    m.attack(ALPHA, plan)
    told = [e.text for e in m.events if e.kind == "referee"]
    assert told == [
        "Referee check for trapping Beta in the corner (Skill 12, rolls 15): missed it."
    ]


# ------------------------------------------------------------------------------ the opening
# "The 'test of strength' ... is very similar to the C.E.T. The main difference is that in a
# test of strength, only STR (not TEC) can be used in the Contest, and each wrestler modifies
# the check according to his 'Reach' bonus or penalty."


def test_a_strong_long_armed_man_asks_for_a_test_of_strength():
    # Thaddeus Moor: STR 17, 80 inches (Reach +2), TEC 8, SAV 10; Bastian Holloway: STR 12,
    # TEC 17, 72 inches (Reach 0), SAV 15. STR + Reach 19 against 12 is a surer contest for
    # Thaddeus than the tie-up (17 against 17) or the SAV contest (10 against 15), and beats
    # his SAV by 3.
    thaddeus, bastian = sample("thaddeus-moor"), sample("bastian-holloway")
    m = match_of([], a=thaddeus, b=bastian, strategy=DefaultStrategy())
    assert DefaultStrategy().opening(m, ALPHA) == "strength"
    assert DefaultStrategy().opening(m, BETA) == "sav"


# ------------------------------------------------------------------------------ draws
# "Some matches can end in a draw ... the referee rules that the match cannot be finished as
# sanctioned (for example, if the ringside ropes break)." The ropes breaking, not a hold broken
# in the ropes: a man who reaches the ropes breaks the hold, and the match goes on.


def test_a_hold_broken_in_the_ropes_is_no_draw():
    strategy = Scripted(keep_hold=True, hold_escape="rope", hold_in_ropes=False)
    m = match_of([2], strategy=strategy)  # Beta reaches the ropes (SAV 12: 2, good)
    m.me(BETA).zone = m.me(ALPHA).zone = "ringside"
    m.hold = Hold(ALPHA, m.me(ALPHA).w.move("Side Headlock"), 3, 10)
    m.hold_round()
    assert m.hold is None and m.method is None


# ------------------------------------------------------------------------------ the cover
# "Against an opponent in Winded (Level 2) or worse condition, any pinfall following a
# Finisher -- even a single finger 'cover' -- receives an automatic 2-count": the finisher that
# leaves its man down is followed by its cover, not by another strike of a BRA combo.


def test_a_kick_finisher_is_followed_by_the_cover_not_a_chained_strike():
    kicker = sheet("alpha", finisher={"maneuver": "Roundhouse Kick", "name": "Alpha Kick"})
    m = match_of([], a=kicker, strategy=DefaultStrategy())
    kick = m.me(ALPHA).w.finisher
    assert kick.chains  # (a BRA kick: it could chain)
    m.me(BETA).post = "prone"
    assert DefaultStrategy().chain(m, ALPHA, kick, 0) is None
