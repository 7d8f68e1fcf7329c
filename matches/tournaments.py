"""Tournaments: made, run round by round on the weekly shows (or on one event night), their
results flowing back as shows complete, and a title tournament's winner crowned in the lineage.

- ``tournament_create`` seeds the field (by Prestige, by hand, or drawn with a seed) and lays out
  every bout of the bracket at once (byes decided there and then);
- ``tournament_advance`` books the round that is due on the federation's next show (or the event
  night's show); the auto-booker does the same on its own (``tournaments_book_on``, called by
  ``matches.autobook.show_autobook`` before it plans anything else);
- an entrant who cannot wrestle on the night (injured, suspended, retired: the rule of
  ``promotion.models.WrestlerQuerySet.available_on``; or, for a team, too few members able)
  forfeits the bout when it is booked, the reason recorded on the bout and the entrant;
- ``tournament_results`` (called by ``matches.simulation._commit`` in the show's transaction)
  takes each tournament match's winner into the bracket; a match called off (one side hurt since
  it was booked) is a forfeit of that side; a match without a winner (an engine that does not
  settle a tournament draw) is wrestled again on the next show.

``docs/events.md`` ("Tournaments") says it for the promoter; ``matches/brackets.py`` holds the
arithmetic.
"""

from __future__ import annotations

import datetime as dt
import logging
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import transaction
from django.db.models import Max, Q, QuerySet
from django.utils import timezone

from matches import (
    brackets,
    selectors,  # (the module: selectors and simulation read each other)
)
from matches.booking import (
    ALREADY_ON_SHOW,
    CLOSED_STATUSES,
    BookingError,
    availability_problems,
    match_book,
    match_remove,
    show_create,
    show_schedule,
)
from matches.models import (
    BoutDecision,
    Match,
    MatchStatus,
    MatchType,
    Placement,
    Seeding,
    Show,
    ShowKind,
    ShowStatus,
    Tournament,
    TournamentBout,
    TournamentEntrant,
    TournamentFormat,
    TournamentStatus,
    TournamentUnit,
)
from promotion.models import Division, Federation, Team, Title, Wrestler
from promotion.selectors import free_slug
from promotion.services import FieldProblem, ServiceError
from promotion.services.titles import reign_start
from promotion.validators import plain_text
from rules import registry

logger = logging.getLogger(__name__)

#: Wrestlers a side of each unit puts in the ring, and the match type it is wrestled as.
UNIT_SIZE: dict[str, int] = {
    TournamentUnit.SINGLES: 1,
    TournamentUnit.TAG: 2,
    TournamentUnit.SIX_MAN: 3,
}
UNIT_MATCH: dict[str, str] = {
    TournamentUnit.SINGLES: MatchType.SINGLES,
    TournamentUnit.TAG: MatchType.TAG,
    TournamentUnit.SIX_MAN: MatchType.THREE_MAN_TAG,
}
UNIT_DIVISION: dict[str, str] = {
    TournamentUnit.SINGLES: Division.SINGLES,
    TournamentUnit.TAG: Division.TAG,
}
#: A round robin of more would take more weeks than a season has to give.
ROUND_ROBIN_MAX = 12
#: The stipulation every tournament match is booked with: the engines settle a draw
#: (``docs/rules/``).
STIPULATION = "tournament"
#: On an event night, each round after the first is its own show this long after the one before
#: (one wrestler appears once a show: the next round needs the last one's winners).
SESSION_GAP = dt.timedelta(minutes=45)
NUMBER_WORDS = {1: "one", 2: "two", 3: "three"}

# Messages the promoter sees (tests reuse them).
NAME_REQUIRED = "A tournament needs a name."
NAME_LENGTH = 160
NAME_TOO_LONG = "A tournament's name is at most {limit} characters."
SLUG_LENGTH = 80
SLUG_BAD = "{slug!r} is not an address: letters, digits, hyphens and underscores only."
SLUG_TOO_LONG = "An address is at most {limit} characters."
SLUG_TAKEN = "{federation} already has a tournament at {slug!r}."
NOT_A_CHOICE = "{value!r} is not one of: {choices}."
SYSTEM_UNKNOWN = "{value!r} is not a rule system here (known: {known})."
UNIT_UNSUPPORTED = "{system} has no {match} match, so it cannot run a {unit} tournament."
TITLE_OTHER_FEDERATION = "The {title} belongs to another federation."
TITLE_INACTIVE = "The {title} is retired."
TITLE_HELD = (
    "The {title} is held by {holder}; a tournament crowns a champion for a vacant title "
    "(vacate it first)."
)
TITLE_DIVISION = "The {title} is a {division} title; a {unit} tournament cannot crown its champion."
TITLE_HAS_TOURNAMENT = "The {title} has a tournament under way already: {tournament}."
ENTRANTS_REQUIRED = "Seeding by hand needs the entrants, in seed order."
SIZE_REQUIRED = "Say how many entrants (the top ones by Prestige), or name them."
SIZE_RANGE = "A {format} tournament takes {low} to {high} entrants, not {count}."
UNKNOWN_WRESTLER = "{federation} has no wrestler with the id {id!r}."
UNKNOWN_TEAM = "{federation} has no team with the id {id!r}."
ENTERED_TWICE = "{name} is entered twice."
ENTRANT_CANNOT = "{name} cannot enter: {reasons}"
TEAM_SHORT = "{team} cannot field {need}: {reasons}"
TEAM_TOO_FEW = "{team} has {count} member(s) now; a {unit} tournament's teams field {need}."
TOO_FEW_ABLE = "Only {able} {what} can wrestle under {system} now; the tournament asks for {size}."
ALREADY_OVER = "{tournament} is {status}; it cannot {what}."
ROUND_BOOKED = "The {round} is booked on {show} already; it is wrestled when that show runs."
SHOW_FAILED = "{show} failed; retry it or cancel it before the next round is booked."
NOTHING_DUE = "{tournament} has nothing to book: its bouts wait for results."
EVENT_NOT_WEEKLY = "{tournament} is wrestled on one event night ({event}), not on the weekly shows."
# Words for the bouts and the lineage.
BOOKING_NOTE = "{tournament}: tournament {round}, {a} (seed {seed_a}) v {b} (seed {seed_b})"
REMATCH_NOTE = "; wrestled again: {why}"
BYE = "{name} (seed {seed}) has a bye"
FORFEIT = "{winner} goes through: {reasons}"
BOTH_OUT = "neither can wrestle ({reasons}); the higher seed, {winner}, goes through"
WAITS = "{tournament} {round}: {a} v {b} waits for the next show: {reasons}"
NO_WINNER = "the match ended without a winner"
WON_FINAL = "won the tournament final over {loser}"
WON_FINAL_FORFEIT = "won the tournament final over {loser} by forfeit"
WON_ROUND_ROBIN = "won the {tournament} round robin ({points} points)"


