"""Booking a show: creating it, putting matches on its card, scheduling it.

Every write validates first and is all-or-nothing; a refusal raises ``BookingError`` whose
``reasons`` lists every problem found, each a sentence for the promoter.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Mapping, Sequence
from typing import Any
from zoneinfo import ZoneInfo

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Field, Max

from matches.models import (
    ROSTER_STIPULATIONS,
    Match,
    MatchParticipant,
    MatchStatus,
    MatchType,
    Role,
    Show,
    ShowKind,
    ShowStatus,
)
from promotion.models import (
    Division,
    Federation,
    Feud,
    Team,
    TeamKind,
    Title,
    TitleReign,
    Wrestler,
)
from promotion.services import FieldProblem
from rules import registry
from rules.core.errors import Refusal

# Messages the promoter sees (tests reuse them).
SHOW_HAS_RUN = "{show} is {status}; its card cannot change."
STRANDED = (
    "{show} is dated {at}, before the federation's last show that has run ({last}); its card "
    "can no longer change. Move it or cancel it."
)
ALREADY_ON_SHOW = "{wrestler} is already on {show}."
TWICE_IN_MATCH = "{wrestler} is named twice in this match."
INJURED = "{wrestler} is injured on {date:%b %-d, %Y}."
SUSPENDED = "{wrestler} is suspended on {date:%b %-d, %Y}."
RETIRED = "{wrestler} has retired."
BEFORE_DEBUT = "{wrestler} debuts on {debut:%b %-d, %Y}, after {date:%b %-d, %Y}."
OTHER_FEDERATION = "{wrestler} belongs to {other}, not {federation}."
NO_CARD = "{wrestler} has no {system} card."
NO_ENGINE = "The {system} rule system cannot simulate matches yet."
MATCH_TYPE_UNSUPPORTED = "{system} has no {match_type} match; it offers {offered}."
#: A match whose sides do not fit its type, as a promoter says it: "A singles match is one
#: against one; this has two against one."
WRONG_SIDES = "{match} is {expected}; this has {got}."
#: How a refusal of the rule options is labelled ("Rule options: unknown ... option(s): x").
RULE_OPTIONS = "Rule options"
TAG_TITLE_NEEDS_TEAMS = "The {title} is contested between teams; {side} are not one."
UNKNOWN_STIPULATIONS = "Unknown stipulation(s) {names} for {system} (known: {known})."
ALLY_NO_PART = (
    "Nobody at ringside has a part in {title}'s rules: an ally would only watch; book the match "
    "without one."
)
STIPULATION_NOT_A_FLAG = "The stipulation {name} is on or off (true or false), not {value!r}."
TITLE_OTHER_FEDERATION = "The {title} belongs to another federation."
TITLE_INACTIVE = "The {title} is not active."
TITLE_NOT_INTRODUCED = "The {title} is introduced on {introduced:%b %-d, %Y}, after this show."
SINGLES_TITLE_ON_TAG = (
    "The {title} is a singles title; it cannot be defended in a {match_type} match."
)
TAG_TITLE_NOT_TAG = "The {title} is a tag-team title; it is defended in a tag match."
CHAMPION_MISSING = "A match for the {title} must include the champion, {champion}."
CHAMPION_TEAM_SPLIT = "The {champion} defend the {title} together, on one side."
ALLY_NO_SIDE = "An ally is named for side {side}, but the match has sides 0 to {last}."
BAD_POSITION = "Position {position} is not on a card; positions start at 1."
#: A match's time limit in minutes (empty: none), at every door: up to a four-hour epic.
TIME_LIMIT = (1, 240)
TIME_LIMIT_RANGE = "A time limit is {low} to {high} minutes (or none), not {value}."
MOVE_OFF_CARD = "Position {position} is not on {show}'s card: its matches are at 1 to {count}."
FEUD_OTHER_FEDERATION = "That feud belongs to another federation."
FEUD_ENDED = "The feud {feud} has ended."
FEUD_NOT_IN_MATCH = (
    "The feud {feud} is between {one} and {other}: a match of that feud needs someone of each "
    "side (a wrestler, or a team, or a member of that team), on opposite sides of the match."
)
FEUD_NOT_STARTED = (
    "The feud {feud} begins on {started:%b %-d, %Y}, after this show ({on:%b %-d, %Y})."
)
REIGN_AFTER_SHOW = (
    "The {title}'s current reign began on {won:%b %-d, %Y}, after this show ({on:%b %-d, %Y})."
)
SHOW_BEFORE_HISTORY = (
    "A show cannot be dated {at}: the federation's history runs to {last} already, and shows "
    "are wrestled in date order."
)
SLOT_TAKEN = "The federation already has a show at {at}."
TIME_SKIPPED = (
    "{wall:%H:%M} on {wall:%b %-d, %Y} does not exist in {zone}: the clocks go forward over it. "
    "Choose a time before or after the change."
)
POSITION_TAKEN = "Position {position} on {show} is taken."
NOTHING_TO_SCHEDULE = "{show} has no matches to wrestle."
CANNOT_SCHEDULE = "{show} is {status}; only a booked show can be scheduled."
SCHEDULE_BEFORE_HISTORY = (
    "{show} is dated {at}, before the federation's last show that has run ({last}): it can "
    "never be wrestled in date order. Move it or cancel it."
)

#: Sides a match type takes: (number of sides or None for "three or more", wrestlers per side).
SIDE_SHAPES: dict[str, tuple[int | None, int]] = {
    MatchType.SINGLES: (2, 1),
    MatchType.TAG: (2, 2),
    MatchType.THREE_MAN_TAG: (2, 3),
    MatchType.BATTLE_ROYAL: (None, 1),
    MatchType.STEEL_CAGE: (2, 1),
    MatchType.TEXAS_DEATH: (2, 1),
    MatchType.GRUDGE: (2, 1),
}
TAG_TYPES = {MatchType.TAG, MatchType.THREE_MAN_TAG}
#: Match types named after a place, written with its capital ("Texas death").
PROPER_MATCH_TYPES = frozenset({MatchType.TEXAS_DEATH})
#: Counts in words, for the sides of a match ("two against one").
NUMBER_WORDS = (
    "no one",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)
CLOSED_STATUSES = {ShowStatus.RUNNING, ShowStatus.COMPLETED, ShowStatus.CANCELLED}


class BookingError(Refusal, ValueError):
    """A booking refused, with every reason (a ``FieldProblem`` names its field)."""

    #: The request was made on a view of the data that is out of date (the API's 409), rather
    #: than asking for something the rules refuse (400).
    conflict = False

    def __init__(self, reasons: Sequence[str]):
        self.reasons = list(reasons)
        super().__init__("\n".join(self.reasons))

    @property
    def status_code(self) -> int:  # type: ignore[override]
        return 409 if self.conflict else 400

    @property
    def by_field(self) -> tuple[tuple[str, str], ...]:  # type: ignore[override]
        """Each reason by its field where it is one's (a ``FieldProblem``), else by the whole."""
        return tuple(
            (getattr(reason, "field", ""), getattr(reason, "message", reason))
            for reason in self.reasons
        )


