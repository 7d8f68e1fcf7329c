"""Every refusal of a Superstar chart override, each alone, by its path and its exact message
(test_superstar_tables.py checks a few by a fragment): a federation typing in the printed chart
is told exactly what is wrong, and where. Each case changes one thing in the packaged chart."""

from __future__ import annotations

import copy

import pytest

from rules.core.errors import TableError
from rules.superstar import system as superstar
from rules.superstar.tables import default_sources


def _set(path, value):
    """A change setting ``data[path...] = value`` (path: keys and indexes)."""

    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _drop(path):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


TAG_FIELDS = "unknown field (expected in_ring, rounds, injury, text)"
GRUDGE_FIELDS = (
    "unknown field (expected roll, name, points, pin, pin_bonus, ref_out, blind, oc_penalty, "
    "specialty, wins_on_pin, source)"
)

CASES = [
    # ---------------------------------------------------------------- the PIN CHART
    (
        "pin_chart",
        lambda c: "not a mapping",
        "pin_chart",
        "must be a mapping with columns (see the default YAML)",
    ),
    (
        "pin_chart",
        _set(("colour",), "red"),
        "pin_chart.colour",
        "unknown field (expected authored, columns, name, note, source, title)",
    ),
    (
        "pin_chart",
        _drop(("columns",)),
        "pin_chart.columns",
        "required: a list of point ranges with their rolls",
    ),
    ("pin_chart", _set(("columns",), []), "pin_chart.columns", None),
    (
        "pin_chart",
        _set(("columns", 0), "0-10"),
        "pin_chart.columns[0]",
        "must be a mapping {points, rolls}",
    ),
    (
        "pin_chart",
        _set(("columns", 0, "colour"), "red"),
        "pin_chart.columns[0].colour",
        "unknown field (expected points, rolls)",
    ),
    (
        "pin_chart",
        _set(("columns", 0, "points"), "low"),
        "pin_chart.columns[0].points",
        "must be a range like 11-20 (the last like 141+), got 'low'",
    ),
    (
        "pin_chart",
        _set(("columns", 1, "points"), "11+"),
        "pin_chart.columns[1].points",
        "only the last range is open-ended",
    ),
    (
        "pin_chart",
        _set(("columns", 1, "points"), "11-9"),
        "pin_chart.columns[1].points",
        "runs from 11 down to 9",
    ),
    (
        "pin_chart",
        _set(("columns", 1, "points"), "10-20"),
        "pin_chart.columns[1].points",
        "must start at 11 (the ranges run on without gaps)",
    ),
    (
        "pin_chart",
        _set(("columns", 14, "points"), "141-150"),
        "pin_chart.columns[14].points",
        "the last range is open-ended, like 141+",
    ),
    (
        "pin_chart",
        _set(("columns", 2, "rolls"), [2] * 10),
        "pin_chart.columns[2].rolls",
        "must list eleven results, for the totals 2 to 12",
    ),
    (
        "pin_chart",
        _set(("columns", 2, "rolls", 4), 100),
        "pin_chart.columns[2].rolls[4]",
        "must be PIN or points from 0 to 99, got 100",
    ),
    (
        "pin_chart",
        _set(("columns", 2, "rolls", 4), True),
        "pin_chart.columns[2].rolls[4]",
        "must be PIN or points from 0 to 99, got True",
    ),
    # ---------------------------------------------------------------- the referee
    ("referee", lambda c: ["a list"], "referee", "must be a mapping with rolls"),
    (
        "referee",
        _set(("rolls",), "2-12"),
        "referee.rolls",
        "must be a list of rows, each with its roll",
    ),
    ("referee", _set(("rolls", 0), "Abe"), "referee.rolls[0]", "must be a mapping with its roll"),
    (
        "referee",
        _set(("rolls", 0, "roll"), 13),
        "referee.rolls[0].roll",
        "must be a roll from 2 to 12 (or a range like 2-4), got 13",
    ),
    (
        "referee",
        _set(("rolls", 0, "roll"), "1-2"),
        "referee.rolls[0].roll",
        "must be a roll from 2 to 12 (or a range like 2-4), got '1-2'",
    ),
    (
        "referee",
        _set(("rolls", 0, "colour"), "red"),
        "referee.rolls[0].colour",
        "unknown field (expected roll, name, pin_modifier)",
    ),
    (
        "referee",
        _set(("rolls", 0, "name"), " "),
        "referee.rolls[0].name",
        "required: the referee's name",
    ),
    (
        "referee",
        _set(("rolls", 1, "pin_modifier"), -4),
        "referee.rolls[1].pin_modifier",
        "must be a whole number from -3 to 3, got -4",
    ),
    (
        "referee",
        _set(("rolls", 1, "roll"), 2),
        "referee.rolls",
        "roll 2 is covered 2 times (referee.rolls[0], referee.rolls[1])",
    ),
    # ---------------------------------------------------------------- the Advanced Tag-Team Chart
    (
        "advanced_tag_chart",
        lambda c: 7,
        "advanced_tag_chart",
        "must be a mapping with key and columns",
    ),
    (
        "advanced_tag_chart",
        _drop(("key",)),
        "advanced_tag_chart.key",
        "required: the letters for two_man and three_man teams",
    ),
    (
        "advanced_tag_chart",
        _drop(("key", "three_man")),
        "advanced_tag_chart.key.three_man",
        "required: letters A to E",
    ),
    (
        "advanced_tag_chart",
        _drop(("key", "two_man", "C")),
        "advanced_tag_chart.key.two_man.C",
        "missing",
    ),
    (
        "advanced_tag_chart",
        _set(("key", "two_man", "F"), {"in_ring": 2, "rounds": 1, "text": "F"}),
        "advanced_tag_chart.key.two_man.F",
        "unknown letter (A to E)",
    ),
    (
        "advanced_tag_chart",
        _set(("key", "two_man", "B", "colour"), "red"),
        "advanced_tag_chart.key.two_man.B.colour",
        TAG_FIELDS,
    ),
    (
        "advanced_tag_chart",
        _set(("key", "two_man", "B", "text"), ""),
        "advanced_tag_chart.key.two_man.B.text",
        "required: what the letter means",
    ),
    (
        "advanced_tag_chart",
        _set(("key", "three_man", "C", "in_ring"), 4),
        "advanced_tag_chart.key.three_man.C.in_ring",
        "must be all or 2 to 3 (men of the attacking team)",
    ),
    (
        "advanced_tag_chart",
        _set(("key", "three_man", "C", "in_ring"), 1),
        "advanced_tag_chart.key.three_man.C.in_ring",
        "must be all or 2 to 3 (men of the attacking team)",
    ),
    (
        "advanced_tag_chart",
        _set(("key", "two_man", "D", "rounds"), 11),
        "advanced_tag_chart.key.two_man.D.rounds",
        "must be a whole number from 1 to 10, got 11",
    ),
    (
        "advanced_tag_chart",
        _set(("key", "two_man", "D", "rounds"), 0),
        "advanced_tag_chart.key.two_man.D.rounds",
        "must be a whole number from 1 to 10, got 0",
    ),
    (
        "advanced_tag_chart",
        _drop(("columns",)),
        "advanced_tag_chart.columns",
        "required: a column for each Off TTR/Def TTR pair",
    ),
    (
        "advanced_tag_chart",
        _set(("columns", "4/1"), ["A"] * 11),
        "advanced_tag_chart.columns.4/1",
        "a column is named 'Off TTR/Def TTR', each 1 to 3",
    ),
    (
        "advanced_tag_chart",
        _set(("columns", "2/2"), ["A"] * 12),
        "advanced_tag_chart.columns.2/2",
        "must list eleven letters, for the totals 2 to 12",
    ),
    (
        "advanced_tag_chart",
        _set(("columns", "2/2", 10), "X"),
        "advanced_tag_chart.columns.2/2[10]",
        "must be a letter A to E, got 'X'",
    ),
    (
        "advanced_tag_chart",
        _drop(("columns", "3/1")),
        "advanced_tag_chart.columns",
        "the column 3/1 is missing",
    ),
    (
        "advanced_tag_chart",
        _drop(("columns", "2/3")),
        "advanced_tag_chart.columns",
        "the column 2/3 is missing",
    ),
    (
        "advanced_tag_chart",
        _set(("key", "two_man", "B", "in_ring"), "two"),
        "advanced_tag_chart.key.two_man.B.in_ring",
        "must be all or 2 to 2 (men of the attacking team)",
    ),
    # ---------------------------------------------------------------- the Tag Team Injury Chart
    ("tag_injury_chart", lambda c: 6, "tag_injury_chart", "must be a mapping with rolls"),
    (
        "tag_injury_chart",
        lambda c: {"rolls": c["rolls"][:5]},
        "tag_injury_chart.rolls",
        "die faces [6] are not covered (need 1-6 once each)",
    ),
    (
        "tag_injury_chart",
        _set(("rolls", 0, "roll"), 7),
        "tag_injury_chart.rolls[0].roll",
        "must be a roll from 1 to 6 (or a range like 1-3), got 7",
    ),
    (
        "tag_injury_chart",
        _set(("rolls", 1, "roll"), 1),
        "tag_injury_chart.rolls",
        "face 1 is covered 2 times",
    ),
    (
        "tag_injury_chart",
        _set(("rolls", 0, "colour"), "red"),
        "tag_injury_chart.rolls[0].colour",
        "unknown field (expected roll, who, rounds, fight_cards, text)",
    ),
    (
        "tag_injury_chart",
        _set(("rolls", 0, "text"), ""),
        "tag_injury_chart.rolls[0].text",
        "required: the injury, for the play-by-play",
    ),
    (
        "tag_injury_chart",
        _set(("rolls", 0, "rounds"), 61),
        "tag_injury_chart.rolls[0].rounds",
        "must be a whole number from 1 to 60, got 61",
    ),
    (
        "tag_injury_chart",
        _set(("rolls", 0, "fight_cards"), 53),
        "tag_injury_chart.rolls[0].fight_cards",
        "must be a whole number from 1 to 52, got 53",
    ),
    (
        "tag_injury_chart",
        _set(("rolls", 0, "fight_cards"), 0),
        "tag_injury_chart.rolls[0].fight_cards",
        "must be a whole number from 1 to 52, got 0",
    ),
    # ---------------------------------------------------------------- the grudge charts
    ("texas_death", lambda c: "rows", "texas_death", "must be a mapping with rolls"),
    (
        "texas_death",
        _set(("rolls", 0, "colour"), "red"),
        "texas_death.rolls[0].colour",
        GRUDGE_FIELDS,
    ),
    (
        "texas_death",
        _set(("rolls", 0, "name"), None),
        "texas_death.rolls[0].name",
        "required: the move, for the play-by-play",
    ),
    (
        "texas_death",
        _set(("rolls", 0, "pin"), "yes"),
        "texas_death.rolls[0].pin",
        "must be true or false, got 'yes'",
    ),
    (
        "steel_cage",
        _set(("rolls", 6, "wins_on_pin"), True),
        "steel_cage.rolls[6].wins_on_pin",
        "only a move that sees a pin can win on it",
    ),
    (
        "steel_cage",
        _set(("rolls", 0, "pin_bonus"), 4),
        "steel_cage.rolls[0].pin_bonus",
        "must be a whole number from 0 to 3, got 4",
    ),
    (
        "steel_cage",
        _set(("rolls", 9, "ref_out"), 21),
        "steel_cage.rolls[9].ref_out",
        "must be a whole number from 0 to 20, got 21",
    ),
    (
        "steel_cage",
        _set(("rolls", 6, "blind"), 21),
        "steel_cage.rolls[6].blind",
        "must be a whole number from 0 to 20, got 21",
    ),
    (
        "steel_cage",
        _set(("rolls", 4, "oc_penalty"), 100),
        "steel_cage.rolls[4].oc_penalty",
        "must be a whole number from 0 to 99, got 100",
    ),
    (
        "steel_cage",
        _set(("rolls", 4, "points"), 100),
        "steel_cage.rolls[4].points",
        "must be a whole number from 0 to 99, got 100",
    ),
]


