"""A tournament match must have a winner: how every engine settles a drawn finish.

The stipulation ``"tournament"`` (``TOURNAMENT``) in a match spec means the match cannot end
without a winner. When the match itself ends in a draw (a time-limit draw, a double count-out,
a double disqualification, a double knockout), the referee orders it restarted as *sudden
death*: a new fall of at most the system's sudden-death length, in which the first decision
(pin, submission, knockout, count-out, disqualification) wins the match. A sudden-death fall
that is drawn again is restarted again, ``RESTARTS`` times at most; after that the referee
decides: a roll-off of the system's dice (``roll_off``), a tie rolled again ``ROLL_OFFS`` times
at most, and then the first-named side. Whatever happens, the result has a winner, and its
play-by-play says how it was reached.

Each engine's ``run`` calls ``settle`` with a function that plays one sudden-death fall (its own
match loop on a ``Prepared`` with the sudden-death length) and one that rolls a side's roll-off
total; ``rules.core.tournament`` knows no engine. The readings, system by system, are in
``docs/rules/<system>.md`` ("Tournament matches").

The exact odds of a tournament match follow from those of the match and of a sudden-death fall,
both solved as they are for any match (``exact``): the restarts are independent new falls.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rules.core.errors import SpecError
from rules.core.events import Event
from rules.core.result import Effects, ExactOdds, MatchResult, Method
from rules.core.spec import FrozenMap, MatchSpec
from rules.core.text import counted

#: The stipulation's name in a match spec.
TOURNAMENT = "tournament"
#: Sudden-death falls ordered at most, one after another, before the referee decides.
RESTARTS = 3
#: Roll-offs at most (a tie is rolled again) before the first-named side is given the match.
ROLL_OFFS = 10


def is_tournament(spec: MatchSpec) -> bool:
    """Whether ``spec`` carries the tournament stipulation (on)."""
    return bool(spec.stipulations.get(TOURNAMENT))


def check_tournament(spec: MatchSpec) -> None:
    """A tournament match is one side against another: ``SpecError`` otherwise."""
    if is_tournament(spec) and len(spec.sides) != 2:
        raise SpecError(f"a tournament match has two sides, got {len(spec.sides)}")


def sudden_death_spec(spec: MatchSpec, length: int) -> MatchSpec:
    """The spec of one sudden-death fall: ``length`` long, and without the stipulation (a fall
    is settled by ``settle``, not by itself)."""
    kept = FrozenMap((k, v) for k, v in spec.stipulations.items() if k != TOURNAMENT)
    return replace(spec, time_limit=length, stipulations=kept)


def side_name(spec: MatchSpec, side: int) -> str:
    """A side by its wrestlers' names ("Golden Wolf", "Wolf and the Executioner")."""
    return " and ".join(p.name for p in spec.sides[side].participants)


def _merge(a: Effects, b: Effects) -> Effects:
    """Both falls' effects: what happened in the first stays (injuries, Edge spent, Heat)."""
    hits = tuple(
        x + y for x, y in zip(a.finisher_hits or (0, 0), b.finisher_hits or (0, 0), strict=False)
    )
    return Effects(
        injuries=(*a.injuries, *b.injuries),
        feud_brawl=a.feud_brawl or b.feud_brawl,
        feud_text=" ".join(t for t in (a.feud_text, b.feud_text) if t),
        interference=(*a.interference, *b.interference),
        distractions=(*a.distractions, *b.distractions),
        finisher_hits=hits if (a.finisher_hits or b.finisher_hits) else (),
        standing=(*a.standing, *b.standing),
        eliminations=(*a.eliminations, *b.eliminations),
        supersedes=tuple(dict.fromkeys((*a.supersedes, *b.supersedes))),
    )


def _drawn(events: tuple[Event, ...]) -> tuple[Event, ...]:
    """A drawn fall's play-by-play inside the whole: its ``end`` event reads as ``drawn``."""
    return tuple(e._replace(kind="drawn") if e.kind == "end" else e for e in events)