def in_words(moment: dt.datetime, federation: Federation) -> str:
    """A moment as the project writes show times (``Show.when_in_words``), in the federation's
    time zone: "Fri Dec 4, 2026 at 20:00"."""
    local = moment.astimezone(federation.time_zone)
    return f"{local:%a %b} {local.day}, {local.year} at {local:%H:%M}"


def new_seed() -> int:
    return secrets.randbits(62)


def match_type_words(match_type: str) -> str:
    """A match type as a promoter says it ("battle royal", "tag team", "Texas death"), whatever
    its code."""
    try:
        label = str(MatchType(match_type).label)
    except ValueError:
        return match_type.replace("_", " ")
    return label if match_type in PROPER_MATCH_TYPES else label.lower()


def _match_type_phrase(match_type: str) -> str:
    """A match of the type, as a sentence names it: "a singles match", "a battle royal"."""
    words = match_type_words(match_type)
    return f"a {words}" if match_type == MatchType.BATTLE_ROYAL else f"a {words} match"


def skipped_time(moment: dt.datetime, federation: Federation) -> str | None:
    """Why ``moment`` (a wall time in the federation's zone) is no moment: a time the clocks skip
    when they go forward (2:30 on the night summer time begins), which would be stored an hour
    later without a word. None when it exists (an offset given, or another zone: it exists)."""
    zone = ZoneInfo(str(federation.time_zone))
    if getattr(moment.tzinfo, "key", None) != zone.key:
        return None
    wall = moment.replace(tzinfo=None)
    if moment.astimezone(dt.UTC).astimezone(zone).replace(tzinfo=None) == wall:
        return None
    return TIME_SKIPPED.format(wall=wall, zone=zone.key)


