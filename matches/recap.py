"""The recap of a completed show, read from what the show wrote: its results, the reigns it began
and ended, the ledger's rows, the injuries of its matches, its feuds, and the wrestlers' results
up to it (streaks, debuts, milestones). It invents nothing and writes nothing.

``show_recap`` returns a frozen ``Recap`` of plain values (names as the roster spells them, not
escaped): ``matches.share`` writes it as Markdown, BBCode, Discord, Slack or JSON, the show page
and the federation's front page show it, the API answers it and the Atom feed carries it
(``docs/sharing.md``).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from django.db.models import Count, F, Max, Min, Prefetch, Q

from matches.models import (
    FINISHED_STATUSES,
    Match,
    MatchParticipant,
    MatchStatus,
    Method,
    Role,
    Show,
    ShowStatus,
)
from promotion.models import (
    FeudParticipant,
    FeudStatus,
    Injury,
    ReignEnd,
    StandingChange,
    TitleReign,
)
from rules.core.refusal import Refusal
from rules.core.text import ordinal

#: A run of wins worth telling: started when it reaches this, ended when it was at least this.
STREAK_AT = 3
#: A wrestler's nth match is a milestone when n is a multiple of this.
MATCH_MILESTONE = 100
#: A reign's nth defense is a milestone when n is a multiple of this.
DEFENSE_MILESTONE = 10
#: How many Prestige movers a recap names.
MOVERS = 5

IN_THE_RING = (Role.IN_RING, Role.PARTNER)

NOT_COMPLETED = "{show} has not been wrestled to the end (it is {status}): there is no recap yet."


class RecapNotReady(Refusal, ValueError):
    """A recap asked of a show that is not completed."""

    status_code = 409


# -- what a recap holds ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """One match of the card as it ended."""

    position: int
    kind: str  # "Singles", "Tag team", ...
    sides: tuple[str, ...]  # each side in words ("Kid Cobra", "The Riders (Ace & Duke)")
    winner: str  # the winning side's words; "" for a draw or a match called off
    method: str  # "Pinfall", "Time-limit draw", ...; "" for a match called off
    title: str = ""
    feud: str = ""
    is_main_event: bool = False
    called_off: str = ""  # why it was called off, when it was

    @property
    def is_draw(self) -> bool:
        return not self.called_off and not self.winner

    @property
    def losers(self) -> tuple[str, ...]:
        return tuple(side for side in self.sides if side != self.winner)


@dataclass(frozen=True)
class TitleChange:
    title: str
    new_champion: str
    old_champion: str  # "" when the title was vacant
    position: int  # the match it changed hands in
    reign_number: int  # the new reign's place in the lineage
    holder_reign_number: int  # the new champion's nth reign with it


@dataclass(frozen=True)
class Defense:
    title: str
    champion: str
    number: int  # the reign's nth successful defense
    position: int


@dataclass(frozen=True)
class Vacancy:
    title: str
    champion: str
    reason: str  # "vacated through injury"


@dataclass(frozen=True)
class InjuryNote:
    wrestler: str
    what: str  # the body part or the description, as written
    position: int | None
    expected_return: dt.date | None
    keeps_off: bool  # whether it keeps him off cards (else he wrestles through it)
    misses: tuple[str, ...]  # the shows ahead he is booked on before he is back


@dataclass(frozen=True)
class FeudNote:
    feud: str
    event: str  # "heated" (a feud match on the show), "blown off", "ended", "started"


@dataclass(frozen=True)
class Mover:
    wrestler: str
    delta: int
    value_after: int


@dataclass(frozen=True)
class Streak:
    wrestler: str
    event: str  # "started", "extended", "ended"
    length: int  # wins in the run (for "ended": the run that ended)


@dataclass(frozen=True)
class Milestone:
    who: str
    words: str  # "100th match", "10th successful defense of the Heavyweight Title"


@dataclass(frozen=True)
class Recap:
    federation: str
    federation_slug: str
    show: str  # the show as a sentence names it ("Copperline Weekly #6")
    number: int
    date: dt.date
    venue: str
    url: str  # the show page's address (a path; a door may make it absolute)
    results: tuple[Result, ...]
    title_changes: tuple[TitleChange, ...] = ()
    defenses: tuple[Defense, ...] = ()
    vacancies: tuple[Vacancy, ...] = ()
    injuries: tuple[InjuryNote, ...] = ()
    feuds: tuple[FeudNote, ...] = ()
    movers: tuple[Mover, ...] = ()
    streaks: tuple[Streak, ...] = ()
    debuts: tuple[str, ...] = ()
    milestones: tuple[Milestone, ...] = ()


# -- reading it -----------------------------------------------------------------------------------


def _side_words(participants: list[MatchParticipant]) -> str:
    names = [p.wrestler.ring_name for p in participants if p.role in IN_THE_RING]
    together = " & ".join(names)
    teams = {p.team for p in participants if p.role in IN_THE_RING and p.team is not None}
    if len(teams) == 1 and len(names) > 1:
        return f"{teams.pop().name} ({together})"
    return together


def _method_words(method: str) -> str:
    return Method(method).label if method in Method.values else method.replace("_", " ")


def _holder_name(reign: TitleReign) -> str:
    holder = reign.holder
    if holder is None:
        return ""
    return holder.ring_name if reign.holder_wrestler_id else holder.name  # type: ignore[union-attr]


def _holder_won(reign: TitleReign, match: Match) -> bool:
    """Whether the reign's holder stood on the match's winning side."""
    if match.winner_side is None:
        return False
    for p in match.participants.all():
        if p.side != match.winner_side or p.role not in IN_THE_RING:
            continue
        if reign.holder_wrestler_id and p.wrestler_id == reign.holder_wrestler_id:
            return True
        if reign.holder_team_id and p.team_id == reign.holder_team_id:
            return True
    return False


def show_recap(show: Show, *, card: Iterable[Match] | None = None) -> Recap:
    """The recap of ``show``; refuses (``RecapNotReady``) a show that is not completed.

    ``card``: the show's matches a page has read already (``selectors.card_of``: with their
    participants, wrestlers and teams, titles and feuds), read again from them, not the
    database."""
    if show.status != ShowStatus.COMPLETED or "federation" not in show._state.fields_cache:
        # (a show known completed stays so; any other is read afresh)
        show = Show.objects.select_related("federation").get(pk=show.pk)
    if show.status != ShowStatus.COMPLETED:
        raise RecapNotReady(
            NOT_COMPLETED.format(show=show, status=show.get_status_display().lower())
        )
    given = list(card) if card is not None else None
    if given is not None and all(m.show_id == show.pk for m in given):
        matches = sorted(given, key=lambda m: m.position)
    else:
        matches = _card(show)
    by_id = {m.pk: m for m in matches}
    return _recap(show, matches, by_id)


def _card(show: Show) -> list[Match]:
    return list(
        show.matches.select_related("title", "feud").prefetch_related(
            Prefetch(
                "participants",
                queryset=MatchParticipant.objects.select_related("wrestler", "team"),
            )
        )
    )


def _recap(show: Show, matches: list[Match], by_id: dict[int, Match]) -> Recap:
    federation = show.federation
    day = show.date

    results = tuple(_result(m) for m in matches)
    on_show = {
        p.wrestler_id: p.wrestler.ring_name
        for m in matches
        if m.status == MatchStatus.COMPLETED
        for p in m.participants.all()
        if p.role in IN_THE_RING
    }
    careers, before, after = _bouts(show, on_show)
    title_changes, defenses, vacancies, milestones = _titles(show, matches, by_id, after)
    injuries = _injuries(show, by_id)
    feuds = _feuds(show, matches)
    movers = _movers(show, list(by_id))
    streaks, debuts, match_milestones = _careers(on_show, before, careers)
    return Recap(
        federation=federation.name,
        federation_slug=federation.slug,
        show=str(show),
        number=show.number,
        date=day,
        venue=show.venue,
        url=show.get_absolute_url(),
        results=results,
        title_changes=title_changes,
        defenses=defenses,
        vacancies=vacancies,
        injuries=injuries,
        feuds=feuds,
        movers=movers,
        streaks=streaks,
        debuts=debuts,
        milestones=match_milestones + milestones,
    )


def _result(match: Match) -> Result:
    sides = tuple(_side_words(side) for side in match.sides())
    called_off = match.status == MatchStatus.CALLED_OFF
    winner = ""
    if not called_off and match.winner_side is not None and match.winner_side < len(sides):
        winner = sides[match.winner_side]
    return Result(
        position=match.position,
        kind=match.get_match_type_display(),
        sides=sides,
        winner=winner,
        method="" if called_off else _method_words(match.method),
        title=match.title.name if match.title is not None else "",
        feud=str(match.feud) if match.feud is not None else "",
        is_main_event=match.is_main_event,
        called_off=match.called_off_because if called_off else "",
    )


def _bouts(show: Show, on_show: dict[int, str]) -> tuple[dict[int, int], list[tuple], list[tuple]]:
    """What the recap reads of the show's wrestlers' careers, in three queries that read no
    more rows however long the federation's history:

    - ``careers``: each wrestler's completed matches up to the show (the show's own counted: a
      debut, a 100th match), counted by the database, with the last show before this one on
      which he did not win (his first show, if he has won every time);
    - ``before``: his in-ring rows from that show on, up to this one (wrestler, side, winning
      side, oldest first): all a run of wins needs;
    - ``after``: the winners of the federation's title matches after the show (match, title,
      when, wrestler, team)."""
    done = MatchParticipant.objects.filter(
        role__in=IN_THE_RING,
        match__status=MatchStatus.COMPLETED,
        show__status=ShowStatus.COMPLETED,
        show__federation_id=show.federation_id,
    )
    up_to = done.filter(show__scheduled_at__lte=show.scheduled_at)
    tallies = (
        up_to.filter(wrestler_id__in=list(on_show))
        .values("wrestler_id")
        .annotate(
            bouts=Count("id"),
            first=Min("show__scheduled_at"),
            since=Max(
                "show__scheduled_at",
                filter=~Q(match__winner_side=F("side"))
                & Q(show__scheduled_at__lt=show.scheduled_at),
            ),
        )
        .order_by()
    )
    careers: dict[int, int] = {}
    since: dict[int, dt.datetime] = {}
    for tally in tallies:
        careers[tally["wrestler_id"]] = tally["bouts"]
        since[tally["wrestler_id"]] = tally["since"] or tally["first"]
    before = []
    if since:
        # The shows from the earliest of those on (a few weeks, unless a man has long won
        # every time), each man's rows from his own on.
        runs = (
            up_to.filter(wrestler_id__in=list(since), show__scheduled_at__gte=min(since.values()))
            .order_by("show__scheduled_at", "match__position")
            .values_list("wrestler_id", "side", "match__winner_side", "show__scheduled_at")
        )
        before = [
            (wrestler_id, side, winner_side)
            for wrestler_id, side, winner_side, when in runs
            if when >= since[wrestler_id]
        ]
    after = list(
        done.filter(
            show__scheduled_at__gt=show.scheduled_at,
            match__title__isnull=False,
            match__winner_side=F("side"),
        )
        .order_by("show__scheduled_at", "match__position")
        .values_list("match_id", "match__title_id", "show__scheduled_at", "wrestler_id", "team_id")
    )
    return careers, before, after


def _titles(show: Show, matches: list[Match], by_id: dict[int, Match], after: list[tuple]):
    """Title changes, defenses, vacancies and defense milestones, in two queries whatever the
    card: the reigns the show began, ended, vacated or had at stake, and the sides of the title
    matches wrestled after it (for the defense counts)."""
    at_stake = [m for m in matches if m.title_id is not None and m.winner_side is not None]
    reigns = list(
        TitleReign.objects.filter(title__federation_id=show.federation_id)
        .filter(
            Q(won_at__show=show)
            | Q(ended_at__show=show)
            | Q(
                title__federation_id=show.federation_id,
                end_reason=ReignEnd.VACATED_INJURY,
                ended_on=show.date,
                ended_at__isnull=True,
            )
            | (
                Q(title_id__in={m.title_id for m in at_stake}, won_on__lte=show.date)
                & (Q(ended_on__isnull=True) | Q(ended_on__gte=show.date))
            )
        )
        .select_related("title", "holder_wrestler", "holder_team", "won_at", "ended_at__show")
        .order_by("-number")
    )
    won = {r.won_at_id: r for r in reigns if r.won_at_id in by_id}
    lost = {r.ended_at_id: r for r in reigns if r.ended_at_id in by_id}
    changes = []
    for match_id, reign in sorted(won.items(), key=lambda item: by_id[item[0]].position):
        before = lost.get(match_id)
        changes.append(
            TitleChange(
                title=reign.title.name,
                new_champion=_holder_name(reign),
                old_champion=_holder_name(before) if before is not None else "",
                position=by_id[match_id].position,
                reign_number=reign.number,
                holder_reign_number=reign.holder_reign_number,
            )
        )
    vacancies = tuple(
        Vacancy(
            title=reign.title.name,
            champion=_holder_name(reign),
            reason=reign.get_end_reason_display().lower(),
        )
        for reign in reigns
        if reign.end_reason == ReignEnd.VACATED_INJURY
        and reign.ended_at_id is None
        and reign.ended_on == show.date
    )

    # A defense: a title match not won by a new champion, whose winners hold a reign running
    # at the show (begun before it, not at it).
    kept: list[tuple[Match, TitleReign]] = []
    for match in at_stake:
        if match.pk in won:
            continue
        holder = next(
            (
                r
                for r in reigns
                if r.title_id == match.title_id
                and r.won_on <= show.date
                and (r.won_at is None or r.won_at.show_id != show.pk)
                and (r.ended_on is None or r.ended_on >= show.date)
                and _holder_won(r, match)
            ),
            None,
        )
        if holder is not None:
            kept.append((match, holder))
    numbers = _defense_numbers(show, [reign for _, reign in kept], after)

    defenses, milestones = [], []
    for match, reign in kept:
        number = numbers[reign.pk]
        champion = _holder_name(reign)
        title = match.title
        assert title is not None  # (at stake)
        defenses.append(
            Defense(title=title.name, champion=champion, number=number, position=match.position)
        )
        if number % DEFENSE_MILESTONE == 0:
            milestones.append(
                Milestone(
                    who=champion,
                    words=f"{ordinal(number)} successful defense of the {title}",
                )
            )
    return tuple(changes), tuple(defenses), vacancies, tuple(milestones)


def _defense_numbers(show: Show, reigns: list[TitleReign], rows: list[tuple]) -> dict[int, int]:
    """Each reign's defense count as it stood after ``show``: its stored count (which holds the
    defenses of a lineage imported with the federation too) less the defenses its holder made
    on the completed shows after it, within the reign (``rows``: the winners of the
    federation's title matches after the show, ``_bouts``)."""
    winners: dict[int, tuple[int, dt.datetime, set[int], set[int]]] = {}
    for match_id, title_id, when, wrestler_id, team_id in rows:
        _, _, wrestlers, teams = winners.setdefault(match_id, (title_id, when, set(), set()))
        wrestlers.add(wrestler_id)
        if team_id is not None:
            teams.add(team_id)
    zone = ZoneInfo(str(show.federation.time_zone))
    numbers = {}
    for reign in reigns:
        end = None
        if reign.ended_at is not None:
            end = reign.ended_at.show.scheduled_at
        elif reign.ended_on is not None:
            end = dt.datetime.combine(
                reign.ended_on + dt.timedelta(days=1), dt.time.min, tzinfo=zone
            )
        made_later = sum(
            1
            for title_id, when, wrestlers, teams in winners.values()
            if title_id == reign.title_id
            and (end is None or when < end)
            and (reign.holder_wrestler_id in wrestlers or reign.holder_team_id in teams)
        )
        numbers[reign.pk] = reign.defenses - made_later
    return numbers


def _injuries(show: Show, by_id: dict[int, Match]) -> tuple[InjuryNote, ...]:
    """The injuries of the show's matches, each with the shows ahead its wrestler is booked on
    before he is back, when it keeps him off cards (two queries whatever their number)."""
    injuries = list(Injury.objects.filter(match__show=show).select_related("wrestler"))
    booked: dict[int, list[Show]] = defaultdict(list)
    ahead = (
        MatchParticipant.objects.filter(
            wrestler__injuries__match__show=show,
            wrestler__injuries__keeps_off_cards=True,
            role__in=IN_THE_RING,
            match__status=MatchStatus.BOOKED,
        )
        .exclude(show__status__in=FINISHED_STATUSES)
        .exclude(show=show)
        .select_related("show__federation")
        .order_by("show__scheduled_at")
        .distinct()
    )
    for row in ahead:
        booked[row.wrestler_id].append(row.show)
    notes = []
    for injury in injuries:
        misses = tuple(
            str(ahead)
            for ahead in booked[injury.wrestler_id]
            if injury.keeps_off_cards
            and ahead.date >= show.date
            and (injury.expected_return is None or ahead.date < injury.expected_return)
        )
        notes.append(
            InjuryNote(
                wrestler=injury.wrestler.ring_name,
                what=injury.description or injury.body_part,
                position=by_id[injury.match_id].position if injury.match_id in by_id else None,
                expected_return=injury.expected_return,
                keeps_off=injury.keeps_off_cards,
                misses=misses,
            )
        )
    notes.sort(key=lambda note: (note.position or 0, note.wrestler))
    return tuple(notes)


def _feuds(show: Show, matches: list[Match]) -> tuple[FeudNote, ...]:
    notes: list[FeudNote] = []
    seen: set[int] = set()
    for match in matches:
        feud = match.feud
        if feud is None or feud.pk in seen or match.status != MatchStatus.COMPLETED:
            continue
        seen.add(feud.pk)
        if feud.status == FeudStatus.ENDED and feud.ended_on == show.date:
            blown_off = "blowoff" in (match.stipulations or {}) and match.winner_side is not None
            notes.append(FeudNote(str(feud), "blown off" if blown_off else "ended"))
        else:
            notes.append(FeudNote(str(feud), "heated"))
    # Feuds ended on the show's date apart from its matches, and feuds begun on it between
    # sides that met on it in a match of no feud (one query, with their sides).
    met: set[frozenset] = set()
    for match in matches:
        if match.feud_id is None and match.status == MatchStatus.COMPLETED:
            sides = [
                frozenset(("wrestler", p.wrestler_id) for p in side if p.role in IN_THE_RING)
                | frozenset(("team", p.team_id) for p in side if p.team_id is not None)
                for side in match.sides()
            ]
            for i, a in enumerate(sides):
                for b in sides[i + 1 :]:
                    met.add(frozenset((a, b)))
    # One query: the sides of the feuds ended on the show's date or begun on it.
    others: dict[int, tuple[str, bool, dict[int, set[tuple[str, int]]]]] = {}
    rows = (
        FeudParticipant.objects.filter(feud__federation_id=show.federation_id)
        .filter(
            Q(feud__status=FeudStatus.ENDED, feud__ended_on=show.date)
            | Q(feud__started_on=show.date)
        )
        .exclude(feud_id__in=seen)
        .order_by("feud_id")
        .values_list("feud_id", "feud__name", "feud__ended_on", "side", "wrestler_id", "team_id")
    )
    for feud_id, name, ended_on, side, wrestler_id, team_id in rows:
        _, _, sides_of = others.setdefault(
            feud_id, (name or f"Feud #{feud_id}", ended_on == show.date, defaultdict(set))
        )
        sides_of[side].add(("team", team_id) if team_id is not None else ("wrestler", wrestler_id))
    begun = []
    for name, ended, sides_of in others.values():
        if ended:
            notes.append(FeudNote(name, "ended"))
            continue
        key = frozenset(frozenset(members) for members in sides_of.values())
        if len(key) == 2:
            a, b = tuple(key)
            if any((a <= x and b <= y) or (a <= y and b <= x) for x, y in map(tuple, met)):
                begun.append(FeudNote(name, "started"))
    notes.extend(begun)
    return tuple(notes)


def _movers(show: Show, match_ids: list[int]) -> tuple[Mover, ...]:
    """The largest Prestige moves of the show's ledger rows (one query: the rows written for
    the show or for one of its matches, ``match_ids``, each by its own index), with the value
    after each wrestler's last row."""
    totals: dict[int, int] = defaultdict(int)
    names: dict[int, str] = {}
    after: dict[int, int] = {}
    rows = StandingChange.objects.filter(
        Q(show=show) | Q(match_id__in=match_ids), attribute="prestige"
    ).values_list("created_at", "id", "wrestler_id", "wrestler__ring_name", "delta", "value_after")
    for _, _, wrestler_id, name, delta, value_after in sorted(rows):  # (oldest first)
        totals[wrestler_id] += delta
        names[wrestler_id] = name
        after[wrestler_id] = value_after
    movers = [Mover(names[pk], total, after[pk]) for pk, total in totals.items() if total]
    movers.sort(key=lambda m: (-abs(m.delta), -m.delta, m.wrestler))
    return tuple(movers[:MOVERS])


def _careers(on_show: dict[int, str], rows: list[tuple], careers: dict[int, int]):
    """Streaks, debuts and match milestones of the wrestlers who wrestled on the show, from
    their latest completed matches up to it (``rows``, oldest first, from the last he did not
    win before the show on: ``_bouts``) and the count of all of them (``careers``)."""
    history: dict[int, list[bool | None]] = defaultdict(list)
    for wrestler_id, side, winner_side in rows:
        history[wrestler_id].append(None if winner_side is None else winner_side == side)

    streaks, debuts, milestones = [], [], []
    for wrestler_id, name in sorted(on_show.items(), key=lambda item: item[1]):
        results = history[wrestler_id]
        if not results:
            continue
        bouts = careers[wrestler_id]
        if bouts == 1:
            debuts.append(name)
        if bouts % MATCH_MILESTONE == 0:
            milestones.append(Milestone(name, f"{ordinal(bouts)} match"))
        *before, last = results
        run_before = 0
        for won in reversed(before):
            if won is not True:
                break
            run_before += 1
        if last is True:
            run = run_before + 1
            if run == STREAK_AT:
                streaks.append(Streak(name, "started", run))
            elif run > STREAK_AT:
                streaks.append(Streak(name, "extended", run))
        elif run_before >= STREAK_AT:
            streaks.append(Streak(name, "ended", run_before))
    return tuple(streaks), tuple(debuts), tuple(milestones)
