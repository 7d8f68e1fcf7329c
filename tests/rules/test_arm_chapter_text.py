"""The ARM chapter's explicit words, one rule at a time, that a reading of the engine against the
text found it playing otherwise. Each test quotes the sentence it holds the engine to (the
test sheets: every attribute 12, TOU 12, WDB 1, AGI bonus 2; Alpha a fan favourite with 3 Edge,
Beta a rulebreaker with 2)."""

from __future__ import annotations

from rules.arm.state import SUCCESS, Hold
from rules.arm.strategy import DefaultStrategy
from rules.core.result import Method
from tests.rules.arm_support import ALPHA, BETA, Plan, Scripted, match_of, move, sheet, tag_match

mind = DefaultStrategy()


def texts(m, kind):
    return [e.text for e in m.events if e.kind == kind]


# ------------------------------------------------------------------------------ pins


def test_a_finisher_that_is_a_pin_predicament_is_an_automatic_two_count_too():
    # "Against an opponent in Winded (Level 2) or worse condition, any pinfall following a
    # Finisher ... receives an automatic 2-count (that is, the opponent only uses a single d20
    # to break the pin)." The Small Package as a finisher: 3 lands (TEC 12, +2, -2 its Level
    # 1 over his weardown 0), 4 damage takes Beta (36) past his first break: Winded; the injury
    # check 13; then one die, 5, against TEC 12 - 2 (predicament) - 1 (Winded): kicked out.
    rollup = sheet("alpha", finisher={"maneuver": "Small Package", "name": "Alpha Roll"})
    m = match_of([3, 13, 5], a=rollup, strategy=Scripted(follow_up=[]))
    m.me(BETA).post = "prone"
    m.hurt(m.me(BETA), 36, None)
    m.attack(ALPHA, Plan(move=m.me(ALPHA).w.finisher))
    pin = next(e for e in m.events if e.kind == "pin")
    assert pin.dice == (5,) and pin.data["checks"] == 1
    assert pin.text == (
        "An automatic two-count after the finisher: one, two... Beta kicks out (needs 9)!"
    )


def test_a_predicament_broken_leaves_the_damage_less_the_count_to_reposition_with():
    # "After he successfully performs any Maneuver on an opponent, he may reposition his
    # opponent (and/or himself) by as many total Action Points as the damage inflicted", and
    # "each pin count 'shakes off' 1 Action Point". A Small Package (1 + WDB 1 = 2 damage): one
    # check fails (15), so a one-count, one point shaken off, one left for what follows.
    asked = []

    def follow_up(m, s, mv):
        asked.append((mv.name, m.ap))
        return []

    m = match_of([5, 15, 3, 4], strategy=Scripted(follow_up=follow_up))
    m.me(BETA).post = "facing"
    package = move(m, ALPHA, "Small Package")
    m.land(ALPHA, Plan(move=package), package, 5, SUCCESS, 10)
    assert next(e for e in m.events if e.kind == "pin").data["count"] == 1
    assert asked == [("Small Package", 1)]


def test_hooking_a_leg_is_no_bar_to_pulling_the_hair():
    # "A wrestler can hook a leg when making a pin, applying a -1 to attempts to Power Out,
    # Kick Out, Lift a Shoulder, or reach the ropes"; a lobster "counts as hooking both legs".
    m = match_of([])
    m.me(BETA).post = "prone"
    press = m.break_targets(BETA)
    hooked = m.break_targets(BETA, kind="hook_leg")
    lobster = m.break_targets(BETA, kind="lobster")
    # (The ropes from the center of the ring: SAV 12, -4.)
    assert press == {"power": 12, "kick": 12, "shoulder": 12, "hair": 12, "rope": 8}
    assert hooked == {"power": 11, "kick": 11, "shoulder": 11, "hair": 12, "rope": 7}
    assert lobster == {"power": 10, "kick": 10, "shoulder": 10, "hair": 12, "rope": 6}


