"""Exact odds of a standard singles match, by dynamic programming over the rounds.

What the next round depends on is the two scores: the PIN CHART column is read from the
pinning wrestler's total, and a pin by score needs 30 points and a 10-point lead. Everything
else in a round is drawn afresh. So the match is a chain over (round, score, score), and the
solver pushes the exact distribution over the scores forward one round at a time up to the time
limit, collecting each ending as it happens.

One round splits in two:

- **The exchange** does not look at the scores. Its outcomes (a submission, a disqualification,
  a double disqualification, or the two round scores with who, if anyone, stood a P/A move) are
  built from the cards' exact distributions (``analysis.attacks``): the General Card with its
  rerolls (a conditional distribution), the Offensive Card with the Ropes and Specialty cards,
  the Priority Factor, the Defensive Card (a chain of Reverses is a small linear system), the
  SUB range and the DQ roll. Each continuing outcome is a *tap*: a shift of the score grid.
- **The pins** do: for each tap class (who stood a P/A, who outscored whom by 5) the grid is
  shifted by its taps, then the pin attempts act cell by cell (a column of the PIN CHART per
  10-point band of the pinner's total, a pin by score only where 30 points and a 10-point lead
  hold).

Scores above the PIN CHART's last column are folded: when both wrestlers are past it, only
their difference matters, so both are brought down to it. Cells whose whole row or column holds
less than 1e-20 are dropped (their mass is counted and reported as ``dropped``); the figures are
exact to that, far below the floating-point rounding of a double.

The engine plays the same rules with dice; the tests hold the two to each other (Monte Carlo
within four standard errors for several pairings), so the solver is a second reading of the
rules that has to agree with the first.
"""

from __future__ import annotations

import time
from collections import defaultdict
from typing import Any

import numpy as np

from rules.core.result import ExactOdds, Method
from rules.core.text import group_noun
from rules.superstar.analysis import attacks, defense, general
from rules.superstar.engine import DQ_STAYS, PIN_LEAD, PIN_ROUND, PIN_SCORE, Prepared
from rules.superstar.tables import PIN

#: The budget ``odds`` gives the solver with exact="auto": the largest score grid a round may
#: reach (cells; about 8 bytes each in each of a few arrays) and seconds. MAX_STATES is the hard
#: limit ("always" without a budget of its own).
AUTO_MAX_STATES = 4_000_000
AUTO_SECONDS = 10.0
MAX_STATES = 8_000_000
_DROP = 1e-20
_EPSILON = 1e-15
_TWO = {t: (6 - abs(t - 7)) / 36.0 for t in range(2, 13)}


class NotFinite(Exception):
    """The match is not one the solver covers, or its chain is too big for the budget."""


class NotCovered(NotFinite):
    """The match is not one the solver covers at all (its kind or its strategy): no budget
    would help."""


def covers(prep: Prepared) -> str:
    """Why the solver cannot take this match ("" when it can)."""
    if prep.battle_royal:
        return "a battle royal's mini-matches are not solved exactly"
    if prep.tag:
        men = group_noun(p.pronouns for p in prep.spec.participants)
        return (
            f"tag matches (the {men} in and out, double teaming, injuries) make the chain too large"
        )
    if prep.grudge:
        return (
            "grudge matches carry the referee, blindness, penalties and the cage: the chain "
            "is too large"
        )
    return ""


# --------------------------------------------------------------------------------------------
# one round's exchange, as exact outcomes


def _moves(card, victim) -> list[tuple[tuple, float]]:
    """A wrestler's standing moves: ((points, pin, sub_p, dq, special), p). ``sub_p`` is the
    victim's chance to submit (0 for a move without *)."""
    sub_p = sum(_TWO[t] for t in range(victim.sub_lo, victim.sub_hi + 1))
    out: dict[tuple, float] = defaultdict(float)
    for attack, p in attacks(card).items():
        key = (
            attack.points,
            attack.pin,
            sub_p if attack.submission else 0.0,
            attack.dq,
            attack.special,
        )
        out[key] += float(p)
    return list(out.items())


