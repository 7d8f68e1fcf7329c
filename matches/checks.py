"""``federation_check``: every invariant of a federation's history, as a list of violations.

Each violation is one sentence naming the rows involved. The invariants, one function each:

- reigns: only the last reign of a title open, reigns in order without overlap, a reign lost
  ends the day the next begins, a reign won at a match went to that match's winner, the title
  passed from a champion who wrestled in that match, no two reigns won at one match;
- shows: no completed show after an earlier one still scheduled, running or failed; every match
  of a completed show decided with its play-by-play (or called off); no results on a show not
  completed; no completed show without matches;
- appearances: a wrestler on one show a night, never wrestling while injured (a match called
  off for it was not wrestled), every participant of the show's own federation;
- ledger: each wrestler's rows add up to his Fame, Prestige, Heat and Edge, and no match wrote
  the same change twice (a show wrestled twice);
- injuries: no match recorded the same injury twice;
- the roster's present: no active wrestler with an open injury that keeps him off cards, no two
  active feuds between the same sides (what a show that wrote back its start-of-show copy of
  the roster over the desk's writes, or two feuds started at once, left behind).

The schema itself refuses two open reigns of a title, two shows of a federation in one slot and
a wrestler twice on one show (``reign_one_open_per_title``, ``show_one_per_slot``,
``appearance_once_per_show``), and a match called off with a result or without its reason
(``match_called_off_has_reason_no_result``), and a feud's end date without its ended status or
the other way round (``feud_ended_status_matches_date``), so no check is needed for those.

``federation_notices`` lists what is not corrupt but waits on the promoter (a draft stranded
before the federation's history, a failed show holding the next ones up, two wrestlers sharing
a ring name or one in two tag teams at once, from before those rules or an import).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from itertools import pairwise

from django.db.models import Count, Q, Sum

from matches.models import (
    BLOCKING_STATUSES,
    Match,
    MatchParticipant,
    MatchStatus,
    Role,
    Show,
    ShowStatus,
)
from matches.records import record_mismatches
from matches.selectors import stranded_shows
from matches.simulation import blocker_of, waiting_reason
from matches.tournaments import tournament_nights
from promotion.models import (
    Federation,
    Feud,
    FeudStatus,
    Injury,
    ReignEnd,
    StandingChange,
    TeamKind,
    TeamMembership,
    TitleReign,
    WrestlerStatus,
    overlapping_spans,
)
from promotion.validators import name_key

STANDINGS = ("fame", "prestige", "heat", "edge")


def federation_check(*, federation: Federation) -> list[str]:
    problems: list[str] = []
    problems += _reigns(federation)
    problems += _shows(federation)
    problems += _appearances(federation)
    problems += _ledger(federation)
    problems += _injuries(federation)
    problems += _roster_present(federation)
    return problems


def stored_figures_check(*, federation: Federation) -> list[str]:
    """What is kept to be read quickly, against the history it is kept from: each stored
    won-lost-drawn record (``WinLossRecord``) equals what the completed matches say
    (``matches.records.record_mismatches``; ``rebuild_records`` writes them afresh).
    ``check_federation`` and the API's check run it after ``federation_check``."""
    return record_mismatches(federation=federation)


def federation_notices(*, federation: Federation) -> list[str]:
    """What waits on the promoter: not corruption, but nothing will move until he acts."""
    notices = [
        f"{show} ({show.get_status_display().lower()}) is dated before the federation's last "
        "show that has run: it can never be wrestled in date order. Move it or cancel it."
        for show in stranded_shows(federation=federation)
    ]
    for show in federation.shows.filter(status=ShowStatus.SCHEDULED).order_by("scheduled_at"):
        blocker = blocker_of(show)
        if blocker is not None and blocker.status == ShowStatus.FAILED:
            notices.append(f"{show} {waiting_reason(blocker)}.")
    notices += _roster_notices(federation)
    return notices


