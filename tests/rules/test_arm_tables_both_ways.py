"""Every ARM table read both ways: each lookup with two keys (a derived value by which figure it
reads, a band by its threshold, the StunTrack by TOU and STA, a variant by its base and flags, a
merit or flaw by its kind and name, an object by its name and what it is, an Edge price by
alignment and effect, a Prestige penalty by method, a modifier by rope or square) tried with keys
whose swap gives another answer, in the table and through a match's compiled wrestler or figures.

Every expected figure is written here from docs/rules/arm.md (the project's reading of the
chapter, which marks its own figures) or the chapter itself, never read from rules/data/arm/.
"""

from __future__ import annotations

import copy

import pytest

from rules.arm.engine import Match, prepare
from rules.arm.tables import default_data, load_tables
from rules.core.dice import ScriptedDice
from tests.rules.arm_support import ALPHA, BETA, Plan, Scripted, arm, match_of, move, sheet


@pytest.fixture(scope="module")
def tables():
    return load_tables()


def wrestler(card, tables=None, side=0):
    spec = arm.make_spec([card, sheet("beta")] if side == 0 else [sheet("alpha"), card])
    return prepare(spec, tables).wrestlers[side][0]


# ------------------------------------------------------------------------------ attributes

# docs/rules/arm.md, "attributes": the highest threshold not above the figure.
BONUS = {1: 1, 10: 1, 11: 2, 13: 2, 14: 3, 16: 3, 17: 4, 19: 4, 20: 5}
WDB = {120: 0, 199: 0, 200: 1, 274: 1, 275: 2, 349: 2, 350: 3, 449: 3, 450: 4, 600: 4}
LIFT = {
    120: 2,
    159: 2,
    160: 1,
    199: 1,
    200: 0,
    239: 0,
    240: -1,
    279: -1,
    280: -2,
    339: -2,
    340: -3,
    399: -3,
    400: -4,
}
HDB = {50: 0, 65: 0, 66: 1, 71: 1, 72: 2, 77: 2, 78: 3, 83: 3, 84: 4}
REACH = {50: -2, 65: -2, 66: -1, 69: -1, 70: 0, 74: 0, 75: 1, 79: 1, 80: 2, 90: 2}
HEIGHT_STEPS = {50: 2, 59: 2, 60: 3, 83: 3, 84: 4}


@pytest.mark.parametrize(
    "band, figures",
    [
        ("bonus", BONUS),
        ("wdb", WDB),
        ("lift", LIFT),
        ("hdb", HDB),
        ("reach", REACH),
        ("height_steps", HEIGHT_STEPS),
    ],
)
def test_each_band_reads_the_highest_threshold_not_above_the_figure(tables, band, figures):
    read = getattr(tables.attributes, band)
    assert {figure: read(figure) for figure in figures} == figures


def test_each_derived_value_reads_its_own_figure_weight_height_or_attribute():
    # 80 inches and 300 pounds, AGI 17 and STA 11: each value read from its own figure, and
    # from the other it would be another (WDB of 80 is 0, HDB of 300 is 4, Lift of 80 is +2,
    # the AGI bonus of STA 11 is 2).
    card = sheet(
        "alpha", height=80, weight=300, attributes={**sheet("alpha").attrs, "AGI": 17, "STA": 11}
    )
    w = wrestler(card)
    assert (w.wdb, w.lift, w.hdb, w.reach, w.height_steps) == (2, -2, 3, 2, 3)
    assert (w.agi_bonus, w.sta_bonus) == (4, 2)
    # And the other way round: 64 inches and 180 pounds, AGI 11 and STA 17.
    card = sheet(
        "alpha", height=64, weight=180, attributes={**sheet("alpha").attrs, "AGI": 11, "STA": 17}
    )
    w = wrestler(card)
    assert (w.wdb, w.lift, w.hdb, w.reach, w.height_steps) == (0, 1, 0, -2, 3)
    assert (w.agi_bonus, w.sta_bonus) == (2, 4)


