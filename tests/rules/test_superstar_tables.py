"""The Superstar charts: the defaults' figures against their sources, validation with paths, and
a federation's override replacing a chart."""

from __future__ import annotations

import copy

import pytest

from rules.core.errors import TableError
from rules.superstar import system as superstar
from rules.superstar.tables import CHART_NAMES, PIN, default_sources


@pytest.fixture(scope="module")
def tables():
    return superstar.load_tables()


def test_the_pin_chart_pins_where_pws_says():
    """pws, data/globalConstants.py: PIN_GROUP_POINT_RANGES, per 10-point group the last roll
    (counted from 0 for a total of 2) that does not pin."""
    last_no_pin = (9, 9, 8, 8, 7, 7, 7, 7, 6, 6, 6, 6, 5, 5, 4)
    chart = superstar.load_tables().pin_chart
    assert len(chart.columns) == 15
    for column, last in zip(chart.columns, last_no_pin, strict=True):
        assert all(r != PIN for r in column[: last + 1]) and all(
            r == PIN for r in column[last + 1 :]
        )


def test_the_pin_chart_columns_follow_the_rulebooks_ranges(tables):
    chart = tables.pin_chart
    assert chart.labels[:3] == ("0-10", "11-20", "21-30") and chart.labels[-1] == "141+"
    assert [chart.column(p) for p in (0, 10, 11, 30, 31, 140, 141, 900)] == [
        0,
        0,
        1,
        2,
        3,
        13,
        14,
        14,
    ]
    assert chart.columns[0][7 - 2] == 3  # 0-10, a 7: 3 points


def test_the_referee_table_is_the_rulebooks(tables):
    names = [r.name for r in tables.referee]
    assert names[3 - 2] == '"Fast-Count" Frank' and tables.referee[3 - 2].pin_modifier == 1
    assert names[11 - 2] == '"Slow-Count" Sam' and tables.referee[11 - 2].pin_modifier == -1
    honest = [t for t in range(2, 13) if names[t - 2] == '"Honest" Abe']
    assert honest == [2, 4, 5, 6, 7, 8, 9, 10, 12]


def test_the_advanced_tag_chart_holds_the_rulebooks_example(tables):
    chart = tables.advanced_tag_chart
    # "MAN OUT Off TTR = 3, MAN OUT Def TTR = 2, dice roll = 9; resulting in the letter C"
    outcome = chart.outcome(2, 3, 2, 9)
    assert (outcome.letter, outcome.in_ring, outcome.rounds) == ("C", 2, 2)
    three = chart.outcome(3, 3, 2, 9)
    assert (three.letter, three.in_ring, three.rounds) == ("C", 3, 1)  # 3 vs. 1 : 1 Round
    for off in (1, 2, 3):
        for dfn in (1, 2, 3):
            assert chart.outcome(2, off, dfn, 12).injury  # an INJURY on 12 alone
            assert chart.outcome(2, off, dfn, 2).letter == "A"


def test_the_tag_team_injury_chart_is_the_rulebooks(tables):
    rows = [(r.who, r.rounds) for r in tables.tag_injury_chart]
    assert rows == [
        ("man_out", 5),
        ("man_in", 5),
        ("man_out", 10),
        ("man_in", 10),
        ("both", 2),
        ("both", 3),
    ]


def test_the_grudge_charts_printed_rows(tables):
    texas, cage = tables.grudge["texas_death"], tables.grudge["steel_cage"]
    assert (texas[2 - 2].points, texas[2 - 2].pin, texas[2 - 2].pin_bonus) == (15, True, 1)
    assert texas[3 - 2].ref_out == 5 and texas[5 - 2].blind == 2 and texas[8 - 2].oc_penalty == 5
    assert (cage[3 - 2].points, cage[3 - 2].specialty) == (10, True)
    assert cage[12 - 2].wins_on_pin
    assert {r.source for r in texas[9 - 2 :]} == {"pws"} and texas[8 - 2].source == ""


def test_an_override_replaces_one_chart_and_is_no_longer_authored():
    sources = default_sources()
    chart = copy.deepcopy(sources["advanced_tag_chart"])
    chart["columns"]["2/2"] = ["A"] * 10 + ["E"]
    tables = superstar.load_tables({"advanced_tag_chart": chart})
    assert tables.advanced_tag_chart.outcome(2, 2, 2, 9).letter == "A"
    assert "advanced_tag_chart" not in tables.authored
    assert "advanced_tag_chart" in superstar.load_tables().authored


@pytest.mark.parametrize(
    ("name", "change", "path", "message"),
    [
        (
            "pin_chart",
            lambda c: c["columns"][1].update(points="12-20"),
            "pin_chart.columns[1].points",
            "must start at 11",
        ),
        (
            "pin_chart",
            lambda c: c["columns"][-1].update(points="141-150"),
            "pin_chart.columns[14].points",
            "open-ended",
        ),
        (
            "pin_chart",
            lambda c: c["columns"][0]["rolls"].__setitem__(3, "PINNED"),
            "pin_chart.columns[0].rolls[3]",
            "must be PIN or points",
        ),
        ("referee", lambda c: c["rolls"].pop(0), "referee.rolls", "rolls 2 are not covered"),
        (
            "referee",
            lambda c: c["rolls"][1].update(pin_modifier=5),
            "referee.rolls[1].pin_modifier",
            "-3 to 3",
        ),
        (
            "advanced_tag_chart",
            lambda c: c["columns"].pop("1/3"),
            "advanced_tag_chart.columns",
            "the column 1/3 is missing",
        ),
        (
            "advanced_tag_chart",
            lambda c: c["columns"]["2/2"].__setitem__(0, "F"),
            "advanced_tag_chart.columns.2/2[0]",
            "a letter A to E",
        ),
        (
            "advanced_tag_chart",
            lambda c: c["key"]["two_man"]["B"].update(in_ring=3),
            "advanced_tag_chart.key.two_man.B.in_ring",
            "all or 2 to 2",
        ),
        (
            "tag_injury_chart",
            lambda c: c["rolls"][0].update(who="referee"),
            "tag_injury_chart.rolls[0].who",
            "man_in, man_out or both",
        ),
        (
            "tag_injury_chart",
            lambda c: c["rolls"].pop(),
            "tag_injury_chart.rolls",
            "die faces [6] are not covered",
        ),
        (
            "texas_death",
            lambda c: c["rolls"][0].update(pin=False),
            "texas_death.rolls[0].pin_bonus",
            "only a move that sees a pin",
        ),
        (
            "steel_cage",
            lambda c: c["rolls"][4].update(points=-1),
            "steel_cage.rolls[4].points",
            "0 to 99",
        ),
    ],
)
def test_a_bad_override_is_refused_with_its_path(name, change, path, message):
    chart = copy.deepcopy(default_sources()[name])
    change(chart)
    with pytest.raises(TableError) as caught:
        superstar.load_tables({name: chart})
    assert any(m.startswith(f"{path}: ") and message in m for m in caught.value.messages()), (
        caught.value.messages()
    )


def test_an_unknown_chart_is_refused():
    with pytest.raises(TableError, match="unknown chart"):
        superstar.load_tables({"ropes": {}})
    assert set(CHART_NAMES) == set(superstar.chart_names)
