"""A federation's own Superstar charts refused, one mistake at a time, each by its path and in
the words the promoter reads (every problem of the chart listed, nothing more); the edges of
each range taken as they are written; and small charts of our own read as they say."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules.core.errors import TableError
from rules.superstar.tables import PIN, build_tables, default_sources

# The two dice's eleven totals, for a chart of our own.
ELEVEN = [2, 2, 2, 3, 3, 3, 4, 4, 5, 5, "PIN"]


def problems_of(name: str, data: Any) -> list[tuple[str, str]]:
    """The problems ``build_tables`` lists for the default charts with ``name`` replaced by
    ``data`` (none when they are taken)."""
    sources = default_sources()
    sources[name] = data
    try:
        build_tables(sources, overridden={name})
    except TableError as caught:
        return list(caught.problems)
    return []


def built(name: str, data: Any):
    sources = default_sources()
    sources[name] = data
    return build_tables(sources, overridden={name})


def default(name: str) -> Any:
    return copy.deepcopy(default_sources()[name])


# --- the pin chart -------------------------------------------------------------------------


def pin_chart(*columns: dict) -> dict:
    return {"columns": list(columns)}


def test_a_pin_chart_that_is_no_mapping():
    assert problems_of("pin_chart", ["0-10"]) == [
        ("pin_chart", "must be a mapping with columns (see the default YAML)")
    ]


def test_a_pin_chart_with_a_field_of_its_own():
    chart = default("pin_chart")
    chart["colour"] = "red"
    assert problems_of("pin_chart", chart) == [
        (
            "pin_chart.colour",
            "unknown field (expected authored, columns, name, note, source, title)",
        )
    ]


@pytest.mark.parametrize("columns", [None, [], {"0-10": ELEVEN}], ids=["none", "empty", "mapping"])
def test_a_pin_chart_without_its_columns(columns):
    assert problems_of("pin_chart", {"columns": columns}) == [
        ("pin_chart.columns", "required: a list of point ranges with their rolls")
    ]


def test_a_pin_chart_column_that_is_no_mapping():
    chart = pin_chart({"points": "0-10", "rolls": ELEVEN}, ["11+", ELEVEN])
    assert problems_of("pin_chart", chart) == [
        ("pin_chart.columns[1]", "must be a mapping {points, rolls}")
    ]


def test_a_pin_chart_column_with_a_field_of_its_own():
    chart = pin_chart(
        {"points": "0-10", "rolls": ELEVEN}, {"points": "11+", "rolls": ELEVEN, "note": "x"}
    )
    assert problems_of("pin_chart", chart) == [
        ("pin_chart.columns[1].note", "unknown field (expected points, rolls)")
    ]


@pytest.mark.parametrize("label", ["eleven", "11", "11-", "", "+11"])
def test_a_pin_chart_column_whose_points_are_no_range(label):
    chart = pin_chart({"points": "0-10", "rolls": ELEVEN}, {"points": label, "rolls": ELEVEN})
    assert problems_of("pin_chart", chart) == [
        (
            "pin_chart.columns[1].points",
            f"must be a range like 11-20 (the last like 141+), got {label!r}",
        )
    ]


def test_a_pin_chart_column_without_points():
    chart = pin_chart({"points": "0-10", "rolls": ELEVEN}, {"rolls": ELEVEN})
    assert problems_of("pin_chart", chart) == [
        ("pin_chart.columns[1].points", "must be a range like 11-20 (the last like 141+), got ''")
    ]


def test_a_pin_chart_whose_ranges_leave_a_gap():
    chart = pin_chart({"points": "0-10", "rolls": ELEVEN}, {"points": "12+", "rolls": ELEVEN})
    assert problems_of("pin_chart", chart) == [
        ("pin_chart.columns[1].points", "must start at 11 (the ranges run on without gaps)")
    ]


def test_a_pin_chart_that_does_not_start_at_nought():
    chart = pin_chart({"points": "1-10", "rolls": ELEVEN}, {"points": "11+", "rolls": ELEVEN})
    assert problems_of("pin_chart", chart) == [
        ("pin_chart.columns[0].points", "must start at 0 (the ranges run on without gaps)")
    ]


def test_a_pin_chart_whose_last_range_is_closed():
    chart = pin_chart({"points": "0-10", "rolls": ELEVEN}, {"points": "11-20", "rolls": ELEVEN})
    assert problems_of("pin_chart", chart) == [
        ("pin_chart.columns[1].points", "the last range is open-ended, like 11+")
    ]


def test_a_pin_chart_with_an_open_range_before_the_last():
    chart = pin_chart(
        {"points": "0+", "rolls": ELEVEN},
        {"points": "0-10", "rolls": ELEVEN},
        {"points": "11+", "rolls": ELEVEN},
    )
    assert problems_of("pin_chart", chart) == [
        ("pin_chart.columns[0].points", "only the last range is open-ended")
    ]


def test_a_pin_chart_range_that_runs_backwards():
    chart = pin_chart(
        {"points": "0-10", "rolls": ELEVEN},
        {"points": "11-5", "rolls": ELEVEN},
        {"points": "6+", "rolls": ELEVEN},
    )
    assert problems_of("pin_chart", chart) == [
        ("pin_chart.columns[1].points", "runs from 11 down to 5")
    ]


@pytest.mark.parametrize("rolls", [None, ELEVEN[:10], [*ELEVEN, 5]], ids=["none", "ten", "twelve"])
def test_a_pin_chart_column_without_eleven_rolls(rolls):
    chart = pin_chart({"points": "0-10", "rolls": ELEVEN}, {"points": "11+", "rolls": rolls})
    assert problems_of("pin_chart", chart) == [
        ("pin_chart.columns[1].rolls", "must list eleven results, for the totals 2 to 12")
    ]


@pytest.mark.parametrize("entry", [-1, 100, True, "PINNED", 2.5, None])
def test_a_pin_chart_roll_that_is_neither_pin_nor_points(entry):
    rolls = [*ELEVEN]
    rolls[4] = entry
    chart = pin_chart({"points": "0-10", "rolls": ELEVEN}, {"points": "11+", "rolls": rolls})
    assert problems_of("pin_chart", chart) == [
        ("pin_chart.columns[1].rolls[4]", f"must be PIN or points from 0 to 99, got {entry!r}")
    ]


def test_a_pin_chart_of_our_own_reads_as_it_says():
    """Points from 0 to 99 taken at both ends, PIN in any case and spacing, ranges spaced; a
    wrestler's points pick the column whose range holds them (below nought the first, past the
    last low the last)."""
    first = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, " pin "]
    second = [10, 11, 12, 13, 14, 15, 16, 17, 18, 99, "Pin"]
    third = ["PIN"] * 11
    chart = pin_chart(
        {"points": "0-10", "rolls": first},
        {"points": " 11 - 25 ", "rolls": second},
        {"points": "26 +", "rolls": third},
    )
    pins = built("pin_chart", chart).pin_chart
    assert pins.lows == (0, 11, 26)
    assert pins.labels == ("0-10", "11 - 25", "26 +")
    assert pins.columns == (
        (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, PIN),
        (10, 11, 12, 13, 14, 15, 16, 17, 18, 99, PIN),
        (PIN,) * 11,
    )
    columns = {points: pins.column(points) for points in (-5, 0, 10, 11, 25, 26, 27, 500)}
    assert columns == {-5: 0, 0: 0, 10: 0, 11: 1, 25: 1, 26: 2, 27: 2, 500: 2}


def test_a_pin_chart_of_one_column_reads_it_for_every_total():
    pins = built("pin_chart", pin_chart({"points": "0+", "rolls": ELEVEN})).pin_chart
    assert [pins.column(points) for points in (-1, 0, 1, 150)] == [0, 0, 0, 0]


# --- rows keyed by roll (the referee, the injuries, the grudge charts) -----------------------


def referee(*rows: Any) -> dict:
    return {"rolls": list(rows)}


def abe(roll: Any, **more: Any) -> dict:
    return {"roll": roll, "name": "Abe", **more}


def test_the_referee_table_that_is_no_mapping():
    assert problems_of("referee", [abe("2-12")]) == [("referee", "must be a mapping with rolls")]


def test_the_referee_table_with_a_field_of_its_own():
    assert problems_of("referee", {"rolls": [abe("2-12")], "color": 1}) == [
        ("referee.color", "unknown field (expected authored, name, note, rolls, source, title)")
    ]


@pytest.mark.parametrize("rolls", [None, {"2-12": "Abe"}, "2-12"], ids=["none", "map", "text"])
def test_the_referee_rolls_that_are_no_list(rolls):
    assert problems_of("referee", {"rolls": rolls}) == [
        ("referee.rolls", "must be a list of rows, each with its roll")
    ]


def test_a_referee_row_that_is_no_mapping():
    assert problems_of("referee", referee(abe("2-11"), "Sam")) == [
        ("referee.rolls[1]", "must be a mapping with its roll"),
        ("referee.rolls", "rolls 12 are not covered (need 2-12 once each)"),
    ]


@pytest.mark.parametrize("roll", [1, 13, "1-3", "11-13", "4-3", None, True, "seven", 7.0])
def test_a_referee_row_whose_roll_is_off_the_dice(roll):
    rows = referee(abe("2-6"), abe(roll), abe("7-12"))
    assert problems_of("referee", rows) == [
        (
            "referee.rolls[1].roll",
            f"must be a roll from 2 to 12 (or a range like 2-4), got {roll!r}",
        )
    ]


def test_referee_rows_that_cover_a_roll_twice():
    rows = referee(abe("2-7"), abe(7), abe("8-12"))
    assert problems_of("referee", rows) == [
        ("referee.rolls", "roll 7 is covered 2 times (referee.rolls[0], referee.rolls[1])")
    ]


def test_a_referee_row_with_a_field_of_its_own():
    assert problems_of("referee", referee(abe("2-12", bribe=5))) == [
        ("referee.rolls[0].bribe", "unknown field (expected roll, name, pin_modifier)")
    ]


@pytest.mark.parametrize("name", [None, "", "   ", 7], ids=["none", "empty", "blank", "number"])
def test_a_referee_without_a_name(name):
    assert problems_of("referee", referee({"roll": "2-12", "name": name})) == [
        ("referee.rolls[0].name", "required: the referee's name")
    ]


@pytest.mark.parametrize("modifier", [-4, 4, True, "1", 1.0])
def test_a_referee_modifier_off_its_range(modifier):
    assert problems_of("referee", referee(abe("2-12", pin_modifier=modifier))) == [
        (
            "referee.rolls[0].pin_modifier",
            f"must be a whole number from -3 to 3, got {modifier!r}",
        )
    ]


def test_a_referee_table_of_our_own_reads_by_the_total():
    rows = referee(
        {"roll": 2, "name": " Slow ", "pin_modifier": -3},
        {"roll": "3-11", "name": "Fair"},
        {"roll": " 12 ", "name": "Fast", "pin_modifier": 3},
    )
    table = built("referee", rows).referee
    assert [(r.name, r.pin_modifier) for r in table] == [
        ("Slow", -3),
        *[("Fair", 0)] * 9,
        ("Fast", 3),
    ]


# --- the Advanced Tag-Team Chart ---------------------------------------------------------------


def test_an_advanced_tag_chart_that_is_no_mapping():
    assert problems_of("advanced_tag_chart", []) == [
        ("advanced_tag_chart", "must be a mapping with key and columns")
    ]


def test_an_advanced_tag_chart_with_a_field_of_its_own():
    chart = default("advanced_tag_chart")
    chart["rows"] = []
    assert problems_of("advanced_tag_chart", chart) == [
        (
            "advanced_tag_chart.rows",
            "unknown field (expected authored, columns, key, name, note, source, title)",
        )
    ]


def test_an_advanced_tag_chart_without_its_key():
    chart = default("advanced_tag_chart")
    del chart["key"]
    assert problems_of("advanced_tag_chart", chart) == [
        ("advanced_tag_chart.key", "required: the letters for two_man and three_man teams")
    ]


@pytest.mark.parametrize("size", ["two_man", "three_man"])
def test_an_advanced_tag_chart_without_a_team_size(size):
    chart = default("advanced_tag_chart")
    chart["key"][size] = ["A", "B"]
    assert problems_of("advanced_tag_chart", chart) == [
        (f"advanced_tag_chart.key.{size}", "required: letters A to E")
    ]


def test_an_advanced_tag_chart_key_without_a_letter():
    chart = default("advanced_tag_chart")
    chart["key"]["three_man"]["C"] = "3 vs. 1"
    assert problems_of("advanced_tag_chart", chart) == [
        ("advanced_tag_chart.key.three_man.C", "missing")
    ]


def test_an_advanced_tag_chart_key_with_a_letter_too_many():
    chart = default("advanced_tag_chart")
    chart["key"]["two_man"]["F"] = {"in_ring": 2, "rounds": 1, "text": "more"}
    assert problems_of("advanced_tag_chart", chart) == [
        ("advanced_tag_chart.key.two_man.F", "unknown letter (A to E)")
    ]


def test_an_advanced_tag_chart_letter_with_a_field_of_its_own():
    chart = default("advanced_tag_chart")
    chart["key"]["two_man"]["B"]["weapon"] = "chair"
    assert problems_of("advanced_tag_chart", chart) == [
        (
            "advanced_tag_chart.key.two_man.B.weapon",
            "unknown field (expected in_ring, rounds, injury, text)",
        )
    ]


@pytest.mark.parametrize("text", [None, "", "  ", 3], ids=["none", "empty", "blank", "number"])
def test_an_advanced_tag_chart_letter_without_its_words(text):
    chart = default("advanced_tag_chart")
    chart["key"]["two_man"]["D"]["text"] = text
    assert problems_of("advanced_tag_chart", chart) == [
        ("advanced_tag_chart.key.two_man.D.text", "required: what the letter means")
    ]


def test_an_advanced_tag_chart_letter_naming_a_word_the_play_by_play_lacks():
    chart = default("advanced_tag_chart")
    chart["key"]["three_man"]["A"]["text"] = "all six {women} in the ring"
    assert problems_of("advanced_tag_chart", chart) == [
        (
            "advanced_tag_chart.key.three_man.A.text",
            "unknown word {women} (a chart's text may use {man}, {men}, {Man}, {Men}, {MAN}, "
            "{MEN}; write {{ and }} for a brace)",
        )
    ]


@pytest.mark.parametrize(
    ("size", "in_ring", "top"),
    [
        ("two_man", 3, 2),
        ("two_man", 1, 2),
        ("three_man", 4, 3),
        ("three_man", 1, 3),
        ("three_man", True, 3),
        ("three_man", "2", 3),
        ("two_man", None, 2),
        ("two_man", "All", 2),
    ],
)
def test_an_advanced_tag_chart_letter_with_men_in_the_ring_off_the_range(size, in_ring, top):
    chart = default("advanced_tag_chart")
    chart["key"][size]["B"]["in_ring"] = in_ring
    assert problems_of("advanced_tag_chart", chart) == [
        (
            f"advanced_tag_chart.key.{size}.B.in_ring",
            f"must be all or 2 to {top} (men of the attacking team)",
        )
    ]


@pytest.mark.parametrize("rounds", [0, 11, None, True])
def test_an_advanced_tag_chart_letter_with_rounds_off_the_range(rounds):
    chart = default("advanced_tag_chart")
    chart["key"]["three_man"]["D"]["rounds"] = rounds
    assert problems_of("advanced_tag_chart", chart) == [
        (
            "advanced_tag_chart.key.three_man.D.rounds",
            f"must be a whole number from 1 to 10, got {rounds!r}",
        )
    ]


def test_an_advanced_tag_chart_without_its_columns():
    chart = default("advanced_tag_chart")
    chart["columns"] = [["A"] * 11]
    assert problems_of("advanced_tag_chart", chart) == [
        ("advanced_tag_chart.columns", "required: a column for each Off TTR/Def TTR pair")
    ]


@pytest.mark.parametrize("name", ["4/1", "1/0", "2-2", "22", "1/2/3"])
def test_an_advanced_tag_chart_column_misnamed(name):
    chart = default("advanced_tag_chart")
    chart["columns"][name] = ["A"] * 11
    assert problems_of("advanced_tag_chart", chart) == [
        (f"advanced_tag_chart.columns.{name}", "a column is named 'Off TTR/Def TTR', each 1 to 3")
    ]


@pytest.mark.parametrize("letters", [None, ["A"] * 10, ["A"] * 12], ids=["none", "ten", "twelve"])
def test_an_advanced_tag_chart_column_without_eleven_letters(letters):
    chart = default("advanced_tag_chart")
    chart["columns"]["3/1"] = letters
    assert problems_of("advanced_tag_chart", chart) == [
        ("advanced_tag_chart.columns.3/1", "must list eleven letters, for the totals 2 to 12"),
        ("advanced_tag_chart.columns", "the column 3/1 is missing"),
    ]


def test_an_advanced_tag_chart_column_with_letters_off_the_key():
    chart = default("advanced_tag_chart")
    chart["columns"]["1/2"] = ["A", "a", "B", "B", "B", "C", "C", "C", "D", "F", "E"]
    assert problems_of("advanced_tag_chart", chart) == [
        ("advanced_tag_chart.columns.1/2[1]", "must be a letter A to E, got 'a'"),
        ("advanced_tag_chart.columns.1/2[9]", "must be a letter A to E, got 'F'"),
    ]


def test_an_advanced_tag_chart_missing_every_column_says_each():
    chart = default("advanced_tag_chart")
    chart["columns"] = {"2/2": chart["columns"]["2/2"]}
    missing = ["1/1", "1/2", "1/3", "2/1", "2/3", "3/1", "3/2", "3/3"]
    assert problems_of("advanced_tag_chart", chart) == [
        ("advanced_tag_chart.columns", f"the column {name} is missing") for name in missing
    ]


def test_an_advanced_tag_chart_of_our_own_reads_each_column_by_its_two_ratings():
    """Each of the nine columns a letter of its own at a total, so that reading the ratings the
    other way round, or the team's size wrong, reads another outcome."""
    chart = default("advanced_tag_chart")
    chart["key"]["two_man"]["A"] = {"in_ring": "all", "rounds": 10, "text": "all {men} in"}
    chart["key"]["three_man"]["E"] = {"injury": True, "text": " Hurt "}
    chart["key"]["three_man"]["B"] = {"in_ring": 3, "rounds": 4, "text": "three on one"}
    columns = {}
    for off in (1, 2, 3):
        for defending in (1, 2, 3):
            letter = "ABCDE"[(off * 2 + defending) % 5]
            columns[f" {off} / {defending} "] = ["A"] * 5 + [letter] + ["E"] * 5
    chart["columns"] = columns
    tag = built("advanced_tag_chart", chart).advanced_tag_chart
    read = {(o, d): tag.outcome(2, o, d, 7).letter for o in (1, 2, 3) for d in (1, 2, 3)}
    assert read == {
        (1, 1): "D",
        (1, 2): "E",
        (1, 3): "A",
        (2, 1): "A",
        (2, 2): "B",
        (2, 3): "C",
        (3, 1): "C",
        (3, 2): "D",
        (3, 3): "E",
    }
    assert tag.outcome(2, 3, 3, 2).letter == "A" and tag.outcome(2, 3, 3, 12).letter == "E"
    two = tag.outcome(2, 1, 1, 2)
    assert (two.in_ring, two.rounds, two.injury, two.text) == ("all", 10, False, "all {men} in")
    three = tag.outcome(3, 1, 1, 12)
    assert (three.in_ring, three.rounds, three.injury, three.text) == (0, 0, True, "Hurt")
    assert tag.outcome(4, 2, 2, 7) == tag.outcome(3, 2, 2, 7)
    b_three = tag.outcome(3, 2, 2, 7)
    assert (b_three.in_ring, b_three.rounds, b_three.text) == (3, 4, "three on one")
    b_two = tag.outcome(2, 2, 2, 7)
    assert (b_two.in_ring, b_two.rounds) == (2, 1)


