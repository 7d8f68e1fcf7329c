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
    #: ARM cage matches: the first man out of the cage wins.
    ESCAPE = "escape"
    #: ARM: neither wrestler is able to continue.
    DOUBLE_KNOCKOUT = "double_knockout"
    #: The last one left in the ring (a battle royal won by throwing the foe over the top).
    ELIMINATION = "elimination"

    @property
    def is_draw(self) -> bool:
        return self in _DRAWS


_DRAWS = frozenset(
    {
        Method.DOUBLE_DISQUALIFICATION,
        Method.DOUBLE_COUNT_OUT,
        Method.DRAW_TIME_LIMIT,
        Method.DOUBLE_KNOCKOUT,
    }
)


@dataclass(frozen=True, slots=True)
class InjuryEffect:
    """A wrestler hurt in or after a match.

    Filsinger counts an injury in ``fight_cards`` (shows); ARM in injury ``points`` on a
    ``body_part``, healed by the STA bonus each week. ``keeps_off_cards`` None lets the roster
    decide (an injury counted in fight cards may be wrestled through, PIN +2; one counted in
    points keeps the wrestler off cards).
    """

    key: str
    description: str
    fight_cards: int | None = None
    source: str = "feud_table"
    points: int | None = None
    body_part: str = ""
    keeps_off_cards: bool | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "key": self.key,
            "fight_cards": self.fight_cards,
            "description": self.description,
            "source": self.source,
        }
        if self.points is not None:
            out["points"] = self.points
        if self.body_part:
            out["body_part"] = self.body_part
        if self.keeps_off_cards is not None:
            out["keeps_off_cards"] = self.keeps_off_cards
        return out


@dataclass(frozen=True, slots=True)
class StandingEffect:
    """A change to a participant's Fame, Prestige, Heat or Edge that the rules of the match
    themselves make (ARM: Edge spent, Heat from playing to the crowd or cheating, the Prestige
    penalty of an engineered result), with the reason the ledger will show."""

    key: str
    attribute: str  # fame | prestige | heat | edge
    delta: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "attribute": self.attribute,
            "delta": self.delta,
            "reason": self.reason,
        }


class Effects(NamedTuple):
    """What the roster side needs to apply a result.

    ``interference``/``distractions``: side indexes whose ringside people got involved (an
    ally's interference or outside interference / a distraction attempt), in match order.
    ``finisher_hits``: per side, how many times its finisher connected. ``standing``: changes
    the system's own rules make to the participants' standing (applied on top of the
    federation's standings table). ``eliminations``: participant keys in the order they were
    eliminated (battle royals). ``supersedes``: the entries of the federation's standings table
    that the system's own rules decided for this match (for example ``prestige.loss``: ARM's
    penalty for losing came in ``standing``), which the roster therefore does not apply again.
    """

    injuries: tuple[InjuryEffect, ...] = ()
    feud_brawl: bool = False
    # (a named tuple: immutable, and cheap to make for every one of thousands of matches)
    feud_text: str = ""
    interference: tuple[int, ...] = ()
    distractions: tuple[int, ...] = ()
    finisher_hits: tuple[int, ...] = ()
    standing: tuple[StandingEffect, ...] = ()
    eliminations: tuple[str, ...] = ()
    supersedes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out = {
            "injuries": [i.to_json() for i in self.injuries],
            "feud_brawl": self.feud_brawl,
            "feud_text": self.feud_text,
            "interference": list(self.interference),
            "distractions": list(self.distractions),
            "finisher_hits": list(self.finisher_hits),
        }
        if self.standing:
            out["standing"] = [s.to_json() for s in self.standing]
        if self.eliminations:
            out["eliminations"] = list(self.eliminations)
        if self.supersedes:
            out["supersedes"] = list(self.supersedes)
        return out


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


#: How ``odds`` may compute exact odds: within a budget, whatever it takes (within the system's
#: hard limits), or not at all.
EXACT_MODES: tuple[str, ...] = ("auto", "always", "never")


@dataclass(frozen=True, slots=True)
class OddsReport:
    """Monte Carlo counts over ``runs`` matches, plus ``exact`` where the chain was solved.

    ``exact_mode`` is what was asked (``EXACT_MODES``), ``exact_budget`` the limits the solver
    had (``{"states": N, "seconds": S}``, None for no limit), ``exact_seconds`` how long it took
    (solved or not), ``exact_note`` why there are no exact odds when there are none.
    """

    system: str
    runs: int
    seed: int
    wins: tuple[int, ...]
    draws: int
    methods: dict[str, int]
    exact: ExactOdds | None = None
    exact_note: str = ""
    exact_mode: str = "auto"
    exact_budget: dict[str, Any] | None = None
    exact_seconds: float | None = None

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
            out["exact_states"] = self.exact.states
        elif self.exact_note:
            out["exact_note"] = self.exact_note
        out["exact_mode"] = self.exact_mode
        if self.exact_budget is not None:
            out["exact_budget"] = dict(self.exact_budget)
        if self.exact_seconds is not None:
            out["exact_seconds"] = round(self.exact_seconds, 3)
        return out
