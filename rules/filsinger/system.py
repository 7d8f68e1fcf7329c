"""The Filsinger rule system as the registry sees it."""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from rules.core.dice import Dice, SeededDice
from rules.core.errors import OptionError, SpecError
from rules.core.result import ExactOdds, MatchResult, OddsReport
from rules.core.spec import MatchSpec
from rules.core.system import exact_mode
from rules.filsinger import cards as _cards
from rules.filsinger import exact as _exact
from rules.filsinger.engine import (
    DEFAULT_TIME_LIMIT,
    MATCH_TYPES,
    PER_SIDE,
    STIPULATIONS,
    SYSTEM,
    Prepared,
    prepare,
    run,
)
from rules.filsinger.options import OPTION_NAMES, OPTION_WORDS, inapplicable, parse_options
from rules.filsinger.strategy import DefaultStrategy
from rules.filsinger.tables import CHART_NAMES, FilsingerTables, load_tables


class FilsingerSystem:
    name = SYSTEM
    title = "Filsinger card game"
    option_names = OPTION_NAMES
    option_words = OPTION_WORDS
    match_types = MATCH_TYPES
    chart_names = CHART_NAMES
    stipulation_names = STIPULATIONS
    #: Ringside has a part (rules 9 and 14).
    ringside_roles: tuple[str, ...] = ("ally", "manager")
    feud_rules: bool = True  # the Feud Table (optional rule 8)
    default_time_limit = DEFAULT_TIME_LIMIT
    #: What a result's ``length`` counts.
    length_unit = "turns"
    #: A turn (one offensive roll and what follows) stands for about 15 seconds of a match.
    turns_per_minute = 4

    def time_limit_for_minutes(self, minutes: int) -> int:
        """A match's time limit in turns, from the booked limit in minutes."""
        return max(1, int(minutes) * self.turns_per_minute)

    def parse_card(
        self, data: Mapping[str, Any], *, tables: FilsingerTables | Mapping | None = None
    ) -> _cards.FilsingerCard:
        """A card; with ``tables`` (loaded, or a federation's overrides) also checked against
        every chart it can consult under any option (its Choice Situations letters)."""
        return _cards.parse_card(data, tables=tables)

    def card_to_data(self, card: _cards.FilsingerCard) -> dict[str, Any]:
        return _cards.card_to_data(card)

    def load_tables(self, overrides: Mapping[str, Any] | None = None) -> FilsingerTables:
        return load_tables(overrides)

    def parse_options(self, value: str | Iterable[str] | None) -> frozenset[str]:
        return parse_options(value)

    def participants_per_side(self, match_type: str) -> int:
        if match_type not in PER_SIDE:
            raise SpecError(
                f"unknown match type {match_type!r} for filsinger (types: {', '.join(MATCH_TYPES)})"
            )
        return PER_SIDE[match_type]

    def make_spec(
        self,
        cards: Iterable[_cards.FilsingerCard],
        match_type: str = "singles",
        *,
        options: str | Iterable[str] | None = None,
        relationship: str | None = None,
        **kwargs: Any,
    ) -> MatchSpec:
        """A spec from cards side by side; ``relationship`` applies to both tag teams."""
        cards = list(cards)
        per_side = self.participants_per_side(match_type)
        if len(cards) != 2 * per_side:
            raise SpecError(
                f"a {match_type} match takes {2 * per_side} cards (side by side), got {len(cards)}"
            )
        spec = MatchSpec.from_cards(
            match_type, cards, per_side=per_side, options=self.parse_options(options), **kwargs
        )
        if relationship is not None:
            spec = replace(
                spec, sides=tuple(replace(s, relationship=relationship) for s in spec.sides)
            )
        return spec

    def prepare(self, spec: MatchSpec, tables: FilsingerTables | None = None) -> Prepared:
        return prepare(spec, tables)

    def simulate(
        self,
        spec: MatchSpec,
        *,
        dice: Dice,
        tables: FilsingerTables | None = None,
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
        return inapplicable(spec)

    def exact(
        self,
        spec: MatchSpec,
        *,
        tables: FilsingerTables | None = None,
        strategy: Any = None,
        max_states: int = _exact.MAX_STATES,
        time_budget: float | None = None,
    ) -> ExactOdds:
        """Solve the chain; raises ``exact.NotFinite`` when it cannot (within ``max_states``
        states and ``time_budget`` seconds)."""
        return _exact.solve(
            prepare(spec, tables), strategy or DefaultStrategy(), max_states, time_budget
        )

    def odds(
        self,
        spec: MatchSpec,
        *,
        runs: int,
        seed: int,
        tables: FilsingerTables | None = None,
        strategy: Any = None,
        exact: str | bool = "auto",
        max_states: int | None = None,
        time_budget: float | None = None,
    ) -> OddsReport:
        """Monte Carlo over ``runs`` matches, and the exact odds as ``exact`` says (see
        ``rules.core.system.RuleSystem.odds``): "auto" within ``max_states`` states (default
        ``exact.AUTO_MAX_STATES``) and ``time_budget`` seconds (default ``exact.AUTO_SECONDS``),
        "always" within those if given, else ``exact.MAX_STATES`` and no time limit, "never"."""
        mode = exact_mode(exact)
        if max_states is not None and max_states < 1:
            raise OptionError(f"the exact odds' state budget must be at least 1, got {max_states}")
        if time_budget is not None and not time_budget > 0:
            raise OptionError(f"the exact odds' time budget must be positive, got {time_budget}")
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
        solved: ExactOdds | None = None
        budget: dict[str, Any] | None = None
        seconds: float | None = None
        if mode == "never":
            note = "exact odds not computed (asked for Monte Carlo alone)"
        else:
            auto = mode == "auto"
            states = max_states or (_exact.AUTO_MAX_STATES if auto else _exact.MAX_STATES)
            states = min(states, _exact.MAX_STATES)
            limit = (
                time_budget if time_budget is not None else (_exact.AUTO_SECONDS if auto else None)
            )
            budget = {"states": states, "seconds": limit}
            started = time.monotonic()
            try:
                solved = _exact.solve(prep, strategy, states, limit)
                note = ""
            except _exact.NotCovered as err:  # no budget would help: none is reported
                note = f"no exact odds: {err}" + ("; Monte Carlo alone" if auto else "")
                budget = None
            except _exact.NotFinite as err:
                note = f"no exact odds: {err}" + ("; Monte Carlo alone" if auto else "")
            # (How long the solver took, where it was tried: none for a match it does not take.)
            seconds = None if budget is None else time.monotonic() - started
        return OddsReport(
            system=SYSTEM,
            runs=runs,
            seed=seed,
            wins=tuple(wins),
            draws=draws,
            methods=dict(sorted(methods.items())),
            exact=solved,
            exact_note=note,
            exact_mode=mode,
            exact_budget=budget,
            exact_seconds=seconds,
        )


system = FilsingerSystem()
