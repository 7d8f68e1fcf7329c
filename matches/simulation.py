"""Simulating a show: claim it, wrestle every match with the engines, store the results and apply
their effects to the roster, all in one transaction.

The claim is a lease: a conditional update moves the show from scheduled to running and stamps
``started_at`` (the lease's token) and ``heartbeat_at``; a second delivery of the same task finds
it running and leaves. While the show is wrestled, a heartbeat thread with its own database
connection renews ``heartbeat_at`` every few seconds, so the lease can be short
(``SHOW_LEASE_SECONDS``) whatever the show's time limit: a worker that dies stops renewing it and
another may claim the show within seconds. (On SQLite there are no concurrent workers, tasks run
in the process, and a second connection could not write beside the show's transaction: there
the lease lasts the show's time limit and has no heartbeat.)

A show runs in two steps. The engines wrestle every match first, outside any transaction and
holding no lock, from what the roster is as the show begins (the long part: seconds to minutes).
Then one short transaction commits it: it locks the show (checking the lease is still its own),
then the federation's roster (``promotion.db.lock_roster``, the lock every desk write takes
too), re-reads the wrestlers, injuries, feuds and reigns the results apply to, applies them in
card order and writes only what they change. A promoter who heals an injury, ends a feud,
retires a wrestler or records an injury while the show is wrestled keeps that write: the show
applies its results to the roster as it stands at the commit, never writes rows back from what
it read when it began. An injury recorded during the run does not count this show among the
fight cards it keeps him off.

Every write to a show's state is conditional on the state read: completion, failure and release
all update ``WHERE status = running AND started_at = <this lease>``, so a worker whose lease was
taken over writes nothing. Each claim counts an attempt, and a show whose attempts run out is
marked failed instead of looping.

The same show, from the same database state and seed, always gives the same results: every
match's dice come from a seed derived from the show's seed and the match's position.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import (
    DatabaseError,
    InterfaceError,
    OperationalError,
    connection,
    connections,
    transaction,
)
from django.db.models import Exists, F, OuterRef, Q
from django.utils import timezone
from redis.exceptions import RedisError

from config.logs import show_context, show_context_reset, show_context_set
from matches import (
    selectors,  # (the module: it reads this one's names as it loads)
    tournaments,  # (the module: it reads selectors as it loads)
)
from matches.models import (
    BLOCKING_STATUSES,
    ROSTER_STIPULATIONS,
    Match,
    MatchParticipant,
    MatchStatus,
    Role,
    Show,
    ShowStatus,
)
from promotion.db import bulk_update_rows, lock_roster
from promotion.effects import Bout, RosterBook
from promotion.healing import arm_stamina, heal_roster
from promotion.models import Injury, TeamKind
from promotion.selectors import champion_ids
from rules import registry
from rules.core.dice import SeededDice
from rules.core.spec import MatchSpec, Participant, Ringside, Side
from rules.models import ChartOverride, WrestlerCard

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 3
#: Database errors worth retrying: the connection or the server went away, a deadlock, a
#: serialization failure. Anything else is a fault of the show and marks it failed.
TRANSIENT_ERRORS: tuple[type[BaseException], ...] = (OperationalError, InterfaceError)

ABANDONED = (
    "Abandoned after {attempts} attempts that never finished (the worker running it died each "
    "time)."
)
LEASE_LOST = "the lease passed to another worker"


class SimulationError(RuntimeError):
    """A show could not be simulated; the message says why, for the promoter."""


class LeaseLost(RuntimeError):
    """The show's lease was taken over while it was being wrestled: write nothing."""


@dataclass(frozen=True)
class Outcome:
    show_id: int
    status: str  # completed | failed | busy | waiting | done | missing | not_scheduled
    detail: str = ""
    #: For "busy": seconds until the holder's lease expires if it stops renewing it.
    retry_in: float | None = None


