"""Superstar tournament matches always have a winner: a time-limit draw or a double
disqualification (both counted out: the rulebook's count-out is a disqualification) restarted
as sudden death, the referee's roll-off (two dice plus the Priority Factor, the steel cage's
race) past its bound, and the exact odds of it all, with scripted dice
(docs/rules/superstar.md, "Tournament matches")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.core.dice import ScriptedDice
from rules.core.result import Method
from rules.core.tournament import RESTARTS, sudden_death_spec
from rules.superstar import system as superstar
from rules.superstar.engine import SUDDEN_DEATH
from tests.rules.superstar_helpers import card, faces

TOURNAMENT = {"tournament": True}
A, B = 0, 1
THROW = "Throw out of ring (DQ)"

# Round 1: both OC (7, 7), each jabs (7, 7): the one round of the match, a draw.
DRAW = faces(7, 7, 7, 7)
# Both OC, both throw the other out (10, 10); both roll a DQ 10-12 (11, 12): both out.
DOUBLE_DQ = faces(7, 7, 10, 10, 11, 12)
# The restart: A OC (7), B DC (5); A's Crab (8) against B's defense B (3); B submits (4).
FALL_SUBMISSION = faces(7, 5, 8, 3, 4)


def cards(priority_a=(3, 2)):
    a = card("A", offense={8: "Crab 6 *", 10: THROW}, priority=priority_a)
    b = card("B", general={5: "DC"}, offense={10: THROW}, sub=(2, 4))
    return [a, b]


def played(spec, dice):
    scripted = ScriptedDice(dice)
    result = superstar.simulate(spec, dice=scripted)
    assert scripted.remaining == 0, f"{scripted.remaining} faces left unused"
    return result


def kinds(result):
    return [e.kind for e in result.events]


def test_a_time_limit_draw_is_restarted_and_the_first_fall_wins():
    spec = superstar.make_spec(cards(), options="time_limit=1", stipulations=TOURNAMENT)
    result = played(spec, DRAW + FALL_SUBMISSION)
    assert (result.winner, result.method, result.length) == (A, Method.SUBMISSION, 2)
    drawn = next(e for e in result.events if e.kind == "drawn")
    assert drawn.text == "The match is a time-limit draw."
    restart = result.events[kinds(result).index("restart")]
    assert restart.text == (
        "The referee orders the match restarted: sudden death, the first fall wins "
        "(10 rounds; restart 1 of 3)."
    )
    assert kinds(result)[-1] == "end" and kinds(result).count("end") == 1


def test_without_the_stipulation_the_draw_stands():
    spec = superstar.make_spec(cards(), options="time_limit=1")
    result = played(spec, DRAW)
    assert (result.winner, result.method, result.length) == (None, Method.DRAW_TIME_LIMIT, 1)
    assert "restart" not in kinds(result)


def test_a_double_disqualification_is_restarted_and_the_first_fall_wins():
    spec = superstar.make_spec(cards(), stipulations=TOURNAMENT)
    result = played(spec, DOUBLE_DQ + FALL_SUBMISSION)
    assert (result.winner, result.method, result.length) == (A, Method.SUBMISSION, 2)
    drawn = next(e for e in result.events if e.kind == "drawn")
    assert drawn.text == "The match ends in a double disqualification."
    plain = played(superstar.make_spec(cards()), DOUBLE_DQ)
    assert (plain.winner, plain.method) == (None, Method.DOUBLE_DISQUALIFICATION)


def jabbers(priority_a):
    """Jabs for both, every round (3 points each: nobody ahead, no pin, no end)."""
    return [card("A", priority=priority_a), card("B")]


def drawn_falls():
    return DRAW + faces(*[7] * 4 * SUDDEN_DEATH) * RESTARTS


def test_past_three_restarts_the_roll_off_adds_the_priority_factor():
    # A's Priority Factor 4, B's 3: A's 3 + 4 ties B's 4 + 3; then A's 2 + 4 loses to 4 + 3.
    spec = superstar.make_spec(jabbers((4, 2)), options="time_limit=1", stipulations=TOURNAMENT)
    result = played(spec, [*drawn_falls(), 1, 2, 2, 2, 1, 1, 2, 2])
    assert (result.winner, result.method) == (B, Method.DRAW_TIME_LIMIT)
    assert result.length == 1 + RESTARTS * SUDDEN_DEATH
    rolls = [e for e in result.events if e.kind == "roll_off"]
    assert [e.data["totals"] for e in rolls] == [[7, 7], [6, 7]]
    assert rolls[0].text == "A rolls 7, B rolls 7: a tie, they roll again."
    assert result.events[-1].text == "B wins the roll-off and advances on the referee's decision."


def test_exact_odds_compose_the_match_and_the_fall_with_the_roll_off_by_hand():
    """Equal Priority Factors: one roll-off ties with sum(ways(t)^2)/36^2 = 146/1296 and is
    won by either half of the rest; after ten ties the first named is given the match."""
    a, b = cards()
    spec = superstar.make_spec([a, b], time_limit=3, stipulations=TOURNAMENT)
    match = superstar.exact(superstar.make_spec([a, b], time_limit=3))
    fall = superstar.exact(sudden_death_spec(spec, SUDDEN_DEATH))
    tie = Fraction(146, 1296)
    first = float((1 - tie) / 2 * sum(tie**k for k in range(10)) + tie**10)
    restarts = 1 + fall.draw + fall.draw**2
    decided = match.draw * fall.draw**3
    odds = superstar.exact(spec)
    assert odds.wins[A] == pytest.approx(
        match.wins[A] + match.draw * restarts * fall.wins[A] + decided * first, abs=1e-12
    )
    assert odds.wins[B] == pytest.approx(
        match.wins[B] + match.draw * restarts * fall.wins[B] + decided * (1 - first), abs=1e-12
    )
    assert odds.draw == 0 and match.draw > 0.3


def test_many_seeded_tournament_matches_never_end_in_a_draw():
    a, b = cards()
    spec = superstar.make_spec([a, b], time_limit=2, stipulations=TOURNAMENT)
    report = superstar.odds(spec, runs=3000, seed=40, exact="never")
    assert report.draws == 0 and sum(report.wins) == 3000
    plain = superstar.odds(superstar.make_spec([a, b], time_limit=2), runs=3000, seed=40)
    assert plain.draws > 1000
