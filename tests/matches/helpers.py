"""Booking by hand for the simulation tests, and a fingerprint of everything a show wrote.

``book_week`` fills a show's card with the federation's best available wrestlers: the singles
titles defended first (the world title as a feud match when the feud's two sides are free), then
singles bouts down the roster. Nobody injured, suspended or without a card is booked, so a
season booked this way keeps ``federation_check`` clean.
"""

from __future__ import annotations

import datetime as dt

from django.core.management import call_command

from matches.booking import match_book, show_create, show_schedule
from matches.models import Match, Show
from promotion.models import (
    Division,
    Federation,
    Feud,
    FeudStatus,
    Injury,
    StandingChange,
    TitleReign,
    Wrestler,
)

SAMPLE = "copperline"


def sample_federation() -> Federation:
    call_command("load_sample_federation", verbosity=0)
    return Federation.objects.get(slug=SAMPLE)


def weekly_slots(federation: Federation, start: dt.datetime, weeks: int) -> list[dt.datetime]:
    """The federation's next ``weeks`` weekly slots after ``start``, each the slot after the one
    before (a week of 7 x 24 hours from a time just before the slot would land on the same
    slot twice across the end of summer time)."""
    slots = [federation.next_show_time(start)]
    while len(slots) < weeks:
        slots.append(federation.next_show_time(slots[-1]))
    return slots


def available(federation: Federation, on: dt.date) -> list[Wrestler]:
    """Wrestlers who can work on ``on``, best first (Prestige, then name)."""
    return list(
        federation.wrestlers.available_on(on)
        .filter(cards__system=federation.rule_system)
        .order_by("-prestige", "slug")
    )


def book_week(
    federation: Federation,
    *,
    scheduled_at: dt.datetime,
    seed: int,
    matches: int = 8,
    name: str = "",
    schedule: bool = True,
) -> Show:
    """Create a show at ``scheduled_at`` and book up to ``matches`` matches on it."""
    show = show_create(federation=federation, scheduled_at=scheduled_at, seed=seed, name=name)
    on = show.date
    free = available(federation, on)
    by_id = {w.pk: w for w in free}
    booked = 0

    def take(wrestler: Wrestler) -> None:
        free.remove(wrestler)

    feud = _singles_feud(federation, on)
    for title in federation.titles.filter(division=Division.SINGLES, is_active=True).order_by(
        "rank"
    ):
        if booked >= matches:
            break
        reign = TitleReign.objects.filter(title=title, ended_on__isnull=True).first()
        champion = (
            by_id.get(reign.holder_wrestler_id) if reign and reign.holder_wrestler_id else None
        )
        if champion is None or champion not in free:
            continue
        take(champion)
        challenger, with_feud = None, None
        if feud is not None and champion.pk in feud:
            rival = by_id.get(feud[champion.pk])
            if rival is not None and rival in free:
                challenger, with_feud = rival, Feud.objects.get(pk=feud["pk"])
        challenger = challenger or free[0]
        take(challenger)
        match_book(
            show=show,
            sides=[[champion], [challenger]],
            title=title,
            feud=with_feud,
            is_main_event=booked == 0,
            position=booked + 1,  # in booking order: the main event opens these test cards
        )
        booked += 1
    while booked < matches and len(free) >= 2:
        first, second = free[0], free[1]
        take(first)
        take(second)
        match_book(show=show, sides=[[first], [second]], position=booked + 1)
        booked += 1
    if schedule:
        show = show_schedule(show=show)
    return show


def _singles_feud(federation: Federation, on: dt.date) -> dict | None:
    """The first one-on-one feud active on ``on`` as {wrestler: rival, ..., "pk": id}."""
    feuds = federation.feuds.exclude(status=FeudStatus.ENDED).filter(started_on__lte=on)
    for feud in feuds.order_by("pk"):
        sides: dict[int, list[int]] = {}
        for row in feud.participants.all():
            if row.wrestler_id:
                sides.setdefault(row.side, []).append(row.wrestler_id)
        if len(sides) == 2 and all(len(ids) == 1 for ids in sides.values()):
            (a,), (b,) = sides.values()
            return {a: b, b: a, "pk": feud.pk}
    return None


def fingerprint(show: Show) -> dict:
    """Everything the simulation of ``show`` wrote, without ids or clock times."""
    matches = list(
        Match.objects.filter(show=show)
        .order_by("position")
        .values_list(
            "position", "seed", "status", "winner_side", "method", "length", "play_by_play"
        )
    )
    positions = dict(Match.objects.filter(show=show).values_list("pk", "position"))
    slugs = dict(Wrestler.objects.filter(federation=show.federation).values_list("pk", "slug"))
    ledger = sorted(
        (slugs[w], attribute, delta, after, reason, positions.get(m))
        for w, attribute, delta, after, reason, m in StandingChange.objects.filter(
            show=show
        ).values_list("wrestler_id", "attribute", "delta", "value_after", "reason", "match_id")
    )
    injuries = sorted(
        (slugs[w], positions.get(m), source, part, str(points), str(cards), str(back))
        for w, m, source, part, points, cards, back in Injury.objects.filter(
            match__show=show
        ).values_list(
            "wrestler_id",
            "match_id",
            "source",
            "body_part",
            "points",
            "fight_cards_remaining",
            "expected_return",
        )
    )
    reigns = sorted(
        (title, number, str(holder), str(team), str(won_on), positions.get(m))
        for title, number, holder, team, won_on, m in TitleReign.objects.filter(
            won_at__show=show
        ).values_list(
            "title__slug",
            "number",
            "holder_wrestler__slug",
            "holder_team__slug",
            "won_on",
            "won_at_id",
        )
    )
    ended = sorted(
        (title, number, reason, str(on))
        for title, number, reason, on in TitleReign.objects.filter(
            title__federation=show.federation, ended_on=show.date
        ).values_list("title__slug", "number", "end_reason", "ended_on")
    )
    standings = sorted(
        show.federation.wrestlers.values_list("slug", "fame", "prestige", "heat", "edge", "status")
    )
    return {
        "matches": matches,
        "ledger": ledger,
        "injuries": injuries,
        "reigns": reigns,
        "ended": ended,
        "standings": standings,
    }


def row_counts(federation: Federation) -> dict[str, int]:
    return {
        "matches_decided": Match.objects.filter(
            show__federation=federation, status="completed"
        ).count(),
        "ledger": StandingChange.objects.filter(wrestler__federation=federation).count(),
        "injuries": Injury.objects.filter(wrestler__federation=federation).count(),
        "reigns": TitleReign.objects.filter(title__federation=federation).count(),
    }
