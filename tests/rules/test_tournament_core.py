"""The tournament stipulation's rules in ``rules.core.tournament``: its bounds, the referee's
roll-off and the exact odds composed from a match's and a sudden-death fall's (each engine's
settling: ``test_<system>_tournament.py``; the readings: docs/rules/*.md, "Tournament
matches")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.core.dice import ScriptedDice
from rules.core.errors import SpecError
from rules.core.result import Effects, ExactOdds, InjuryEffect, MatchResult, Method
from rules.core.tournament import RESTARTS, ROLL_OFFS, roll_off_odds, settle, settled_odds
from rules.superstar import system as superstar
from tests.rules.superstar_helpers import card


def test_the_bounds_are_three_restarts_and_ten_roll_offs():
    assert (RESTARTS, ROLL_OFFS) == (3, 10)


def test_a_fair_roll_off_of_one_die_each_is_a_half_and_the_ten_ties_to_the_first_named():
    # One die each: the first named wins 15/36, ties 6/36; after ten ties he is given it.
    tie = Fraction(1, 6)
    expected = Fraction(15, 36) * sum(tie**k for k in range(10)) + tie**10
    assert expected == Fraction(1, 2) + Fraction(1, 2) / 6**10
    assert roll_off_odds(15 / 36, 6 / 36) == pytest.approx(float(expected), abs=1e-15)


def test_settled_odds_compose_the_match_and_the_sudden_death_fall_by_hand():
    match = ExactOdds(
        wins=(0.3, 0.2), draw=0.5, methods={"pin": 0.5, "draw_time_limit": 0.5}, states=4
    )
    fall = ExactOdds(
        wins=(0.4, 0.4), draw=0.2, methods={"pin": 0.8, "double_count_out": 0.2}, states=3
    )
    odds = settled_odds(match, fall, 0.6)
    # Falls played after the draw: 1 + 0.2 + 0.04 = 1.24 expected; all three drawn: 0.5 * 0.008.
    assert odds.wins == pytest.approx((0.3 + 0.248 + 0.0024, 0.2 + 0.248 + 0.0016))
    assert odds.draw == 0
    assert odds.methods == pytest.approx({"pin": 0.996, "double_count_out": 0.004})
    assert odds.states == 7


def test_a_tournament_match_is_one_side_against_another():
    three = [card("A"), card("B"), card("C")]
    spec = superstar.make_spec(three, "battle_royal", stipulations={"tournament": True})
    with pytest.raises(SpecError, match="a tournament match has two sides, got 3"):
        superstar.simulate(spec, dice=ScriptedDice([]))


def test_settle_keeps_what_every_fall_did_and_adds_up_their_lengths():
    first = MatchResult(
        "test",
        None,
        Method.DOUBLE_COUNT_OUT,
        12,
        (),
        Effects(
            injuries=(InjuryEffect("a", "hurt in the first", fight_cards=2),),
            finisher_hits=(1, 0),
            supersedes=("prestige.loss",),
        ),
    )
    fall = MatchResult(
        "test",
        1,
        Method.PIN,
        5,
        (),
        Effects(
            injuries=(InjuryEffect("b", "hurt in the fall", fight_cards=1),),
            finisher_hits=(0, 2),
            supersedes=("prestige.loss",),
        ),
    )
    falls = iter([fall])
    spec = superstar.make_spec([card("A"), card("B")], stipulations={"tournament": True})
    result = settle(
        first,
        spec,
        sudden_death=lambda: next(falls),
        roll_off=lambda side: pytest.fail("no roll-off after a decided fall"),
        length=10,
        unit="rounds",
        roll_words="",
        record=False,
    )
    assert (result.winner, result.method, result.length) == (1, Method.PIN, 17)
    assert [i.key for i in result.effects.injuries] == ["a", "b"]
    assert result.effects.finisher_hits == (1, 2)
    assert result.effects.supersedes == ("prestige.loss",)
