"""Win/loss records, derived from the completed matches (never stored twice)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch

from matches.models import MatchParticipant, MatchStatus, Role
from promotion.models import TitleReign, Wrestler

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


def head_to_heads(*, wrestler: Wrestler) -> list[tuple[Wrestler, Record]]:
    """The wrestler's record against every opponent he has faced, most matches first. Two
    queries whatever the number of matches."""
    rows = (
        MatchParticipant.objects.filter(
            wrestler=wrestler, role__in=IN_THE_RING, match__status=MatchStatus.COMPLETED
        )
        .select_related("match")
        .prefetch_related(
            Prefetch(
                "match__participants",
                queryset=MatchParticipant.objects.filter(role__in=IN_THE_RING).select_related(
                    "wrestler__federation"
                ),
            )
        )
    )
    records: dict[int, tuple[Wrestler, Record]] = {}
    for row in rows:
        match = row.match
        for other in match.participants.all():
            if other.side == row.side:
                continue
            _, record = records.setdefault(other.wrestler_id, (other.wrestler, Record()))
            _count(record, match, row.side)
    return sorted(records.values(), key=lambda item: (-item[1].matches, item[0].ring_name))


def _count(record: Record, match, side: int) -> None:
    if match.winner_side is None:
        record.draws += 1
        record.draws_by[match.method] += 1
    elif match.winner_side == side:
        record.wins += 1
        record.wins_by[match.method] += 1
    else:
        record.losses += 1
        record.losses_by[match.method] += 1


def team_records(*, federation) -> dict[int, Record]:
    """Each team's record in the matches it wrestled as a team (one count per match)."""
    rows = (
        MatchParticipant.objects.filter(
            show__federation=federation,
            team__isnull=False,
            role__in=IN_THE_RING,
            match__status=MatchStatus.COMPLETED,
        )
        .order_by("match__show__scheduled_at", "match__position")
        .values_list("team_id", "match_id", "side", "match__winner_side", "match__method")
    )
    records: dict[int, Record] = {}
    seen: set[tuple[int, int]] = set()
    for team_id, match_id, side, winner_side, method in rows:
        if (team_id, match_id) in seen:
            continue
        seen.add((team_id, match_id))
        record = records.setdefault(team_id, Record())
        _count(record, _Result(winner_side, method), side)
    return records


@dataclass(frozen=True)
class _Result:
    winner_side: int | None
    method: str


@dataclass
class Leader:
    """One line of a records table: who, the figure, and what it is about."""

    holder: Any
    figure: int
    detail: str = ""
    reign: Any = None


@dataclass
class FederationRecords:
    longest_reigns: list[Leader]
    most_defenses: list[Leader]
    longest_streaks: list[Leader]
    wins_by_method: dict[str, list[Leader]]


def federation_records(*, federation, today, limit: int = 10) -> FederationRecords:
    """The record book: longest reigns (days, open reigns counted to ``today``), most defenses
    in one reign, longest winning streaks, most wins by each method. Three queries."""
    reigns = list(
        TitleReign.objects.filter(title__federation=federation).select_related(
            "title", "holder_wrestler", "holder_team"
        )
    )
    longest = sorted(reigns, key=lambda r: (-r.days_held(today), r.won_on))[:limit]
    defenses = sorted((r for r in reigns if r.defenses), key=lambda r: (-r.defenses, r.won_on))[
        :limit
    ]

    rows = (
        MatchParticipant.objects.filter(
            show__federation=federation,
            role__in=IN_THE_RING,
            match__status=MatchStatus.COMPLETED,
        )
        .order_by("wrestler_id", "match__show__scheduled_at", "match__position")
        .values_list("wrestler_id", "side", "match__winner_side", "match__method")
    )
    wrestlers = {w.pk: w for w in federation.wrestlers.all()}
    best: dict[int, int] = {}
    run_of: dict[int, int] = {}
    wins: dict[str, Counter] = {}
    for wrestler_id, side, winner_side, method in rows:
        if winner_side is not None and winner_side == side:
            run_of[wrestler_id] = run_of.get(wrestler_id, 0) + 1
            best[wrestler_id] = max(best.get(wrestler_id, 0), run_of[wrestler_id])
            wins.setdefault(method, Counter())[wrestler_id] += 1
        else:
            run_of[wrestler_id] = 0
    streaks = sorted(best.items(), key=lambda item: (-item[1], wrestlers[item[0]].ring_name))
    return FederationRecords(
        longest_reigns=[
            Leader(r.holder, r.days_held(today), r.title.name, reign=r) for r in longest
        ],
        most_defenses=[Leader(r.holder, r.defenses, r.title.name, reign=r) for r in defenses],
        longest_streaks=[
            Leader(wrestlers[w], n, "current" if run_of.get(w) == n else "")
            for w, n in streaks[:limit]
            if n > 1
        ],
        wins_by_method={
            method: [
                Leader(wrestlers[w], n)
                for w, n in sorted(
                    counter.items(), key=lambda i: (-i[1], wrestlers[i[0]].ring_name)
                )[:5]
            ]
            for method, counter in sorted(wins.items())
        },
    )