def show_create(
    *,
    federation: Federation,
    scheduled_at: dt.datetime | None = None,
    name: str = "",
    kind: str = ShowKind.WEEKLY,
    venue: str | None = None,
    seed: int | None = None,
    poster_line: str = "",
    card_size: int | None = None,
) -> Show:
    """A new show in the federation's next weekly slot (or at ``scheduled_at``), numbered on.

    A special event (``kind="special"``) may carry a poster line and its own card size; an event
    without one gets ``event_card_size`` (``docs/events.md``)."""
    text = _show_text_problems(name=name or None, venue=venue, poster_line=poster_line or None)
    text += _card_size_problems(card_size)
    if kind not in ShowKind.values:
        text.append(FieldProblem("kind", "Kind", SHOW_KIND.format(kind=kind)))
    if text:
        raise BookingError(text)
    with transaction.atomic():
        Federation.objects.select_for_update().get(pk=federation.pk)
        number = (federation.shows.aggregate(n=Max("number"))["n"] or 0) + 1
        if scheduled_at is None:
            last = federation.shows.aggregate(last=Max("scheduled_at"))["last"]
            scheduled_at = federation.next_show_time(after=last)
        else:
            skipped = skipped_time(scheduled_at, federation)
            if skipped is not None:
                raise BookingError([skipped])
        last_run = history_end(federation=federation)
        if last_run is not None and scheduled_at < last_run:
            raise BookingError(
                [
                    SHOW_BEFORE_HISTORY.format(
                        at=in_words(scheduled_at, federation), last=in_words(last_run, federation)
                    )
                ]
            )
        if (
            federation.shows.filter(scheduled_at=scheduled_at)
            .exclude(status=ShowStatus.CANCELLED)
            .exists()
        ):
            raise BookingError([SLOT_TAKEN.format(at=in_words(scheduled_at, federation))])
        return Show.objects.create(
            federation=federation,
            number=number,
            name=name or f"{federation.name} Weekly #{number}",
            kind=kind,
            scheduled_at=scheduled_at,
            venue=federation.default_venue if venue is None else venue,
            poster_line=poster_line,
            card_size=card_size,
            status=ShowStatus.DRAFT,
            seed=new_seed() if seed is None else seed,
        )


#: An event's card with no size of its own: twice the federation's weekly card, at most this
#: many matches (``docs/events.md``, "Special events").
EVENT_CARD_CAP = 12
#: A show's own card size: the model's bounds (``Show.card_size``).
SHOW_CARD_SIZES = (1, 30)
SHOW_CARD_SIZE = "A show's card holds {low} to {high} matches, not {value}."
SHOW_KIND = "There is no show kind {kind!r}: a show is a weekly show or a special event."


def event_card_size(federation: Federation) -> int:
    """The card of a special event that has no size of its own: twice the weekly card, capped
    at ``EVENT_CARD_CAP`` (a weekly card already larger keeps its size)."""
    return max(federation.card_size, min(2 * federation.card_size, EVENT_CARD_CAP))


def card_size_of(show: Show) -> int:
    """How many matches the auto-booker puts on ``show``: its own card size when it has one,
    else an event's (``event_card_size``), else the federation's weekly card."""
    if show.card_size:
        return show.card_size
    if show.kind == ShowKind.SPECIAL:
        return event_card_size(show.federation)
    return show.federation.card_size


def _card_size_problems(card_size: int | None) -> list[str]:
    """A show's own card size by the model's bounds, naming its field."""
    if card_size is None:
        return []
    low, high = SHOW_CARD_SIZES
    whole = isinstance(card_size, int) and not isinstance(card_size, bool)
    if not whole or not low <= card_size <= high:
        message = SHOW_CARD_SIZE.format(low=low, high=high, value=card_size)
        return [FieldProblem("card_size", "Card size", message)]
    return []


def history_end(*, federation: Federation) -> dt.datetime | None:
    """When the federation's last show that has run (or is running) began: later shows only."""
    return federation.shows.filter(status__in=[ShowStatus.RUNNING, ShowStatus.COMPLETED]).aggregate(
        last=Max("scheduled_at")
    )["last"]