@dataclass
class RoundBooking:
    """What booking a round did: the matches put on the show, and, one sentence each, the byes
    and forfeits decided and the bouts left waiting."""

    matches: list[Match] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)

    def extend(self, other: RoundBooking) -> None:
        self.matches += other.matches
        self.reasons += other.reasons


def _refuse(problems: list[str]) -> None:
    if problems:
        error = ServiceError(" ".join(problems))
        error.by_field = tuple(
            (p.field, p.message) if isinstance(p, FieldProblem) else ("", str(p)) for p in problems
        )
        raise error


def _today(federation: Federation) -> dt.date:
    return timezone.now().astimezone(federation.time_zone).date()


def _choice(name: str, label: str, value: Any, choices) -> list[str]:
    if value in choices.values:
        return []
    return [
        FieldProblem(
            name, label, NOT_A_CHOICE.format(value=value, choices=", ".join(choices.values))
        )
    ]


# -- making one --------------------------------------------------------------------------------


def wrestler_out(wrestler: Wrestler, *, on: dt.date, system: str) -> list[str]:
    """Why ``wrestler`` cannot wrestle a tournament bout on ``on`` (empty when he can): the
    booking's words for the availability rule, and a card for the tournament's system."""
    return availability_problems(wrestler, on=on, system=system)


def team_lineup(
    team: Team, *, need: int, on: dt.date, system: str, taken: Iterable[int] = ()
) -> tuple[list[Wrestler], list[str]]:
    """The ``need`` members of ``team`` who wrestle for it on ``on`` (the highest Prestige of
    those able), and why the others cannot; fewer than ``need`` means the team cannot field a
    side."""
    taken = set(taken)
    able: list[Wrestler] = []
    reasons: list[str] = []
    for member in team.members_on(on).order_by("-prestige", "ring_name", "pk"):
        out = wrestler_out(member, on=on, system=system)
        if member.pk in taken:
            out = [*out, ALREADY_ON_SHOW.format(wrestler=member, show="that show")]
        if out:
            reasons += out
        else:
            able.append(member)
    return able[:need], reasons


def _team_strength(team: Team, on: dt.date) -> int:
    return sum(team.members_on(on).values_list("prestige", flat=True))


def _pick_field(
    *,
    federation: Federation,
    unit: str,
    system: str,
    entrants: Sequence[Any] | None,
    size: int | None,
    seeding: str,
    on: dt.date,
    problems: list[str],
) -> list[Wrestler | Team]:
    """The entrants in seed order (before a draw), or an empty list with ``problems`` said."""
    need = UNIT_SIZE[unit]
    picked: list[Wrestler | Team] = []
    if entrants is not None:
        seen: set[int] = set()
        for given in entrants:
            pk = getattr(given, "pk", given)
            try:
                pk = int(pk)
            except (TypeError, ValueError):
                pk = None
            if unit == TournamentUnit.SINGLES:
                found: Wrestler | Team | None = federation.wrestlers.filter(pk=pk).first()
                missing = UNKNOWN_WRESTLER
            else:
                found = federation.teams.filter(pk=pk).first()
                missing = UNKNOWN_TEAM
            if found is None:
                problems.append(
                    FieldProblem(
                        "entrants", "Entrants", missing.format(federation=federation, id=given)
                    )
                )
                continue
            if found.pk in seen:
                problems.append(
                    FieldProblem("entrants", "Entrants", ENTERED_TWICE.format(name=found))
                )
                continue
            seen.add(found.pk)
            if isinstance(found, Wrestler):
                out = wrestler_out(found, on=on, system=system)
                if out:
                    problems.append(
                        FieldProblem(
                            "entrants",
                            "Entrants",
                            ENTRANT_CANNOT.format(name=found, reasons=" ".join(out)),
                        )
                    )
            else:
                count = found.members_on(on).count()
                if count < need:
                    problems.append(
                        FieldProblem(
                            "entrants",
                            "Entrants",
                            TEAM_TOO_FEW.format(
                                team=found,
                                count=count,
                                unit=TournamentUnit(unit).label.lower(),
                                need=NUMBER_WORDS[need],
                            ),
                        )
                    )
            picked.append(found)
        if seeding == Seeding.PRESTIGE:
            picked.sort(key=lambda entrant: -_strength(entrant, on))
        return picked
    if size is None:
        if seeding != Seeding.HAND:  # (by hand, the missing entrants are the problem said)
            problems.append(FieldProblem("size", "Size", SIZE_REQUIRED))
        return []
    if unit == TournamentUnit.SINGLES:
        pool: list[Wrestler | Team] = list(
            federation.wrestlers.available_on(on)
            .filter(cards__system=system)
            .distinct()
            .order_by("-prestige", "ring_name", "pk")[: max(size, 0)]
        )
        what = "wrestlers"
    else:
        teams = [
            team
            for team in federation.teams.filter(disbanded_on__isnull=True).order_by("name", "pk")
            if len(team_lineup(team, need=need, on=on, system=system)[0]) == need
        ]
        teams.sort(key=lambda team: -_team_strength(team, on))
        pool = list(teams[: max(size, 0)])
        what = "teams"
    if len(pool) < size and size >= brackets.MIN_ENTRANTS:
        problems.append(
            FieldProblem(
                "size",
                "Size",
                TOO_FEW_ABLE.format(able=len(pool), what=what, system=system, size=size),
            )
        )
    return pool