# --- the Tag Team Injury Chart -----------------------------------------------------------------


def hurt(roll: Any, **more: Any) -> dict:
    return {"roll": roll, "who": "both", "rounds": 2, "text": "Both hurt", **more}


def injuries(*rows: dict) -> dict:
    return {"rolls": list(rows)}


def test_a_tag_injury_chart_that_is_no_mapping():
    assert problems_of("tag_injury_chart", [hurt(1)]) == [
        ("tag_injury_chart", "must be a mapping with rolls")
    ]


def test_a_tag_injury_chart_with_a_field_of_its_own():
    chart = default("tag_injury_chart")
    chart["dice"] = 2
    assert problems_of("tag_injury_chart", chart) == [
        (
            "tag_injury_chart.dice",
            "unknown field (expected authored, name, note, rolls, source, title)",
        )
    ]


@pytest.mark.parametrize("roll", [0, 7, "0-2", "5-7", 12])
def test_a_tag_injury_row_off_the_die(roll):
    chart = injuries(hurt("1-3"), hurt(roll), hurt("4-6"))
    assert problems_of("tag_injury_chart", chart) == [
        (
            "tag_injury_chart.rolls[1].roll",
            f"must be a roll from 1 to 6 (or a range like 1-3), got {roll!r}",
        )
    ]


