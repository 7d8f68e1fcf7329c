"""ARM tournament matches always have a winner: a double count-out, a double knockout, a
double disqualification or a time-limit draw restarted as sudden death, and the referee's
roll-off (a d20 each) past its bound (docs/rules/arm.md, "Tournament matches")."""

from __future__ import annotations

import random

import pytest

from rules.arm.engine import SUDDEN_DEATH, settle_draw
from rules.arm.state import Plan
from rules.arm.system import system as arm
from rules.core.dice import Dice, SeededDice
from rules.core.result import Method
from rules.core.tournament import RESTARTS, ROLL_OFFS
from tests.rules.arm_support import ALPHA, BETA, Scripted, kinds, match_of, sheet

TOURNAMENT = {"tournament": True}


class ThenSeeded(Dice):
    """The scripted faces first, then faces from a seed (the sudden-death fall's)."""

    def __init__(self, faces, seed):
        self.faces = list(faces)
        self.random = random.Random(seed)
        self.rolls = []

    def _next(self, sides):
        face = self.faces.pop(0) if self.faces else int(self.random.random() * sides) + 1
        self.rolls.append(face)
        return face

    def d6(self):
        return self._next(6)

    def d20(self):
        return self._next(20)


def double_count_out(stipulations, dice):
    """Both men on the floor; the count starts, then 6 a round: 24, past 20 (as
    ``test_arm_rules.test_both_outside_is_a_double_count_out``)."""
    m = match_of([], stipulations=stipulations)
    m.dice, m.d6, m.d20 = dice, dice.d6, dice.d20
    for f in (m.me(ALPHA), m.me(BETA)):
        f.zone = "floor"
    for _ in range(5):
        m.referee_count()
    assert (m.winner, m.method) == (None, Method.DOUBLE_COUNT_OUT)
    return m


def test_a_double_count_out_is_restarted_and_the_fall_has_a_winner():
    m = double_count_out(TOURNAMENT, ThenSeeded([6, 6, 6, 6], seed=5))
    result = settle_draw(m, m.result())
    assert result.winner in (ALPHA, BETA) and not result.method.is_draw
    events = kinds(result.events)
    assert events.count("restart") == 1 and events.count("end") == 1
    drawn = result.events[events.index("drawn")]
    assert drawn.text == m.result().events[-1].text
    restart = result.events[events.index("restart")]
    assert restart.text == (
        "The referee orders the match restarted: sudden death, the first fall wins "
        "(30 rounds; restart 1 of 3)."
    )
    # The fall is a new one from the bell: its own length, at most the sudden-death limit.
    assert 1 < result.length <= m.result().length + RESTARTS * SUDDEN_DEATH


def test_without_the_stipulation_the_double_count_out_stands():
    m = double_count_out({}, ThenSeeded([6, 6, 6, 6], seed=5))
    result = settle_draw(m, m.result())
    assert result == m.result()
    assert (result.winner, result.method) == (None, Method.DOUBLE_COUNT_OUT)


def test_a_double_knockout_is_restarted_too():
    m = match_of([2], stipulations=TOURNAMENT)
    m.dice = ThenSeeded([], seed=9)
    m.me(ALPHA).out = True
    m.referee_sees_ko(m.me(BETA))
    assert (m.winner, m.method) == (None, Method.DOUBLE_KNOCKOUT)
    result = settle_draw(m, m.result())
    assert result.winner is not None and "restart" in kinds(result.events)


def test_a_time_limit_draw_is_the_same_match_then_restarted():
    a, b = sheet("alpha"), sheet("beta")
    plain = arm.simulate(arm.make_spec([a, b], time_limit=1), dice=SeededDice(11))
    assert (plain.winner, plain.method) == (None, Method.DRAW_TIME_LIMIT)
    spec = arm.make_spec([a, b], time_limit=1, stipulations=TOURNAMENT)
    settled = arm.simulate(spec, dice=SeededDice(11))
    assert settled.winner is not None
    # The match as it was, its last words a draw's, then the restart.
    n = len(plain.events)
    assert settled.events[: n - 1] == plain.events[:-1]
    assert settled.events[n - 1] == plain.events[-1]._replace(kind="drawn")
    assert settled.events[n].kind == "restart"
    # The chapter: "the referee may require a C.E.T. when he feels the match needs to be
    # restarted": the fall opens with a collar-elbow tie-up, no ambush, no choice.
    opening = settled.events[n + 1]
    assert (opening.kind, opening.data["start"]) == ("opening", "cet")
    assert opening.text.startswith("The referee has Alpha and Beta lock up to restart (")


def test_past_three_restarts_the_referee_decides_on_a_d20_roll_off():
    stall = Scripted(plan=Plan(actions=("stall",)))
    spec = arm.make_spec([sheet("alpha"), sheet("beta")], time_limit=1, stipulations=TOURNAMENT)
    result = arm.simulate(spec, dice=SeededDice(3), strategy=stall)
    assert result.method is Method.DRAW_TIME_LIMIT and result.winner is not None
    assert result.length == 1 + RESTARTS * SUDDEN_DEATH
    assert kinds(result.events).count("restart") == RESTARTS
    rolls = [e for e in result.events if e.kind == "roll_off"]
    assert 1 <= len(rolls) <= ROLL_OFFS
    assert all(a == b for a, b in (e.data["totals"] for e in rolls[:-1]))
    a, b = rolls[-1].data["totals"]
    assert rolls[-1].dice == (a, b) and a != b
    assert result.winner == (ALPHA if a > b else BETA)
    assert result.events[-1].data["decision"] == "referee"
    assert result.events[-1].text == (
        f"{'Alpha' if a > b else 'Beta'} wins the roll-off and advances on the referee's decision."
    )


@pytest.mark.parametrize("options", [None, "no_edge", "no_dq"])
def test_many_seeded_tournament_matches_never_end_in_a_draw(options):
    a, b = sheet("alpha"), sheet("beta")
    spec = arm.make_spec([a, b], options=options, time_limit=2, stipulations=TOURNAMENT)
    report = arm.odds(spec, runs=400, seed=40)
    assert report.draws == 0 and sum(report.wins) == 400
    plain = arm.odds(arm.make_spec([a, b], options=options, time_limit=2), runs=400, seed=40)
    assert plain.draws > 200
