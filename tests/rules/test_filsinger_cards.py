"""Card parsing: the structured form, the printed shorthand, and every mistake by its path."""

from __future__ import annotations

import copy
import json

import pytest

from rules.core.errors import CardError
from rules.filsinger.cards import Defense, Offense, offense_text
from tests.rules.conftest import load_fixture


def problems_of(fs, data):
    with pytest.raises(CardError) as info:
        fs.parse_card(data)
    return dict(info.value.problems)


@pytest.fixture
def data():
    return load_fixture("executioner")


def test_the_structured_form_round_trips_through_json(fs, executioner):
    data = fs.card_to_data(executioner)
    assert json.loads(json.dumps(data)) == data
    assert fs.parse_card(json.loads(json.dumps(data))) == executioner


def test_the_shorthand_reads_like_the_printed_card(fs, wolf):
    assert wolf.offense[0][2] == Offense("move", "bite to forehead", level=2)
    assert wolf.offense[0][3] == Offense("chart", "turnbuckle")
    assert wolf.offense[0][4] == Offense("move", "choke", level=2, dq=True)
    assert wolf.offense[1][1] == Offense("chart", "ropes", choice=True)
    assert wolf.offense[1][3] == Offense("move", "dropkick", level=2, check="ag")
    assert wolf.offense[2][2] == Offense("move", "powerslam", level=3, add1=True)
    assert wolf.offense[2][4] == Offense("move", "double team suplex", level=3, only="tag")
    assert wolf.offense[2][5] == Offense("finisher", "SAVAGE FACE CLAW", rating=3)
    assert wolf.defense[0][1] == Defense("counter", 1)
    assert wolf.defense[0][5] == Defense("hurt", 2, tag=True)
    assert wolf.defense[2][0] == Defense("pin")
    assert wolf.defense[2][1] == Defense("down", 3, leave=True)
    assert (wolf.ratings.pin, wolf.ratings.pin_fatigue) == (5, 3)
    assert fs.parse_card(fs.card_to_data(wolf)) == wolf


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("EXECUTIONER - 2", None),
        ("Arm drag - 2 (ch) B", Offense("move", "Arm drag", level=2, choice_situation="B")),
        ("(ch) C", Offense("choice_situation", choice_situation="C")),
        ("out of the ring (c)", Offense("chart", "ring", choice=True)),
        ("deathjump", Offense("chart", "deathjump")),
        ("Eye rake - 2 (dq 5)", Offense("move", "Eye rake", level=2, dq=5)),
        (
            "Body press - 3 (pw) (singles)",
            Offense("move", "Body press", level=3, check="pw", only="singles"),
        ),
        ("AVALANCHE (roll)", Offense("finisher", "AVALANCHE", roll="1d6")),
        ("AVALANCHE (2-6)", Offense("finisher", "AVALANCHE", roll="1d6", miss_on=(1,))),
        (
            "AVALANCHE (roll 2d6 miss 2,12)",
            Offense("finisher", "AVALANCHE", roll="2d6", miss_on=(2, 12)),
        ),
        ("bite to forehead \u2013 2", Offense("move", "bite to forehead", level=2)),
    ],
)
def test_offense_shorthand(fs, data, text, expected):
    data["offense"][3][0] = text
    if expected is None:  # a capitalised name with a level is a move, not a finisher
        expected = Offense("move", "EXECUTIONER", level=2)
    card = fs.parse_card(data)
    assert card.offense[2][0] == expected
    assert fs.parse_card(fs.card_to_data(card)) == card
    assert offense_text(expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("EXECUTIONER - 2", Defense("counter", 2)),
        ("The Executioner - 1", Defense("counter", 1)),
        ("hurt - 3 (tag)", Defense("hurt", 3, tag=True)),
        ("down - 3 (lv)", Defense("down", 3, leave=True)),
        ("PIN 7 (4)", Defense("pin")),
        ("PIN", Defense("pin")),
    ],
)
def test_defense_shorthand(fs, data, text, expected):
    data["defense"][3][1] = text
    assert fs.parse_card(data).defense[2][1] == expected


def test_pin_ratings_can_come_from_the_printed_pin_entry(fs, data):
    del data["ratings"]["pin"], data["ratings"]["pin_fatigue"]
    data["defense"][3][0] = "PIN 7 (4)"
    ratings = fs.parse_card(data).ratings
    assert (ratings.pin, ratings.pin_fatigue) == (7, 4)