def test_a_tag_injury_chart_missing_faces():
    chart = injuries(hurt(1), hurt("3-4"))
    assert problems_of("tag_injury_chart", chart) == [
        ("tag_injury_chart.rolls", "die faces [2, 5, 6] are not covered (need 1-6 once each)")
    ]


def test_a_tag_injury_chart_covering_faces_twice():
    chart = injuries(hurt("1-6"), hurt(2), hurt("2-3"))
    assert problems_of("tag_injury_chart", chart) == [
        ("tag_injury_chart.rolls", "face 2 is covered 3 times"),
        ("tag_injury_chart.rolls", "face 3 is covered 2 times"),
    ]


def test_a_tag_injury_row_with_a_field_of_its_own():
    assert problems_of("tag_injury_chart", injuries(hurt("1-6", shows=2))) == [
        (
            "tag_injury_chart.rolls[0].shows",
            "unknown field (expected roll, who, rounds, fight_cards, text)",
        )
    ]


@pytest.mark.parametrize("who", ["referee", None, "MAN_IN"])
def test_a_tag_injury_row_hurting_no_one_the_chart_knows(who):
    assert problems_of("tag_injury_chart", injuries(hurt("1-6", who=who))) == [
        ("tag_injury_chart.rolls[0].who", f"must be man_in, man_out or both, got {who!r}")
    ]


