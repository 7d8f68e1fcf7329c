"""Filsinger odds worked out by hand, outside the engine: for small hand-built cards the match is
a chain of two states (who is on offense), solved here in exact fractions from the rulebook's
rules alone, and the engine's exact odds must equal it. The Monte Carlo and the exact solver
share the engine's turn, so they cannot catch a rule misread in it; this can.

The cards: every offensive entry is a plain move of LEVEL 2, so the defender always reads his
LEVEL 2 DEFENSE, where ``k`` faces are PIN and the rest are counters to LEVEL 2 (the defender
takes the offense). On a PIN the defender rolls two dice: the same as his PIN rating or lower,
he is pinned; higher, he kicks out and the attacker keeps the offense (on LEVEL 3, whose entries
are the same moves). Whoever rolls higher on the opening roll (ties rolled again) starts, so
each side starts half the time.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

TWO_DICE_AT_MOST = {
    n: Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= n), 36)
    for n in range(2, 13)
}


def card(name: str, *, pins: int, pin_rating: int) -> dict:
    move = {"move": "forearm smash", "level": 2}
    counter = {"result": "counter", "level": 2}
    defense_2 = [{"result": "pin"}] * pins + [counter] * (6 - pins)
    return {
        "system": "filsinger",
        "name": name,
        "offense": {level: [move] * 6 for level in (1, 2, 3)},
        "defense": {1: [counter] * 6, 2: defense_2, 3: [counter] * 6},
        "ratings": {
            "pin": pin_rating,
            "pin_fatigue": 3,
            "ropes": "B",
            "turnbuckle": "B",
            "ring": "B",
            "deathjump": "B",
            "disqualification": 5,
            "agility": 0,
            "power": 0,
        },
    }


def by_hand(*, pins_a: int, pin_a: int, pins_b: int, pin_b: int) -> Fraction:
    """P(A wins), from the two-state chain (the time limit, 200 turns, is out of reach: each
    turn ends the match or passes the offense with a probability bounded away from zero).

    x: A on offense, y: B on offense; q the chance a defense roll is PIN, r that the pin holds.
        x = qB*rB + qB*(1 - rB)*x + (1 - qB)*y
        y = qA*(1 - rA)*y + (1 - qA)*x
    """
    q_a, q_b = Fraction(pins_a, 6), Fraction(pins_b, 6)
    r_a, r_b = TWO_DICE_AT_MOST[pin_a], TWO_DICE_AT_MOST[pin_b]
    # y = c * x with c = (1 - qA) / (1 - qA*(1 - rA)); then x from the first equation.
    c = (1 - q_a) / (1 - q_a * (1 - r_a))
    x = q_b * r_b / (1 - q_b * (1 - r_b) - (1 - q_b) * c)
    y = c * x
    return (x + y) / 2


CASES = [
    # (PIN faces of A, A's PIN rating, PIN faces of B, B's PIN rating)
    (3, 7, 3, 7),  # the same cards: even
    (2, 7, 4, 7),  # B's defense is weaker
    (3, 4, 3, 9),  # B is pinned far more easily
    (1, 2, 5, 12),  # B's pin always holds (12 or lower), A's only on snake eyes
    (6, 6, 1, 8),  # every defense roll of A's a PIN
]


@pytest.mark.parametrize(("pins_a", "pin_a", "pins_b", "pin_b"), CASES)
def test_the_exact_odds_equal_the_odds_worked_out_by_hand(fs, pins_a, pin_a, pins_b, pin_b):
    a = fs.parse_card(card("Ace", pins=pins_a, pin_rating=pin_a))
    b = fs.parse_card(card("Brute", pins=pins_b, pin_rating=pin_b))
    report = fs.odds(fs.make_spec([a, b]), runs=1, seed=1, exact="always")
    exact = report.exact
    assert exact is not None, report.exact_note
    expected = by_hand(pins_a=pins_a, pin_a=pin_a, pins_b=pins_b, pin_b=pin_b)
    assert exact.wins[0] == pytest.approx(float(expected), abs=1e-9)
    assert exact.wins[1] == pytest.approx(float(1 - expected), abs=1e-9)
    assert exact.draw == pytest.approx(0.0, abs=1e-9)
    assert exact.methods["pin"] == pytest.approx(1.0, abs=1e-9)  # nothing but pins ends it


def test_the_same_cards_are_an_even_match_and_the_figure_is_as_worked_out():
    # A sanity check of the arithmetic above on a case small enough to do on paper:
    # three PIN faces of six and PIN 7 (21 of 36 two-dice totals are 7 or lower) on both sides.
    assert by_hand(pins_a=3, pin_a=7, pins_b=3, pin_b=7) == Fraction(1, 2)
    assert TWO_DICE_AT_MOST[7] == Fraction(21, 36)
    assert TWO_DICE_AT_MOST[2] == Fraction(1, 36)
    assert TWO_DICE_AT_MOST[12] == 1
