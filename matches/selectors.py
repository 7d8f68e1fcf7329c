"""Reads about shows and matches."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django.db import models
from django.db.models import Count, OuterRef, Prefetch, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.template.defaultfilters import pluralize

from matches import simulation  # (the module: it reads this one's names as it loads)
from matches.booking import NO_CARD, NO_ENGINE, champion_problems, history_end
from matches.models import (
    FINISHED_STATUSES,
    OPEN_STATUSES,
    PUBLIC_FAILURE,
    Match,
    MatchParticipant,
    MatchStatus,
    MatchType,
    Role,
    Show,
    ShowStatus,
)
from promotion.models import Federation, TitleReign, Wrestler
from promotion.selectors import federation_tables
from rules import registry
from rules.core.errors import OptionError
from rules.core.spec import MatchSpec, Participant, Side, split_stipulations
from rules.core.system import RuleSystem
from rules.models import WrestlerCard


def card_of(*, show: Show) -> QuerySet[Match]:
    """A show's matches in card order, with their participants, stakes and any title won."""
    return (
        show.matches.select_related("title", "feud")
        .prefetch_related(
            Prefetch(
                "participants",
                queryset=MatchParticipant.objects.select_related("wrestler", "team").order_by(
                    "side", "order"
                ),
            ),
            # The reign a title match began: the new champion, told with the result.
            Prefetch("reigns_won", queryset=TitleReign.objects.select_related("title")),
        )
        .order_by("position")
    )


def next_open_show(*, federation: Federation) -> Show | None:
    """The federation's next show that can still be booked or run (or is running): the earliest
    not run yet, leaving out drafts stranded before a show that has run."""
    shows = federation.shows.filter(status__in=[*OPEN_STATUSES, ShowStatus.RUNNING])
    end = history_end(federation=federation)
    if end is not None:
        shows = shows.filter(scheduled_at__gte=end)
    return shows.order_by("scheduled_at", "number").first()


def week_show_number(*, federation: Federation, coming: Show | None = None) -> int:
    """The number of the show "Run this week" wrestles now: the coming show's (``coming``, when
    the caller has it), else the one it would book, numbered on (``booking.show_create``)."""
    if coming is None:
        coming = next_open_show(federation=federation)
    if coming is not None:
        return coming.number
    return (federation.shows.aggregate(n=models.Max("number"))["n"] or 0) + 1


def next_show(*, federation: Federation) -> Show | None:
    """The show a fan looks forward to: the next one not run yet (see ``next_open_show``)."""
    return next_open_show(federation=federation)


def stranded_shows(*, federation: Federation) -> QuerySet[Show]:
    """Shows not run (nor cancelled) dated before the federation's last show that has run: they
    can never be wrestled in date order, and wait for the promoter to move or cancel them."""
    end = history_end(federation=federation)
    if end is None:
        return federation.shows.none()
    return federation.shows.filter(status__in=OPEN_STATUSES, scheduled_at__lt=end).order_by(
        "scheduled_at", "number"
    )


@dataclass(frozen=True)
class ShowProgress:
    """Where a show stands, for a status endpoint or a progress bar. ``message`` is safe to show
    anyone; ``error`` (why it failed) is for the federation's members."""

    status: str
    done: int
    total: int
    message: str
    error: str = ""

    @property
    def finished(self) -> bool:
        return self.status in FINISHED_STATUSES or self.status == ShowStatus.FAILED


