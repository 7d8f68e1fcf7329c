"""Simulating a show: claim it, wrestle every match with the engines, store the results and apply
their effects to the roster, all in one transaction.

The claim is a lease: a conditional update moves the show from scheduled to running and stamps
``started_at``; a second delivery of the same task finds it running and leaves. A worker that dies
mid-show leaves the lease behind (its transaction rolls back); once the lease is older than
``SHOW_TIME_LIMIT_SECONDS`` the show may be claimed again. Each claim counts an attempt, and a
show whose attempts run out is marked failed instead of looping.

The same show, from the same database state and seed, always gives the same results: every
match's dice come from a seed derived from the show's seed and the match's position.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import DatabaseError, InterfaceError, OperationalError, transaction
from django.db.models import Exists, F, OuterRef, Q
from django.utils import timezone

from matches.models import (
    ROSTER_STIPULATIONS,
    Match,
    MatchParticipant,
    MatchStatus,
    Role,
    Show,
    ShowStatus,
)
from promotion.db import bulk_update_rows
from promotion.effects import Bout, RosterBook
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


class SimulationError(RuntimeError):
    """A show could not be simulated; the message says why, for the promoter."""


@dataclass(frozen=True)
class Outcome:
    show_id: int
    status: str  # completed | failed | busy | waiting | done | missing | not_scheduled
    detail: str = ""


def match_seed(show_seed: int, position: int) -> int:
    digest = hashlib.blake2b(f"{show_seed}:{position}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def lease_expired_before() -> dt.datetime:
    """A lease taken before this moment has expired: its worker is presumed dead."""
    return timezone.now() - dt.timedelta(seconds=settings.SHOW_TIME_LIMIT_SECONDS)


def earlier_unfinished():
    """A subquery: an earlier show of the same federation that is not completed yet."""
    return Exists(
        Show.objects.filter(federation=OuterRef("federation"))
        .filter(
            Q(scheduled_at__lt=OuterRef("scheduled_at"))
            | Q(scheduled_at=OuterRef("scheduled_at"), number__lt=OuterRef("number"))
        )
        .exclude(status=ShowStatus.COMPLETED)
    )


def show_claim(*, show_id: int) -> tuple[Outcome | None, dt.datetime | None]:
    """Take the lease on a show. Returns (None, lease) when claimed, else (why not, None)."""
    lease = timezone.now()
    claimable = Q(status=ShowStatus.SCHEDULED) | Q(
        status=ShowStatus.RUNNING, started_at__lt=lease_expired_before()
    )
    claimed = (
        Show.objects.filter(pk=show_id)
        .filter(claimable)
        .filter(~earlier_unfinished())
        .update(status=ShowStatus.RUNNING, started_at=lease, attempts=F("attempts") + 1)
    )
    if claimed:
        return None, lease
    show = Show.objects.filter(pk=show_id).first()
    if show is None:
        return Outcome(show_id, "missing"), None
    if show.status in (ShowStatus.COMPLETED, ShowStatus.FAILED):
        return Outcome(show_id, "done", show.status), None
    if show.status == ShowStatus.RUNNING:
        return Outcome(show_id, "busy", "another worker holds the show"), None
    if show.status != ShowStatus.SCHEDULED:
        return Outcome(show_id, "not_scheduled", show.status), None
    return Outcome(show_id, "waiting", "an earlier show of the federation is unfinished"), None


def show_simulate(*, show_id: int) -> Outcome:
    """Claim and simulate one show. Transient database errors propagate (the task retries)."""
    refusal, lease = show_claim(show_id=show_id)
    if refusal is not None:
        return refusal
    attempts = Show.objects.values_list("attempts", flat=True).get(pk=show_id)
    if attempts > MAX_ATTEMPTS:
        reason = ABANDONED.format(attempts=attempts - 1)
        _mark_failed(show_id, lease, reason)
        return Outcome(show_id, "failed", reason)
    try:
        with transaction.atomic():
            show = Show.objects.select_for_update().select_related("federation").get(pk=show_id)
            if show.status != ShowStatus.RUNNING or show.started_at != lease:
                return Outcome(show_id, "busy", "the lease passed to another worker")
            _wrestle(show)
            show.status = ShowStatus.COMPLETED
            show.completed_at = timezone.now()
            show.error = ""
            show.save(update_fields=["status", "completed_at", "error"])
    except TRANSIENT_ERRORS:
        _release(show_id, lease)
        raise
    except Exception as exc:  # the show's own fault: record it, change nothing else
        logger.exception("Show %s failed", show_id)
        reason = f"{type(exc).__name__}: {exc}"
        _mark_failed(show_id, lease, reason)
        return Outcome(show_id, "failed", reason)
    return Outcome(show_id, "completed")


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

#: A hook for fault-injection tests: called after each match is wrestled (inside the show's
#: transaction). Settings may name a delay in seconds: SHOW_SIMULATION_MATCH_DELAY.
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
        for wrestler_id, body_part, points, description, keeps_off in (
            Injury.objects.filter(wrestler_id__in=wrestler_ids, occurred_on__lte=on)
            .filter(Q(healed_on__isnull=True) | Q(healed_on__gt=on))
            .order_by("occurred_on", "pk")
            .values_list("wrestler_id", "body_part", "points", "description", "keeps_off_cards")
        ):
            wounds.setdefault(wrestler_id, []).append(
                {
                    "body_part": body_part,
                    "points": points,
                    "description": description,
                    "keeps_off_cards": keeps_off,
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
        return _parsed_card(card)

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


def show_specs(*, show: Show) -> list[tuple[Match, MatchSpec]]:
    """The engine's spec of every match on a show's card, as it would be wrestled now."""
    inputs = ShowInputs.load(show)
    return [(match, inputs.spec(match)) for match in inputs.matches]


def _wrestle(show: Show) -> None:
    federation = show.federation
    on = show.date
    book = RosterBook(federation=federation, show=show, on=on, at=show.scheduled_at)
    inputs = ShowInputs.load(show, champions=book.champion_ids())
    matches = inputs.matches
    delay = settings.SHOW_SIMULATION_MATCH_DELAY
    for match in matches:
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
        bout = Bout(
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
        book.match_start(bout)
        book.apply(bout)
        for hook in after_match_hooks:
            hook(show, match)
        if delay:
            time.sleep(delay)
    book.end_of_show()
    bulk_update_rows(
        matches,
        ["seed", "status", "winner_side", "method", "length", "play_by_play", "effects"],
    )
    book.flush()


#: Parsed cards by (card id, last change): a worker parses each version of a card once.
_PARSED_CARDS: dict[tuple[int, Any], Any] = {}
_PARSED_CARDS_LIMIT = 4096


def _parsed_card(card: WrestlerCard):
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
            sides.setdefault(row.side, []).append(
                Participant(
                    key=row.wrestler.slug,
                    name=row.wrestler.ring_name,
                    card=card_of(row),
                    injured=row.wrestler_id in wounds,
                    fame=row.wrestler.fame,
                    prestige=row.wrestler.prestige,
                    heat=row.wrestler.heat,
                    edge=row.wrestler.base_edge,
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