def _resolve(
    m0: tuple | None, m1: tuple | None, dp0: int, dp1: int, no_dq: bool, out, weight: float
) -> None:
    """What a round with these standing moves ends in, added to ``out`` with ``weight``.

    ``out`` maps ("end", winner, method) or ("go", d0, d1, pa) to a probability."""
    moves = (m0, m1)
    # Submissions, the first side's first.
    for i in (0, 1):
        m = moves[i]
        if m is not None and m[2]:
            out[("end", i, Method.SUBMISSION)] += weight * m[2]
            weight *= 1.0 - m[2]
    if weight == 0.0:
        return
    # The DQ rolls: each (DQ) move's victim rolls two dice.
    dq_rolls = []
    for i in (0, 1):
        m = moves[i]
        if m is not None and m[3]:
            if no_dq:
                dq_rolls.append([(t, p, False) for t, p in _TWO.items()])
            else:
                dq_rolls.append(
                    [(t, p, False) for t, p in _TWO.items() if t <= DQ_STAYS]
                    + [(0, sum(_TWO[t] for t in _TWO if t > DQ_STAYS), True)]
                )
        else:
            dq_rolls.append([(0, 1.0, False)])
    pa = 0 if (m0 is not None and m0[1]) else 1 if (m1 is not None and m1[1]) else -1
    base0 = dp0 + (m0[0] if m0 is not None and not m0[3] else 0)
    base1 = dp1 + (m1[0] if m1 is not None and not m1[3] else 0)
    for t0, p0, out0 in dq_rolls[0]:
        for t1, p1, out1 in dq_rolls[1]:
            w = weight * p0 * p1
            if out0 and out1:
                out[("end", None, Method.DOUBLE_DISQUALIFICATION)] += w
            elif out0:
                out[("end", 0, Method.DISQUALIFICATION)] += w
            elif out1:
                out[("end", 1, Method.DISQUALIFICATION)] += w
            else:
                out[("go", base0 + t0, base1 + t1, pa)] += w


def round_outcomes(prep: Prepared) -> dict[tuple, float]:
    """The exact distribution of one round's exchange (no pins yet)."""
    w0, w1 = prep.teams[0][0], prep.teams[1][0]
    no_dq = prep.no_dq
    cards = (w0.card, w1.card)
    moves = (_moves(cards[0], w1), _moves(cards[1], w0))
    g = [float(1 - general(c)["DC"]) for c in cards]
    both = 1.0 - (1.0 - g[0]) * (1.0 - g[1])
    p_oo = g[0] * g[1] / both
    p_attacks = (g[0] * (1.0 - g[1]) / both, (1.0 - g[0]) * g[1] / both)
    d = [{k: float(v) for k, v in defense(c).items()} for c in cards]
    out: dict[tuple, float] = defaultdict(float)

    # Both on offense: the Priority Factor settles two priority moves.
    prio = (w0.prio, w1.prio)
    for m0, p in moves[0]:
        for m1, q in moves[1]:
            a: tuple | None = m0
            b: tuple | None = m1
            if m0[4] and m1[4]:
                if prio[0] > prio[1]:
                    b = None
                elif prio[1] > prio[0]:
                    a = None
                else:
                    a = b = None
            _resolve(a, b, 0, 0, no_dq, out, p_oo * p * q)

    # One on offense. H[x]: the exchanges that end without a Reverse when x attacks; a Reverse
    # hands the attack to the other, so F_x = (H_x + r_y H_y) / (1 - r_x r_y).
    rev = (d[0]["Reverse"], d[1]["Reverse"])
    det = 1.0 - rev[0] * rev[1]

    def terminal(x: int):
        y = 1 - x
        for m, p in moves[x]:
            for code, dp, stands in (("A", 2, True), ("B", 0, True), ("C", 4, False)):
                q = d[y][code]
                if q:
                    yield m if stands else None, x, dp, p * q

    for x in (0, 1):
        if not p_attacks[x]:
            continue
        y = 1 - x
        for src, factor in ((x, 1.0), (y, rev[y])):
            weight = p_attacks[x] * factor / det
            for m, attacker, dp, p in terminal(src):
                moves_pair = [None, None]
                moves_pair[attacker] = m
                dps = [0, 0]
                dps[1 - attacker] = dp
                _resolve(moves_pair[0], moves_pair[1], dps[0], dps[1], no_dq, out, weight * p)
    return dict(out)


# --------------------------------------------------------------------------------------------
# the pins, on the score grid