def test_a_federations_bands_may_be_written_out_of_order_and_keyed_by_text():
    data = copy.deepcopy(default_data("attributes"))
    data["wdb"] = {"300": 2, 0: 0, "150": 1}
    attrs = load_tables({"attributes": data}).attributes
    assert [attrs.wdb(w) for w in (149, 150, 299, 300)] == [0, 1, 1, 2]
    # Under the lowest threshold, the lowest band.
    data["wdb"] = {"300": 2, "150": 1}
    attrs = load_tables({"attributes": data}).attributes
    assert [attrs.wdb(w) for w in (100, 150, 300)] == [1, 1, 2]


# ------------------------------------------------------------------------------ the StunTrack


def test_the_stuntrack_width_is_one_and_a_half_tou_plus_one_and_a_half_sta_rounded_down(tables):
    # docs/rules/arm.md: width = 1.5 * TOU + 1.5 * STA (rounded down); five levels.
    track = tables.stuntrack
    assert track.width(13, 12) == 37  # 19.5 + 18
    assert track.breaks(13, 12) == (37, 74, 111, 148, 185)
    assert track.breaks(12, 12) == (36, 72, 108, 144, 180)
    assert track.names == ("Fresh", "Winded", "Tired", "Battered", "Exhausted")
    assert track.penalties == (0, 1, 2, 3, 4)
    assert (track.beyond_name, track.beyond_penalty) == ("Out on {you:his} feet", 5)


def test_a_federations_uneven_stuntrack_reads_tou_and_sta_each_by_its_own_factor():
    data = copy.deepcopy(default_data("stuntrack"))
    data["width"] = {"TOU": 2, "STA": 1, "add": 3}
    track = load_tables({"stuntrack": data}).stuntrack
    assert track.width(10, 4) == 2 * 10 + 4 + 3
    assert track.width(4, 10) == 2 * 4 + 10 + 3
    # TOU alone, 3 a point (no STA, nothing added): TOU 12 and STA 8 make 36, not 24.
    data["width"] = {"TOU": 3}
    alone = load_tables({"stuntrack": data}).stuntrack
    assert (alone.width(12, 8), alone.width(8, 12)) == (36, 24)
    data["width"] = {"TOU": 2, "STA": 1, "add": 3}
    # Through a match: TOU 15 and STA 9 give a final value of 5 * (30 + 9 + 3) = 210; read the
    # other way round, 5 * (18 + 15 + 3) = 180.
    tough = sheet("alpha", attributes={**sheet("alpha").attrs, "TOU": 15, "STA": 9})
    w = wrestler(tough, load_tables({"stuntrack": data}))
    assert w.final == 210 and w.breaks[0] == 42
    # A level is never under a point wide.
    data["width"] = {"TOU": 0, "STA": 0}
    assert load_tables({"stuntrack": data}).stuntrack.breaks(12, 12) == (1, 2, 3, 4, 5)


# ------------------------------------------------------------------------------ maneuvers


def test_the_chapters_figures_in_the_catalogue(tables):
    get = tables.maneuvers.get
    # "the Atomic Drop (Level 2)"; Powder "its own maneuver (BRA-I), doing just 2 points of
    # damage"; "Fake Tag ... a Difficulty 1 SAV Trick"; the Blind Tag a SAV trick; the Lunge
    # Tag "a Difficulty 0 AGI Defense".
    assert get("Atomic Drop").level == 2
    assert (get("Fake Tag").cls, get("Fake Tag").level) == ("SAV", 1)
    assert (get("Blind Tag").cls, get("Blind Tag").level) == ("SAV", 0)
    assert (get("Lunge Tag").cls, get("Lunge Tag").level) == ("AGI", 0)
    assert {"trick", "fake_tag"} <= get("Fake Tag").flags
    assert {"trick", "blind_tag"} <= get("Blind Tag").flags
    assert "defense" in get("Lunge Tag").flags and "tag" in get("Lunge Tag").flags


