"""Estimate a match's odds by Monte Carlo, with the exact figures where the chain is solved."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from rules.management.cardfiles import add_common_arguments, build, choose_seed, describe, guard


class Command(BaseCommand):
    help = (
        "Odds of a match: odds --system SYSTEM CARD... [--match TYPE] [--runs N] [--seed N] "
        "[--rules OPTION,...] [--json]"
    )

    def add_arguments(self, parser) -> None:
        add_common_arguments(parser)
        parser.add_argument("--runs", type=int, default=10000, help="matches to play (10000)")

    def handle(self, *args, **options) -> None:
        if options["runs"] < 1:
            raise CommandError("--runs must be at least 1")
        system, spec = build(options)
        seed = choose_seed(options["seed"])
        report = guard(system.odds, spec, runs=options["runs"], seed=seed)
        if options["json"]:
            self.stdout.write(json.dumps(report.to_json(), indent=2))
            return
        runs = report.runs
        exact = report.exact
        names = [" & ".join(p.name for p in side.participants) for side in spec.sides]
        width = max(len(n) for n in [*names, "double disqualification"]) + 2
        self.stdout.write(describe(system, spec))
        self.stdout.write(f"{runs} runs, seed {seed} (replay with --seed {seed})")
        self.stdout.write("")
        self.stdout.write(f"{'':<{width}}{'Monte Carlo':>18}{'exact':>10}")

        def row(label: str, count: int, p_exact: float | None) -> None:
            p = count / runs
            se = (p * (1 - p) / runs) ** 0.5
            mc = f"{100 * p:5.1f}% ± {100 * se:.1f}%"
            ex = "" if p_exact is None else f"{100 * p_exact:5.1f}%"
            self.stdout.write(f"{label:<{width}}{mc:>18}{ex:>10}")

        for side, name in enumerate(names):
            row(name, report.wins[side], exact.wins[side] if exact else None)
        row("draw", report.draws, exact.draw if exact else None)
        self.stdout.write("")
        self.stdout.write("by method")
        methods = sorted(set(report.methods) | set(exact.methods if exact else ()))
        for method in methods:
            p_exact = exact.methods.get(method, 0.0) if exact else None
            if report.methods.get(method, 0) == 0 and (p_exact or 0) < 5e-4:
                continue
            row(method.replace("_", " "), report.methods.get(method, 0), p_exact)
        self.stdout.write("")
        if exact:
            self.stdout.write(f"exact: solved as a Markov chain of {exact.states} states")
        else:
            self.stdout.write(report.exact_note or "exact: not computed")
