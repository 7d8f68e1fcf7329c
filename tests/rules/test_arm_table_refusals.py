"""A federation's own ARM tables refused, one mistake at a time, each by its path and in the
words the promoter reads; and the edges of each range taken as they are written."""

from __future__ import annotations

import copy
import re

import pytest

from rules.arm.tables import TABLE_NAMES, default_data, load_tables
from rules.core.errors import TableError


def problems_of(table: str, edit) -> list[tuple[str, str]]:
    """The problems ``load_tables`` lists for the default ``table`` with ``edit`` made to it
    (none when the table is taken)."""
    data = copy.deepcopy(default_data(table))
    edit(data)
    try:
        load_tables({table: data})
    except TableError as caught:
        return list(caught.problems)
    return []


def put(*path, value):
    """An edit setting the value at ``path`` (keys, then the value)."""

    def edit(data):
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return edit


def drop(*path):
    def edit(data):
        for key in path[:-1]:
            data = data[key]
        del data[path[-1]]

    return edit


def both(*edits):
    def edit(data):
        for one in edits:
            one(data)

    return edit


def case_id(text: str) -> str:
    """A test id without brackets or spaces (mutation testing passes ids on a command line)."""
    return re.sub(r"[^\w.:-]+", "_", text).strip("_") or "blank"


ZONES = "center, middle, ringside, corner, apron, floor, aisle"
PARTS = "head, neck, body, back, arm, leg"
CLASSES = "STR, TEC, AGI, BRA, SAV"