def _roster_notices(federation: Federation) -> list[str]:
    """The roster's rules that came after some rosters were made (a federation kept, or
    imported, from before them): a ring name is one wrestler's, and a wrestler is in one tag team at
    a time. Nothing in the history is wrong for them, but the promoter should set them right."""
    notices = []
    named: dict[str, list[str]] = defaultdict(list)
    for slug, name in federation.wrestlers.order_by("pk").values_list("slug", "ring_name"):
        named[name_key(name)].append(slug)
    for slugs in named.values():
        if len(slugs) > 1:
            notices.append(
                f"{len(slugs)} wrestlers share a ring name ({', '.join(slugs)}): "
                "give each a name of his own."
            )
    memberships = (
        TeamMembership.objects.filter(team__federation=federation, team__kind=TeamKind.TAG_TEAM)
        .select_related("team", "wrestler")
        .order_by("wrestler_id", "started_on", "pk")
    )
    for earlier, later in overlapping_spans(memberships, key=lambda m: m.wrestler_id):
        notices.append(
            f"{earlier.wrestler} is in two tag teams at once, {earlier.team} and "
            f"{later.team} (from {later.started_on}): a side of a match cannot tell "
            "which it stands for; end one of the memberships."
        )
    return notices


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
    holders_at = _wrestlers_at({r.won_at_id for r in reigns if r.won_at_id})
    won_at_counts = defaultdict(list)
    for reign in reigns:
        if reign.won_at_id:
            won_at_counts[(reign.title_id, reign.won_at_id)].append(reign)
    for (_, _), same in won_at_counts.items():
        if len(same) > 1:
            numbers = ", ".join(f"#{r.number}" for r in same)
            problems.append(
                f"{same[0].title}: reigns {numbers} were all won at match {same[0].won_at}."
            )
    for title_reigns in by_title.values():
        title = title_reigns[0].title
        problems += [message for _, message in reign_order(title, title_reigns)]
        for before, after in pairwise(title_reigns):
            if (
                after.won_at_id
                and before.end_reason == ReignEnd.LOST
                and before.ended_on == after.won_on
                and not _holder_wrestled(before, holders_at.get(after.won_at_id, set()))
            ):
                problems.append(
                    f"{title}: reign #{after.number} was won at match {after.won_at}, in which "
                    f"the champion of reign #{before.number}, {before.holder}, did not wrestle."
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


def reign_order(title, reigns) -> list[tuple[TitleReign, str]]:
    """One title's reigns, in the order of their numbers, against the rules of a lineage: only
    the last one open, none ending after the next began, one lost ending the day the next began,
    the first no earlier than the title's introduction. Each problem with the reign it is
    about. Reads the rows' own fields only, saved or not (an import checks its document so)."""
    problems = []
    for before, after in pairwise(reigns):
        if before.ended_on is None:
            message = f"{title}: reign #{before.number} is open but #{after.number} follows."
        elif before.ended_on > after.won_on:
            message = (
                f"{title}: reign #{before.number} ends {before.ended_on}, after "
                f"#{after.number} began {after.won_on}."
            )
        elif before.end_reason == ReignEnd.LOST and before.ended_on != after.won_on:
            message = (
                f"{title}: reign #{before.number} was lost on {before.ended_on} but "
                f"#{after.number} began {after.won_on}."
            )
        else:
            continue
        problems.append((before, message))
    if reigns and reigns[0].won_on < title.introduced_on:
        first = reigns[0]
        problems.append(
            (
                first,
                f"{title}: reign #{first.number} began {first.won_on}, before the title was "
                f"introduced ({title.introduced_on}).",
            )
        )
    return problems


def shows_out_of_order(shows) -> list[tuple[Show, str]]:
    """Shows, in date order, of which one completed while an earlier one was still scheduled,
    running or failed. Reads the rows' own fields only, saved or not."""
    problems = []
    waiting_for = None
    for show in shows:
        if show.status == ShowStatus.COMPLETED and waiting_for is not None:
            problems.append(
                (
                    show,
                    f"{show} completed while the earlier {waiting_for} is "
                    f"{waiting_for.get_status_display().lower()}.",
                )
            )
        if show.status in BLOCKING_STATUSES and waiting_for is None:
            waiting_for = show
    return problems


def result_problem(show, match) -> str | None:
    """What is wrong with one match's result for its show's state, read whole (an import's
    row): on a completed show it is decided with its play-by-play or called off; on any other
    it has no result. The queries of ``_shows`` ask the same of the database."""
    if show.status == ShowStatus.COMPLETED:
        if match.status == MatchStatus.BOOKED or (
            match.status == MatchStatus.COMPLETED and (not match.method or not match.play_by_play)
        ):
            return f"{match}: on a completed show but not decided with its play-by-play."
        return None
    if (
        match.status in (MatchStatus.COMPLETED, MatchStatus.CALLED_OFF)
        or match.method
        or match.winner_side is not None
    ):
        return f"{match}: has a result, but its show is {show.get_status_display().lower()}."
    return None


def standing_mismatches(wrestler, sums) -> list[tuple[str, str]]:
    """(attribute, sentence) for each of a wrestler's Fame, Prestige, Heat and Edge that his
    ledger rows (``sums``: their deltas added up, by attribute) do not add up to."""
    problems = []
    for attribute in STANDINGS:
        ledger = sums.get(attribute, 0)
        current = getattr(wrestler, attribute)
        if ledger != current:
            problems.append(
                (
                    attribute,
                    f"{wrestler}: {attribute} is {current} but the ledger adds up to {ledger}.",
                )
            )
    return problems


def _wrestlers_at(match_ids: set[int]) -> dict[int, set[tuple[str, int]]]:
    """Who wrestled in each match: ("wrestler", id) and ("team", id) entries."""
    present: dict[int, set[tuple[str, int]]] = defaultdict(set)
    for match_id, wrestler_id, team_id in MatchParticipant.objects.filter(
        match_id__in=match_ids, role__in=[Role.IN_RING, Role.PARTNER]
    ).values_list("match_id", "wrestler_id", "team_id"):
        present[match_id].add(("wrestler", wrestler_id))
        if team_id:
            present[match_id].add(("team", team_id))
    return present


def _holder_wrestled(reign: TitleReign, present: set[tuple[str, int]]) -> bool:
    if reign.holder_wrestler_id:
        return ("wrestler", reign.holder_wrestler_id) in present
    team_id = reign.holder_team_id
    assert team_id is not None  # a wrestler or a team holds it (reign_has_exactly_one_holder)
    if ("team", team_id) in present:
        return True
    members = TeamMembership.objects.filter(team_id=team_id).values_list("wrestler_id", flat=True)
    return any(("wrestler", member) in present for member in members)


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
    problems += [message for _, message in shows_out_of_order(shows)]
    undecided = (
        Match.objects.filter(show__federation=federation, show__status=ShowStatus.COMPLETED)
        .filter(
            Q(status=MatchStatus.BOOKED)
            | Q(status=MatchStatus.COMPLETED) & (Q(method="") | Q(play_by_play=[]))
        )
        .select_related("show")
    )
    for match in undecided:
        problems.append(f"{match}: on a completed show but not decided with its play-by-play.")
    early = (
        Match.objects.filter(show__federation=federation)
        .exclude(show__status=ShowStatus.COMPLETED)
        .filter(
            Q(status__in=[MatchStatus.COMPLETED, MatchStatus.CALLED_OFF])
            | ~Q(method="")
            | Q(winner_side__isnull=False)
        )
        .select_related("show")
    )
    for match in early:
        problems.append(
            f"{match}: has a result, but its show is {match.show.get_status_display().lower()}."
        )
    empty = Show.objects.filter(federation=federation, status=ShowStatus.COMPLETED).annotate(
        n=Count("matches")
    )
    for show in empty.filter(n=0):
        problems.append(f"{show}: completed with no matches.")
    return problems


def _appearances(federation: Federation) -> list[str]:
    problems = []
    outsiders = (
        MatchParticipant.objects.filter(show__federation=federation)
        .exclude(wrestler__federation=federation)
        .select_related("wrestler__federation", "match__show")
    )
    for row in outsiders:
        problems.append(
            f"{row.wrestler} of {row.wrestler.federation} is on {row.match} of {federation}."
        )
    foreign_teams = (
        MatchParticipant.objects.filter(show__federation=federation, team__isnull=False)
        .exclude(team__federation=federation)
        .select_related("team", "match__show")
    )
    for row in foreign_teams:
        problems.append(f"{row.match}: the team {row.team} belongs to another federation.")
    nights: dict[tuple[int, dt.date], set[int]] = defaultdict(set)
    for wrestler_id, show_id, scheduled_at in (
        MatchParticipant.objects.filter(show__federation=federation)
        .exclude(show__status=ShowStatus.CANCELLED)
        .values_list("wrestler_id", "show_id", "show__scheduled_at")
    ):
        night = scheduled_at.astimezone(federation.time_zone).date()
        nights[(wrestler_id, night)].add(show_id)
    names = dict(federation.wrestlers.values_list("pk", "ring_name"))
    numbers = dict(federation.shows.values_list("pk", "number"))
    # (A one-night tournament's rounds are shows of their own that night: one man on several.)
    event_nights = tournament_nights(federation=federation)
    for (wrestler_id, night), show_ids in sorted(nights.items(), key=lambda item: str(item[0])):
        if len(show_ids) > 1 and not any(show_ids <= shows for shows in event_nights):
            listed = ", ".join(f"#{numbers[pk]}" for pk in sorted(show_ids))
            problems.append(
                f"{names.get(wrestler_id, wrestler_id)} is on shows {listed}, the same night "
                f"({night})."
            )
    appearances = (
        MatchParticipant.objects.filter(show__federation=federation)
        .filter(role__in=[Role.IN_RING, Role.PARTNER])
        # Wrestled only: a match called off was not, and one on a card still to come will be
        # called off when its show runs unless he has healed by then (docs/standings.md).
        .filter(match__status=MatchStatus.COMPLETED)
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
            if (
                started
                and not caused_here
                and not injury.expected_back_by(on)  # (as the booking reads it)
                and (injury.healed_on is None or injury.healed_on > on)
            ):
                problems.append(
                    f"{appearance.wrestler} wrestled on {appearance.show} while injured "
                    f"({injury.what})."
                )
    return problems


def _ledger(federation: Federation) -> list[str]:
    problems = []
    twice = (
        StandingChange.objects.filter(wrestler__federation=federation, match__isnull=False)
        .values("match_id", "wrestler_id", "attribute", "reason")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
        .order_by("match_id", "wrestler_id", "attribute", "reason")
    )
    names = dict(federation.wrestlers.values_list("pk", "ring_name"))
    for row in twice:
        problems.append(
            f"Match {row['match_id']} wrote {names.get(row['wrestler_id'])}'s "
            f'{row["attribute"]} change "{row["reason"]}" {row["n"]} times (wrestled twice?).'
        )
    sums: dict[tuple[int, str], int] = {
        (row["wrestler_id"], row["attribute"]): row["total"]
        for row in StandingChange.objects.filter(wrestler__federation=federation)
        .values("wrestler_id", "attribute")
        .annotate(total=Sum("delta"))
    }
    for wrestler in federation.wrestlers.all():
        own = {attribute: sums.get((wrestler.pk, attribute), 0) for attribute in STANDINGS}
        problems += [message for _, message in standing_mismatches(wrestler, own)]
    return problems


def _injuries(federation: Federation) -> list[str]:
    problems = []
    twice = (
        Injury.objects.filter(wrestler__federation=federation, match__isnull=False)
        .values("match_id", "wrestler_id", "description")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
        .order_by("match_id", "wrestler_id")
    )
    names = dict(federation.wrestlers.values_list("pk", "ring_name"))
    for row in twice:
        problems.append(
            f"Match {row['match_id']} injured {names.get(row['wrestler_id'])} {row['n']} times "
            f"the same way ({row['description'] or 'no description'})."
        )
    return problems


def _roster_present(federation: Federation) -> list[str]:
    problems = []
    kept_off = (
        Injury.objects.filter(
            wrestler__federation=federation,
            wrestler__status=WrestlerStatus.ACTIVE,
            keeps_off_cards=True,
            healed_on__isnull=True,
        )
        .select_related("wrestler")
        .order_by("wrestler_id", "pk")
    )
    for injury in kept_off:
        problems.append(
            f"{injury.wrestler} is active, yet his injury of {injury.occurred_on} "
            f"({injury.what}) is open and keeps him off cards."
        )
    sides: dict[frozenset, list[Feud]] = defaultdict(list)
    active = federation.feuds.exclude(status=FeudStatus.ENDED).prefetch_related("participants")
    for feud in active:
        sides[feud.sides_key()].append(feud)
    for same in sides.values():
        if len(same) > 1:
            same.sort(key=lambda feud: feud.pk)
            listed = ", ".join(f"{feud} (#{feud.pk})" for feud in same)
            problems.append(f"{len(same)} active feuds between the same sides: {listed}.")
    return problems