def _side_team(federation: Federation, wrestlers: Sequence[Wrestler], on: dt.date) -> Team | None:
    """The team (tag team before stable) whose current members include the whole side."""
    if len(wrestlers) < 2:
        return None
    ids = {w.pk for w in wrestlers}
    candidates = federation.teams.filter(
        memberships__wrestler__in=ids, memberships__started_on__lte=on
    ).distinct()
    covering = [
        team for team in candidates if ids <= set(team.members_on(on).values_list("pk", flat=True))
    ]
    covering.sort(key=lambda team: (team.kind != TeamKind.TAG_TEAM, team.name))
    return covering[0] if covering else None


def _how_many(number: int) -> str:
    """A count as a promoter says it: "one" to "twelve", then figures."""
    return NUMBER_WORDS[number] if number < len(NUMBER_WORDS) else str(number)


def _sides_in_words(sides: Sequence[Sequence[Any]]) -> str:
    """What a match's sides are, as a promoter says it: "two against one", "one against one
    against one", "only one side, of two", "eight sides of one"."""
    if not sides:
        return "nobody"
    if len(sides) == 1:
        return f"only one side, of {_how_many(len(sides[0]))}"
    sizes = [len(side) for side in sides]
    if len(sides) > 4 and len(set(sizes)) == 1:
        return f"{_how_many(len(sides))} sides of {_how_many(sizes[0])}"
    return " against ".join(_how_many(size) for size in sizes)


def _sides_problems(match_type: str, sides: Sequence[Sequence[Any]]) -> list[str]:
    count, per_side = SIDE_SHAPES[match_type]
    if count is None:  # a battle royal: everyone alone
        ok = len(sides) >= 3 and all(len(s) == per_side for s in sides)
        expected = "three or more wrestlers, each alone"
        if all(len(s) == 1 for s in sides):
            got = f"{_how_many(len(sides))} wrestler{'s' if len(sides) != 1 else ''}"
        else:
            got = _sides_in_words(sides)
    else:
        ok = len(sides) == count and all(len(s) == per_side for s in sides)
        expected = " against ".join([_how_many(per_side)] * count)
        got = _sides_in_words(sides)
    if ok:
        return []
    match = _match_type_phrase(match_type)
    return [WRONG_SIDES.format(match=match[0].upper() + match[1:], expected=expected, got=got)]


def wrestler_problems(
    *, show: Show, wrestler: Wrestler, system: str, on: dt.date, booked: set[int]
) -> list[str]:
    """Why this wrestler cannot work this show (empty when he can)."""
    problems = []
    if wrestler.federation_id != show.federation_id:
        problems.append(
            OTHER_FEDERATION.format(
                wrestler=wrestler, other=wrestler.federation, federation=show.federation
            )
        )
    if wrestler.pk in booked:
        problems.append(ALREADY_ON_SHOW.format(wrestler=wrestler, show=show))
    return problems + availability_problems(wrestler, on=on, system=system)


def availability_problems(wrestler: Wrestler, *, on: dt.date, system: str) -> list[str]:
    """Why ``wrestler`` cannot wrestle on ``on`` under ``system`` (empty when he can): retired,
    suspended, injured, not yet debuted, or without a card for the system."""
    problems = []
    unavailable = wrestler.unavailability_on(on)  # the rule the auto-booker's selectors apply
    if "retired" in unavailable:
        problems.append(RETIRED.format(wrestler=wrestler))
    if "suspended" in unavailable:
        problems.append(SUSPENDED.format(wrestler=wrestler, date=on))
    if "injured" in unavailable:
        problems.append(INJURED.format(wrestler=wrestler, date=on))
    if "before_debut" in unavailable:
        problems.append(BEFORE_DEBUT.format(wrestler=wrestler, debut=wrestler.debut_on, date=on))
    if not wrestler.cards.filter(system=system).exists():
        problems.append(NO_CARD.format(wrestler=wrestler, system=system))
    return problems


