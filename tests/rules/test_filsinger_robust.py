"""A card that parses against the charts a match is played with never makes that match fail,
whatever the options, the match type, the people at ringside or the stipulations."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules.core.dice import SeededDice
from rules.core.errors import CardError, TableError
from rules.core.spec import Ringside
from rules.filsinger.exact import NotFinite
from rules.filsinger.options import OPTION_NAMES
from rules.filsinger.tables import default_sources
from tests.rules.cardgen import edge_card_data

OPTIONS = ["", *OPTION_NAMES, "all"]


def ringside(spec, rng):
    sides = tuple(
        replace(
            side,
            relationship=rng.choice((None, "partners", "group")),
            manager=rng.choice((None, Ringside(key=f"m{i}", name=f"Manager {i}"))),
            ally=rng.choice((None, Ringside(key=f"a{i}", name=f"Ally {i}", distractor=0))),
        )
        for i, side in enumerate(spec.sides)
    )
    return replace(spec, sides=sides)


@pytest.mark.parametrize("match_type", ["singles", "tag"])
def test_a_card_that_parsed_plays_under_every_option(fs, match_type):
    rng = random.Random(match_type)
    tables = fs.load_tables()
    n = 2 if match_type == "singles" else 4
    for round_ in range(12):
        cards = [
            fs.parse_card(edge_card_data(rng, f"Edge {round_}-{i}"), tables=tables)
            for i in range(n)
        ]
        for options in OPTIONS:
            spec = fs.make_spec(cards, match_type, options=options, feud=rng.random() < 0.5)
            spec = ringside(spec, rng)
            if rng.random() < 0.3:
                spec = replace(spec, stipulations={"no_dq": True, "no_count_out": True})
            for seed in range(3):
                full = fs.simulate(spec, dice=SeededDice(seed), tables=tables)
                fast = fs.simulate(spec, dice=SeededDice(seed), tables=tables, record=False)
                assert (full.winner, full.method, full.length) == (
                    fast.winner,
                    fast.method,
                    fast.length,
                )
            if match_type == "singles" and round_ < 2:
                try:
                    odds = fs.exact(spec, tables=tables, max_states=20_000, time_budget=2)
                except NotFinite:
                    continue
                assert abs(sum(odds.wins) + odds.draw - 1) < 1e-9


def test_a_card_refused_against_a_federations_charts_is_never_played_with_them(fs):
    """The import door parses with the federation's tables: a letter the federation's Choice
    Situations chart lacks is refused there, not at show time. (Played with other tables than it
    was checked against, the engine names the card and the chart.)"""
    chart = default_sources()["choice_situations"]
    only_a = {**chart, "columns": {"A": chart["columns"]["A"]}}
    tables = fs.load_tables({"choice_situations": only_a})
    rng = random.Random(5)
    data = edge_card_data(rng, "Lettered")
    data["offense"][1][0] = {"move": "Arm drag", "level": 2, "choice_situation": "B"}
    with pytest.raises(CardError, match=r"offense\.1\[0\]\.choice_situation: no column 'B'"):
        fs.parse_card(data, tables=tables)
    card = fs.parse_card(data)  # checked against the defaults only
    other = fs.parse_card(edge_card_data(rng, "Other"), tables=fs.load_tables())
    spec = fs.make_spec([card, other], options="choice_situations")
    with pytest.raises(TableError, match=r"lettered\.offense\.1\[0\]\.choice_situation"):
        fs.simulate(spec, dice=SeededDice(1), tables=tables)
