"""Filsinger tournament matches always have a winner: a time-limit draw, a double count-out
(or disqualification) restarted as sudden death, the referee's roll-off past its bound, and
the exact odds of it all, with scripted dice (docs/rules/filsinger.md, "Tournament
matches")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.core.dice import ScriptedDice
from rules.core.result import Method
from rules.core.tournament import RESTARTS
from rules.filsinger.engine import SUDDEN_DEATH as FILSINGER_SUDDEN_DEATH
from tests.rules.conftest import kinds
from tests.rules.filsinger_helpers import card

TOURNAMENT = {"tournament": True}
A, B = 0, 1
RESTART_1 = (
    "The referee orders the match restarted: sudden death, the first fall wins "
    "(30 turns; restart 1 of 3)."
)


def scripted(faces):
    return ScriptedDice(faces)


def played(system, spec, faces):
    """``spec`` played on exactly ``faces`` (every face used)."""
    dice = scripted(faces)
    result = system.simulate(spec, dice=dice)
    assert dice.remaining == 0, f"{dice.remaining} faces left unused"
    return result


# Every entry a slam to LEVEL 3 DEFENSE, which is 1-3 PIN, 4-6 the defender's counter onto
# LEVEL 3 (the pin roll: two dice at or under the PIN rating is pinned).


def slammers(fs, pin_a=7, pin_b=7):
    slams = ["slam - 3"] * 6
    axe = card(fs, "Axe", slams, ["PIN"] * 3 + ["AXE - 3"] * 3, pin=pin_a)
    bow = card(fs, "Bow", slams, ["PIN"] * 3 + ["BOW - 3"] * 3, pin=pin_b)
    return axe, bow


def ring_men(fs):
    """Every entry throws the foe out of the ring, Ring B: roll 2 is a count-out of both
    (COUNT-OUT 6), roll 3 of the thrown man (COUNT-OUT 6)."""
    ring = ["out of the ring"] * 6
    axe = card(fs, "Axe", ring, ["dazed - 1"] * 6, ring="B")
    bow = card(fs, "Bow", ring, ["dazed - 1"] * 6, ring="B")
    return axe, bow


# The opening (Axe 6, Bow 1); Axe's slam; Bow counters (4): one turn, the time limit.
FILSINGER_DRAW = [6, 1, 1, 4]
# The restart's opening (Bow first); Bow's slam; Axe's PIN (1), pinned on 1+1 against PIN 7.
FILSINGER_FALL_PIN = [1, 6, 2, 1, 1, 1]


def test_filsinger_a_time_limit_draw_is_restarted_and_the_first_fall_wins(fs):
    spec = fs.make_spec(list(slammers(fs)), time_limit=1, stipulations=TOURNAMENT)
    result = played(fs, spec, FILSINGER_DRAW + FILSINGER_FALL_PIN)
    assert (result.winner, result.method, result.length) == (B, Method.PIN, 2)
    assert kinds(result.events) == [
        "opening",
        "offense",
        "defense",
        "time_limit",
        "drawn",
        "restart",
        "opening",
        "offense",
        "defense",
        "pin",
        "end",
    ]
    drawn, restart = result.events[4], result.events[5]
    assert drawn.text == "The match is a time-limit draw."
    assert restart.text == RESTART_1
    assert restart.data == {"restart": 1, "restarts": 3, "length": FILSINGER_SUDDEN_DEATH}
    assert result.events[-1].text == "Bow wins by pinfall after 1 turn."


def test_filsinger_without_the_stipulation_the_draw_stands(fs):
    spec = fs.make_spec(list(slammers(fs)), time_limit=1)
    result = played(fs, spec, FILSINGER_DRAW)
    assert (result.winner, result.method, result.length) == (None, Method.DRAW_TIME_LIMIT, 1)
    assert kinds(result.events)[-2:] == ["time_limit", "end"]
    assert result.events[-1].text == "The match is a time-limit draw."


def test_filsinger_a_double_count_out_is_restarted_and_a_count_out_decides(fs):
    # Axe throws Bow out; Ring B roll 2: both roll COUNT-OUT 6, Bow 3 and Axe 4: both out.
    double = [6, 1, 1, 1, 1, 1, 2, 2, 2]
    # The restart: Axe first, throws Bow out; roll 3: Bow alone, 2: counted out.
    fall = [6, 1, 1, 1, 2, 1, 1]
    spec = fs.make_spec(list(ring_men(fs)), stipulations=TOURNAMENT)
    result = played(fs, spec, double + fall)
    assert (result.winner, result.method, result.length) == (A, Method.COUNT_OUT, 2)
    drawn = next(e for e in result.events if e.kind == "drawn")
    assert drawn.text == "Neither man beats the count: a double count-out."
    assert kinds(result.events).count("restart") == 1
    assert result.events[-1].text == "Axe wins by count-out after 1 turn."
    # The same dice without the stipulation: the double count-out stands, the rest unrolled.
    plain = played(fs, fs.make_spec(list(ring_men(fs))), double)
    assert (plain.winner, plain.method) == (None, Method.DOUBLE_COUNT_OUT)


def test_filsinger_a_double_disqualification_is_restarted_too(fs):
    # Axe throws Bow out; Ring B roll 6: both roll DISQUALIFICATION 6, Bow 2 and Axe 3: both out.
    double = [6, 1, 1, 3, 3, 1, 1, 1, 2]
    fall = [6, 1, 1, 1, 2, 1, 1]  # as above: Bow counted out
    spec = fs.make_spec(list(ring_men(fs)), stipulations=TOURNAMENT)
    result = played(fs, spec, double + fall)
    assert (result.winner, result.method, result.length) == (A, Method.COUNT_OUT, 2)
    drawn = next(e for e in result.events if e.kind == "drawn")
    assert drawn.text == "Both men are disqualified: a double disqualification."
    plain = played(fs, fs.make_spec(list(ring_men(fs))), double)
    assert (plain.winner, plain.method) == (None, Method.DOUBLE_DISQUALIFICATION)


def idle(fs):
    """Slams that only daze (LEVEL 3 DEFENSE dazed - 1 throughout): nothing ever ends."""
    slams = ["slam - 3"] * 6
    return [card(fs, name, slams, ["dazed - 1"] * 6) for name in ("Axe", "Bow")]


def idle_falls():
    """The match's one turn and three drawn sudden-death falls of 30 turns each."""
    return [6, 1, 1, 1] + ([6, 1] + [1, 1] * FILSINGER_SUDDEN_DEATH) * RESTARTS


