"""The ARM (RingMaster) rule system as the registry sees it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from rules.arm import cards as _cards
from rules.arm.engine import MATCH_TYPES, PER_SIDE, STIPULATIONS, SYSTEM, Prepared, prepare, run
from rules.arm.options import OPTION_NAMES, OPTION_WORDS, ArmOptions, parse_options
from rules.arm.strategy import DefaultStrategy
from rules.arm.tables import TABLE_NAMES, ArmTables, load_tables
from rules.core.dice import Dice, SeededDice
from rules.core.errors import SpecError
from rules.core.result import MatchResult, OddsReport
from rules.core.spec import MatchSpec
from rules.core.system import exact_mode
from rules.core.text import counted

NO_EXACT = (
    "ARM has no exact solver (the match state is too rich for a Markov chain): Monte Carlo only"
)


class ArmSystem:
    name = SYSTEM
    title = "ARM (RingMaster)"
    option_names = OPTION_NAMES
    option_words = OPTION_WORDS
    match_types = MATCH_TYPES
    chart_names = TABLE_NAMES
    stipulation_names = STIPULATIONS
    #: Ringside has a part (interference and the manager's distraction).
    ringside_roles: tuple[str, ...] = ("ally", "manager")
    feud_rules: bool = False
    #: A round is ten seconds: six to the minute (the chapter).
    rounds_per_minute = 6
    #: What a result's ``length`` counts.
    length_unit = "rounds"

    def time_limit_for_minutes(self, minutes: int) -> int:
        """A match's time limit in rounds, from the booked limit in minutes."""
        return max(1, int(minutes) * self.rounds_per_minute)

    def parse_card(
        self, data: Mapping[str, Any], tables: ArmTables | None = None
    ) -> _cards.ArmSheet:
        return _cards.parse_card(data, tables)

    def card_to_data(self, card: _cards.ArmSheet) -> dict[str, Any]:
        return _cards.card_to_data(card)

    def load_tables(self, overrides: Mapping[str, Any] | None = None) -> ArmTables:
        return load_tables(overrides)

    def parse_options(self, value: str | Iterable[str] | None) -> ArmOptions:
        return parse_options(value)

    def participants_per_side(self, match_type: str) -> int:
        if match_type not in PER_SIDE:
            raise SpecError(
                f"unknown match type {match_type!r} for arm (types: {', '.join(MATCH_TYPES)})"
            )
        return PER_SIDE[match_type]

    def make_spec(
        self,
        cards: Iterable[_cards.ArmSheet],
        match_type: str = "singles",
        *,
        options: str | Iterable[str] | None = None,
        relationship: str | None = None,
        **kwargs: Any,
    ) -> MatchSpec:
        """A spec from sheets side by side; ``relationship`` applies to both tag teams."""
        cards = list(cards)
        per_side = self.participants_per_side(match_type)
        if len(cards) != 2 * per_side:
            raise SpecError(
                f"a {match_type} match takes {2 * per_side} sheets (side by side), got {len(cards)}"
            )
        spec = MatchSpec.from_cards(
            match_type, cards, per_side=per_side, options=self.parse_options(options), **kwargs
        )
        if relationship is not None:
            spec = replace(
                spec, sides=tuple(replace(s, relationship=relationship) for s in spec.sides)
            )
        return spec

    def prepare(self, spec: MatchSpec, tables: ArmTables | None = None) -> Prepared:
        return prepare(spec, tables)

    def simulate(
        self,
        spec: MatchSpec,
        *,
        dice: Dice,
        tables: ArmTables | None = None,
        strategy: Any = None,
        record: bool = True,
    ) -> MatchResult:
        prep = prepare(spec, tables)
        return run(
            prep,
            dice,
            strategy or DefaultStrategy(),
            record=record,
            seed=getattr(dice, "seed", None),
        )

    def inapplicable_options(self, spec: MatchSpec) -> dict[str, str]:
        """The options of ``spec`` that cannot come into play in it, with the reason."""
        options = spec.options if isinstance(spec.options, ArmOptions) else ArmOptions()
        found: dict[str, str] = {}
        caged = options.cage is not None or spec.match_type == "steel_cage"
        for name in ("internal_cage", "escape"):
            if getattr(options, name) and not caged:
                found[name] = "it is for cage matches (add cage, or book a steel_cage match)"
        if options.over_top_dq and options.no_dq:
            found["over_top_dq"] = "no_dq is on: nobody is disqualified"
        if options.warnings is not None and options.no_dq:
            found["warnings"] = "no_dq is on: the referee's warnings lead nowhere"
        if options.time_limit is not None and spec.time_limit is not None:
            # As Superstar says of it: the match's own limit (``--time-limit``) is the one played.
            found["time_limit"] = (
                f"the match's own time limit ({counted(spec.time_limit, 'rounds')}) stands"
            )
        return found

    def odds(
        self,
        spec: MatchSpec,
        *,
        runs: int,
        seed: int,
        tables: ArmTables | None = None,
        strategy: Any = None,
        exact: Any = "auto",
        max_states: int | None = None,
        time_budget: float | None = None,
    ) -> OddsReport:
        """Monte Carlo over ``runs`` matches on the fast path. ARM has no exact solver: the
        report's ``exact`` is None and ``exact_note`` says so (``max_states`` and
        ``time_budget`` are accepted for the common signature and change nothing; ``exact`` is
        checked and reported as asked)."""
        mode = exact_mode(exact)  # (none is solved, but the report says what was asked)
        prep = prepare(spec, tables)
        strategy = strategy or DefaultStrategy()
        dice = SeededDice(seed, record=False)
        wins = [0, 0]
        draws = 0
        methods: dict[str, int] = {}
        for _ in range(runs):
            result = run(prep, dice, strategy, record=False)
            if result.winner is None:
                draws += 1
            else:
                wins[result.winner] += 1
            key = result.method.value
            methods[key] = methods.get(key, 0) + 1
        return OddsReport(
            system=SYSTEM,
            runs=runs,
            seed=seed,
            wins=tuple(wins),
            draws=draws,
            methods=dict(sorted(methods.items())),
            exact=None,
            exact_note=NO_EXACT,
            exact_mode=mode,
        )


system = ArmSystem()
