"""ARM positioning, action by action, on scripted dice: what each costs in Action Points (the
chapter's figures, as ``rules/data/arm/match.yaml`` gives them: a position within a category 1,
a square 1 and 1 more to bring the opponent along, a step between ring, apron and floor 1, a
rope level 1, a lateral press 1, hooking the leg 2, a lobster cover 3), what it does, and that
nothing happens when the points are not there (the debt at its limit, ``max_debt: 4``).

The ring's distances (the same table): center to corner 2, center to ringside 2, to his own
corner (``home``) from the center 2. The test sheets: every attribute 12."""

from __future__ import annotations

import pytest

from rules.core.result import Method
from tests.rules.arm_support import ALPHA, BETA, Scripted, match_of, sheet, tag_match


def broke(m, ap):
    """``m`` with ``ap`` points in hand and Alpha as deep in debt as the tables allow."""
    m.ap = ap
    m.me(ALPHA).debt = m.fig.ap_max_debt
    return m


# ------------------------------------------------------------------------------ covers


@pytest.mark.parametrize(
    ("kind", "cost", "faces"),
    # Beta breaks a lateral press at 12, a hooked leg at 11, a lobster at 10: one over, thrice.
    [("cover", 1, [13, 13, 13]), ("hook_leg", 2, [12, 12, 12]), ("lobster", 3, [11, 11, 11])],
)
def test_a_cover_costs_its_points_and_pins_a_man_who_cannot_break_it(kind, cost, faces):
    m = match_of(faces)
    m.me(BETA).post = "prone"
    m.ap = cost + 1
    m.reposition(ALPHA, kind, None, None)
    assert m.ap == 1 and (m.winner, m.method) == (ALPHA, Method.PIN)
    assert next(e for e in m.events if e.kind == "pin").dice == tuple(faces)


@pytest.mark.parametrize(("kind", "cost"), [("cover", 1), ("hook_leg", 2), ("lobster", 3)])
def test_a_cover_needs_its_points_in_hand(kind, cost):
    # (No debt for a cover: one point short, nothing happens and nothing is spent.)
    m = match_of([])
    m.me(BETA).post = "prone"
    m.ap = cost - 1
    m.reposition(ALPHA, kind, None, None)
    assert m.ap == cost - 1 and m.method is None and m.events == []


def test_a_man_face_down_is_rolled_over_first_for_a_point():
    m = match_of([13, 13, 13])
    m.me(BETA).post = "facedown"
    m.ap = 2  # the roll (1), the press (1)
    m.reposition(ALPHA, "cover", None, None)
    assert m.me(BETA).post == "prone" and m.ap == 0 and m.method is Method.PIN


def test_no_cover_of_a_man_on_his_feet_or_out_of_reach():
    m = match_of([])
    m.ap = 5
    m.reposition(ALPHA, "cover", None, None)  # Beta standing
    m.me(BETA).post = "prone"
    m.near = False
    m.reposition(ALPHA, "cover", None, None)
    assert m.ap == 5 and m.events == []


def test_the_press_that_comes_with_a_maneuver_is_free_the_first_time():
    # A Splash (flags: cover): "a lateral press comes free with it", with no points at all.
    m = match_of([13, 13, 13], a=sheet("alpha", arsenal=["Splash", "Chop"]))
    splash = m.me(ALPHA).w.move("Splash")
    assert splash.cover
    m.me(BETA).post = "prone"
    m.ap = 0
    m.reposition(ALPHA, "cover", None, splash)
    assert m.ap == 0 and m.method is Method.PIN


def test_a_hooked_leg_after_a_maneuver_with_a_press_is_paid_for():
    m = match_of([], a=sheet("alpha", arsenal=["Splash", "Chop"]))
    m.me(BETA).post = "prone"
    m.ap = 1
    m.reposition(ALPHA, "hook_leg", None, m.me(ALPHA).w.move("Splash"))
    assert m.ap == 1 and m.method is None and m.events == []