@pytest.mark.parametrize(("name", "change", "path", "message"), CASES)
def test_each_refusal_names_its_path_and_says_what_is_wrong(name, change, path, message):
    chart = copy.deepcopy(default_sources()[name])
    replaced = change(chart)  # a change that returns a value replaces the chart whole
    if replaced is not None:
        chart = replaced
    with pytest.raises(TableError) as caught:
        superstar.load_tables({name: chart})
    problems = caught.value.problems
    if message is None:
        assert any(p == path for p, _ in problems), problems
    else:
        assert (path, message) in problems, problems


@pytest.mark.parametrize(
    ("value", "accepted"),
    [(-3, True), (3, True), (-4, False), (4, False), (True, False), ("1", False)],
)
def test_a_referees_modifier_is_a_whole_number_from_minus_3_to_3(value, accepted):
    chart = copy.deepcopy(default_sources()["referee"])
    chart["rolls"][1]["pin_modifier"] = value
    if accepted:
        tables = superstar.load_tables({"referee": chart})
        assert tables.referee[3 - 2].pin_modifier == value
    else:
        with pytest.raises(TableError):
            superstar.load_tables({"referee": chart})


def test_a_pin_chart_typed_in_whole_is_read_as_written():
    """A federation's own chart: three columns (0-20, 21-60, 61+); a column's points and PIN."""
    chart = {
        "columns": [
            {"points": "0-20", "rolls": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, "PIN"]},
            {"points": "21-60", "rolls": [11, 12, 13, 14, 15, 16, 17, 18, 19, "PIN", "pin"]},
            {"points": "61+", "rolls": [0] + ["PIN"] * 10},
        ]
    }
    pin_chart = superstar.load_tables({"pin_chart": chart}).pin_chart
    assert pin_chart.lows == (0, 21, 61) and pin_chart.labels == ("0-20", "21-60", "61+")
    assert [pin_chart.column(p) for p in (-1, 0, 20, 21, 60, 61, 500)] == [0, 0, 0, 1, 1, 2, 2]
    assert pin_chart.columns[1][:3] == (11, 12, 13) and pin_chart.columns[0][0] == 1
    assert pin_chart.columns[1][9:] == (-1, -1) and pin_chart.columns[2][0] == 0