@pytest.mark.parametrize(
    "name, base, cls, level, damage",
    [
        # docs/rules/arm.md, "Variant flags": flying +1 Level and AGI; springboard +1 and AGI;
        # leaping +1; super +1 and STR; reverse +1; corkscrew, spinning and swinging +1 Level
        # and +1 damage; running adds nothing to the figures.
        ("Flying Elbow Drop", "Elbow Drop", "AGI", 1, 0),
        ("Springboard Elbow Drop", "Elbow Drop", "AGI", 1, 0),
        ("Leaping Elbow Drop", "Elbow Drop", None, 1, 0),
        ("Super Suplex", "Suplex", "STR", 1, 0),
        ("Reverse Suplex", "Suplex", None, 1, 0),
        ("Spinning Suplex", "Suplex", None, 1, 1),
        ("Running Suplex", "Suplex", None, 0, 0),
        ("Running Chop", "Chop", None, 0, 0),  # (a Level 0 stays 0)
    ],
)
def test_a_variant_adds_its_own_figures_to_its_base(tables, name, base, cls, level, damage):
    get = tables.maneuvers.get
    variant, plain = get(name), get(base)
    assert variant.base == base
    assert variant.cls == (cls or plain.cls)
    assert (variant.level - plain.level, variant.damage - plain.damage) == (level, damage)


def test_two_variants_add_up_and_neither_is_read_for_the_other(tables):
    get = tables.maneuvers.get
    plain = get("Elbow Drop")
    both = get("Corkscrew Flying Elbow Drop")
    assert both.variant == {"flying", "corkscrew"} and both.cls == "AGI"
    assert (both.level - plain.level, both.damage - plain.damage) == (2, 1)
    # The chapter's Atomic Drop, Level 2: reversed, 3; spinning, 3 and a point more damage.
    atomic = get("Atomic Drop")
    assert (get("Reverse Atomic Drop").level, get("Reverse Atomic Drop").damage) == (
        3,
        atomic.damage,
    )
    assert (get("Spinning Atomic Drop").level, get("Spinning Atomic Drop").damage) == (
        3,
        atomic.damage + 1,
    )


def test_a_federations_variant_that_takes_off_more_than_there_is_leaves_0():
    # "a variant's Level and damage are never under 0": a federation's own "Soft" flag, -2
    # Level and -3 damage, on the Chop (a Level 0 blow) and the chapter's Atomic Drop (Level 2).
    data = copy.deepcopy(default_data("maneuvers"))
    data["variant_flags"]["soft"] = {"prefixes": ["Soft"], "level": -2, "damage": -3}
    get = load_tables({"maneuvers": data}).maneuvers.get
    assert (get("Soft Chop").level, get("Soft Chop").damage) == (0, 0)
    assert get("Soft Atomic Drop").level == 0


def test_a_flying_variant_of_a_standing_finish_leaves_the_attacker_down(tables):
    get = tables.maneuvers.get
    # docs/rules/arm.md: "a flying one of a maneuver that leaves the attacker on his feet leaves
    # him prone instead"; the Elbow Drop leaves him kneeling, flying or not.
    assert (get("Headbutt").ends, get("Flying Headbutt").ends) == ("facing", "prone")
    assert (get("Elbow Drop").ends, get("Flying Elbow Drop").ends) == ("kneeling", "kneeling")
    assert get("Running Headbutt").ends == "facing"


def test_a_maneuvers_class_is_the_attribute_its_check_reads():
    # Attributes all different: STR 10, TEC 13, AGI 16, BRA 11, SAV 14; each maneuver's figure
    # is its class's attribute (Level 0 against a Fresh man, known: nothing more), so a class
    # read as another's attribute gives another figure.
    card = sheet(
        "alpha",
        attributes={"STR": 10, "TEC": 13, "AGI": 16, "BRA": 11, "SAV": 14, "STA": 12, "TOU": 12},
        arsenal=["Chop", "Dropkick", "Side Headlock", "Body Slam"],
    )
    m = match_of([], a=card)
    assert m.target(ALPHA, move(m, ALPHA, "Chop")) == 11  # BRA, Level 0
    assert m.target(ALPHA, move(m, ALPHA, "Side Headlock")) == 13  # TEC, Level 0
    # The Blind Tag (SAV, Level 0), improvised: 14 - 2.
    assert m.target(ALPHA, move(m, ALPHA, "Blind Tag")) == 12