def test_a_man_who_breaks_a_cover_may_be_covered_again_at_plus_2_to_break():
    # The chapter: each count shakes off an Action Point, and each further cover without a new
    # attack is +2 to break. 4 points: the two-count leaves 2, the second press takes 1.
    strategy = Scripted(cover_again=True, cover_kind="cover")
    m = match_of([5, 18, 18, 18, 13, 18], strategy=strategy)
    m.me(BETA).post = "prone"
    m.ap = 4
    m.pin(ALPHA)
    pins = [e for e in m.events if e.kind == "pin"]
    assert [p.data["target"] for p in pins] == [12, 14]
    assert [e.kind for e in m.events] == ["cover", "pin", "cover", "pin"]
    assert m.covers == 2 and m.ap == 0 and m.method is None


def test_no_second_cover_when_the_strategy_has_none_to_make():
    m = match_of([5, 18, 18], strategy=Scripted(cover_again=True, cover_kind=None))
    m.me(BETA).post = "prone"
    m.ap = 4
    m.pin(ALPHA)
    assert [e.kind for e in m.events] == ["cover", "pin"] and m.ap == 2


# ------------------------------------------------------------------------------ the man down


def test_a_man_down_is_rolled_over_and_back_for_a_point_each():
    m = match_of([])
    beta = m.me(BETA)
    beta.post = "prone"
    m.ap = 2
    m.reposition(ALPHA, "turn", None, None)
    assert beta.post == "facedown" and m.ap == 1
    m.reposition(ALPHA, "turn", None, None)
    assert beta.post == "prone" and m.ap == 0
    assert [e.text for e in m.events] == ["Alpha rolls Beta over."] * 2


def test_a_standing_man_is_not_rolled_over_nor_a_man_out_of_reach():
    m = match_of([])
    m.ap = 2
    m.reposition(ALPHA, "turn", None, None)
    m.me(BETA).post = "prone"
    m.near = False
    m.reposition(ALPHA, "turn", None, None)
    assert (m.me(BETA).post, m.ap, m.events) == ("prone", 2, [])


def test_rolling_a_man_over_takes_the_point():
    m = broke(match_of([]), 0)
    m.me(BETA).post = "prone"
    m.reposition(ALPHA, "turn", None, None)
    assert m.me(BETA).post == "prone" and m.events == []


def test_a_man_doubled_over_from_his_feet_for_a_point():
    m = match_of([])
    m.ap = 1
    m.reposition(ALPHA, "bend", None, None)
    assert m.me(BETA).post == "bent" and m.ap == 0
    assert [e.text for e in m.events] == ["Alpha doubles Beta over."]


# ------------------------------------------------------------------------------ standing


def test_getting_behind_a_standing_man_is_a_point():
    m = match_of([])
    m.ap = 1
    m.reposition(ALPHA, "behind", None, None)
    assert m.me(BETA).post == "behind" and m.ap == 0


def test_getting_behind_takes_him_standing_and_the_point():
    m = match_of([])
    m.me(BETA).post = "prone"
    m.ap = 3
    m.reposition(ALPHA, "behind", None, None)
    assert m.me(BETA).post == "prone" and m.ap == 3
    m = broke(match_of([]), 0)
    m.reposition(ALPHA, "behind", None, None)
    assert m.me(BETA).post == "facing"


def test_backing_a_man_into_the_corner_is_a_square_and_a_point_to_bring_him_a_square():
    m = match_of([])
    m.ap = 4  # center to corner: 2 squares, each 1 + 1
    m.reposition(ALPHA, "corner", None, None)
    alpha, beta = m.me(ALPHA), m.me(BETA)
    assert (alpha.zone, beta.zone, m.ap, alpha.home) == ("corner", "corner", 0, False)
    assert [e.text for e in m.events] == ["Alpha backs Beta into the corner."]
    assert m.events[0].kind == "position"


def test_backing_a_man_into_the_corner_takes_the_points():
    m = broke(match_of([]), 3)
    m.reposition(ALPHA, "corner", None, None)
    assert (m.me(ALPHA).zone, m.me(BETA).zone, m.ap) == ("center", "center", 3)


def test_in_a_tag_match_his_own_corner_is_home():
    m = tag_match([])
    m.ap = 4
    m.reposition(ALPHA, "corner", "home", None)
    assert m.me(ALPHA).home and m.me(ALPHA).zone == "corner"
    # Going home alone: 2 squares from the center.
    m = tag_match([])
    m.ap = 3
    m.reposition(ALPHA, "home", None, None)
    alpha = m.me(ALPHA)
    assert (alpha.zone, alpha.home, m.near, m.ap) == ("corner", True, False, 1)
    m.reposition(ALPHA, "home", None, None)  # already there: nothing more to pay
    assert m.ap == 1