def match_book(
    *,
    show: Show,
    sides: Sequence[Sequence[Wrestler]],
    match_type: str = MatchType.SINGLES,
    title: Title | None = None,
    feud: Feud | None = None,
    rule_system: str | None = None,
    rule_options: Sequence[str] | None = None,
    time_limit: int | None = None,
    no_disqualification: bool = False,
    title_changes_on_dq: bool = False,
    stipulations: Mapping[str, Any] | None = None,
    allies: Mapping[int, Wrestler] | None = None,
    position: int | None = None,
    is_main_event: bool = False,
    note: str = "",
) -> Match:
    """Put a match on a show's card, or refuse with every reason."""
    with transaction.atomic():
        show = Show.objects.select_for_update().select_related("federation").get(pk=show.pk)
        federation = show.federation
        system = rule_system or federation.rule_system
        if rule_options is not None:
            options = list(rule_options)
        else:  # the federation's options are its own system's: another system's match has none
            options = list(federation.rule_options) if system == federation.rule_system else []
        on = show.date
        reasons: list[str] = []

        if show.status in CLOSED_STATUSES:
            reasons.append(SHOW_HAS_RUN.format(show=show, status=show.get_status_display().lower()))
        else:
            last = history_end(federation=federation)
            if last is not None and show.scheduled_at < last:
                reasons.append(
                    STRANDED.format(
                        show=show,
                        at=in_words(show.scheduled_at, federation),
                        last=in_words(last, federation),
                    )
                )
        engine = registry.systems.get(system)
        if engine is None:
            reasons.append(NO_ENGINE.format(system=system))
        else:
            if match_type not in engine.match_types:
                reasons.append(
                    MATCH_TYPE_UNSUPPORTED.format(
                        system=engine.title,
                        match_type=match_type_words(match_type),
                        offered=", ".join(match_type_words(t) for t in engine.match_types),
                    )
                )
            try:
                engine.parse_options(options)
            except ValueError as exc:
                reasons.append(FieldProblem("rule_options", RULE_OPTIONS, str(exc)))
            if allies and "ally" not in engine.ringside_roles:
                reasons.append(ALLY_NO_PART.format(title=engine.title))
            known = ROSTER_STIPULATIONS | set(engine.stipulation_names)
            unknown = sorted(set(stipulations or {}) - known)
            if unknown:
                unheard = UNKNOWN_STIPULATIONS.format(
                    names=", ".join(unknown), system=engine.title, known=", ".join(sorted(known))
                )
                reasons.append(FieldProblem("stipulations", "", unheard))
        for name, value in sorted((stipulations or {}).items()):
            if not isinstance(value, bool):  # every stipulation is a flag the engines read
                reasons.append(STIPULATION_NOT_A_FLAG.format(name=name, value=value))
        if match_type not in SIDE_SHAPES:
            reasons.append(f"Unknown match type {match_type!r}.")
        else:
            reasons += _sides_problems(match_type, sides)

        booked = set(show.appearances.values_list("wrestler_id", flat=True))
        everyone = [w for side in sides for w in side] + list((allies or {}).values())
        seen: set[int] = set()
        for wrestler in everyone:
            if wrestler.pk in seen:
                reasons.append(TWICE_IN_MATCH.format(wrestler=wrestler))
                continue
            seen.add(wrestler.pk)
            reasons += wrestler_problems(
                show=show, wrestler=wrestler, system=system, on=on, booked=booked
            )

        for index in allies or {}:
            if not 0 <= index < len(sides):
                reasons.append(ALLY_NO_SIDE.format(side=index, last=len(sides) - 1))
        if title is not None:
            reasons += _title_problems(title, federation, match_type, sides, on)
        if feud is not None:
            if feud.federation_id != federation.pk:
                reasons.append(FEUD_OTHER_FEDERATION)
            elif not feud.is_active:
                reasons.append(FEUD_ENDED.format(feud=feud))
            else:
                if feud.started_on > on:
                    reasons.append(
                        FEUD_NOT_STARTED.format(feud=feud, started=feud.started_on, on=on)
                    )
                reasons += _feud_problems(feud, sides, on)
        if time_limit is not None and not TIME_LIMIT[0] <= time_limit <= TIME_LIMIT[1]:
            reasons.append(
                TIME_LIMIT_RANGE.format(low=TIME_LIMIT[0], high=TIME_LIMIT[1], value=time_limit)
            )
        if position is not None and position < 1:
            reasons.append(BAD_POSITION.format(position=position))
        elif position is not None and show.matches.filter(position=position).exists():
            reasons.append(POSITION_TAKEN.format(position=position, show=show))
        if reasons:
            raise BookingError(reasons)

        if position is None:
            position = _next_position(show, is_main_event=is_main_event)
        match = Match.objects.create(
            show=show,
            position=position,
            match_type=match_type,
            rule_system=system,
            rule_options=options,
            title=title,
            feud=feud,
            is_main_event=is_main_event,
            time_limit=time_limit,
            no_disqualification=no_disqualification,
            title_changes_on_dq=title_changes_on_dq,
            stipulations=dict(stipulations or {}),
            booking_note=note,
        )
        rows = []
        for index, side in enumerate(sides):
            team = _side_team(federation, side, on)
            for order, wrestler in enumerate(side):
                role = Role.IN_RING if order == 0 else Role.PARTNER
                rows.append(
                    MatchParticipant(
                        match=match,
                        show=show,
                        side=index,
                        wrestler=wrestler,
                        role=role,
                        team=team,
                        order=order,
                    )
                )
        for index, ally in (allies or {}).items():
            rows.append(
                MatchParticipant(
                    match=match, show=show, side=index, wrestler=ally, role=Role.ALLY, order=9
                )
            )
        MatchParticipant.objects.bulk_create(rows)
        if show.status == ShowStatus.DRAFT:
            show.status = ShowStatus.BOOKED
            show.save(update_fields=["status"])
        return match