REFUSED = [
    # ---------------------------------------------------------------- any table
    (
        "attributes",
        put("name", value="stats"),
        "attributes.name",
        "must be 'attributes' (this is the attributes table)",
    ),
    (
        "attributes",
        put("colour", value="red"),
        "attributes.colour",
        "unknown field (expected one of attributes, authored, bonus, generation, hdb, "
        "height_steps, lift, name, range, reach, title, wdb)",
    ),
    # ---------------------------------------------------------------- attributes
    (
        "attributes",
        put("attributes", value=["STR", "TEC"]),
        "attributes.attributes",
        "must list STR, TEC, AGI, BRA, SAV, STA, TOU in that order",
    ),
    (
        "attributes",
        put("range", value=[0, 20]),
        "attributes.range",
        "must be [lowest, highest], for example [1, 20]",
    ),
    (
        "attributes",
        put("range", value=[1, 31]),
        "attributes.range",
        "must be [lowest, highest], for example [1, 20]",
    ),
    (
        "attributes",
        put("range", value=[20, 20]),
        "attributes.range",
        "must be [lowest, highest], for example [1, 20]",
    ),
    (
        "attributes",
        put("range", value=[1, 20, 30]),
        "attributes.range",
        "must be [lowest, highest], for example [1, 20]",
    ),
    (
        "attributes",
        put("generation", "roll", "dice", value="3d6"),
        "attributes.generation.roll.dice",
        "must be a whole number, got '3d6'",
    ),
    (
        "attributes",
        put("generation", "point_buy", "total", value=-1),
        "attributes.generation.point_buy.total",
        "must be a whole number from 0, got -1",
    ),
    (
        "attributes",
        put("generation", value=[]),
        "attributes.generation",
        "must be a mapping, got list",
    ),
    (
        "attributes",
        put("wdb", value={"heavy": 1}),
        "attributes.wdb.heavy",
        "the key must be a whole number (at least this much)",
    ),
    ("attributes", put("wdb", value={}), "attributes.wdb", "must have at least one band"),
    (
        "attributes",
        put("wdb", value={200: "one"}),
        "attributes.wdb.200",
        "must be a whole number, got 'one'",
    ),
    # ---------------------------------------------------------------- stuntrack
    (
        "stuntrack",
        put("levels", value=[{"name": "Fresh", "penalty": 0}]),
        "stuntrack.levels",
        "must list at least two weardown levels, Fresh first",
    ),
    (
        "stuntrack",
        put("levels", 2, "penalty", value=0),
        "stuntrack.levels[2].penalty",
        "penalties must not fall as the levels go on",
    ),
    (
        "stuntrack",
        put("levels", 1, "penalty", value=-1),
        "stuntrack.levels[1].penalty",
        "must be a whole number from 0, got -1",
    ),
    (
        "stuntrack",
        put("levels", 1, "name", value="  "),
        "stuntrack.levels[1].name",
        "must be some text",
    ),
    (
        "stuntrack",
        put("levels", 1, value="Winded"),
        "stuntrack.levels[1]",
        "must be a mapping, got str",
    ),
    (
        "stuntrack",
        put("width", "TOU", value=-0.5),
        "stuntrack.width.TOU",
        "must be a number of at least 0, got -0.5",
    ),
    (
        "stuntrack",
        put("width", "STA", value=True),
        "stuntrack.width.STA",
        "must be a number of at least 0, got True",
    ),
    (
        "stuntrack",
        put("beyond", "name", value="Out on {them:his} feet"),
        "stuntrack.beyond.name",
        "cannot fill in 'Out on {them:his} feet' ('them'): it may use {you}, {you:his}",
    ),
    (
        "stuntrack",
        put("beyond", "penalty", value=-2),
        "stuntrack.beyond.penalty",
        "must be a whole number from 0, got -2",
    ),
    # ---------------------------------------------------------------- maneuvers
    (
        "maneuvers",
        put("maneuvers", "Chop", "level", value=11),
        "maneuvers.maneuvers.Chop.level",
        "must be a whole number from 0 to 10, got 11",
    ),
    (
        "maneuvers",
        put("maneuvers", "Chop", "damage", value=41),
        "maneuvers.maneuvers.Chop.damage",
        "must be a whole number from 0 to 40, got 41",
    ),
    (
        "maneuvers",
        put("maneuvers", "Chop", "class", value="XYZ"),
        "maneuvers.maneuvers.Chop.class",
        f"must be one of {CLASSES}, got 'XYZ'",
    ),
    (
        "maneuvers",
        put("maneuvers", "Chop", "target", value="toe"),
        "maneuvers.maneuvers.Chop.target",
        f"must be one of {PARTS}, got 'toe'",
    ),
    (
        "maneuvers",
        put("maneuvers", "Chop", "flags", value="strike"),
        "maneuvers.maneuvers.Chop.flags",
        "must be a list of flags",
    ),
    (
        "maneuvers",
        put("maneuvers", "Chop", "flags", value=["strike", "sparkly"]),
        "maneuvers.maneuvers.Chop.flags[1]",
        "unknown flag 'sparkly'",
    ),
    (
        "maneuvers",
        put("maneuvers", "Chop", "flags", value=["hold", "throw"]),
        "maneuvers.maneuvers.Chop.flags",
        "a maneuver cannot be both a hold and a throw",
    ),
    (
        "maneuvers",
        put("maneuvers", "Chop", "needs", value=[]),
        "maneuvers.maneuvers.Chop.needs",
        "must be one of standing, facing, behind, bent, sitting, kneeling, crouching, fallen, "
        "prone, facedown, any, floor, turnbuckle or a list of them",
    ),
    (
        "maneuvers",
        put("maneuvers", "Chop", "needs", value=["standing", "upside down"]),
        "maneuvers.maneuvers.Chop.needs",
        "unknown position 'upside down' (known: standing, facing, behind, bent, sitting, "
        "kneeling, crouching, fallen, prone, facedown, any, floor, turnbuckle)",
    ),
    (
        "maneuvers",
        put("maneuvers", "Chop", "leaves", value="dazed"),
        "maneuvers.maneuvers.Chop.leaves",
        "must be one of facing, behind, sitting, kneeling, bent, prone, facedown, same, "
        "got 'dazed'",
    ),
    (
        "maneuvers",
        put("maneuvers", "Chop", "ends", value="same"),
        "maneuvers.maneuvers.Chop.ends",
        "must be one of facing, behind, sitting, kneeling, bent, prone, facedown, got 'same'",
    ),
    (
        "maneuvers",
        put("maneuvers", "Chop", "follows", value=[1]),
        "maneuvers.maneuvers.Chop.follows",
        "must be a list of maneuver names",
    ),
    (
        "maneuvers",
        put("maneuvers", "Chop", "follows", value=["Moonwalk"]),
        "maneuvers.maneuvers.Chop.follows[0]",
        "no maneuver 'Moonwalk'",
    ),
    (
        "maneuvers",
        put("maneuvers", "Chop", "counters", value=["strike", "sneeze"]),
        "maneuvers.maneuvers.Chop.counters",
        "must list kinds among strike, kick, high_risk, running, lift, hold, any",
    ),
    (
        "maneuvers",
        put("maneuvers", "Chop", "flags", value=["defense"]),
        "maneuvers.maneuvers.Chop.counters",
        "a defense must name the attacks it counters",
    ),
    (
        "maneuvers",
        put("maneuvers", "Chop", "from", value=["standing", "flying"]),
        "maneuvers.maneuvers.Chop.from",
        "must list positions among standing, crouching, fallen",
    ),
    (
        "maneuvers",
        put("maneuvers", "Chop", "text", value=7),
        "maneuvers.maneuvers.Chop.text",
        "must be text",
    ),
    (
        "maneuvers",
        put("maneuvers", "Chop", "text", value="{A} chops {B}."),
        "maneuvers.maneuvers.Chop.text",
        "cannot fill in '{A} chops {B}.' ('B'): it may use {A}, {A:his}, {d}, {d:his}, {object}",
    ),
    (
        "maneuvers",
        put("maneuvers", "Chop", "speed", value=3),
        "maneuvers.maneuvers.Chop.speed",
        "unknown field (expected one of class, counters, damage, ends, flags, follows, from, "
        "leaves, level, needs, target, text)",
    ),
    (
        "maneuvers",
        put("maneuvers", "chop", value={"class": "BRA", "level": 0, "damage": 1, "target": "body"}),
        "maneuvers.maneuvers.chop",
        "the same name as 'Chop'",
    ),
    (
        "maneuvers",
        put("maneuvers", "  ", value={"class": "BRA", "level": 0, "damage": 1, "target": "body"}),
        "maneuvers.maneuvers.  ",
        "a maneuver needs a name",
    ),
    (
        "maneuvers",
        put("flags", value=["strike"]),
        "maneuvers.flags",
        "must map each behaviour flag to what it means",
    ),
    (
        "maneuvers",
        put("variant_flags", "flying", "prefixes", value=[]),
        "maneuvers.variant_flags.flying.prefixes",
        "must list the words that name the flag",
    ),
    (
        "maneuvers",
        put("variant_flags", "flying", "class", value="AIR"),
        "maneuvers.variant_flags.flying.class",
        f"must be one of {CLASSES}, got 'AIR'",
    ),
    (
        "maneuvers",
        put("variant_flags", "flying", "adds", value=["floating"]),
        "maneuvers.variant_flags.flying.adds",
        "must list behaviour flags",
    ),
    (
        "maneuvers",
        put("variant_flags", "flying", "removes", value="running"),
        "maneuvers.variant_flags.flying.removes",
        "must list behaviour flags",
    ),
    (
        "maneuvers",
        put("variant_flags", "flying", "level", value=6),
        "maneuvers.variant_flags.flying.level",
        "must be a whole number from -3 to 5, got 6",
    ),
    (
        "maneuvers",
        put("variant_flags", "flying", "damage", value=-6),
        "maneuvers.variant_flags.flying.damage",
        "must be a whole number from -5 to 20, got -6",
    ),
    (
        "maneuvers",
        put("variants", "Frog Splash", "base", value="Leap"),
        "maneuvers.variants.Frog Splash.base",
        "no base maneuver 'Leap'",
    ),
    (
        "maneuvers",
        put("variants", "Frog Splash", "flags", value=["frog"]),
        "maneuvers.variants.Frog Splash.flags",
        "must list variant flags (flying, springboard, ",
    ),
    (
        "maneuvers",
        put("variants", "Chop", value={"base": "Splash", "flags": ["flying"]}),
        "maneuvers.variants.Chop",
        "the same name as 'Chop'",
    ),
    (
        "maneuvers",
        put("basics", value=[]),
        "maneuvers.basics",
        "must list the maneuvers anyone can improvise",
    ),
    (
        "maneuvers",
        put("basics", value=["Punch", "Moonwalk"]),
        "maneuvers.basics[1]",
        "no maneuver 'Moonwalk'",
    ),
    (
        "maneuvers",
        put("proper_words", value=["Irish", "german"]),
        "maneuvers.proper_words",
        "must list capitalised words, one word each",
    ),
    (
        "maneuvers",
        drop("maneuvers", "Lunge Tag"),
        "maneuvers.maneuvers",
        "must include 'Lunge Tag' (the engine uses it)",
    ),
    (
        "maneuvers",
        drop("maneuvers", "Foreign Object Smash"),
        "maneuvers.maneuvers",
        "must include 'Foreign Object Smash' (the engine uses it)",
    ),
    (
        "maneuvers",
        drop("maneuvers", "Fire Tab"),
        "maneuvers.maneuvers",
        "must include 'Fire Tab' (the engine uses it)",
    ),
    (
        "maneuvers",
        drop("maneuvers", "Powder"),
        "maneuvers.maneuvers",
        "must include 'Powder' (the engine uses it)",
    ),
    (
        "maneuvers",
        drop("maneuvers", "Distract Referee"),
        "maneuvers.maneuvers",
        "must include 'Distract Referee' (the engine uses it)",
    ),
    # ---------------------------------------------------------------- objects
    (
        "objects",
        put("draw_cost", value=21),
        "objects.draw_cost",
        "must be a whole number from 0 to 20, got 21",
    ),
    (
        "objects",
        put("boot_cost", value=-1),
        "objects.boot_cost",
        "must be a whole number from 0 to 20, got -1",
    ),
    (
        "objects",
        put("objects", "Boot", "mod", value=11),
        "objects.objects.Boot.mod",
        "must be a modifier (-10 to 10) or X, got 11",
    ),
    (
        "objects",
        put("objects", "Boot", "mod", value="Y"),
        "objects.objects.Boot.mod",
        "must be a modifier (-10 to 10) or X, got 'Y'",
    ),
    (
        "objects",
        put("objects", "Boot", "damage", value=41),
        "objects.objects.Boot.damage",
        "must be a whole number from 0 to 40, got 41",
    ),
    (
        "objects",
        put("objects", "Boot", "special", value="glitter"),
        "objects.objects.Boot.special",
        "must be fire_tab or powder, got 'glitter'",
    ),
    (
        "objects",
        put("objects", "Boot", "concealed", value="yes"),
        "objects.objects.Boot.concealed",
        "must be true or false",
    ),
    (
        "objects",
        put("objects", "Boot", "punch", value=1),
        "objects.objects.Boot.punch",
        "must be true or false",
    ),
    (
        "objects",
        drop("objects", "Railing"),
        "objects.objects",
        "must include 'Railing' (the engine drives men into it)",
    ),
    # ---------------------------------------------------------------- merits and flaws
    (
        "merits",
        put("merits", "Style Giant", "label", value="no"),
        "merits.merits.Style Giant.label",
        "must be true or false",
    ),
    (
        "merits",
        put("merits", "Style Giant", value={"note": "big"}),
        "merits.merits.Style Giant",
        "needs effects, or label: true for a name that does nothing",
    ),
    (
        "merits",
        put("merits", "Style Giant", "effects", value={"wdb": "1"}),
        "merits.merits.Style Giant.effects.wdb",
        "must be a int, got '1'",
    ),
    (
        "merits",
        put("merits", "Style Giant", "effects", value={"wdb": True}),
        "merits.merits.Style Giant.effects.wdb",
        "must be a int, got True",
    ),
    (
        "merits",
        put("merits", "Style Giant", "effects", value={"classes": ["BRA", "ART"]}),
        "merits.merits.Style Giant.effects.classes",
        f"must list classes among {CLASSES}",
    ),
    (
        "merits",
        put("merits", "Style Giant", "effects", value={"flags": ["sparkly"]}),
        "merits.merits.Style Giant.effects.flags",
        "must list behaviour flags of the maneuver catalogue",
    ),
    (
        "merits",
        put("merits", "Style Giant", "effects", value={"costs": {"sleep": -1}}),
        "merits.merits.Style Giant.effects.costs.sleep",
        "must be one of play_to_crowd, tag, charge, climb with a whole number",
    ),
    (
        "merits",
        put("merits", "Style Giant", "effects", value={"costs": {"tag": "one"}}),
        "merits.merits.Style Giant.effects.costs.tag",
        "must be one of play_to_crowd, tag, charge, climb with a whole number",
    ),
    (
        "merits",
        put("merits", "Style Giant", "effects", value={"early": {"rounds": 3}}),
        "merits.merits.Style Giant.effects.early",
        "must be {rounds: N, skill: M}",
    ),
    (
        "merits",
        put("merits", "Style Giant", "effects", value={"early": {"rounds": 3, "skill": "+1"}}),
        "merits.merits.Style Giant.effects.early",
        "must be {rounds: N, skill: M}",
    ),
    (
        "merits",
        put("merits", "Style Giant", "effects", value={"behaviour": ["shy"]}),
        "merits.merits.Style Giant.effects.behaviour",
        "must list leanings among arrogant, reckless, coward, short_temper",
    ),
    (
        "merits",
        put("merits", "Style Giant", "effects", value={"botch_from": 1}),
        "merits.merits.Style Giant.effects.botch_from",
        "must be from 2 to 20",
    ),
    (
        "merits",
        put("merits", "Style Giant", "effects", value={"botch_from": 21}),
        "merits.merits.Style Giant.effects.botch_from",
        "must be from 2 to 20",
    ),
    # ---------------------------------------------------------------- match figures
    ("match", drop("time", "round"), "match.time.round", "missing"),
    (
        "match",
        put("time", "round", value="long"),
        "match.time.round",
        "must be a whole number, got 'long'",
    ),
    (
        "match",
        put("ring", "zones", value=["center", "floor"]),
        "match.ring.zones",
        f"must be {ZONES}",
    ),
    (
        "match",
        put("ring", "distance", "center", "nowhere", value=1),
        "match.ring.distance.center.nowhere",
        "must be squares (1 and up)",
    ),
    (
        "match",
        put("ring", "distance", "nowhere", value={"center": 1}),
        "match.ring.distance.nowhere.center",
        "must be squares (1 and up)",
    ),
    (
        "match",
        put("ring", "distance", "center", "aisle", value=0),
        "match.ring.distance.center.aisle",
        "must be squares (1 and up)",
    ),
    (
        "match",
        drop("ring", "distance", "center", "aisle"),
        "match.ring.distance",
        "no distance from center to aisle",
    ),
    (
        "match",
        put("ring", "home", "nowhere", value=1),
        "match.ring.home.nowhere",
        f"unknown key (expected {ZONES})",
    ),
    ("match", drop("ring", "home", "apron"), "match.ring.home.apron", "missing"),
    (
        "match",
        put("ring", "rope_steps", value=[0, 2, 3]),
        "match.ring.rope_steps",
        "must give the three ropes' heights in Steps",
    ),
    (
        "match",
        put("ring", "rope_steps", value=[1, 2]),
        "match.ring.rope_steps",
        "must give the three ropes' heights in Steps",
    ),
    (
        "match",
        put("modifiers", "turnbuckle", value={1: 1, 2: 2}),
        "match.modifiers.turnbuckle.3",
        "missing",
    ),
    ("match", put("referee", "skill", value=21), "match.referee.skill", "must be from 1 to 20"),
    ("match", put("referee", "skill", value=0), "match.referee.skill", "must be from 1 to 20"),
    (
        "match",
        put("referee", "counts", value={"outside": 20}),
        "match.referee.counts.choke",
        "missing",
    ),
    (
        "match",
        put("referee", "automatic", value=["choke", "biting"]),
        "match.referee.automatic[1]",
        "must be among choke, ropes, object, interference, over_top",
    ),
    ("match", drop("edge", "heel", "seize"), "match.edge.heel.seize", "missing"),
    ("match", drop("prestige", "loss", "pin"), "match.prestige.loss.pin", "missing"),
    (
        "match",
        put("injuries", "lift_uses", value=["back", "tail"]),
        "match.injuries.lift_uses",
        f"must list body parts ({PARTS})",
    ),
    (
        "match",
        put("injuries", "uses", "sparkly", value=["head"]),
        "match.injuries.uses.sparkly",
        "must map a flag to body parts",
    ),
    (
        "match",
        put("injuries", "uses", "hold", value=["tail"]),
        "match.injuries.uses.hold",
        "must map a flag to body parts",
    ),
    (
        "match",
        put("injuries", "uses", "hold", value="arm"),
        "match.injuries.uses.hold",
        "must map a flag to body parts",
    ),
    (
        "match",
        put("cage", "materials", "glass", value="Glass Wall"),
        "match.cage.materials.glass",
        "no object 'Glass Wall' in the objects table",
    ),
    (
        "match",
        put("cage", "default_material", value="glass"),
        "match.cage.default_material",
        "must be one of cage.materials",
    ),
]


