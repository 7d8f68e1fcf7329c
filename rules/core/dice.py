"""Dice: a seeded source that records every roll, and a scripted source that replays faces.

Every engine takes one of these; nothing in ``rules`` touches the global ``random`` module.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from rules.core.errors import DiceExhausted


class Dice:
    """The interface the engines use. ``rolls`` holds every face rolled, in order."""

    rolls: list[int]

    def d6(self) -> int:
        raise NotImplementedError

    def two_d6(self) -> tuple[int, int]:
        """Two six-sided dice, as their faces (the total is what most charts read)."""
        return (self.d6(), self.d6())

    def roll(self, n: int, sides: int = 6) -> tuple[int, ...]:
        if sides != 6:
            raise ValueError("only six-sided dice are supported by this source")
        return tuple(self.d6() for _ in range(n))

    def d20(self) -> int:
        raise NotImplementedError


class SeededDice(Dice):
    """Dice from a seed, with their own ``random.Random``. The same seed gives the same faces."""

    __slots__ = ("_random", "d6", "d20", "record", "rolls", "seed")

    # The faces are drawn by closures set on the instance (see ``__init__``), not methods.
    d6: Callable[[], int]
    d20: Callable[[], int]

    def __init__(self, seed: int, *, record: bool = True):
        """``record=False`` keeps no list of rolls (the fast path for odds)."""
        self.seed = seed
        self.record = record
        self._random = random.Random(seed)
        self.rolls = []
        rnd = self._random.random
        if record:
            append = self.rolls.append

            def d6() -> int:
                face = int(rnd() * 6.0) + 1
                append(face)
                return face

            def d20() -> int:
                face = int(rnd() * 20.0) + 1
                append(face)
                return face
        else:

            def d6() -> int:
                return int(rnd() * 6.0) + 1

            def d20() -> int:
                return int(rnd() * 20.0) + 1

        # Instance attributes: the engines call them in their inner loop. (A d20 face is drawn
        # the same way as ``roll(1, 20)``'s.)
        self.d6 = d6
        self.d20 = d20

    def source(self) -> tuple[Callable[[], float], list[int] | None]:
        """What an engine needs to draw these same dice itself, without a Python call for
        each: the random source (a d``n``'s face is ``int(source() * n) + 1``, as ``d6`` and
        ``d20`` draw it) and the list each face is appended to (None when not recording)."""
        return self._random.random, (self.rolls if self.record else None)

    def two_d6(self) -> tuple[int, int]:
        d6 = self.d6
        return (d6(), d6())

    def roll(self, n: int, sides: int = 6) -> tuple[int, ...]:
        if sides == 6:
            return tuple(self.d6() for _ in range(n))
        faces = tuple(int(self._random.random() * sides) + 1 for _ in range(n))
        if self.record:
            self.rolls.extend(faces)
        return faces


class ScriptedDice(Dice):
    """Replays the given faces in order; running out is an error that says so."""

    def __init__(self, faces: Iterable[int]):
        self.faces = list(faces)
        for face in self.faces:
            if not isinstance(face, int) or isinstance(face, bool) or face < 1:
                raise ValueError(f"scripted faces must be positive integers, got {face!r}")
        self.position = 0
        self.rolls = []

    def _next(self, sides: int) -> int:
        if self.position >= len(self.faces):
            raise DiceExhausted(
                f"scripted dice exhausted after {len(self.faces)} faces "
                f"(rolled so far: {self.rolls})"
            )
        face = self.faces[self.position]
        if face > sides:
            raise ValueError(f"scripted face {face} at position {self.position} exceeds d{sides}")
        self.position += 1
        self.rolls.append(face)
        return face

    def d6(self) -> int:
        return self._next(6)

    def roll(self, n: int, sides: int = 6) -> tuple[int, ...]:
        return tuple(self._next(sides) for _ in range(n))

    def d20(self) -> int:
        return self._next(20)

    @property
    def remaining(self) -> int:
        return len(self.faces) - self.position


# Faces standing for each two-dice total, and how many of the 36 combinations give it.
TWO_D6_WAYS: dict[int, int] = {t: 6 - abs(t - 7) for t in range(2, 13)}
_REPRESENTATIVE: dict[int, tuple[int, int]] = {
    t: (max(1, t - 6), t - max(1, t - 6)) for t in range(2, 13)
}


class EnumeratingDice(Dice):
    """Walks every outcome of a bounded random procedure (used by the exact-odds solvers).

    Run the procedure repeatedly with the same object: each run follows the next branch, and
    ``weight`` is that branch's probability. Two-dice rolls branch on their eleven totals (the
    faces returned stand for their total), so a procedure may only read the total.
    """

    def __init__(self) -> None:
        self.rolls = []
        self._path: list[int] = []
        self._widths: list[int] = []
        self._pos = 0
        self.weight = 1.0

    def start(self) -> None:
        self._pos = 0
        self.weight = 1.0

    def advance(self) -> bool:
        """Move to the next branch; False when every branch has been walked."""
        del self._path[self._pos :]
        del self._widths[self._pos :]
        while self._path:
            i = len(self._path) - 1
            if self._path[i] + 1 < self._widths[i]:
                self._path[i] += 1
                return True
            self._path.pop()
            self._widths.pop()
        return False

    def _choose(self, width: int) -> int:
        pos = self._pos
        if pos == len(self._path):
            self._path.append(0)
            self._widths.append(width)
        self._pos = pos + 1
        return self._path[pos]

    def d6(self) -> int:
        self.weight /= 6.0
        return self._choose(6) + 1

    def two_d6(self) -> tuple[int, int]:
        total = self._choose(11) + 2
        self.weight *= TWO_D6_WAYS[total] / 36.0
        return _REPRESENTATIVE[total]