def test_covering_again_after_the_finisher_is_still_a_pinfall_following_it():
    # "Any pinfall following a Finisher ... receives an automatic 2-count", and "any use of
    # Edge points against a Finisher (including the followup pinfall ...) is double cost": a
    # second cover with no new attack follows the finisher still. The Alpha Driver lands (3;
    # injury check 13) on a Winded Beta; the first cover's one die, 2, breaks it; the second
    # cover's one die, 16, does not (12 - 1 Winded + 2 for covering again: 13).
    m = match_of([3, 13, 2, 16], strategy=Scripted(follow_up=["cover"], cover_again=True))
    m.me(BETA).post = "bent"
    m.hurt(m.me(BETA), 30, None)
    m.me(BETA).edge = 0
    m.attack(ALPHA, Plan(move=m.me(ALPHA).w.finisher))
    pins = [e for e in m.events if e.kind == "pin"]
    assert [p.dice for p in pins] == [(2,), (16,)]
    assert all(p.text.startswith("An automatic two-count after the finisher") for p in pins)
    assert (m.winner, m.method) == (ALPHA, Method.PIN)
    assert next(e for e in m.events if e.kind == "pinfall").text.startswith(
        "Three! Alpha pins Beta after the Alpha Driver"
    )


# ------------------------------------------------------------------------------ time and counts


def test_a_stall_after_a_maneuver_is_a_half_length_round_of_its_own():
    # "When a wrestler performs a maneuver, he can choose to stall a round (or more) ...
    # 'Stalling' rounds are half-length (5 seconds)": the chop's round, then the stall's.
    chop = Scripted(plan=lambda m, s: Plan(move=move(m, s, "Chop")), follow_up=["stall"])
    m = match_of([5, 10], strategy=chop)
    m.round()
    assert texts(m, "stall") == ["Alpha takes a breather (STA 12, rolls 10): 2 back."]
    assert m.clock == 10 + 5
    instead = match_of([10], strategy=Scripted(plan=Plan(actions=("stall",))))
    instead.round()  # a stall in place of the maneuver: the round is the stall
    assert instead.clock == 5


def test_a_distracted_referee_counts_nothing_till_his_distraction_is_over():
    # A distraction lasts "this round and the next" (ours) and the referee "sees and counts
    # nothing" meanwhile: Beta on the floor is not counted until the third round's end.
    m = match_of([3], strategy=Scripted(return_to_ring=False))
    m.me(BETA).zone = "floor"
    m.distracted = 2
    m.end_of_round()
    m.end_of_round()
    assert m.count is None and m.distracted == 0
    m.end_of_round()
    assert m.count == 0  # "The referee starts the count."
    m.end_of_round()
    assert m.count == 3


def test_a_choke_the_referee_notices_is_counted_1d6_a_round_and_past_five_disqualifies():
    # "Very often, the referee does not take immediate action ... but rather begins issuing a
    # count: during chokeholds ... he will have to notice the illegal action ... Then he
    # issues a referee warning, and the next round begins counting. At the end of each round a
    # referee is counting, roll 1d6 and add it to the current count; if the total is higher
    # than the limit of the count, the referee will take action": a choke past a five count.
    # Beta's choke lands (the referee sees it: 4, a warning); the next round Alpha fails to
    # break it (18) and the count is 2 at its end; the round after (18 again) 2 + 4 = 6:
    # disqualified.
    choker = Scripted(keep_hold=True, hold_escape="tec")
    m = match_of([4, 18, 2, 18, 4], strategy=choker)
    choke = move(m, BETA, "Choke")
    m.land(BETA, Plan(move=choke), choke, 5, SUCCESS, 12)
    assert m.me(BETA).warnings == 1 and m.hold.count == 0
    m.round()
    assert m.hold.count == 2 and m.method is None
    m.round()
    assert texts(m, "count") == [
        "The referee counts the choke: 2.",
        "The referee counts the choke: 6.",
    ]
    assert (m.winner, m.method) == (ALPHA, Method.DISQUALIFICATION)


def test_the_default_strategy_lets_a_counted_choke_go_before_the_count_can_pass_five():
    m = match_of([])
    h = Hold(BETA, move(m, BETA, "Choke"), 3, 10)
    assert mind.keep_hold(m, BETA, h)  # unseen, the first round
    h.count = 0  # counted: only a six could take it past five
    assert mind.keep_hold(m, BETA, h)
    h.count = 1
    assert not mind.keep_hold(m, BETA, h)
    face = Hold(ALPHA, move(m, ALPHA, "Choke"), 3, 10)
    face.count = 0  # a fan favourite lets go once the referee counts
    assert not mind.keep_hold(m, ALPHA, face)


