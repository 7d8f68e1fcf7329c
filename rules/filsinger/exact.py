"""Exact odds: the match as a finite Markov chain, solved turn by turn.

A state is what the next offensive turn depends on: who is on offense and at which level, who is
legal in a tag match (and whether his side has just taken over), every wrestler's current PIN
rating (fatigue, Add 1 and distractions raise it; capped at 12, where every roll pins), and which
sides have used their distraction and outside interference. The default strategy decides by
that state alone, so one turn from a state has fixed odds. They are found by walking every
branch of ``Match.turn`` itself with enumerating dice (two-dice rolls branch on their eleven
totals), so the chain is the engine's own logic, not a second copy of the rules.

The time limit makes the chain time-dependent; the solver pushes the exact distribution forward
one turn at a time, so the probability of a time-limit draw is exact too, and stops early once
less than 1e-15 of the probability is still in play.

A budget bounds the work: at most ``max_states`` states (memory is about 300 bytes a state) and,
with ``time_budget``, at most that many seconds; past either the solver gives up with
``NotFinite`` saying which. ``AUTO_MAX_STATES`` and ``AUTO_SECONDS`` are the budget ``odds`` uses
when asked for exact odds "auto"; ``MAX_STATES`` is the hard limit whatever is asked.

This module's solver walks every state in plain Python; ``solve`` uses it for the smallest
chains (and, without numpy and scipy, for chains up to 20,000 states). Everything else goes to
``exact_sparse`` (the same chain, walked once per position and solved with scipy.sparse: a tag
match with every rule, hundreds of thousands of states, in seconds).
"""

from __future__ import annotations

import time
from collections import defaultdict
from typing import Any

from rules.core.dice import EnumeratingDice
from rules.core.result import ExactOdds, Method
from rules.filsinger.engine import MAX_PIN, Match, Prepared

#: The most states solved exactly (a tag match with every rule: 0.6 to 1.7 million with the
#: sample cards; about 300 bytes a state).
MAX_STATES = 2_000_000
#: The budget of ``odds(..., exact="auto")``: chains of up to a million states, solved within
#: ten seconds (a tag match with every rule and four sample cards: 0.6 million states, about 5 s
#: and 0.2 GB; past the budget the solver gives up with about 0.45 GB at most).
AUTO_MAX_STATES = 1_000_000
AUTO_SECONDS = 10.0
#: Chains this small (by ``state_bound``: basic singles, 6) are solved here in plain Python;
#: bigger ones, and every tag match, by ``exact_sparse`` (numpy and scipy.sparse).
PYTHON_BOUND = 24
#: Without numpy and scipy, the plain-Python solver takes chains up to this bound.
PYTHON_MAX_STATES = 20_000
_EPSILON = 1e-15

State = tuple


def _key(m: Match, tag: bool) -> State:
    return (
        m.off,
        m.level,
        m.legal[0],
        m.legal[1],
        m.fresh and tag,
        tuple(m.pins[0]),
        tuple(m.pins[1]),
        m.dist_used[0],
        m.dist_used[1],
        m.intf_used[0],
        m.intf_used[1],
    )


def _load(m: Match, k: State) -> None:
    m.off, m.level = k[0], k[1]
    m.legal[0], m.legal[1] = k[2], k[3]
    m.fresh = k[4]
    m.pins[0][:] = k[5]
    m.pins[1][:] = k[6]
    m.dist_used[0], m.dist_used[1] = k[7], k[8]
    m.intf_used[0], m.intf_used[1] = k[9], k[10]
    m.winner = None
    m.method = None
    m.interference.clear()
    m.distractions.clear()


class NotFinite(Exception):
    """The chain could not be solved (too many states, too long, or a strategy that is not
    Markov)."""


class NotCovered(NotFinite):
    """The match is not one the solver covers at all (its kind or its strategy): no budget
    would help."""