def show_progress(*, show: Show) -> ShowProgress:
    show.refresh_from_db(fields=["status", "error", "scheduled_at"])
    total = show.matches.count()
    done = 0
    if show.status == ShowStatus.COMPLETED:
        done = total  # (every match of the card dealt with: wrestled, or called off)
        off = show.matches.filter(status=MatchStatus.CALLED_OFF).count()
        wrestled = total - off
        message = f"Completed: {wrestled} match{pluralize(wrestled, 'es')} wrestled"
        message += f", {off} called off." if off else "."
    elif show.status == ShowStatus.RUNNING:
        done, _ = simulation.read_progress(show.pk) or (0, total)
        message = f"Being wrestled: {done} of {total} match{pluralize(total, 'es')} done."
    elif show.status == ShowStatus.SCHEDULED:
        blocker = simulation.blocker_of(show)
        when = show.when_in_words
        message = (
            f"Scheduled for {when}; it {simulation.waiting_reason(blocker)}."
            if blocker is not None
            else f"Scheduled for {when}."
        )
    elif show.status == ShowStatus.FAILED:
        message = PUBLIC_FAILURE
    else:
        message = show.get_status_display() + "."
    return ShowProgress(
        status=show.status,
        done=done,
        total=total,
        message=message,
        error=show.error if show.status == ShowStatus.FAILED else "",
    )


def recent_shows(*, federation: Federation, limit: int = 5) -> list[Show]:
    return list(
        federation.shows.filter(status=ShowStatus.COMPLETED).order_by("-scheduled_at")[:limit]
    )


#: Roles that wrestle in a match (not allies or managers at ringside).
WRESTLING_ROLES = [Role.IN_RING, Role.PARTNER]

#: A bout: the set of its sides, each the set of the wrestlers in it.
Bout = frozenset[frozenset[int]]


#: The shows whose cards the auto-booker reads as history: those wrestled, and those booked to
#: be (booked, scheduled, running, or failed and to be retried) before the show it fills, so
#: that a card booked weeks ahead does not repeat the week before's.
CARDED_STATUSES = (
    ShowStatus.COMPLETED,
    ShowStatus.BOOKED,
    ShowStatus.SCHEDULED,
    ShowStatus.RUNNING,
    ShowStatus.FAILED,
)


def _earlier_cards(show: Show):
    return (
        show.federation.shows.filter(status__in=CARDED_STATUSES, scheduled_at__lt=show.scheduled_at)
        .exclude(pk=show.pk)
        .order_by("-scheduled_at", "-number")
    )


def bout_of(sides) -> Bout:
    """The key of a bout from sides of wrestlers (or wrestler ids), whatever their order."""
    return frozenset(frozenset(getattr(w, "pk", w) for w in side) for side in sides)


def last_week_bouts(*, show: Show) -> set[Bout]:
    """The bouts (sets of sides) of the federation's previous show with a card: wrestled, or
    booked to be ("last week")."""
    previous = _earlier_cards(show).first()
    if previous is None:
        return set()
    sides: dict[tuple[int, int], set[int]] = {}
    rows = MatchParticipant.objects.filter(
        match__show=previous, role__in=WRESTLING_ROLES
    ).values_list("match_id", "side", "wrestler_id")
    for match_id, side, wrestler_id in rows:
        sides.setdefault((match_id, side), set()).add(wrestler_id)
    bouts: dict[int, list[set[int]]] = {}
    for (match_id, _), members in sorted(sides.items()):
        bouts.setdefault(match_id, []).append(members)
    return {bout_of(match_sides) for match_sides in bouts.values()}


@dataclass
class RecentResults:
    """Result points per wrestler and per team over the recent window (see ``recent_results``)."""

    wrestlers: dict[int, int] = field(default_factory=dict)
    teams: dict[int, int] = field(default_factory=dict)


def recent_results(
    *,
    show: Show,
    shows: int,
    result_points: Mapping[str, int],
    loss_points: int,
    draw_points: int,
) -> RecentResults:
    """The recent-results term of contention: over the federation's last ``shows`` completed shows
    before ``show``, each completed match adds ``result_points[method]`` to every wrestler (and
    team) on the winning side, ``loss_points`` to the losers and ``draw_points`` to everyone when
    nobody won. One query."""
    window = list(
        show.federation.shows.filter(
            status=ShowStatus.COMPLETED, scheduled_at__lt=show.scheduled_at
        )
        .exclude(pk=show.pk)
        .order_by("-scheduled_at", "-number")
        .values_list("pk", flat=True)[:shows]
    )
    totals = RecentResults()
    if not window:
        return totals
    rows = MatchParticipant.objects.filter(
        match__show__in=window, match__status=MatchStatus.COMPLETED, role__in=WRESTLING_ROLES
    ).values_list(
        "match_id", "side", "wrestler_id", "team_id", "match__winner_side", "match__method"
    )
    teams_counted: set[tuple[int, int]] = set()
    for match_id, side, wrestler_id, team_id, winner_side, method in rows:
        if winner_side is None:
            points = draw_points
        elif winner_side == side:
            points = result_points.get(method, draw_points)
        else:
            points = loss_points
        totals.wrestlers[wrestler_id] = totals.wrestlers.get(wrestler_id, 0) + points
        if team_id is not None and (match_id, team_id) not in teams_counted:
            teams_counted.add((match_id, team_id))
            totals.teams[team_id] = totals.teams.get(team_id, 0) + points
    return totals