def test_filsinger_past_three_restarts_the_referee_decides_on_a_roll_off(fs):
    spec = fs.make_spec(idle(fs), time_limit=1, stipulations=TOURNAMENT)
    result = played(fs, spec, [*idle_falls(), 3, 3, 2, 5])
    assert (result.winner, result.method) == (B, Method.DRAW_TIME_LIMIT)
    assert result.length == 1 + 3 * 30
    assert kinds(result.events).count("restart") == 3
    assert [e.data["restart"] for e in result.events if e.kind == "restart"] == [1, 2, 3]
    tail = result.events[-4:]
    assert [e.kind for e in tail] == ["decision", "roll_off", "roll_off", "end"]
    assert tail[0].text == (
        "No fall after 3 restarts: the referee decides the match on a roll-off "
        "(one die each, as the opening roll)."
    )
    assert tail[1].text == "Axe rolls 3, Bow rolls 3: a tie, they roll again."
    assert tail[2].dice == (2, 5) and tail[2].text == "Axe rolls 2, Bow rolls 5."
    assert tail[3].text == "Bow wins the roll-off and advances on the referee's decision."
    assert tail[3].data == {"winner": 1, "method": "draw_time_limit", "decision": "referee"}


def test_filsinger_ten_tied_roll_offs_give_the_match_to_the_first_named(fs):
    spec = fs.make_spec(idle(fs), time_limit=1, stipulations=TOURNAMENT)
    result = played(fs, spec, [*idle_falls(), *[4] * 20])
    assert result.winner == A
    assert kinds(result.events).count("roll_off") == 10
    assert result.events[-1].text == (
        "Axe is given the match, the first named, after 10 ties and advances on the "
        "referee's decision."
    )


def test_filsinger_exact_odds_of_a_tournament_match_by_hand(fs):
    """Axe PIN 7 against Bow PIN 5, the slammers: a turn of the man on offense pins the other
    with 1/2 * P(two dice <= his PIN), else keeps the offense (1/2 * the rest) or loses it to
    the counter (1/2). The match is one turn; a sudden-death fall 30."""
    q = {A: Fraction(10, 36), B: Fraction(21, 36)}  # the other's PIN: Bow's 5, Axe's 7

    def period(turns):
        on = {A: Fraction(1, 2), B: Fraction(1, 2)}  # the opening roll: either first
        wins = {A: Fraction(0), B: Fraction(0)}
        for _ in range(turns):
            wins = {s: wins[s] + on[s] * q[s] / 2 for s in (A, B)}
            on = {
                s: on[s] * (1 - q[s]) / 2 + on[1 - s] / 2 for s in (A, B)
            }  # kept it, or countered
        return (wins[A], wins[B]), 1 - wins[A] - wins[B]

    (ma, mb), drawn = period(1)
    (fa, fb), again = period(FILSINGER_SUDDEN_DEATH)
    falls = 1 + again + again**2
    decided = drawn * again**3
    first = Fraction(1, 2) + Fraction(1, 2) / 6**10
    p_a = ma + drawn * falls * fa + decided * first
    p_b = mb + drawn * falls * fb + decided * (1 - first)
    axe, bow = slammers(fs, pin_a=7, pin_b=5)
    odds = fs.exact(fs.make_spec([axe, bow], time_limit=1, stipulations=TOURNAMENT))
    assert odds.wins[A] == pytest.approx(float(p_a), abs=1e-12)
    assert odds.wins[B] == pytest.approx(float(p_b), abs=1e-12)
    assert odds.draw == 0
    assert sum(odds.methods.values()) == pytest.approx(1.0, abs=1e-12)
    # Without the stipulation: the same match, its draw left as it is.
    plain = fs.exact(fs.make_spec([axe, bow], time_limit=1))
    assert plain.draw == pytest.approx(float(drawn), abs=1e-12)


def test_filsinger_many_seeded_tournament_matches_never_end_in_a_draw(fs, wolf, executioner):
    spec = fs.make_spec([wolf, executioner], time_limit=4, stipulations=TOURNAMENT)
    report = fs.odds(spec, runs=3000, seed=40, exact="never")
    assert report.draws == 0 and sum(report.wins) == 3000
    # The same matches without it: most of them four turns that end in a draw.
    plain = fs.odds(fs.make_spec([wolf, executioner], time_limit=4), runs=3000, seed=40)
    assert plain.draws > 1000
