"""The default ARM strategy's choices, one at a time, in situations set by hand (the test
sheets: every attribute 12, TOU 12; the Action Points as ``rules/data/arm/match.yaml`` gives
them: a lateral press 1, hooking the leg 2, a lobster cover 3, rolling a man over 1)."""

from __future__ import annotations

import pytest
import yaml

from rules.arm.state import Hold
from rules.arm.strategy import CANNOT, DefaultStrategy, setup
from rules.arm.tables import default_data, load_tables
from tests.rules.arm_support import ALPHA, BETA, Plan, Scripted, match_of, move, sheet, tag_match

mind = DefaultStrategy()


def down(m, post="prone"):
    m.me(BETA).post = post
    return m


# ------------------------------------------------------------------------------ covers


@pytest.mark.parametrize(
    ("ap", "post", "kind"),
    [
        (3, "prone", "lobster"),
        (2, "prone", "hook_leg"),
        (1, "prone", "cover"),
        (0, "prone", None),
        # Face down, he is rolled over first (1 point): what is left decides.
        (3, "facedown", "hook_leg"),
        (2, "facedown", "cover"),
        (4, "facedown", "lobster"),
    ],
)
def test_the_cover_is_the_best_the_points_pay_for(ap, post, kind):
    m = down(match_of([]), post)
    m.ap = ap
    assert mind.cover_kind(m, ALPHA, None) == kind


def test_the_press_that_comes_with_a_maneuver_needs_no_points_the_first_time():
    m = down(match_of([], a=sheet("alpha", arsenal=["Splash", "Chop"])))
    splash = move(m, ALPHA, "Splash")
    m.ap = 0
    assert mind.cover_kind(m, ALPHA, splash) == "cover"
    assert mind.cover_kind(m, ALPHA, move(m, ALPHA, "Chop")) is None
    m.covers = 1  # after the first cover, it is paid for like any other
    assert mind.cover_kind(m, ALPHA, splash) is None


def test_an_arrogant_man_only_ever_uses_a_lateral_press():
    arrogant = sheet("alpha", flaws=["Arrogant"])
    m = down(match_of([], a=arrogant))
    m.ap = 5
    assert mind.cover_kind(m, ALPHA, None) == "cover"
    m.ap = 0
    assert mind.cover_kind(m, ALPHA, None) is None


# ------------------------------------------------------------------------------ holds


def hold_of(m, name, *, rounds, intensity=0, resthold=False):
    h = Hold(ALPHA, move(m, ALPHA, name), 3, 10, intensity=intensity, resthold=resthold)
    h.rounds = rounds
    return h


def test_a_sleeper_is_kept_on_however_long_it_has_been_on():
    m = match_of([])
    sleeper = move(m, ALPHA, "Sleeper")
    assert sleeper.sleeper and not sleeper.finisher
    assert mind.keep_hold(m, ALPHA, hold_of(m, "Sleeper", rounds=6))


def test_a_finishing_hold_is_kept_on():
    figure_four = sheet("alpha", finisher={"maneuver": "Figure Four Leglock", "name": "The Four"})
    m = match_of([], a=figure_four)
    h = Hold(ALPHA, m.me(ALPHA).w.finisher, 3, 10)
    h.rounds = 6
    assert h.move.finisher and not h.move.sleeper
    assert mind.keep_hold(m, ALPHA, h)


def test_an_ordinary_hold_is_let_go_after_two_rounds_unless_it_is_beyond_his_toughness():
    m = match_of([])
    assert mind.keep_hold(m, ALPHA, hold_of(m, "Side Headlock", rounds=1))
    assert not mind.keep_hold(m, ALPHA, hold_of(m, "Side Headlock", rounds=2))
    # Intensity past TOU 12 less 4: he keeps squeezing.
    assert mind.keep_hold(m, ALPHA, hold_of(m, "Side Headlock", rounds=5, intensity=9))
    assert not mind.keep_hold(m, ALPHA, hold_of(m, "Side Headlock", rounds=5, intensity=8))


