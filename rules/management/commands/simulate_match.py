"""Play one match and print its play-by-play (or --json)."""

from __future__ import annotations

import json

from django.template.defaultfilters import pluralize

from rules.core.dice import SeededDice
from rules.management.cardfiles import (
    RulesCommand,
    add_common_arguments,
    build,
    choose_seed,
    command_help,
    describe,
    guard,
)


class Command(RulesCommand):
    help = command_help(
        "Simulate one match: simulate_match [--system SYSTEM] CARD... [--match TYPE] [--seed N] "
        "[--rules OPTION,...] [--ally SIDE=CARD] [--manager SIDE=NAME[:RATING]] [--json]."
    )

    def add_arguments(self, parser) -> None:
        add_common_arguments(parser)

    def handle(self, *args, **options) -> None:
        built = build(options)
        system, spec = built.system, built.spec
        for note in built.notes:
            self.stderr.write(note)
        seed = choose_seed(options["seed"])
        result = guard(system.simulate, spec, dice=SeededDice(seed), record=True)
        if options["json"]:
            self.stdout.write(json.dumps(result.to_json(), indent=2))
            return
        self.stdout.write(describe(system, spec))
        self.stdout.write(f"seed {seed} (replay with --seed {seed})")
        self.stdout.write("")
        for event in result.events:
            dice = f"[{' '.join(str(d) for d in event.dice)}] " if event.dice else ""
            self.stdout.write(f"  {dice}{event.text}")
        self.stdout.write("")
        if result.winner is None:
            outcome = f"Draw ({result.method.value.replace('_', ' ')})"
        else:
            side = spec.sides[result.winner]
            names = " & ".join(p.name for p in side.participants)
            outcome = f"Winner: {names} by {result.method.value.replace('_', ' ')}"
        unit = system.length_unit
        if result.length == 1:
            unit = unit.removesuffix("s")
        self.stdout.write(self.style.SUCCESS(f"{outcome}, {result.length} {unit}."))
        effects = result.effects
        # An injury names its wrestler by key (a slug); the report by his name.
        names_by_key = {p.key: p.name for p in spec.participants}
        for injury in effects.injuries:
            # ARM counts no fight cards: its description gives the points and the body part.
            cards = injury.fight_cards
            how = "" if cards is None else f" for {cards} fight card{pluralize(cards)}"
            name = names_by_key.get(injury.key, injury.key)
            self.stdout.write(f"Injury: {name}{how}: {injury.description}")