def test_a_hold_kept_on_in_the_ropes_is_counted_and_past_five_disqualifies():
    # The chapter's automatic disqualifications include "refusing to break a hold within a
    # five count after the opponent has reached the ropes", and a count begins once the
    # referee has noticed it and warned: "the next round begins counting". Beta's bearhug
    # (3 + WDB 1 = 4 a round) on Alpha beside the ropes: Alpha reaches them (SAV 12, 9),
    # Beta holds on, the referee sees it (4): a warning. The next round Alpha fails to work
    # free (18) and the count is 3; the round after (18; past his TOU 12 the STA check, 5,
    # holds) 3 + 3 = 6: disqualified.
    holder = Scripted(keep_hold=True, hold_escape="rope", hold_in_ropes=True)
    m = match_of([9, 4, 18, 3, 18, 5, 3], strategy=holder)
    m.me(ALPHA).zone = m.me(BETA).zone = "ringside"
    hug = move(m, BETA, "Bearhug")
    m.land(BETA, Plan(move=hug), hug, 5, SUCCESS, 12)
    m.round()
    assert [e.text for e in m.events[1:]] == [
        "Alpha reaches for the ropes (SAV 12, rolls 9): free!",
        "Beta will not break the bearhug with Alpha in the ropes!",
        "Referee check for holding on with Alpha in the ropes (Skill 12, rolls 4): seen!",
        "The referee warns Beta for holding on with Alpha in the ropes (warning 1).",
        "Beta cranks on the bearhug (4 damage).",
    ]
    assert m.hold is not None and m.hold.ropes and m.hold.count == 0
    m.round()
    assert "rope" not in m.hold_targets(BETA, m.hold)  # in them already
    m.round()
    assert texts(m, "count") == [
        "The referee counts, Alpha in the ropes: 3.",
        "The referee counts, Alpha in the ropes: 6.",
    ]
    assert texts(m, "disqualification") == [
        "Beta is disqualified for not breaking the hold in the ropes past a five count!"
    ]
    assert (m.winner, m.method) == (ALPHA, Method.DISQUALIFICATION)


def test_a_hold_in_the_ropes_unseen_is_looked_for_again_each_round():
    # Missed (15), the referee looks again the next round (4): a warning, and the count is
    # from the round after.
    holder = Scripted(keep_hold=True, hold_escape="rope", hold_in_ropes=True)
    m = match_of([9, 15, 4, 18], strategy=holder)
    m.me(ALPHA).zone = m.me(BETA).zone = "ringside"
    hug = move(m, BETA, "Bearhug")
    m.land(BETA, Plan(move=hug), hug, 5, SUCCESS, 12)
    m.round()
    assert m.hold.count == -1 and m.me(BETA).warnings == 0
    m.round()
    assert texts(m, "referee") == [
        "Referee check for holding on with Alpha in the ropes (Skill 12, rolls 15): missed it.",
        "Referee check for holding on with Alpha in the ropes (Skill 12, rolls 4): seen!",
    ]
    assert m.hold.count == 0 and m.me(BETA).warnings == 1 and not texts(m, "count")


def test_a_hold_dragged_out_of_the_ropes_is_no_longer_counted():
    m = match_of([18], strategy=Scripted(drag=True, keep_hold=True))  # he fails to work free
    m.me(ALPHA).zone = m.me(BETA).zone = "ringside"
    h = Hold(BETA, move(m, BETA, "Bearhug"), 4, 10)
    h.ropes, h.count, h.count_from = True, 3, 99
    m.hold = h
    m.round()
    assert (h.ropes, h.count) == (False, -1)
    assert texts(m, "position") == ["Beta drags Alpha away from the ropes, hold and all."]
    assert not texts(m, "count")