MISTAKES = [
    (lambda d: d.pop("name"), "name", "required: the wrestler's name"),
    (lambda d: d.update(system="superstar"), "system", "must be 'filsinger'"),
    (lambda d: d.update(colour="red"), "colour", "unknown field"),
    (lambda d: d["offense"].pop(2), "offense.2", "missing: six entries"),
    (lambda d: d["offense"][1].pop(), "offense.1", "must have six entries (die 1 to 6), has 5"),
    (lambda d: d["offense"].update({4: []}), "offense.4", "unknown level"),
    (lambda d: d["offense"][2][4].update(level=4), "offense.2[4].level", "must be 1, 2 or 3"),
    (lambda d: d["offense"][2][0].pop("level"), "offense.2[0].level", "required"),
    (lambda d: d["offense"][2][1].update(check="sp"), "offense.2[1].check", "must be 'ag' or 'pw'"),
    (lambda d: d["offense"][2][0].update(dq=13), "offense.2[0].dq", "from 0 to 12"),
    (
        lambda d: d["offense"][2][0].update(only="cage"),
        "offense.2[0].only",
        "must be 'tag' or 'singles'",
    ),
    (lambda d: d["offense"][2][0].update(chart="ropes"), "offense.2[0]", "has both"),
    (lambda d: d["offense"][2][2].update(chart="cage"), "offense.2[2].chart", "must be one of"),
    (
        lambda d: d["offense"][2][3].update(choice_situation="AB"),
        "offense.2[3].choice_situation",
        "single letter",
    ),
    (lambda d: d["offense"][2].__setitem__(0, {"level": 2}), "offense.2[0]", "needs one of"),
    (
        lambda d: d["offense"][2].__setitem__(0, {"finisher": "AXE", "rating": 2}),
        "offense.2[0].finisher",
        "LEVEL 3",
    ),
    (lambda d: d["offense"][3][5].update(rating=2), "offense.3[5]", "exactly one of 'rating'"),
    (
        lambda d: d["offense"][3].__setitem__(5, {"finisher": "AXE", "rating": 9}),
        "offense.3[5].rating",
        "0 to 5",
    ),
    (lambda d: d["offense"][3][5].update(miss_on=[7]), "offense.3[5].miss_on[0]", "from 1 to 6"),
    (
        lambda d: d["offense"][1].__setitem__(0, "headlock"),
        "offense.1[0]",
        "cannot read 'headlock'",
    ),
    (lambda d: d["offense"][1].__setitem__(0, "headlock - 4"), "offense.1[0]", "must be 1, 2 or 3"),
    (
        lambda d: d["offense"][1].__setitem__(0, "headlock - 1 (xyz)"),
        "offense.1[0]",
        "unknown marker '(xyz)'",
    ),
    (lambda d: d["offense"][1].__setitem__(0, "AXE (+3)"), "offense.1[0]", "belongs on LEVEL 3"),
    (lambda d: d["offense"][3].__setitem__(0, "AXE"), "offense.3[0]", "needs a rating"),
    (
        lambda d: d["defense"][1][0].update(result="stunned"),
        "defense.1[0].result",
        "must be one of",
    ),
    (lambda d: d["defense"][1][0].pop("level"), "defense.1[0].level", "required"),
    (lambda d: d["defense"][3][0].update(level=3), "defense.3[0].level", "a PIN has no level"),
    (lambda d: d["defense"][1][1].update(tag=True), "defense.1[1].tag", "a counter already"),
    (lambda d: d["defense"][1][0].update(leave=True), "defense.1[0].leave", "(lv) only goes with"),
    (lambda d: d["defense"][1][0].update(tag="yes"), "defense.1[0].tag", "true or false"),
    (
        lambda d: d["defense"][1].__setitem__(0, "stunned - 1"),
        "defense.1[0]",
        "own name in capitals",
    ),
    (lambda d: d["defense"][3].__setitem__(0, "PIN 6 (4)"), "defense.3[0]", "PIN text says 6"),
    (lambda d: d["ratings"].pop("pin"), "ratings.pin", "required"),
    (lambda d: d["ratings"].update(ropes="D"), "ratings.ropes", "must be A, B or C"),
    (lambda d: d["ratings"].pop("ring"), "ratings.ring", "required: A, B or C"),
    (lambda d: d["ratings"].update(agility=-6), "ratings.agility", "from -5 to 5"),
    (
        lambda d: d["ratings"].update(disqualification="six"),
        "ratings.disqualification",
        "whole number",
    ),
    (lambda d: d["ratings"].update(speed=3), "ratings.speed", "unknown field"),
    (lambda d: d.update(ratings=[1, 2]), "ratings", "must be a mapping"),
    (lambda d: d.update(defense=[]), "defense", "must map the levels"),
]


