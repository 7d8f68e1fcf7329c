"""The ARM strategy's situation memory: its decisions remembered by their packed situations.

``DefaultStrategy`` packs what a decision reads of the match into four integers (its
situation, ``DefaultStrategy._situation``) and keeps the answer in the prepared match's
``Memory`` (``Prepared.memory``): every match played on the same preparation (the odds play
thousands) answers a situation seen before by looking it up.
"""

from __future__ import annotations

from typing import Any, Final, final

from librt.vecs import vec
from mypy_extensions import i64

from rules.arm.state import Plan

_LOW: Final = (1 << 31) - 1


def _mix(w0: i64, w1: i64, w2: i64, w3: i64) -> i64:
    """One integer from a situation's four (each under 2**62), to remember it by: their eight
    31-bit halves stirred in turn into 31 bits by a multiplication (under 2**62, so it never
    overflows) and a shift."""
    m: i64 = 0x5BD1E995
    h: i64 = (0x2545F491 ^ (w0 & _LOW)) * m
    h = ((h ^ h >> 31) & _LOW ^ w0 >> 31) * m
    h = ((h ^ h >> 31) & _LOW ^ (w1 & _LOW)) * m
    h = ((h ^ h >> 31) & _LOW ^ w1 >> 31) * m
    h = ((h ^ h >> 31) & _LOW ^ (w2 & _LOW)) * m
    h = ((h ^ h >> 31) & _LOW ^ w2 >> 31) * m
    h = ((h ^ h >> 31) & _LOW ^ (w3 & _LOW)) * m
    h = ((h ^ h >> 31) & _LOW ^ w3 >> 31) * m
    return h ^ h >> 31


#: A ``Memory`` place's integers: the situation's four, then its answer's index.
STRIDE: Final = 5


def _words(found: object) -> bool:
    """Whether an answer is a string or a tuple of strings (what a follow-up is)."""
    if isinstance(found, str):
        return True
    if not isinstance(found, tuple):
        return False
    return all(isinstance(item, str) for item in found)


def _answer_hash(found: object) -> i64:
    """A number for a remembered answer, equal for equal answers (``_same_answer``): a plan's
    from its fields (its maneuvers and object by identity: they belong to the prepared match),
    words' from their ``hash``, anything else's from its identity."""
    if isinstance(found, Plan):
        # (Each part under 2**56, so nothing overflows 64 bits; worked in unboxed integers.)
        move: i64 = id(found.move)
        obj: i64 = id(found.obj)
        double: i64 = id(found.double)
        actions: i64 = hash(found.actions)
        desperation: i64 = found.desperation
        h: i64 = move ^ obj * 3 ^ double * 5
        h ^= (actions & _LOW) * 7 ^ (desperation & 255) * 11
        if found.trap:
            h ^= 13
        if found.over_top:
            h ^= 17 << 8
        if found.flourish:
            h ^= 19 << 16
        return h
    if _words(found):
        words: i64 = hash(found)
        return words & _LOW
    ident: i64 = id(found)
    return ident


def _same_answer(a: object, b: object) -> bool:
    """Whether two answers are the same, as ``_answer_hash`` reads them: the same object, plans
    of the same fields, or the same words."""
    if a is b:
        return True
    if isinstance(a, Plan):
        if not isinstance(b, Plan):
            return False
        return (
            a.move is b.move
            and a.obj is b.obj
            and a.double is b.double
            and a.actions == b.actions
            and a.trap == b.trap
            and a.over_top == b.over_top
            and a.flourish == b.flourish
            and a.desperation == b.desperation
        )
    return _words(a) and _words(b) and type(a) is type(b) and bool(a == b)


