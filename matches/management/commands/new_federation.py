"""``new_federation NAME --owner USERNAME [--slug SLUG] [--venue ARENA] [--system SYSTEM]
[--roster N] [--titles world,midcard,tag] [--champions tournament|hand] [--weekday DAY]
[--time HH:MM] [--time-zone ZONE] [--seed N]``: a federation in a minute from the shell.

The same service as the wizard's page and ``POST /api/v1/federations/found/``
(``matches.founding.federation_found``): a generated roster with a card for every system, the
titles and their first champions, the first show booked. A refusal lists every reason, by its
option, and nothing is written.
"""

from __future__ import annotations

import datetime as dt

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from matches.founding import CHAMPIONS_CHOICES, TITLE_CHOICES, federation_found
from promotion.models import Weekday
from promotion.services import ServiceError
from rules.models import System

NO_USER = "--owner: no user {username!r}."
BAD_TIME = "--time: {value!r} is not a time like 20:00."
BAD_WEEKDAY = "--weekday: {value!r} is not a day of the week (Monday to Sunday)."
#: The options by the service's field names, for its refusals.
OPTIONS = {
    "name": "NAME",
    "slug": "--slug",
    "default_venue": "--venue",
    "rule_system": "--system",
    "roster_size": "--roster",
    "titles": "--titles",
    "champions": "--champions",
    "show_weekday": "--weekday",
    "show_time": "--time",
    "time_zone": "--time-zone",
    "seed": "--seed",
}


def _weekday(value: str) -> int:
    words = {label.lower(): number for number, label in Weekday.choices}
    key = value.strip().lower()
    for word, number in words.items():
        if key in (word, word[:3]) or key == str(number):
            return number
    raise CommandError(BAD_WEEKDAY.format(value=value))


class Command(BaseCommand):
    help = "Found a federation with a generated roster, its titles and its first show booked."

    def add_arguments(self, parser):
        parser.add_argument("name", help="The federation's name.")
        parser.add_argument("--owner", required=True, help="The owner's username.")
        parser.add_argument("--slug", default="", help="Its address (default: from the name).")
        parser.add_argument("--venue", default="", help="The home arena.")
        parser.add_argument("--system", default="filsinger", choices=System.values)
        parser.add_argument("--roster", type=int, default=16, help="Wrestlers to sign (16).")
        parser.add_argument(
            "--titles",
            default="world,midcard",
            help=f"Comma-separated, of: {', '.join(TITLE_CHOICES)} (default world,midcard).",
        )
        parser.add_argument("--champions", default="tournament", choices=CHAMPIONS_CHOICES)
        parser.add_argument("--weekday", help="The weekly show's day (Monday to Sunday).")
        parser.add_argument("--time", help="The weekly show's time, like 20:00.")
        parser.add_argument("--time-zone", help="An IANA zone, like America/Chicago.")
        parser.add_argument("--seed", type=int, help="The roster's seed (drawn when not given).")

    def handle(self, *args, name, **options):
        owner = get_user_model().objects.filter(username=options["owner"]).first()
        if owner is None:
            raise CommandError(NO_USER.format(username=options["owner"]))
        show_time = None
        if options["time"]:
            try:
                show_time = dt.time.fromisoformat(options["time"])
            except ValueError:
                raise CommandError(BAD_TIME.format(value=options["time"])) from None
        titles = [t.strip() for t in options["titles"].split(",") if t.strip()]
        try:
            report = federation_found(
                owner=owner,
                name=name,
                slug=options["slug"],
                default_venue=options["venue"],
                rule_system=options["system"],
                roster_size=options["roster"],
                titles=titles,
                champions=options["champions"],
                show_weekday=_weekday(options["weekday"]) if options["weekday"] else None,
                show_time=show_time,
                time_zone=options["time_zone"],
                seed=options["seed"],
            )
        except ServiceError as exc:
            lines = [
                f"{OPTIONS.get(field, field)}: {message}" if field else message
                for field, message in exc.by_field
            ] or [str(exc)]
            raise CommandError("\n".join(lines)) from None
        federation = report.federation
        write = self.stdout.write
        write(
            f"{federation.name} ({federation.slug}): {len(report.wrestlers)} wrestlers signed, "
            f"seed {report.seed}."
        )
        for title in report.titles:
            reign = title.reigns.filter(ended_on__isnull=True).first()
            how = f"champion {reign.holder}" if reign else "crowned by a one-night tournament"
            write(f"  {title.name}: {how}")
        for tournament in report.tournaments:
            event = tournament.event
            write(
                f"  {tournament.name}: {event.name if event else 'its night'}, "
                f"{tournament.entrants.count()} entrants"
            )
        if report.show is not None:
            write(f"First show: {report.show.name}, {report.show.matches.count()} matches booked.")
