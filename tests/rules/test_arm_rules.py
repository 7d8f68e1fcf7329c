"""The ARM chapter's mechanics, one by one, on scripted dice.

The test sheets (fixtures/arm_alpha.yaml, arm_beta.yaml) have every attribute at 12: AGI and STA
bonus 2, WDB 1, Lift 0, Reach 0, HDB 2; StunTrack breaks 36, 72, 108, 144 and final 180 (Fresh
up to 36, Winded -1 to 72, Tired -2 to 108 ...). Alpha is a fan favourite with 3 Edge, Beta a
rulebreaker with 2.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from rules.arm.engine import Match, prepare
from rules.arm.state import ACE, BOTCH, FAIL, SUCCESS
from rules.arm.strategy import CANNOT, setup
from rules.arm.text import numeral as _num
from rules.core.dice import ScriptedDice, SeededDice
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
)

SAMPLE = Path(__file__).parents[2] / "rules/data/sample/arm"

# ------------------------------------------------------------------------------ checks


def test_a_check_succeeds_at_or_under_the_attribute_aces_on_it_and_botches_on_20():
    m = match_of([])
    assert m.grade(11, 12) == SUCCESS
    assert m.grade(12, 12) == ACE
    assert m.grade(13, 12) == FAIL
    assert m.grade(20, 25) == BOTCH  # a natural 20 fails miserably, whatever the target
    assert m.grade(1, -3) == SUCCESS  # our reading: a natural 1 always succeeds


def test_a_clumsy_wrestler_botches_on_19_too():
    m = match_of([19], a=sheet("alpha", flaws=["Clumsy"]))
    assert m.check(m.me(ALPHA), 15) == (19, BOTCH)


def test_a_contest_goes_to_the_higher_success_and_both_failing_roll_again():
    m = match_of([5, 9, 15, 14, 3, 20, 7, 7, 4, 6])
    a, b = m.me(ALPHA), m.me(BETA)
    assert m.contest(a, 12, b, 12) == (1, [5, 9])  # both succeed: 9 beats 5
    # Both fail (15, 14): again; 3 succeeds, 20 is a Botch.
    assert m.contest(a, 12, b, 12) == (0, [15, 14, 3, 20])
    # A tie (7, 7) rolls again: 4 against 6.
    assert m.contest(a, 12, b, 12) == (1, [7, 7, 4, 6])


# ------------------------------------------------------------------------------ the opening


def test_the_match_starts_with_a_sav_contest_for_advantage():
    m = match_of([7, 3])
    m.opening()
    assert m.adv == ALPHA
    assert m.events[0].kind == "opening" and m.events[0].data["targets"] == [12, 12]


def test_a_collar_elbow_tie_up_is_a_contest_of_str_or_tec_whichever_is_higher():
    alpha = sheet("alpha", attributes={**sheet("alpha").attrs, "TEC": 16})
    m = match_of([15, 12], a=alpha, strategy=Scripted(opening=lambda m, s: "cet" if s else "sav"))
    m.opening()
    assert m.events[0].data["targets"] == [16, 12] and m.adv == ALPHA


def test_the_test_of_strength_uses_str_and_reach():
    tall = sheet("alpha", height=80)  # Reach +2
    m = match_of([14, 3], a=tall, strategy=Scripted(opening="strength"))
    m.opening()
    assert m.events[0].data["targets"] == [14, 12] and m.adv == ALPHA


def test_an_ambush_takes_advantage_an_edge_point_and_a_warning_and_its_attack_is_unopposed():
    strategy = Scripted(ambush=lambda m, side: side == BETA)
    m = match_of([15, 4], strategy=strategy)
    m.opening()
    alpha, beta = m.me(ALPHA), m.me(BETA)
    assert m.adv == BETA and beta.edge == 1 and beta.warnings == 1 and alpha.surprised
    m.attack(BETA, Plan(move=move(m, BETA, "Headbutt")))
    attack = next(e for e in m.events if e.kind == "attack")
    assert attack.dice == (15, 4) and attack.data["unopposed"]  # two rolls, the better counts
    assert attack.data["result"] == SUCCESS


def test_an_ambush_during_a_ritual_costs_no_edge():
    m = match_of(
        [], a=sheet("alpha", flaws=["Ritual"]), strategy=Scripted(ambush=lambda m, s: s == BETA)
    )
    m.opening()
    assert m.adv == BETA and m.me(BETA).edge == 2
    # Nothing spent: no "digs deep (0 Edge)" line, and nothing for the ledger's reason.
    assert "edge" not in [e.kind for e in m.events] and m.me(BETA).spent_on == []


# ------------------------------------------------------------------------------ maneuvers


def test_the_chapters_atomic_drop_is_minus_4_against_a_fresh_man_and_minus_2_against_a_winded_one():
    m = match_of([])
    atomic = move(m, ALPHA, "Atomic Drop")
    assert atomic.level == 2
    assert m.target(ALPHA, atomic) == 12 - 4  # Fresh (-0): twice the difference of 2
    m.hurt(m.me(BETA), 40, None)  # past the first break (36): Winded
    assert m.me(BETA).pen == 1
    assert m.target(ALPHA, atomic) == 12 - 2


def test_a_slow_starter_is_minus_1_in_the_first_minute_of_the_clock_however_it_is_divided():
    """Slow Starter: -1 to every check in the first six rounds, the first minute (merits.yaml).
    An exchange that begins before 60 seconds of the clock is in it, even the twelfth of a
    hold's half-length ones; one that begins at 60 is not."""
    m = match_of([], a=sheet("alpha", flaws=["Slow Starter"]))
    atomic = move(m, ALPHA, "Atomic Drop")
    assert m.target(ALPHA, atomic) == 12 - 4 - 1
    assert m.own(m.me(ALPHA)) == -1 and m.own(m.me(BETA)) == 0
    m.rounds, m.begun = 12, 55  # twelve half-length exchanges in a hold: 55 seconds gone
    assert m.target(ALPHA, atomic) == 12 - 4 - 1
    m.rounds, m.begun = 6, 60  # the seventh round of ten seconds
    assert m.target(ALPHA, atomic) == 12 - 4
    assert m.own(m.me(ALPHA)) == 0


def test_the_play_by_play_tells_when_a_slow_starters_first_minute_is_over():
    """A demo show: Gideon Pike's STR checks went from 14 to 15 mid-match, unexplained. It is
    his Slow Starter -1 ending with the first minute; the play-by-play now says so, once."""
    m = match_of([], a=sheet("alpha", flaws=["Slow Starter"]), pronouns=("she", "he"))
    m.begun = 55
    m.slow_start_over()
    assert "slow_start_over" not in kinds(m)
    m.begun = 60
    m.slow_start_over()
    m.begun = 70
    m.slow_start_over()
    told = [e for e in m.events if e.kind == "slow_start_over"]
    assert [e.text for e in told] == [
        "Alpha has shaken off her slow start: no more -1 on her checks."
    ]
    assert told[0].actor == "alpha" and told[0].data == {"skill": -1}
    # Nothing to tell on the fast path, nor for a wrestler who starts at full speed.
    assert match_of([], a=sheet("alpha", flaws=["Slow Starter"]), record=False).slow == []
    assert match_of([]).slow == []


def test_gideon_pikes_str_15_comes_after_his_slow_start_is_over():
    cards = [
        arm.parse_card(yaml.safe_load((SAMPLE / f"{slug}.yaml").read_text()), arm.load_tables())
        for slug in ("gideon-pike", "bastian-holloway")
    ]
    events = arm.simulate(arm.make_spec(cards), dice=SeededDice(1)).events
    texts = [e.text for e in events]
    over = texts.index("Gideon Pike has shaken off his slow start: no more -1 on his checks.")
    assert texts.count(texts[over]) == 1
    power = [i for i, t in enumerate(texts) if t.startswith("Gideon Pike tries to power out")]
    before = max(i for i in power if i < over)
    after = min(i for i in power if i > over)
    assert texts[before] == "Gideon Pike tries to power out (STR 14, rolls 17): still caught."
    assert texts[after] == "Gideon Pike tries to power out (STR 15, rolls 9): free!"