def match_seed(show_seed: int, position: int) -> int:
    digest = hashlib.blake2b(f"{show_seed}:{position}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def heartbeats() -> bool:
    """Whether running shows renew their lease (not on SQLite: see the module's docstring)."""
    return connection.vendor != "sqlite"


def lease_seconds() -> float:
    """How long a lease lasts without renewal."""
    if heartbeats():
        return float(settings.SHOW_LEASE_SECONDS)
    return float(settings.SHOW_TIME_LIMIT_SECONDS)


def lease_expired_before() -> dt.datetime:
    """A lease last renewed before this moment has expired: its worker is presumed dead."""
    return timezone.now() - dt.timedelta(seconds=lease_seconds())


def expired_lease() -> Q:
    """Running shows whose lease has expired."""
    before = lease_expired_before()
    return Q(status=ShowStatus.RUNNING) & (
        Q(heartbeat_at__lt=before) | Q(heartbeat_at__isnull=True, started_at__lt=before)
    )


def earlier_blocking():
    """A subquery: an earlier show of the same federation that must finish first (scheduled,
    running or failed; drafts, booked and cancelled shows do not hold the federation up)."""
    return Exists(
        Show.objects.filter(federation=OuterRef("federation"))
        .filter(
            Q(scheduled_at__lt=OuterRef("scheduled_at"))
            | Q(scheduled_at=OuterRef("scheduled_at"), number__lt=OuterRef("number"))
        )
        .filter(status__in=BLOCKING_STATUSES)
    )


def blocker_of(show: Show) -> Show | None:
    """The earliest earlier show of the federation that ``show`` waits for, if any."""
    return (
        Show.objects.filter(federation_id=show.federation_id, status__in=BLOCKING_STATUSES)
        .filter(
            Q(scheduled_at__lt=show.scheduled_at)
            | Q(scheduled_at=show.scheduled_at, number__lt=show.number)
        )
        .order_by("scheduled_at", "number")
        .first()
    )


def waiting_reason(blocker: Show) -> str:
    """Why a show waits for ``blocker``, in words a promoter can act on."""
    if blocker.status == ShowStatus.FAILED:
        return f"waits for {blocker}, which failed: retry or cancel it"
    if blocker.status == ShowStatus.RUNNING:
        return f"waits for {blocker}, which is being wrestled"
    return f"waits for {blocker}, scheduled for {blocker.when_in_words}"


def show_claim(*, show_id: int) -> tuple[Outcome | None, dt.datetime | None]:
    """Take the lease on a show. Returns (None, lease) when claimed, else (why not, None)."""
    lease = timezone.now()
    claimable = Q(status=ShowStatus.SCHEDULED) | expired_lease()
    claimed = (
        Show.objects.filter(pk=show_id)
        .filter(claimable)
        .filter(~earlier_blocking())
        .update(
            status=ShowStatus.RUNNING,
            started_at=lease,
            heartbeat_at=lease,
            attempts=F("attempts") + 1,
        )
    )
    if claimed:
        return None, lease
    show = Show.objects.filter(pk=show_id).first()
    if show is None:
        return Outcome(show_id, "missing"), None
    if show.status in (ShowStatus.COMPLETED, ShowStatus.FAILED, ShowStatus.CANCELLED):
        return Outcome(show_id, "done", show.status), None
    if show.status == ShowStatus.RUNNING:
        renewed = show.heartbeat_at or show.started_at or timezone.now()
        left = lease_seconds() - (timezone.now() - renewed).total_seconds()
        return Outcome(show_id, "busy", "another worker holds the show", max(left, 0.0)), None
    if show.status != ShowStatus.SCHEDULED:
        return Outcome(show_id, "not_scheduled", show.status), None
    blocker = blocker_of(show)
    detail = waiting_reason(blocker) if blocker else "an earlier show is unfinished"
    return Outcome(show_id, "waiting", detail), None


class Heartbeat:
    """Renews a running show's lease from a thread of its own (its own database connection)
    until stopped; notices when the lease has been taken over."""

    def __init__(self, show_id: int, lease: dt.datetime, every: float):
        self.show_id = show_id
        self.lease = lease
        self.every = every
        self.lost = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=self._run, name=f"show-{show_id}-heartbeat", daemon=True
        )

    def __enter__(self) -> Heartbeat:
        self._thread.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self._stop.set()
        self._thread.join(timeout=self.every + 5)

    def _run(self) -> None:
        try:
            while not self._stop.wait(self.every):
                try:
                    renewed = Show.objects.filter(
                        pk=self.show_id, status=ShowStatus.RUNNING, started_at=self.lease
                    ).update(heartbeat_at=timezone.now())
                except DatabaseError:
                    # A connection cut (a restarted server, a proxy's timeout, an administrator)
                    # stays broken: drop it, and the next beat opens a fresh one, so a worker that
                    # lives keeps its show.
                    logger.warning(
                        "Heartbeat of show %s could not renew its lease; reconnecting", self.show_id
                    )
                    connections.close_all()
                    continue
                if not renewed:
                    self.lost.set()
                    return
        finally:
            connections.close_all()