@dataclass
class History:
    """What the federation's last few completed shows before a show tell the booker.

    Counting is in shows back: 1 is the last completed show. ``bouts`` maps each bout to the
    shows back it was wrestled; ``worked`` each wrestler to the show back he last wrestled on;
    ``feud_matches`` each feud to the shows back it had a match; ``feud_totals`` each feud to
    its completed matches in all (for the blowoff)."""

    shows: int = 0
    bouts: dict[Bout, list[int]] = field(default_factory=dict)
    worked: dict[int, int] = field(default_factory=dict)
    feud_matches: dict[int, list[int]] = field(default_factory=dict)
    feud_totals: dict[int, int] = field(default_factory=dict)
    #: Wrestlers who have wrestled for the federation at all (a new signing has not).
    ever_worked: set[int] = field(default_factory=set)

    def met(self, sides) -> list[int]:
        """The shows back on which these sides met (empty: not in the window)."""
        return self.bouts.get(bout_of(sides), [])

    def idle(self, wrestler_id: int) -> int:
        """Shows since the wrestler last worked: ``shows + 1`` when not within the window."""
        return self.worked.get(wrestler_id, self.shows + 1)


def recent_history(*, show: Show, shows: int) -> History:
    """The federation's last ``shows`` shows with a card before ``show``: wrestled, or booked to
    be (``CARDED_STATUSES``; a match called off was not wrestled). Four queries."""
    window = list(_earlier_cards(show).values_list("pk", flat=True)[:shows])
    history = History(shows=shows)
    back = {show_id: index for index, show_id in enumerate(window, start=1)}
    sides: dict[tuple[int, int], set[int]] = {}
    match_back: dict[int, int] = {}
    rows = (
        MatchParticipant.objects.filter(match__show__in=window, role__in=WRESTLING_ROLES)
        .exclude(match__status=MatchStatus.CALLED_OFF)
        .values_list("match_id", "match__show_id", "match__feud_id", "side", "wrestler_id")
    )
    for match_id, show_id, feud_id, side, wrestler_id in rows:
        ago = back[show_id]
        sides.setdefault((match_id, side), set()).add(wrestler_id)
        match_back[match_id] = ago
        history.worked[wrestler_id] = min(ago, history.worked.get(wrestler_id, ago))
        if feud_id is not None:
            seen = history.feud_matches.setdefault(feud_id, [])
            if ago not in seen:
                seen.append(ago)
    by_match: dict[int, list[set[int]]] = {}
    for (match_id, _), members in sorted(sides.items()):
        by_match.setdefault(match_id, []).append(members)
    for match_id, match_sides in by_match.items():
        history.bouts.setdefault(bout_of(match_sides), []).append(match_back[match_id])
    for feud_id, count in (
        Match.objects.filter(show__federation=show.federation, feud__isnull=False)
        .filter(
            models.Q(status=MatchStatus.COMPLETED)
            | models.Q(status=MatchStatus.BOOKED, show__in=_earlier_cards(show))
        )
        .exclude(show=show)
        .values_list("feud_id")
        .annotate(n=models.Count("id"))
        .values_list("feud_id", "n")
    ):
        history.feud_totals[feud_id] = count
    for appearances in history.bouts.values():
        appearances.sort()
    history.ever_worked = set(
        MatchParticipant.objects.filter(
            show__federation=show.federation,
            match__status=MatchStatus.COMPLETED,
            role__in=WRESTLING_ROLES,
        )
        .values_list("wrestler_id", flat=True)
        .distinct()
    )
    return history


