"""The ARM tables (the project's own, validated and replaceable) and the character sheets."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from promotion.standings import standings_table
from rules.arm.cards import card_to_data, parse_card, point_buy_problems, roll_attributes
from rules.arm.tables import CLASSES, TABLE_NAMES, default_data, load_tables
from rules.core.dice import ScriptedDice
from rules.core.errors import CardError, TableError

SAMPLES = sorted((Path(__file__).parents[2] / "rules/data/sample/arm").glob("*.yaml"))


@pytest.fixture(scope="module")
def tables():
    return load_tables()


# ------------------------------------------------------------------------------ tables


def test_the_catalogue_has_at_least_40_base_maneuvers_across_the_five_classes(tables):
    bases = tables.maneuvers.bases.values()
    attacks = [m for m in bases if not ({"defense", "trick"} & m.flags)]
    assert len(attacks) >= 40
    by_class = Counter(m.cls for m in attacks)
    assert set(by_class) == set(CLASSES) - {"SAV"} or set(by_class) == set(CLASSES)
    assert all(by_class[c] >= 5 for c in ("STR", "TEC", "AGI", "BRA"))
    assert any(m.cls == "SAV" for m in bases)  # the tricks


def test_variant_flags_derive_maneuvers_from_their_names(tables):
    flying = tables.maneuvers.get("Flying Elbow Drop")
    base = tables.maneuvers.get("Elbow Drop")
    assert (flying.base, flying.cls, flying.level) == ("Elbow Drop", "AGI", base.level + 1)
    assert "flying" in flying.flags and flying.variant == {"flying"}
    sitout = tables.maneuvers.get("sit-out powerbomb")
    assert "pin_predicament" in sitout.flags and sitout.level == 3
    assert tables.maneuvers.get("Running Super Suplex").variant == {"running", "super"}
    assert tables.maneuvers.get("Corkscrew Splash").variant == {"flying", "corkscrew"}
    assert tables.maneuvers.get("Figure-Four leglock").name == "Figure Four Leglock"
    assert tables.maneuvers.get("Flying Flying Elbow Drop") is None
    assert tables.maneuvers.get("Triple Lutz") is None


def test_every_sample_sheet_names_only_what_the_tables_know(tables):
    for path in SAMPLES:
        data = yaml.safe_load(path.read_text())
        for name in [*data["arsenal"], data["finisher"]["maneuver"]]:
            assert tables.maneuvers.get(name) is not None, (path.name, name)
        for merit in data["merits"]:
            assert tables.merits.get("merit", merit) is not None, (path.name, merit)
        for flaw in data["flaws"]:
            assert tables.merits.get("flaw", flaw) is not None, (path.name, flaw)


def test_the_derived_values_read_their_bands(tables):
    at = tables.attributes
    assert [at.bonus(v) for v in (8, 10, 11, 13, 14, 17, 20)] == [1, 1, 2, 2, 3, 4, 5]
    assert [at.wdb(w) for w in (150, 200, 274, 275, 392, 410)] == [0, 1, 1, 2, 3, 3]
    assert [at.lift(w) for w in (150, 179, 226, 285, 410)] == [2, 1, 0, -2, -4]
    assert [at.reach(h) for h in (65, 68, 72, 77, 85)] == [-2, -1, 0, 1, 2]
    assert [at.hdb(h) for h in (60, 68, 72, 85)] == [0, 1, 2, 4]
    assert tables.stuntrack.breaks(12, 12) == (36, 72, 108, 144, 180)
    assert tables.stuntrack.names[:2] == ("Fresh", "Winded")
    assert tables.stuntrack.penalties[:2] == (0, 1)  # "Winded (-1)" is Level 2


def test_the_weekly_healing_in_the_standings_table_matches_the_sta_bonus(tables):
    healing = standings_table()["injuries"]["arm_sta_bonus"]
    for sta in range(3, 21):
        step = max(k for k in healing if k <= sta)
        assert healing[step] == tables.attributes.bonus(sta), sta


def test_a_table_is_replaced_whole_by_a_federations_own(tables):
    maneuvers = yaml.safe_load(yaml.safe_dump(default_data("maneuvers")))
    maneuvers["maneuvers"]["Atomic Drop"]["damage"] = 9
    mine = load_tables({"maneuvers": maneuvers})
    assert mine.maneuvers.get("Atomic Drop").damage == 9
    assert tables.maneuvers.get("Atomic Drop").damage == 4
    assert mine.match is tables.match or mine.match == tables.match


def test_a_bad_table_is_refused_with_every_problem_by_path():
    maneuvers = yaml.safe_load(yaml.safe_dump(default_data("maneuvers")))
    maneuvers["maneuvers"]["Punch"]["level"] = -1
    maneuvers["maneuvers"]["Chop"]["class"] = "XYZ"
    maneuvers["variants"]["Plancha"]["base"] = "Nothing"
    match = yaml.safe_load(yaml.safe_dump(default_data("match")))
    del match["edge"]["face"]["squeeze"]
    match["ring"]["ropes"]["center"] = "far"
    with pytest.raises(TableError) as caught:
        load_tables({"maneuvers": maneuvers, "match": match, "charts": {}})
    paths = [path for path, _ in caught.value.problems]
    assert "charts" in paths
    assert "maneuvers.maneuvers.Punch.level" in paths
    assert "maneuvers.maneuvers.Chop.class" in paths
    assert "maneuvers.variants.Plancha.base" in paths
    assert "match.edge.face.squeeze" in paths
    assert "match.ring.ropes.center" in paths


def test_the_other_tables_are_checked_too():
    stuntrack = {
        "name": "stuntrack",
        "levels": [{"name": "Fresh", "penalty": 2}, {"name": "X", "penalty": 1}],
        "width": {"TOU": -1},
        "beyond": {"name": "Out", "penalty": 5},
    }
    objects = {
        "name": "objects",
        "draw_cost": 2,
        "boot_cost": 3,
        "objects": {"Chair": {"mod": "Y", "damage": 6}},
    }
    merits = {
        "name": "merits",
        "merits": {"Odd": {"effects": {"flying": 3}}},
        "flaws": {"Blank": {}},
    }
    with pytest.raises(TableError) as caught:
        load_tables({"stuntrack": stuntrack, "objects": objects, "merits": merits})
    paths = [path for path, _ in caught.value.problems]
    assert "stuntrack.levels[1].penalty" in paths and "stuntrack.width.TOU" in paths
    assert "objects.objects.Chair.mod" in paths and "objects.objects" in paths
    assert "merits.merits.Odd.effects.flying" in paths and "merits.flaws.Blank" in paths


def test_every_default_table_is_marked_as_the_projects_own(tables):
    assert tables.authored == frozenset(TABLE_NAMES)


# ------------------------------------------------------------------------------ sheets


def test_every_sample_sheet_parses_and_round_trips(tables):
    assert len(SAMPLES) == 18
    for path in SAMPLES:
        card = parse_card(yaml.safe_load(path.read_text()), tables)
        assert parse_card(card_to_data(card), tables) == card, path.name
        assert parse_card(card_to_data(card)) == card


def test_a_sheet_may_be_written_as_on_paper():
    card = parse_card(
        {
            "system": "arm",
            "name": "Paper Man",
            "alignment": "Fan Favourite",
            "attributes": {
                "str": 12,
                "TEC": 11,
                "AGI": 10,
                "BRA": 14,
                "SAV": 9,
                "STA": 13,
                "TOU": 15,
            },
            "height": "6'2\"",
            "weight": "250 lbs",
            "arsenal": ["Punch", "Dropkick +2", {"maneuver": "Body Slam", "bonus": 1}],
            "finisher": "Piledriver",
        },
        load_tables(),
    )
    assert (card.alignment, card.height, card.weight) == ("face", 74, 250)
    assert [(e.maneuver, e.bonus) for e in card.arsenal] == [
        ("Punch", 0),
        ("Dropkick", 2),
        ("Body Slam", 1),
    ]
    assert (card.finisher.maneuver, card.finisher.name) == ("Piledriver", "Piledriver")
    assert card.attribute("STR") == 12 and card.edge == 0


def test_an_invalid_sheet_is_refused_whole_with_every_problem_by_path():
    data = {
        "system": "arm",
        "name": "",
        "alignment": "tweener",
        "attributes": {"STR": 25, "TEC": 10, "AGI": 10, "BRA": 10, "SAV": 10, "STA": 10},
        "height": 20,
        "weight": "heavy",
        "arsenal": ["Punch", "Punch", "Quadruple Axel"],
        "finisher": {"maneuver": "Duck"},
        "merits": ["Style Knitting"],
        "flaws": ["Clumsy"],
        "objects": ["Ring Post"],
        "colour": "red",
    }
    with pytest.raises(CardError) as caught:
        parse_card(data, load_tables())
    paths = [path for path, _ in caught.value.problems]
    for expected in (
        "name",
        "alignment",
        "attributes.STR",
        "attributes.TOU",
        "height",
        "weight",
        "arsenal[1]",
        "arsenal[2]",
        "finisher.maneuver",
        "merits[0]",
        "objects[0]",
        "colour",
    ):
        assert expected in paths, expected
    assert "flaws[0]" not in paths


def test_without_tables_only_the_form_is_checked():
    data = yaml.safe_load(SAMPLES[0].read_text())
    data["arsenal"] = ["Quadruple Axel"]
    assert parse_card(data).arsenal[0].maneuver == "Quadruple Axel"


def test_a_new_wrestlers_attributes_are_rolled_3d6_plus_2_each(tables):
    dice = ScriptedDice([1, 1, 1] + [6, 6, 6] + [3, 4, 5] * 5)
    rolled = roll_attributes(dice, tables)
    assert rolled == {"STR": 5, "TEC": 18, "AGI": 14, "BRA": 14, "SAV": 14, "STA": 14, "TOU": 14}
    assert len(dice.rolls) == 21


def test_bought_attributes_must_add_up_to_88(tables):
    assert (
        point_buy_problems(
            dict.fromkeys(("STR", "TEC", "AGI", "BRA", "SAV", "STA"), 13) | {"TOU": 10}, tables
        )
        == []
    )
    problems = point_buy_problems(
        dict.fromkeys(("STR", "TEC", "AGI", "BRA", "SAV", "STA", "TOU"), 19), tables
    )
    assert problems[0] == "attributes.STR: must be from 6 to 18" and "add up to 88" in problems[-1]


def test_the_typed_figures_are_the_shape_of_match_yaml_and_hold_its_values(tables):
    import ast

    import rules.arm.compile
    from rules.arm.compile import _SECTIONS, figures
    from rules.arm.tables import _MATCH_SHAPE

    shape = {
        f"{_SECTIONS[section]}_{key}": kind
        for section, body in _MATCH_SHAPE.items()
        for key, kind in body.items()
    }
    # Read from the source: compiled, the class keeps no annotations.
    source = (Path(rules.arm.compile.__file__).parent / "compile.py").read_text()
    figures_class = next(
        node
        for node in ast.parse(source).body
        if isinstance(node, ast.ClassDef) and node.name == "Figures"
    )
    declared = {  # a typed table (``dict[str, int]``) by its kind (``dict``)
        node.target.id: getattr(node.annotation, "value", node.annotation).id
        for node in figures_class.body
        if isinstance(node, ast.AnnAssign)
    }
    assert sorted(declared) == sorted(shape)
    made = figures(tables.match)
    for name, kind in declared.items():
        value = getattr(made, name)
        expected = {"int": int, "bool": bool, "str": str, "tuple": tuple, "dict": dict}[kind]
        assert type(value) is expected, (name, value)
    # A few of the chapter's figures, read through their names.
    assert (made.mod_pin["lobster"], made.mod_superset, made.chk_natural_one) == (-2, 2, True)
