"""A federation's calendar: the weekly shows ahead (those booked and the empty weekly slots), its
special events and its tournaments' rounds, for the calendar page and the iCalendar feed
(``docs/events.md``, "The calendar").

``federation_calendar`` reads; ``calendar_ics`` writes the feed's text (RFC 5545, with the
``icalendar`` library). Neither writes anything to the database.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from zoneinfo import ZoneInfo

import icalendar
from django.utils import timezone

from matches.autobook import coming_event
from matches.models import (
    Placement,
    Show,
    ShowKind,
    ShowStatus,
    TournamentBout,
    TournamentStatus,
)
from promotion.models import Federation

#: Shows that have run (or are running): they build toward nothing any more.
FINISHED = {ShowStatus.COMPLETED, ShowStatus.RUNNING}
#: How far ahead the calendar looks.
CALENDAR_WEEKS = 12
#: How long a show is on a calendar application's page: a weekly show two hours, an event three.
SHOW_LENGTH: dict[str, dt.timedelta] = {
    ShowKind.WEEKLY: dt.timedelta(hours=2),
    ShowKind.SPECIAL: dt.timedelta(hours=3),
}
#: The host part of every entry's UID: an entry keeps its UID for as long as it is on the
#: calendar, so that a calendar application updates it in place.
UID_DOMAIN = "ringside"
PRODUCT_ID = "-//Ringside//Federation calendar//EN"

SLOT = "slot"  # an entry's kind besides the show kinds: a weekly slot with no show booked yet
SLOT_NAME = "{federation} weekly show (not booked yet)"
ROUND_BOOKED = "{tournament}: {round}"
ROUND_EXPECTED = "{tournament}: {round} (expected)"
ONE_NIGHT = "{tournament}: the whole tournament, on one night"
BUILDS_TOWARD = "Builds toward {event}"


@dataclass
class CalendarEntry:
    """One date on the calendar: a show (weekly or an event) or an empty weekly slot."""

    starts: dt.datetime
    kind: str  # ShowKind's, or SLOT
    name: str
    uid: str
    show: Show | None = None
    venue: str = ""
    poster_line: str = ""
    #: The tournaments' rounds on it, in words ("King of the Ring: quarter-final").
    rounds: list[str] = field(default_factory=list)
    #: The event the weekly show builds toward (``matches.autobook.coming_event``).
    builds_toward: str = ""

    @property
    def ends(self) -> dt.datetime:
        return self.starts + SHOW_LENGTH.get(self.kind, SHOW_LENGTH[ShowKind.WEEKLY])

    @property
    def is_event(self) -> bool:
        return self.kind == ShowKind.SPECIAL


def _show_uid(federation: Federation, number: int) -> str:
    return f"{federation.slug}-show-{number}@{UID_DOMAIN}"


def _slot_uid(federation: Federation, starts: dt.datetime) -> str:
    return f"{federation.slug}-slot-{starts.astimezone(dt.UTC):%Y%m%dT%H%M%SZ}@{UID_DOMAIN}"


def federation_calendar(
    federation: Federation, *, weeks: int = CALENDAR_WEEKS, now: dt.datetime | None = None
) -> list[CalendarEntry]:
    """The federation's dates from today (its time zone's, from midnight) to ``weeks`` weeks
    ahead, in time order: its shows not cancelled, the weekly slots on which no show is booked
    (``Federation.next_show_time``; a slot counts as booked when a show is on its day), and the
    tournaments' rounds on them (booked, or expected a round a show after the last booked)."""
    now = now or timezone.now()
    zone = ZoneInfo(str(federation.time_zone))
    start = dt.datetime.combine(now.astimezone(zone).date(), dt.time(), tzinfo=zone)
    horizon = now + dt.timedelta(weeks=weeks)
    shows = list(
        federation.shows.filter(scheduled_at__gte=start, scheduled_at__lte=horizon)
        .exclude(status=ShowStatus.CANCELLED)
        .order_by("scheduled_at", "number")
    )
    entries = []
    for show in shows:
        show.federation = federation
        event = coming_event(show) if show.status not in FINISHED else None
        entries.append(
            CalendarEntry(
                starts=show.scheduled_at,
                kind=show.kind,
                name=show.name,
                uid=_show_uid(federation, show.number),
                show=show,
                venue=show.venue,
                poster_line=show.poster_line,
                builds_toward=BUILDS_TOWARD.format(event=event.name) if event else "",
            )
        )
    taken = {show.scheduled_at.astimezone(zone).date() for show in shows}
    slot = federation.next_show_time(after=start - dt.timedelta(microseconds=1))
    while slot <= horizon:
        if slot >= now and slot.astimezone(zone).date() not in taken:
            entries.append(
                CalendarEntry(
                    starts=slot,
                    kind=SLOT,
                    name=SLOT_NAME.format(federation=federation.name),
                    uid=_slot_uid(federation, slot),
                    venue=federation.default_venue,
                )
            )
        slot = federation.next_show_time(after=slot)
    entries.sort(key=lambda entry: (entry.starts, entry.uid))
    _tournament_rounds(federation, entries)
    return entries


