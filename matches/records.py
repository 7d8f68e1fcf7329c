"""Win/loss records, derived from the completed matches (never stored twice)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

from django.db.models.fields.json import KeyTextTransform

from matches.models import MatchParticipant, MatchStatus, Role
from promotion.effects import loss_method
from promotion.models import TitleReign, Wrestler

IN_THE_RING = (Role.IN_RING, Role.PARTNER)


def _eliminations():
    """A match's eliminations alone (JSON text, or None), so that a record never decodes the
    rest of a match's effects."""
    return KeyTextTransform("eliminations", "match__effects")


def _how(method: str, won: bool | None, eliminations: str | None, slug: str) -> str:
    """How the wrestler ``slug`` won, lost or drew (in a battle royal, a wrestler thrown out
    before the final lost by elimination)."""
    if won is not False:
        return method
    order = json.loads(eliminations) if eliminations else None
    return loss_method(method, {"eliminations": order} if order else None, slug)


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
    """(won: True/False/None, method) for each completed match of the wrestler, oldest first.
    Reads four columns of each match, never its play-by-play."""
    rows = (
        MatchParticipant.objects.filter(
            wrestler=wrestler, role__in=IN_THE_RING, match__status=MatchStatus.COMPLETED
        )
        .order_by("match__show__scheduled_at", "match__position")
        .values_list("side", "match__winner_side", "match__method", _eliminations())
    )
    for side, winner_side, method, eliminations in rows:
        won = None if winner_side is None else winner_side == side
        yield won, _how(method, won, eliminations, wrestler.slug)


def wrestler_record(*, wrestler: Wrestler) -> Record:
    record = Record()
    run_kind, run = "", 0
    for won, method in _results(wrestler):
        kind = "D" if won is None else ("W" if won else "L")
        _add(record, won, method)
        run = run + 1 if kind == run_kind else 1
        run_kind = kind
        if kind == "W":
            record.longest_win_streak = max(record.longest_win_streak, run)
    record.streak = f"{run_kind}{run}" if run else ""
    return record


def _sides(wrestler: Wrestler, **filters) -> dict[int, tuple[int, bool | None, str]]:
    """Match id -> (the wrestler's side, won: True/False/None, how) for his completed matches
    (those of ``filters``), without reading a match's play-by-play."""
    rows = MatchParticipant.objects.filter(
        wrestler=wrestler, role__in=IN_THE_RING, match__status=MatchStatus.COMPLETED, **filters
    ).values_list("match_id", "side", "match__winner_side", "match__method", _eliminations())
    sides = {}
    for match_id, side, winner_side, method, eliminations in rows:
        won = None if winner_side is None else winner_side == side
        sides[match_id] = (side, won, _how(method, won, eliminations, wrestler.slug))
    return sides


def head_to_head(*, wrestler: Wrestler, opponent: Wrestler) -> Record:
    """The wrestler's record in matches where the opponent stood on another side."""
    opponent_sides = dict(
        MatchParticipant.objects.filter(
            wrestler=opponent, role__in=IN_THE_RING, match__status=MatchStatus.COMPLETED
        ).values_list("match_id", "side")
    )
    record = Record()
    for match_id, (side, won, how) in _sides(wrestler, match_id__in=opponent_sides).items():
        if opponent_sides[match_id] != side:
            _add(record, won, how)
    return record


def head_to_heads(*, wrestler: Wrestler) -> list[tuple[Wrestler, Record]]:
    """The wrestler's record against every opponent he has faced, most matches first. Three
    queries whatever the number of matches."""
    mine = _sides(wrestler)
    others = MatchParticipant.objects.filter(
        role__in=IN_THE_RING,
        match__in=MatchParticipant.objects.filter(
            wrestler=wrestler, role__in=IN_THE_RING, match__status=MatchStatus.COMPLETED
        ).values("match_id"),
    ).values_list("match_id", "side", "wrestler_id")
    records: dict[int, Record] = {}
    for match_id, side, other_id in others:
        if match_id not in mine or mine[match_id][0] == side or other_id is None:
            continue
        _, won, how = mine[match_id]
        _add(records.setdefault(other_id, Record()), won, how)
    people = Wrestler.objects.select_related("federation").in_bulk(list(records))
    return sorted(
        ((people[pk], record) for pk, record in records.items()),
        key=lambda item: (-item[1].matches, item[0].ring_name),
    )


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
        _eliminations(),
        "wrestler__slug",
    )
    for wrestler_id, team_id, match_id, side, winner_side, method, eliminations, slug in rows:
        won = None if winner_side is None else winner_side == side
        yield wrestler_id, team_id, match_id, won, _how(method, won, eliminations, slug)


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
        .select_related("title", "holder_wrestler", "holder_team", "won_at__show", "ended_at__show")
        .defer("won_at__play_by_play", "ended_at__play_by_play")
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