class _Pins:
    """One wrestler's pin attempt, as column bands of the grid along his axis."""

    def __init__(self, prep: Prepared, modifier: int):
        chart = prep.tables.pin_chart
        self.lows = chart.lows
        self.bands: list[tuple[int, int | None, float, list[tuple[int, float]]]] = []
        for c, column in enumerate(chart.columns):
            pinned = 0.0
            shifts: dict[int, float] = defaultdict(float)
            for roll, p in _TWO.items():
                total = min(12, max(2, roll + modifier))
                result = column[total - 2]
                if result == PIN:
                    pinned += p
                else:
                    shifts[result] += p
            lo = chart.lows[c]
            hi = chart.lows[c + 1] if c + 1 < len(chart.lows) else None
            self.bands.append((lo, hi, pinned, sorted(shifts.items())))
        self.max_shift = max((s for _, _, _, sh in self.bands for s, _ in sh), default=0)


def _attempt(
    grid: np.ndarray,
    axis: int,
    offset: int,
    pins: _Pins,
    out: np.ndarray,
    extent: int,
) -> float:
    """The wrestler whose score runs along ``axis`` of ``grid`` (score = index + ``offset``)
    goes for the pin from every cell (whose mass lies below ``extent`` along that axis):
    kick-outs are added to ``out``, shifted by their points; the pinned mass is returned."""
    pinned = 0.0
    for lo, hi, p_pin, shifts in pins.bands:
        lo = max(0, lo - offset)
        if lo >= extent:
            break
        top = extent if hi is None else min(extent, hi - offset)
        if top <= lo:
            continue
        slab = grid[lo:top, :] if axis == 0 else grid[:, lo:top]
        mass = float(slab.sum())
        if mass == 0.0:
            continue
        pinned += p_pin * mass
        for shift, p in shifts:
            if axis == 0:
                out[lo + shift : top + shift, :] += p * slab
            else:
                out[:, lo + shift : top + shift] += p * slab
    return pinned


class _Arms:
    """The score grid after folding, as two arms.

    ``a[s0, s1]`` holds the cells with s0 <= cap (s1 any); ``b[s1, s0 - cap - 1]`` the cells
    with s0 > cap and s1 <= cap, stored transposed so that each arm's rows are short and its
    live cells contiguous. (Cells with both scores past cap are folded onto the arms.)"""

    def __init__(self, cap: int):
        self.cap = cap
        self.a = np.ones((1, 1))
        self.b = np.zeros((1, 1))

    def mass(self) -> float:
        return float(self.a.sum() + self.b.sum())

    def cells(self) -> int:
        return int(np.count_nonzero(self.a) + np.count_nonzero(self.b))


def _coords(shape: tuple[int, int], arm: str, cap: int) -> tuple[np.ndarray, np.ndarray]:
    """The two scores (s0, s1) of every cell of an arm's array, broadcastable."""
    rows = np.arange(shape[0])[:, None]
    cols = np.arange(shape[1])[None, :]
    if arm == "a":
        return rows, cols
    return cols + cap + 1, rows


def _eligible(shape: tuple[int, int], arm: str, cap: int, side: int) -> np.ndarray:
    """Cells where ``side`` may pin by score: 30 points or more and 10 ahead."""
    s0, s1 = _coords(shape, arm, cap)
    mine, theirs = (s0, s1) if side == 0 else (s1, s0)
    return ((mine >= PIN_SCORE) & (mine - theirs >= PIN_LEAD)).astype(float)


class _View:
    """What a pin decision sees when a strategy is asked cell by cell."""

    def __init__(self, rounds: int, score: tuple[int, int]):
        self.rounds = rounds
        self.score = list(score)
        self.pair = (0, 1)


def _decide(
    strategy: Any, grid: np.ndarray, arm: str, cap: int, side: int, reason: str, rounds: int
) -> np.ndarray | None:
    """The strategy's yes (1.0) or no (0.0) for every cell with mass; None for always yes."""
    if getattr(strategy, "pin_policy_is_always", False):
        return None
    mask = np.zeros_like(grid)
    s0, s1 = _coords(grid.shape, arm, cap)
    for r, c in zip(*np.nonzero(grid), strict=True):
        score = (
            int(np.broadcast_to(s0, grid.shape)[r, c]),
            int(np.broadcast_to(s1, grid.shape)[r, c]),
        )
        if strategy.attempt_pin(_View(rounds, score), side, reason):
            mask[r, c] = 1.0
    return mask


