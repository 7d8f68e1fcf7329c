"""Estimate a match's odds by Monte Carlo, with the exact figures where the chain is solved."""

from __future__ import annotations

import json

from django.core.management.base import CommandError

from matches.selectors import Pairing, odds
from rules.core.result import EXACT_MODES
from rules.management.cardfiles import (
    MAX_RUNS,
    RulesCommand,
    add_common_arguments,
    build,
    choose_seed,
    command_help,
    describe,
    guard,
    stipulations_given,
)


class Command(RulesCommand):
    help = command_help(
        "Odds of a match: odds [--system SYSTEM] CARD... [--match TYPE] [--runs N] [--seed N] "
        "[--rules OPTION,...] [--exact auto|always|never] [--exact-states N] "
        "[--exact-seconds S] [--json]."
    )

    def add_arguments(self, parser) -> None:
        add_common_arguments(parser)
        parser.add_argument("--runs", type=int, default=10000, help="matches to play (10000)")
        parser.add_argument(
            "--exact",
            type=str.lower,
            choices=EXACT_MODES,
            default="auto",
            help="exact odds: auto (default) solves the match's chain when it fits the budget "
            "and otherwise gives Monte Carlo alone with a note; always solves it whatever it "
            "takes (within the system's hard limit); never skips it",
        )
        parser.add_argument(
            "--exact-states",
            type=int,
            default=None,
            metavar="N",
            help="the most states solved exactly (filsinger: 1000000 with auto; about 300 "
            "bytes a state)",
        )
        parser.add_argument(
            "--exact-seconds",
            type=float,
            default=None,
            metavar="S",
            help="the most seconds spent solving (filsinger: 10 with auto, no limit with always)",
        )

    def handle(self, *args, **options) -> None:
        if not 1 <= options["runs"] <= MAX_RUNS:
            raise CommandError(f"--runs must be 1 to {MAX_RUNS}")
        if options["exact_states"] is not None and options["exact_states"] < 1:
            raise CommandError("--exact-states must be at least 1")
        seconds = options["exact_seconds"]
        if seconds is not None and not 0 < seconds < float("inf"):
            raise CommandError("--exact-seconds must be a positive number of seconds")
        built = build(options)
        system, spec = built.system, built.spec
        for note in built.notes:
            self.stderr.write(note)
        seed = choose_seed(options["seed"])
        rules = rules_given(system, spec)
        played = Pairing(system=system.name, engine=system, spec=spec, tables=None, options=rules)
        report = guard(
            odds,
            played=played,
            runs=options["runs"],
            seed=seed,
            exact=options["exact"],
            max_states=options["exact_states"],
            time_budget=seconds,
        )
        if options["exact"] == "always" and report.exact is None:
            raise CommandError(f"--exact always: {report.exact_note or 'no exact odds'}")
        if options["json"]:
            # Added to the contract's fields: the rules played by name ([]: the basic game), and
            # whose standing ("none": each card as written, never a roster's).
            out = {**report.to_json(), "rules": rules, "standing": "none"}
            self.stdout.write(json.dumps(out, indent=2))
            return
        runs = report.runs
        exact = report.exact
        names = [" & ".join(p.name for p in side.participants) for side in spec.sides]
        width = max(len(n) for n in [*names, "double disqualification"]) + 2
        self.stdout.write(describe(system, spec))
        self.stdout.write(STANDING_LINE)
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
        self.stdout.write(exact_line(report))


#: The line under the header that says whose standing the odds play: the command reads the cards
#: alone (a federation's pages and API play its roster's standing and its optional rules).
STANDING_LINE = (
    "standing: none (each card as written; a federation's pages and API play its roster's "
    "standing and its optional rules)"
)


def rules_given(system, spec) -> list[str]:
    """The rules the match is played under, by name as given (values included), in the
    system's order, then its stipulations: the header's ``rules:``; none for the basic game."""
    order = {name: i for i, name in enumerate(system.option_names)}
    given = sorted(spec.options, key=lambda o: order.get(o.split("=", 1)[0], len(order)))
    return given + stipulations_given(system, spec)


def exact_line(report) -> str:
    """How the exact column came to be (or not): the mode asked for, the budget, the outcome."""
    budget = report.exact_budget
    if budget is None:
        used = f"--exact {report.exact_mode}"
    else:
        seconds = "no time limit" if budget["seconds"] is None else f"{budget['seconds']:g} s"
        used = f"--exact {report.exact_mode}: at most {budget['states']} states, {seconds}"
    if report.exact is not None:
        took = f" in {report.exact_seconds:.1f} s" if report.exact_seconds is not None else ""
        return f"exact: solved as a Markov chain of {report.exact.states} states{took} ({used})"
    note = report.exact_note or "exact odds not computed"
    hint = (
        "; --exact-states and --exact-seconds raise the budget, --exact always lifts it"
        if report.exact_mode == "auto" and budget is not None
        else ""
    )
    return f"{note} ({used}){hint}"
