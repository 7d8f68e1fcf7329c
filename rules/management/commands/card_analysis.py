"""The exact figures that follow from a wrestler's card alone, per roll."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import CommandError

from rules.core.errors import UnknownSystem
from rules.core.safeyaml import YamlError, load_file
from rules.management.cardfiles import (
    Roster,
    RulesCommand,
    add_federation_argument,
    load_cards,
)
from rules.registry import get_system, systems

NO_FIGURES = "card_analysis covers {covered} cards; {system} has no per-roll figures"


class Command(RulesCommand):
    help = "Exact per-roll figures of a card: card_analysis CARD [--system SYSTEM] [--json]"

    def add_arguments(self, parser) -> None:
        parser.add_argument("card", metavar="CARD", help="a card file, or a wrestler's slug")
        parser.add_argument(
            "--system",
            default=None,
            help="rule system (default: the file's system:, or superstar for a slug)",
        )
        parser.add_argument("--json", action="store_true", help="print JSON")
        add_federation_argument(parser)

    def handle(self, *args, **options) -> None:
        name = options["system"] or _file_system(options["card"]) or "superstar"
        try:
            system = get_system(name)
        except UnknownSystem as err:
            raise CommandError(str(err)) from err
        if not system.has_card_figures:
            covered = ", ".join(sorted(n for n, s in systems.items() if s.has_card_figures))
            raise CommandError(NO_FIGURES.format(covered=covered, system=system.name))
        loaded = load_cards([options["card"]], system, roster=Roster(options["federation"]))
        if len(loaded) != 1:
            raise CommandError(f"{options['card']}: holds {len(loaded)} cards; give one")
        card = loaded[0].card
        rows = system.card_figures(card)
        if options["json"]:
            data = {
                "system": system.name,
                "name": card.name,
                "figures": [row.to_json() for row in rows],
            }
            self.stdout.write(json.dumps(data, indent=2))
            return
        self.stdout.write(f"{system.title}: {card.name}, the card's own figures (exact)")
        self.stdout.write("")
        width = max(len(row.label) for row in rows) + 2
        for row in rows:
            if row.kind == "points":
                value = f"{float(row.value):6.2f} pts"
            else:
                value = f"{100 * float(row.value):6.2f} %"
            self.stdout.write(f"  {row.label:<{width}}{value}   ({row.value})")


def _file_system(arg: str) -> str | None:
    """The ``system:`` a card file names (its first card's, for a list), if it is a file."""
    path = Path(arg)
    if not path.is_file():
        return None
    try:
        data = load_file(path)
    except YamlError as err:
        raise CommandError(str(err)) from err
    if isinstance(data, dict) and isinstance(data.get("cards"), list) and data["cards"]:
        data = data["cards"][0]
    if isinstance(data, dict) and isinstance(data.get("system"), str):
        return data["system"]
    return None