@pytest.mark.parametrize("text", [None, "", "  "], ids=["none", "empty", "blank"])
def test_a_tag_injury_row_without_its_words(text):
    assert problems_of("tag_injury_chart", injuries(hurt("1-6", text=text))) == [
        ("tag_injury_chart.rolls[0].text", "required: the injury, for the play-by-play")
    ]


def test_a_tag_injury_row_with_a_lone_brace():
    problems = problems_of("tag_injury_chart", injuries(hurt("1-6", text="Injury to {MAN")))
    assert [path for path, _ in problems] == ["tag_injury_chart.rolls[0].text"]
    assert problems[0][1].endswith(
        "(a field is one of man, men, Man, Men, MAN, MEN; write {{ and }} for a brace)"
    )


@pytest.mark.parametrize(
    ("field", "value", "low", "high"),
    [
        ("rounds", 0, 1, 60),
        ("rounds", 61, 1, 60),
        ("rounds", None, 1, 60),
        ("fight_cards", 0, 1, 52),
        ("fight_cards", 53, 1, 52),
        ("fight_cards", False, 1, 52),
    ],
)
def test_a_tag_injury_row_with_a_figure_off_its_range(field, value, low, high):
    assert problems_of("tag_injury_chart", injuries(hurt("1-6", **{field: value}))) == [
        (
            f"tag_injury_chart.rolls[0].{field}",
            f"must be a whole number from {low} to {high}, got {value!r}",
        )
    ]