def test_a_resthold_is_kept_while_he_needs_the_rest_for_four_rounds_at_most():
    m = match_of([])
    assert not mind.keep_hold(m, ALPHA, hold_of(m, "Side Headlock", rounds=0, resthold=True))
    m.me(ALPHA).lvl = 1
    assert mind.keep_hold(m, ALPHA, hold_of(m, "Side Headlock", rounds=3, resthold=True))
    assert not mind.keep_hold(m, ALPHA, hold_of(m, "Side Headlock", rounds=4, resthold=True))


def test_a_choke_is_let_go_after_a_round_unless_the_referee_is_not_looking():
    # (Past a five count a choke is an automatic disqualification.)
    m = match_of([], a=sheet("alpha", arsenal=["Choke", "Punch"]))
    assert mind.keep_hold(m, ALPHA, hold_of(m, "Choke", rounds=0))
    assert not mind.keep_hold(m, ALPHA, hold_of(m, "Choke", rounds=1, intensity=12))
    m.distracted = 1
    assert mind.keep_hold(m, ALPHA, hold_of(m, "Choke", rounds=3))


def test_a_man_on_the_floor_lets_go_to_beat_the_count_of_ten():
    m = match_of([])
    for f in (m.me(ALPHA), m.me(BETA)):
        f.zone = "floor"
    m.count = 10
    assert not mind.keep_hold(m, ALPHA, hold_of(m, "Sleeper", rounds=0))
    m.count = 9
    assert mind.keep_hold(m, ALPHA, hold_of(m, "Sleeper", rounds=0))


# ------------------------------------------------------------------------------ the finisher


def test_the_finisher_is_among_his_choices_until_he_is_fired_up_twice():
    m = match_of([])
    m.me(BETA).lvl = 2  # Tired: the finisher's time
    finisher = m.me(ALPHA).w.finisher
    for fired, offered in ((0, True), (1, True), (2, False)):
        m.me(ALPHA).fired = fired
        assert (finisher in mind._moves(m, ALPHA)) is offered, fired
    m.me(ALPHA).fired = 0
    m.me(BETA).lvl = 0  # a Fresh man, and Alpha fresh too: not yet
    assert finisher not in mind._moves(m, ALPHA)


def test_a_tired_man_is_set_up_for_the_finisher_even_when_another_maneuver_would_hurt_more():
    # Alpha's Leg Drop (BRA 12, -2 for its Level 1 over Beta's weardown 0: 10, half a chance;
    # 4 + WDB 1 = 5 damage) against his finisher, a Backslide (TEC 12 - 2, +2 as the finisher:
    # 0.6; (1 + 1) x 2 = 4 damage): 2.5 against 2.4, so the Leg Drop on the man down. Against a
    # Tired man the finisher is worth 0.3 of a finish (25) more: 0.6 x 11.5 = 6.9, and Beta is
    # dragged up and turned around for the Backslide. (Weardown set by hand: targets unchanged.)
    backslider = sheet("alpha", arsenal=["Leg Drop"], finisher={"maneuver": "Backslide"})
    for beta_lvl, alpha_lvl, steps in (
        (2, 0, [("lift", "facing"), "behind"]),
        (1, 2, []),  # the finisher's time (Alpha Tired), but Beta only Winded: no bonus
    ):
        m = down(match_of([], a=backslider))
        m.me(BETA).lvl, m.me(ALPHA).lvl = beta_lvl, alpha_lvl
        assert m.me(ALPHA).w.finisher in mind._moves(m, ALPHA)
        assert mind._set_up_next(m, ALPHA, 10, 0) == steps, beta_lvl


# ------------------------------------------------------------------------------ counters


def test_a_high_risk_level_2_maneuver_is_countered_even_when_it_seldom_lands():
    # A Frog Splash (a Splash, flying: high risk, Level 2) at 8 against a Fresh man: big
    # enough to fear, so Beta, standing, answers with his surest defense (a Dodge: AGI 12,
    # Level 1 against Fresh: 10).
    flyer = sheet("alpha", arsenal=["Punch", "Frog Splash"])
    m = match_of([], a=flyer, b=sheet("beta", arsenal=["Punch", "Dropkick", "Dodge", "Sprawl"]))
    splash = move(m, ALPHA, "Frog Splash")
    assert splash.high_risk and splash.level == 2 and not splash.finisher
    plan = mind._counter(m, BETA, splash, 8)
    assert plan is not None and plan.move.name == "Dodge"