def test_a_superset_of_the_last_maneuver_is_plus_2():
    m = match_of([5])
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Half Nelson")))
    m.hold = None
    full = move(m, ALPHA, "Full Nelson")  # Level 1 against a Fresh man: -2
    assert m.target(ALPHA, full) == 12 - 2 + 2


def test_repeating_a_maneuver_is_minus_1_a_time_until_another_is_tried():
    m = match_of([18, 18, 18, 18])
    punch, chop = move(m, ALPHA, "Punch"), move(m, ALPHA, "Chop")
    targets = []
    for mv in (punch, punch, punch, chop):
        targets.append(m.target(ALPHA, mv))
        m.note_attempt(m.me(ALPHA), mv)
    assert targets == [12, 11, 10, 12]


def test_bra_strikes_chain_at_plus_2_in_one_round():
    def next_strike(m, side, mv, chained):
        return Plan(move=move(m, ALPHA, "Punch")) if chained == 0 else None

    m = match_of([3, 12], strategy=Scripted(chain=next_strike, follow_up=[]))
    m.distracted = 1  # no referee checks for the closed fist
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    attacks = [e for e in m.events if e.kind == "attack"]
    assert [e.data["target"] for e in attacks] == [12, 14]
    assert [e.data["move"] for e in attacks] == ["Chop", "Punch"]
    assert m.ap == 3 + 3  # the combo's damage (2 + WDB 1, twice) to reposition with


def test_a_chained_strike_that_gets_past_a_counter_chains_no_further():
    """The chain is one round's however the strike lands: one that gets in past a counter is
    still the chained one. (It was counted afresh there, so a defender who kept trying a lunge
    took strike after strike in one round: a whole beating in the first minute.)"""
    asked = []

    def next_strike(m, side, mv, chained):
        asked.append(chained)
        return Plan(move=move(m, ALPHA, "Punch")) if chained == 0 else None

    duck = Scripted(
        chain=next_strike, follow_up=[], counter=lambda m, s, mv: Plan(move=move(m, s, "Duck"))
    )
    # Each blow: Alpha's roll, then Beta's Duck, which fails (15); the blow gets in.
    m = match_of([3, 15, 3, 15], strategy=duck)
    m.distracted = 1  # no referee checks for the closed fist
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    counters = [e for e in m.events if e.kind == "counter"]
    assert [e.data["move"] for e in counters] == ["Chop", "Punch"]
    assert [e.data["targets"][0] for e in counters] == [12, 14]  # the chained one at +2
    assert asked == [0, 1]
    assert m.me(BETA).dmg == 2 * (2 + 1)


def test_only_bra_strikes_chain_not_drops_rakes_or_running_knockdowns():
    # "All BRA strikes are considered to 'chain' to one another": a blow flagged strike or kick.
    # An Elbow Drop that lands asks for no chain; a chained Elbow Drop, Eye Rake or
    # Clothesline after a strike is refused, and the round ends on the strike.
    asked = []

    def next_one(name):
        def chain(m, side, mv, chained):
            asked.append(mv.name)
            return Plan(move=move(m, ALPHA, name)) if chained == 0 else None

        return chain

    m = match_of([3], strategy=Scripted(chain=next_one("Punch"), follow_up=[]))
    m.me(BETA).post = "prone"
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Elbow Drop")))
    assert asked == [] and [e.data["move"] for e in m.events if e.kind == "attack"] == [
        "Elbow Drop"
    ]
    for first, name, down in (
        ("Stomp", "Elbow Drop", True),
        ("Chop", "Eye Rake", False),
        ("Chop", "Clothesline", False),
    ):
        m = match_of([3], strategy=Scripted(chain=next_one(name), follow_up=[]))
        m.distracted = 1  # (the rake is illegal: the referee sees nothing)
        if down:
            m.me(BETA).post = "prone"
        m.attack(ALPHA, Plan(move=move(m, ALPHA, first)))
        assert [e.data["move"] for e in m.events if e.kind == "attack"] == [first], name
        assert m.ap == 3  # the first blow's damage alone to reposition with
        assert m.feasible(ALPHA, move(m, ALPHA, name)), name  # refused, though it would fit
    assert [move(m, ALPHA, n).chains for n in ("Punch", "Leg Kick", "Low Blow", "Big Boot")] == [
        True,
        True,
        True,
        True,
    ]


def test_improvising_is_minus_2_or_minus_1_one_flag_away_from_a_known_maneuver():
    m = match_of([])
    alpha = m.me(ALPHA).w
    assert alpha.move("Missile Dropkick").base_skill == 12 - 1  # he knows the Dropkick
    assert alpha.move("Hurricanrana").base_skill == 12 - 2
    assert alpha.move("Dropkick").base_skill == 12


def test_a_trick_is_minus_1_for_each_earlier_use():
    m = match_of([])
    fake = move(m, ALPHA, "Fake Tag")  # Level 1: -2 against a Fresh man, and improvised -2
    m.me(ALPHA).tricks = 2
    assert m.target(ALPHA, fake) == 12 - 2 - 2 - 2


def test_a_warned_wrestler_is_minus_1_on_his_next_maneuver():
    m = match_of([])
    m.warn(m.me(ALPHA), "a closed fist")
    assert m.target(ALPHA, move(m, ALPHA, "Chop")) == 11


def test_a_trapped_man_in_the_corner_is_plus_2_and_a_referee_check():
    m = match_of([4, 15], strategy=Scripted(follow_up=[]))
    m.me(BETA).zone = m.me(ALPHA).zone = "corner"
    plan = Plan(move=move(m, ALPHA, "Chop"), trap=True)
    assert m.target(ALPHA, plan.move, plan) == 14
    m.attack(ALPHA, plan)
    assert kinds(m) == ["attack", "referee", "hit"]
    assert m.events[1].data == {"target": 12, "roll": 15, "seen": False}


def test_charging_adds_2_damage():
    m = match_of([5], strategy=Scripted(follow_up=[]))
    m.me(ALPHA).running = True
    m.attack(ALPHA, Plan(move=move(m, BETA, "Clothesline")))  # Beta's, improvised by Alpha
    hit = next(e for e in m.events if e.kind == "hit")
    assert hit.data["damage"] == 4 + 1 + 2  # base, Alpha's WDB, the charge


def test_desperation_is_plus_1_a_point_taken_and_the_level_on_top():
    m = match_of([7], strategy=Scripted(follow_up=[]))
    body_slam = move(m, ALPHA, "Body Slam")  # Level 1: -2 against a Fresh man
    plan = Plan(move=body_slam, desperation=3)
    assert m.target(ALPHA, body_slam, plan) == 12 - 2 + 3
    m.attack(ALPHA, plan)
    # 3 points of desperation and the level (1), then the exertion of the slam (1).
    assert m.me(ALPHA).dmg == 3 + 1 + 1


def test_a_flourish_is_minus_1_and_a_prestige_spot_bonus():
    m = match_of([2, 19, 19, 19], strategy=Scripted(follow_up=[]))
    plan = Plan(move=move(m, ALPHA, "Chop"), flourish=True)
    assert m.target(ALPHA, plan.move, plan) == 11
    m.attack(ALPHA, plan)
    m.finish(ALPHA, Method.PIN)
    standing = m.result().effects.standing
    assert ("alpha", "prestige", 1) in [(s.key, s.attribute, s.delta) for s in standing]


def test_a_dive_to_the_floor_is_minus_2_adds_altitude_and_a_daredevil_ignores_the_penalty():
    m = match_of([3], strategy=Scripted(follow_up=[]))
    m.me(BETA).zone, m.me(ALPHA).zone, m.near = "floor", "ringside", False
    tope = move(m, ALPHA, "Tope")  # improvised -2, Level 2 -4, the dive -2
    assert m.target(ALPHA, tope) == 12 - 2 - 4 - 2
    m.attack(ALPHA, Plan(move=tope))
    hit = next(e for e in m.events if e.kind == "hit")
    assert hit.data["damage"] == 4 + 1 + 2 * 2  # base, WDB, the ring's 2 Steps above the floor
    daredevil = match_of([], a=sheet("alpha", merits=["Style Daredevil"]))
    daredevil.me(BETA).zone, daredevil.me(ALPHA).zone = "floor", "ringside"
    # The Daredevil's +1 to dives, and no -2.
    assert daredevil.target(ALPHA, move(daredevil, ALPHA, "Tope")) == 12 - 2 - 4 + 1