def _strength(entrant: Wrestler | Team, on: dt.date) -> int:
    if isinstance(entrant, Wrestler):
        return entrant.prestige
    return _team_strength(entrant, on)


def tournament_create(
    *,
    federation: Federation,
    name: str,
    format: str = TournamentFormat.SINGLE_ELIMINATION,
    unit: str = TournamentUnit.SINGLES,
    seeding: str = Seeding.PRESTIGE,
    placement: str = Placement.WEEKLY,
    entrants: Sequence[Any] | None = None,
    size: int | None = None,
    title: Title | None = None,
    rule_system: str | None = None,
    draw_seed: int | None = None,
    slug: str = "",
    user: Any = None,
) -> Tournament:
    """A new tournament with its field seeded and its bracket laid out (byes decided), or a
    refusal naming every field that is wrong. ``entrants``: wrestler ids (singles) or team ids
    (tag, six-man), in seed order when seeding by hand; without them, the top ``size`` able to
    wrestle by Prestige. A drawn field is shuffled with ``draw_seed`` (a new one when not
    given; kept on the tournament)."""
    problems: list[str] = []
    name = (name or "").strip()
    if not name:
        problems.append(FieldProblem("name", "Name", NAME_REQUIRED))
    else:
        try:
            plain_text(name)
        except ValidationError as exc:
            problems += [FieldProblem("name", "Name", message) for message in exc.messages]
        if len(name) > NAME_LENGTH:
            problems.append(FieldProblem("name", "Name", NAME_TOO_LONG.format(limit=NAME_LENGTH)))
    problems += _choice("format", "Format", format, TournamentFormat)
    problems += _choice("unit", "Unit", unit, TournamentUnit)
    problems += _choice("seeding", "Seeding", seeding, Seeding)
    problems += _choice("placement", "Placement", placement, Placement)
    system = (
        rule_system or (title.rule_system if title is not None else "") or federation.rule_system
    )
    engine = registry.systems.get(system)
    if engine is None:
        problems.append(
            FieldProblem(
                "rule_system",
                "Rule system",
                SYSTEM_UNKNOWN.format(value=system, known=", ".join(sorted(registry.systems))),
            )
        )
    elif unit in UNIT_MATCH and UNIT_MATCH[unit] not in engine.match_types:
        problems.append(
            FieldProblem(
                "unit",
                "Unit",
                UNIT_UNSUPPORTED.format(
                    system=engine.title,
                    match=MatchType(UNIT_MATCH[unit]).label.lower(),
                    unit=TournamentUnit(unit).label.lower(),
                ),
            )
        )
    if title is not None:
        problems += [
            FieldProblem("title", "Title", p) for p in _title_problems(title, federation, unit)
        ]
    if seeding == Seeding.HAND and not entrants:
        problems.append(FieldProblem("entrants", "Entrants", ENTRANTS_REQUIRED))
    if size is not None and not isinstance(size, int):
        problems.append(FieldProblem("size", "Size", f"{size!r} is not a number."))
        size = None
    slug = (slug or "").strip()
    if slug:
        try:
            validate_slug(slug)
        except ValidationError:
            problems.append(FieldProblem("slug", "Address", SLUG_BAD.format(slug=slug)))
        if len(slug) > SLUG_LENGTH:
            problems.append(
                FieldProblem("slug", "Address", SLUG_TOO_LONG.format(limit=SLUG_LENGTH))
            )
    if problems and not (unit in UNIT_SIZE and engine is not None):
        _refuse(problems)

    with transaction.atomic():
        on = _today(federation)
        field_ = _pick_field(
            federation=federation,
            unit=unit,
            system=system,
            entrants=entrants,
            size=size,
            seeding=seeding,
            on=on,
            problems=problems,
        )
        high = ROUND_ROBIN_MAX if format == TournamentFormat.ROUND_ROBIN else brackets.MAX_ENTRANTS
        count = len(field_) if entrants is not None else (size or 0)
        if (
            entrants is not None or size is not None
        ) and not brackets.MIN_ENTRANTS <= count <= high:
            problems.append(
                FieldProblem(
                    "entrants" if entrants is not None else "size",
                    "Entrants" if entrants is not None else "Size",
                    SIZE_RANGE.format(
                        format=TournamentFormat(format).label.lower()
                        if format in TournamentFormat.values
                        else "",
                        low=brackets.MIN_ENTRANTS,
                        high=high,
                        count=count,
                    ),
                )
            )
        if not slug:
            slug = free_slug(
                federation.tournaments.all(), name, fallback="tournament", max_length=SLUG_LENGTH
            )
        if federation.tournaments.filter(slug=slug).exists():
            problems.append(
                FieldProblem("slug", "Address", SLUG_TAKEN.format(federation=federation, slug=slug))
            )
        _refuse(problems)
        if seeding == Seeding.DRAW:
            if draw_seed is None:
                draw_seed = random.SystemRandom().randrange(2**62)
            random.Random(draw_seed).shuffle(field_)
        tournament = Tournament.objects.create(
            federation=federation,
            name=name,
            slug=slug,
            rule_system=system,
            format=format,
            unit=unit,
            title=title,
            seeding=seeding,
            draw_seed=draw_seed if seeding == Seeding.DRAW else None,
            placement=placement,
        )
        rows = TournamentEntrant.objects.bulk_create(
            TournamentEntrant(
                tournament=tournament,
                wrestler=entrant if isinstance(entrant, Wrestler) else None,
                team=entrant if isinstance(entrant, Team) else None,
                seed=seed,
            )
            for seed, entrant in enumerate(field_, start=1)
        )
        _lay_out(tournament, rows)
        return tournament