class Clock:
    """A time budget: ``check()`` raises ``NotFinite`` once ``seconds`` have passed (None: no
    limit)."""

    __slots__ = ("deadline", "seconds", "started")

    def __init__(self, seconds: float | None = None):
        self.seconds = seconds
        self.started = time.monotonic()
        self.deadline = None if seconds is None else self.started + seconds

    def check(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise NotFinite(f"solving took longer than the {self.seconds:g} s allowed")

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started


def state_bound(prep: Prepared) -> int:
    """An upper bound on the number of states, known before building the chain."""
    opts = prep.options
    bound = 2 * 3
    for team in prep.wrestlers:
        if {"fatigue", "add1"} & opts:  # each PIN rating can rise to 12
            for w in team:
                bound *= MAX_PIN - w.pin0 + 1
        elif "distractions" in opts:  # one successful distraction a side: +1 for one wrestler
            bound *= 1 + len(team)
    if prep.tag:
        bound *= 4 * 2
    for side in range(2):
        if "distractions" in opts and (prep.ringside[side] or prep.tag):
            bound *= 4  # its distraction and its outside interference used or not
        elif prep.ally_sides[side]:
            bound *= 2  # its ally's interference (rule 9, once a match) used or not
    return bound


def build_chain(
    prep: Prepared, strategy: Any, max_states: int = MAX_STATES, clock: Clock | None = None
) -> tuple[list[State], dict[State, tuple[list, list]]]:
    if not getattr(strategy, "markov", False):
        raise NotCovered("the strategy is not Markov (it may use more than the match state)")
    bound = state_bound(prep)
    if bound > max_states:
        raise NotFinite(
            f"the chain could have up to {bound} states, more than the {max_states} solved exactly"
        )
    m = Match(prep, EnumeratingDice(), strategy, record=False)
    tag = prep.tag
    starts = []
    for side in (0, 1):
        m.off, m.level, m.fresh = side, 1, False
        starts.append(_key(m, tag))
    chain: dict[State, tuple[list, list]] = {}
    todo = list(starts)
    while todo:
        k = todo.pop()
        if k in chain:
            continue
        if len(chain) >= max_states:
            raise NotFinite(f"more than {max_states} states")
        if clock is not None and not len(chain) & 255:
            clock.check()
        dice = EnumeratingDice()
        m.dice = dice
        m.d6 = dice.d6
        m.two = dice.two_d6
        ends: dict[tuple[int | None, Method], float] = defaultdict(float)
        nexts: dict[State, float] = defaultdict(float)
        while True:
            dice.start()
            _load(m, k)
            m.turn()
            if m.method is not None:
                ends[(m.winner, m.method)] += dice.weight
            else:
                nk = _key(m, tag)
                nexts[nk] += dice.weight
                if nk not in chain:
                    todo.append(nk)
            if not dice.advance():
                break
        chain[k] = (list(ends.items()), list(nexts.items()))
    return starts, chain


def solve(
    prep: Prepared,
    strategy: Any,
    max_states: int = MAX_STATES,
    time_budget: float | None = None,
) -> ExactOdds:
    """The exact odds, or ``NotFinite`` saying why not: at most ``max_states`` states (never more
    than ``MAX_STATES``) and, with ``time_budget``, at most that many seconds."""
    max_states = min(max_states, MAX_STATES)
    clock = Clock(time_budget)
    if not getattr(strategy, "markov", False):
        raise NotCovered("the strategy is not Markov (it may use more than the match state)")
    if state_bound(prep) > PYTHON_BOUND:
        try:
            # Here, not at the top: numpy and scipy are slow to import, and the small chains
            # never need them (nor an install without them).
            from rules.filsinger.exact_sparse import NotFiniteError, solve_sparse  # noqa: PLC0415
        except ImportError:  # numpy or scipy missing: small chains only
            max_states = min(max_states, PYTHON_MAX_STATES)
            if state_bound(prep) > max_states:
                raise NotFinite(
                    f"the chain could have up to {state_bound(prep)} states; more than "
                    f"{max_states} need numpy and scipy"
                ) from None
        else:
            try:
                return solve_sparse(prep, strategy, max_states, clock)
            except NotFiniteError as err:
                raise NotFinite(str(err)) from None
    return solve_python(prep, strategy, max_states, clock)


def solve_python(
    prep: Prepared, strategy: Any, max_states: int = MAX_STATES, clock: Clock | None = None
) -> ExactOdds:
    """The small-chain solver: one dictionary per state, pushed forward in plain Python."""
    starts, chain = build_chain(prep, strategy, max_states, clock)
    dist: dict[State, float] = {starts[0]: 0.5}
    dist[starts[1]] = dist.get(starts[1], 0.0) + 0.5
    ends: dict[tuple[int | None, Method], float] = defaultdict(float)
    for _ in range(prep.time_limit):
        new: dict[State, float] = defaultdict(float)
        for k, p in dist.items():
            end_list, next_list = chain[k]
            for e, q in end_list:
                ends[e] += p * q
            for nk, q in next_list:
                new[nk] += p * q
        dist = new
        if sum(dist.values()) < _EPSILON:
            break
        if clock is not None:
            clock.check()
    leftover = sum(dist.values())
    if leftover:
        ends[(None, Method.DRAW_TIME_LIMIT)] += leftover
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
        wins=tuple(wins), draw=draw, methods=dict(sorted(methods.items())), states=len(chain)
    )