def test_flying_is_minus_2_a_square_less_1_a_step_above_1():
    m = match_of([])
    alpha = m.me(ALPHA)
    alpha.zone, alpha.elev, m.near = "corner", 2, False
    m.me(BETA).post, m.me(BETA).zone = "prone", "center"  # two squares from the corner
    flying = move(m, ALPHA, "Flying Elbow Drop")  # Level 1: -2 against a Fresh man
    # From the second rope (2 Steps): -1 a square, two squares.
    assert m.target(ALPHA, flying) == 12 - 2 - 2
    alpha.elev = 3  # the top rope: no penalty
    assert m.target(ALPHA, flying) == 12 - 2


def test_over_the_top_rope_takes_success_by_2_more_than_his_lift_for_10_plus_his_wdb():
    strategy = Scripted(follow_up=[])
    m = match_of([1, 20], strategy=strategy)
    m.me(BETA).zone = "ringside"
    dropkick = move(m, ALPHA, "Dropkick")  # target 12 - 2 (Level 1) = 10; a 1 is 9 under
    m.attack(ALPHA, Plan(move=dropkick, over_top=True))
    beta = m.me(BETA)
    assert (beta.zone, beta.post, beta.dmg) == ("floor", "prone", 10 + 1)
    assert kinds(m) == ["attack", "hit", "referee"]  # illegal: a referee check (20: unseen)
    assert not m.events[-1].data["seen"]


# ------------------------------------------------------------------------------ failures


def test_both_missing_is_a_standoff_and_the_attacker_tries_again():
    strategy = Scripted(respond=lambda m, s: Plan(move=move(m, s, "Headbutt")), follow_up=[])
    m = match_of([15, 16, 4], strategy=strategy)
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    assert kinds(m)[:4] == ["attack", "attack", "standoff", "attack"]
    assert m.events[3].data["target"] == 11  # the same chop again: -1
    assert m.clock == 1 and m.adv == ALPHA


def test_the_defender_takes_over_when_the_attacker_misses_and_he_hits():
    strategy = Scripted(respond=lambda m, s: Plan(move=move(m, s, "Headbutt")), follow_up=[])
    m = match_of([15, 3], strategy=strategy)
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    assert m.adv == BETA and m.me(ALPHA).dmg == 3 + 1


def test_two_botches_are_a_collision_three_damage_each_and_a_sta_contest():
    strategy = Scripted(respond=lambda m, s: Plan(move=move(m, s, "Punch")))
    m = match_of([20, 20, 5, 8], strategy=strategy)
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    assert "collision" in kinds(m)
    assert m.me(ALPHA).dmg == m.me(BETA).dmg == 3
    assert m.adv == BETA  # the STA contest: 8 beats 5


def test_a_botch_is_telegraphed_the_opponent_takes_over_at_plus_2():
    m = match_of([20], strategy=Scripted(respond=None))
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    assert m.adv == BETA and m.me(BETA).telegraph == 2
    assert m.target(BETA, move(m, BETA, "Punch")) == 14


def test_an_ace_adds_2_damage_and_an_injury_check():
    m = match_of([12, 18], strategy=Scripted(follow_up=[]))
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))  # target 12: a 12 is an Ace
    hit = next(e for e in m.events if e.kind == "hit")
    assert hit.data["damage"] == 2 + 1 + 2
    injury = next(e for e in m.events if e.kind == "injury")
    # TOU 12, less 1 for each 5 points of damage (5): 11; an 18 fails: 1 point to the ribs.
    assert injury.data == {"target": 11, "points": 1, "body_part": "body"}
    assert m.me(BETA).inj == {"body": 1}


def test_a_high_risk_failure_costs_2_plus_wdb_plus_altitude_and_the_advantage():
    m = match_of([19])
    alpha = m.me(ALPHA)
    alpha.zone, alpha.elev, m.near = "corner", 3, False
    m.me(BETA).post = "prone"
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Flying Elbow Drop")))
    assert alpha.dmg == 2 + 1 + 3 * 2 and m.adv == BETA and alpha.post == "prone"


def test_a_counter_is_a_contest_of_maneuver_skills():
    duck = Scripted(counter=lambda m, s, mv: Plan(move=move(m, s, "Duck")))
    m = match_of([9, 10], strategy=duck)
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    counter = next(e for e in m.events if e.kind == "counter")
    assert counter.data["targets"] == [12, 10]  # Beta improvises the Duck (-2)
    # The line names the attempt first (a chained strike has no line of its own before it),
    # each man's figure beside his roll.
    assert counter.text == (
        "Alpha goes for a chop (BRA 12, rolls 9) and Beta tries to duck it (AGI 10, rolls 10): "
        "Beta wins the exchange!"
    )
    assert m.adv == BETA and m.me(BETA).dmg == 0  # 10 beats 9: he ducks and takes over
    m = match_of([9, 11, 4], strategy=duck, record=False)  # 11 fails: the chop lands
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    assert m.adv == ALPHA and m.me(BETA).dmg == 2 + 1


@pytest.mark.parametrize(
    ("extras", "attacking"),
    # Chop: Alpha's 12. What the plan adds (a trapped man +2, desperation +1 a point, a
    # flourish -1) is the attacker's own; the defender weighs the chop at 12 all the same.
    [({}, 12), ({"trap": True}, 14), ({"desperation": 2}, 14), ({"flourish": True}, 11)],
)
def test_a_counter_is_weighed_by_the_maneuver_skill_without_the_plans_extras(extras, attacking):
    seen = []

    def weigh(m, side, mv):
        seen.append((m.attack_skill(1 - side, mv), m.target(1 - side, mv)))
        return None

    m = match_of([5, 5], strategy=Scripted(counter=weigh, follow_up=[]), record=False)
    m.me(BETA).zone = m.me(ALPHA).zone = "corner"
    plan = Plan(move=move(m, ALPHA, "Chop"), **extras)
    assert m.target(ALPHA, plan.move, plan) == attacking
    m.attack(ALPHA, plan)
    assert seen == [(12, 12)]
    # Asked outside an attack, it is worked out afresh (the chop tried now counts as a repeat).
    assert m.attack_skill(ALPHA, plan.move) == m.target(ALPHA, plan.move) != 12


def test_a_reversal_turns_the_maneuver_into_his_own_at_minus_1_for_a_known_one():
    strategy = Scripted(counter=lambda m, s, mv: Plan(move=move(m, s, "Suplex")), follow_up=[])
    m = match_of([3, 6], strategy=strategy)
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Body Slam")))
    counter = next(e for e in m.events if e.kind == "counter")
    # Body Slam: 12, -2 its Level; Suplex (known): 12, -4 its Level, -1 the reversal.
    assert counter.data["targets"] == [10, 7]
    assert m.adv == BETA and m.me(ALPHA).dmg == 5 + 1  # the suplex: 5 and Alpha's WDB


# ------------------------------------------------------------------------------ finishers


def test_a_finisher_is_plus_2_double_damage_and_an_injury_check():
    m = match_of([3, 15], strategy=Scripted(follow_up=[]))
    m.me(BETA).post = "bent"
    driver = m.me(ALPHA).w.finisher
    assert m.target(ALPHA, driver) == 12 + 2 - 6  # Level 3 against a Fresh man
    m.attack(ALPHA, Plan(move=driver))
    hit = next(e for e in m.events if e.kind == "hit")
    assert hit.data["damage"] == (8 + 1) * 2
    assert next(e for e in m.events if e.kind == "injury").data["target"] == 12 - 3