def test_a_rulebreaker_keeps_a_hold_worth_keeping_on_in_the_ropes_until_he_is_counted():
    m = match_of([])
    m.me(ALPHA).zone = m.me(BETA).zone = "ringside"
    sleeper = Hold(BETA, move(m, BETA, "Sleeper"), 3, 10)
    assert mind.hold_in_ropes(m, BETA, sleeper)  # no count yet, warnings to spare
    sleeper.count = 0
    assert not mind.hold_in_ropes(m, BETA, sleeper)
    m.me(BETA).warnings = m.prep.warnings - 1  # one more warning and he is gone
    assert not mind.hold_in_ropes(m, BETA, Hold(BETA, move(m, BETA, "Sleeper"), 3, 10))
    m.distracted = 1  # the referee cannot see it
    assert mind.hold_in_ropes(m, BETA, Hold(BETA, move(m, BETA, "Sleeper"), 3, 10))
    # A fan favourite breaks; nobody holds on to a hold not worth it.
    assert not mind.hold_in_ropes(m, ALPHA, Hold(ALPHA, move(m, ALPHA, "Sleeper"), 3, 10))
    assert not mind.hold_in_ropes(m, BETA, Hold(BETA, move(m, BETA, "Bearhug"), 3, 10))
    # Counted: one more round while only a six could take it past five, then let go.
    counted = Hold(BETA, move(m, BETA, "Bearhug"), 3, 10)
    counted.ropes, counted.count = True, 0
    m.distracted = 0
    assert mind.keep_hold(m, BETA, counted)
    counted.count = 1
    assert not mind.keep_hold(m, BETA, counted)


# ------------------------------------------------------------------------------ misses


def test_a_botched_high_risk_maneuver_crashes_and_is_telegraphed():
    # "Any failure causes him to take 2 points of damage (plus his WDB and any altitude bonus)
    # and gives the opponent Advantage"; a Botch is "telegraphed": "+2 ... the next move".
    m = match_of([20], a=sheet("alpha", arsenal=["Dropkick"]))
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Dropkick")))
    assert texts(m, "crash") == ["Alpha misses and crashes and burns! (3 damage)"]
    assert m.adv == BETA and m.me(BETA).telegraph == 2


def test_only_a_dash_at_a_cornered_man_crashes_into_the_turnbuckle_and_he_stays_up():
    # "Dashing maneuvers are High Risk against an opponent who is standing and Cornered", and
    # like the defender's, the attacker's crash into the turnbuckle leaves him standing.
    for running, crashed in ((False, False), (True, True)):
        liner = sheet("alpha", arsenal=["Clothesline"])
        m = match_of([15], a=liner, strategy=Scripted(respond=None))
        alpha, beta = m.me(ALPHA), m.me(BETA)
        beta.zone = alpha.zone = "corner"
        alpha.running = running
        m.attack(ALPHA, Plan(move=move(m, ALPHA, "Clothesline")))
        assert bool(texts(m, "crash")) is crashed, running
        assert alpha.post == "facing" and alpha.dmg == (2 + 1 if crashed else 0)


def test_a_dodged_high_risk_maneuver_crashes_too():
    # Beta's Dodge (AGI 12, improvised -2, its Level 1 -2: 8) wins the contest, 5 against
    # Alpha's miss (14 against 10): a failure like any other.
    dodge = Scripted(counter=lambda m, s, mv: Plan(move=move(m, s, "Dodge")))
    m = match_of([14, 5], a=sheet("alpha", arsenal=["Dropkick"]), strategy=dodge)
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Dropkick")))
    assert texts(m, "crash") == ["Alpha misses and crashes and burns! (3 damage)"]
    assert m.adv == BETA and m.me(ALPHA).post == "prone"


def test_an_unopposed_attack_is_two_rolls_once_and_a_man_in_no_state_has_no_answer():
    # "The attacker makes two rolls, and uses the more advantageous one"; "if he fails, the
    # opponent gains Advantage and attempts a maneuver" -- a dazed man cannot: the round ends.
    butt = Scripted(respond=lambda m, s: Plan(move=move(m, s, "Headbutt")), follow_up=[])
    m = match_of([15, 16], strategy=butt)
    m.me(BETA).dizzy = 1
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    assert [e.dice for e in m.events if e.kind == "attack"] == [(15, 16)]
    assert texts(m, "miss") == ["Alpha misses, but Beta is in no state to make anything of it."]
    assert m.adv == ALPHA
    # A man taken by surprise has his wits about him after: he answers the miss.
    m = match_of([15, 16, 5], strategy=butt)
    m.me(BETA).surprised = True
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    assert [e.dice for e in m.events if e.kind == "attack"] == [(15, 16), (5,)]
    assert m.adv == BETA