def test_an_ordinary_level_2_maneuver_that_seldom_lands_is_let_come():
    # An Atomic Drop (a lift, Level 2, not high risk) at 4: not worth a Sprawl.
    m = match_of([], b=sheet("beta", arsenal=["Punch", "Dropkick", "Dodge", "Sprawl"]))
    drop = move(m, ALPHA, "Atomic Drop")
    assert not drop.high_risk and drop.level == 2 and not drop.finisher
    assert mind._counter(m, BETA, drop, 4) is None
    # At 14 (a 70% chance) it is likely to land: then it is met with the Sprawl (TEC 12,
    # Level 1 against a Fresh man: 10; the Dodge, Duck and Block do not answer a lift).
    plan = mind._counter(m, BETA, drop, 14)
    assert plan is not None and plan.move.name == "Sprawl"


# ------------------------------------------------------------------------------ setting up


def test_a_springboard_takes_the_walk_to_the_ropes_first():
    m = match_of([], a=sheet("alpha", arsenal=["Punch", "Springboard Dropkick"]))
    springboard = move(m, ALPHA, "Springboard Dropkick")
    assert setup(m, ALPHA, springboard) == (2, ("ringside",))  # the center to the ropes: 2
    m.me(ALPHA).zone = "ringside"
    assert setup(m, ALPHA, springboard) == (0, ())


def test_striking_a_man_up_top_from_the_mat_is_getting_up_then_the_walk():
    # Alpha flat on his back in the center (up: 2 categories across, 2 x 2), Beta on the
    # second rope in a corner (2 squares away): 4 + 2.
    m = match_of([])
    m.me(ALPHA).post = "prone"
    beta = m.me(BETA)
    beta.zone, beta.elev = "corner", 2
    m.near = False
    assert setup(m, ALPHA, move(m, ALPHA, "Punch")) == (6, ("approach", "stand"))


# ------------------------------------------------------------------------------ desperation


def test_a_battered_man_takes_three_points_of_damage_for_as_many_plus_one_on_his_finisher():
    # Battered (-3), the Alpha Driver (a Piledriver, Level 3) at 12 + 2 - 6 - 3 = 5: a 25%
    # chance, so he digs deep for the most desperation allows (3), up to 8.
    m = match_of([])
    m.hurt(m.me(ALPHA), 110, None)
    m.me(BETA).post = "bent"
    finisher = m.me(ALPHA).w.finisher
    assert m.target(ALPHA, finisher) == 5
    _, plan = mind._consider(m, ALPHA, finisher, True, None)
    assert plan.desperation == 3 and plan.move is finisher


def test_no_desperation_that_would_knock_himself_out():
    # At 175 of his 180, three more and the finisher's Level (3) would take him past it.
    m = match_of([])
    m.hurt(m.me(ALPHA), 175, None)
    m.me(BETA).post = "bent"
    _, plan = mind._consider(m, ALPHA, m.me(ALPHA).w.finisher, True, None)
    assert plan.desperation == 0


# ------------------------------------------------------------------------------ seizing


@pytest.mark.parametrize(
    ("state", "seizes"),
    [(None, True), ("dizzy", False), ("blind", False), ("surprised", False)],
)
def test_a_man_seizes_the_initiative_unless_dizzy_blind_or_surprised(state, seizes):
    # Beta (a rulebreaker, Fame 200: 2 Edge) is asked and always willing; he seizes with his
    # first maneuver, a Punch: illegal, so 1 Edge, a rulebreaker's price for it (2 otherwise).
    chop = Scripted(plan=lambda m, s: Plan(move=move(m, s, "Chop")), seize=True)
    m = match_of([10] * 6, strategy=chop)
    m.adv = ALPHA
    if state == "surprised":
        m.me(BETA).surprised = True
    elif state is not None:
        setattr(m.me(BETA), state, 1)
    m.standard_round()
    assert ("seize" in [e.kind for e in m.events]) is seizes
    assert m.me(BETA).edge == (1 if seizes else 2)


