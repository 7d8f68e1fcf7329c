"""Exact odds for big chains (tag matches whose PIN ratings rise), with numpy and scipy.sparse.

The chain is the one ``exact.py`` describes, built and solved without touching each state in
Python:

- **Half turns.** ``Match.turn()`` is ``before_roll()`` (no dice: a tag match's tag on offense)
  and then ``offense_roll()``. The chain's states are the positions just before the offensive
  roll, so ``fresh`` (which only the tag decision reads) is never part of them; each walked
  outcome is passed through ``before_roll()`` at once.
- **One walk per position.** A state is a *position* (who is on offense, the level, who is
  legal, ``fresh``) and its *entries* (every wrestler's PIN rating, whether each side has used
  its distraction and its interference). A half turn is walked once per position, with every
  entry unknown (``_Sym``): a comparison the entry's possible values do not decide (the pin
  roll's ``total <= rating``, the strategy's ``rating >= 7``) branches in two like a die and
  narrows them; anything else (``int()``, a comparison of two unknowns) branches on each value
  left. Each branch (leaf) so carries the range of values it needs of each entry, its probability
  and its end or its new state, as a shift of the state's index (an entry raised by one, or set to
  a value it was narrowed to). The engine's own code decides everything.
- **Cells.** The states of a position that agree on the entries any of its leaves narrowed get
  the same leaves; their one-turn odds (a *cell*) are summed once from the leaves that fit.
- **Breadth first, a frontier at a time.** States are integers (a mixed radix over who is on
  offense, the level, who is legal, ``fresh``, the used distractions and interference, and each
  wrestler's PIN rating from where it starts to the highest it can reach); the reachable set is
  found with numpy, one frontier a step.
- **Turn by turn.** The distribution is pushed forward with a sparse matrix up to the time limit,
  so a time-limit draw gets its exact probability, as in ``exact.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from scipy import sparse

from rules.core.dice import EnumeratingDice
from rules.core.result import ExactOdds, Method
from rules.filsinger.engine import MAX_PIN, Match, Prepared
from rules.filsinger.exact import Clock

_EPSILON = 1e-15


def _no_check() -> None:
    """No time budget."""


class NotFiniteError(Exception):
    """Raised inside the builder; ``exact.solve`` turns it into ``exact.NotFinite``."""


class _Sym:
    """An entry of the state (a PIN rating, or whether a side has used its distraction or
    interference) not yet known in this branch: its value is ``lo + x + k`` for the unknown
    offset ``x`` in the interval the branch has narrowed it to. A comparison the interval
    does not decide branches in two (and narrows it); anything else picks the exact value."""

    __slots__ = ("b", "k", "w")

    def __init__(self, b: _Builder, w: int, k: int = 0):
        self.b = b
        self.w = w
        self.k = k

    def _base(self) -> int:
        return self.b.lo[self.w] + self.k

    def _le(self, c: int) -> bool:
        """value <= c."""
        return self.b.at_most(self.w, c - self._base())

    def value(self) -> int:
        return self._base() + self.b.exact(self.w)

    def __le__(self, other: Any) -> bool:
        if isinstance(other, int):
            return self._le(other)
        return self.value() <= other

    def __lt__(self, other: Any) -> bool:
        if isinstance(other, int):
            return self._le(other - 1)
        return self.value() < other

    def __ge__(self, other: Any) -> bool:
        if isinstance(other, int):
            return not self._le(other - 1)
        return self.value() >= other

    def __gt__(self, other: Any) -> bool:
        if isinstance(other, int):
            return not self._le(other)
        return self.value() > other

    def __eq__(self, other: object) -> bool:
        return self.value() == other

    def __ne__(self, other: object) -> bool:
        return self.value() != other

    def __add__(self, other: Any) -> Any:
        if isinstance(other, int) and not isinstance(other, bool):
            return _Sym(self.b, self.w, self.k + other)
        return self.value() + other

    __radd__ = __add__

    def __sub__(self, other: Any) -> Any:
        if isinstance(other, int) and not isinstance(other, bool):
            return _Sym(self.b, self.w, self.k - other)
        return self.value() - other

    def __rsub__(self, other: Any) -> Any:
        return other - self.value()

    # Any other arithmetic takes the exact value.
    def __mul__(self, other: Any) -> Any:
        return self.value() * other

    def __rmul__(self, other: Any) -> Any:
        return other * self.value()

    def __floordiv__(self, other: Any) -> Any:
        return self.value() // other

    def __rfloordiv__(self, other: Any) -> Any:
        return other // self.value()

    def __truediv__(self, other: Any) -> Any:
        return self.value() / other

    def __rtruediv__(self, other: Any) -> Any:
        return other / self.value()

    def __mod__(self, other: Any) -> Any:
        return self.value() % other

    def __rmod__(self, other: Any) -> Any:
        return other % self.value()

    def __neg__(self) -> int:
        return -self.value()

    def __abs__(self) -> int:
        return abs(self.value())

    def __float__(self) -> float:
        return float(self.value())

    def __bool__(self) -> bool:
        return bool(self.value())

    def __int__(self) -> int:
        return self.value()

    __index__ = __int__

    def __hash__(self) -> int:
        return hash(self.value())

    def __format__(self, spec: str) -> str:
        return format(self.value(), spec)

    def __repr__(self) -> str:
        return repr(self.value())

    __str__ = __repr__


class _Builder:
    """The state encoding, the walks of the engine, and the cells they serve."""

    def __init__(self, prep: Prepared, strategy: Any, check: Callable[[], None] = _no_check):
        self.prep = prep
        self.check = check
        f = prep.flags
        nlegal = 2 if prep.tag else 1
        # Entries: every wrestler's PIN rating (side 0 first), from pin0 up to the top it can
        # reach (fatigue and Add 1: 12; a distraction alone: one point); then whether side 0
        # and side 1 have used their distraction, and their interference (rule 14's, or an
        # ally's under rule 9).
        self.pos = [(s, i) for s, side in enumerate(prep.wrestlers) for i in range(len(side))]
        pin0 = [w.pin0 for side in prep.wrestlers for w in side]
        if f.fatigue or f.add1:
            hi = [MAX_PIN] * len(pin0)
        elif f.distract:
            hi = [min(MAX_PIN, p + 1) for p in pin0]
        else:
            hi = pin0
        flag = 2 if f.distract else 1
        intf = [2 if f.distract or ally else 1 for ally in prep.ally_sides]
        self.lo = [*pin0, 0, 0, 0, 0]
        self.radix = [h - p + 1 for h, p in zip(hi, pin0, strict=True)] + [flag, flag, *intf]
        n = len(self.radix)
        stride = [1] * n
        for w in range(n - 2, -1, -1):
            stride[w] = stride[w + 1] * self.radix[w + 1]
        self.stride = stride
        self.es = stride[0] * self.radix[0]
        self.np_stride = np.array(stride, dtype=np.int64)
        self.np_radix = np.array(self.radix, dtype=np.int64)
        # The position code: off, level, legal0, legal1, fresh (most significant first).
        self.cradix = (2, 3, nlegal, nlegal, 2)
        self.ncodes = int(np.prod(self.cradix))
        self.size = self.ncodes * self.es

        m = Match(prep, EnumeratingDice(), strategy, record=False)
        npins = len(self.pos)
        # Where each entry lives: (list name, side).
        self.where = [("pins", s) for s, _i in self.pos] + [
            ("dist_used", 0),
            ("dist_used", 1),
            ("intf_used", 0),
            ("intf_used", 1),
        ]
        self.slot = [i for _s, i in self.pos] + [0, 1, 0, 1]
        self.npins = npins
        # Per entry, the offsets [low, high] this branch allows; and every entry unknown.
        self.iv0 = [[0, r - 1] for r in self.radix]
        self.iv: list[list[int]] = []
        self.fields: dict[int, tuple] = {}
        # Any: a _Sym goes where the match holds an int or a bool, and answers as one would.
        unknown: list[Any] = [
            _Sym(self, w) if r > 1 else bool(self.lo[w]) if w >= npins else self.lo[w]
            for w, r in enumerate(self.radix)
        ]
        n0 = len(prep.wrestlers[0])
        self.unknown = (unknown[:n0], unknown[n0:npins], unknown[npins : npins + 2], unknown[-2:])
        self.m = m
        self.dice = EnumeratingDice()
        self.end_ids: dict[tuple[int | None, Method], int] = {}
        # Per half (0: before_roll, 1: offense_roll) and position code: every branch of the
        # walk, with the offsets it allows each entry; the entries any branch narrowed (as
        # strides, 0 where none did); the cells met so far, by key.
        self.leaves: list[dict[int, tuple[np.ndarray, ...]]] = [{}, {}]
        self.mask = [np.zeros((self.ncodes, n), dtype=np.int64) for _ in range(2)]
        self.cell_of: list[dict[int, int]] = [{}, {}]
        # The cells' outcomes, ragged: next states as index shifts, and ends.
        self.nexts: list[list[tuple[int, float]]] = []
        self.ends: list[list[tuple[int, float]]] = []
        self._tables: tuple[np.ndarray, ...] | None = None
        self._done = 0
        self.identity: np.ndarray | None = None

    # ------------------------------------------------------------------ encoding
    def at_most(self, w: int, t: int) -> bool:
        """Is entry ``w``'s offset at most ``t``? Branches when this branch does not know."""
        iv = self.iv[w]
        if iv[1] <= t:
            return True
        if iv[0] > t:
            return False
        if self.dice._choose(2) == 0:
            iv[1] = t
            return True
        iv[0] = t + 1
        return False

    def exact(self, w: int) -> int:
        """Entry ``w``'s offset: branches on every value this branch still allows."""
        iv = self.iv[w]
        if iv[0] < iv[1]:
            iv[0] = iv[1] = iv[0] + self.dice._choose(iv[1] - iv[0] + 1)
        return iv[0]

    def entry(self, m: Match, w: int) -> Any:
        name, side = self.where[w]
        return getattr(m, name)[side] if name != "pins" else m.pins[side][self.slot[w]]

    def set_entry(self, m: Match, w: int, value: Any) -> None:
        name, side = self.where[w]
        if name == "pins":
            m.pins[side][self.slot[w]] = value
        else:
            getattr(m, name)[side] = value

    def code_of(self, m: Match) -> int:
        code = 0
        for value, radix in zip(
            (m.off, m.level - 1, m.legal[0], m.legal[1], int(m.fresh)), self.cradix, strict=True
        ):
            if not 0 <= value < radix:
                raise NotFiniteError("a match state the chain does not encode")
            code = code * radix + value
        return code

    def encode(self, m: Match) -> int:
        """The index of the match state (every entry known)."""
        index = self.code_of(m) * self.es
        for w in range(len(self.radix)):
            index += (int(self.entry(m, w)) - self.lo[w]) * self.stride[w]
        return index

    def load(self, m: Match, index: int) -> None:
        """Set the match to state ``index``, every entry known."""
        self.load_code(m, index // self.es)
        rest = index % self.es
        for w in range(len(self.radix)):
            value = self.lo[w] + (rest // self.stride[w]) % self.radix[w]
            self.set_entry(m, w, bool(value) if w >= self.npins else value)

    def load_code(self, m: Match, code: int) -> None:
        """Set the match to position ``code``, every entry unknown (a ``_Sym``)."""
        fields = self.fields.get(code)
        if fields is None:
            values = []
            c = code
            for radix in reversed(self.cradix):
                c, v = divmod(c, radix)
                values.append(v)
            fresh, l1, l0, level, off = values
            fields = self.fields[code] = (off, level + 1, l0, l1, bool(fresh))
        m.off, m.level, m.legal[0], m.legal[1], m.fresh = fields
        m.winner = None
        m.method = None
        m.interference.clear()
        m.distractions.clear()
        self.iv = [iv[:] for iv in self.iv0]
        pins0, pins1, dist, intf = self.unknown
        m.pins[0][:] = pins0
        m.pins[1][:] = pins1
        m.dist_used[:] = dist
        m.intf_used[:] = intf

    # ------------------------------------------------------------------ walks and cells
    def walk(self, code: int, half: int) -> tuple[np.ndarray, ...]:
        """Every branch of one half turn from position ``code``, with the entries of the state
        unknown until looked at (``_Sym``): per branch the offsets it allows each entry (low
        and high), and its end or its shift of the state's index."""
        m = self.m
        dice = self.dice = EnumeratingDice()
        m.dice = dice
        m.d6 = dice.d6
        m.two = dice.two_d6
        play = m.before_roll if half == 0 else m.offense_roll
        n = len(self.radix)
        rows: dict[tuple, float] = {}
        value: int | None
        while True:
            dice.start()
            self.load_code(m, code)
            play()
            if m.method is not None:
                e = self.end_ids.setdefault((m.winner, m.method), len(self.end_ids))
                kind, value = 1, e
            else:
                kind, value = 0, self.shift(m, code)
                if value is None:
                    kind, value = 2, 0
            seen = tuple(x for iv in self.iv for x in iv)
            key = (seen, kind, value)
            rows[key] = rows.get(key, 0.0) + dice.weight
            if not dice.advance():
                break
            if not len(rows) & 1023:
                self.check()
        seen_rows = np.array([k[0] for k in rows], dtype=np.int64).reshape(len(rows), n, 2)
        kinds = np.array([k[1] for k in rows], dtype=np.int64)
        values = np.array([k[2] for k in rows], dtype=np.int64)
        weight = np.array(list(rows.values()), dtype=np.float64)
        full = np.array(self.radix) - 1
        narrowed = ((seen_rows[:, :, 0] > 0) | (seen_rows[:, :, 1] < full)).any(axis=0)
        self.mask[half][code] = np.where(narrowed, self.np_stride, 0)
        return seen_rows[:, :, 0], seen_rows[:, :, 1], kinds, values, weight

    def shift(self, m: Match, code: int) -> int | None:
        """How far the index moves from the state this branch started from (None: to an entry
        outside the range the chain allows, which only an unreachable state may do)."""
        shift = (self.code_of(m) - code) * self.es
        for w, r in enumerate(self.radix):
            if r == 1:
                continue
            now = self.entry(m, w)
            if isinstance(now, _Sym) and now.w == w:
                iv = self.iv[w]
                if iv[0] + now.k < 0 or iv[1] + now.k >= r:
                    if iv[0] == iv[1]:
                        return None
                    self.exact(w)
                    return self.shift(m, code)
                shift += now.k * self.stride[w]
            else:
                new = int(now) - self.lo[w]
                if not 0 <= new < r:
                    return None
                shift += (new - self.exact(w)) * self.stride[w]
        return shift

    def cell(self, key: int, half: int) -> int:
        code, rest = divmod(key, self.es)
        leaves = self.leaves[half].get(code)
        if leaves is None:
            leaves = self.leaves[half][code] = self.walk(code, half)
        low, high, kind, value, weight = leaves
        mine = (rest // self.np_stride) % self.np_radix
        match = ((low <= mine) & (mine <= high)).all(axis=1)
        if (match & (kind == 2)).any():
            raise NotFiniteError("a PIN rating outside the range the chain allows")
        ends: list[tuple[int, float]] = []
        nexts: list[tuple[int, float]] = []
        for k, out in ((1, ends), (0, nexts)):
            pick = match & (kind == k)
            if pick.any():
                vals, inverse = np.unique(value[pick], return_inverse=True)
                sums = np.bincount(inverse, weights=weight[pick])
                out.extend(zip(vals.tolist(), sums.tolist(), strict=True))
        if half == 0 and (ends or len(nexts) != 1):
            raise NotFiniteError("the strategy's tag on offense must be a plain choice")
        c = len(self.nexts)
        self.nexts.append(nexts)
        self.ends.append(ends)
        return c

    def cells(self, states: np.ndarray, half: int) -> np.ndarray:
        """The cell of each state (walking the engine for positions not met before)."""
        code = states // self.es
        for c in np.unique(code).tolist():
            if c not in self.leaves[half]:
                self.leaves[half][c] = self.walk(c, half)
        offs = ((states % self.es)[:, None] // self.np_stride) % self.np_radix
        keys = code * self.es + (offs * self.mask[half][code]).sum(axis=1)
        uniq, inverse = np.unique(keys, return_inverse=True)
        table = self.cell_of[half]
        ids = np.empty(len(uniq), dtype=np.int64)
        for j, key in enumerate(uniq.tolist()):
            if not j & 1023:
                self.check()
            c = table.get(key)
            if c is None:
                c = table[key] = self.cell(key, half)
            ids[j] = c
        return ids[inverse]

    def tables(self) -> tuple[np.ndarray, ...]:
        """The cells' outcomes as arrays (cells added since the last call appended)."""
        if self._tables is None or self._done < len(self.nexts):
            new = []
            for ragged in (self.nexts, self.ends):
                part = ragged[self._done :]
                lengths = np.array([len(r) for r in part], dtype=np.int64)
                flat = [x for r in part for x in r]
                first = np.array([x[0] for x in flat], dtype=np.int64)
                weight = np.array([x[1] for x in flat], dtype=np.float64)
                new.append((lengths, first, weight))
            out = []
            for j, (lengths, first, weight) in enumerate(new):
                if self._tables is None:
                    old_len = old_first = np.zeros(0, dtype=np.int64)
                    old_weight = np.zeros(0)
                else:
                    old_len, _, old_first, old_weight = self._tables[4 * j : 4 * j + 4]
                lengths = np.concatenate((old_len, lengths))
                ptr = np.cumsum(lengths) - lengths
                out += [
                    lengths,
                    ptr,
                    np.concatenate((old_first, first)),
                    np.concatenate((old_weight, weight)),
                ]
            self._tables = tuple(out)
            self._done = len(self.nexts)
        return self._tables

    def before_roll(self, states: np.ndarray) -> np.ndarray:
        """Each state passed through ``Match.before_roll`` (the tag on offense)."""
        if self.identity is None:
            # Walk every position once: most leave the state as it is.
            same = np.zeros(self.ncodes, dtype=bool)
            for c in range(self.ncodes):
                if c not in self.leaves[0]:
                    self.leaves[0][c] = self.walk(c, 0)
                kind, value = self.leaves[0][c][2:4]
                same[c] = len(kind) == 1 and kind[0] == 0 and value[0] == 0
            self.identity = same
        moved = ~self.identity[states // self.es]
        if not moved.any():
            return states
        out = states.copy()
        part = states[moved]
        cell = self.cells(part, 0)
        _, ptr, shift, _, *_ = self.tables()
        out[moved] = part + shift[ptr[cell]]
        return out


def _expand(cell: np.ndarray, lengths: np.ndarray, ptr: np.ndarray) -> tuple:
    """For states in ``cell``: which state each outcome row belongs to, and its table row."""
    count = lengths[cell]
    total = int(count.sum())
    owner = np.repeat(np.arange(len(cell)), count)
    first = np.cumsum(count) - count
    rows = np.repeat(ptr[cell] - first, count) + np.arange(total)
    return owner, rows


def solve_sparse(
    prep: Prepared, strategy: Any, max_states: int, clock: Clock | None = None
) -> ExactOdds:
    """The exact odds; ``NotFiniteError`` past ``max_states`` states, ``exact.NotFinite`` past the
    ``clock``'s time budget."""
    check = clock.check if clock is not None else _no_check
    b = _Builder(prep, strategy, check)
    m = b.m
    starts = []
    for side in (0, 1):
        b.load(m, 0)
        m.off, m.level, m.fresh = side, 1, False
        starts.append(b.encode(m))
    start_states = b.before_roll(np.array(starts, dtype=np.int64))
    # Each state's number in the chain, in the order found (-1: not found yet).
    number = np.full(b.size, -1, dtype=np.int32)
    frontier = np.unique(start_states)
    number[frontier] = np.arange(len(frontier), dtype=np.int32)
    count = len(frontier)
    # The transition matrix row by row: a frontier's states are numbered in order and its rows
    # come in that order, so each round appends rows.
    count_parts, dst_parts, w_parts = [], [], []
    cell_parts = []  # each state's cell (its ends are the cell's)
    while len(frontier):
        check()
        cell = b.cells(frontier, 1)
        nlen, nptr, nshift, nweight, *_ = b.tables()
        owner, rows = _expand(cell, nlen, nptr)
        dst = b.before_roll(frontier[owner] + nshift[rows])
        new = np.unique(dst[number[dst] < 0])
        if count + len(new) > max_states:
            raise NotFiniteError(f"more than {max_states} states")
        number[new] = np.arange(count, count + len(new), dtype=np.int32)
        count += len(new)
        count_parts.append(nlen[cell])
        dst_parts.append(number[dst])
        w_parts.append(nweight[rows])
        cell_parts.append(cell.astype(np.int32))
        frontier = new
    del number
    n = count
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.concatenate(count_parts), out=indptr[1:])
    step = sparse.csr_matrix(
        (np.concatenate(w_parts), np.concatenate(dst_parts), indptr), shape=(n, n)
    ).T  # column by column: the distribution's step forward
    del count_parts, dst_parts, w_parts

    dist = np.zeros(n)
    np.add.at(dist, np.searchsorted(np.unique(start_states), start_states), 0.5)
    visits = np.zeros(n)
    for _ in range(prep.time_limit):
        visits += dist
        dist = step @ dist
        if dist.sum() < _EPSILON:
            break
        check()
    # What ends the match: by cell, the visits to its states times its ends.
    mass = np.bincount(np.concatenate(cell_parts), weights=visits, minlength=len(b.nexts))
    _, _, _, _, elen, _, eid, eweight = b.tables()
    owner = np.repeat(np.arange(len(elen)), elen)
    ended = np.bincount(eid, weights=mass[owner] * eweight, minlength=len(b.end_ids))
    wins = [0.0, 0.0]
    draw = 0.0
    methods: dict[str, float] = {}
    by_end = sorted(b.end_ids.items(), key=lambda kv: kv[1])
    for (winner, method), e in by_end:
        p = float(ended[e])
        methods[method.value] = methods.get(method.value, 0.0) + p
        if winner is None:
            draw += p
        else:
            wins[winner] += p
    leftover = float(dist.sum())
    if leftover:
        key = Method.DRAW_TIME_LIMIT.value
        methods[key] = methods.get(key, 0.0) + leftover
        draw += leftover
    return ExactOdds(wins=tuple(wins), draw=draw, methods=dict(sorted(methods.items())), states=n)
