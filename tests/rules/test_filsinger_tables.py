"""The charts as data: defaults load, overrides replace whole charts, mistakes are named."""

from __future__ import annotations

import copy

import pytest

from rules.core.errors import TableError
from rules.filsinger.tables import CHART_NAMES, default_sources


def test_default_charts_load_and_are_marked_as_the_projects_own(fs):
    tables = fs.load_tables()
    assert set(tables.charts) == {"ropes", "turnbuckle", "ring", "deathjump"}
    for chart in tables.charts.values():
        assert set(chart.columns) == {"A", "B", "C"}
        assert all(len(rows) == 11 for rows in chart.columns.values())
    assert len(tables.feud_table) == 11 and len(tables.interference.columns["any"]) == 11
    assert set(tables.choice_situations) == set("ABCDEF")
    assert tables.authored == frozenset(CHART_NAMES)


def test_the_rulebook_example_is_in_the_out_of_the_ring_chart(fs):
    row = fs.load_tables().charts["ring"].outcome("A", 5)
    assert (row.check.kind, row.check.who, row.check.rating) == ("dq", "you", None)
    assert (row.then, row.who, row.level) == ("offense", "you", 3)


def test_an_override_replaces_one_chart_and_keeps_the_rest(fs):
    printed = {
        "title": "Into the Ropes (printed)",
        "ratings": {
            letter: [{"roll": "2-12", "text": "{You} bounces back.", "offense": "you", "level": 1}]
            for letter in "ABC"
        },
    }
    tables = fs.load_tables({"ropes": printed})
    assert tables.charts["ropes"].outcome("C", 2).text == "{You} bounces back."
    assert "ropes" not in tables.authored and "ring" in tables.authored
    assert tables.charts["ring"] == fs.load_tables().charts["ring"]


def chart_problems(fs, name, mutate):
    data = copy.deepcopy(default_sources()[name])
    mutate(data)
    with pytest.raises(TableError) as info:
        fs.load_tables({name: data})
    return dict(info.value.problems)


@pytest.mark.parametrize(
    ("name", "mutate", "path", "message"),
    [
        ("ropes", lambda d: d["ratings"]["A"].pop(0), "ropes.ratings.A", "rolls 2 are not covered"),
        (
            "ropes",
            lambda d: d["ratings"]["B"].append(dict(d["ratings"]["B"][0])),
            "ropes.ratings.B",
            "roll 2 is covered 2 times",
        ),
        ("ropes", lambda d: d["ratings"].pop("C"), "ropes.ratings.C", "missing"),
        (
            "ring",
            lambda d: d["ratings"]["A"][0].update(roll="1-2"),
            "ring.ratings.A[0].roll",
            "2-12",
        ),
        (
            "ring",
            lambda d: d["ratings"]["A"][0].update(level=4),
            "ring.ratings.A[0].level",
            "1, 2 or 3",
        ),
        (
            "ring",
            lambda d: d["ratings"]["A"][0].update(offense="ref"),
            "ring.ratings.A[0].offense",
            "you or opponent",
        ),
        (
            "ring",
            lambda d: d["ratings"]["A"][0]["check"].update(kind="ko"),
            "ring.ratings.A[0].check.kind",
            "dq or count_out",
        ),
        (
            "ring",
            lambda d: d["ratings"]["A"][0]["check"].pop("rating"),
            "ring.ratings.A[0].check.rating",
            "required",
        ),
        (
            "ring",
            lambda d: d["ratings"]["A"][0].update(pin="you"),
            "ring.ratings.A[0]",
            "exactly one of",
        ),
        ("ring", lambda d: d["ratings"]["A"][0].pop("text"), "ring.ratings.A[0].text", "required"),
        (
            "deathjump",
            lambda d: d["ratings"]["A"][0].update(defense=2),
            "deathjump.ratings.A[0]",
            "exactly one of",
        ),
        (
            "feud_table",
            lambda d: d["rolls"][0]["injuries"][0].update(who="ref"),
            "feud_table.rolls[0].injuries[0].who",
            "winner, loser or both",
        ),
        (
            "feud_table",
            lambda d: d["rolls"][0]["injuries"][0].update(fight_cards=0),
            "feud_table.rolls[0].injuries[0].fight_cards",
            "1 to 52",
        ),
        (
            "choice_situations",
            lambda d: d["columns"]["A"].pop(),
            "choice_situations.columns.A",
            "exactly two moves",
        ),
        (
            "choice_situations",
            lambda d: d["columns"]["A"][0].update(uses=["sp"]),
            "choice_situations.columns.A[0].uses",
            "ag and/or pw",
        ),
        (
            "interference",
            lambda d: d["rolls"].pop(),
            "interference.rolls",
            "rolls 12 are not covered",
        ),
    ],
)
def test_chart_mistakes_are_named_by_path(fs, name, mutate, path, message):
    problems = chart_problems(fs, name, mutate)
    assert path in problems, problems
    assert message in problems[path]


def test_an_unknown_chart_name_is_refused(fs):
    with pytest.raises(TableError, match="unknown chart"):
        fs.load_tables({"cage": {}})


def test_a_card_using_a_choice_situation_missing_from_the_chart_is_refused(fs, wolf, executioner):
    data = copy.deepcopy(default_sources()["choice_situations"])
    del data["columns"]["A"]
    tables = fs.load_tables({"choice_situations": data})
    spec = fs.make_spec([wolf, executioner], options="choice_situations")
    with pytest.raises(TableError, match="no column 'A'"):
        fs.simulate(spec, dice=None, tables=tables)