# -- pages ---------------------------------------------------------------------------------------


def matches_counted(condition: Q | None = None):
    """A show's matches (those meeting ``condition``) counted in a subquery of their own, not by
    grouping the shows with every match: a page of a long list of shows counts its rows (the
    paginator's ``count()``) without reading any match, and each row's count is read from the
    index of the matches by show and status."""
    matches = Match.objects.filter(show=OuterRef("pk"))
    if condition is not None:
        matches = matches.filter(condition)
    counted = matches.order_by().values("show").annotate(n=Count("pk")).values("n")
    return Coalesce(Subquery(counted), 0)


def show_archive(*, federation: Federation, year: int | None = None) -> QuerySet[Show]:
    """Every show of the federation, latest first, with its matches counted (``match_count``, of
    which ``called_off`` were not wrestled and ``not_called_off`` were or will be) and its main
    event's participants at hand (``main_events``). A ``year`` whose bounds the calendar cannot
    read in UTC (before year 2, after 9998, in any time zone) holds no show."""
    shows = federation.shows.all()
    if year is not None:
        if dt.MINYEAR < year < dt.MAXYEAR:
            shows = shows.filter(scheduled_at__year=year)
        else:
            shows = shows.none()
    return (
        shows.annotate(
            match_count=matches_counted(),
            called_off=matches_counted(Q(status=MatchStatus.CALLED_OFF)),
            not_called_off=matches_counted(~Q(status=MatchStatus.CALLED_OFF)),
        )
        .prefetch_related(
            Prefetch(
                "matches",
                queryset=Match.objects.filter(is_main_event=True)
                .select_related("title")
                .prefetch_related(Prefetch("participants", queryset=_participants())),
                to_attr="main_events",
            )
        )
        .order_by("-scheduled_at", "-number")
    )


def show_years(*, federation: Federation) -> list[int]:
    """The years (in the active time zone) in which the federation has shows, latest first."""
    return sorted(
        {d.year for d in federation.shows.dates("scheduled_at", "year")},
        reverse=True,
    )


def _participants():
    return MatchParticipant.objects.select_related("wrestler", "team").order_by("side", "order")


def last_completed_show(*, federation: Federation) -> Show | None:
    return (
        federation.shows.filter(status=ShowStatus.COMPLETED)
        .order_by("-scheduled_at", "-number")
        .first()
    )


def wrestler_matches(*, wrestler) -> QuerySet[MatchParticipant]:
    """The wrestler's appearances, latest first, each with its match, show and every participant
    of the match (for the opponents)."""
    return (
        MatchParticipant.objects.filter(wrestler=wrestler)
        .select_related("match__show", "match__title", "team")
        .defer("match__play_by_play")
        .prefetch_related(Prefetch("match__participants", queryset=_participants()))
        .order_by("-match__show__scheduled_at", "-match__position")
    )


def team_matches(*, team) -> QuerySet[MatchParticipant]:
    """The team's matches, latest first: one appearance of the team's side in each (the first
    in the side's order, with its match, show and every participant), as ``wrestler_matches``
    gives a wrestler's. Chosen by the database, so that a page of them reads one page."""
    first = (
        MatchParticipant.objects.filter(match=OuterRef("match"), team=team)
        .order_by("order", "pk")
        .values("pk")[:1]
    )
    return (
        MatchParticipant.objects.filter(team=team, pk=Subquery(first))
        .select_related("match__show", "match__title", "team")
        .defer("match__play_by_play")
        .prefetch_related(Prefetch("match__participants", queryset=_participants()))
        .order_by("-match__show__scheduled_at", "-match__position")
    )


# -- a pairing outside any show (odds, exhibitions) ----------------------------------------------


