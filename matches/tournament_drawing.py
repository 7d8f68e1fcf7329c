"""What the tournament's page draws: a bracket (rounds of bouts, two sides each) or a round robin
(its table and its rounds), as plain data the templates ``matches/_bracket.html`` and
``matches/_round_robin.html`` lay out.

The shape knows nothing of the models: ``drawing_of`` (in ``matches/tournament_views.py``) fills
it from the selector ``tournament_bracket``, and the tests fill it by hand. A side whose name is
empty is not known yet (the winner of a bout still to be wrestled); a bye is a side of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SINGLE_ELIMINATION = "single_elimination"
ROUND_ROBIN = "round_robin"


@dataclass(frozen=True)
class Side:
    """One side of a bout: a wrestler or a team, with its seed and its page."""

    name: str = ""
    seed: int | None = None
    url: str = ""
    winner: bool = False
    bye: bool = False
    #: Why it forfeited (injured, suspended, retired), when it did.
    withdrew: str = ""

    @property
    def known(self) -> bool:
        return bool(self.name)


@dataclass(frozen=True)
class Bout:
    top: Side
    bottom: Side
    #: The match's page (its show's), once booked.
    match_url: str = ""
    #: "", "match", "bye" or "forfeit" (``BoutDecision``).
    decided_by: str = ""
    #: What the bout's box says under the names: the forfeit's reason, the show it is on.
    note: str = ""

    @property
    def sides(self) -> tuple[Side, Side]:
        return (self.top, self.bottom)

    @property
    def decided(self) -> bool:
        return self.top.winner or self.bottom.winner


@dataclass(frozen=True)
class Round:
    number: int
    name: str
    bouts: tuple[Bout, ...]
    #: The show the round is (or was) wrestled on, when it is booked.
    show_name: str = ""
    show_url: str = ""

    @property
    def heading(self) -> str:
        return self.name[:1].upper() + self.name[1:]

    @property
    def pairs(self) -> list[tuple[Bout, ...]]:
        """The bouts two by two, the pairs whose winners meet next (a final alone)."""
        return [self.bouts[index : index + 2] for index in range(0, len(self.bouts), 2)]


@dataclass(frozen=True)
class Standing:
    """A round robin table's row."""

    place: int
    side: Side
    played: int
    wins: int
    forfeit_wins: int
    losses: int
    points: int


@dataclass(frozen=True)
class Drawing:
    format: str
    rounds: tuple[Round, ...]
    champion: Side | None = None
    table: tuple[Standing, ...] = ()
    tie_break: str = ""
    #: Round robin: what a win is worth.
    win_points: int = 2
    notes: tuple[str, ...] = field(default=())

    @property
    def is_bracket(self) -> bool:
        return self.format == SINGLE_ELIMINATION