@pytest.mark.parametrize(
    ("table", "edit", "path", "message"),
    REFUSED,
    ids=[case_id(f"{table}:{path}") for table, _, path, _ in REFUSED],
)
def test_a_mistake_in_a_table_is_named_by_its_path_in_plain_words(table, edit, path, message):
    problems = problems_of(table, edit)
    assert any(p == path and m.startswith(message) for p, m in problems), problems


def test_a_table_of_an_unknown_name_is_named():
    with pytest.raises(TableError) as caught:
        load_tables({"charts": {}})
    assert caught.value.problems == [
        (
            "charts",
            "no ARM table of that name (tables: attributes, stuntrack, maneuvers, objects, "
            "merits, match)",
        )
    ]


def test_a_table_that_is_not_a_mapping_is_named():
    with pytest.raises(TableError) as caught:
        load_tables({"objects": ["Boot"]})
    assert caught.value.problems == [("objects", "a table must be a mapping, got list")]


TAKEN = [
    ("maneuvers", put("maneuvers", "Chop", "level", value=10)),
    ("maneuvers", put("maneuvers", "Chop", "damage", value=40)),
    ("maneuvers", put("maneuvers", "Chop", "level", value=0)),
    ("maneuvers", put("variant_flags", "flying", "level", value=-3)),
    ("maneuvers", put("variant_flags", "flying", "level", value=5)),
    ("maneuvers", put("variant_flags", "flying", "damage", value=20)),
    ("objects", put("objects", "Boot", "mod", value=-10)),
    ("objects", put("objects", "Boot", "mod", value="X")),
    ("objects", put("draw_cost", value=20)),
    ("objects", put("boot_cost", value=0)),
    ("attributes", put("range", value=[1, 30])),
    ("stuntrack", both(put("levels", 1, "penalty", value=0), put("width", "TOU", value=0))),
    ("match", put("referee", "skill", value=20)),
    ("match", put("referee", "skill", value=1)),
    ("match", put("ring", "rope_steps", value=[1, 1, 1])),
    ("match", put("ring", "distance", "center", "aisle", value=1)),
    ("merits", put("merits", "Style Giant", "effects", value={"botch_from": 2})),
    ("merits", put("merits", "Style Giant", "effects", value={"botch_from": 20})),
    ("merits", put("merits", "Style Giant", value={"label": True})),
]