def _title_problems(title: Title, federation: Federation, unit: str) -> list[str]:
    if title.federation_id != federation.pk:
        return [TITLE_OTHER_FEDERATION.format(title=title)]
    problems = []
    if not title.is_active:
        problems.append(TITLE_INACTIVE.format(title=title))
    reign = title.current_reign
    if reign is not None:
        problems.append(TITLE_HELD.format(title=title, holder=reign.holder))
    if unit in TournamentUnit.values and UNIT_DIVISION.get(unit) != title.division:
        problems.append(
            TITLE_DIVISION.format(
                title=title,
                division=title.get_division_display().lower(),
                unit=TournamentUnit(unit).label.lower(),
            )
        )
    running = title.tournaments.filter(
        status__in=[TournamentStatus.OPEN, TournamentStatus.RUNNING]
    ).first()
    if running is not None:
        problems.append(TITLE_HAS_TOURNAMENT.format(title=title, tournament=running))
    return problems


def _lay_out(tournament: Tournament, entrants: Sequence[TournamentEntrant]) -> None:
    """Every bout of the tournament: a bracket with its byes decided and fed on, or a round
    robin's every pairing by rounds."""
    by_seed = {entrant.seed: entrant for entrant in entrants}
    n = len(entrants)
    bouts: list[TournamentBout] = []
    if tournament.format == TournamentFormat.ROUND_ROBIN:
        for number, pairs in enumerate(brackets.round_robin_rounds(n), start=1):
            for position, (a, b) in enumerate(pairs):
                bouts.append(
                    TournamentBout(
                        tournament=tournament,
                        round=number,
                        position=position,
                        entrant_a=by_seed[a + 1],
                        entrant_b=by_seed[b + 1],
                    )
                )
        TournamentBout.objects.bulk_create(bouts)
        return
    rounds = brackets.rounds_for(n)
    width = brackets.bracket_size(n) // 2
    for number in range(1, rounds + 1):
        for position in range(width):
            bouts.append(TournamentBout(tournament=tournament, round=number, position=position))
        width //= 2
    for position, (seed_a, seed_b) in enumerate(brackets.first_round(n)):
        bout = bouts[position]
        bout.entrant_a = by_seed[seed_a] if seed_a is not None else None
        bout.entrant_b = by_seed[seed_b] if seed_b is not None else None
    TournamentBout.objects.bulk_create(bouts)
    for bout in bouts[: len(brackets.first_round(n))]:
        if (bout.entrant_a is None) != (bout.entrant_b is None):
            winner = bout.entrant_a or bout.entrant_b
            assert winner is not None
            _decide(bout, winner, BoutDecision.BYE, "")


# -- deciding bouts ----------------------------------------------------------------------------


def _decide(bout: TournamentBout, winner: TournamentEntrant, how: str, reason: str) -> None:
    """The bout won by ``winner``; in a bracket, the winner takes his place in the next round."""
    bout.winner = winner
    bout.decided_by = how
    bout.forfeit_reason = reason
    bout.save(update_fields=["winner", "decided_by", "forfeit_reason"])
    tournament = bout.tournament
    if tournament.format != TournamentFormat.SINGLE_ELIMINATION:
        return
    position, side = brackets.feeds(bout.position)
    following = tournament.bouts.filter(round=bout.round + 1, position=position).first()
    if following is None:
        return
    setattr(following, "entrant_a" if side == 0 else "entrant_b", winner)
    following.save(update_fields=["entrant_a" if side == 0 else "entrant_b"])