def test_a_dizzying_maneuver_leaves_him_dizzy_for_the_next_round():
    # "Attacks after a dizzying or blinding maneuver (such as the Airplane Spin or Eye Gouge)"
    # are unopposed: the Elbow Drop of the round after the spin is two rolls (5, 9).
    spinner = sheet("alpha", arsenal=["Airplane Spin", "Elbow Drop"])
    drop = Scripted(plan=lambda m, s: Plan(move=move(m, s, "Elbow Drop")), follow_up=[])
    m = match_of([5, 9], a=spinner, strategy=drop)
    spin = move(m, ALPHA, "Airplane Spin")
    m.land(ALPHA, Plan(move=spin), spin, 5, SUCCESS, 10)
    m.end_of_round()
    m.round()
    assert [e.dice for e in m.events if e.kind == "attack"] == [(5, 9)]
    assert m.me(BETA).dizzy == 0


def test_powder_blinds_for_as_many_rounds_as_its_damage():
    # Powder "blinds for a number of rounds equal to the damage done": its 2 (the objects
    # table), thrown behind the referee's back (the injury check, a foreign object: 13).
    m = match_of([13], a=sheet("alpha", arsenal=["Powder"], objects=["Powder"]))
    m.distracted = 1
    powder = move(m, ALPHA, "Powder")
    assert m.land(ALPHA, Plan(move=powder), powder, 5, SUCCESS, 10) == 2
    ends = 0
    while m.me(BETA).blind:
        m.end_of_round()
        ends += 1
    assert ends == 1 + 2  # the end of the round it was thrown in, then two rounds blind


# ------------------------------------------------------------------------------ the next move


def test_a_warning_and_a_telegraph_are_spent_on_the_next_maneuver_attempted_hit_or_miss():
    # A Referee Warning is "-1 to the next maneuver he attempts"; a telegraph "+2 bonus to the
    # Maneuver Skill of the next move they attempt". Beta answers Alpha's miss (15) with both
    # (12 - 1 + 2 = 13) and misses (17); after the standoff his next answer is at 12 less the
    # repeat's -1: 11, the warning and the telegraph spent.
    butt = Scripted(respond=lambda m, s: Plan(move=move(m, s, "Headbutt")), follow_up=[])
    m = match_of([15, 17, 14, 5], strategy=butt)
    beta = m.me(BETA)
    beta.warned, beta.telegraph = True, 2
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    answers = [e.data["target"] for e in m.events if e.kind == "attack" and e.actor == "beta"]
    assert answers == [13, 11]
    assert not beta.warned and beta.telegraph == 0


def test_points_lacked_are_owed_on_his_next_check_whatever_round_it_comes_in():
    # Lacking Action Points (ours): -1 a point "to his next check". A point short from the
    # round before (a repositioning after a hit leaves it so) is not forgotten at the bell of
    # the next: his chop is at 11, and the point is then paid.
    chop = Scripted(plan=lambda m, s: Plan(move=move(m, s, "Chop")), follow_up=[])
    m = match_of([9], strategy=chop)
    alpha = m.me(ALPHA)
    alpha.debt = 1
    m.round()
    assert next(e for e in m.events if e.kind == "attack").data["target"] == 11
    assert alpha.debt == 0


def test_a_counter_is_a_maneuver_attempted_repeats_and_all():
    # "Each time a Maneuver attempt is repeated (whether the first attempt succeeded or not),
    # it suffers a cumulative -1": a second Dodge in a row is at -1.
    dodge = Scripted(counter=lambda m, s, mv: Plan(move=move(m, s, "Dodge")))
    m = match_of([14, 5, 14, 5], a=sheet("alpha", arsenal=["Dropkick"]), strategy=dodge)
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Dropkick")))
    m.adv = ALPHA
    m.me(ALPHA).post = "facing"
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Dropkick")))
    targets = [e.data["targets"][1] for e in m.events if e.kind == "counter"]
    assert targets == [8, 7]


