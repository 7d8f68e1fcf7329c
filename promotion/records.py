"""Stored won-lost-drawn records (``WinLossRecord``): how one result moves a record, and the
keeper that holds a federation's records while a show (or a rebuild) adds its results.

One rule for both writers: ``RosterBook`` adds a show's bouts as the show commits, and
``matches.records.records_rebuild`` adds every completed match again from the start; the
check (``matches.records.record_mismatches``) compares the two. Results are added in the order
they were wrestled, so the streaks are the runs of the latest results.

A wrestler's result counts his own finish: in a match with eliminations, one thrown out before
the final lost by elimination (``promotion.effects.loss_method``). A tag team's counts once a
match, for the side it wrestled on: it lost by elimination only when every member of the side
did, by the match's method otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import QuerySet
from django.db.models.functions import Coalesce

from promotion.db import bulk_update_rows
from promotion.models import (
    Federation,
    TeamMembership,
    Title,
    TitleReign,
    WinLossRecord,
    Wrestler,
)

ELIMINATION = "elimination"
#: A record's holder: ("wrestler", id) or ("team", id).
Holder = tuple[str, int]
#: The fields a result moves (``RosterBook`` writes these and no others).
RECORD_FIELDS = (
    "wins",
    "losses",
    "draws",
    "wins_by",
    "losses_by",
    "draws_by",
    "streak_kind",
    "streak",
    "longest_win_streak",
)


def result_kind(won: bool | None) -> str:
    return "D" if won is None else ("W" if won else "L")


def add_result(record: WinLossRecord, won: bool | None, how: str) -> None:
    """One more result on ``record``: its count, its count by method, the streak."""
    kind = result_kind(won)
    if kind == "W":
        record.wins += 1
        counts = record.wins_by
    elif kind == "L":
        record.losses += 1
        counts = record.losses_by
    else:
        record.draws += 1
        counts = record.draws_by
    counts[how] = counts.get(how, 0) + 1
    record.streak = record.streak + 1 if record.streak_kind == kind else 1
    record.streak_kind = kind
    if kind == "W":
        record.longest_win_streak = max(record.longest_win_streak, record.streak)


def side_how(method: str, won: bool | None, member_hows: Iterable[str]) -> str:
    """How a side (a tag team) won, lost or drew: a loss by elimination only when every member
    of the side was eliminated before the final, by the match's method otherwise."""
    hows = list(member_hows)
    if won is False and hows and all(how == ELIMINATION for how in hows):
        return ELIMINATION
    return method


def streak_text(record: WinLossRecord | None) -> str:
    """The current streak as written: "W3", "L1", "D1", or "" before the first match."""
    if record is None or not record.streak:
        return ""
    return f"{record.streak_kind}{record.streak}"


def holder_of(record: WinLossRecord) -> Holder:
    if record.wrestler_id is not None:
        return ("wrestler", record.wrestler_id)
    assert record.team_id is not None  # (exactly one holder is a constraint)
    return ("team", record.team_id)


class RecordKeeper:
    """A federation's records, held in memory while results are added, then written back: the
    rows a result touched updated in their result fields only, the new ones created. A fixed
    number of queries whatever the number of results."""

    def __init__(self, federation: Federation, *, load: bool = True):
        """``load=False`` starts from no records at all (the rebuild's reckoning)."""
        self.federation = federation
        self.rows: dict[Holder, WinLossRecord] = {}
        if load:
            for row in WinLossRecord.objects.filter(federation=federation).order_by("pk"):
                self.rows[holder_of(row)] = row
        self.touched: set[Holder] = set()

    def row(self, holder: Holder) -> WinLossRecord:
        row = self.rows.get(holder)
        if row is None:
            kind, pk = holder
            row = WinLossRecord(
                federation=self.federation,
                wrestler_id=pk if kind == "wrestler" else None,
                team_id=pk if kind == "team" else None,
                wins_by={},
                losses_by={},
                draws_by={},
            )
            self.rows[holder] = row
        return row

    def add(self, holder: Holder, won: bool | None, how: str) -> None:
        add_result(self.row(holder), won, how)
        self.touched.add(holder)

    def flush(self) -> None:
        touched = [self.rows[holder] for holder in sorted(self.touched)]
        bulk_update_rows([row for row in touched if row.pk is not None], RECORD_FIELDS)
        WinLossRecord.objects.bulk_create([row for row in touched if row.pk is None])
        self.touched.clear()


# -- what the pages read: the roster at a glance, the standings ------------------------------------

#: The standings page's orders: by Prestige (the API's standings) or by record.
BY_PRESTIGE, BY_RECORD = "prestige", "record"
STANDINGS_ORDERS = (BY_PRESTIGE, BY_RECORD)


def record_order(record: WinLossRecord | None) -> tuple[int, int, int]:
    """A record's place in the standings by record: most wins, then fewest losses, then most
    draws (a holder without a match has none of each)."""
    if record is None:
        return (0, 0, 0)
    return (-record.wins, record.losses, -record.draws)


def singles_by_record(wrestlers: QuerySet[Wrestler]) -> QuerySet[Wrestler]:
    """``wrestlers`` (the singles standings) ordered by their stored records: most wins, then
    fewest losses, then most draws; then best Prestige, then ring name. One query with the
    records joined, whatever the history."""
    return wrestlers.select_related("win_loss").order_by(
        Coalesce("win_loss__wins", 0).desc(),
        Coalesce("win_loss__losses", 0).asc(),
        Coalesce("win_loss__draws", 0).desc(),
        "-prestige",
        "ring_name",
        "pk",
    )


def titles_held(*, federation: Federation) -> dict[int, list[Title]]:
    """The active titles each wrestler holds, by wrestler id, world title first: his own, and
    his team's while he is one of its current members. Two queries, whatever the history."""
    held: dict[int, list[Title]] = {}
    teams: dict[int, list[Title]] = {}
    reigns = (
        TitleReign.objects.filter(
            title__federation=federation, title__is_active=True, ended_on__isnull=True
        )
        .select_related("title")
        .order_by("title__rank", "title__name")
    )
    for reign in reigns:
        if reign.holder_wrestler_id is not None:
            held.setdefault(reign.holder_wrestler_id, []).append(reign.title)
        elif reign.holder_team_id is not None:
            teams.setdefault(reign.holder_team_id, []).append(reign.title)
    if teams:
        for team_id, wrestler_id in TeamMembership.objects.filter(
            team_id__in=list(teams), ended_on__isnull=True
        ).values_list("team_id", "wrestler_id"):
            held.setdefault(wrestler_id, []).extend(teams[team_id])
    return held
