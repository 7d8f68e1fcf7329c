"""A tournament's arithmetic, without Django: who meets whom, what a round is called, where a
winner goes next, and a round robin's schedule and table.

Single elimination: the field is drawn into a bracket of the next power of two; the missing
places are byes, and they go to the top seeds (seed 1 first). Seeds are placed so that 1 and 2
can only meet in the final, 1-4 only from the semi-finals on, and so on (the usual bracket order:
1 v 8, 4 v 5, 2 v 7, 3 v 6 for eight).

Round robin: every entrant meets every other once (the circle method); a win is worth
``WIN_POINTS`` whether wrestled or by forfeit; entrants level on points are ordered by
head-to-head (the points among the tied entrants only), then by wins in the ring (forfeits not
counted), then by the higher seed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: The fewest and the most entrants a tournament takes.
MIN_ENTRANTS = 2
MAX_ENTRANTS = 64

#: A round robin win's points (there are no draws in a tournament match).
WIN_POINTS = 2

#: The stated tie-break, in words for the pages and the docs.
TIE_BREAK = "head-to-head, then wins in the ring, then the higher seed"


def bracket_size(n: int) -> int:
    """The power of two a field of ``n`` is drawn into (1 for 1)."""
    size = 1
    while size < n:
        size *= 2
    return size


def rounds_for(n: int) -> int:
    """The rounds a single-elimination bracket of ``n`` entrants takes (0 for fewer than 2)."""
    return max(0, bracket_size(n).bit_length() - 1)


def seed_order(size: int) -> list[int]:
    """The seeds 1..``size`` (a power of two) in bracket order, top to bottom: each pair of
    neighbours meets in round one and the two halves hold seeds 1 and 2 apart."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def first_round(n: int) -> list[tuple[int | None, int | None]]:
    """Round one's pairs of seeds in bracket order for ``n`` entrants; ``None`` is a bye
    (always the second of the pair, always facing one of the top seeds)."""
    if n < MIN_ENTRANTS:
        return []
    order = seed_order(bracket_size(n))
    pairs: list[tuple[int | None, int | None]] = []
    for index in range(0, len(order), 2):
        a, b = order[index], order[index + 1]
        pairs.append((a if a <= n else None, b if b <= n else None))
    return pairs


def feeds(position: int) -> tuple[int, int]:
    """Where the winner of the bout at ``position`` (0-based within its round) goes: the next
    round's position, and the side there (0: entrant A, 1: entrant B)."""
    return position // 2, position % 2


def round_name(round: int, rounds: int) -> str:
    """A single-elimination round's name: "final", "semi-final", "quarter-final", "round of 16",
    "round of 32"; rounds before the round of 32 count from the start ("first round",
    "second round")."""
    left = rounds - round
    if left == 0:
        return "final"
    if left == 1:
        return "semi-final"
    if left == 2:
        return "quarter-final"
    if left in (3, 4):
        return f"round of {2 ** (left + 1)}"
    return f"{ORDINALS.get(round, f'{round}th')} round"


ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def round_robin_round_name(round: int) -> str:
    return f"round {round}"


def round_robin_rounds(n: int) -> list[list[tuple[int, int]]]:
    """Every pairing of ``n`` entrants (indexes 0..n-1) once, in rounds (the circle method):
    ``n - 1`` rounds for an even field, ``n`` for an odd one (each entrant sits one out)."""
    if n < MIN_ENTRANTS:
        return []
    places: list[int | None] = list(range(n))
    if n % 2:
        places.append(None)
    count = len(places)
    rounds: list[list[tuple[int, int]]] = []
    for _ in range(count - 1):
        pairs = []
        for index in range(count // 2):
            a, b = places[index], places[count - 1 - index]
            if a is not None and b is not None:
                pairs.append((a, b) if a < b else (b, a))
        rounds.append(pairs)
        places = [places[0], places[-1], *places[1:-1]]
    return rounds


@dataclass(frozen=True)
class Result:
    """One decided round robin bout: the two entrants' indexes and the winner's; ``forfeit``
    when the loser did not wrestle."""

    a: int
    b: int
    winner: int
    forfeit: bool = False


@dataclass
class TableRow:
    index: int
    played: int = 0
    wins: int = 0
    forfeit_wins: int = 0
    losses: int = 0
    points: int = 0
    place: int = 0


def round_robin_table(n: int, results: Iterable[Result]) -> list[TableRow]:
    """The table of ``n`` entrants (index = seed - 1) after ``results``, best first, with
    ``place`` 1..n: points, then head-to-head among the level, then wins in the ring, then the
    higher seed (the lower index)."""
    rows = [TableRow(index=index) for index in range(n)]
    decided = list(results)
    for result in decided:
        loser = result.b if result.winner == result.a else result.a
        if result.winner not in (result.a, result.b):
            raise ValueError(f"winner {result.winner} is not in the bout {result.a} v {result.b}")
        for index in (result.a, result.b):
            rows[index].played += 1
        rows[result.winner].points += WIN_POINTS
        if result.forfeit:
            rows[result.winner].forfeit_wins += 1
        else:
            rows[result.winner].wins += 1
        rows[loser].losses += 1

    ordered: list[TableRow] = []
    by_points: dict[int, list[TableRow]] = {}
    for row in rows:
        by_points.setdefault(row.points, []).append(row)
    for points in sorted(by_points, reverse=True):
        ordered.extend(_break_tie(by_points[points], decided))
    for place, row in enumerate(ordered, start=1):
        row.place = place
    return ordered


def _break_tie(level: Sequence[TableRow], results: Sequence[Result]) -> list[TableRow]:
    if len(level) == 1:
        return list(level)
    tied = {row.index for row in level}
    head_to_head = dict.fromkeys(tied, 0)
    for result in results:
        if result.a in tied and result.b in tied:
            head_to_head[result.winner] += WIN_POINTS
    return sorted(level, key=lambda row: (-head_to_head[row.index], -row.wins, row.index))
