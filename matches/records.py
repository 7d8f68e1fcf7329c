"""Win/loss records, derived from the completed matches (never stored twice)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from django.db.models import Prefetch

from matches.models import MatchParticipant, MatchStatus, Role
from promotion.effects import loss_method
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
            record.losses_by[_method(match, False, wrestler.slug)] += 1
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
            record.losses_by[_method(match, False, wrestler.slug)] += 1
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
            won = None if match.winner_side is None else match.winner_side == row.side
            _add(record, won, _method(match, won, wrestler.slug))
    return sorted(records.values(), key=lambda item: (-item[1].matches, item[0].ring_name))


# -- the federation's record book -----------------------------------------------------------------


def _federation_results(federation, wrestlers=None, teams=None):
    """(wrestler id, team id, match id, won: True/False/None, method) for every wrestler in the
    ring in the federation's completed matches (only ``wrestlers`` or ``teams`` when given),
    oldest first. One query."""
    rows = MatchParticipant.objects.filter(
        show__federation=federation,
        role__in=IN_THE_RING,
        match__status=MatchStatus.COMPLETED,
    )
    if wrestlers is not None:
        rows = rows.filter(wrestler_id__in=list(wrestlers))
    if teams is not None:
        rows = rows.filter(team_id__in=list(teams))
    rows = rows.order_by(
        "match__show__scheduled_at", "match__show__number", "match__position", "side"
    ).values_list(
        "wrestler_id",
        "team_id",
        "match_id",
        "side",
        "match__winner_side",
        "match__method",
        "match__effects",
        "wrestler__slug",
    )
    for wrestler_id, team_id, match_id, side, winner_side, method, effects, slug in rows:
        won = None if winner_side is None else winner_side == side
        if won is False:
            method = loss_method(method, effects, slug)
        yield wrestler_id, team_id, match_id, won, method


def _method(match, won: bool | None, slug: str) -> str:
    """How the wrestler ``slug`` won, lost or drew ``match`` (in a battle royal, a wrestler
    thrown out before the final lost by elimination)."""
    if won is not False:
        return match.method
    return loss_method(match.method, match.effects, slug)


def _add(record: Record, won, method: str) -> None:
    if won is None:
        record.draws += 1
        record.draws_by[method] += 1
    elif won:
        record.wins += 1
        record.wins_by[method] += 1
    else:
        record.losses += 1
        record.losses_by[method] += 1


def federation_records(
    *, federation, wrestlers=None, teams=None
) -> tuple[dict[int, Record], dict[int, Record]]:
    """Every wrestler's and every team's record in the federation, by id, in one query; only
    those of ``wrestlers`` or of ``teams`` (ids) when given, which is what a page needs.

    A team's record counts each match it wrestled as a team once."""
    by_wrestler: dict[int, Record] = {}
    by_team: dict[int, Record] = {}
    runs: dict[int, tuple[str, int]] = {}
    team_matches: set[tuple[int, int]] = set()
    for wrestler_id, team_id, match_id, won, method in _federation_results(
        federation, wrestlers, teams
    ):
        record = by_wrestler.setdefault(wrestler_id, Record())
        _add(record, won, method)
        kind = "D" if won is None else ("W" if won else "L")
        last_kind, run = runs.get(wrestler_id, ("", 0))
        run = run + 1 if kind == last_kind else 1
        runs[wrestler_id] = (kind, run)
        record.streak = f"{kind}{run}"
        if kind == "W":
            record.longest_win_streak = max(record.longest_win_streak, run)
        if team_id is not None and (match_id, team_id) not in team_matches:
            team_matches.add((match_id, team_id))
            _add(by_team.setdefault(team_id, Record()), won, method)
    return by_wrestler, by_team


@dataclass
class RecordBook:
    """The federation's record book, each list best first."""

    longest_reigns: list = field(default_factory=list)  # TitleReign, with .days annotated
    most_defenses: list = field(default_factory=list)  # TitleReign
    longest_win_streaks: list = field(default_factory=list)  # (Wrestler, streak)
    current_win_streaks: list = field(default_factory=list)  # (Wrestler, streak)
    most_wins_by_method: dict = field(default_factory=dict)  # method -> [(Wrestler, wins)]


def record_book(*, federation, today, limit: int = 10) -> RecordBook:
    """Longest reigns, most defenses, longest and current win streaks, most wins by method.

    Ties go to the earlier reign or the wrestler first in name order. A fixed number of queries."""
    reigns = list(
        TitleReign.objects.filter(title__federation=federation)
        .select_related("title", "holder_wrestler", "holder_team")
        .order_by("won_on", "title__rank", "number")
    )
    held = {reign.pk: reign.days_held(today) for reign in reigns}
    for reign in reigns:
        # Read by the page as a queryset annotation would be (a computed attribute of the row).
        reign.days = held[reign.pk]  # type: ignore[attr-defined]
    book = RecordBook()
    book.longest_reigns = sorted(reigns, key=lambda r: -held[r.pk])[:limit]
    book.most_defenses = sorted((r for r in reigns if r.defenses), key=lambda r: -r.defenses)[
        :limit
    ]
    records, _ = federation_records(federation=federation)
    names = {w.pk: w for w in federation.wrestlers.filter(pk__in=list(records))}
    ordered = sorted(records.items(), key=lambda item: names[item[0]].ring_name)
    book.longest_win_streaks = sorted(
        ((names[pk], r.longest_win_streak) for pk, r in ordered if r.longest_win_streak),
        key=lambda pair: -pair[1],
    )[:limit]
    book.current_win_streaks = sorted(
        ((names[pk], int(r.streak[1:])) for pk, r in ordered if r.streak.startswith("W")),
        key=lambda pair: -pair[1],
    )[:limit]
    methods = sorted({m for _, r in ordered for m in r.wins_by})
    for method in methods:
        book.most_wins_by_method[method] = sorted(
            ((names[pk], r.wins_by[method]) for pk, r in ordered if r.wins_by[method]),
            key=lambda pair: -pair[1],
        )[:limit]
    return book