def _next_position(show: Show, *, is_main_event: bool) -> int:
    """Where a match booked without a position goes: last, unless the card has its main event
    already, which stays last: the new match goes just before it (the main event and anything
    the booker put after it move down one)."""
    main = show.matches.filter(is_main_event=True).order_by("position").first()
    if main is None or is_main_event:
        return (show.matches.aggregate(p=Max("position"))["p"] or 0) + 1
    # From the bottom up, so that no two matches ever share a place.
    for row in show.matches.filter(position__gte=main.position).order_by("-position"):
        Match.objects.filter(pk=row.pk).update(position=row.position + 1)
    return main.position


def _feud_problems(feud: Feud, sides: Sequence[Sequence[Wrestler]], on: dt.date) -> list[str]:
    """A match is part of a feud only when each side of the feud has someone in it (a wrestler
    of the feud, or a member on the show's date of a team of the feud), on opposite sides of the
    match: otherwise the feud's heat would move from a match its people were not in."""
    members: tuple[set[int], set[int]] = (set(), set())
    names: tuple[list[str], list[str]] = ([], [])
    for participant in feud.participants.select_related("wrestler", "team").order_by("side", "pk"):
        if participant.side not in (0, 1):
            continue
        if participant.wrestler_id:
            members[participant.side].add(participant.wrestler_id)
            names[participant.side].append(str(participant.wrestler))
        else:
            team = participant.team
            assert team is not None  # a wrestler or a team (feud_participant_is_wrestler_or_team)
            members[participant.side].update(team.members_on(on).values_list("pk", flat=True))
            names[participant.side].append(str(team))
    in_match = [{w.pk for w in side} for side in sides]
    first = {i for i, ids in enumerate(in_match) if ids & members[0]}
    second = {i for i, ids in enumerate(in_match) if ids & members[1]}
    if any(i != j for i in first for j in second):
        return []
    one, other = (" & ".join(side) or "nobody" for side in names)
    return [FEUD_NOT_IN_MATCH.format(feud=feud, one=one, other=other)]


def _title_problems(
    title: Title,
    federation: Federation,
    match_type: str,
    sides: Sequence[Sequence[Wrestler]],
    on: dt.date,
) -> list[str]:
    if title.federation_id != federation.pk:
        return [TITLE_OTHER_FEDERATION.format(title=title)]
    problems = []
    if not title.is_active:
        problems.append(TITLE_INACTIVE.format(title=title))
    elif on < title.introduced_on:
        problems.append(TITLE_NOT_INTRODUCED.format(title=title, introduced=title.introduced_on))
    if title.division == Division.SINGLES and match_type in TAG_TYPES:
        problems.append(SINGLES_TITLE_ON_TAG.format(title=title, match_type=match_type))
    if title.division == Division.TAG and match_type not in TAG_TYPES:
        problems.append(TAG_TITLE_NOT_TAG.format(title=title))
    if title.division == Division.TAG and match_type in TAG_TYPES:
        for side in sides:
            if side and _side_team(federation, side, on) is None:
                names = " & ".join(str(w) for w in side)
                problems.append(TAG_TITLE_NEEDS_TEAMS.format(title=title, side=names))
    reign = title.current_reign
    if reign is None:
        return problems
    if reign.won_on > on:
        problems.append(REIGN_AFTER_SHOW.format(title=title, won=reign.won_on, on=on))
    return problems + champion_problems(title, reign, [[w.pk for w in side] for side in sides], on)


