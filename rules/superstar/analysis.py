"""What follows from a card alone, exactly: the distributions of its rolls.

``attacks(card)`` is the distribution of one roll on the Offensive Card and everything it sends
the wrestler to (the Ropes card on two dice, the Specialty card on one die), as exact fractions.
``card_figures(card)`` sums it into the per-roll figures ``manage.py card_analysis`` prints. The
exact-odds solver builds its round from the same distributions.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules.superstar.cards import DQ, MOVE, NA, ROPES, SPECIALTY, SuperstarCard

WAYS = {t: 6 - abs(t - 7) for t in range(2, 13)}
TWO = {t: Fraction(w, 36) for t, w in WAYS.items()}
ONE = Fraction(1, 6)
DEFENSE_POINTS = {"A": 2, "B": 0, "C": 4, "Reverse": 0}
#: The disqualification roll: two dice, 10-12 out; 2-9 stays in and the attacker scores the roll.
DQ_OUT = frozenset({10, 11, 12})


@dataclass(frozen=True, slots=True)
class Attack:
    """One way an Offensive Card roll can end: its points and what it calls for.

    ``special`` is what the Priority Factor looks at (a P/A, a *, or a trip to the Specialty
    card); ``source`` says where the move came from (offense, ropes, specialty)."""

    points: int = 0
    pin: bool = False
    submission: bool = False
    dq: bool = False
    special: bool = False
    ropes: bool = False
    na: bool = False
    grudge: bool = False
    specialty: bool = False


def _specialty(card: SuperstarCard, ropes: bool) -> Iterator[tuple[Fraction, Attack]]:
    for roll in card.specialty.rolls:
        yield (
            ONE,
            Attack(
                points=roll.points,
                pin=roll.pin,
                submission=roll.submission,
                dq=roll.dq,
                special=True,
                ropes=ropes,
                specialty=True,
            ),
        )


def _entry(card: SuperstarCard, move: Any, ropes: bool) -> Iterator[tuple[Fraction, Attack]]:
    kind = move.kind
    if kind == MOVE:
        yield (
            Fraction(1),
            Attack(
                points=move.points,
                pin=move.pin,
                submission=move.submission,
                special=move.pin or move.submission,
                ropes=ropes,
                grudge=move.grudge,
            ),
        )
    elif kind == SPECIALTY:
        yield from _specialty(card, ropes)
    elif kind == DQ:
        yield Fraction(1), Attack(dq=True, ropes=ropes)
    elif kind == NA:
        yield Fraction(1), Attack(ropes=True, na=True)
    else:  # ROPES on the Ropes card cannot happen (the card format refuses it)
        raise ValueError(f"unexpected {kind} entry")


def attacks(card: SuperstarCard) -> dict[Attack, Fraction]:
    """The distribution of one Offensive Card roll, with the Ropes and Specialty rolls it leads
    to. Probabilities are exact fractions summing to 1."""
    out: dict[Attack, Fraction] = {}
    for total, p in TWO.items():
        move = card.offense[total - 2]
        if move.kind == ROPES:
            for rtotal, q in TWO.items():
                for r, attack in _entry(card, card.ropes[rtotal - 2], True):
                    out[attack] = out.get(attack, Fraction(0)) + p * q * r
        else:
            for r, attack in _entry(card, move, False):
                out[attack] = out.get(attack, Fraction(0)) + p * r
    return out


def general(card: SuperstarCard) -> dict[str, Fraction]:
    out = {"OC": Fraction(0), "OC/TT": Fraction(0), "DC": Fraction(0)}
    for total, p in TWO.items():
        out[card.general[total - 2]] += p
    return out


def defense(card: SuperstarCard) -> dict[str, Fraction]:
    out = {"A": Fraction(0), "B": Fraction(0), "C": Fraction(0), "Reverse": Fraction(0)}
    for total, p in TWO.items():
        out[card.defense[total - 2]] += p
    return out


def range_chance(bounds: tuple[int, int] | None) -> Fraction:
    """The chance that two dice land in a range (the SUB range, the tag-team factor)."""
    if bounds is None:
        return Fraction(0)
    return sum((TWO[t] for t in range(bounds[0], bounds[1] + 1)), Fraction(0))


DQ_STAY_POINTS = sum((TWO[t] * t for t in TWO if t not in DQ_OUT), Fraction(0))


@dataclass(frozen=True, slots=True)
class Figure:
    key: str
    label: str
    value: Fraction
    kind: str = "chance"  # chance | points

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "key": self.key,
            "label": self.label,
            "kind": self.kind,
            "value": float(self.value),
            "exact": str(self.value),
        }
        return out


def card_figures(card: SuperstarCard) -> list[Figure]:
    """The exact per-roll figures of a card (general, offensive, defensive)."""
    g = general(card)
    dist = attacks(card)
    d = defense(card)

    def chance(pred) -> Fraction:
        return sum((p for a, p in dist.items() if pred(a)), Fraction(0))

    expected = sum(
        (p * (DQ_STAY_POINTS if a.dq else a.points) for a, p in dist.items()), Fraction(0)
    )
    defensive = sum((p * DEFENSE_POINTS[r] for r, p in d.items()), Fraction(0))
    return [
        Figure("offense", "General Card: on offense (OC or OC/TT)", g["OC"] + g["OC/TT"]),
        Figure("double_team", "General Card: OC/TT (double teaming in tag matches)", g["OC/TT"]),
        Figure("defense", "General Card: on defense (DC)", g["DC"]),
        Figure(
            "offensive_points",
            "Offensive roll: expected points",
            expected,
            "points",
        ),
        Figure("pin_attempt", "Offensive roll: a pin attempt (P/A)", chance(lambda a: a.pin)),
        Figure(
            "submission", "Offensive roll: a submission move (*)", chance(lambda a: a.submission)
        ),
        Figure("specialty", "Offensive roll: the specialty (S)", chance(lambda a: a.specialty)),
        Figure("dq_move", "Offensive roll: a (DQ) move", chance(lambda a: a.dq)),
        Figure("grudge_move", "Offensive roll: a grudge move (XX)", chance(lambda a: a.grudge)),
        Figure("ropes", "Offensive roll: ROPES", chance(lambda a: a.ropes)),
        Figure("no_action", "Offensive roll: no action at the ropes (NA)", chance(lambda a: a.na)),
        Figure(
            "priority_move",
            "Offensive roll: a move the Priority Factor decides (P/A, * or (S))",
            chance(lambda a: a.special),
        ),
        Figure("defensive_points", "Defensive roll: expected points", defensive, "points"),
        Figure("reverse", "Defensive roll: Reverse", d["Reverse"]),
        Figure("neutralize", "Defensive roll: C (4 points, the attack scores nothing)", d["C"]),
        Figure("submits", "SUB range: submits to a hold", range_chance(card.submission_range)),
        Figure(
            "saves", "Tag-team factor: breaks up a pin or hold", range_chance(card.tag_team_range)
        ),
    ]