def test_a_tag_injury_chart_of_our_own_reads_by_the_face():
    chart = injuries(
        {"roll": 1, "who": "man_in", "rounds": 1, "text": " In {MAN} "},
        {"roll": "2-5", "who": "man_out", "rounds": 60, "fight_cards": 52, "text": "Out"},
        {"roll": 6, "who": "both", "rounds": 30, "fight_cards": 1, "text": "Both"},
    )
    rows = built("tag_injury_chart", chart).tag_injury_chart
    assert [(r.who, r.rounds, r.fight_cards, r.text) for r in rows] == [
        ("man_in", 1, 1, "In {MAN}"),
        *[("man_out", 60, 52, "Out")] * 4,
        ("both", 30, 1, "Both"),
    ]


# --- the grudge charts -------------------------------------------------------------------------


def move(roll: Any, **more: Any) -> dict:
    return {"roll": roll, "name": "CHAIR", **more}


def grudge(*rows: dict) -> dict:
    return {"rolls": list(rows)}


GRUDGE_FIELDS = (
    "roll, name, points, pin, pin_bonus, ref_out, blind, oc_penalty, specialty, wins_on_pin, source"
)


@pytest.mark.parametrize("chart", ["texas_death", "steel_cage"])
def test_a_grudge_chart_that_is_no_mapping(chart):
    assert problems_of(chart, [move("2-12")]) == [(chart, "must be a mapping with rolls")]