class PairingRefused(Exception):
    """A pairing that cannot be played; ``problems`` are (where, what) pairs, every one found."""

    def __init__(self, problems: list[tuple[str, str]]):
        super().__init__("; ".join(f"{where}: {what}" for where, what in problems))
        self.problems = problems


@dataclass(frozen=True)
class Pairing:
    """Wrestlers of a federation matched up from their stored cards, as a show would play them:
    the federation's charts, its options (for its own system), the roster's standing figures."""

    system: str
    engine: RuleSystem
    spec: MatchSpec
    tables: Any  # the engine's own charts (``RuleSystem.load_tables``)
    options: list[str]


def roster_participant(wrestler, card):
    """A wrestler with a parsed card as the roster has him (his standing figures, his Edge, his
    alignment and pronouns), his card for the rest: a match outside any show plays him so (odds,
    exhibitions, the card editor's odds), and a show adds what it knows on the night (his
    injuries, a title held: ``simulation._spec``)."""
    return Participant(
        key=wrestler.slug,
        name=wrestler.ring_name,
        card=card,
        pronouns=wrestler.pronouns,
        alignment=wrestler.alignment,
        fame=wrestler.fame,
        prestige=wrestler.prestige,
        heat=wrestler.heat,
        edge=wrestler.base_edge,
    )


SIDES_COUNT = "A {match_type} match takes {takes}, not {count}."


def _sides_count_problems(engine, match_type: str, count: int) -> list[tuple[str, str]]:
    """Whether the match type takes ``count`` sides under the system, as the system itself says
    (``sides_allowed``: a battle royal any number from two; two sides where a system says
    nothing), as ``simulate_match`` asks it."""
    low, high = engine.sides_allowed(match_type)
    if count >= low and (high is None or count <= high):
        return []
    if high is None:
        takes = f"{low} sides or more"
    elif low == high:
        takes = f"{low} sides"
    else:
        takes = f"{low} to {high} sides"
    return [("sides", SIDES_COUNT.format(match_type=match_type, takes=takes, count=count))]


def pairing(
    *,
    federation: Federation,
    sides: list[list[str]],
    match_type: str = "singles",
    system: str | None = None,
    rule_options: list[str] | None = None,
) -> Pairing:
    """The pairing of the wrestlers named by slug, side by side; raises ``PairingRefused``
    naming every problem by its place (``sides`` for their number, ``sides[i][j]``,
    ``rule_system``, ``match_type``)."""
    system = system or federation.rule_system
    engine = registry.systems.get(system)
    if engine is None:
        raise PairingRefused([("rule_system", NO_ENGINE.format(system=system))])
    if match_type not in engine.match_types:
        kinds = ", ".join(engine.match_types)
        raise PairingRefused([("match_type", f"{system} has no {match_type} match ({kinds}).")])
    per_side = engine.participants_per_side(match_type)
    problems: list[tuple[str, str]] = _sides_count_problems(engine, match_type, len(sides))
    if rule_options is None:
        # The federation's options are its own system's; another system plays its basic match.
        rule_options = list(federation.rule_options) if system == federation.rule_system else []
    # A stipulation a match can be booked with (no_dq, ...) may be named among the rules.
    rule_options, stipulations = split_stipulations(
        rule_options, stipulations=engine.stipulation_names, options=engine.option_names
    )
    try:
        parsed_options = engine.parse_options(rule_options)
    except OptionError as exc:
        raise PairingRefused([*problems, ("rule_options", str(exc))]) from None
    slugs = [slug for side in sides for slug in side]
    wrestlers: dict[str, Wrestler] = {
        w.slug: w for w in federation.wrestlers.filter(slug__in=slugs)
    }
    cards = {
        c.wrestler_id: c
        for c in WrestlerCard.objects.filter(wrestler__in=wrestlers.values(), system=system)
    }
    built = []
    seen: set[str] = set()
    for i, side in enumerate(sides):
        if len(side) != per_side:
            problems.append((f"sides[{i}]", f"A {match_type} match takes {per_side} a side."))
        participants = []
        for j, slug in enumerate(side):
            where = f"sides[{i}][{j}]"
            wrestler = wrestlers.get(slug)
            if slug in seen:
                problems.append((where, f"{slug!r} is named twice."))
            elif wrestler is None:
                problems.append((where, f"No wrestler {slug!r} here."))
            elif wrestler.pk not in cards:
                problems.append((where, NO_CARD.format(wrestler=wrestler, system=system)))
            else:
                card = simulation.parsed_card(cards[wrestler.pk])
                participants.append(roster_participant(wrestler, card))
            seen.add(slug)
        built.append(Side(participants=tuple(participants)))
    if problems:
        raise PairingRefused(problems)
    return Pairing(
        system=system,
        engine=engine,
        spec=MatchSpec(
            match_type=match_type,
            sides=tuple(built),
            options=parsed_options,
            stipulations=stipulations,
        ),
        tables=federation_tables(federation=federation, system=system),
        options=[*_options_named(parsed_options, rule_options), *stipulations],
    )