# ------------------------------------------------------------------------------ objects


def test_the_objects_a_man_is_driven_into_do_their_own_damage(tables):
    # docs/rules/arm.md, "objects": Turnbuckle 2, Ring Post 4, Ring Steps 6, Railing 4, Floor 2,
    # Table 6, Chainlink Cage 2 and Steel Pipe Cage 10 (the cages the chapter's); a target only
    # ("X": no Maneuver Skill modifier).
    figures = {
        "Turnbuckle": 2,
        "Ring Post": 4,
        "Ring Steps": 6,
        "Railing": 4,
        "Floor": 2,
        "Table": 6,
        "Chainlink Cage": 2,
        "Steel Pipe Cage": 10,
    }
    objects = tables.objects
    assert {name: objects.get(name).damage for name in figures} == figures
    assert all(objects.get(name).mod is None for name in figures)
    # The name is read as written, whatever its case or spacing; no other object answers it.
    assert objects.get("ring  steps").damage == 6 and objects.get("RAILING").damage == 4
    assert objects.get("Steel Chair Cage") is None
    # 2 Action Points to draw a concealed object, 3 to take off a boot.
    assert (objects.draw_cost, objects.boot_cost) == (2, 3)


def test_the_special_objects_do_what_the_chapter_says(tables):
    get = tables.objects.get
    # Powder: "its own maneuver (BRA-I), doing just 2 points of damage"; the Fire Tab its stun
    # code (4, ours); fist loads add to punches.
    assert (get("Powder").special, get("Powder").damage) == ("powder", 2)
    assert (get("Fire Tab").special, get("Fire Tab").damage) == ("fire_tab", 4)
    for load in ("Fist Load", "Sap Glove", "Taped Fist", "Brass Knuckles"):
        assert get(load).punch and get(load).special is None, load
    assert not get("Ring Steps").punch


def test_each_cage_is_its_own_material():
    # "standard chickenwire or chainlink (+2 damage bonus) or steel pipework (+10 damage
    # bonus)": the Irish Whip into an internal cage's wall, 2, plus the cage, plus Beta's WDB 1.
    for options, cage in (("cage,internal_cage", 2), ("cage=pipe,internal_cage", 10)):
        m = match_of([5], options=options, strategy=Scripted(follow_up=[]))
        m.attack(ALPHA, Plan(move=move(m, ALPHA, "Irish Whip")))
        hit = next(e for e in m.events if e.kind == "hit")
        assert hit.data["damage"] == 2 + cage + 1, options


# ------------------------------------------------------------------------------ merits and flaws


def test_a_merit_and_a_flaw_are_each_read_in_their_own_list(tables):
    get = tables.merits.get
    assert get("merit", "Tough").kind == "merit" and get("flaw", "Tough") is None
    assert get("flaw", "Clumsy").kind == "flaw" and get("merit", "Clumsy") is None
    assert get("merit", "ring general") is not None  # (any case)


def test_merits_and_flaws_do_what_the_docs_say():
    # docs/rules/arm.md, "merits": Clumsy botches on 19 or 20; Light Frame +1 Lift; Style Giant
    # +1 WDB; Tag Specialist's tags cost 1 less; Slack leaves the referee two checks.
    plain = wrestler(sheet("alpha"))
    clumsy = wrestler(sheet("alpha", flaws=["Clumsy"]))
    assert (plain.botch_from, clumsy.botch_from) == (20, 19)
    light = wrestler(sheet("alpha", flaws=["Light Frame"]))
    assert (plain.lift, light.lift) == (0, 1)
    giant = wrestler(sheet("alpha", merits=["Style Giant"]))
    assert (plain.wdb, giant.wdb) == (1, 2)
    tagger = wrestler(sheet("alpha", merits=["Tag Specialist"]))
    assert (plain.tag_bonus, tagger.tag_bonus) == (0, 1)
    slack = wrestler(sheet("alpha", merits=["Slack"]))
    assert (plain.screwjob_checks, slack.screwjob_checks) == (3, 2)