def test_a_grudge_chart_with_a_field_of_its_own():
    assert problems_of("steel_cage", {"rolls": [move("2-12")], "cage": "steel"}) == [
        ("steel_cage.cage", "unknown field (expected authored, name, note, rolls, source, title)")
    ]


def test_a_grudge_row_with_a_field_of_its_own():
    assert problems_of("texas_death", grudge(move("2-12", blood=True))) == [
        ("texas_death.rolls[0].blood", f"unknown field (expected {GRUDGE_FIELDS})")
    ]


@pytest.mark.parametrize("name", [None, "", " ", 9], ids=["none", "empty", "blank", "number"])
def test_a_grudge_row_without_its_move(name):
    assert problems_of("texas_death", grudge({"roll": "2-12", "name": name})) == [
        ("texas_death.rolls[0].name", "required: the move, for the play-by-play")
    ]


@pytest.mark.parametrize("flag", ["pin", "specialty", "wins_on_pin"])
def test_a_grudge_row_whose_flag_is_no_truth_value(flag):
    assert problems_of("steel_cage", grudge(move("2-12", **{flag: "yes"}))) == [
        (f"steel_cage.rolls[0].{flag}", "must be true or false, got 'yes'")
    ]


def test_a_grudge_row_that_wins_on_a_pin_it_never_sees():
    assert problems_of("steel_cage", grudge(move("2-12", wins_on_pin=True))) == [
        ("steel_cage.rolls[0].wins_on_pin", "only a move that sees a pin can win on it")
    ]


