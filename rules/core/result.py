"""What a match produced: the winner, how, how long, the play-by-play and the roster effects."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, NamedTuple

from rules.core.events import Event


class Method(enum.StrEnum):
    """How a match ended."""

    PIN = "pin"
    SUBMISSION = "submission"
    DISQUALIFICATION = "disqualification"
    COUNT_OUT = "count_out"
    DOUBLE_DISQUALIFICATION = "double_disqualification"
    DOUBLE_COUNT_OUT = "double_count_out"
    KNOCKOUT = "knockout"
    DRAW_TIME_LIMIT = "draw_time_limit"

    @property
    def is_draw(self) -> bool:
        return self in _DRAWS


_DRAWS = frozenset(
    {Method.DOUBLE_DISQUALIFICATION, Method.DOUBLE_COUNT_OUT, Method.DRAW_TIME_LIMIT}
)


@dataclass(frozen=True, slots=True)
class InjuryEffect:
    """A wrestler hurt for a number of fight cards (shows)."""

    key: str
    fight_cards: int
    description: str
    source: str = "feud_table"

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "fight_cards": self.fight_cards,
            "description": self.description,
            "source": self.source,
        }


class Effects(NamedTuple):
    """What the roster side needs to apply a result.

    ``interference``/``distractions``: side indexes whose ringside people got involved (an
    ally's interference or outside interference / a distraction attempt), in match order.
    ``finisher_hits``: per side, how many times its finisher connected.
    """

    injuries: tuple[InjuryEffect, ...] = ()
    feud_brawl: bool = False
    # (a named tuple: immutable, and cheap to make for every one of thousands of matches)
    feud_text: str = ""
    interference: tuple[int, ...] = ()
    distractions: tuple[int, ...] = ()
    finisher_hits: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "injuries": [i.to_json() for i in self.injuries],
            "feud_brawl": self.feud_brawl,
            "feud_text": self.feud_text,
            "interference": list(self.interference),
            "distractions": list(self.distractions),
            "finisher_hits": list(self.finisher_hits),
        }


class MatchResult(NamedTuple):
    """``winner`` is a side index, or None for a draw; ``length`` counts offensive turns.

    A named tuple like ``Event`` and ``Effects``: immutable, and cheap enough to make once for
    each of the many thousands of matches an odds run plays.
    """

    system: str
    winner: int | None
    method: Method
    length: int
    events: tuple[Event, ...] = ()
    effects: Effects = Effects()
    seed: int | None = None

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def to_json(self) -> dict[str, Any]:
        """The ``simulate_match --json`` object."""
        return {
            "system": self.system,
            "seed": self.seed,
            "winner": self.winner,
            "method": self.method.value,
            "length": self.length,
            "events": [e.to_json() for e in self.events],
            "effects": self.effects.to_json(),
        }


@dataclass(frozen=True, slots=True)
class ExactOdds:
    """Probabilities computed by solving the match's Markov chain."""

    wins: tuple[float, ...]
    draw: float
    methods: dict[str, float]
    states: int

    def to_json(self) -> dict[str, Any]:
        return {
            "wins": list(self.wins),
            "draw": self.draw,
            "methods": dict(self.methods),
            "states": self.states,
        }


@dataclass(frozen=True, slots=True)
class OddsReport:
    """Monte Carlo counts over ``runs`` matches, plus ``exact`` where the chain was solved."""

    system: str
    runs: int
    seed: int
    wins: tuple[int, ...]
    draws: int
    methods: dict[str, int]
    exact: ExactOdds | None = None
    exact_note: str = ""

    def win_rate(self, side: int) -> float:
        return self.wins[side] / self.runs

    def standard_error(self, side: int) -> float:
        p = self.win_rate(side)
        return (p * (1.0 - p) / self.runs) ** 0.5

    def to_json(self) -> dict[str, Any]:
        """The ``odds --json`` object."""
        out: dict[str, Any] = {
            "system": self.system,
            "runs": self.runs,
            "seed": self.seed,
            "wins": list(self.wins),
            "draws": self.draws,
            "methods": dict(self.methods),
        }
        if self.exact is not None:
            out["exact"] = list(self.exact.wins)
            out["exact_draw"] = self.exact.draw
            out["exact_methods"] = dict(self.exact.methods)
        elif self.exact_note:
            out["exact_note"] = self.exact_note
        return out
