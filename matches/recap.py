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
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from django.db.models import Q, Sum

from matches.models import Match, MatchParticipant, MatchStatus, Method, Role, Show, ShowStatus
from matches.selectors import shows_ahead_of
from promotion.models import (
    Feud,
    FeudStatus,
    Injury,
    ReignEnd,
    StandingChange,
    Title,
    TitleReign,
)
from rules.core.refusal import Refusal

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


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def show_recap(show: Show) -> Recap:
    """The recap of ``show``; refuses (``RecapNotReady``) a show that is not completed."""
    show = Show.objects.select_related("federation").get(pk=show.pk)
    if show.status != ShowStatus.COMPLETED:
        raise RecapNotReady(
            NOT_COMPLETED.format(show=show, status=show.get_status_display().lower())
        )
    federation = show.federation
    day = show.date
    matches = list(
        show.matches.select_related("title", "feud").prefetch_related(
            "participants__wrestler", "participants__team"
        )
    )
    by_id = {m.pk: m for m in matches}

    results = tuple(_result(m) for m in matches)
    title_changes, defenses, vacancies, milestones = _titles(show, matches, by_id)
    injuries = _injuries(show, by_id)
    feuds = _feuds(show, matches)
    movers = _movers(show)
    streaks, debuts, match_milestones = _careers(show, matches)
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


def _titles(show: Show, matches: list[Match], by_id: dict[int, Match]):
    won: dict[int, TitleReign] = {
        reign.won_at_id: reign
        for reign in TitleReign.objects.filter(won_at__show=show).select_related(
            "title", "holder_wrestler", "holder_team"
        )
        if reign.won_at_id is not None
    }
    lost: dict[int, TitleReign] = {
        reign.ended_at_id: reign
        for reign in TitleReign.objects.filter(ended_at__show=show).select_related(
            "holder_wrestler", "holder_team"
        )
        if reign.ended_at_id is not None
    }
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

    defenses, milestones = [], []
    for match in matches:
        title = match.title
        if title is None or match.pk in won or match.winner_side is None:
            continue
        kept = _reign_defended(show, match, title)
        if kept is None:
            continue
        number = _defense_number(show, kept)
        champion = _holder_name(kept)
        defenses.append(
            Defense(title=title.name, champion=champion, number=number, position=match.position)
        )
        if number % DEFENSE_MILESTONE == 0:
            milestones.append(
                Milestone(
                    who=champion,
                    words=f"{_ordinal(number)} successful defense of the {title}",
                )
            )

    vacancies = tuple(
        Vacancy(
            title=reign.title.name,
            champion=_holder_name(reign),
            reason=reign.get_end_reason_display().lower(),
        )
        for reign in TitleReign.objects.filter(
            title__federation_id=show.federation_id,
            end_reason=ReignEnd.VACATED_INJURY,
            ended_on=show.date,
            ended_at__isnull=True,
        ).select_related("title", "holder_wrestler", "holder_team")
    )
    return tuple(changes), tuple(defenses), vacancies, tuple(milestones)


def _reign_defended(show: Show, match: Match, title: Title) -> TitleReign | None:
    """The reign its holder kept in ``match``: one of the title's, begun before it and not ended
    before the show, whose holder won the match."""
    reigns = (
        TitleReign.objects.filter(title=title, won_on__lte=show.date)
        .filter(Q(ended_on__isnull=True) | Q(ended_on__gte=show.date))
        .exclude(won_at=match)
        .select_related("holder_wrestler", "holder_team", "ended_at__show")
        .order_by("-number")
    )
    for reign in reigns:
        if _holder_won(reign, match):
            return reign
    return None