def test_a_finisher_against_a_winded_man_is_an_automatic_two_count():
    m = match_of([3, 15, 13], strategy=Scripted(follow_up=["cover"]))
    m.me(BETA).post = "bent"
    m.hurt(m.me(BETA), 30, None)  # the finisher's 18 takes him past 36: Winded
    m.attack(ALPHA, Plan(move=m.me(ALPHA).w.finisher))
    pin = next(e for e in m.events if e.kind == "pin")
    assert pin.dice == (13,) and pin.data["count"] == 3 and pin.data["pinned"]
    assert (m.winner, m.method) == (ALPHA, Method.PIN)
    # Told as one count: the two is automatic, the one die decides the three.
    fall = next(e for e in m.events if e.kind == "pinfall")
    assert pin.text.startswith("An automatic two-count after the finisher: one, two... Beta ")
    assert fall.text.startswith("Three! Alpha pins Beta after the ")
    assert (pin.text + fall.text).lower().count("three") == 1


def test_a_pin_that_holds_counts_three_once():
    m = match_of([15, 13, 16])
    m.me(BETA).post = "prone"
    m.pin(ALPHA)
    pin, fall = (e for e in m.events if e.kind in ("pin", "pinfall"))
    assert pin.text == "One, two... Beta can't get out (needs 12)."
    assert fall.text == "Three! Alpha pins Beta!"


def test_edge_against_a_finisher_costs_double():
    m = match_of([])
    driver = m.me(ALPHA).w.finisher
    assert m.edge_cost(m.me(BETA), "squeeze", against=driver) == 2 * 3
    assert m.edge_cost(m.me(ALPHA), "squeeze", against=driver) == 2 * 2


# ------------------------------------------------------------------------------ damage


def test_exertion_is_the_level_plus_the_lifted_mans_lift_penalty():
    heavy = sheet("beta", weight=300)  # Lift -2
    m = match_of([1], b=heavy, strategy=Scripted(follow_up=[]))
    m.me(BETA).post = "behind"
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Atomic Drop")))
    assert m.me(ALPHA).dmg == 2 + 2


def test_the_stuntrack_moves_a_man_down_the_weardown_levels():
    m = match_of([])
    beta = m.me(BETA)
    for damage, level, penalty in ((36, 0, 0), (1, 1, 1), (36, 2, 2), (36, 3, 3), (36, 4, 4)):
        m.hurt(beta, damage, None)
        assert (beta.lvl, beta.pen) == (level, penalty), beta.dmg


def test_injury_points_are_a_penalty_to_maneuvers_that_use_the_part_and_extra_damage():
    m = match_of([5], strategy=Scripted(follow_up=[]))
    m.me(ALPHA).inj = {"arm": 2}
    m.me(BETA).inj = {"body": 2}
    chop = move(m, ALPHA, "Chop")  # a strike uses the arm
    assert m.target(ALPHA, chop) == 12 - 2
    m.attack(ALPHA, Plan(move=chop))
    hit = next(e for e in m.events if e.kind == "hit")
    assert hit.data["damage"] == 2 + 1 + 2  # and 2 more on the injured ribs


def test_past_the_final_stuntrack_every_blow_calls_for_a_sta_check_and_the_referee_stops_it():
    m = match_of([5, 14, 9])
    beta = m.me(BETA)
    m.hurt(beta, 181, None)  # past 180: a STA check at -5 (7); 5 holds
    assert not beta.out
    m.hurt(beta, 1, None)  # 14 fails: out; the referee (Skill 12) sees it on a 9
    assert beta.out and (m.winner, m.method) == (ALPHA, Method.KNOCKOUT)


# ------------------------------------------------------------------------------ recovery


def test_stalling_is_a_half_round_and_a_sta_check_for_the_sta_bonus():
    m = match_of([8, 13], strategy=Scripted(plan=Plan(actions=("stall",))))
    m.hurt(m.me(ALPHA), 10, None)
    m.round()
    assert m.me(ALPHA).dmg == 10 - 2 and m.clock == 5
    m.round()  # 13 fails the STA check: nothing back
    assert m.me(ALPHA).dmg == 8 and m.clock == 10
    assert [e.text for e in m.events if e.kind == "stall"] == [
        "Alpha takes a breather (STA 12, rolls 8): 2 back.",
        "Alpha takes a breather (STA 12, rolls 13): nothing back.",
    ]


def test_a_resthold_does_one_less_damage_and_the_holder_recovers_one_a_round():
    strategy = Scripted(resthold=True, keep_hold=True, hold_escape="tec")
    m = match_of([4, 15], strategy=strategy)
    m.hurt(m.me(ALPHA), 10, None)
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Side Headlock")))
    assert m.hold.damage == 2 + 1 - 1 and m.hold.resthold
    m.round()  # Beta fails to break (15): takes 2 again; Alpha recovers 1
    assert m.me(BETA).dmg == 4 and m.me(ALPHA).dmg == 9


# ------------------------------------------------------------------------------ pins


def test_a_pin_is_three_checks_and_the_failures_are_the_count():
    m = match_of([15, 3, 16])
    m.me(BETA).post = "prone"
    m.pin(ALPHA)
    pin = next(e for e in m.events if e.kind == "pin")
    assert pin.data["count"] == 2 and not pin.data["pinned"] and m.method is None


def test_a_botch_cancels_a_success_in_a_pin():
    m = match_of([20, 3, 16])
    m.me(BETA).post = "prone"
    m.pin(ALPHA)
    assert (m.winner, m.method) == (ALPHA, Method.PIN)


def test_an_ace_breaking_a_pin_takes_advantage():
    m = match_of([12, 17, 18])
    m.me(BETA).post = "prone"
    m.pin(ALPHA)
    assert m.method is None and m.adv == BETA


def test_hooking_a_leg_is_minus_1_and_a_lobster_cover_minus_2_to_break():
    m = match_of([11, 11, 11])
    m.me(BETA).post = "prone"
    assert m.break_targets(BETA)["power"] == 12
    assert m.break_targets(BETA, kind="hook_leg")["power"] == 11
    assert m.break_targets(BETA, kind="lobster")["power"] == 10
    m.pin(ALPHA, kind="lobster")  # 11 against 10, three times
    assert m.method is Method.PIN


def test_the_opponents_lift_and_the_ropes_square_modify_the_ways_out():
    heavy = sheet("alpha", weight=300)  # Lift -2
    m = match_of([], a=heavy)
    t = m.break_targets(BETA)
    assert (t["power"], t["kick"], t["shoulder"], t["hair"]) == (10, 10, 10, 12)
    assert t["rope"] == 12 - 4  # in the center of the ring
    m.me(BETA).zone = "middle"
    assert m.break_targets(BETA)["rope"] == 12 - 2


def test_a_pin_predicament_is_minus_2_and_broken_as_if_a_hold():
    m = match_of([])
    t = m.break_targets(BETA, predicament=True)
    assert t == {"kick": 12 - 2, "power": 12 - 2 - 2, "rope": 12 - 4 - 2}


def test_the_surest_legal_way_out_leaves_the_hair_aside():
    heavy = sheet("alpha", weight=300)  # Lift -2: power, kick, shoulder 10, hair 12, rope 8
    m = match_of([], a=heavy)
    assert m.surest_break(BETA) == 10
    assert m.surest_break(BETA, kind="hook_leg") == 9
    assert m.surest_break(BETA, kind="lobster") == 8
    m.covers = 1
    assert m.surest_break(BETA) == 12


def test_the_surest_way_out_is_the_rope_when_it_is_surest():
    close = sheet("beta", attributes={**sheet("beta").attrs, "SAV": 17})
    m = match_of([], b=close)
    m.me(BETA).zone = "ringside"  # the ropes at hand: SAV 17 + Reach 0 + 0
    assert m.break_targets(BETA)["rope"] == 17
    assert m.surest_break(BETA) == 17
    assert m.surest_break(BETA, predicament=True) == 17 - 2


def test_the_surest_way_out_of_a_predicament_is_a_kick_or_the_power_of_a_hold():
    m = match_of([])
    assert m.surest_break(BETA, predicament=True) == 12 - 2  # kick 10, power 8, rope 6


def test_each_cover_without_a_new_attack_is_plus_2_to_break():
    m = match_of([])
    m.covers = 2
    assert m.break_targets(BETA)["power"] == 12 + 4


def test_each_count_shakes_off_an_action_point():
    m = match_of([15, 16, 3])
    m.me(BETA).post = "prone"
    m.ap = 5
    m.pin(ALPHA)
    assert m.ap == 5 - 2