def test_a_singles_corner_is_never_home():
    m = match_of([])
    m.ap = 4
    m.reposition(ALPHA, "corner", "home", None)
    assert m.me(ALPHA).zone == "corner" and not m.me(ALPHA).home


# ------------------------------------------------------------------------------ the floor


def test_rolling_a_man_back_into_the_ring_is_two_steps_bringing_him():
    m = match_of([])
    for f in (m.me(ALPHA), m.me(BETA)):
        f.zone = "floor"
    m.ap = 4  # floor to apron to ring: 2 x (1 + 1)
    m.reposition(ALPHA, "roll_in", None, None)
    assert (m.me(ALPHA).zone, m.me(BETA).zone, m.ap) == ("ringside", "ringside", 0)
    assert [e.text for e in m.events] == ["Alpha rolls Beta back into the ring."]


def test_rolling_a_man_in_takes_the_four_points():
    m = broke(match_of([]), 3)
    for f in (m.me(ALPHA), m.me(BETA)):
        f.zone = "floor"
    m.reposition(ALPHA, "roll_in", None, None)
    assert m.me(BETA).zone == "floor" and m.ap == 3


# ------------------------------------------------------------------------------ up top


def test_climbing_from_the_center_walks_to_the_corner_first():
    m = match_of([])
    m.ap = 5  # 2 squares to the corner, then 3 rope levels
    m.reposition(ALPHA, "climb", None, None)  # (no level given: the top rope)
    alpha = m.me(ALPHA)
    assert (alpha.zone, alpha.elev, m.near, m.ap) == ("corner", 3, False, 0)
    assert [e.text for e in m.events] == ["Alpha heads up top!"]


def test_a_man_without_the_points_to_reach_the_corner_stays_put():
    m = broke(match_of([]), 1)
    m.reposition(ALPHA, "climb", 3, None)
    assert (m.me(ALPHA).zone, m.me(ALPHA).elev, m.near, m.ap) == ("center", 0, True, 1)


def test_to_his_own_corner_is_the_walk_alone():
    m = match_of([])
    m.ap = 2
    m.reposition(ALPHA, "self_corner", None, None)
    alpha = m.me(ALPHA)
    assert (alpha.zone, alpha.elev, m.near, m.ap) == ("corner", 0, False, 0)


def test_climbing_to_the_second_rope_is_two_levels():
    m = match_of([])
    alpha = m.me(ALPHA)
    alpha.zone = "corner"
    m.ap = 3
    m.reposition(ALPHA, "climb", 2, None)
    assert alpha.elev == 2 and m.ap == 1
    m.reposition(ALPHA, "climb", 2, None)  # already there
    assert alpha.elev == 2 and m.ap == 1


# ------------------------------------------------------------------------------ the cage


def test_escaping_from_the_middle_of_the_ring_walks_to_the_wall_first():
    m = match_of([], options="cage,escape")
    m.ap = 2 + m.escape_cost  # the center to ringside: 2 squares; then the climb
    assert m.escape_cost == 8  # the 15-Step cage, 2 Steps a point
    m.reposition(ALPHA, "escape", None, None)
    assert (m.winner, m.method) == (ALPHA, Method.ESCAPE) and m.ap == 0


def test_a_man_short_of_the_climb_reaches_the_wall_and_keeps_his_points():
    m = match_of([], options="cage,escape")
    m.ap = 2 + 7
    m.reposition(ALPHA, "escape", None, None)
    assert m.me(ALPHA).zone == "ringside" and not m.near
    assert m.method is None and m.ap == 7


def test_no_escape_without_the_escape_rule():
    m = match_of([], options="cage")
    m.ap = 20
    m.reposition(ALPHA, "escape", None, None)
    assert m.me(ALPHA).zone == "center" and m.ap == 20 and m.method is None


# ------------------------------------------------------------------------------ his own moves
# (``Match.position``: the attacker's positioning for his maneuver, before he tries it.)