def test_a_reversal_with_a_maneuver_he_does_not_know_is_minus_2_however_near_one_he_knows():
    # "To reverse a Piledriver into a Back Drop is -1 if you know Back Drop, and -2 if you
    # don't": Beta knows the Suplex and the Clothesline, not the Snap Suplex (improvised, -2) nor
    # the Running Clothesline (one flag from his Clothesline: improvised at -1).
    m = match_of([])
    w = m.me(BETA).w
    figures = {
        name: (w.move(name).base_skill, w.move(name).base_skill + w.move(name).reversal_mod)
        for name in ("Suplex", "Snap Suplex", "Clothesline", "Running Clothesline")
    }
    assert figures == {
        "Suplex": (12, 11),
        "Snap Suplex": (10, 10),
        "Clothesline": (12, 11),
        "Running Clothesline": (11, 10),
    }


# ------------------------------------------------------------------------------ tags


def test_a_blind_tag_is_the_taggers_trick_with_his_own_figures():
    # Tricks "incur a -1 penalty each time they are used": Alpha, two tricks already, makes
    # the Blind Tag at SAV 12 - 2 (improvised) - 2 = 8, so 9 fails (his partner's own figure,
    # no tricks yet, would have been 10) and Beta sees the tag without a check.
    m = tag_match([9], Scripted(plan=Plan(actions=("home", "blind_tag"))))
    alpha = m.me(ALPHA)
    alpha.zone, alpha.home, alpha.tricks = "corner", True, 2
    m.round()
    assert m.legal[ALPHA] == 1 and not m.me(BETA).surprised
    assert next(e for e in m.events if e.kind == "blind_tag").dice == (9,)
    assert alpha.tricks == 3


def test_the_man_tagged_in_positions_himself_to_attack_that_round_owing_what_was_lacking():
    # "The partner then positions himself to attack (Action points spent by the man tagging
    # out are also considered to have been spent by the new legal man)". Alpha tags in his
    # corner: 3 points on his 2, one short. Alpha Two closes in on Beta at ringside (1 square)
    # with none left: one more short, so his chop is at 12 - 2 = 10; 9 lands.
    def plan(m, s):
        if m.cur[s].w.name == "Alpha":
            return Plan(actions=("home", "tag"))
        return Plan(move=move(m, s, "Chop"), actions=("approach",))

    m = tag_match([9], Scripted(plan=plan, follow_up=[]))
    alpha = m.me(ALPHA)
    alpha.zone, alpha.home = "corner", True
    m.me(BETA).zone = "ringside"
    m.round()
    assert texts(m, "tag") == ["Alpha tags in Alpha Two!"]
    assert texts(m, "hit") == ["Alpha Two hits Beta with a chop. (3 damage)"]
    assert next(e for e in m.events if e.kind == "attack").data["target"] == 10
    assert m.me(ALPHA).debt == 0 and alpha.debt == 0


def test_a_man_moved_out_of_his_corner_is_no_longer_home_for_a_tag():
    # A tag needs him "in his corner or one of the two ringside squares adjacent to it":
    # thrown over the top from his corner, he must make his way back before he can tag.
    m = tag_match([18])
    alpha = m.me(ALPHA)
    alpha.zone, alpha.home = "corner", True
    slam = move(m, BETA, "Body Slam")
    m.land(BETA, Plan(move=slam, over_top=True), slam, 3, SUCCESS, 12)
    assert alpha.zone == "floor" and not alpha.home


# ------------------------------------------------------------------------------ Edge


def test_a_rulebreaker_seizing_the_initiative_pays_2_edge_or_1_with_an_illegal_maneuver():
    # "A rulebreaker must spend 2 Edge for this effect, or 1 Edge if the maneuver to be used
    # is an illegal one." Beta (2 Edge) seizes against Alpha's chop: with a Headbutt, for 2;
    # with a Punch (a closed fist: illegal), for 1.
    for answer, left in (("Headbutt", 0), ("Punch", 1)):
        chop = Scripted(
            plan=lambda m, s: Plan(move=move(m, s, "Chop")),
            seize=True,
            respond=lambda m, s, name=answer: Plan(move=move(m, s, name)),
            follow_up=[],
        )
        m = match_of([10, 18], strategy=chop)
        m.standard_round()
        assert "seize" in [e.kind for e in m.events] and m.me(BETA).edge == left, answer