def test_a_screwjob_stops_the_break_and_the_referee_must_beat_his_sav_roll():
    strategy = Scripted(screwjob=True)
    m = match_of([7, 3, 6, 14], strategy=strategy)  # his SAV roll 7; the referee 3, 6, 14
    m.me(BETA).post = "prone"
    m.pin(ALPHA)
    assert (m.winner, m.method) == (ALPHA, Method.PIN) and m.screwed
    caught = match_of([7, 3, 9, 15], strategy=strategy)  # the referee's 9 beats the 7
    caught.me(BETA).post = "prone"
    caught.pin(ALPHA)
    assert caught.method is None and caught.me(ALPHA).warnings == 1


def test_slack_leaves_the_referee_two_checks_against_a_screwjob():
    m = match_of([7, 3, 6], a=sheet("alpha", merits=["Slack"]), strategy=Scripted(screwjob=True))
    m.me(BETA).post = "prone"
    m.pin(ALPHA)
    assert m.method is Method.PIN


def test_a_squeeze_count_adds_a_die_and_ignores_the_worst():
    strategy = Scripted(squeeze=True)
    m = match_of([13, 14, 20, 9], strategy=strategy)
    m.me(ALPHA).post = "prone"
    m.pin(BETA)
    # The Botch is dropped, the 9 breaks: a fan favourite pays 2 Edge.
    assert m.method is None and m.me(ALPHA).edge == 3 - 2


# ------------------------------------------------------------------------------ holds


def test_a_hold_makes_half_rounds_and_the_held_man_breaks_it_or_takes_it_again():
    strategy = Scripted(keep_hold=True, hold_escape="tec")
    m = match_of([4, 15, 6], strategy=strategy)
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Side Headlock")))
    assert m.hold is not None and m.me(BETA).dmg == 3
    m.round()  # 15: he takes 3 again
    assert m.clock == 5 and m.me(BETA).dmg == 6
    m.round()  # 6: free; Alpha keeps the advantage (no Ace)
    assert m.hold is None and m.adv == ALPHA


def test_the_ways_out_of_a_hold_tec_str_minus_2_and_the_ropes():
    m = match_of([4], strategy=Scripted(keep_hold=True))
    m.me(BETA).zone = m.me(ALPHA).zone = "ringside"
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Side Headlock")))
    targets = m.hold_targets(ALPHA, m.hold)
    assert (targets["tec"], targets["str"], targets["rope"]) == (12, 10, 12)
    assert set(targets) == {"tec", "str", "rope", "reversal"}  # (a reversal: a contest)


def test_past_his_tou_the_held_man_must_make_a_sta_check_or_submit():
    strategy = Scripted(keep_hold=True, hold_escape="tec")
    m = match_of([2, 16, 16, 16, 15], strategy=strategy)
    m.me(BETA).post = "prone"
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Figure Four Leglock")))  # 5 + 1 = 6 a round
    m.round()  # intensity 12: not past TOU 12 yet
    assert "submission_check" not in kinds(m)
    m.round()  # intensity 18: a STA check, 16 fails... 15 is the next
    assert (m.winner, m.method) == (ALPHA, Method.SUBMISSION)


def test_hanging_on_ignores_a_failed_sta_check_for_edge():
    asked = []
    strategy = Scripted(
        keep_hold=True, hold_escape="tec", hanging_on=lambda m, s: asked.append((m, s)) or True
    )
    m = match_of([2, 16, 16, 16, 16], strategy=strategy, b=sheet("beta", fame=300))
    m.me(BETA).post = "prone"
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Figure Four Leglock")))
    m.round()
    m.round()
    assert m.method is None and m.me(BETA).edge == 3 - 3  # a rulebreaker pays 3
    assert asked == [(m, BETA)]  # the held man's side is asked, about this match


def test_a_sleeper_calls_for_tou_rolls_and_the_arm_drop():
    strategy = Scripted(keep_hold=True, hold_escape="tec")
    # The hold (5); the first TOU roll holds (3); he fails to break (16), TOU fails (17), and
    # the arm drops three times (13, 14, 15).
    m = match_of([5, 3, 16, 17, 13, 14, 15], strategy=strategy)
    m.me(BETA).post = "behind"
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Sleeper")))
    m.round()
    assert (m.winner, m.method) == (ALPHA, Method.KNOCKOUT)
    assert next(e for e in m.events if e.kind == "arm_drop").data["drops"] == 3


@pytest.mark.parametrize(
    ("drops", "words"),
    [
        ((3, 4, 5), "it stays up all three times; Beta is still with us!"),
        ((13, 4, 5), "it drops once; Beta is still with us!"),
        ((13, 14, 5), "it drops twice; Beta is still with us!"),
        ((13, 14, 15), "it drops three times... it's over!"),
    ],
)
def test_the_arm_drop_is_told_by_how_often_it_drops(drops, words):
    strategy = Scripted(keep_hold=True, hold_escape="tec")
    m = match_of([5, 3, 16, 17, *drops], strategy=strategy)
    m.me(BETA).post = "behind"
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Sleeper")))
    m.round()
    drop = next(e for e in m.events if e.kind == "arm_drop")
    assert drop.text == f"The referee lifts Beta's arm (STA 12): {words}"
    assert drop.dice == drops and (m.method is Method.KNOCKOUT) is (drops == (13, 14, 15))


def test_reversing_a_hold_must_roll_higher_than_the_attack_without_failing():
    strategy = Scripted(
        keep_hold=True,
        hold_escape="reversal",
        reversal=lambda m, s, h: Plan(move=move(m, s, "Headbutt")),
        follow_up=[],
    )
    m = match_of([4, 9], strategy=strategy)
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Side Headlock")))
    m.round()  # 9 beats the 4 and is under Beta's 12 - 1: the reversal lands
    assert m.hold is None and m.adv == BETA and m.me(ALPHA).dmg == 3 + 1


# ------------------------------------------------------------------------------ the referee


def test_warnings_past_the_threshold_disqualify():
    m = match_of([1, 1, 1, 1], strategy=Scripted(follow_up=[]))
    beta = m.me(BETA)
    for _ in range(4):
        m.ref_check(beta, "a closed fist")
    assert beta.warnings == 4 and (m.winner, m.method) == (ALPHA, Method.DISQUALIFICATION)


def test_a_foreign_object_seen_is_an_automatic_disqualification():
    m = match_of([5, 8], b=sheet("beta", objects=["Chain"]), strategy=Scripted(follow_up=[]))
    m.adv = BETA
    m.attack(BETA, Plan(move=move(m, BETA, "Foreign Object Smash")))
    assert (m.winner, m.method) == (ALPHA, Method.DISQUALIFICATION)


def test_a_distracted_referee_sees_nothing():
    m = match_of([5, 3], b=sheet("beta", objects=["Chain"]), strategy=Scripted(follow_up=[]))
    m.adv, m.distracted = BETA, 1
    m.attack(BETA, Plan(move=move(m, BETA, "Foreign Object Smash")))
    hit = next(e for e in m.events if e.kind == "hit")
    # The smash (2), the chain (4), Beta's WDB (1); and an injury check (a foreign object).
    assert m.method is None and hit.data["damage"] == 2 + 4 + 1
    assert "injury" in kinds(m)


def test_a_man_outside_is_counted_1d6_a_round_and_out_past_20():
    m = match_of([6, 6, 6, 6])
    m.me(BETA).zone, m.me(BETA).post = "floor", "prone"
    m.me(BETA).out = True
    m.referee_count()  # the count begins
    for _ in range(4):
        m.referee_count()
    assert m.count == 24 and (m.winner, m.method) == (ALPHA, Method.COUNT_OUT)