def show_simulate(*, show_id: int) -> Outcome:
    """Claim and simulate one show. Transient database errors propagate (the task retries)."""
    refusal, lease = show_claim(show_id=show_id)
    if refusal is not None:
        return refusal
    assert lease is not None  # show_claim gives a refusal or a lease
    attempts = Show.objects.values_list("attempts", flat=True).get(pk=show_id)
    if attempts > MAX_ATTEMPTS:
        reason = ABANDONED.format(attempts=attempts - 1)
        _mark_failed(show_id, lease, reason)
        return Outcome(show_id, "failed", reason)
    heartbeat = Heartbeat(show_id, lease, every=max(lease_seconds() / 4, 0.2))
    named = None  # the log's naming of the show, when this call made it (``config.logs``)
    try:
        with heartbeat if heartbeats() else _nothing():
            show = Show.objects.select_related("federation").get(pk=show_id)
            if show.status != ShowStatus.RUNNING or show.started_at != lease:
                raise LeaseLost
            if show_context() is None:  # (a worker's task has named it already)
                named = show_context_set(show.federation.slug, show_id)
            wrestled = _wrestle(show, lost=heartbeat.lost)
            if heartbeat.lost.is_set():
                raise LeaseLost
            with transaction.atomic():
                _commit(wrestled, lease)
    except LeaseLost:
        return Outcome(show_id, "busy", LEASE_LOST)
    except TRANSIENT_ERRORS:
        _release(show_id, lease)
        raise
    except Exception as exc:  # the show's own fault: record it, change nothing else
        logger.exception("Show %s failed", show_id)
        reason = f"{type(exc).__name__}: {exc}"
        _mark_failed(show_id, lease, reason)
        return Outcome(show_id, "failed", reason)
    finally:
        clear_progress(show_id)
        if named is not None:
            show_context_reset(named)
    return Outcome(show_id, "completed")


class _nothing:
    def __enter__(self):
        return None

    def __exit__(self, *exc_info):
        return None


def progress_key(show_id: int) -> str:
    return f"ringside:show-progress:{show_id}"


# A show's progress lives in the cache (Redis when configured) and is only a report: a cache
# that is down or restarting must never fail the show, nor the page that asks how it is going.


def report_progress(show_id: int, done: int, total: int) -> None:
    """Note that ``done`` of the show's ``total`` matches are wrestled, if the cache takes it."""
    try:
        cache.set(progress_key(show_id), (done, total), timeout=3600)
    except RedisError as exc:
        logger.warning("Could not note the progress of show %s: %s", show_id, exc)


def clear_progress(show_id: int) -> None:
    try:
        cache.delete(progress_key(show_id))
    except RedisError as exc:
        logger.warning("Could not clear the progress of show %s: %s", show_id, exc)


def read_progress(show_id: int) -> tuple[int, int] | None:
    """(done, total) as last noted, or None when nothing is noted or the cache cannot say."""
    try:
        return cache.get(progress_key(show_id))
    except RedisError as exc:
        logger.warning("Could not read the progress of show %s: %s", show_id, exc)
        return None


def _mark_failed(show_id: int, lease: dt.datetime, reason: str) -> None:
    Show.objects.filter(pk=show_id, status=ShowStatus.RUNNING, started_at=lease).update(
        status=ShowStatus.FAILED, error=reason[:4000]
    )


def _release(show_id: int, lease: dt.datetime) -> None:
    """Hand the show back after a transient error, so that the retry can claim it at once."""
    try:
        Show.objects.filter(pk=show_id, status=ShowStatus.RUNNING, started_at=lease).update(
            status=ShowStatus.SCHEDULED, attempts=F("attempts") - 1
        )
    except DatabaseError:
        logger.warning("Could not release show %s; its lease will expire", show_id)


# -- the show itself --------------------------------------------------------------------------