# ------------------------------------------------------------------------------ double teams


def corner_trap(options=None):
    """A tag match: Alpha in his own corner, Beta backed into it, in reach."""
    m = tag_match([], options=options)
    alpha = m.me(ALPHA)
    alpha.zone, alpha.home = "corner", True
    m.me(BETA).zone = "corner"
    return m


def test_a_double_team_in_his_corner_behind_the_referees_back():
    m = corner_trap()
    m.distracted = 1
    plan = mind._double_team(m, ALPHA)
    assert plan is not None and plan.double is not None
    assert plan.move.strike_kind and plan.double.strike_kind  # two strikes at once
    assert plan.double in m.partner(ALPHA).w.moves


def test_with_no_disqualifications_the_referee_need_not_be_looking_away():
    assert mind._double_team(corner_trap("no_dq"), ALPHA) is not None


def distracted_and(reach, attr: str, value: object):
    """A spoiler: the referee looks away, and ``reach(m)``'s ``attr`` becomes ``value``."""

    def spoil(m) -> None:
        m.distracted = 1
        setattr(reach(m), attr, value)

    return spoil


@pytest.mark.parametrize(
    "spoil",
    [
        lambda m: None,  # the referee is looking
        distracted_and(lambda m: m.me(ALPHA), "home", False),
        distracted_and(lambda m: m.me(BETA), "zone", "center"),
        distracted_and(lambda m: m.me(BETA), "post", "prone"),
        distracted_and(lambda m: m, "near", False),
        distracted_and(lambda m: m.partner(ALPHA), "out", True),
    ],
    ids=["seen", "not at home", "not cornered", "down", "apart", "partner out"],
)
def test_no_double_team_otherwise(spoil):
    m = corner_trap()
    spoil(m)
    assert mind._double_team(m, ALPHA) is None


def test_no_double_team_in_a_singles_match():
    m = match_of([])
    m.me(ALPHA).zone = m.me(BETA).zone = "corner"
    m.distracted = 1
    assert mind._double_team(m, ALPHA) is None


# ------------------------------------------------------------------------------ over the top


def test_the_chance_to_throw_a_man_over_the_top_stops_growing_short_of_a_botch():
    # Success by 2 more than Beta's Lift (0): a target of 21 leaves 19, every face but the
    # Botch; past it, nothing more is gained.
    m = match_of([])
    m.me(BETA).zone = "ringside"
    slam = move(m, ALPHA, "Body Slam")
    gain = {t: mind._over_top_gain(m, ALPHA, slam, (), t) for t in (20, 21, 25, 30)}
    assert gain[20] < gain[21] == gain[25] == gain[30]
    assert mind._over_top_gain(m, ALPHA, slam, (), 2) == 0.0  # no chance at all


# ------------------------------------------------------------------------------ a short temper


def test_a_short_temper_answers_an_illegal_blow_with_a_punch():
    hothead = sheet("alpha", flaws=["Short Temper"])
    m = match_of([], a=hothead, b=sheet("beta", arsenal=["Punch", "Eye Rake", "Chop"]))
    beta = m.me(BETA)
    beta.last, beta.last_ok = "Eye Rake", True
    assert mind._plan(m, ALPHA).move.name == "Punch"
    beta.last = "Chop"  # a legal blow: he wrestles his own match
    assert mind._plan(m, ALPHA).move.name != "Punch"
    calm = match_of([], b=sheet("beta", arsenal=["Punch", "Eye Rake", "Chop"]))
    calm.me(BETA).last, calm.me(BETA).last_ok = "Eye Rake", True
    assert mind._plan(calm, ALPHA).move.name != "Punch"


# ------------------------------------------------------------------------------ nothing fits