@pytest.mark.parametrize(("mistake", "path", "message"), MISTAKES)
def test_every_kind_of_mistake_is_named_by_its_path(fs, data, mistake, path, message):
    mistake(data)
    problems = problems_of(fs, data)
    assert path in problems, problems
    assert message in problems[path]


def test_all_problems_are_listed_together_and_nothing_is_half_loaded(fs, data):
    original = copy.deepcopy(data)
    data["offense"][2][4]["level"] = 4
    data["ratings"]["ropes"] = "D"
    data["defense"][1][0]["result"] = "stunned"
    with pytest.raises(CardError) as info:
        fs.parse_card(data)
    text = str(info.value).splitlines()
    assert text == [
        "offense.2[4].level: must be 1, 2 or 3, got 4",
        "defense.1[0].result: must be one of dazed, hurt, down, counter, pin, got 'stunned'",
        "ratings.ropes: must be A, B or C, got 'D'",
    ]
    assert fs.parse_card(original)  # the valid card still reads


def test_a_card_must_be_a_mapping(fs):
    assert problems_of(fs, ["not", "a", "card"]) == {"": "a card must be a mapping, got list"}


# -------------------------------------------------------------------------------- the charts


def test_an_unknown_choice_situation_letter_is_refused_against_the_tables(fs, data):
    """Issue 7: a card with (ch) Z parsed, then crashed every match played with rule 7."""
    data["offense"][2][3]["choice_situation"] = "Z"
    data["offense"][1][0] = "Forearm smash - 1 (ch) Q"
    data["ratings"]["ropes"] = "D"
    problems = problems_of_with_tables(fs, data, fs.load_tables())
    assert problems["offense.2[3].choice_situation"] == (
        "no column 'Z' in the Choice Situations chart (columns: A, B, C, D, E, F)"
    )
    assert "no column 'Q'" in problems["offense.1[0].choice_situation"]
    assert "ratings.ropes" in problems  # listed with the card's other problems


def problems_of_with_tables(fs, data, tables):
    with pytest.raises(CardError) as info:
        fs.parse_card(data, tables=tables)
    return dict(info.value.problems)


def test_without_tables_only_the_card_itself_is_checked(fs, data):
    data["offense"][2][3]["choice_situation"] = "Z"
    assert fs.parse_card(data).offense[1][3].choice_situation == "Z"


def test_a_federations_choice_situations_chart_decides_the_letters(fs, data):
    from rules.filsinger.tables import default_sources

    chart = copy.deepcopy(default_sources()["choice_situations"])
    chart["columns"]["Z"] = chart["columns"].pop("A")
    data["offense"][2][3]["choice_situation"] = "Z"
    tables = fs.load_tables({"choice_situations": chart})
    assert fs.parse_card(data, tables=tables).offense[1][3].choice_situation == "Z"
    # The overrides themselves are accepted in place of loaded tables.
    assert fs.parse_card(data, tables={"choice_situations": chart})
    # The Executioner's body slam is (ch) A, which this chart no longer has.
    problems = problems_of_with_tables(fs, load_fixture("executioner"), tables)
    assert list(problems) == ["offense.2[3].choice_situation"]


# -------------------------------------------------------------------------------- hostile input


@pytest.mark.parametrize(
    ("mutate", "path"),
    [
        (lambda d: d.update(name="Wolf\u202e"), "name"),
        (lambda d: d.update(name="Wolf\x07"), "name"),
        (lambda d: d["offense"][1][0].update(move="Head\u2066lock"), "offense.1[0].move"),
        (lambda d: d["offense"][1].__setitem__(0, "headlock\u202e - 1"), "offense.1[0]"),
        (lambda d: d["defense"][1].__setitem__(0, "dazed\x1b - 1"), "defense.1[0]"),
    ],
)
def test_names_with_control_or_bidi_characters_are_refused(fs, data, mutate, path):
    mutate(data)
    assert "control or bidirectional characters" in problems_of(fs, data)[path]


