"""``tournament SLUG [--create NAME ...] [--advance [TOURNAMENT]] [--cancel TOURNAMENT]
[--show TOURNAMENT]``: a federation's tournaments from the shell.

Without an action it lists the federation's tournaments. ``--create`` makes one (``--format``,
``--unit``, ``--seeding``, ``--placement``, ``--size`` or ``--entrants`` as slugs of wrestlers,
or of teams for tag and six-man, ``--title``, ``--system``, ``--draw-seed``); ``--advance`` books
its due round on the next show (the one just created when no slug is given); ``--cancel`` calls
one off; ``--show`` prints the bracket. The same services as the pages and the API; a refusal
lists every reason.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from matches.booking import BookingError
from matches.models import (
    Placement,
    Seeding,
    Tournament,
    TournamentFormat,
    TournamentUnit,
)
from matches.tournaments import (
    tournament_advance,
    tournament_bracket,
    tournament_cancel,
    tournament_create,
    tournaments_for,
)
from promotion.models import Federation
from promotion.services import ServiceError
from rules.models import System

NO_FEDERATION = "No federation with the slug {slug!r}."
NO_TOURNAMENT = "{federation} has no tournament with the slug {slug!r}."
NO_ENTRANT = "{federation} has no {what} with the slug {slug!r}."
NO_TITLE = "{federation} has no title with the slug {slug!r}."
ADVANCE_WHICH = "--advance needs a tournament's slug (or --create one to advance)."
NONE_YET = "{federation} has no tournaments yet."


class Command(BaseCommand):
    help = "List, create, advance, cancel or print a federation's tournaments."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The federation's slug.")
        parser.add_argument("--create", metavar="NAME", help="Create a tournament of this name.")
        parser.add_argument(
            "--format", default=TournamentFormat.SINGLE_ELIMINATION, choices=TournamentFormat.values
        )
        parser.add_argument("--unit", default=TournamentUnit.SINGLES, choices=TournamentUnit.values)
        parser.add_argument("--seeding", default=Seeding.PRESTIGE, choices=Seeding.values)
        parser.add_argument("--placement", default=Placement.WEEKLY, choices=Placement.values)
        parser.add_argument("--size", type=int, help="Entrants: the top ones by Prestige.")
        parser.add_argument(
            "--entrants",
            help="Comma-separated slugs of wrestlers (teams for tag and six-man), in seed order "
            "when seeding by hand.",
        )
        parser.add_argument("--title", help="The slug of a vacant title the winner is crowned.")
        parser.add_argument("--system", choices=System.values, help="Default: the federation's.")
        parser.add_argument("--draw-seed", type=int, help="The seed of a drawn field.")
        parser.add_argument(
            "--advance",
            nargs="?",
            const="",
            metavar="TOURNAMENT",
            help="Book the due round on the next show (the tournament just created by default).",
        )
        parser.add_argument("--cancel", metavar="TOURNAMENT", help="Call a tournament off.")
        parser.add_argument("--show", metavar="TOURNAMENT", help="Print a tournament's bracket.")

    def handle(self, *args, slug, **options):
        federation = Federation.objects.filter(slug=slug).first()
        if federation is None:
            raise CommandError(NO_FEDERATION.format(slug=slug))
        created = None
        try:
            # All or nothing: a tournament created here and then refused its round is not kept.
            with transaction.atomic():
                if options["create"] is not None:
                    created = self._create(federation, options)
                    self.stdout.write(
                        self.style.SUCCESS(
                            f"Created {created} ({created.slug}): {created.entrants.count()} "
                            f"entrants, {created.rounds} rounds."
                        )
                    )
                if options["advance"] is not None:
                    tournament = created
                    if options["advance"]:
                        tournament = self._tournament(federation, options["advance"])
                    if tournament is None:
                        raise CommandError(ADVANCE_WHICH)
                    self._advance(tournament)
                if options["cancel"]:
                    tournament_cancel(self._tournament(federation, options["cancel"]))
                    self.stdout.write(f"Cancelled {options['cancel']}.")
        except (ServiceError, BookingError) as exc:
            reasons = getattr(exc, "reasons", None) or [str(exc)]
            raise CommandError("\n".join(reasons)) from None
        if options["show"]:
            self._print(self._tournament(federation, options["show"]))
        elif created is not None:
            self._print(created)
        if not any(options[name] for name in ("create", "cancel", "show")) and (
            options["advance"] is None
        ):
            self._list(federation)

    def _create(self, federation: Federation, options) -> Tournament:
        entrants = None
        if options["entrants"]:
            group = "wrestler" if options["unit"] == TournamentUnit.SINGLES else "team"
            rows = federation.wrestlers if group == "wrestler" else federation.teams
            entrants = []
            for slug in (s.strip() for s in options["entrants"].split(",")):
                found = rows.filter(slug=slug).values_list("pk", flat=True).first()
                if found is None:
                    raise CommandError(
                        NO_ENTRANT.format(federation=federation, what=group, slug=slug)
                    )
                entrants.append(found)
        title = None
        if options["title"]:
            title = federation.titles.filter(slug=options["title"]).first()
            if title is None:
                raise CommandError(NO_TITLE.format(federation=federation, slug=options["title"]))
        return tournament_create(
            federation=federation,
            name=options["create"],
            format=options["format"],
            unit=options["unit"],
            seeding=options["seeding"],
            placement=options["placement"],
            entrants=entrants,
            size=options["size"],
            title=title,
            rule_system=options["system"],
            draw_seed=options["draw_seed"],
        )

    def _advance(self, tournament: Tournament) -> None:
        matches = tournament_advance(tournament)
        for match in matches:
            self.stdout.write(f"Booked on {match.show}: {match.booking_note}")
        for bout in tournament.bouts.exclude(forfeit_reason="").filter(decided_by="forfeit"):
            self.stdout.write(f"Forfeit, {bout.round_name}: {bout.forfeit_reason}")

    @staticmethod
    def _tournament(federation: Federation, slug: str) -> Tournament:
        tournament = federation.tournaments.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(NO_TOURNAMENT.format(federation=federation, slug=slug))
        return tournament

    def _list(self, federation: Federation) -> None:
        tournaments = list(tournaments_for(federation))
        if not tournaments:
            self.stdout.write(NONE_YET.format(federation=federation))
        for tournament in tournaments:
            winner = f", won by {tournament.winner.name}" if tournament.winner else ""
            title = f" for the {tournament.title}" if tournament.title else ""
            self.stdout.write(
                f"{tournament.slug}: {tournament}{title} "
                f"({tournament.get_status_display().lower()}{winner})"
            )

    def _print(self, tournament: Tournament) -> None:
        bracket = tournament_bracket(tournament)
        for round in bracket.rounds:
            self.stdout.write(f"{round.name.capitalize()}:")
            for bout in round.bouts:
                sides = []
                for slot in (bout.a, bout.b):
                    if slot is None:
                        sides.append("bye" if round.number == 1 else "?")
                    else:
                        sides.append(f"({slot.seed}) {slot.name}{' *' if slot.won else ''}")
                how = f" [{bout.decided_by}]" if bout.decided_by else ""
                self.stdout.write(f"  {sides[0]} v {sides[1]}{how}")
        for line in bracket.table:
            self.stdout.write(
                f"  {line.place}. ({line.entrant.seed}) {line.entrant.name}: {line.points} points"
            )
        if bracket.table:
            self.stdout.write(f"Ties broken by {bracket.tie_break}.")