def _fold_into(values: np.ndarray, diff: np.ndarray, a: np.ndarray, b: np.ndarray, cap: int):
    """Add cells whose two scores are both past ``cap`` (lead ``diff`` = s0 - s1) to the arms:
    only the lead matters there, so they go to (cap + lead, cap) or (cap, cap - lead)."""
    keep = values != 0.0
    if not keep.any():
        return
    values, diff = values[keep], diff[keep]
    pos = diff > 0
    if pos.any():
        sums = np.bincount(diff[pos] - 1, weights=values[pos])
        b[cap, : len(sums)] += sums
    neg = ~pos
    if neg.any():
        sums = np.bincount(-diff[neg], weights=values[neg])
        a[cap, cap : cap + len(sums)] += sums


def _normalize(na: np.ndarray, nb: np.ndarray, cap: int) -> tuple[np.ndarray, np.ndarray, float]:
    """Rows past ``cap`` of a round's output go back to the arms (folding where both scores are
    past it); returns arrays with at most ``cap + 1`` rows."""
    ra, ca = na.shape
    rb, cb = nb.shape
    spill_a = max(0, ra - cap - 1)
    a = np.zeros((cap + 1, max(ca, cap + 1 + max(ca, rb) + 1)))
    b = np.zeros((cap + 1, max(cb, spill_a, ra) + 1))
    a[: min(ra, cap + 1), :ca] = na[: cap + 1, :]
    b[: min(rb, cap + 1), :cb] = nb[: cap + 1, :]
    if spill_a:
        block = na[cap + 1 :, :]  # s0 = cap + 1 + row, s1 = column
        low = block[:, : cap + 1]
        b[: low.shape[1], :spill_a] += low.T
        high = block[:, cap + 1 :]
        if high.any():
            s0 = np.arange(cap + 1, ra)[:, None]
            s1 = np.arange(cap + 1, ca)[None, :]
            _fold_into(high.ravel(), (s0 - s1).ravel(), a, b, cap)
    if rb > cap + 1:
        block = nb[cap + 1 :, :]  # s1 = cap + 1 + row, s0 = cap + 1 + column
        if block.any():
            s1 = np.arange(cap + 1, rb)[:, None]
            s0 = np.arange(cb)[None, :] + cap + 1
            _fold_into(block.ravel(), (s0 - s1).ravel(), a, b, cap)
    return _shrink(a, b)