# ------------------------------------------------------------------------------ match figures


def test_edge_prices_are_read_by_alignment_then_effect():
    # docs/rules/arm.md, "Edge" (the chapter's prices), fan favourite / rulebreaker.
    face = wrestler(sheet("alpha"))
    heel = wrestler(sheet("beta"), side=1)
    assert face.prices["seize"] == 1 and heel.prices["seize"] == 2
    assert face.prices["squeeze"] == 2 and heel.prices["squeeze"] == 3
    assert face.prices["hanging_on"] == 2 and heel.prices["hanging_on"] == 3
    assert face.prices["second_wind"] == heel.prices["second_wind"] == 1
    assert face.prices["fired_up"] == 6 and "fired_up" not in heel.prices
    assert (face.price_seize, heel.price_seize) == (1, 2)


def test_the_prestige_penalty_is_read_by_how_the_match_was_lost():
    fig = prepare(arm.make_spec([sheet("alpha"), sheet("beta")])).fig
    # docs/rules/arm.md, "Prestige and Heat": -6 for a pin, submission, knockout or escape, -3
    # for a disqualification or count-out.
    assert fig.prestige_loss == {
        "pin": -6,
        "submission": -6,
        "knockout": -6,
        "escape": -6,
        "disqualification": -3,
        "count_out": -3,
    }


def test_the_modifiers_by_rope_by_square_and_by_cover_are_each_their_own():
    fig = prepare(arm.make_spec([sheet("alpha"), sheet("beta")])).fig
    # Placing on a turnbuckle: "-1 the second rope, -2 the top".
    assert fig.mod_turnbuckle == {1: 0, 2: -1, 3: -2}
    # "Reaching the ropes: -2 in the middle, -4 in the center."
    assert (fig.ring_ropes["center"], fig.ring_ropes["middle"], fig.ring_ropes["ringside"]) == (
        -4,
        -2,
        0,
    )
    # Hooking a leg -1, a lobster cover -2, a pin predicament -2, each cover again +2.
    assert (fig.mod_pin["hook_leg"], fig.mod_pin["lobster"], fig.mod_pin["repeat"]) == (-1, -2, 2)
    # The counts: 20 outside, five for a choke, the ropes and the tag.
    assert fig.ref_counts == {"outside": 20, "choke": 5, "ropes": 5, "tag": 5}
    # Costs: a lateral press 1, hooking a leg 2, a lobster 3, the crowd 4, a tag 3; running 4,
    # 2 off the ropes.
    assert (fig.ap_cover, fig.ap_hook_leg, fig.ap_lobster) == (1, 2, 3)
    assert (fig.ap_play_to_crowd, fig.ap_tag, fig.ap_run, fig.ap_rebound) == (4, 3, 4, 2)
    # The cage: chainlink and pipe each to its own object, 15 Steps, 2 Steps a point.
    assert fig.cage_materials == {"chainlink": "Chainlink Cage", "pipe": "Steel Pipe Cage"}
    assert (fig.cage_height, fig.cage_climb) == (15, 2)


def test_a_pin_reads_hook_leg_and_lobster_each_at_its_own_figure():
    # Beta breaks the pin with his best way out (TEC 12, a kick out): a plain cover leaves it
    # at 12, hooking the leg takes 1 off it, a lobster cover 2.
    for kind, target in (("cover", 12), ("hook_leg", 11), ("lobster", 10)):
        m = match_of([11, 11, 11])
        m.me(BETA).post = "prone"
        m.pin(ALPHA, kind=kind)
        pin = next(e for e in m.events if e.kind == "pin")
        assert pin.data["target"] == target, kind


def test_a_heel_pays_his_own_price_to_seize_the_initiative():
    m = Match(
        prepare(arm.make_spec([sheet("alpha"), sheet("beta")])),
        ScriptedDice([]),
        Scripted(),
    )
    assert (m.edge_cost(m.me(ALPHA), "seize"), m.edge_cost(m.me(BETA), "seize")) == (1, 2)