def test_when_nothing_fits_the_referee_restarts_them():
    # A federation whose only basic is the Elbow Drop (a man down), and Alpha's only maneuver a
    # Figure Four (a man on his back): against Beta on his feet, nothing Alpha could do alone.
    maneuvers = yaml.safe_load(yaml.safe_dump(default_data("maneuvers")))
    maneuvers["basics"] = ["Elbow Drop"]
    tables = load_tables({"maneuvers": maneuvers})
    m = match_of([], a=sheet("alpha", arsenal=["Figure Four Leglock"]), tables=tables)
    plan = mind._plan(m, ALPHA)
    assert (plan.move, plan.actions) == (None, ("reset",))
    m.me(BETA).post = "prone"  # down on his back: the Figure Four
    assert mind._plan(m, ALPHA).move.name == "Figure Four Leglock"


# ------------------------------------------------------------------------------ arranging him


ARSENAL = [
    "Punch",
    "Super Suplex",
    "Figure Four Leglock",
    "Crossface",
    "Running Clothesline",
    "Moonsault",
    "Piledriver",
    "Suplex",
    "Atomic Drop",
]


@pytest.mark.parametrize(
    ("name", "post", "points", "steps"),
    [
        # Up top for a superplex: to the corner (2 squares, 1 + 1 to bring him), placed (1).
        ("Super Suplex", "facing", 5, ("corner", ("place", 2))),
        # Dragged up first (from flat on his back: 2 categories across, 2 x 2).
        ("Super Suplex", "prone", 9, (("lift", "facing"), "corner", ("place", 2))),
        # A moonsault: Alpha to the corner (2) and up the three ropes (3).
        ("Moonsault", "prone", 5, (("climb", 3),)),
        ("Running Clothesline", "facing", 1, ("whip",)),  # whipped into the ropes first
        ("Suplex", "prone", 4, (("lift", "facing"),)),
        ("Atomic Drop", "prone", 5, (("lift", "facing"), "behind")),  # up, then behind him
        ("Piledriver", "facing", 2, (("lift", "bent"),)),  # doubled over: across, 2
        ("Figure Four Leglock", "facedown", 1, ("turn",)),
        ("Crossface", "prone", 1, ("turn",)),
    ],
)
def test_the_opponent_is_put_where_the_maneuver_wants_him(name, post, points, steps):
    m = match_of([], a=sheet("alpha", arsenal=ARSENAL))
    m.me(BETA).post = post
    assert mind._arrangement(m, ALPHA, move(m, ALPHA, name), 0) == (points, steps)
    # Alpha's own getting up (``up``) comes on top, but for a turn of a man down.
    if steps != ("turn",):
        assert mind._arrangement(m, ALPHA, move(m, ALPHA, name), 4)[0] == points + 4


@pytest.mark.parametrize(("name", "post"), [("Moonsault", "facing"), ("Crossface", "sitting")])
def test_no_arrangement_for_a_man_who_cannot_be_put_there(name, post):
    m = match_of([], a=sheet("alpha", arsenal=ARSENAL))
    m.me(BETA).post = post
    assert mind._arrangement(m, ALPHA, move(m, ALPHA, name), 0)[0] == CANNOT


def test_a_lunge_for_the_door_is_tried_only_while_it_has_a_chance():
    """A lunge escape with a Maneuver Skill of 0 or less cannot win, and trying it only makes a
    contest of a blow that might have missed: the default strategy leaves it (and so a man
    does not lunge again and again at -1 a time, as it once did, down to AGI -48)."""
    m = match_of([], options="cage,escape", strategy=DefaultStrategy())
    beta = m.me(BETA)
    beta.zone = "ringside"
    lunge = beta.w.move("Lunge Escape")
    punch = move(m, ALPHA, "Punch")
    assert m.counter_skill(BETA, lunge) == 10  # Beta's AGI 12, improvised -2
    assert DefaultStrategy()._counter(m, BETA, punch, 12).move is lunge
    beta.last, beta.repeat = "Lunge Escape", 10  # his 11th in a row: -11
    assert m.counter_skill(BETA, lunge) == -1
    assert DefaultStrategy()._counter(m, BETA, punch, 12) is None