def champion_problems(
    title: Title, reign: TitleReign, sides: Sequence[Sequence[int]], on: dt.date
) -> list[str]:
    """Whether a match of these sides (wrestler ids) defends ``title`` as held by ``reign``:
    the champion in it, a champion team's members on one side. Asked when the match is booked,
    and again by the card before the show (``selectors.card_absences``): the title may have
    changed hands since."""
    in_ring = {pk for side in sides for pk in side}
    if reign.holder_wrestler_id is not None:
        if reign.holder_wrestler_id not in in_ring:
            return [CHAMPION_MISSING.format(title=title, champion=reign.holder)]
        return []
    # A champion team defends with members it has on the show's date, two of them (Freebird rule
    # for larger teams) on one side.
    team = reign.holder_team
    assert team is not None  # a wrestler or a team holds it (reign_has_exactly_one_holder)
    members = set(team.members_on(on).values_list("pk", flat=True))
    if not _team_present(members, in_ring):
        return [CHAMPION_MISSING.format(title=title, champion=reign.holder)]
    if not any(_team_present(members, set(side)) for side in sides):
        return [CHAMPION_TEAM_SPLIT.format(title=title, champion=reign.holder)]
    return []


def _team_present(members: set[int], in_ring: set[int]) -> bool:
    """Champion teams defend with two of their members (Freebird rule for larger teams)."""
    return bool(members) and len(members & in_ring) >= min(2, len(members))


def show_schedule(*, show: Show) -> Show:
    """A booked show goes on the schedule: the dispatcher will run it when it is due."""
    with transaction.atomic():
        show = Show.objects.select_for_update().select_related("federation").get(pk=show.pk)
        if show.status != ShowStatus.BOOKED:
            status = show.get_status_display().lower()
            raise BookingError([CANNOT_SCHEDULE.format(show=show, status=status)])
        if not show.matches.exists():
            raise BookingError([NOTHING_TO_SCHEDULE.format(show=show)])
        last = history_end(federation=show.federation)
        if last is not None and show.scheduled_at < last:
            raise BookingError(
                [
                    SCHEDULE_BEFORE_HISTORY.format(
                        show=show,
                        at=in_words(show.scheduled_at, show.federation),
                        last=in_words(last, show.federation),
                    )
                ]
            )
        # Places left free while booking close up: the card wrestled is matches 1 to n.
        _close_gaps(show)
        Show.objects.filter(pk=show.pk, status=ShowStatus.BOOKED).update(
            status=ShowStatus.SCHEDULED, error="", attempts=0
        )
        show.refresh_from_db()
        return show


SHOW_CLOSED = "{show} is {status}; its details can no longer change."
RESCHEDULE_LOCKED = (
    "{show} is {status}; only a draft or booked show can move (cancel it and book another)."
)
MATCH_WRESTLED = "{match} has been wrestled; it cannot change."
EDITABLE_SHOW_FIELDS = ("name", "venue", "kind", "scheduled_at", "poster_line", "card_size")


def _show_text_problems(**fields: Any) -> list[str]:
    """A show's name and venue by the model's own rules (plain text, its length), each problem
    with its field's label: a door that writes them need not have checked."""
    problems = []
    for name, value in fields.items():
        if value is None:
            continue
        field = Show._meta.get_field(name)
        assert isinstance(field, Field)  # a column of the show's, not a relation's reverse
        try:
            field.clean(value, None)
        except ValidationError as exc:
            label = str(field.verbose_name).capitalize()
            problems += [f"{label}: {message}" for message in exc.messages]
    return problems


