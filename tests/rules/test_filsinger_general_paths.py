"""The Filsinger paths beyond the basic singles match held to exact odds worked out here: the
tag-team match (who is legal, the tag on taking the offense), the stipulations that drop the
disqualification or count-out rolls, a double disqualification's draw, and the time limit.

The engine's exact solver walks the engine's own turn (docs/rules/filsinger.md, "Exact odds"),
so the figures here come from the rulebook and the project's charts as docs/rules/filsinger.md
prints them, by a few lines of arithmetic in the test (a small linear system solved in
fractions), never from the engine. test_filsinger_closed_form.py does the same for the singles
rules.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.rules.filsinger_helpers import card

#: Two dice at or under n: how many of the 36 rolls.
WAYS_AT_MOST = {2: 1, 3: 3, 4: 6, 5: 10, 6: 15, 7: 21, 8: 26, 9: 30, 10: 33, 11: 35, 12: 36}
HALF = Fraction(1, 2)
#: Long enough that what is still in play after it is below 1e-12.
FOREVER = 2000


def at_most(n: int) -> Fraction:
    """P(two dice <= n): the PIN, disqualification and count-out rolls."""
    return Fraction(WAYS_AT_MOST[min(n, 12)], 36) if n >= 2 else Fraction(0)


def ways(*totals: int) -> Fraction:
    """P(two dice make one of ``totals``)."""
    return Fraction(sum(6 - abs(t - 7) for t in totals), 36)


def solve(equations: dict) -> dict:
    """Solve x_k = c_k + sum(a_kj x_j) in fractions (Gauss-Jordan); ``equations`` maps each
    unknown to (c, {unknown: a})."""
    keys = list(equations)
    index = {k: i for i, k in enumerate(keys)}
    n = len(keys)
    rows = []
    for k in keys:
        c, coeffs = equations[k]
        row = [Fraction(0)] * (n + 1)
        row[index[k]] += 1
        for other, a in coeffs.items():
            row[index[other]] -= a
        row[n] = c
        rows.append(row)
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [v / lead for v in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [v - factor * w for v, w in zip(rows[r], rows[col], strict=True)]
    return {k: rows[index[k]][n] for k in keys}


def pin_or_counter(name: str) -> list[str]:
    """LEVEL 3 DEFENSE: dice 1-3 PIN, 4-6 the defender's own counter onto LEVEL 3."""
    return ["PIN"] * 3 + [f"{name.upper()} - 3"] * 3


def assert_wins(odds, p_a: Fraction, p_b: Fraction) -> None:
    assert odds.wins[0] == pytest.approx(float(p_a), abs=1e-12)
    assert odds.wins[1] == pytest.approx(float(p_b), abs=1e-12)
    assert odds.draw == pytest.approx(float(1 - p_a - p_b), abs=1e-12)


# ------------------------------------------------------------------------------ the tag match
def test_a_tag_match_the_side_taking_the_offense_tags_in_its_partner(fs):
    """Tag rules (section 8): one wrestler a side is legal; before an offensive roll the side
    may tag in its partner. The default strategy tags when a side has just taken the offense
    and the man in is at least as worn as his partner: without fatigue always. Every move is a
    slam to LEVEL 3 DEFENSE: 1-3 PIN (the legal man's PIN rating; a kick-out keeps the attacker
    on offense), 4-6 the counter (the defending side takes the offense, and tags).

    Unknowns: P(A wins) with side s about to roll, A's legal man a, B's b (after any tag).
    The opening roll: A1 and B1 legal, either side first, nobody has just taken the offense."""
    slams = ["slam - 3"] * 6
    pins = {("A", 0): 7, ("A", 1): 4, ("B", 0): 6, ("B", 1): 3}
    cards = [
        card(fs, "Axe", slams, pin_or_counter("Axe"), pin=pins[("A", 0)]),
        card(fs, "Ash", slams, pin_or_counter("Ash"), pin=pins[("A", 1)]),
        card(fs, "Bow", slams, pin_or_counter("Bow"), pin=pins[("B", 0)]),
        card(fs, "Bay", slams, pin_or_counter("Bay"), pin=pins[("B", 1)]),
    ]
    equations = {}
    for a in (0, 1):
        for b in (0, 1):
            q_b, q_a = at_most(pins[("B", b)]), at_most(pins[("A", a)])
            # A rolls: B's legal man pinned, or kicks out (A again), or counters (B tags).
            equations[("A", a, b)] = (
                HALF * q_b,
                {("A", a, b): HALF * (1 - q_b), ("B", a, 1 - b): HALF},
            )
            # B rolls: A's legal man pinned (A loses), kicks out, or counters (A tags).
            equations[("B", a, b)] = (
                Fraction(0),
                {("B", a, b): HALF * (1 - q_a), ("A", 1 - a, b): HALF},
            )
    v = solve(equations)
    p_a = (v[("A", 0, 0)] + v[("B", 0, 0)]) / 2
    spec = fs.make_spec(cards, "tag", time_limit=FOREVER)
    assert_wins(fs.exact(spec), p_a, 1 - p_a)
    # Not the singles figure of the starting men: the partners' PIN ratings count.
    singles = solve(
        {
            "A": (HALF * at_most(6), {"A": HALF * (1 - at_most(6)), "B": HALF}),
            "B": (Fraction(0), {"B": HALF * (1 - at_most(7)), "A": HALF}),
        }
    )
    assert p_a != (singles["A"] + singles["B"]) / 2