#: A hook for fault-injection tests: called after each match is wrestled (before anything of the
#: show is written). Settings may name a delay in seconds: SHOW_SIMULATION_MATCH_DELAY.
after_match_hooks: list[Callable[[Show, Match], None]] = []


@dataclass
class ShowInputs:
    """Everything the engines need to wrestle one show's card, read in a fixed number of
    queries: the matches, their participants, the cards, the charts (with the federation's
    overrides), the injuries the wrestlers carry and who holds a title."""

    show: Show
    matches: list[Match]
    by_match: dict[int, list[MatchParticipant]]
    cards: dict[tuple[int, str], WrestlerCard]
    tables: dict[str, Any]
    wounds: dict[int, list[dict[str, Any]]]
    champions: set[int]

    @classmethod
    def load(cls, show: Show, *, champions: set[int] | None = None) -> ShowInputs:
        federation = show.federation
        on = show.date
        matches = list(show.matches.select_related("title", "feud").order_by("position"))
        participants = list(
            MatchParticipant.objects.filter(show=show)
            .select_related("wrestler", "team")
            .order_by("match_id", "side", "order")
        )
        by_match: dict[int, list[MatchParticipant]] = {}
        for participant in participants:
            by_match.setdefault(participant.match_id, []).append(participant)
        wrestler_ids = {p.wrestler_id for p in participants}
        systems = {m.rule_system for m in matches}
        cards: dict[tuple[int, str], WrestlerCard] = {
            (card.wrestler_id, card.system): card
            for card in WrestlerCard.objects.filter(
                wrestler_id__in=wrestler_ids, system__in=systems
            ).order_by()
        }
        overrides: dict[str, dict[str, Any]] = {}
        for override in ChartOverride.objects.filter(
            federation=federation, system__in=systems
        ).order_by():
            overrides.setdefault(override.system, {})[override.chart] = override.data
        wounds: dict[int, list[dict[str, Any]]] = {}
        active = list(
            Injury.objects.active_on(on)
            .filter(wrestler_id__in=wrestler_ids)
            .order_by("occurred_on", "pk")
        )
        # ARM points: the weeks that ended by the show's day come off first, those he took off
        # (``promotion.healing``), as the commit will write them; a man on this card works
        # the week that ends today.
        points = [i for i in active if i.points is not None and i.healed_on is None]
        reckoned = {i.pk for i in points}
        if points:
            hurt = {i.wrestler_id for i in points}
            since = min(i.healing_counted_to or i.occurred_on for i in points)
            worked = {k: set(v) for k, v in worked_days(hurt, since, on).items()}
            for participant in participants:
                if participant.role in (Role.IN_RING, Role.PARTNER):
                    worked.setdefault(participant.wrestler_id, set()).add(on)
            heal_roster(points, stamina=arm_stamina(hurt), on=on, worked=worked)
        for injury in active:
            if injury.pk in reckoned:
                if injury.healed_on is not None or not injury.points:
                    continue
            elif injury.expected_back_by(on):
                continue  # (``InjuryQuerySet.hurting_on``'s rule)
            wounds.setdefault(injury.wrestler_id, []).append(
                {
                    "body_part": injury.body_part,
                    "points": injury.points,
                    "description": injury.description,
                    "keeps_off_cards": injury.keeps_off_cards,
                }
            )
        tables = {
            system: _engine(system).load_tables(overrides.get(system) or None) for system in systems
        }
        if champions is None:
            champions = champion_ids(federation=federation, on=on)
        return cls(show, matches, by_match, cards, tables, wounds, champions)

    def card_of(self, participant: MatchParticipant, system: str):
        card = self.cards.get((participant.wrestler_id, system))
        if card is None:
            raise SimulationError(f"{participant.wrestler} has no {system} card.")
        return parsed_card(card)

    def spec(self, match: Match) -> MatchSpec:
        engine = _engine(match.rule_system)
        return _spec(
            match,
            self.by_match.get(match.pk, []),
            engine,
            lambda p: self.card_of(p, match.rule_system),
            wounds=self.wounds,
            champions=self.champions,
        )