def show_update(*, show: Show, **changes: Any) -> Show:
    """Change a show's name, venue, kind, poster line, card size or date (a draft or booked show
    only may move), writing only the fields given, under a lock and on the condition of the
    status read."""
    unknown = sorted(set(changes) - set(EDITABLE_SHOW_FIELDS))
    if unknown:
        raise ValueError(f"show_update cannot change {', '.join(unknown)}")
    text = _show_text_problems(
        **{k: v for k, v in changes.items() if k in ("name", "venue", "poster_line")}
    )
    text += _card_size_problems(changes.get("card_size"))
    if "kind" in changes and changes["kind"] not in ShowKind.values:
        text.append(FieldProblem("kind", "Kind", SHOW_KIND.format(kind=changes["kind"])))
    if text:
        raise BookingError(text)
    with transaction.atomic():
        show = Show.objects.select_for_update().select_related("federation").get(pk=show.pk)
        status = show.get_status_display().lower()
        if show.status in CLOSED_STATUSES:
            raise BookingError([SHOW_CLOSED.format(show=show, status=status)])
        changes = {name: value for name, value in changes.items() if getattr(show, name) != value}
        when = changes.get("scheduled_at")
        if when is not None:
            if show.status not in (ShowStatus.DRAFT, ShowStatus.BOOKED):
                raise BookingError([RESCHEDULE_LOCKED.format(show=show, status=status)])
            reasons = []
            skipped = skipped_time(when, show.federation)
            if skipped is not None:
                reasons.append(skipped)
            last = history_end(federation=show.federation)
            if last is not None and when < last:
                reasons.append(
                    SHOW_BEFORE_HISTORY.format(
                        at=in_words(when, show.federation), last=in_words(last, show.federation)
                    )
                )
            if (
                show.federation.shows.filter(scheduled_at=when)
                .exclude(status=ShowStatus.CANCELLED)
                .exclude(pk=show.pk)
                .exists()
            ):
                reasons.append(SLOT_TAKEN.format(at=in_words(when, show.federation)))
            if reasons:
                raise BookingError(reasons)
        if changes:
            Show.objects.filter(pk=show.pk, status=show.status).update(**changes)
            show.refresh_from_db()
        return show


def match_remove(*, match: Match) -> None:
    """Take a booked match off a show that has not run; a card left empty makes the show a
    draft again."""
    with transaction.atomic():
        show = Show.objects.select_for_update().get(pk=match.show_id)
        match = Match.objects.get(pk=match.pk)
        if show.status in CLOSED_STATUSES:
            status = show.get_status_display().lower()
            raise BookingError([SHOW_HAS_RUN.format(show=show, status=status)])
        if match.status != MatchStatus.BOOKED:
            raise BookingError([MATCH_WRESTLED.format(match=match)])
        match.delete()
        if show.status == ShowStatus.BOOKED and not show.matches.exists():
            Show.objects.filter(pk=show.pk, status=ShowStatus.BOOKED).update(
                status=ShowStatus.DRAFT
            )
        _close_gaps(show)


def _close_gaps(show: Show) -> None:
    """The card numbered 1, 2, 3... in its order: the later matches move up over a gap (a match
    taken off, or places left free while booking: the main event put at 6 before the undercard)."""
    for index, row in enumerate(show.matches.order_by("position"), start=1):
        if row.position != index:
            Match.objects.filter(pk=row.pk).update(position=index)


MATCH_NOT_ON_SHOW = "That match is not on {show}."


def match_move(*, match: Match, position: int) -> Match:
    """Move a match to another place on its show's card; the matches between shift by one."""
    with transaction.atomic():
        show = Show.objects.select_for_update().get(pk=match.show_id)
        if show.status in CLOSED_STATUSES:
            status = show.get_status_display().lower()
            raise BookingError([SHOW_HAS_RUN.format(show=show, status=status)])
        matches = list(show.matches.order_by("position"))
        current = next((m for m in matches if m.pk == match.pk), None)
        if current is None:
            raise BookingError([MATCH_NOT_ON_SHOW.format(show=show)])
        if not 1 <= position <= len(matches):
            raise BookingError(
                [MOVE_OFF_CARD.format(position=position, show=show, count=len(matches))]
            )
        matches.remove(current)
        matches.insert(position - 1, current)
        # Two passes keep (show, position) unique: out of the way first, then into place.
        offset = len(matches) + 1000
        for index, row in enumerate(matches, start=1):
            Match.objects.filter(pk=row.pk).update(position=offset + index)
        for index, row in enumerate(matches, start=1):
            Match.objects.filter(pk=row.pk).update(position=index)
            row.position = index
        return current