@final
class Memory:
    """A strategy's decisions remembered by their packed situations (four integers each).

    An open-addressed table of plain integers (``keys``, a ``librt.vecs.vec``): a situation's
    place is its mixed number (``_mix``) within the table, or the first free place after it
    (a free place's first integer is -1: a packed situation's is never negative); each place
    holds the four integers, so two situations that mix alike are told apart, and the index of
    the answer in ``answers``, where equal answers are kept once (``_same_answer``, found by
    ``_answer_hash`` in ``slots``). Kept at most half full (it doubles).

    Nothing in the table is a Python object: the collector has nothing in it to walk, however
    full, and a look-up reads one run of integers. (A table of entry objects made every
    decision remembered an object or more for the collector, which then walked them all.)

    It is read without locks: a reader holding the table before it doubled misses at worst, and
    the decision is worked out again."""

    __slots__ = ("answers", "filled", "keys", "places", "slots")

    def __init__(self) -> None:
        self.places: i64 = 1024
        self.keys: vec[i64] = vec[i64]([-1] * (1024 * STRIDE))
        self.filled: i64 = 0
        self.answers: list[Any] = []
        #: ``answers`` by ``_answer_hash``: each place an index into them, or -1.
        self.slots: vec[i64] = vec[i64]([-1] * 64)

    def recall(self, w0: i64, w1: i64, w2: i64, w3: i64, default: Any = None) -> Any:
        """The answer kept for these four integers, or ``default``."""
        keys = self.keys
        at = _place(keys, self.places, w0, w1, w2, w3)
        if keys[at] < 0:
            return default
        return self.answers[keys[at + 4]]

    def keep(self, w0: i64, w1: i64, w2: i64, w3: i64, found: Any) -> None:
        """Remember ``found`` for these four integers (in place of what was kept for them)."""
        index = self._answer(found)
        keys = self.keys
        at = _place(keys, self.places, w0, w1, w2, w3)
        new = keys[at] < 0
        keys[at] = w0
        keys[at + 1] = w1
        keys[at + 2] = w2
        keys[at + 3] = w3
        keys[at + 4] = index
        if new:
            self.filled += 1
            if self.filled * 2 >= self.places:
                self._double()

    def _answer(self, found: Any) -> i64:
        """The index of ``found`` in ``answers``, kept there if no same answer is."""
        answers = self.answers
        slots = self.slots
        mask: i64 = len(slots) - 1
        i: i64 = _answer_hash(found) & mask
        while True:
            index = slots[i]
            if index < 0:
                break
            if _same_answer(answers[index], found):
                return index
            i = (i + 1) & mask
        index = len(answers)
        answers.append(found)
        slots[i] = index
        if 2 * len(answers) >= len(slots):
            grown: vec[i64] = vec[i64]([-1] * (2 * len(slots)))
            mask = len(grown) - 1
            for kept in range(len(answers)):
                j: i64 = _answer_hash(answers[kept]) & mask
                while grown[j] >= 0:
                    j = (j + 1) & mask
                grown[j] = kept
            self.slots = grown
        return index

    def _double(self) -> None:
        old = self.keys
        places: i64 = 2 * self.places
        keys: vec[i64] = vec[i64]([-1] * (places * STRIDE))
        at: i64 = 0
        end: i64 = len(old)
        while at < end:
            if old[at] >= 0:
                to = _place(keys, places, old[at], old[at + 1], old[at + 2], old[at + 3])
                keys[to] = old[at]
                keys[to + 1] = old[at + 1]
                keys[to + 2] = old[at + 2]
                keys[to + 3] = old[at + 3]
                keys[to + 4] = old[at + 4]
            at += STRIDE
        self.keys = keys
        self.places = places


def _place(keys: vec[i64], places: i64, w0: i64, w1: i64, w2: i64, w3: i64) -> i64:
    """Where these four integers are in a ``Memory`` table of ``places`` places: the first
    integer of their place, or of the free place they would take."""
    mask: i64 = places - 1
    i = _mix(w0, w1, w2, w3) & mask
    while True:
        at = i * STRIDE
        first = keys[at]
        if first < 0 or (
            first == w0 and keys[at + 1] == w1 and keys[at + 2] == w2 and keys[at + 3] == w3
        ):
            return at
        i = (i + 1) & mask
