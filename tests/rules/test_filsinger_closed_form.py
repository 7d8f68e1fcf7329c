"""Rules pinned outside the engine: small hand-built cards whose win probabilities are worked out
here, by hand and a few lines of arithmetic, and that the engine's exact odds must equal.

The exact solver walks the engine's own ``Match.turn``, so it shares any rule bug with the Monte
Carlo loop; these expectations come from the rulebook (and, for the charts, from the project's
chart as docs/rules/filsinger.md prints it), never from the engine.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from tests.rules.filsinger_helpers import card

#: Two dice at or under n: how many of the 36 rolls (1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36).
WAYS_AT_MOST = {2: 1, 3: 3, 4: 6, 5: 10, 6: 15, 7: 21, 8: 26, 9: 30, 10: 33, 11: 35, 12: 36}


def at_most(n: int) -> Fraction:
    """P(two dice <= n): the PIN and disqualification rolls ("the same or lower")."""
    return Fraction(WAYS_AT_MOST[min(n, 12)], 36) if n >= 2 else Fraction(0)


HALF = Fraction(1, 2)
#: Long enough that what is still in play after it is below 1e-12.
FOREVER = 2000


def two_sides(a_wins, a_stays, a_hands, b_loses, b_stays, b_hands) -> Fraction:
    """P(A wins) when each turn of the side on offense ends the match, keeps it on offense or
    hands the offense over, each with a fixed probability; either side starts (the opening
    roll: ties roll again), so 1/2 each. x: A on offense, y: B on offense.

        x = a_wins + a_stays x + a_hands y        y = b_loses + b_stays y + b_hands x
    """
    det = (1 - a_stays) * (1 - b_stays) - a_hands * b_hands
    x = (a_wins * (1 - b_stays) + a_hands * b_loses) / det
    y = (b_loses * (1 - a_stays) + b_hands * a_wins) / det
    return (x + y) / 2


def exact(fs, cards, options="", **kwargs):
    spec = fs.make_spec(cards, options=options, time_limit=kwargs.pop("time_limit", FOREVER))
    return fs.exact(spec, **kwargs)


def assert_odds(odds, p_a: Fraction, p_b: Fraction | None = None) -> None:
    p_b = 1 - p_a if p_b is None else p_b
    assert odds.wins[0] == pytest.approx(float(p_a), abs=1e-12)
    assert odds.wins[1] == pytest.approx(float(p_b), abs=1e-12)


# Every move sends the defender to LEVEL 3 DEFENSE, where dice 1-3 are PIN and 4-6 his counter.
SLAMS = ["slam - 3"] * 6


def pin_or_counter(name: str) -> list[str]:
    return ["PIN"] * 3 + [f"{name.upper()} - 3"] * 3


def test_pin_same_or_lower_basic_game(fs):
    """Rule 5 of the basic game: two dice the same or lower than the PIN rating pin; a kick-out
    leaves the attacker on LEVEL 3 OFFENSE. Ace (PIN 7) against Brute (PIN 5)."""
    ace = card(fs, "Ace", SLAMS, pin_or_counter("Ace"), pin=7)
    brute = card(fs, "Brute", SLAMS, pin_or_counter("Brute"), pin=5)
    q_ace, q_brute = at_most(7), at_most(5)  # 21/36 and 10/36
    p = two_sides(
        a_wins=HALF * q_brute,
        a_stays=HALF * (1 - q_brute),
        a_hands=HALF,
        b_loses=Fraction(0),
        b_stays=HALF * (1 - q_ace),
        b_hands=HALF,
    )
    # By hand: x = qB (1 + qA) / ((1 + qB)(1 + qA) - 1) = (10/36)(57/36) / ((46/36)(57/36) - 1)
    # = 570/1326 = 95/221; y = x / (1 + qA) = 60/221; P = (x + y) / 2 = 155/442, about 35.1%.
    assert p == Fraction(155, 442)
    assert_odds(exact(fs, [ace, brute]), p)


def test_fatigue_uses_the_parenthesised_pin_and_adds_one_after_each_kick_out(fs):
    """Optional rule 1: PIN (4) and (3), each one higher after every failed cover (12 at most,
    where every roll pins)."""
    ace = card(fs, "Ace", SLAMS, pin_or_counter("Ace"), pin=7, pin_fatigue=4)
    brute = card(fs, "Brute", SLAMS, pin_or_counter("Brute"), pin=5, pin_fatigue=3)

    @cache
    def on_offense(ace_pin: int, brute_pin: int) -> tuple[Fraction, Fraction]:
        """(x, y): P(Ace wins) with Ace / Brute on offense at these PIN ratings.

        x = 1/2 q(b) + 1/2 (1 - q(b)) x(a, b+1) + 1/2 y      (Brute kicks out: b + 1)
        y = 1/2 (1 - q(a)) y(a+1, b) + 1/2 x                  (Ace kicks out: a + 1)
        """
        qa, qb = at_most(ace_pin), at_most(brute_pin)
        x_next = on_offense(ace_pin, brute_pin + 1)[0] if qb < 1 else Fraction(0)
        y_next = on_offense(ace_pin + 1, brute_pin)[1] if qa < 1 else Fraction(0)
        c = HALF * qb + HALF * (1 - qb) * x_next
        d = HALF * (1 - qa) * y_next
        x = (c + d / 2) * Fraction(4, 3)
        return x, d + x / 2

    x, y = on_offense(4, 3)
    p = (x + y) / 2
    assert_odds(exact(fs, [ace, brute], "fatigue"), p)
    # Without the rule the basic ratings stand and nothing rises: the first test's figure.
    assert_odds(
        exact(fs, [ace, brute]),
        two_sides(
            HALF * at_most(5), HALF * (1 - at_most(5)), HALF, 0, HALF * (1 - at_most(7)), HALF
        ),
    )


def test_finisher_ratings_add_to_the_pin_rating(fs):
    """Optional rule 2 (alone: the basic PIN rating plus the finisher's rating). LEVEL 1 and 2:
    slams the defender always counters; LEVEL 3: dice 1-3 a finisher (+3), 4-6 a slam. The first
    turn hands the offense over, and from then on everything happens on LEVEL 3."""
    level3 = ["CRUSHER (+3)"] * 3 + ["slam - 3"] * 3
    ace = card(fs, "Ace", [SLAMS, SLAMS, level3], ["ACE - 3"] * 6, pin=7)
    brute = card(fs, "Brute", [SLAMS, SLAMS, level3], ["BRUTE - 3"] * 6, pin=5)
    for options, bonus in (("", 0), ("finisher_ratings", 3)):
        q_ace, q_brute = at_most(7 + bonus), at_most(5 + bonus)
        p = two_sides(
            a_wins=HALF * q_brute,
            a_stays=HALF * (1 - q_brute),
            a_hands=HALF,
            b_loses=Fraction(0),
            b_stays=HALF * (1 - q_ace),
            b_hands=HALF,
        )
        assert_odds(exact(fs, [ace, brute], options), p)


def test_dq_moves_roll_the_disqualification_rating_first(fs):
    """Optional rule 13: every move is "(dq)": the attacker rolls his disqualification rating
    (Ace 6, Brute 4) before it lands; the same or lower, he loses."""
    chokes = ["choke - 3 (dq)"] * 6
    ace = card(fs, "Ace", chokes, pin_or_counter("Ace"), pin=7, disqualification=6)
    brute = card(fs, "Brute", chokes, pin_or_counter("Brute"), pin=5, disqualification=4)
    d_ace, d_brute = at_most(6), at_most(4)  # 15/36 and 6/36
    q_ace, q_brute = at_most(7), at_most(5)
    p = two_sides(
        a_wins=(1 - d_ace) * HALF * q_brute,
        a_stays=(1 - d_ace) * HALF * (1 - q_brute),
        a_hands=(1 - d_ace) * HALF,
        b_loses=d_brute,
        b_stays=(1 - d_brute) * HALF * (1 - q_ace),
        b_hands=(1 - d_brute) * HALF,
    )
    odds = exact(fs, [ace, brute], "dq_moves")
    assert_odds(odds, p)
    assert odds.methods["disqualification"] > 0.3


def test_roll_finishers_miss_on_their_faces_and_the_roll_is_the_rating(fs):
    """Optional rule 11 with rule 2, over a two-turn match: turn 1 on LEVEL 1 is a slam the
    defender is hurt by (the attacker goes on at LEVEL 3); turn 2 is AXE (roll, miss 1): a 1
    misses, 2-6 is the finisher's rating against the PIN rating. Then time runs out."""
    level3 = ["AXE (roll 1d6 miss 1)"] * 6
    ace = card(fs, "Ace", [SLAMS, SLAMS, level3], ["hurt - 3"] * 6, pin=7)
    brute = card(fs, "Brute", [SLAMS, SLAMS, level3], ["hurt - 3"] * 6, pin=5)

    def pinned(pin: int, rolls: range) -> Fraction:
        return sum((Fraction(1, 6) * at_most(pin + r) for r in rolls), Fraction(0))

    rules = "finisher_ratings,roll_finishers"
    odds = exact(fs, [ace, brute], rules, time_limit=2)
    assert_odds(odds, HALF * pinned(5, range(2, 7)), HALF * pinned(7, range(2, 7)))
    assert odds.wins[0] == pytest.approx(145 / 432, abs=1e-12)  # (21+26+30+33+35)/36/6/2
    # Without rule 11 the roll finisher is rating 0 and never misses.
    plain = exact(fs, [ace, brute], "finisher_ratings", time_limit=2)
    assert_odds(plain, HALF * at_most(5), HALF * at_most(7))


def test_into_the_ropes_by_the_charts_c_column(fs):
    """Every entry is "into the ropes"; both wrestlers are rated C. The Into the Ropes chart
    (docs/rules/filsinger.md), column C: 2-3 PIN (the thrown man rolls his PIN rating; a
    kick-out gives the thrower LEVEL 3), 4-9 the thrower on offense, 10-12 the thrown man."""
    ropes = ["into the ropes"] * 6
    ace = card(fs, "Ace", ropes, pin_or_counter("Ace"), pin=7, ropes="C")
    brute = card(fs, "Brute", ropes, pin_or_counter("Brute"), pin=5, ropes="C")
    pin_rows, thrower_rows, thrown_rows = Fraction(1 + 2, 36), Fraction(27, 36), Fraction(6, 36)
    q_ace, q_brute = at_most(7), at_most(5)
    p = two_sides(
        a_wins=pin_rows * q_brute,
        a_stays=pin_rows * (1 - q_brute) + thrower_rows,
        a_hands=thrown_rows,
        b_loses=Fraction(0),
        b_stays=pin_rows * (1 - q_ace) + thrower_rows,
        b_hands=thrown_rows,
    )
    assert_odds(exact(fs, [ace, brute]), p)