# ----------------------------------------------------------------------- out of the ring
# docs/rules/filsinger.md, Out of the Ring, rating C (the thrown man, "you", rolls):
# 2 count-out 8 (you), then opp L3; 3-4 count-out 6 (you), then opp L3; 5 DQ (both), then opp
# L2; 6-7 opp L3; 8 PIN (you); 9-10 opp L2; 11 you L1; 12 DQ (opp), then you L2.


def ring_turn(thrown_pin, thrown_dq, thrower_dq, *, dq=True, count_out=True):
    """One turn of the thrower on offense: (thrower wins, thrower stays, hands over, thrower
    loses). Each check that is not rolled (a stipulation) leaves the instruction after it."""
    co8 = at_most(8) if count_out else Fraction(0)
    co6 = at_most(6) if count_out else Fraction(0)
    q_you = at_most(thrown_dq) if dq else Fraction(0)
    q_opp = at_most(thrower_dq) if dq else Fraction(0)
    q_pin = at_most(thrown_pin)
    wins = ways(2) * co8 + ways(3, 4) * co6 + ways(5) * q_you * (1 - q_opp) + ways(8) * q_pin
    stays = (
        ways(2) * (1 - co8)
        + ways(3, 4) * (1 - co6)
        + ways(5) * (1 - q_you) * (1 - q_opp)
        + ways(6, 7, 9, 10)
        + ways(8) * (1 - q_pin)
    )
    hands = ways(11) + ways(12) * (1 - q_opp)
    loses = ways(5) * (1 - q_you) * q_opp + ways(12) * q_opp
    return wins, stays, hands, loses


def match_odds(ace_turn, brute_turn):
    """P(Ace wins), P(Brute wins) from each side's turn, either side first."""
    aw, ast, ah, al = ace_turn
    bw, bst, bh, bl = brute_turn
    out = []
    for first_win, first_loss in ((aw, bl), (al, bw)):  # Ace's wins, then Brute's
        v = solve(
            {
                "ace": (first_win, {"ace": ast, "brute": ah}),
                "brute": (first_loss, {"brute": bst, "ace": bh}),
            }
        )
        out.append((v["ace"] + v["brute"]) / 2)
    return out[0], out[1]


@pytest.mark.parametrize(
    ("stipulations", "dq", "count_out"),
    [
        ({}, True, True),
        ({"no_dq": True}, False, True),
        ({"no_count_out": True}, True, False),
        ({"falls_count_anywhere": True}, True, False),
        ({"no_dq": True, "no_count_out": True}, False, False),
    ],
)
def test_out_of_the_ring_with_and_without_the_stipulations(fs, stipulations, dq, count_out):
    """Every entry is "out of the ring"; both are rated C there. Ace: PIN 7, disqualification
    6; Brute: PIN 5, disqualification 8. Both disqualified at once is a draw."""
    ring = ["out of the ring"] * 6
    ace = card(fs, "Ace", ring, ["dazed - 1"] * 6, pin=7, disqualification=6, ring="C")
    brute = card(fs, "Brute", ring, ["dazed - 1"] * 6, pin=5, disqualification=8, ring="C")
    ace_turn = ring_turn(5, 8, 6, dq=dq, count_out=count_out)
    brute_turn = ring_turn(7, 6, 8, dq=dq, count_out=count_out)
    p_ace, p_brute = match_odds(ace_turn, brute_turn)
    spec = fs.make_spec([ace, brute], time_limit=FOREVER, stipulations=stipulations)
    odds = fs.exact(spec)
    assert_wins(odds, p_ace, p_brute)
    if dq:
        # The draws are the double disqualifications: row 5, both roll and both are out.
        assert odds.draw > 0
    else:
        assert odds.draw == pytest.approx(0, abs=1e-12)


@pytest.mark.parametrize("limit", [1, 2, 3])
def test_the_time_limit_counts_turns(fs, limit):
    """The same match, ``limit`` turns: what is not decided by then is a draw."""
    ring = ["out of the ring"] * 6
    ace = card(fs, "Ace", ring, ["dazed - 1"] * 6, pin=7, disqualification=6, ring="C")
    brute = card(fs, "Brute", ring, ["dazed - 1"] * 6, pin=5, disqualification=8, ring="C")
    aw, ast, ah, al = ring_turn(5, 8, 6)
    bw, bst, bh, bl = ring_turn(7, 6, 8)
    # Distribution over who is on offense, pushed a turn at a time.
    on = {"ace": HALF, "brute": HALF}
    p_ace = p_brute = Fraction(0)
    for _ in range(limit):
        p_ace += on["ace"] * aw + on["brute"] * bl
        p_brute += on["ace"] * al + on["brute"] * bw
        on = {
            "ace": on["ace"] * ast + on["brute"] * bh,
            "brute": on["brute"] * bst + on["ace"] * ah,
        }
    odds = fs.exact(fs.make_spec([ace, brute], time_limit=limit))
    assert_wins(odds, p_ace, p_brute)
