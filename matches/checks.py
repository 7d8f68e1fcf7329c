"""``federation_check``: every invariant of a federation's history, as a list of violations."""

from __future__ import annotations

from collections import defaultdict
from itertools import pairwise

from django.db.models import Count, Q, Sum

from matches.models import Match, MatchParticipant, MatchStatus, Role, Show, ShowStatus
from promotion.models import Federation, Injury, ReignEnd, StandingChange, TitleReign

STANDINGS = ("fame", "prestige", "heat", "edge")


def federation_check(*, federation: Federation) -> list[str]:
    problems: list[str] = []
    problems += _reigns(federation)
    problems += _shows(federation)
    problems += _appearances(federation)
    problems += _ledger(federation)
    return problems


def _reigns(federation: Federation) -> list[str]:
    problems = []
    reigns = list(
        TitleReign.objects.filter(title__federation=federation)
        .select_related("title", "holder_wrestler", "holder_team", "won_at")
        .order_by("title_id", "number")
    )
    by_title: dict[int, list[TitleReign]] = defaultdict(list)
    for reign in reigns:
        by_title[reign.title_id].append(reign)
    winners = _winners({r.won_at_id for r in reigns if r.won_at_id})
    for title_reigns in by_title.values():
        title = title_reigns[0].title
        open_reigns = [r for r in title_reigns if r.ended_on is None]
        if len(open_reigns) > 1:
            problems.append(f"{title}: {len(open_reigns)} open reigns.")
        for before, after in pairwise(title_reigns):
            if before.ended_on is None:
                problems.append(
                    f"{title}: reign #{before.number} is open but #{after.number} follows."
                )
            elif before.ended_on > after.won_on:
                problems.append(
                    f"{title}: reign #{before.number} ends {before.ended_on}, after "
                    f"#{after.number} began {after.won_on}."
                )
            elif before.end_reason == ReignEnd.LOST and before.ended_on != after.won_on:
                problems.append(
                    f"{title}: reign #{before.number} was lost on {before.ended_on} but "
                    f"#{after.number} began {after.won_on}."
                )
        for reign in title_reigns:
            if reign.won_at_id is None:
                continue
            sides = winners.get(reign.won_at_id)
            if sides is None:
                problems.append(f"{title}: reign #{reign.number} was won at an undecided match.")
                continue
            wrestlers, teams = sides
            holder_won = (
                reign.holder_wrestler_id in wrestlers
                if reign.holder_wrestler_id
                else reign.holder_team_id in teams
            )
            if not holder_won:
                problems.append(
                    f"{title}: reign #{reign.number} went to {reign.holder}, who did not win "
                    f"match {reign.won_at}."
                )
    return problems


def _winners(match_ids: set[int]) -> dict[int, tuple[set[int], set[int]]]:
    winners: dict[int, tuple[set[int], set[int]]] = {}
    matches = dict(
        Match.objects.filter(pk__in=match_ids, status=MatchStatus.COMPLETED)
        .exclude(winner_side__isnull=True)
        .values_list("pk", "winner_side")
    )
    for match_id, side, wrestler_id, team_id in MatchParticipant.objects.filter(
        match_id__in=matches.keys()
    ).values_list("match_id", "side", "wrestler_id", "team_id"):
        if side == matches[match_id]:
            wrestlers, teams = winners.setdefault(match_id, (set(), set()))
            wrestlers.add(wrestler_id)
            if team_id:
                teams.add(team_id)
    return winners


def _shows(federation: Federation) -> list[str]:
    problems = []
    shows = list(federation.shows.order_by("scheduled_at", "number"))
    unfinished_before = None
    for show in shows:
        if show.status == ShowStatus.COMPLETED and unfinished_before is not None:
            problems.append(
                f"{show} completed while the earlier {unfinished_before} is "
                f"{unfinished_before.get_status_display().lower()}."
            )
        if show.status != ShowStatus.COMPLETED and unfinished_before is None:
            unfinished_before = show
    undecided = (
        Match.objects.filter(show__federation=federation, show__status=ShowStatus.COMPLETED)
        .filter(Q(status=MatchStatus.BOOKED) | Q(method="") | Q(play_by_play=[]))
        .select_related("show")
    )
    for match in undecided:
        problems.append(f"{match}: on a completed show but not decided with its play-by-play.")
    empty = Show.objects.filter(federation=federation, status=ShowStatus.COMPLETED).annotate(
        n=Count("matches")
    )
    for show in empty.filter(n=0):
        problems.append(f"{show}: completed with no matches.")
    return problems


def _appearances(federation: Federation) -> list[str]:
    problems = []
    twice = (
        MatchParticipant.objects.filter(show__federation=federation)
        .values("show_id", "wrestler_id")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
    )
    for row in twice:
        problems.append(
            f"Wrestler {row['wrestler_id']} is booked {row['n']} times on show {row['show_id']}."
        )
    appearances = (
        MatchParticipant.objects.filter(show__federation=federation)
        .filter(role__in=[Role.IN_RING, Role.PARTNER])
        .select_related("show", "wrestler", "show__federation")
    )
    injuries: dict[int, list[Injury]] = defaultdict(list)
    for injury in Injury.objects.filter(wrestler__federation=federation, keeps_off_cards=True):
        injuries[injury.wrestler_id].append(injury)
    match_shows = dict(
        Match.objects.filter(show__federation=federation).values_list("pk", "show_id")
    )
    for appearance in appearances:
        on = appearance.show.date
        for injury in injuries.get(appearance.wrestler_id, ()):
            caused_here = injury.match_id and match_shows.get(injury.match_id) == appearance.show_id
            started = injury.occurred_on < on or (
                injury.occurred_on == on and injury.match_id is not None and not caused_here
            )
            if started and not caused_here and (injury.healed_on is None or injury.healed_on > on):
                problems.append(
                    f"{appearance.wrestler} was booked on {appearance.show} while injured "
                    f"({injury.description or injury.get_source_display()})."
                )
    return problems


def _ledger(federation: Federation) -> list[str]:
    problems = []
    sums: dict[tuple[int, str], int] = {
        (row["wrestler_id"], row["attribute"]): row["total"]
        for row in StandingChange.objects.filter(wrestler__federation=federation)
        .values("wrestler_id", "attribute")
        .annotate(total=Sum("delta"))
    }
    for wrestler in federation.wrestlers.all():
        for attribute in STANDINGS:
            ledger = sums.get((wrestler.pk, attribute), 0)
            current = getattr(wrestler, attribute)
            if ledger != current:
                problems.append(
                    f"{wrestler}: {attribute} is {current} but the ledger adds up to {ledger}."
                )
    return problems