def _options_named(parsed: Any, given: list[str]) -> list[str]:
    """A pairing's options by name, as its odds say which rules they play: each rule ``all``
    turns on (a system whose options are a set of rules), else the options as given."""
    return sorted(parsed) if isinstance(parsed, frozenset) else list(given)


def card_pairing(
    *, federation: Federation, wrestler, card: Mapping, opponent, system: str
) -> Pairing:
    """The card editor's pairing: ``wrestler`` with the card typed in (``card``, its data,
    already checked) against ``opponent``'s stored card for ``system``, in a singles match under
    the federation's charts and, for its own system, its options (another system plays its basic
    match, as a match booked under another system does); both men as the roster has them
    (standing, Edge, alignment), the typed card his."""
    engine = registry.systems[system]
    options = list(federation.rule_options) if system == federation.rule_system else []
    theirs = opponent.cards.get(system=system)
    spec = engine.make_spec(
        [engine.parse_card(card), engine.parse_card(theirs.data)], "singles", options=options
    )
    spec = replace(
        spec,
        sides=tuple(
            replace(side, participants=(roster_participant(who, side.participants[0].card),))
            for who, side in zip((wrestler, opponent), spec.sides, strict=True)
        ),
    )
    return Pairing(
        system=system,
        engine=engine,
        spec=spec,
        tables=federation_tables(federation=federation, system=system),
        options=_options_named(spec.options, options),
    )


#: Why a pairing's odds over the API (``pairing_odds``) have no exact figures, where its system
#: would not say it: they were not asked for, or the match is not a singles match.
EXACT_NOT_ASKED = 'exact odds not asked for ("exact": true asks, for a singles match)'
EXACT_SINGLES_ONLY = (
    "no exact odds: they are solved here for singles matches only, and this is a {match_type} "
    "match; Monte Carlo alone"
)


def odds(
    *,
    played: Pairing,
    runs: int,
    seed: int,
    exact: str = "never",
    max_states: int | None = None,
    time_budget: float | None = None,
):
    """The one odds path (an ``OddsReport``): Monte Carlo over ``runs`` matches and the exact
    figures as ``exact`` asks ("auto", "always", "never"; ``RuleSystem.odds`` says each, and
    what ``max_states`` and ``time_budget`` bound). The card editor's odds, the API's
    (``pairing_odds``) and the ``odds`` command all come here."""
    return played.engine.odds(
        played.spec,
        runs=runs,
        seed=seed,
        tables=played.tables,
        exact=exact,
        max_states=max_states,
        time_budget=time_budget,
    )


def pairing_odds(*, played: Pairing, runs: int, seed: int, exact: bool):
    """The pairing's odds over the API (``odds``): Monte Carlo over ``runs`` matches, and, when
    ``exact`` is asked for a singles match of a system with an exact solver, the exact figures
    within the system's own budget (``exact="auto"``). Other matches are not solved here: a tag
    match's chain can take seconds and half a gigabyte (``manage.py odds`` solves it where its
    system can, ``docs/rules/``). ``exact_note`` says truly why there are no exact figures: the
    system has no solver (ARM, in its own words), the solver gave up (the budget, a grudge
    match: its words), exact odds were not asked for, or the match is not a singles match."""
    match_type = played.spec.match_type
    solver = played.engine.has_exact_solver
    solve = exact and solver and match_type == MatchType.SINGLES
    report = odds(played=played, runs=runs, seed=seed, exact="auto" if solve else "never")
    if report.exact is not None or not solver or solve:
        return report
    if not exact:
        note = EXACT_NOT_ASKED
    else:
        note = EXACT_SINGLES_ONLY.format(match_type=MatchType(match_type).label.lower())
    return replace(report, exact_note=note)


