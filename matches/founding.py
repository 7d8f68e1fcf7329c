"""A federation in a minute: a new federation with a generated roster, its titles and their
first champions, and its first show booked, in one transaction (``docs/pages.md``, "A
federation in a minute"; the page, ``POST /api/v1/federations/found/`` and ``new_federation``
all call ``federation_found``).

The roster's side (the federation, the generated signings) is ``promotion.services``; what
touches the shows (the title tournaments, the first show and its card) is here, since the
roster's domain imports nothing of ``matches``.

- The roster: ``roster_size`` generated wrestlers (every style, the tiers shaped like a card),
  each with a card for every rule system, reproducible by ``seed``.
- The titles, chosen from ``TITLE_CHOICES``: singles titles (the world title, the mid-card
  title) and a tag-team title (its teams paired from the roster).
- Their first champions: ``"tournament"``, a one-night single-elimination tournament for each
  (the world title's field the roster's top by Prestige, the mid-card title's the next ones,
  the tag title's the teams), each on an event night of its own after the first show, its
  first round booked; or ``"hand"``: the top of each field crowned on the day.
- The first show: in the federation's first weekly slot, booked by the auto-booker.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from matches.autobook import AutobookReport, show_autobook
from matches.booking import show_create
from matches.models import Placement, Seeding, Show, Tournament, TournamentUnit
from matches.tournaments import tournament_advance, tournament_create
from promotion.models import Division, Federation, Team, Title, Wrestler
from promotion.selectors import federation_today, free_slug
from promotion.services import (
    FieldProblem,
    ServiceError,
    federation_create,
    roster_generate,
    team_form,
    title_award,
    title_create,
)
from promotion.services.founding import new_seed
from promotion.validators import time_zone_name
from rules import registry

#: The titles a new federation may start with: key -> (name, division, rank).
TITLE_CHOICES: dict[str, tuple[str, str, int]] = {
    "world": ("World Heavyweight Championship", Division.SINGLES, 1),
    "midcard": ("Mid-Card Championship", Division.SINGLES, 2),
    "tag": ("Tag Team Championship", Division.TAG, 1),
}
CHAMPIONS_CHOICES = ("tournament", "hand")
#: The largest field of a founding title tournament.
FIELD_MOST = 8

UNKNOWN_TITLE = "{value!r} is not a title to start with (choose from: {choices})."
UNKNOWN_CHAMPIONS = "{value!r} is not a way to crown them (choose from: {choices})."
UNKNOWN_SYSTEM = "{value!r} is not a rule system here (known: {known})."
TOO_FEW_FOR_TITLES = (
    "A roster of {size} is too small for {titles}: each title's first champions need a field "
    "of {need} wrestlers of their own ({most} in all); sign more or choose fewer titles."
)
TOO_FEW_FOR_TAG = "A tag-team title needs a roster of at least {need} to make its teams."
SEED_RANGE = "A seed is a whole number from 0 to {high}, not {value!r}."
TEAM_NAMES = ("Crossroads", "Night Shift", "Iron Curtain", "Wild Cards", "High Tide", "Long Haul")


@dataclass
class FoundingReport:
    """What ``federation_found`` made."""

    federation: Federation
    seed: int
    wrestlers: list[Wrestler]
    titles: list[Title]
    teams: list[Team] = field(default_factory=list)
    tournaments: list[Tournament] = field(default_factory=list)
    show: Show | None = None
    card: AutobookReport | None = None


def _fields_needed(titles: Sequence[str], size: int) -> tuple[int, int]:
    """(the field of each singles title, the tag teams): as many as the roster allows, 4 to 8."""
    singles = [t for t in titles if TITLE_CHOICES[t][1] == Division.SINGLES]
    each = min(FIELD_MOST, size // max(1, len(singles))) if singles else 0
    teams = min(4, size // 2) if "tag" in titles else 0
    return each, teams


def founding_problems(
    *,
    rule_system: Any,
    roster_size: Any,
    titles: Sequence[Any],
    champions: Any,
    seed: Any,
    time_zone: Any = None,
) -> list[str]:
    """What is wrong with a founding's own choices (the federation's fields are checked by
    ``federation_create``), each naming its field."""
    problems: list[str] = []
    if rule_system not in registry.systems:
        known = ", ".join(sorted(registry.systems))
        problems.append(
            FieldProblem(
                "rule_system",
                "Rule system",
                UNKNOWN_SYSTEM.format(value=rule_system, known=known),
            )
        )
    for value in titles:
        if value not in TITLE_CHOICES:
            choices = ", ".join(TITLE_CHOICES)
            problems.append(
                FieldProblem("titles", "Titles", UNKNOWN_TITLE.format(value=value, choices=choices))
            )
    if champions not in CHAMPIONS_CHOICES:
        choices = ", ".join(CHAMPIONS_CHOICES)
        problems.append(
            FieldProblem(
                "champions", "Champions", UNKNOWN_CHAMPIONS.format(value=champions, choices=choices)
            )
        )
    if time_zone is not None:
        try:
            time_zone_name(time_zone)
        except ValidationError as exc:
            problems += [FieldProblem("time_zone", "Time zone", m) for m in exc.messages]
    high = 2**31 - 1
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= high
    ):
        problems.append(FieldProblem("seed", "Seed", SEED_RANGE.format(high=high, value=seed)))
    if isinstance(roster_size, int) and not problems:
        singles = [t for t in titles if TITLE_CHOICES[t][1] == Division.SINGLES]
        if singles and roster_size // len(singles) < 4:
            problems.append(
                FieldProblem(
                    "roster_size",
                    "Roster size",
                    TOO_FEW_FOR_TITLES.format(
                        size=roster_size,
                        titles=", ".join(TITLE_CHOICES[t][0] for t in singles),
                        need=4,
                        most=4 * len(singles),
                    ),
                )
            )
        if "tag" in titles and roster_size < 8:
            problems.append(
                FieldProblem("roster_size", "Roster size", TOO_FEW_FOR_TAG.format(need=8))
            )
    return problems


def federation_found(
    *,
    owner: Any,
    name: str,
    slug: str = "",
    default_venue: str = "",
    rule_system: str = "filsinger",
    roster_size: int = 16,
    titles: Sequence[str] = ("world", "midcard"),
    champions: str = "tournament",
    show_weekday: int | None = None,
    show_time: dt.time | None = None,
    time_zone: Any = None,
    seed: int | None = None,
) -> FoundingReport:
    """Found a federation whole, or refuse with every problem by field and write nothing."""
    titles = list(dict.fromkeys(titles))
    problems = founding_problems(
        rule_system=rule_system,
        roster_size=roster_size,
        titles=titles,
        champions=champions,
        seed=seed,
        time_zone=time_zone,
    )
    if problems:
        error = ServiceError(" ".join(problems))
        error.by_field = tuple(
            (p.field, p.message) for p in problems if isinstance(p, FieldProblem)
        )
        raise error
    seed = new_seed() if seed is None else seed
    fields: dict[str, Any] = {"rule_system": rule_system, "default_venue": default_venue}
    if show_weekday is not None:
        fields["show_weekday"] = show_weekday
    if show_time is not None:
        fields["show_time"] = show_time
    if time_zone is not None:
        fields["time_zone"] = time_zone
    with transaction.atomic():
        if not slug:
            # Made from the name: numbered on where another federation has it (one typed in
            # that is taken is refused by federation_create, naming it).
            base = free_slug(Federation.objects.all(), name, fallback="federation", max_length=56)
            slug, number = base, 1
            while Federation.objects.filter(slug=slug).exists():
                number += 1
                slug = f"{base}-{number}"
        federation = federation_create(owner=owner, name=name, slug=slug, **fields)
        wrestlers = roster_generate(federation=federation, size=roster_size, seed=seed)
        report = FoundingReport(federation=federation, seed=seed, wrestlers=wrestlers, titles=[])
        today = federation_today(federation)
        # The strongest first: the world title's field is the top of the roster.
        ranked = sorted(wrestlers, key=lambda w: (-w.prestige, w.pk))
        each, team_count = _fields_needed(titles, roster_size)
        made = {
            key: title_create(
                federation=federation,
                name=TITLE_CHOICES[key][0],
                division=TITLE_CHOICES[key][1],
                rank=TITLE_CHOICES[key][2],
                introduced_on=today,
            )
            for key in titles
        }
        report.titles = list(made.values())
        if "tag" in made:
            # The teams from the bottom of the roster up, so the singles stars stay singles.
            pool = list(reversed(ranked))[: team_count * 2]
            for number in range(team_count):
                pair = pool[number * 2 : number * 2 + 2]
                report.teams.append(
                    team_form(
                        federation=federation,
                        name=TEAM_NAMES[number % len(TEAM_NAMES)],
                        members=pair,
                        formed_on=today,
                    )
                )
        # The first show, in the first weekly slot, booked by the auto-booker after the titles'
        # tournaments are drawn (it books no match for a title whose tournament is under way).
        report.show = show_create(federation=federation)
        fields_by_title: dict[str, list[Any]] = {}
        start = 0
        for key in titles:
            if TITLE_CHOICES[key][1] == Division.SINGLES:
                fields_by_title[key] = ranked[start : start + each]
                start += each
            else:
                fields_by_title[key] = list(report.teams)
        for key, title in made.items():
            entrants = fields_by_title[key]
            if champions == "hand":
                title_award(
                    title=title, holder=entrants[0], on=today, how="Named the first champion"
                )
                continue
            tournament = tournament_create(
                federation=federation,
                name=f"{title.name} Tournament",
                unit=TournamentUnit.TAG
                if title.division == Division.TAG
                else TournamentUnit.SINGLES,
                seeding=Seeding.HAND,
                placement=Placement.ONE_NIGHT,
                entrants=[e.pk for e in entrants],
                title=title,
            )
            report.tournaments.append(tournament)
        report.card = show_autobook(show=report.show)
        for tournament in report.tournaments:
            tournament_advance(tournament)
        report.show.refresh_from_db()
        return report