def _forfeit(
    bout: TournamentBout,
    out: dict[int, list[str]],
) -> str:
    """Decide a bout one or both of whose entrants cannot wrestle (``out``: entrant id to the
    reasons); the reason is recorded on the bout and on each entrant out. Returns it in words."""
    a, b = bout.entrant_a, bout.entrant_b
    assert a is not None and b is not None
    for entrant in (a, b):
        if entrant.pk in out:
            entrant.withdrew_because = " ".join(out[entrant.pk])[:400]
            entrant.save(update_fields=["withdrew_because"])
    if a.pk in out and b.pk in out:
        winner = a if a.seed < b.seed else b
        reason = BOTH_OUT.format(reasons=" ".join(out[a.pk] + out[b.pk]), winner=winner.name)
    else:
        winner = b if a.pk in out else a
        loser = a if winner is b else b
        reason = FORFEIT.format(winner=winner.name, reasons=" ".join(out[loser.pk]))
    _decide(bout, winner, BoutDecision.FORFEIT, reason[:400])
    return reason


def _lineup(
    tournament: Tournament,
    entrant: TournamentEntrant,
    *,
    on: dt.date,
    taken: set[int],
) -> tuple[list[Wrestler], list[str], list[str]]:
    """Who wrestles for ``entrant`` on ``on``: the side, the reasons it cannot wrestle at all
    (a forfeit), and the reasons it must wait (already on that show)."""
    system = tournament.rule_system
    if entrant.wrestler is not None:
        wrestler = entrant.wrestler
        out = wrestler_out(wrestler, on=on, system=system)
        if out:
            return [], out, []
        if wrestler.pk in taken:
            return [], [], [f"{wrestler} is on that show's card already."]
        return [wrestler], [], []
    team = entrant.team
    assert team is not None
    need = UNIT_SIZE[TournamentUnit(tournament.unit)]
    able, reasons = team_lineup(team, need=need, on=on, system=system)
    if len(able) < need:
        why = " ".join(reasons) or f"{team} has fewer than {NUMBER_WORDS[need]} members."
        return [], [TEAM_SHORT.format(team=team, need=NUMBER_WORDS[need], reasons=why)], []
    free = [w for w in able if w.pk not in taken]
    if len(free) < need:
        busy = ", ".join(str(w) for w in able if w.pk in taken)
        return [], [], [f"{busy} on that show's card already."]
    return free, [], []


def _due_round(tournament: Tournament) -> int | None:
    """The lowest round with a bout still to decide (None when all are decided)."""
    return (
        tournament.bouts.filter(decided_by=BoutDecision.UNDECIDED)
        .order_by("round")
        .values_list("round", flat=True)
        .first()
    )


def _open_bouts(tournament: Tournament, round: int) -> QuerySet[TournamentBout]:
    return tournament.bouts.filter(round=round, decided_by=BoutDecision.UNDECIDED).select_related(
        "entrant_a__wrestler", "entrant_b__wrestler", "entrant_a__team", "entrant_b__team"
    )


def _round_on_a_show(tournament: Tournament, round: int) -> Show | None:
    """The unrun show the due round's bouts are booked on, if any."""
    match = (
        Match.objects.filter(
            tournament_bout__tournament=tournament,
            tournament_bout__round=round,
            tournament_bout__decided_by=BoutDecision.UNDECIDED,
        )
        .exclude(show__status__in=[ShowStatus.COMPLETED, ShowStatus.CANCELLED])
        .select_related("show")
        .first()
    )
    return match.show if match is not None else None


def _book_round(tournament: Tournament, show: Show) -> RoundBooking:
    """Book the due round's bouts that are not on a card on ``show``: forfeits decided for
    entrants who cannot wrestle that night, the rest booked with the tournament stipulation."""
    done = RoundBooking()
    round = _due_round(tournament)
    if round is None:
        return done
    on = show.date
    engine = registry.systems.get(tournament.rule_system)
    stipulations = (
        {STIPULATION: True}
        if engine is not None and STIPULATION in engine.stipulation_names
        else {}
    )
    taken = set(show.appearances.values_list("wrestler_id", flat=True))
    round_name = tournament.round_name(round)
    # (A bout on a show cancelled since is booked again.)
    bookable = Q(match__isnull=True) | Q(match__show__status=ShowStatus.CANCELLED)
    for bout in _open_bouts(tournament, round).filter(bookable):
        a, b = bout.entrant_a, bout.entrant_b
        if a is None or b is None:
            continue  # (a bracket's place still waiting for its entrants: not due)
        side_a, out_a, wait_a = _lineup(tournament, a, on=on, taken=taken)
        side_b, out_b, wait_b = _lineup(tournament, b, on=on, taken=taken)
        out = {entrant.pk: reasons for entrant, reasons in ((a, out_a), (b, out_b)) if reasons}
        if out:
            done.reasons.append(f"{tournament} {round_name}: " + _forfeit(bout, out))
            continue
        if wait_a or wait_b:
            done.reasons.append(
                WAITS.format(
                    tournament=tournament,
                    round=round_name,
                    a=a.name,
                    b=b.name,
                    reasons=" ".join(wait_a + wait_b),
                )
            )
            continue
        note = BOOKING_NOTE.format(
            tournament=tournament,
            round=round_name,
            a=a.name,
            b=b.name,
            seed_a=a.seed,
            seed_b=b.seed,
        )
        if bout.forfeit_reason:  # (why it was not decided when last booked)
            note += REMATCH_NOTE.format(why=bout.forfeit_reason)
        match = match_book(
            show=show,
            sides=[side_a, side_b],
            match_type=UNIT_MATCH[TournamentUnit(tournament.unit)],
            rule_system=tournament.rule_system,
            stipulations=stipulations,
            note=note[:400],
        )
        bout.match = match
        bout.forfeit_reason = ""
        bout.save(update_fields=["match", "forfeit_reason"])
        taken.update(w.pk for w in side_a + side_b)
        done.matches.append(match)
    if tournament.status == TournamentStatus.OPEN:
        tournament.status = TournamentStatus.RUNNING
        tournament.save(update_fields=["status"])
    _finish_if_done(tournament, on=on)
    return done