def test_the_edges_a_chart_may_take_are_accepted():
    """A one-point PIN CHART column (21-21) and a roll of 99 points; a referee row without a
    modifier (0); an injury of 1 round, its fight cards not given (1); a grudge row giving only
    its name (no points, nothing else)."""
    pin_chart = {
        "columns": [
            {"points": "0-20", "rolls": [99] * 10 + ["PIN"]},
            {"points": "21-21", "rolls": [0] * 10 + ["PIN"]},
            {"points": "22+", "rolls": ["PIN"] * 11},
        ]
    }
    referee = copy.deepcopy(default_sources()["referee"])
    del referee["rolls"][1]["pin_modifier"]
    injuries = copy.deepcopy(default_sources()["tag_injury_chart"])
    injuries["rolls"][0]["rounds"] = 1
    del injuries["rolls"][0]["fight_cards"]
    texas = copy.deepcopy(default_sources()["texas_death"])
    texas["rolls"][5] = {"roll": 7, "name": "STARE DOWN"}
    tables = superstar.load_tables(
        {
            "pin_chart": pin_chart,
            "referee": referee,
            "tag_injury_chart": injuries,
            "texas_death": texas,
        }
    )
    assert [tables.pin_chart.column(p) for p in (20, 21, 22)] == [0, 1, 2]
    assert tables.pin_chart.columns[0][0] == 99
    assert tables.referee[3 - 2].pin_modifier == 0
    assert (tables.tag_injury_chart[0].rounds, tables.tag_injury_chart[0].fight_cards) == (1, 1)
    row = tables.grudge["texas_death"][7 - 2]
    assert row.name == "STARE DOWN"
    assert (row.points, row.pin, row.pin_bonus, row.ref_out, row.blind, row.oc_penalty) == (
        0,
        False,
        0,
        0,
        0,
        0,
    )
    assert (row.specialty, row.wins_on_pin, row.source) == (False, False, "")


