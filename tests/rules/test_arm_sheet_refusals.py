"""An ARM character sheet refused, one mistake at a time, each by its path and in the words the
promoter reads (the sheet is the test sheet ``arm_alpha.yaml``, checked against the default
tables as an import checks it); the edges of each range taken; and what a sheet is written
back as."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
import yaml

from rules.arm.cards import card_to_data, parse_card
from rules.arm.tables import load_tables
from rules.core.errors import CardError

ALPHA = yaml.safe_load((Path(__file__).parent / "fixtures/arm_alpha.yaml").read_text())
TABLES = load_tables()


def problems_of(**changes) -> list[tuple[str, str]]:
    data = copy.deepcopy(ALPHA)
    for key, value in changes.items():
        if value is DROP:
            del data[key]
        else:
            data[key] = value
    try:
        parse_card(data, TABLES)
    except CardError as caught:
        return list(caught.problems)
    return []


class _Drop:
    """A field left out of the sheet."""

    def __repr__(self) -> str:  # (a test id, the same in every process)
        return "left_out"


DROP = _Drop()


def case_id(text: str) -> str:
    """A test id without brackets (mutation testing passes ids on a command line)."""
    return re.sub(r"[^\w.,=+-]+", "_", text).strip("_")


ATTRS = "STR, TEC, AGI, BRA, SAV, STA, TOU"
TWELVES = dict.fromkeys(ATTRS.split(", "), 12)


SIX_FOURTEEN = "6'14\""  # (a height with inches past a foot)
REFUSED = [
    ({"system": "filsinger"}, "system", "must be 'arm' for this engine, got 'filsinger'"),
    ({"colour": "red"}, "colour", "unknown field (expected one of "),
    ({"name": "  "}, "name", "must be the wrestler's name"),
    (
        {"alignment": "tweener"},
        "alignment",
        "must be face (fan favourite) or heel (rulebreaker), got 'tweener'",
    ),
    ({"attributes": [12] * 7}, "attributes", f"must map {ATTRS} to their values"),
    (
        {"attributes": {**TWELVES, "LUCK": 3}},
        "attributes.LUCK",
        f"unknown attribute (known: {ATTRS})",
    ),
    (
        {"attributes": {k: v for k, v in TWELVES.items() if k != "TOU"}},
        "attributes.TOU",
        "missing (a d20 figure, 1 to 20)",
    ),
    (
        {"attributes": {**TWELVES, "STR": 21}},
        "attributes.STR",
        "must be a whole number from 1 to 20, got 21",
    ),
    (
        {"attributes": {**TWELVES, "STR": "lots"}},
        "attributes.STR",
        "must be a whole number from 1 to 20, got 'lots'",
    ),
    ({"height": 47}, "height", "must be the height in inches (48 to 100) or like 6'2\", got 47"),
    (
        {"height": "8 ft 5"},
        "height",
        "must be the height in inches (48 to 100) or like 6'2\", got 101",
    ),
    ({"height": None}, "height", "missing: the height in inches (48 to 100) or like 6'2\""),
    ({"weight": None}, "weight", "missing: the weight in pounds (80 to 800)"),
    ({"height": SIX_FOURTEEN}, "height", f"{SIX_FOURTEEN!r} has inches past a foot: like 6'2\""),
    ({"weight": 79}, "weight", "must be the weight in pounds (80 to 800), got 79"),
    ({"weight": "801 lbs"}, "weight", "must be the weight in pounds (80 to 800), got 801"),
    ({"fame": -1}, "fame", "must be a whole number from 0 to 100000, got -1"),
    ({"prestige": 100001}, "prestige", "must be a whole number from -100000 to 100000, got 100001"),
    ({"heat": 101}, "heat", "must be a whole number from 0 to 100, got 101"),
    ({"arsenal": []}, "arsenal", "must list the maneuvers the wrestler knows"),
    (
        {"arsenal": ["Chop", 7]},
        "arsenal[1]",
        "must be a maneuver's name or {maneuver, bonus}, got 7",
    ),
    (
        {"arsenal": ["Chop", {"maneuver": "Punch", "speed": 2}]},
        "arsenal[1].speed",
        "unknown field (expected maneuver, bonus)",
    ),
    ({"arsenal": ["Chop", {"bonus": 1}]}, "arsenal[1].maneuver", "must be a maneuver's name"),
    (
        {"arsenal": ["Chop", {"maneuver": "Punch", "bonus": 11}]},
        "arsenal[1].bonus",
        "must be a whole number from -5 to 10, got 11",
    ),
    (
        {"arsenal": ["Chop", "Punch +11"]},
        "arsenal[1]",
        "a training bonus must be from -5 to 10, got +11",
    ),
    ({"arsenal": ["Chop", "chop"]}, "arsenal[1]", "'chop' is listed twice"),
    (
        {"arsenal": ["Chop", "Triple Lutz"]},
        "arsenal[1]",
        "no maneuver 'Triple Lutz' in the catalogue (nor a variant of one)",
    ),
    ({"finisher": 7}, "finisher", "must be {maneuver, name} or the maneuver's name"),
    (
        {"finisher": {"maneuver": "Piledriver", "move": "x"}},
        "finisher.move",
        "unknown field (expected maneuver, name)",
    ),
    ({"finisher": {"name": "The End"}}, "finisher.maneuver", "must be the maneuver's name"),
    (
        {"finisher": {"maneuver": "Piledriver", "name": " "}},
        "finisher.name",
        "must be the finisher's own name",
    ),
    (
        {"finisher": "Triple Lutz"},
        "finisher.maneuver",
        "no maneuver 'Triple Lutz' in the catalogue (nor a variant of one)",
    ),
    ({"finisher": "Dodge"}, "finisher.maneuver", "'Dodge' is not an attack"),
    ({"merits": "Style Giant"}, "merits", "must be a list of merits"),
    ({"merits": ["Style Giant", "style giant"]}, "merits[1]", "'style giant' is listed twice"),
    ({"merits": [" "]}, "merits[0]", "must be a merit's name"),
    ({"merits": ["Style Giant", "Arrogant"]}, "merits[1]", "unknown merit 'Arrogant' (known: "),
    ({"flaws": ["Style Giant"]}, "flaws[0]", "unknown flaw 'Style Giant' (known: "),
    (
        {"objects": ["Fist Load", "Kitchen Sink"]},
        "objects[1]",
        "no object 'Kitchen Sink' in the objects table",
    ),
    ({"objects": ["Ring Post"]}, "objects[0]", "'Ring Post' cannot be carried (a target only)"),
]


@pytest.mark.parametrize(
    ("changes", "path", "message"), REFUSED, ids=[case_id(path) for _, path, _ in REFUSED]
)
def test_a_mistake_in_a_sheet_is_named_by_its_path_in_plain_words(changes, path, message):
    problems = problems_of(**changes)
    assert any(p == path and m.startswith(message) for p, m in problems), problems


def test_a_sheet_that_is_not_a_mapping_is_refused():
    with pytest.raises(CardError) as caught:
        parse_card(["Alpha"], TABLES)
    assert caught.value.problems == [("", "a sheet must be a mapping, got list")]


@pytest.mark.parametrize(
    "changes",
    [
        {"height": 48},
        {"height": 100},
        {"height": "6'2\""},
        {"height": "74 in"},
        {"weight": 80},
        {"weight": 800},
        {"weight": "230 lbs"},
        {"fame": 0},
        {"fame": "300"},
        {"heat": 100},
        {"prestige": -100000},
        {"attributes": {**TWELVES, "STR": 1, "TEC": 20}},
        {"arsenal": ["Chop", {"maneuver": "Punch", "bonus": -5}, "Dropkick +10"]},
        {"fame": DROP, "prestige": DROP, "heat": DROP},
    ],
    ids=lambda changes: case_id(",".join(f"{k}={v!r}" for k, v in changes.items())),
)
def test_the_edges_of_each_range_are_taken(changes):
    assert problems_of(**changes) == []


def test_heights_and_weights_read_as_written():
    data = {**ALPHA, "height": "6'2\"", "weight": "230 lbs", "fame": "300"}
    sheet = parse_card(data, TABLES)
    assert (sheet.height, sheet.weight, sheet.fame) == (74, 230, 300)
    assert parse_card({**ALPHA, "height": "74 in"}, TABLES).height == 74
    assert parse_card({**ALPHA, "height": "6 ft"}, TABLES).height == 72


def test_names_come_back_in_the_tables_spelling_and_are_written_back_so():
    data = {
        **ALPHA,
        "arsenal": ["chop", "figure-four leglock +1"],
        "finisher": "piledriver",
        "merits": ["style giant"],
        "objects": ["fist load"],
    }
    sheet = parse_card(data, TABLES)
    out = card_to_data(sheet)
    assert out["arsenal"][0] == "Chop" and "Figure Four Leglock" in str(out["arsenal"][1])
    assert out["finisher"]["maneuver"] == "Piledriver"
    assert out["finisher"]["name"] == "Piledriver"  # no name of its own: the maneuver's
    assert out["merits"] == ["Style Giant"] and out["objects"] == ["Fist Load"]
    assert parse_card(out, TABLES) == sheet
    named = parse_card({**ALPHA, "finisher": {"maneuver": "piledriver", "name": "The End"}})
    assert card_to_data(named)["finisher"] == {"maneuver": "piledriver", "name": "The End"}


def test_a_sheet_without_fame_prestige_or_heat_starts_them_at_zero():
    data = {k: v for k, v in ALPHA.items() if k not in ("fame", "prestige", "heat")}
    sheet = parse_card(data, TABLES)
    assert (sheet.fame, sheet.prestige, sheet.heat, sheet.edge) == (0, 0, 0, 0)


def test_a_sheet_names_its_system_in_any_case_and_another_systems_card_is_refused_for_that():
    """``system: ARM`` is this engine's, as ``system: Filsinger`` is Filsinger's. A card of
    another system is refused for that alone, not under a score of problems with fields it
    never meant to have; and the other engines say the same of an ARM sheet."""
    from rules.filsinger.cards import parse_card as filsinger_card
    from rules.superstar.cards import parse_card as superstar_card

    assert problems_of(system="ARM") == []
    assert problems_of(system=" arm ") == []
    assert problems_of(system="filsinger", ratings={"pin": 5}) == [
        ("system", "must be 'arm' for this engine, got 'filsinger'")
    ]
    for parse, name in ((filsinger_card, "filsinger"), (superstar_card, "superstar")):
        with pytest.raises(CardError) as caught:
            parse(copy.deepcopy(ALPHA))
        assert caught.value.problems == [("system", f"must be {name!r} for this engine, got 'arm'")]