def _finish_if_done(tournament: Tournament, *, on: dt.date) -> bool:
    """Complete the tournament when its last bout is decided: its winner, and the champion
    crowned in the lineage for a title tournament. True when it completed."""
    if tournament.bouts.filter(decided_by=BoutDecision.UNDECIDED).exists():
        return False
    if tournament.status in (TournamentStatus.COMPLETED, TournamentStatus.CANCELLED):
        return False
    if tournament.format == TournamentFormat.ROUND_ROBIN:
        table = round_robin_table(tournament)
        winner: TournamentEntrant = table[0].entrant
        how = WON_ROUND_ROBIN.format(tournament=tournament, points=table[0].points)
        last = (
            tournament.bouts.filter(winner=winner, decided_by=BoutDecision.MATCH)
            .order_by("-round")
            .select_related("match__show__federation")
            .first()
        )
        # Won at his last bout when that decided it, on the night it completed; else a
        # reign won on that night without a match of his (he sat the last round out).
        won_at = last.match if last is not None else None
        if won_at is not None and won_at.show.date != on:
            won_at = None
    else:
        final = tournament.bouts.select_related("entrant_a", "entrant_b", "winner", "match").get(
            round=tournament.rounds, position=0
        )
        assert final.winner is not None
        winner = final.winner
        loser = final.entrant_b if winner.pk == final.entrant_a_id else final.entrant_a
        loser_name = loser.name if loser is not None else ""
        if final.decided_by == BoutDecision.FORFEIT:
            how = WON_FINAL_FORFEIT.format(loser=loser_name)
            won_at = None
        else:
            how = WON_FINAL.format(loser=loser_name)
            won_at = final.match
    tournament.winner = winner
    tournament.status = TournamentStatus.COMPLETED
    tournament.completed_at = timezone.now()
    tournament.save(update_fields=["winner", "status", "completed_at"])
    if tournament.title_id is not None:
        _crown(tournament, winner, on=on, won_at=won_at, how=how)
    return True


def _crown(
    tournament: Tournament,
    winner: TournamentEntrant,
    *,
    on: dt.date,
    won_at: Match | None,
    how: str,
) -> None:
    title = tournament.title
    assert title is not None
    holder: Wrestler | Team | None = winner.wrestler or winner.team
    assert holder is not None
    title = Title.objects.get(pk=title.pk)
    if not title.is_active or title.current_reign is not None:
        # Filled by hand (or retired) while the tournament ran: its winner is named, and the
        # lineage left as the promoter made it.
        logger.info("Tournament %s: the %s is not vacant; nobody crowned", tournament.pk, title)
        return
    try:
        with transaction.atomic():
            reign_start(title=title, holder=holder, won_on=on, won_at=won_at, won_how=how[:200])
    except ServiceError:  # (a lineage changed by hand since: the tournament stands uncrowned)
        logger.warning("Tournament %s could not crown %s", tournament.pk, holder, exc_info=True)


# -- advancing ---------------------------------------------------------------------------------


def _locked(tournament: Tournament) -> Tournament:
    return (
        Tournament.objects.select_for_update(of=("self",))  # (its title and event may be none)
        .select_related("federation", "title", "event")
        .get(pk=tournament.pk)
    )


def tournament_advance(tournament: Tournament, *, user: Any = None) -> list[Match]:
    """Book the round that is due: on the federation's next show (a weekly tournament; a new
    show in the next weekly slot when none is open), or on the event night (a one-night
    tournament: its event show, made now when it has none). Entrants who cannot wrestle that
    night forfeit, the reason recorded. Returns the matches booked; refuses when the
    tournament is over or its round is booked already."""
    with transaction.atomic():
        tournament = _locked(tournament)
        federation = tournament.federation
        if tournament.status in (TournamentStatus.COMPLETED, TournamentStatus.CANCELLED):
            raise ServiceError(
                ALREADY_OVER.format(
                    tournament=tournament,
                    status=tournament.get_status_display().lower(),
                    what="advance",
                )
            )
        round = _due_round(tournament)
        if round is None:
            raise ServiceError(NOTHING_DUE.format(tournament=tournament))
        booked_on = _round_on_a_show(tournament, round)
        if booked_on is not None:
            raise ServiceError(
                ROUND_BOOKED.format(round=tournament.round_name(round), show=booked_on)
            )
        if tournament.placement == Placement.ONE_NIGHT:
            show = tournament.event
            if show is None or show.status in CLOSED_STATUSES:
                show = _event_show(tournament, after=show)
        else:
            show = selectors.next_open_show(federation=federation)
            if show is not None and show.status == ShowStatus.FAILED:
                raise ServiceError(SHOW_FAILED.format(show=show))
            if show is None or show.status in CLOSED_STATUSES:
                last = federation.shows.aggregate(last=Max("scheduled_at"))["last"]
                after = max(filter(None, [last, timezone.now()]))
                show = show_create(
                    federation=federation, scheduled_at=federation.next_show_time(after=after)
                )
        booking = _book_round(tournament, show)
        if not booking.matches and not booking.reasons:
            raise ServiceError(NOTHING_DUE.format(tournament=tournament))
        return booking.matches