def settle(
    result: MatchResult,
    spec: MatchSpec,
    *,
    sudden_death: Callable[[], MatchResult],
    roll_off: Callable[[int], tuple[tuple[int, ...], int]],
    length: int,
    unit: str,
    roll_words: str,
    record: bool,
) -> MatchResult:
    """``result`` with a winner: as it is when it has one, else settled by sudden death.

    ``sudden_death()`` plays one sudden-death fall (``length`` ``unit`` long) on the same dice;
    ``roll_off(side)`` rolls a side's roll-off and returns its faces and total (``roll_words``
    says what is rolled: "two dice each"). With ``record`` the play-by-play says what the
    referee orders and why.
    """
    if result.winner is not None:
        return result
    events: tuple[Event, ...] = _drawn(result.events) if record else ()
    effects = result.effects
    total = result.length
    last = result
    for n in range(1, RESTARTS + 1):
        if record:
            events += (
                Event(
                    "restart",
                    None,
                    (),
                    f"The referee orders the match restarted: sudden death, the first fall "
                    f"wins ({counted(length, unit)}; restart {n} of {RESTARTS}).",
                    {"restart": n, "restarts": RESTARTS, "length": length},
                ),
            )
        last = sudden_death()
        effects = _merge(effects, last.effects)
        total += last.length
        if last.winner is not None:
            if record:
                events += last.events
            return last._replace(length=total, events=events, effects=effects)
        if record:
            events += _drawn(last.events)
    winner, rolled = _decide(roll_off)
    if record:
        names = (side_name(spec, 0), side_name(spec, 1))
        events += (
            Event(
                "decision",
                None,
                (),
                f"No fall after {counted(RESTARTS, 'restarts')}: the referee decides the match "
                f"on a roll-off ({roll_words}).",
                {"restarts": RESTARTS},
            ),
        )
        for faces, (a, b) in rolled:
            text = f"{names[0]} rolls {a}, {names[1]} rolls {b}" + (
                ": a tie, they roll again." if a == b else "."
            )
            events += (Event("roll_off", None, faces, text, {"totals": [a, b]}),)
        how = (
            "wins the roll-off"
            if rolled[-1][1][0] != rolled[-1][1][1]
            else f"is given the match, the first named, after {counted(ROLL_OFFS, 'ties')}"
        )
        events += (
            Event(
                "end",
                None,
                (),
                f"{names[winner]} {how} and advances on the referee's decision.",
                {"winner": winner, "method": last.method.value, "decision": "referee"},
            ),
        )
    return last._replace(winner=winner, length=total, events=events, effects=effects)


def _decide(
    roll_off: Callable[[int], tuple[tuple[int, ...], int]],
) -> tuple[int, list[tuple[tuple[int, ...], tuple[int, int]]]]:
    """The referee's roll-off: the higher total wins; a tie is rolled again, ``ROLL_OFFS`` times
    at most, after which the first-named side (0) is given the match."""
    rolled: list[tuple[tuple[int, ...], tuple[int, int]]] = []
    for _ in range(ROLL_OFFS):
        fa, a = roll_off(0)
        fb, b = roll_off(1)
        rolled.append(((*fa, *fb), (a, b)))
        if a != b:
            return (0 if a > b else 1), rolled
    return 0, rolled


# -- exact odds ---------------------------------------------------------------------------------


def roll_off_odds(p_first: float, p_tie: float) -> float:
    """The first-named side's chance in the referee's roll-off, where one roll gives it the
    win with ``p_first`` and a tie with ``p_tie``."""
    return p_first * sum(p_tie**k for k in range(ROLL_OFFS)) + p_tie**ROLL_OFFS


def settled_odds(match: ExactOdds, fall: ExactOdds, first_roll_off: float) -> ExactOdds:
    """A tournament match's exact odds from the match's (``match``) and a sudden-death fall's
    (``fall``), the two solved as any match is, and the first-named side's chance in the
    roll-off (``roll_off_odds``). A decided fall keeps its method; the referee's decision keeps
    the method of the last drawn fall, whose share among the fall's draws it has."""
    drawn = match.draw
    again = fall.draw
    restarts = sum(again**k for k in range(RESTARTS))  # falls 1..RESTARTS played
    through = drawn * again**RESTARTS  # every fall drawn: the referee decides
    wins = tuple(w + drawn * restarts * f for w, f in zip(match.wins, fall.wins, strict=True))
    wins = (wins[0] + through * first_roll_off, wins[1] + through * (1 - first_roll_off))
    methods: dict[str, float] = {}
    for name, p in match.methods.items():
        if not Method(name).is_draw:
            methods[name] = methods.get(name, 0.0) + p
    for name, p in fall.methods.items():
        if Method(name).is_draw:
            share = through * p / again if again else 0.0
        else:
            share = drawn * restarts * p
        methods[name] = methods.get(name, 0.0) + share
    methods = {k: v for k, v in sorted(methods.items()) if v > 0}
    return ExactOdds(wins=wins, draw=0.0, methods=methods, states=match.states + fall.states)