# docs/rules/superstar.md, "Texas Death" and "Steel Cage": each roll's points and effect, as
# (points, see pin, add to the pin roll, referee out, blind, off the foe's next OC, specialty,
# a pin wins at once).
GRUDGE_ROWS = {
    "texas_death": {
        2: (15, True, 1, 0, 0, 0, False, False),
        3: (0, False, 0, 5, 0, 0, False, False),
        4: (20, True, 1, 0, 0, 0, False, False),
        5: (0, False, 0, 0, 2, 0, False, False),
        6: (12, True, 0, 0, 0, 0, False, False),
        7: (14, False, 0, 0, 0, 0, False, False),
        8: (15, False, 0, 0, 0, 5, False, False),
        9: (14, False, 0, 0, 0, 0, True, False),
        10: (15, False, 0, 0, 0, 0, False, False),
        11: (20, False, 0, 0, 0, 0, False, False),
        12: (10, False, 0, 0, 0, 0, False, False),
    },
    "steel_cage": {
        2: (15, True, 1, 0, 0, 0, False, False),
        3: (10, False, 0, 0, 0, 0, True, False),
        4: (20, True, 1, 0, 0, 0, False, False),
        5: (14, True, 0, 0, 0, 0, False, False),
        6: (15, False, 0, 0, 0, 5, False, False),
        7: (12, False, 0, 0, 0, 0, False, False),
        8: (0, False, 0, 0, 2, 0, False, False),
        9: (15, True, 1, 0, 0, 0, False, False),
        10: (0, False, 0, 4, 0, 0, False, False),
        11: (20, False, 0, 0, 0, 0, False, False),
        12: (10, True, 0, 0, 0, 0, False, True),
    },
}


@pytest.mark.parametrize("chart", sorted(GRUDGE_ROWS))
def test_every_grudge_row_has_the_effect_the_docs_give(chart):
    rows = superstar.load_tables().grudge[chart]
    got = {
        total: (
            r.points,
            r.pin,
            r.pin_bonus,
            r.ref_out,
            r.blind,
            r.oc_penalty,
            r.specialty,
            r.wins_on_pin,
        )
        for total, r in enumerate(rows, 2)
    }
    assert got == GRUDGE_ROWS[chart]