def test_walking_up_the_aisle_the_count_goes_on_and_the_way_back_is_longer():
    m = match_of([6, 6, 6, 6], strategy=Scripted(plan=Plan(actions=("aisle", "stall"))))
    beta = m.me(BETA)
    beta.zone = "floor"
    m.adv, m.ap = BETA, 2
    m.position(BETA, ("aisle",))
    assert beta.zone == "aisle" and m.ap == 1  # one step from the floor
    m.referee_count()
    for _ in range(4):
        m.referee_count()
    assert (m.winner, m.method) == (ALPHA, Method.COUNT_OUT)
    back = match_of([])
    back.me(BETA).zone = "aisle"
    back.ap = 3
    back.position(BETA, ("enter",))
    assert back.me(BETA).zone == "ringside" and back.ap == 0  # aisle, floor, apron, ring


def test_a_man_on_his_feet_outside_climbs_back_in_on_points_he_lacks():
    # AGI 9: an AGI bonus of 1, a point short of the 2 steps (floor to apron, apron to ring):
    # he climbs in all the same, -1 on his next check, as any action short of points.
    slow = sheet("beta", attributes={**sheet("beta").attrs, "AGI": 9})
    m = match_of([], b=slow)
    beta = m.me(BETA)
    beta.zone = "floor"
    m.end_of_round()
    assert beta.zone == "ringside" and beta.debt == 1
    # Getting up takes the round: flat on the floor, he rises to his knees, then to his feet,
    # then climbs in.
    m = match_of([1, 1], b=slow)  # (the referee's count: 0, then 1 a round)
    beta = m.me(BETA)
    beta.zone, beta.post = "floor", "prone"
    m.end_of_round()
    assert (beta.zone, beta.post) == ("floor", "kneeling")
    m.end_of_round()
    assert (beta.zone, beta.post) == ("floor", "facing")
    m.end_of_round()
    assert beta.zone == "ringside"


def test_there_are_no_ropes_to_whip_a_man_into_on_the_floor():
    m = match_of([])
    for f in (m.me(ALPHA), m.me(BETA)):
        f.zone = "floor"
    m.ap = 4
    m.reposition(ALPHA, "whip", None, None)
    m.reposition(ALPHA, "corner", None, None)
    assert m.me(BETA).zone == "floor" and not m.me(BETA).whipped and m.ap == 4


def test_both_outside_is_a_double_count_out():
    m = match_of([6, 6, 6, 6])
    for f in (m.me(ALPHA), m.me(BETA)):
        f.zone = "floor"
    for _ in range(5):
        m.referee_count()
    assert (m.winner, m.method) == (None, Method.DOUBLE_COUNT_OUT)


def test_no_dq_means_no_warnings_and_no_disqualification():
    m = match_of([], options="no_dq")
    m.ref_check(m.me(BETA), "a chair", automatic=True)
    assert m.method is None and m.me(BETA).warnings == 0 and m.me(BETA).cheated


def test_a_managers_distraction_blinds_the_referee_for_two_rounds():
    mgr = sheet("beta", merits=["Manager"])
    m = match_of([9], b=mgr)
    m.distract(BETA)
    assert m.distracted == 2 and m.distractions == [BETA]


# ------------------------------------------------------------------------------ draws


def test_a_match_that_reaches_its_time_limit_is_a_draw():
    m = match_of([20] * 200, options="time_limit=2", strategy=Scripted(respond=None))
    m.adv = ALPHA
    m.play()
    assert (m.winner, m.method) == (None, Method.DRAW_TIME_LIMIT)


def test_a_time_limit_is_in_rounds_of_ten_seconds_and_the_length_agrees():
    # The chapter: a ten-minute time limit "will end in 60 rounds"; stalling rounds are
    # half-length (5 seconds), so 120 stalls fill those ten minutes.
    stall = Scripted(plan=Plan(actions=("stall",)))
    spec = arm.make_spec([sheet("alpha"), sheet("beta")], options="time_limit=60")
    result = arm.simulate(spec, dice=SeededDice(3), strategy=stall)
    assert (result.winner, result.method) == (None, Method.DRAW_TIME_LIMIT)
    assert result.length == 60
    assert sum(1 for e in result.events if e.kind == "stall") == 120
    bell = next(e for e in result.events if e.kind == "time_limit")
    assert bell.text == "The bell! Time has run out at 10:00 (60 rounds)."
    assert result.events[-1].text == "The match is a time-limit draw at 10:00."
    assert result.events[-1].data["seconds"] == 600


def test_a_last_exchange_past_the_bell_does_not_lengthen_the_match():
    # Thirty rounds of ten seconds are 5:00, though the last round here runs past it.
    m = match_of([5, 9], options="time_limit=30", strategy=Scripted(plan=Plan()))
    m.clock = 295
    m.play()
    assert m.clock == 300 and m.method is Method.DRAW_TIME_LIMIT
    assert m.result().length == 30


def test_a_win_reports_its_clock_in_rounds_of_ten_seconds_a_part_round_counting():
    m = match_of([], strategy=Scripted(plan=Plan()))
    m.clock = 125  # 12 rounds and a hold round
    m.rounds = 19
    m.finish(ALPHA, Method.PIN)
    result = m.result()
    assert result.length == 13
    assert result.events[-1].text == "Alpha wins by pinfall at 2:05 (13 rounds)."


def test_both_men_out_cold_and_seen_is_a_double_knockout():
    m = match_of([2])
    m.me(ALPHA).out = True
    m.referee_sees_ko(m.me(BETA))
    assert (m.winner, m.method) == (None, Method.DOUBLE_KNOCKOUT)


def test_two_disqualifications_at_once_are_a_double_disqualification():
    m = match_of([])
    m.disqualify(m.me(ALPHA), "a chair")
    m.disqualify(m.me(BETA), "a chair")
    assert (m.winner, m.method) == (None, Method.DOUBLE_DISQUALIFICATION)


# ------------------------------------------------------------------------------ Edge


def test_seizing_the_initiative_costs_a_face_1_and_a_heel_2_or_1_for_an_illegal_move():
    m = match_of([])
    assert m.edge_cost(m.me(ALPHA), "seize") == 1
    assert m.edge_cost(m.me(BETA), "seize") == 2
    assert m.edge_cost(m.me(BETA), "seize", illegal=True) == 1


def test_second_wind_takes_off_his_sta():
    m = match_of([])
    alpha = m.me(ALPHA)
    m.hurt(alpha, 40, None)
    m.second_wind(alpha, 1)
    assert alpha.dmg == 40 - 12 and alpha.edge == 2 and alpha.lvl == 0


def test_a_second_wind_is_one_sentence_told_before_the_weardown_level_it_brings_back():
    m = match_of([])
    alpha = m.me(ALPHA)
    m.hurt(alpha, 40, None)  # Winded
    m.events.clear()
    m.second_wind(alpha, 1)
    assert [(e.kind, e.text) for e in m.events] == [
        (
            "second_wind",
            "Alpha digs deep and finds a second wind (1 Edge, 2 left): 40 to 28 damage!",
        ),
        ("weardown", "Alpha is back to Fresh (28 damage, -0)."),
    ]
    assert m.events[0].data == {"cost": 1, "what": "second wind"}


def test_fired_up_turns_misses_into_standoffs_and_ignores_weardown_and_repeats():
    m = match_of([18], a=sheet("alpha", fame=700))
    alpha = m.me(ALPHA)
    m.fire_up(alpha)
    m.hurt(alpha, 80, None)  # Tired: -2, ignored
    m.note_attempt(alpha, move(m, ALPHA, "Chop"))
    assert alpha.edge == 1 and alpha.fired == 5
    assert m.target(ALPHA, move(m, ALPHA, "Chop")) == 12
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    assert m.adv == ALPHA and alpha.fired == 4 and "standoff" in kinds(m)


def test_working_over_a_part_makes_every_attack_on_it_injuring():
    m = match_of([4, 19], strategy=Scripted(follow_up=[]))
    m.work_over(m.me(ALPHA), "body")
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    injury = next(e for e in m.events if e.kind == "injury")
    assert injury.data["points"] == 1 and m.me(ALPHA).edge == 2


# ------------------------------------------------------------------------------ the roster