@pytest.mark.parametrize(("table", "edit"), TAKEN)
def test_the_edges_of_each_range_are_taken(table, edit):
    assert problems_of(table, edit) == []


# ------------------------------------------------------------------------------ what is read


def test_the_tables_say_they_are_the_projects_own():
    tables = load_tables()
    assert tables.authored == set(TABLE_NAMES)  # every shipped table is the project's own
    stuntrack = copy.deepcopy(default_data("stuntrack"))
    del stuntrack["authored"]
    assert "stuntrack" not in load_tables({"stuntrack": stuntrack}).authored


def test_an_unbalanced_brace_in_a_table_text_is_refused():
    problems = problems_of("maneuvers", put("maneuvers", "Chop", "text", value="{A chops him"))
    assert any(
        p == "maneuvers.maneuvers.Chop.text" and m.startswith("cannot fill in '{A chops him'")
        for p, m in problems
    ), problems


def test_a_wrestlers_maneuvers_carry_their_flags_and_the_tables_words_his_pronouns():
    from rules.arm.compile import own_words
    from rules.core.text import PRONOUNS
    from tests.rules.arm_support import match_of, sheet

    m = match_of([], a=sheet("alpha", arsenal=["Punch", "Double Dropkick", "Fire Tab"]))
    w = m.me(0).w
    assert w.move("Double Dropkick").double and not w.move("Punch").double
    assert w.move("Fire Tab").fire_tab and not w.move("Punch").fire_tab
    assert own_words("Out on {you:his} feet", "Alpha", PRONOUNS["she"]) == "Out on her feet"
    assert own_words("{you} is out", "Alpha", PRONOUNS["he"]) == "Alpha is out"
    assert own_words("Winded", "Alpha", PRONOUNS["he"]) == "Winded"


def test_a_stuntrack_width_that_leaves_a_figure_out_counts_it_as_nothing():
    stuntrack = copy.deepcopy(default_data("stuntrack"))
    stuntrack["width"] = {"TOU": 3}  # no STA, no add: 3 a point of TOU
    track = load_tables({"stuntrack": stuntrack}).stuntrack
    assert track.breaks(12, 12) == (36, 72, 108, 144, 180)


def test_a_match_table_from_before_the_count_in_the_ropes_counts_it_to_five():
    """A federation's own match table written before ``referee.counts.ropes`` was still loads:
    the chapter's five count."""
    data = copy.deepcopy(default_data("match"))
    data["referee"]["counts"] = {"outside": 20, "choke": 5}
    assert load_tables({"match": data}).match["referee"]["counts"]["ropes"] == 5
    data["referee"]["counts"]["ropes"] = 3
    assert load_tables({"match": data}).match["referee"]["counts"]["ropes"] == 3