def _tournament_rounds(federation: Federation, entries: Sequence[CalendarEntry]) -> None:
    """Each open or running tournament's rounds on the entries: a round booked on a show, on
    that show; a one-night tournament on its event; a weekly tournament's rounds not booked
    yet, one an entry from the one after its last booked round (the auto-booker books a due
    round on the federation's next show). A round all of whose bouts are decided is done."""
    by_show = {entry.show.pk: entry for entry in entries if entry.show is not None}
    live = list(
        federation.tournaments.filter(
            status__in=[TournamentStatus.OPEN, TournamentStatus.RUNNING]
        ).order_by("created_at", "pk")
    )
    waiting: dict[int, dict[int, set[int | None]]] = {}  # tournament -> round -> shows (None)
    decided: dict[int, set[int]] = {}  # tournament -> rounds with a bout decided
    for bout in TournamentBout.objects.filter(tournament__in=live).select_related("match"):
        if bout.winner_id is not None:
            decided.setdefault(bout.tournament_id, set()).add(bout.round)
            continue
        show_id = bout.match.show_id if bout.match is not None else None
        waiting.setdefault(bout.tournament_id, {}).setdefault(bout.round, set()).add(show_id)
    for tournament in live:
        if tournament.placement == Placement.ONE_NIGHT:
            entry = by_show.get(tournament.event_id) if tournament.event_id else None
            if entry is not None:
                entry.rounds.append(ONE_NIGHT.format(tournament=tournament.name))
            continue
        rounds = waiting.get(tournament.pk, {})
        done = decided.get(tournament.pk, set()) - set(rounds)
        after = -1  # the index of the entry of the last round placed
        for number in range(1, tournament.rounds + 1):
            if number in done:
                continue
            words = tournament.round_name(number)
            placed = sorted(
                {entries.index(by_show[pk]) for pk in rounds.get(number, ()) if pk in by_show}
            )
            if placed:
                for entry in (entries[index] for index in placed):
                    entry.rounds.append(
                        ROUND_BOOKED.format(tournament=tournament.name, round=words)
                    )
                    after = max(after, entries.index(entry))
            elif after + 1 < len(entries):
                after += 1
                entries[after].rounds.append(
                    ROUND_EXPECTED.format(tournament=tournament.name, round=words)
                )


def calendar_ics(
    federation: Federation,
    entries: Sequence[CalendarEntry],
    *,
    address: Callable[[str], str],
    stamp: dt.datetime | None = None,
) -> bytes:
    """The entries as an iCalendar feed: one VEVENT each, its UID stable, its times in the
    federation's time zone (with its VTIMEZONE), its URL the show's page (``address`` makes a
    path absolute)."""
    calendar = icalendar.Calendar()
    calendar.add("prodid", PRODUCT_ID)
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", federation.name)
    calendar.add("x-wr-timezone", str(federation.time_zone))
    stamp = (stamp or timezone.now()).astimezone(dt.UTC)
    zone = ZoneInfo(str(federation.time_zone))
    for entry in entries:
        event = icalendar.Event()
        event.add("uid", entry.uid)
        event.add("dtstamp", stamp)
        event.add("summary", entry.name)
        event.add("dtstart", entry.starts.astimezone(zone))
        event.add("dtend", entry.ends.astimezone(zone))
        if entry.venue:
            event.add("location", entry.venue)
        lines = [line for line in (entry.poster_line, entry.builds_toward, *entry.rounds) if line]
        if lines:
            event.add("description", "\n".join(lines))
        event.add("categories", ["Special event" if entry.is_event else "Weekly show"])
        if entry.kind == SLOT:
            event.add("status", "TENTATIVE")
        else:
            event.add("status", "CONFIRMED")
        if entry.show is not None:
            event.add("url", address(entry.show.get_absolute_url()))
        calendar.add_component(event)
    if entries:
        first = min(entry.starts for entry in entries).astimezone(zone).date()
        last = max(entry.ends for entry in entries).astimezone(zone).date()
        calendar.add_missing_timezones(first_date=first, last_date=last + dt.timedelta(days=1))
    return calendar.to_ical()