def test_the_result_reports_edge_spent_prestige_for_losing_heat_and_injuries_by_part():
    m = match_of([12, 18], strategy=Scripted(follow_up=[]))
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))  # an Ace: an injury point to the ribs
    m.second_wind(m.me(ALPHA), 1)
    m.ap = 4
    m.play_to_crowd(m.me(ALPHA))
    m.me(BETA).cheated = True
    m.finish(ALPHA, Method.PIN)
    effects = m.result().effects
    standing = {(s.key, s.attribute): s.delta for s in effects.standing}
    assert standing[("alpha", "edge")] == -1
    assert standing[("alpha", "heat")] == 1  # played to the crowd
    assert standing[("beta", "prestige")] == -6
    assert standing[("beta", "heat")] == 1
    injury = effects.injuries[0]
    assert (injury.key, injury.body_part, injury.points, injury.source) == (
        "beta",
        "body",
        1,
        "arm_injury",
    )
    assert injury.keeps_off_cards is False
    assert "prestige.loss" in effects.supersedes


def test_the_roster_at_show_time_sets_edge_and_carries_injuries_into_the_match():
    m = match_of([])
    spec = m.prep.spec
    side = spec.sides[BETA]
    roster = replace(
        side.participants[0], injuries=({"body_part": "leg", "points": 2},), edge=5, fame=520
    )
    spec = replace(spec, sides=(spec.sides[ALPHA], replace(side, participants=(roster,))))
    beta = Match(prepare(spec), ScriptedDice([]), Scripted()).me(BETA)
    assert beta.inj == {"leg": 2} and beta.edge == 5  # the sheet's Fame 200 would give 2


@pytest.mark.parametrize("options", ["", "no_edge"])
def test_edge_at_the_start_is_fame_over_100_unless_edge_is_off(options):
    m = match_of([], options=options)
    assert m.me(ALPHA).edge == (3 if not options else 0)


def test_a_plan_is_copied_with_changes_compared_by_its_fields_and_refuses_an_unknown_one():
    # A strategy adjusts another's plan (the corpus's rough strategy throws over the top):
    # the copy carries every other field, the original is untouched.
    m = match_of([])
    chop = move(m, ALPHA, "Chop")
    plan = Plan(move=chop, actions=("approach", "run"), desperation=2)
    rough = plan.replace(over_top=True, trap=True)
    assert rough == Plan(
        move=chop, actions=("approach", "run"), desperation=2, over_top=True, trap=True
    )
    assert plan == Plan(move=chop, actions=("approach", "run"), desperation=2)
    assert rough != plan
    assert "over_top=True" in repr(rough) and "desperation=2" in repr(rough)
    with pytest.raises(TypeError, match="no field 'overtop'"):
        plan.replace(overtop=True)


def test_the_attackers_own_positioning_for_a_maneuver():
    # Getting up from a fall crosses two posture categories: 2 x shift_across (2) = 4 points
    # (rules/data/arm/match.yaml); a maneuver that fits where both men are costs nothing; a
    # man on the floor cannot chop one in the ring without entering first.
    m = match_of([])
    m.near = True
    alpha, beta = m.me(ALPHA), m.me(BETA)
    chop, elbow = move(m, ALPHA, "Chop"), move(m, ALPHA, "Elbow Drop")
    assert setup(m, ALPHA, chop) == (0, ())
    alpha.post = "prone"
    assert setup(m, ALPHA, chop) == (4, ("stand",))
    alpha.post, beta.post = "facing", "prone"
    assert setup(m, ALPHA, elbow) == (0, ())
    beta.post, alpha.zone = "facing", "floor"
    assert setup(m, ALPHA, chop)[0] == CANNOT


@pytest.mark.parametrize("how", ["plan", "follow_up"])
def test_a_man_climbs_the_turnbuckles_only_from_his_feet(how):
    # The chapter: "Climbing onto the turnbuckles costs 1 Action Point for each rope level; the
    # wrestler must already be standing in a ring corner." Flat on his back in the corner, he
    # gets up first (2 categories across: 2 x 2 points), then climbs the three ropes (3).
    m = match_of([])
    alpha = m.me(ALPHA)
    alpha.zone, alpha.post = "corner", "prone"
    m.ap = 7
    if how == "plan":
        m.position(ALPHA, (("climb", 3),))
    else:
        m.reposition(ALPHA, "climb", 3, None)
    assert (alpha.post, alpha.elev, m.ap, alpha.debt) == ("facing", 3, 0, 0)
    texts = [e.text for e in m.events]
    assert texts[0] == "Alpha gets back up."
    assert texts[1] in ("Alpha climbs to the top rope!", "Alpha heads up top!")


def test_a_man_who_cannot_get_up_does_not_climb():
    # No points and already as deep in debt as the tables allow (ap_max_debt): he stays down,
    # on the mat, and never reaches the top rope.
    m = match_of([])
    alpha = m.me(ALPHA)
    alpha.zone, alpha.post = "corner", "prone"
    m.ap = 0
    alpha.debt = m.fig.ap_max_debt
    m.reposition(ALPHA, "climb", 3, None)
    assert (alpha.post, alpha.elev) == ("prone", 0)
    assert m.events == []


def test_a_man_moves_his_opponent_only_from_his_feet():
    # Ours (docs/rules/arm.md): dragging a man up, whipping him, backing him into a corner or
    # rolling him in takes the attacker on his feet. Both flat on the mat, 8 points: he gets up
    # (2 categories across: 4), then drags his man up (from the mat to his feet: 4).
    m = match_of([])
    alpha, beta = m.me(ALPHA), m.me(BETA)
    alpha.post, beta.post = "prone", "prone"
    m.ap = 8
    m.reposition(ALPHA, "lift", "facing", None)
    assert (alpha.post, beta.post, m.ap) == ("facing", "facing", 0)
    assert [e.text for e in m.events] == ["Alpha gets back up.", "Alpha drags Beta to his feet."]
    # On his knees, with 3 points: up (crouching to standing, across: 2), then the whip (1).
    m = match_of([])
    alpha = m.me(ALPHA)
    alpha.post = "kneeling"
    m.ap = 3
    m.reposition(ALPHA, "whip", None, None)
    assert (alpha.post, m.me(BETA).whipped, m.ap) == ("facing", True, 0)


def test_a_man_plays_to_the_crowd_on_his_feet():
    # Playing to the crowd is 4 points (the chapter); on the mat he gets up first (ours: 4 more
    # from flat on his back), so with 8 he does both, and the crowd counts one more.
    m = match_of([])
    alpha = m.me(ALPHA)
    alpha.post = "prone"
    m.ap = 8
    m.reposition(ALPHA, "play_to_crowd", None, None)
    assert (alpha.post, alpha.crowd, m.ap) == ("facing", 1, 0)
    assert [e.text for e in m.events] == [
        "Alpha gets back up.",
        "Alpha plays to the crowd and they love it!",
    ]


def test_playing_to_the_crowd_needs_the_points_in_hand():
    # Four points, on his feet: with 3 he does not, and owes nothing for it (a cover, an escape
    # and playing to the crowd are not paid for in debt: docs/rules/arm.md).
    m = match_of([])
    alpha = m.me(ALPHA)
    m.ap = 3
    m.reposition(ALPHA, "play_to_crowd", None, None)
    assert (alpha.crowd, alpha.debt, m.ap, m.events) == (0, 0, 3, [])
    m.ap = 4
    m.reposition(ALPHA, "play_to_crowd", None, None)
    assert (alpha.crowd, alpha.debt, m.ap) == (1, 0, 0)


@pytest.mark.parametrize(
    ("number", "written"),
    [(0, "0"), (7, "7"), (99, "99"), (100, "100"), (1234, "1234"), (-1, "-1"), (-12, "-12")],
)
def test_the_play_by_play_writes_every_number_as_it_is(number, written):
    # The small ones come from a table made once (``_num``); the rest, negative ones among
    # them (a target can fall below zero), are written as they are.
    assert _num(number) == written


# ------------------------------------------------------------------------------ more damage