def test_long_values_are_refused_and_clipped_in_the_messages(fs, data):
    data["name"] = "W" * 101
    data["offense"][1][0] = "headlock " * 40 + "- 1"
    data["ratings"]["ropes"] = "D" * 10_000
    data["offense"][2][1]["check"] = ["x"] * 10_000
    data["x" * 5000] = 1
    problems = problems_of(fs, data)
    assert problems["name"] == "is 101 characters long; at most 100"
    assert "a printed entry has at most 160" in problems["offense.1[0]"]
    assert problems["offense.2[1].check"] == "must be 'ag' or 'pw', got a list of 10000 entries"
    assert len(problems["ratings.ropes"]) < 120
    assert max(len(path) + len(message) for path, message in problems.items()) < 200


def test_a_level_given_twice_is_refused(fs, data):
    data["offense"]["1"] = list(data["offense"][1])
    assert "given twice" in problems_of(fs, data)["offense.1"]


def test_the_system_name_is_read_in_any_case(fs, data):
    data["system"] = " Filsinger"
    assert fs.parse_card(data).name == "The Executioner"


# -------------------------------------------------------------------------------- the docs' example


def _docs_example() -> dict:
    """The Filsinger example of docs/cards.md (the CARDS.md contract), its "..." filled in."""
    from pathlib import Path

    import yaml

    text = (Path(__file__).parents[2] / "docs/cards.md").read_text()
    block = text.split("## filsinger", 1)[1].split("```yaml", 1)[1].split("```", 1)[0]
    data = yaml.safe_load(block)
    fillers = {"offense": {"move": "Punch", "level": 1}, "defense": {"result": "dazed", "level": 1}}
    for part, filler in fillers.items():
        for level in (1, 2, 3):
            shown = [e for e in data[part].get(level, []) if isinstance(e, dict)]
            data[part][level] = shown + [dict(filler)] * (6 - len(shown))
    return data


def test_the_card_format_example_in_the_docs_parses(fs):
    """Issue 7: the documented example was refused ("leave: true" on LEVEL 1 DEFENSE)."""
    card = fs.parse_card(_docs_example(), tables=fs.load_tables())
    assert card.name == "Wolf"
    assert card.offense[0][:6] == (
        Offense("move", "Headlock", level=1),
        Offense("move", "Bite to forehead", level=2),
        Offense("chart", "ropes", choice=True),
        Offense("move", "Dropkick", level=2, check="ag"),
        Offense("choice_situation", choice_situation="B"),
        Offense("move", "Eye rake", level=2, dq=True),
    )
    assert card.offense[2][:4] == (
        Offense("move", "Powerslam", level=3, add1=True),
        Offense("move", "Double team suplex", level=3, only="tag"),
        Offense("finisher", "SAVAGE FACE CLAW", rating=3),
        Offense("finisher", "AVALANCHE", roll="1d6", miss_on=(1, 6)),
    )
    assert card.defense[0][:5] == (
        Defense("dazed", 1),
        Defense("hurt", 2, tag=True),
        Defense("down", 3, leave=True),
        Defense("counter", 2),
        Defense("pin"),
    )
    assert (card.ratings.pin, card.ratings.pin_fatigue, card.ratings.distractor) == (7, 4, None)


def test_lv_goes_with_down_3_on_any_defense_level_and_nowhere_else(fs, data):
    data["defense"][1][0] = {"result": "down", "level": 3, "leave": True}
    data["defense"][2][0] = "down - 3 (lv)"
    card = fs.parse_card(data)
    assert card.defense[0][0] == card.defense[1][0] == Defense("down", 3, leave=True)
    data["defense"][1][1] = {"result": "down", "level": 2, "leave": True}
    data["defense"][2][1] = "hurt - 3 (lv)"
    problems = problems_of(fs, data)
    assert problems["defense.1[1].leave"] == "(lv) only goes with 'down - 3'"
    assert problems["defense.2[1].leave"] == "(lv) only goes with 'down - 3'"