def worked_days(wrestler_ids: set[int], since: dt.date, on: dt.date) -> dict[int, set[dt.date]]:
    """The days after ``since``, up to ``on``, each wrestler wrestled on (in the ring or as a
    partner, in a match wrestled to a finish), by his federation's calendar: the weeks he did
    not take off (``promotion.healing``)."""
    if not wrestler_ids:
        return {}
    found: dict[int, set[dt.date]] = {}
    rows = (
        MatchParticipant.objects.filter(
            wrestler_id__in=wrestler_ids,
            role__in=(Role.IN_RING, Role.PARTNER),
            match__status=MatchStatus.COMPLETED,
            show__scheduled_at__gte=dt.datetime.combine(since, dt.time.min, tzinfo=dt.UTC)
            - dt.timedelta(days=1),
            show__scheduled_at__lt=dt.datetime.combine(on, dt.time.min, tzinfo=dt.UTC)
            + dt.timedelta(days=2),
        )
        .select_related("show__federation")
        .order_by()
    )
    for row in rows:
        day = row.show.date
        if since < day <= on:
            found.setdefault(row.wrestler_id, set()).add(day)
    return found


def show_specs(*, show: Show) -> list[tuple[Match, MatchSpec]]:
    """The engine's spec of every match on a show's card, as it would be wrestled now."""
    inputs = ShowInputs.load(show)
    return [(match, inputs.spec(match)) for match in inputs.matches]


@dataclass
class Wrestled:
    """A show's card as the engines wrestled it, not yet written: every match with its result
    set on it (or called off), the bouts to apply to the roster in card order, and the open
    injuries the roster had as the show began."""

    show: Show
    matches: list[Match]
    bouts: list[Bout]
    injuries_before: frozenset[int]


def _wrestle(show: Show, lost: threading.Event | None = None) -> Wrestled:
    """Wrestle every match of the card with the engines; nothing is written."""
    inputs = ShowInputs.load(show)
    injuries_before = frozenset(
        Injury.objects.filter(
            wrestler__federation_id=show.federation_id, healed_on__isnull=True
        ).values_list("pk", flat=True)
    )
    matches = inputs.matches
    # A match none of whose wrestlers may be missing: one hurt, suspended or retired since it was
    # booked calls it off, and the rest of the show goes on (``docs/standings.md``).
    absences = selectors.card_absences(show=show)
    delay = settings.SHOW_SIMULATION_MATCH_DELAY
    bouts: list[Bout] = []
    for done, match in enumerate(matches, start=1):
        if match.pk in absences:
            match.status = MatchStatus.CALLED_OFF
            match.called_off_because = " ".join(absences[match.pk])
            report_progress(show.pk, done, len(matches))
            continue
        engine = _engine(match.rule_system)
        rows = inputs.by_match.get(match.pk, [])
        spec = inputs.spec(match)
        seed = match_seed(show.seed, match.position)
        result = engine.simulate(
            spec, dice=SeededDice(seed), tables=inputs.tables[match.rule_system], record=True
        )
        match.seed = seed
        match.status = MatchStatus.COMPLETED
        match.winner_side = result.winner
        match.method = result.method.value
        match.length = result.length
        match.play_by_play = [event.to_json() for event in result.events]
        match.effects = result.effects.to_json()
        in_ring = [p for p in rows if p.role in (Role.IN_RING, Role.PARTNER)]
        sides: dict[int, list[int]] = {}
        teams: dict[int, int | None] = {}
        for participant in in_ring:
            sides.setdefault(participant.side, []).append(participant.wrestler_id)
            teams.setdefault(participant.side, participant.team_id)
        bouts.append(
            Bout(
                match=match,
                sides=tuple(tuple(sides[i]) for i in sorted(sides)),
                teams=tuple(teams[i] for i in sorted(teams)),
                keys={p.wrestler.slug: p.wrestler_id for p in rows},
                winner=result.winner,
                method=result.method.value,
                title_id=match.title_id,
                feud_id=match.feud_id,
                is_main_event=match.is_main_event,
                title_changes_on_dq=match.title_changes_on_dq,
                blowoff=bool(match.stipulations.get("blowoff")),
                effects=match.effects,
            )
        )
        for hook in after_match_hooks:
            hook(show, match)
        if delay:
            time.sleep(delay)
        if lost is not None and lost.is_set():
            raise LeaseLost
        report_progress(show.pk, done, len(matches))
    return Wrestled(show, matches, bouts, injuries_before)