def test_heading_for_the_corner_leaves_a_man_in_the_center_out_of_reach():
    m = match_of([])
    m.ap = 2
    m.position(ALPHA, ("corner",))
    assert (m.me(ALPHA).zone, m.near, m.ap) == ("corner", False, 0)
    assert [e.text for e in m.events] == ["Alpha heads for the corner."]


def test_heading_for_the_corner_he_is_in_keeps_a_man_in_reach():
    m = match_of([])
    m.me(BETA).zone = "corner"
    m.me(ALPHA).zone = "middle"
    m.ap = 1
    m.position(ALPHA, ("corner",))
    assert (m.me(ALPHA).zone, m.near, m.ap) == ("corner", True, 0)


def test_climbing_without_a_level_is_to_the_top_rope():
    m = match_of([])
    m.me(ALPHA).zone = "corner"
    m.ap = 3
    m.position(ALPHA, ("climb",))
    assert (m.me(ALPHA).elev, m.ap) == (3, 0) and m.near is False
    assert [e.text for e in m.events] == ["Alpha climbs to the top rope!"]


def test_stepping_out_onto_the_apron_is_a_step():
    m = match_of([])
    m.me(ALPHA).zone = "ringside"
    m.ap = 1
    m.position(ALPHA, ("apron",))
    assert (m.me(ALPHA).zone, m.near, m.ap) == ("apron", False, 0)
    assert [e.text for e in m.events] == ["Alpha steps out onto the apron."]


def test_there_is_no_apron_inside_an_internal_cage():
    m = match_of([], options="cage,internal_cage")
    assert m.prep.internal_cage
    m.me(ALPHA).zone = "ringside"
    m.ap = 1
    m.position(ALPHA, ("apron",))
    assert (m.me(ALPHA).zone, m.ap) == ("ringside", 1)


@pytest.mark.parametrize(("where", "steps"), [("floor", 2), ("aisle", 3)])
def test_following_a_man_out_is_two_steps_to_the_floor_and_one_more_up_the_aisle(where, steps):
    m = match_of([])
    m.me(BETA).zone = where
    m.ap = steps
    m.position(ALPHA, ("exit",))
    assert (m.me(ALPHA).zone, m.near, m.ap) == (where, True, 0)
    m = broke(match_of([]), steps - 1)
    m.me(BETA).zone = where
    m.position(ALPHA, ("exit",))
    assert m.me(ALPHA).zone == "center" and m.ap == steps - 1


def test_the_referee_restarts_two_men_who_cannot_reach_each_other():
    # Nothing fits: both back in the center, on their feet, and a collar-elbow tie-up (STR 12
    # each: Alpha's 9 against Beta's 11, both under: the higher wins).
    m = match_of([9, 11])
    alpha, beta = m.me(ALPHA), m.me(BETA)
    alpha.zone, alpha.elev, alpha.post = "corner", 2, "facing"
    beta.zone, beta.post = "middle", "prone"
    m.near = False
    assert m.position(ALPHA, ("reset",)) is False
    assert (alpha.zone, beta.zone, alpha.elev, beta.post, m.near) == (
        "center",
        "center",
        0,
        "facing",
        True,
    )
    assert m.adv == BETA and m.events[-1].kind == "opening"


def test_no_restart_with_a_man_outside():
    m = match_of([])
    m.me(BETA).zone = "floor"
    assert m.position(ALPHA, ("reset",)) is False
    assert m.me(BETA).zone == "floor" and m.events == []


@pytest.mark.parametrize(
    ("how", "said"),
    [
        (lambda m: m.position(ALPHA, ("corner", ("climb", 3))), "Alpha climbs to the top rope!"),
        (lambda m: m.reposition(ALPHA, "climb", 3, None), "Alpha heads up top!"),
    ],
    ids=["positioning", "after a maneuver"],
)
def test_a_man_on_the_floor_comes_back_into_the_ring_before_he_climbs(how, said):
    """Heading for a corner from the floor takes him through the ring: the play-by-play says
    he climbs back in before he goes up, never that he climbs a turnbuckle from the floor."""
    m = match_of([])
    m.me(ALPHA).zone = "floor"
    m.ap = 20
    how(m)
    texts = [e.text for e in m.events]
    assert m.me(ALPHA).zone == "corner" and m.me(ALPHA).elev == 3
    assert texts.index("Alpha climbs back into the ring.") < texts.index(said)
