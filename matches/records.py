"""Win/loss records: the stored ones the pages read (``promotion.models.WinLossRecord``, kept
by the shows as they finish), and the same reckoned from the completed matches, which the check
compares them with and the rebuild writes. A head-to-head is reckoned from the matches."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Count, F, OuterRef, Q, Subquery
from django.db.models.fields.json import KeyTextTransform

from matches.models import MatchParticipant, MatchStatus, Role
from promotion.db import lock_roster
from promotion.effects import loss_method
from promotion.models import TitleReign, WinLossRecord, Wrestler
from promotion.records import RecordKeeper, holder_of, side_how, streak_text

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


def head_to_heads(*, wrestler: Wrestler, limit: int | None = None) -> list[tuple[Wrestler, Record]]:
    """The wrestler's wins, losses and draws against every opponent he has faced (in the ring on
    another side), most matches first (then by ring name); the first ``limit`` when given.
    Counted by the database in one query over his matches (without their methods, so no
    match's effects are decoded), and one for the opponents."""
    mine = MatchParticipant.objects.filter(
        wrestler=wrestler, role__in=IN_THE_RING, match__status=MatchStatus.COMPLETED
    )
    my_side = mine.filter(match=OuterRef("match")).values("side")[:1]
    rows = (
        MatchParticipant.objects.filter(
            role__in=IN_THE_RING, match__in=mine.values("match_id"), wrestler__isnull=False
        )
        .exclude(wrestler=wrestler)
        .annotate(mine=Subquery(my_side))
        .exclude(side=F("mine"))
        .values("wrestler_id")
        .annotate(
            played=Count("pk"),
            won=Count("pk", filter=Q(match__winner_side=F("mine"))),
            drawn=Count("pk", filter=Q(match__winner_side__isnull=True)),
        )
        .order_by("-played", "wrestler__ring_name", "wrestler_id")
    )
    if limit is not None:
        rows = rows[:limit]
    counted = list(rows)
    people = Wrestler.objects.select_related("federation").in_bulk(
        [row["wrestler_id"] for row in counted]
    )
    found = []
    for row in counted:
        record = Record(
            wins=row["won"], draws=row["drawn"], losses=row["played"] - row["won"] - row["drawn"]
        )
        found.append((people[row["wrestler_id"]], record))
    return found


# -- the federation's record book -----------------------------------------------------------------


def _federation_results(federation, wrestlers=None, teams=None):
    """(wrestler id, team id, match id, won: True/False/None, how, the match's method) for every
    wrestler in the ring in the federation's completed matches (only ``wrestlers`` or ``teams``
    when given), oldest first. One query."""
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
        yield wrestler_id, team_id, match_id, won, _how(method, won, eliminations, slug), method


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


def derived_records(
    *, federation, wrestlers=None, teams=None
) -> tuple[dict[int, Record], dict[int, Record]]:
    """Every wrestler's and every team's record in the federation, by id, reckoned from the
    completed matches in one query (only those of ``wrestlers`` or of ``teams``, ids, when
    given): what the stored records must equal (``record_mismatches``), and what the rebuild
    writes. The pages read the stored ones (``federation_records``).

    A team's record counts each match it wrestled as a team once (``promotion.records``)."""
    by_wrestler: dict[int, Record] = {}
    by_team: dict[int, Record] = {}
    for (kind, pk), row in _reckoned(federation).rows.items():
        if kind == "wrestler" and (wrestlers is None or pk in set(wrestlers)):
            by_wrestler[pk] = record_from(row)
        elif kind == "team" and (teams is None or pk in set(teams)):
            by_team[pk] = record_from(row)
    return by_wrestler, by_team


def _reckoned(federation) -> RecordKeeper:
    """The federation's records as its completed matches say, in a keeper not yet written.
    One query over the participants in the ring."""
    keeper = RecordKeeper(federation, load=False)
    team_sides: dict[tuple[int, int], tuple[bool | None, str, list[str]]] = {}
    for wrestler_id, team_id, match_id, won, how, method in _federation_results(federation):
        if wrestler_id is not None:
            keeper.add(("wrestler", wrestler_id), won, how)
        if team_id is not None:
            team_sides.setdefault((match_id, team_id), (won, method, []))[2].append(how)
    # In the matches' order (a dict keeps the order each team first appeared in).
    for (_, team_id), (won, method, hows) in team_sides.items():
        keeper.add(("team", team_id), won, side_how(method, won, hows))
    return keeper


def record_from(row: WinLossRecord | None) -> Record:
    """A stored record as the pages read one (an empty one before the first match)."""
    record = Record()
    if row is None:
        return record
    record.wins, record.losses, record.draws = row.wins, row.losses, row.draws
    record.wins_by = Counter(row.wins_by)
    record.losses_by = Counter(row.losses_by)
    record.draws_by = Counter(row.draws_by)
    record.streak = streak_text(row)
    record.longest_win_streak = row.longest_win_streak
    return record


def stored_record(*, wrestler: Wrestler) -> Record:
    """The wrestler's stored record: one indexed row."""
    return record_from(WinLossRecord.objects.filter(wrestler=wrestler).first())


def federation_records(
    *, federation, wrestlers=None, teams=None
) -> tuple[dict[int, Record], dict[int, Record]]:
    """Every wrestler's and every team's stored record in the federation, by id, in one query;
    only those of ``wrestlers`` or of ``teams`` (ids) when given, which is what a page needs."""
    rows = WinLossRecord.objects.filter(federation=federation)
    if wrestlers is not None and teams is not None:
        rows = rows.filter(Q(wrestler_id__in=list(wrestlers)) | Q(team_id__in=list(teams)))
    elif wrestlers is not None:
        rows = rows.filter(wrestler_id__in=list(wrestlers))
    elif teams is not None:
        rows = rows.filter(team_id__in=list(teams))
    by_wrestler: dict[int, Record] = {}
    by_team: dict[int, Record] = {}
    for row in rows:
        if row.wrestler_id is not None:
            by_wrestler[row.wrestler_id] = record_from(row)
        elif row.team_id is not None:
            by_team[row.team_id] = record_from(row)
    return by_wrestler, by_team


def records_rebuild(*, federation) -> int:
    """Write the federation's records afresh from its completed matches, under the roster's
    lock, all or nothing; the number of records written. For a federation whose matches came
    in another way than a show's commit (an import), or a record found wrong by the check."""
    with transaction.atomic():
        lock_roster(federation.pk)
        keeper = _reckoned(federation)
        WinLossRecord.objects.filter(federation=federation).delete()
        WinLossRecord.objects.bulk_create(keeper.rows[h] for h in sorted(keeper.rows))
    return len(keeper.rows)


def _record_words(row: WinLossRecord | None) -> str:
    if row is None or not (row.wins or row.losses or row.draws):
        return "no record"
    words = f"{row.wins}-{row.losses}-{row.draws}"
    if row.streak:
        words += f", streak {streak_text(row)}"
    by = [
        f"{name} {dict(sorted(getattr(row, name).items()))}"
        for name in ("wins_by", "losses_by", "draws_by")
        if getattr(row, name)
    ]
    return f"{words}, longest win streak {row.longest_win_streak}, " + ", ".join(by)


def record_mismatches(*, federation) -> list[str]:
    """Each stored record that differs from what the completed matches say, one sentence each
    (``check_federation``). Two queries and one over the matches' participants."""
    expected = _reckoned(federation).rows
    stored = {holder_of(row): row for row in WinLossRecord.objects.filter(federation=federation)}
    names = {
        **{("wrestler", pk): n for pk, n in federation.wrestlers.values_list("pk", "ring_name")},
        **{("team", pk): n for pk, n in federation.teams.values_list("pk", "name")},
    }
    problems = []
    for holder in sorted(set(expected) | set(stored)):
        want, have = expected.get(holder), stored.get(holder)
        if _record_words(want) != _record_words(have):
            problems.append(
                f"{names.get(holder, holder)}: the stored record ({_record_words(have)}) is not "
                f"what the results say ({_record_words(want)}); rebuild_records mends it."
            )
    return problems


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

    Ties go to the earlier reign or the wrestler first in name order. A fixed number of
    queries: the reigns' dates (three small columns a reign), the ten longest and the most
    defended read whole, the streaks and the wins by method from the stored records (one row a
    wrestler)."""
    reigns = (
        TitleReign.objects.filter(title__federation=federation)
        .select_related("title", "holder_wrestler", "holder_team", "won_at__show", "ended_at__show")
        .defer("won_at__play_by_play", "ended_at__play_by_play")
    )
    # The days each reign was held, reckoned here from three columns of every reign (a date
    # difference in the database is a function call a row on SQLite), then the ten rows read.
    spans = reigns.values_list("pk", "won_on", "ended_on", "title__rank", "number")
    held = sorted(
        spans,
        key=lambda r: (-max(0, ((r[2] or today) - r[1]).days), r[1], r[3], r[4]),
    )[:limit]
    longest = reigns.in_bulk([r[0] for r in held])
    book = RecordBook()
    book.longest_reigns = [longest[r[0]] for r in held]
    for reign in book.longest_reigns:
        # Read by the page as a queryset annotation would be (a computed attribute of the row).
        reign.days = reign.days_held(today)  # type: ignore[attr-defined]
    book.most_defenses = list(
        reigns.filter(defenses__gt=0).order_by("-defenses", "won_on", "title__rank", "number")[
            :limit
        ]
    )
    rows = list(
        WinLossRecord.objects.filter(federation=federation, wrestler__isnull=False)
        .select_related("wrestler")
        .order_by("wrestler__ring_name", "wrestler_id")
    )
    book.longest_win_streaks = sorted(
        ((r.wrestler, r.longest_win_streak) for r in rows if r.longest_win_streak),
        key=lambda pair: -pair[1],
    )[:limit]
    book.current_win_streaks = sorted(
        ((r.wrestler, r.streak) for r in rows if r.streak_kind == "W" and r.streak),
        key=lambda pair: -pair[1],
    )[:limit]
    for method in sorted({m for r in rows for m, n in r.wins_by.items() if n}):
        book.most_wins_by_method[method] = sorted(
            ((r.wrestler, r.wins_by[method]) for r in rows if r.wins_by.get(method)),
            key=lambda pair: -pair[1],
        )[:limit]
    return book