def _commit(wrestled: Wrestled, lease: dt.datetime) -> None:
    """Write a wrestled show, inside the caller's transaction: mark it completed (if the lease
    is still this one's; that locks its row), lock the roster, apply every bout to the roster as
    it stands now and store the results."""
    show = wrestled.show
    completed = Show.objects.filter(pk=show.pk, status=ShowStatus.RUNNING, started_at=lease)
    if not completed.update(status=ShowStatus.COMPLETED, completed_at=timezone.now(), error=""):
        raise LeaseLost
    book = RosterBook(
        federation=lock_roster(show.federation_id),
        show=show,
        on=show.date,
        at=show.scheduled_at,
        injuries_before=wrestled.injuries_before,
        worked_days=worked_days,
    )
    for bout in wrestled.bouts:
        book.match_start(bout)
        book.apply(bout)
    book.end_of_show()
    bulk_update_rows(
        wrestled.matches,
        [
            "seed",
            "status",
            "called_off_because",
            "winner_side",
            "method",
            "length",
            "play_by_play",
            "effects",
        ],
    )
    book.flush()
    # Tournament bouts take their results into the brackets in the same transaction.
    tournaments.tournament_results(show=show)
    # The federation's webhooks are told once the show is committed (a failure there is
    # logged, never the show's): matches.webhooks.
    transaction.on_commit(partial(_tell_webhooks, show.pk), robust=True)


def _tell_webhooks(show_id: int) -> None:
    # (matches.selectors imports this module as it loads, and the webhooks' recap reads the
    # selectors: imported here, once both are loaded)
    from matches import webhooks  # noqa: PLC0415

    webhooks.show_completed(show_id=show_id)


#: Parsed cards by (card id, last change): a worker parses each version of a card once.
_PARSED_CARDS: dict[tuple[int, Any], Any] = {}
_PARSED_CARDS_LIMIT = 4096


def parsed_card(card: WrestlerCard):
    """A stored card parsed by its engine, once per version of the card in this process."""
    key = (card.pk, card.updated_at)
    parsed = _PARSED_CARDS.get(key)
    if parsed is None:
        if len(_PARSED_CARDS) >= _PARSED_CARDS_LIMIT:
            _PARSED_CARDS.clear()
        parsed = _PARSED_CARDS[key] = _engine(card.system).parse_card(card.data)
    return parsed


def _engine(system: str):
    engine = registry.systems.get(system)
    if engine is None:
        raise SimulationError(f"The {system} rule system cannot simulate matches yet.")
    return engine


def _spec(
    match: Match,
    rows: list[MatchParticipant],
    engine,
    card_of,
    *,
    wounds: dict[int, list[dict[str, Any]]],
    champions: set[int],
):
    """The engine's spec of one match: the cards, and what the roster knows at show time."""
    sides: dict[int, list[Participant]] = {}
    relationship: dict[int, str | None] = {}
    allies: dict[int, Ringside] = {}
    for row in rows:
        if row.role in (Role.IN_RING, Role.PARTNER):
            # What the roster knows of him (as outside a show), and at the show his injuries
            # and whether he holds a title.
            sides.setdefault(row.side, []).append(
                replace(
                    selectors.roster_participant(row.wrestler, card_of(row)),
                    injured=row.wrestler_id in wounds,
                    champion=row.wrestler_id in champions,
                    injuries=tuple(wounds.get(row.wrestler_id, ())),
                )
            )
            if row.team is not None:
                relationship[row.side] = (
                    "partners" if row.team.kind == TeamKind.TAG_TEAM else "group"
                )
        else:
            allies[row.side] = Ringside(key=row.wrestler.slug, name=row.wrestler.ring_name)
    stipulations = {
        name: value for name, value in match.stipulations.items() if name not in ROSTER_STIPULATIONS
    }
    if match.no_disqualification:
        stipulations["no_dq"] = True
    time_limit = engine.time_limit_for_minutes(match.time_limit) if match.time_limit else None
    return MatchSpec(
        match_type=match.match_type,
        sides=tuple(
            Side(
                participants=tuple(sides[index]),
                relationship=relationship.get(index),
                ally=allies.get(index),
            )
            for index in sorted(sides)
        ),
        options=engine.parse_options(match.rule_options),
        feud=match.feud_id is not None,
        time_limit=time_limit,
        stipulations=stipulations,
    )