def test_a_loaded_fist_adds_its_damage_to_a_punch_and_is_a_foreign_object():
    # A Fist Load (objects table: damage 2, punch): the punch's 2, the load's 2, WDB 1. "Use of
    # foreign objects usually forces a referee check" (18: missed), and the maneuver is
    # Injuring (Beta's TOU 12, 5 damage -1: 11; 13, no harm).
    m = match_of([18, 13], a=sheet("alpha", objects=["Fist Load"]))
    punch = move(m, ALPHA, "Punch")
    m.land(ALPHA, Plan(move=punch), punch, 10, SUCCESS, 12)
    assert next(e for e in m.events if e.kind == "hit").text == (
        "Alpha hits Beta with a punch, fist load and all. (5 damage)"
    )
    assert next(e for e in m.events if e.kind == "hit").data["damage"] == 2 + 2 + 1
    assert [e.text for e in m.events if e.kind == "referee"] == [
        "Referee check for the loaded punch (Skill 12, rolls 18): missed it."
    ]
    injury = next(e for e in m.events if e.kind == "injury")
    assert "foreign object" in injury.text and injury.dice == (13,)


def test_a_loaded_fist_seen_is_an_automatic_disqualification():
    m = match_of([4], a=sheet("alpha", objects=["Brass Knuckles"]))
    punch = move(m, ALPHA, "Punch")
    m.land(ALPHA, Plan(move=punch), punch, 10, SUCCESS, 12)
    assert (m.winner, m.method) == (BETA, Method.DISQUALIFICATION)


def test_a_fist_load_adds_nothing_to_a_blow_that_is_not_a_punch():
    # "Merely add their damage to standard Punching maneuvers": a Chop is an open hand (2 + WDB
    # 1, no referee check, not Injuring).
    m = match_of([], a=sheet("alpha", objects=["Fist Load"]))
    chop = move(m, ALPHA, "Chop")
    assert not chop.object
    m.land(ALPHA, Plan(move=chop), chop, 10, SUCCESS, 12)
    assert next(e for e in m.events if e.kind == "hit").data["damage"] == 2 + 1
    assert move(m, ALPHA, "Backfist").object  # a punch: loaded


@pytest.mark.parametrize(
    ("zone", "elev", "steps"),
    # A dive falls the apron's height (2 Steps), and the ropes' from up top (the top rope: 3).
    [("ringside", 0, 2), ("apron", 0, 2), ("corner", 3, 2 + 3)],
)
def test_a_dive_to_the_floor_falls_the_aprons_height_and_more_from_up_top(zone, elev, steps):
    m = match_of([], a=sheet("alpha", arsenal=["Punch", "Tope"]))
    alpha = m.me(ALPHA)
    alpha.zone, alpha.elev = zone, elev
    m.me(BETA).zone = "floor"
    tope = move(m, ALPHA, "Tope")
    m.land(ALPHA, Plan(move=tope), tope, 10, SUCCESS, 12)
    # The Tope's 4, WDB 1, 2 a Step.
    assert next(e for e in m.events if e.kind == "hit").data["damage"] == 4 + 1 + 2 * steps


def test_a_second_disqualification_of_the_other_side_is_a_double_disqualification():
    m = match_of([])
    m.finish(ALPHA, Method.DISQUALIFICATION)
    m.finish(ALPHA, Method.DISQUALIFICATION)  # the same side again: nothing new
    assert (m.winner, m.method) == (ALPHA, Method.DISQUALIFICATION)
    m.finish(BETA, Method.DISQUALIFICATION)
    assert (m.winner, m.method) == (None, Method.DOUBLE_DISQUALIFICATION)


def test_a_finish_after_the_match_is_decided_changes_nothing():
    m = match_of([])
    m.finish(ALPHA, Method.PIN)
    m.finish(BETA, Method.KNOCKOUT)
    m.finish(BETA, Method.DISQUALIFICATION)
    assert (m.winner, m.method) == (ALPHA, Method.PIN)


def test_after_a_standoff_the_attacker_may_try_another_maneuver():
    # Both chops miss (18, 18): a standoff; the strategy asks for a dropkick instead (AGI 12,
    # Level 1 against a Fresh man: 10), and the 5 lands.
    strategy = Scripted(
        respond=lambda m, s: Plan(move=move(m, s, "Chop")),
        after_standoff=lambda m, s, plan: Plan(move=move(m, s, "Dropkick")),
        follow_up=[],
    )
    m = match_of([18, 18, 5], strategy=strategy)
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    assert [e.text for e in m.events if e.kind in ("standoff", "attack")][2:] == [
        "A standoff: both men miss and reset.",
        "Alpha goes for a dropkick (AGI 10): rolls 5: good.",
    ]
    assert m.me(ALPHA).last == "Dropkick" and m.me(BETA).dmg == 5


def test_after_a_standoff_a_maneuver_that_does_not_fit_is_not_tried():
    # A Piledriver needs the man bent over: the chop is tried again (the same again: -1).
    strategy = Scripted(
        respond=lambda m, s: Plan(move=move(m, s, "Chop")),
        after_standoff=lambda m, s, plan: Plan(move=m.me(s).w.finisher),
        follow_up=[],
    )
    m = match_of([18, 18, 5], strategy=strategy)
    m.attack(ALPHA, Plan(move=move(m, ALPHA, "Chop")))
    assert [e.text for e in m.events if e.kind == "attack"][2] == (
        "Alpha goes for a chop (BRA 11): rolls 5: good."
    )


@pytest.mark.parametrize(
    ("options", "plan"),
    [
        (None, ("aisle", "stall")),  # the count is young: he walks it down
        ("no_count_out", ("enter",)),  # nothing counted, nothing to run down
        ("cage", ("enter",)),  # (no count-outs in a cage either)
    ],
)
def test_a_coward_runs_down_a_count_and_comes_back_in_where_there_is_none(options, plan):
    from rules.arm.strategy import DefaultStrategy

    m = match_of([], b=sheet("beta", flaws=["Coward"]), options=options)
    m.me(BETA).zone = "floor"
    m.adv, m.ap = BETA, 4
    assert DefaultStrategy()._plan(m, BETA).actions == plan


def test_there_is_no_aisle_to_walk_up_inside_a_cage():
    m = match_of([], options="cage")
    beta = m.me(BETA)
    beta.zone = "floor"
    m.adv, m.ap = BETA, 2
    m.position(BETA, ("aisle",))
    assert beta.zone == "floor" and m.ap == 2  # nowhere to go, nothing spent


def test_a_coward_in_a_cage_or_without_count_outs_does_not_stall_till_the_bell():
    # The sample pairing, Mortimer Gale a Coward: before, about three cage matches in ten and
    # as many without count-outs ended at the time limit, Gale stalling up the aisle, against
    # one in forty of a standard match.
    from rules.arm.engine import run
    from rules.arm.strategy import DefaultStrategy

    sample = Path(__file__).resolve().parents[2] / "rules/data/sample/arm"
    cards = [
        arm.parse_card(yaml.safe_load((sample / f"{name}.yaml").read_text()))
        for name in ("corrigan-vale", "mortimer-gale")
    ]
    for options in ("cage", "no_count_out"):
        prepared = prepare(arm.make_spec(cards, options=options))
        dice, mind = SeededDice(5, record=False), DefaultStrategy()
        methods = [run(prepared, dice, mind, record=False).method for _ in range(400)]
        assert methods.count(Method.DRAW_TIME_LIMIT) <= 20, options


def test_maneuvers_read_in_lower_case_but_places_and_initials():
    # "goes for a German suplex", "an Irish whip", "a Boston crab", "the DDT", "a dropkick".
    names = ["German Suplex", "Irish Whip", "Boston Crab", "DDT", "Dropkick"]
    alpha = match_of([]).me(ALPHA).w
    found = {name: alpha.move(name) for name in names}
    words = {name: (move.article, move.words) for name, move in found.items() if move}
    assert words == {
        "German Suplex": ("a", "German suplex"),
        "Irish Whip": ("an", "Irish whip"),
        "Boston Crab": ("a", "Boston crab"),
        "DDT": ("the", "DDT"),  # (initials read as a finisher's capitals do)
        "Dropkick": ("a", "dropkick"),
    }


def test_the_ledger_reasons_count_in_words():
    from rules.arm.text import edge_uses as _uses
    from rules.core.text import times

    assert [times(n) for n in (1, 2, 3)] == ["once", "twice", "3 times"]
    assert _uses(["seize the initiative", "second wind", "seize the initiative"]) == (
        "seize the initiative twice, second wind"
    )