#: Why a wrestler booked on a match cannot work it, by the flags of ``with_unavailability``.
CANNOT_WORK = (
    ("off_injured", "{wrestler} is injured."),
    ("off_suspended", "{wrestler} is suspended."),
    ("off_retired", "{wrestler} has retired."),
    ("off_before_debut", "{wrestler} has not debuted by then."),
)


def card_absences(*, show: Show) -> dict[int, list[str]]:
    """The matches of ``show`` not yet wrestled that cannot go ahead as booked, by match id:
    who of each cannot work on the show's night, and why ("Rook Lanigan is injured."), by the
    rule the booking applies (``Wrestler.unavailability_on``); and a title match whose title
    has changed hands since, the new champion not in it (``booking.champion_problems``: "A
    match for the ... must include the champion, ..."). Hurt, suspended or retired since the
    match was booked, or the belt gone elsewhere: the show calls such a match off when it runs
    (``matches.simulation``)."""
    rows = list(
        MatchParticipant.objects.filter(
            show=show, role__in=[Role.IN_RING, Role.PARTNER], match__status=MatchStatus.BOOKED
        )
        .order_by("match__position", "side", "order")
        .values_list("match_id", "wrestler_id", "side", "match__title_id")
    )
    flags = {
        row["pk"]: row
        for row in Wrestler.objects.filter(pk__in={row[1] for row in rows})
        .with_unavailability(show.date)
        .values("pk", "ring_name", *(flag for flag, _words in CANNOT_WORK))
    }
    absences: dict[int, list[str]] = {}
    for match_id, wrestler_id, _side, _title in rows:
        row = flags[wrestler_id]
        for flag, words in CANNOT_WORK:
            if row[flag]:
                absences.setdefault(match_id, []).append(words.format(wrestler=row["ring_name"]))
                break
    # Title matches: the champion as he is now must be in it (one query, for the reigns).
    titled: dict[int, int] = {}
    sides: dict[int, dict[int, list[int]]] = {}
    for match_id, wrestler_id, side, title_id in rows:
        if title_id is not None:
            titled[match_id] = title_id
            sides.setdefault(match_id, {}).setdefault(side, []).append(wrestler_id)
    if titled:
        reigns = {
            reign.title_id: reign
            for reign in TitleReign.objects.filter(
                title_id__in=set(titled.values()), ended_on__isnull=True
            ).select_related("title", "holder_wrestler", "holder_team")
        }
        for match_id, title_id in titled.items():
            reign = reigns.get(title_id)
            if reign is None:
                continue  # vacant: any match may be for it
            in_match = list(sides.get(match_id, {}).values())
            problems = champion_problems(reign.title, reign, in_match, show.date)
            if problems:
                absences.setdefault(match_id, []).extend(problems)
    return absences


def shows_ahead_of(*, wrestler, on, before=None) -> list[Show]:
    """The shows not yet wrestled, on or after ``on`` (and before ``before``, when given: an
    injury's expected return, from which he works again), with ``wrestler`` on their card."""
    shows = (
        Show.objects.filter(
            matches__participants__wrestler=wrestler,
            matches__participants__role__in=[Role.IN_RING, Role.PARTNER],
            matches__status=MatchStatus.BOOKED,
        )
        .exclude(status__in=FINISHED_STATUSES)
        .select_related("federation")
        .distinct()
        .order_by("scheduled_at")
    )
    return [  # (each show's date in its own time zone)
        show for show in shows if show.date >= on and (before is None or show.date < before)
    ]