def test_a_grudge_row_adding_to_a_pin_it_never_sees():
    assert problems_of("steel_cage", grudge(move("2-12", pin_bonus=1))) == [
        ("steel_cage.rolls[0].pin_bonus", "only a move that sees a pin adds to the roll")
    ]


@pytest.mark.parametrize(
    ("field", "value", "high"),
    [
        ("points", -1, 99),
        ("points", 100, 99),
        ("pin_bonus", 4, 3),
        ("pin_bonus", -1, 3),
        ("ref_out", 21, 20),
        ("ref_out", -1, 20),
        ("blind", 21, 20),
        ("blind", "2", 20),
        ("oc_penalty", 100, 99),
        ("oc_penalty", -1, 99),
    ],
)
def test_a_grudge_row_with_a_figure_off_its_range(field, value, high):
    row = move("2-12", pin=True, **{field: value})
    assert problems_of("texas_death", grudge(row)) == [
        (f"texas_death.rolls[0].{field}", f"must be a whole number from 0 to {high}, got {value!r}")
    ]


def test_a_grudge_chart_of_our_own_reads_by_the_total():
    """Every figure at the top of its range, every flag set, the source kept; a row left at its
    defaults reads nought and false throughout."""
    chart = grudge(
        {
            "roll": "2-7",
            "name": " SPIKE ",
            "points": 99,
            "pin": True,
            "pin_bonus": 3,
            "ref_out": 20,
            "blind": 20,
            "oc_penalty": 99,
            "specialty": True,
            "wins_on_pin": True,
            "source": "ours",
        },
        {"roll": "8-12", "name": "STARE"},
    )
    moves = built("steel_cage", chart).grudge["steel_cage"]
    spike, stare = moves[0], moves[-1]
    assert moves[:6] == (spike,) * 6 and moves[6:] == (stare,) * 5
    assert (spike.name, spike.points, spike.pin, spike.pin_bonus) == ("SPIKE", 99, True, 3)
    assert (spike.ref_out, spike.blind, spike.oc_penalty) == (20, 20, 99)
    assert (spike.specialty, spike.wins_on_pin, spike.source) == (True, True, "ours")
    assert (stare.name, stare.points, stare.pin, stare.pin_bonus) == ("STARE", 0, False, 0)
    assert (stare.ref_out, stare.blind, stare.oc_penalty) == (0, 0, 0)
    assert (stare.specialty, stare.wins_on_pin, stare.source) == (False, False, "")