def _defense_number(show: Show, reign: TitleReign) -> int:
    """The reign's defense count as it stood after ``show``: its stored count (which holds the
    defenses of a lineage imported with the federation too) less the defenses its holder made
    on the completed shows after it."""
    later = Match.objects.filter(
        title_id=reign.title_id,
        status=MatchStatus.COMPLETED,
        winner_side__isnull=False,
        show__status=ShowStatus.COMPLETED,
        show__scheduled_at__gt=show.scheduled_at,
    ).prefetch_related("participants")
    if reign.ended_at is not None:
        later = later.filter(show__scheduled_at__lt=reign.ended_at.show.scheduled_at)
    elif reign.ended_on is not None:
        zone = ZoneInfo(str(show.federation.time_zone))
        end = dt.datetime.combine(reign.ended_on + dt.timedelta(days=1), dt.time.min, tzinfo=zone)
        later = later.filter(show__scheduled_at__lt=end)
    return reign.defenses - sum(1 for m in later if _holder_won(reign, m))


def _injuries(show: Show, by_id: dict[int, Match]) -> tuple[InjuryNote, ...]:
    notes = []
    for injury in Injury.objects.filter(match__show=show).select_related("wrestler"):
        misses: tuple[str, ...] = ()
        if injury.keeps_off_cards:
            misses = tuple(
                str(ahead)
                for ahead in shows_ahead_of(
                    wrestler=injury.wrestler, on=show.date, before=injury.expected_return
                )
                if ahead.pk != show.pk
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
    ended_apart = Feud.objects.filter(
        federation_id=show.federation_id, status=FeudStatus.ENDED, ended_on=show.date
    ).exclude(pk__in=seen)
    for feud in ended_apart:
        seen.add(feud.pk)
        notes.append(FeudNote(str(feud), "ended"))
    # Feuds begun on the show: sides that met on it in a match of no feud.
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
    begun = (
        Feud.objects.filter(federation_id=show.federation_id, started_on=show.date)
        .exclude(pk__in=seen)
        .prefetch_related("participants")
    )
    for feud in begun:
        key = feud.sides_key()
        if len(key) == 2:
            a, b = tuple(key)
            if any((a <= x and b <= y) or (a <= y and b <= x) for x, y in map(tuple, met)):
                notes.append(FeudNote(str(feud), "started"))
    return tuple(notes)


def _movers(show: Show) -> tuple[Mover, ...]:
    rows = (
        StandingChange.objects.filter(Q(show=show) | Q(match__show=show), attribute="prestige")
        .values("wrestler_id", "wrestler__ring_name")
        .annotate(total=Sum("delta"))
    )
    last_value = dict(
        StandingChange.objects.filter(Q(show=show) | Q(match__show=show), attribute="prestige")
        .order_by("created_at", "id")
        .values_list("wrestler_id", "value_after")
    )
    movers = [
        Mover(row["wrestler__ring_name"], row["total"], last_value[row["wrestler_id"]])
        for row in rows
        if row["total"]
    ]
    movers.sort(key=lambda m: (-abs(m.delta), -m.delta, m.wrestler))
    return tuple(movers[:MOVERS])


def _careers(show: Show, matches: list[Match]):
    """Streaks, debuts and match milestones of the wrestlers who wrestled on the show, from their
    completed matches up to it (one query)."""
    on_show = {
        p.wrestler_id: p.wrestler.ring_name
        for m in matches
        if m.status == MatchStatus.COMPLETED
        for p in m.participants.all()
        if p.role in IN_THE_RING
    }
    history: dict[int, list[bool | None]] = defaultdict(list)
    rows = (
        MatchParticipant.objects.filter(
            wrestler_id__in=on_show,
            role__in=IN_THE_RING,
            match__status=MatchStatus.COMPLETED,
            match__show__status=ShowStatus.COMPLETED,
            match__show__scheduled_at__lte=show.scheduled_at,
        )
        .order_by("match__show__scheduled_at", "match__position")
        .values_list("wrestler_id", "side", "match__winner_side")
    )
    for wrestler_id, side, winner_side in rows:
        history[wrestler_id].append(None if winner_side is None else winner_side == side)

    streaks, debuts, milestones = [], [], []
    for wrestler_id, name in sorted(on_show.items(), key=lambda item: item[1]):
        results = history[wrestler_id]
        if not results:
            continue
        if len(results) == 1:
            debuts.append(name)
        if len(results) % MATCH_MILESTONE == 0:
            milestones.append(Milestone(name, f"{_ordinal(len(results))} match"))
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
