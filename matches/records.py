"""Win/loss records, derived from the completed matches (never stored twice)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from matches.models import MatchParticipant, MatchStatus, Role
from promotion.models import Wrestler

IN_THE_RING = (Role.IN_RING, Role.PARTNER)


@dataclass
class Record:
    wins: int = 0
    losses: int = 0
    draws: int = 0
    wins_by: Counter = field(default_factory=Counter)
    losses_by: Counter = field(default_factory=Counter)
    draws_by: Counter = field(default_factory=Counter)
    streak: str = ""  # "W3", "L1", "D1" or "" before the first match
    longest_win_streak: int = 0

    @property
    def win_methods(self) -> list[tuple[str, int]]:
        return sorted(self.wins_by.items())

    @property
    def loss_methods(self) -> list[tuple[str, int]]:
        return sorted(self.losses_by.items())

    @property
    def matches(self) -> int:
        return self.wins + self.losses + self.draws


def _results(wrestler: Wrestler):
    """(match, won: True/False/None) for each completed match of the wrestler, oldest first."""
    rows = (
        MatchParticipant.objects.filter(
            wrestler=wrestler, role__in=IN_THE_RING, match__status=MatchStatus.COMPLETED
        )
        .select_related("match")
        .order_by("match__show__scheduled_at", "match__position")
    )
    for row in rows:
        match = row.match
        won = None if match.winner_side is None else match.winner_side == row.side
        yield match, won


def wrestler_record(*, wrestler: Wrestler) -> Record:
    record = Record()
    run_kind, run = "", 0
    for match, won in _results(wrestler):
        kind = "D" if won is None else ("W" if won else "L")
        if kind == "W":
            record.wins += 1
            record.wins_by[match.method] += 1
        elif kind == "L":
            record.losses += 1
            record.losses_by[match.method] += 1
        else:
            record.draws += 1
            record.draws_by[match.method] += 1
        run = run + 1 if kind == run_kind else 1
        run_kind = kind
        if kind == "W":
            record.longest_win_streak = max(record.longest_win_streak, run)
    record.streak = f"{run_kind}{run}" if run else ""
    return record


def head_to_head(*, wrestler: Wrestler, opponent: Wrestler) -> Record:
    """The wrestler's record in matches where the opponent stood on another side."""
    opponent_sides = dict(
        MatchParticipant.objects.filter(
            wrestler=opponent, role__in=IN_THE_RING, match__status=MatchStatus.COMPLETED
        ).values_list("match_id", "side")
    )
    record = Record()
    for row in MatchParticipant.objects.filter(
        wrestler=wrestler, role__in=IN_THE_RING, match_id__in=opponent_sides
    ).select_related("match"):
        if opponent_sides[row.match_id] == row.side:
            continue
        match = row.match
        if match.winner_side is None:
            record.draws += 1
            record.draws_by[match.method] += 1
        elif match.winner_side == row.side:
            record.wins += 1
            record.wins_by[match.method] += 1
        else:
            record.losses += 1
            record.losses_by[match.method] += 1
    return record