def _event_show(tournament: Tournament, *, after: Show | None) -> Show:
    """The event night's show for the tournament's next round: the first made in the
    federation's next weekly slot as a special event named for the tournament; each later round
    its own show ``SESSION_GAP`` after the one before."""
    federation = tournament.federation
    if after is None:
        last = federation.shows.aggregate(last=Max("scheduled_at"))["last"]
        at = federation.next_show_time(after=max(filter(None, [last, timezone.now()])))
        show = show_create(
            federation=federation, scheduled_at=at, name=tournament.name, kind=ShowKind.SPECIAL
        )
        tournament.event = show
        tournament.save(update_fields=["event"])
        return show
    round = _due_round(tournament) or 1
    return show_create(
        federation=federation,
        scheduled_at=after.scheduled_at + SESSION_GAP,
        name=f"{tournament.name}: {tournament.round_name(round)}",
        kind=ShowKind.SPECIAL,
    )


def tournaments_book_on(*, show: Show) -> RoundBooking:
    """Book every weekly tournament's due round on ``show`` (the auto-booker calls this before it
    plans the rest of the card): the open and running tournaments of the show's federation, oldest
    first, whose due round is not on another unrun show."""
    done = RoundBooking()
    running = Tournament.objects.filter(
        federation_id=show.federation_id,
        placement=Placement.WEEKLY,
        status__in=[TournamentStatus.OPEN, TournamentStatus.RUNNING],
    ).order_by("created_at", "pk")
    for tournament in running.select_for_update():
        round = _due_round(tournament)
        if round is None:
            continue
        elsewhere = _round_on_a_show(tournament, round)
        if elsewhere is not None and elsewhere.pk != show.pk:
            continue
        done.extend(_book_round(tournament, show))
    return done


def tournament_cancel(tournament: Tournament, *, user: Any = None) -> Tournament:
    """Call the tournament off: its bouts still on unrun cards come off them; the bracket stays
    as it stood."""
    with transaction.atomic():
        tournament = _locked(tournament)
        if tournament.status in (TournamentStatus.COMPLETED, TournamentStatus.CANCELLED):
            raise ServiceError(
                ALREADY_OVER.format(
                    tournament=tournament,
                    status=tournament.get_status_display().lower(),
                    what="be cancelled",
                )
            )
        for match in Match.objects.filter(
            tournament_bout__tournament=tournament,
            tournament_bout__decided_by=BoutDecision.UNDECIDED,
            status=MatchStatus.BOOKED,
        ).exclude(show__status__in=CLOSED_STATUSES):
            match_remove(match=match)
        tournament.status = TournamentStatus.CANCELLED
        tournament.save(update_fields=["status"])
        return tournament


# -- results -----------------------------------------------------------------------------------


def tournament_results(*, show: Show) -> None:
    """Take a completed show's tournament matches into their brackets, inside the show's commit:
    each match's winner wins the bout (and goes on); a match called off is a forfeit of the side
    that could not wrestle; a match without a winner is wrestled again. A tournament whose last
    bout this decided completes (a title tournament crowns its champion); an event night's next
    round is booked on its next show at once."""
    bouts = list(
        TournamentBout.objects.filter(match__show=show, decided_by=BoutDecision.UNDECIDED)
        .select_related(
            "tournament",
            "match",
            "entrant_a__wrestler",
            "entrant_b__wrestler",
            "entrant_a__team",
            "entrant_b__team",
        )
        .order_by("tournament_id", "round", "position")
    )
    touched: dict[int, Tournament] = {}
    for bout in bouts:
        match = bout.match
        assert match is not None
        tournament = bout.tournament
        touched[tournament.pk] = tournament
        a, b = bout.entrant_a, bout.entrant_b
        assert a is not None and b is not None
        if match.status == MatchStatus.BOOKED:
            continue  # (not wrestled: nothing to take)
        if match.status == MatchStatus.COMPLETED and match.winner_side in (0, 1):
            _decide(bout, a if match.winner_side == 0 else b, BoutDecision.MATCH, "")
            continue
        out = {}
        if match.status == MatchStatus.CALLED_OFF:
            for entrant in (a, b):
                _, reasons, _ = _lineup(tournament, entrant, on=show.date, taken=set())
                if reasons:
                    out[entrant.pk] = reasons
        if out:
            _forfeit(bout, out)
            continue
        # No winner (a draw an engine did not settle) or called off for nothing the bracket
        # knows: the bout is wrestled again on the next show.
        bout.match = None
        bout.forfeit_reason = match.called_off_because or NO_WINNER
        bout.forfeit_reason = bout.forfeit_reason[:400]
        bout.save(update_fields=["match", "forfeit_reason"])
    for tournament in touched.values():
        if _finish_if_done(tournament, on=show.date):
            continue
        if (
            tournament.placement == Placement.ONE_NIGHT
            and tournament.status == TournamentStatus.RUNNING
        ):
            _next_session(tournament, show)


def _next_session(tournament: Tournament, show: Show) -> None:
    """An event night's next round, on its own show ``SESSION_GAP`` later, scheduled at once; a
    refusal leaves it to ``tournament_advance`` (the show's results stand)."""
    try:
        with transaction.atomic():
            following = _event_show(tournament, after=show)
            booking = _book_round(tournament, following)
            if booking.matches:
                show_schedule(show=following)
            else:
                following.delete()
    except (BookingError, ServiceError):
        logger.warning("Tournament %s: next round not booked", tournament.pk, exc_info=True)


# -- reading -----------------------------------------------------------------------------------