def _shrink(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """Drop trailing rows and columns that hold (each) less than ``_DROP``."""

    dropped = 0.0

    def trim(x: np.ndarray) -> np.ndarray:
        nonlocal dropped
        rows = x.sum(axis=1)
        keep = len(rows)
        while keep > 1 and rows[keep - 1] < _DROP:
            keep -= 1
        dropped += float(rows[keep:].sum())
        x = x[:keep, :]
        cols = x.sum(axis=0)
        keep = len(cols)
        while keep > 1 and cols[keep - 1] < _DROP:
            keep -= 1
        dropped += float(cols[keep:].sum())
        return x[:, :keep]

    return trim(a), trim(b), dropped


def _padded(x: np.ndarray, width: int) -> np.ndarray:
    out = np.zeros((x.shape[0], width))
    out[:, : x.shape[1]] = x
    return out.ravel()


class _Step:
    """One round's pins on the shifted arms: arm ``a`` shifts (d0 rows, d1 columns), arm ``b``
    (d1 rows, d0 columns); ``ext`` gives the extent of the live cells along each side's axis."""

    def __init__(self, grid: _Arms, max_d: tuple[int, int], pins: _Pins, strategy, rounds: int):
        a, b = grid.a, grid.b
        ra, ca = a.shape
        rb, cb = b.shape
        pad = pins.max_shift + 1
        self.cap = grid.cap
        self.pins = pins
        self.strategy = strategy
        self.rounds = rounds
        self.wa, self.wb = ca + max_d[1] + pad, cb + max_d[0] + pad
        self.ha, self.hb = ra + max_d[0] + pad, rb + max_d[1] + pad
        self.ext = {
            ("a", 0): ra + max_d[0],
            ("a", 1): ca + max_d[1],
            ("b", 0): cb + max_d[0],
            ("b", 1): rb + max_d[1],
        }
        self.src_a, self.src_b = _padded(a, self.wa), _padded(b, self.wb)
        self.masks: dict[tuple[str, int], np.ndarray] = {}

    @property
    def cells(self) -> int:
        return self.ha * self.wa + self.hb * self.wb

    def zeros(self) -> tuple[np.ndarray, np.ndarray]:
        return np.zeros((self.ha, self.wa)), np.zeros((self.hb, self.wb))

    def shifted(self, taps, into_a: np.ndarray, into_b: np.ndarray) -> None:
        """Add the grid shifted by each tap. The arrays are flat rows with room on the right,
        so a shift is one contiguous slice (three times faster than a strided 2-D one)."""
        flat_a, flat_b = into_a.reshape(-1), into_b.reshape(-1)
        src_a, src_b = self.src_a, self.src_b
        wa, wb = self.wa, self.wb
        for d0, d1, p in taps:
            at = d0 * wa + d1
            flat_a[at : at + src_a.size] += p * src_a
            at = d1 * wb + d0
            flat_b[at : at + src_b.size] += p * src_b

    def eligible(self, arm: str, side: int) -> np.ndarray:
        if (arm, side) not in self.masks:
            shape = (self.ha, self.wa) if arm == "a" else (self.hb, self.wb)
            self.masks[(arm, side)] = _eligible(shape, arm, self.cap, side)
        return self.masks[(arm, side)]

    def attempt(self, side: int, xa, xb, oa, ob) -> float:
        """Side ``side`` goes for the pin from every cell of the arms ``xa``, ``xb``."""
        pins, ext = self.pins, self.ext
        if side == 0:
            got = _attempt(xa, 0, 0, pins, oa, ext[("a", 0)])
            return got + _attempt(xb, 1, self.cap + 1, pins, ob, ext[("b", 0)])
        got = _attempt(xa, 1, 0, pins, oa, ext[("a", 1)])
        return got + _attempt(xb, 0, 0, pins, ob, ext[("b", 1)])

    def decide(self, x: np.ndarray, arm: str, side: int, reason: str) -> np.ndarray | None:
        return _decide(self.strategy, x, arm, self.cap, side, reason, self.rounds)

    def split(self, xa, xb, side: int):
        """The cells where ``side`` goes for the pin by score (and the strategy agrees)."""
        ea, eb = self.eligible("a", side), self.eligible("b", side)
        da = self.decide(xa, "a", side, "score")
        if da is not None:
            ea, eb = ea * da, eb * self.decide(xb, "b", side, "score")
        return xa * ea, xb * eb

    def tries(self, side: int, xa, xb, oa, ob) -> float:
        """Side ``side`` goes for the pin on a P/A from every cell (if the strategy says so)."""
        da = self.decide(xa, "a", side, "pa")
        if da is None:
            return self.attempt(side, xa, xb, oa, ob)
        db = self.decide(xb, "b", side, "pa")
        assert db is not None  # None only for a strategy that always pins, and da says not
        oa += xa * (1.0 - da)
        ob += xb * (1.0 - db)
        return self.attempt(side, xa * da, xb * db, oa, ob)

    def pins_of(self, pa: int, margin: int, ta, tb, oa, ob, ends) -> None:
        """The pin attempts of one tap class, from (ta, tb) into (oa, ob)."""
        if pa == -1:
            scorer = 0 if margin == 1 else 1
            sa, sb = self.split(ta, tb, scorer)
            oa += ta - sa
            ob += tb - sb
            ends[(scorer, Method.PIN)] += self.attempt(scorer, sa, sb, oa, ob)
            return
        if margin == 0:
            ends[(pa, Method.PIN)] += self.tries(pa, ta, tb, oa, ob)
            return
        # A P/A for one side while the other outscored him by 5: the P/A first, then the other
        # where he qualifies by score (decided before either attempt).
        scorer = 1 - pa
        sa, sb = self.split(ta, tb, scorer)
        ends[(pa, Method.PIN)] += self.tries(pa, ta - sa, tb - sb, oa, ob)
        after_a, after_b = self.zeros()
        ends[(pa, Method.PIN)] += self.tries(pa, sa, sb, after_a, after_b)
        ends[(scorer, Method.PIN)] += self.attempt(scorer, after_a, after_b, oa, ob)


def _solve_referee(
    prep: Prepared,
    strategy: Any,
    outcomes: dict[tuple, float],
    modifier: int,
    max_states: int,
    deadline: float,
) -> tuple[dict[tuple[int | None, Method], float], int, float]:
    ends: dict[tuple[int | None, Method], float] = defaultdict(float)
    end_p = [(k[1], k[2], p) for k, p in outcomes.items() if k[0] == "end"]
    taps = [(k[1], k[2], k[3], p) for k, p in outcomes.items() if k[0] == "go"]
    classes: dict[tuple[int, int], list[tuple[int, int, float]]] = defaultdict(list)
    for d0, d1, pa, p in taps:
        margin = 1 if d0 - d1 >= PIN_ROUND else -1 if d1 - d0 >= PIN_ROUND else 0
        if (pa == 0 and margin == 1) or (pa == 1 and margin == -1):
            margin = 0  # he goes for the pin on the P/A anyway
        classes[(pa, margin)].append((d0, d1, p))
    max_d = (
        max((d0 for d0, _, _, _ in taps), default=0),
        max((d1 for _, d1, _, _ in taps), default=0),
    )
    pins = _Pins(prep, modifier)
    grid = _Arms(max(prep.tables.pin_chart.lows[-1], PIN_SCORE))
    states = 0
    dropped = 0.0
    for rounds in range(1, prep.time_limit + 1):
        mass = grid.mass()
        if mass < _EPSILON:
            break
        if time.perf_counter() > deadline:
            raise NotFinite(f"the time budget ran out at round {rounds}")
        for winner, method, p in end_p:
            ends[(winner, method)] += mass * p
        step = _Step(grid, max_d, pins, strategy, rounds)
        if step.cells > max_states:
            raise NotFinite(
                f"the score grid would reach {step.cells} cells, more than the {max_states} solved"
            )
        new_a, new_b = step.zeros()
        for (pa, margin), cls in classes.items():
            if pa == -1 and margin == 0:
                step.shifted(cls, new_a, new_b)
                continue
            ta, tb = step.zeros()
            step.shifted(cls, ta, tb)
            step.pins_of(pa, margin, ta, tb, new_a, new_b, ends)
        grid.a, grid.b, lost = _normalize(new_a, new_b, grid.cap)
        dropped += lost
        states += grid.cells()
    leftover = grid.mass()
    if leftover:
        ends[(None, Method.DRAW_TIME_LIMIT)] += leftover
    return ends, states, dropped


def solve(
    prep: Prepared,
    strategy: Any,
    *,
    max_states: int | None = None,
    time_budget: float | None = None,
) -> ExactOdds:
    """The exact odds of a standard singles match, or ``NotFinite`` saying why not: within
    ``max_states`` grid cells a round (at most ``MAX_STATES``) and ``time_budget`` seconds (None:
    no limit)."""
    why = covers(prep)
    if why:
        raise NotCovered(why)
    if not getattr(strategy, "markov", False):
        raise NotCovered(
            "the strategy is not Markov (its pin decisions may use more than the scores)"
        )
    max_states = MAX_STATES if max_states is None else min(max_states, MAX_STATES)
    deadline = time.perf_counter() + (float("inf") if time_budget is None else time_budget)
    outcomes = round_outcomes(prep)
    if prep.options.referee:
        referees: dict[int, float] = defaultdict(float)
        for total, referee in enumerate(prep.tables.referee, 2):
            referees[referee.pin_modifier] += _TWO[total]
    else:
        referees = {0: 1.0}
    ends: dict[tuple[int | None, Method], float] = defaultdict(float)
    states = 0
    for modifier, weight in sorted(referees.items()):
        part, n, _ = _solve_referee(prep, strategy, outcomes, modifier, max_states, deadline)
        states += n
        for key, p in part.items():
            ends[key] += weight * p
    wins = [0.0, 0.0]
    draw = 0.0
    methods: dict[str, float] = defaultdict(float)
    for (winner, method), p in ends.items():
        methods[method.value] += p
        if winner is None:
            draw += p
        else:
            wins[winner] += p
    return ExactOdds(
        wins=tuple(wins), draw=draw, methods=dict(sorted(methods.items())), states=states
    )


__all__ = [
    "AUTO_MAX_STATES",
    "AUTO_SECONDS",
    "MAX_STATES",
    "NotFinite",
    "covers",
    "round_outcomes",
    "solve",
]