# ------------------------------------------------------------------------------ dives


def test_a_diver_takes_the_floor_too_and_recovers_it_before_positioning_his_man():
    # "The wrestler himself takes the damage bonus of the floor as well (and must recover this
    # damage before positioning his opponent)": the Tope's 9 (4, WDB 1, the apron's 2 Steps)
    # less the floor's 2 leaves 7 Action Points.
    asked = []
    m = match_of(
        [13],
        a=sheet("alpha", arsenal=["Tope"]),
        strategy=Scripted(follow_up=lambda m, s, mv: asked.append(m.ap) or []),
    )
    m.me(BETA).zone, m.me(ALPHA).zone, m.near = "floor", "ringside", False
    tope = move(m, ALPHA, "Tope")
    assert m.land(ALPHA, Plan(move=tope), tope, 5, SUCCESS, 10) == 4 + 1 + 2 * 2
    assert texts(m, "landing") == ["Alpha hits the floor too (2 damage)."]
    assert asked == [9 - 2] and m.me(ALPHA).dmg == 2 + 2  # the landing and the Tope's Level


def test_a_failed_dive_falls_the_height_of_the_ring():
    # "Any failure causes him to take 2 points of damage (plus his WDB and any altitude
    # bonus)": from the apron's height, 2 Steps: 2 + 1 + 4.
    m = match_of([19], a=sheet("alpha", arsenal=["Tope"]), strategy=Scripted(respond=None))
    m.me(BETA).zone, m.me(ALPHA).zone, m.near = "floor", "ringside", False
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Tope")))
    assert texts(m, "crash") == ["Alpha misses and crashes and burns! (7 damage)"]


# ------------------------------------------------------------------------------ the ring


def test_one_corner_is_five_squares_from_another_on_the_printed_grid():
    # The chapter's grid: "X + + + + X" along each side, and so down the ring (a diagonal
    # step costs the same: "this is wrestling, not geometry class").
    m = match_of([])
    assert m.distance("corner", "corner") == 5
    assert m.distance("center", "corner") == 2 and m.distance("ringside", "corner") == 1


# ------------------------------------------------------------------------------ objects


def test_an_object_swung_gives_its_modifier_as_well_as_its_damage():
    # "Most foreign objects can be used simply with the 'Foreign Object Smash' maneuver; when
    # they are so used, they gain a Maneuver Skill modifier": the Ring Bell's -2 (objects
    # table: -2, 7 damage), carried behind a fist load (which is for punches only).
    bell = sheet("alpha", arsenal=["Foreign Object Smash"], objects=["Fist Load", "Ring Bell"])
    m = match_of([20], a=bell)  # (20: the Injury check, a foreign object's)
    smash = move(m, ALPHA, "Foreign Object Smash")
    assert m.target(ALPHA, smash) == 12 - 2 - 2  # its Level 1 over a Fresh man, the bell
    m.distracted = 1
    assert m.land(ALPHA, Plan(move=smash), smash, 5, SUCCESS, 8) == 2 + 7 + 1


def test_points_lacked_do_not_pile_up_past_a_round_without_a_maneuver():
    # Owing the most a man may lack (4), Alpha cannot close in on Beta in the far corner (5
    # squares on his 2 points: 3 more short) and backs off; that round is his making them up,
    # so the next he closes in, 3 short, and chops at 12 - 3.
    chop = Scripted(
        plan=lambda m, s: Plan(move=move(m, s, "Chop"), actions=("approach",)), follow_up=[]
    )
    m = match_of([5], strategy=chop)
    alpha = m.me(ALPHA)
    alpha.zone, m.me(BETA).zone, m.near = "corner", "corner", False
    alpha.debt = 4
    m.round()
    assert texts(m, "hesitate") == ["Alpha cannot get set for the chop and backs off."]
    assert alpha.debt == 0
    m.round()
    assert next(e for e in m.events if e.kind == "attack").data["target"] == 12 - 3