@dataclass
class TableLine:
    """One entrant's line of a round robin table."""

    entrant: TournamentEntrant
    place: int
    played: int
    wins: int
    forfeit_wins: int
    losses: int
    points: int


def round_robin_table(tournament: Tournament) -> list[TableLine]:
    """A round robin's table as it stands, best first (``brackets.round_robin_table``: points,
    then head-to-head, then wins in the ring, then the higher seed)."""
    entrants = list(tournament.entrants.select_related("wrestler", "team").order_by("seed"))
    index = {entrant.pk: entrant.seed - 1 for entrant in entrants}
    results = [
        brackets.Result(
            a=index[bout.entrant_a_id],
            b=index[bout.entrant_b_id],
            winner=index[bout.winner_id],
            forfeit=bout.decided_by == BoutDecision.FORFEIT,
        )
        for bout in tournament.bouts.exclude(decided_by=BoutDecision.UNDECIDED)
        if bout.entrant_a_id and bout.entrant_b_id and bout.winner_id
    ]
    return [
        TableLine(
            entrant=entrants[row.index],
            place=row.place,
            played=row.played,
            wins=row.wins,
            forfeit_wins=row.forfeit_wins,
            losses=row.losses,
            points=row.points,
        )
        for row in brackets.round_robin_table(len(entrants), results)
    ]


@dataclass
class BracketSlot:
    name: str
    seed: int
    won: bool
    withdrew_because: str = ""


@dataclass
class BracketBout:
    round: int
    position: int
    a: BracketSlot | None
    b: BracketSlot | None
    decided_by: str
    forfeit_reason: str
    match_url: str = ""
    show: str = ""
    is_final: bool = False


@dataclass
class BracketRound:
    number: int
    name: str
    bouts: list[BracketBout]


@dataclass
class Bracket:
    """A tournament drawn for the pages and the API: its rounds of bouts (entrants' names,
    seeds, winners, match links), and a round robin's table."""

    tournament: Tournament
    rounds: list[BracketRound]
    table: list[TableLine] = field(default_factory=list)
    tie_break: str = brackets.TIE_BREAK


def tournament_bracket(tournament: Tournament) -> Bracket:
    bouts = list(
        tournament.bouts.select_related(
            "entrant_a__wrestler",
            "entrant_b__wrestler",
            "entrant_a__team",
            "entrant_b__team",
            "match__show__federation",
        ).order_by("round", "position")
    )
    count = tournament.entrants.count()
    total = (
        len(brackets.round_robin_rounds(count))
        if tournament.format == TournamentFormat.ROUND_ROBIN
        else brackets.rounds_for(count)
    )

    def slot(entrant: TournamentEntrant | None, bout: TournamentBout) -> BracketSlot | None:
        if entrant is None:
            return None
        return BracketSlot(
            name=entrant.name,
            seed=entrant.seed,
            won=bout.winner_id == entrant.pk,
            withdrew_because=entrant.withdrew_because,
        )

    rounds: dict[int, BracketRound] = {}
    for bout in bouts:
        name = (
            brackets.round_robin_round_name(bout.round)
            if tournament.format == TournamentFormat.ROUND_ROBIN
            else brackets.round_name(bout.round, total)
        )
        row = rounds.setdefault(bout.round, BracketRound(bout.round, name, []))
        match = bout.match
        row.bouts.append(
            BracketBout(
                round=bout.round,
                position=bout.position,
                a=slot(bout.entrant_a, bout),
                b=slot(bout.entrant_b, bout),
                decided_by=bout.decided_by,
                forfeit_reason=bout.forfeit_reason,
                match_url=match.show.get_absolute_url() if match is not None else "",
                show=str(match.show) if match is not None else "",
                is_final=tournament.format == TournamentFormat.SINGLE_ELIMINATION
                and bout.round == total,
            )
        )
    table = (
        round_robin_table(tournament) if tournament.format == TournamentFormat.ROUND_ROBIN else []
    )
    return Bracket(tournament=tournament, rounds=[rounds[n] for n in sorted(rounds)], table=table)


def tournament_nights(*, federation: Federation) -> list[set[int]]:
    """The shows of each one-night tournament of the federation (its event and the shows its
    later rounds went on): one wrestler may be on several of them, the same night."""
    nights: dict[int, set[int]] = {}
    for tournament_id, event_id, show_id in Tournament.objects.filter(
        federation=federation, placement=Placement.ONE_NIGHT
    ).values_list("pk", "event_id", "bouts__match__show_id"):
        shows = nights.setdefault(tournament_id, set())
        shows.update(pk for pk in (event_id, show_id) if pk is not None)
    return list(nights.values())


def tournaments_for(federation: Federation) -> QuerySet[Tournament]:
    """The federation's tournaments, the newest first, with their title and winner."""
    return federation.tournaments.select_related(
        "title", "winner__wrestler", "winner__team", "event"
    ).order_by("-created_at", "-pk")


def past_winners(federation: Federation) -> QuerySet[Tournament]:
    """The federation's completed tournaments with their winners, the latest first."""
    return (
        tournaments_for(federation)
        .filter(status=TournamentStatus.COMPLETED, winner__isnull=False)
        .order_by("-completed_at", "-pk")
    )


__all__ = [
    "Bracket",
    "RoundBooking",
    "past_winners",
    "round_robin_table",
    "tournament_advance",
    "tournament_bracket",
    "tournament_cancel",
    "tournament_create",
    "tournament_nights",
    "tournament_results",
    "tournaments_book_on",
    "tournaments_for",
]