# --- the charts together -----------------------------------------------------------------------


def test_every_chart_wrong_at_once_is_listed_chart_by_chart():
    sources = default_sources()
    sources["pin_chart"] = {}
    sources["referee"] = {}
    sources["advanced_tag_chart"] = {}
    sources["tag_injury_chart"] = {}
    sources["texas_death"] = {}
    sources["steel_cage"] = []
    with pytest.raises(TableError) as caught:
        build_tables(sources, overridden=set(sources))
    assert caught.value.problems == [
        ("pin_chart.columns", "required: a list of point ranges with their rolls"),
        ("referee.rolls", "must be a list of rows, each with its roll"),
        ("advanced_tag_chart.key", "required: the letters for two_man and three_man teams"),
        ("advanced_tag_chart.columns", "required: a column for each Off TTR/Def TTR pair"),
        ("tag_injury_chart.rolls", "must be a list of rows, each with its roll"),
        ("texas_death.rolls", "must be a list of rows, each with its roll"),
        ("steel_cage", "must be a mapping with rolls"),
    ]


def test_the_charts_built_keep_their_titles_marks_and_sources():
    sources = default_sources()
    sources["referee"] = {"title": "Our Refs", "authored": True, "rolls": [abe("2-12")]}
    tables = build_tables(sources, overridden={"referee"})
    assert tables.titles["referee"] == "Our Refs"
    assert tables.titles["pin_chart"] == "PIN CHART"
    assert "referee" not in tables.authored and "advanced_tag_chart" in tables.authored
    assert tables.sources["referee"]["title"] == "Our Refs"
    assert set(tables.grudge) == {"texas_death", "steel_cage"}


def test_every_pin_chart_column_is_read_past_one_that_is_no_mapping():
    chart = pin_chart("0-10", {"points": "0-10", "rolls": ELEVEN[:3]}, {"points": "11+"})
    assert problems_of("pin_chart", chart) == [
        ("pin_chart.columns[0]", "must be a mapping {points, rolls}"),
        ("pin_chart.columns[1].rolls", "must list eleven results, for the totals 2 to 12"),
        ("pin_chart.columns[2].rolls", "must list eleven results, for the totals 2 to 12"),
    ]


def test_every_letter_of_the_key_is_read_past_one_that_is_missing():
    chart = default("advanced_tag_chart")
    del chart["key"]["two_man"]["A"]
    chart["key"]["two_man"]["C"]["rounds"] = 11
    assert problems_of("advanced_tag_chart", chart) == [
        ("advanced_tag_chart.key.two_man.A", "missing"),
        ("advanced_tag_chart.key.two_man.C.rounds", "must be a whole number from 1 to 10, got 11"),
    ]
