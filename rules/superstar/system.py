"""The Superstar Pro Wrestling rule system as the registry sees it."""

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
from rules.superstar import cards as _cards
from rules.superstar import exact as _exact
from rules.superstar.analysis import Figure, card_figures
from rules.superstar.engine import (
    DEFAULT_TIME_LIMIT,
    MATCH_TYPES,
    PER_SIDE,
    STIPULATIONS,
    SYSTEM,
    Prepared,
    prepare,
    run,
)
from rules.superstar.options import (
    OPTION_NAMES,
    OPTION_WORDS,
    SuperstarOptions,
    inapplicable,
    parse_options,
)
from rules.superstar.strategy import DefaultStrategy
from rules.superstar.tables import CHART_NAMES, SuperstarTables, load_tables


class SuperstarSystem:
    name = SYSTEM
    title = "Superstar Pro Wrestling"
    option_names = OPTION_NAMES
    option_words = OPTION_WORDS
    match_types = MATCH_TYPES
    chart_names = CHART_NAMES
    stipulation_names = STIPULATIONS
    #: Nobody at ringside has a part in the Superstar rules: an ally or a manager is left out.
    ringside_roles: tuple[str, ...] = ()
    feud_rules: bool = False
    default_time_limit = DEFAULT_TIME_LIMIT
    #: Match types whose sides are not two: (fewest sides, most sides or None).
    side_counts = {"battle_royal": (2, None)}
    #: A match's length counts rounds (one minute of ring time each).
    length_unit = "rounds"

    def time_limit_for_minutes(self, minutes: int) -> int:
        """A round is one minute of ring time."""
        return max(1, int(minutes))

    def parse_card(
        self, data: Mapping[str, Any], *, tables: SuperstarTables | None = None
    ) -> _cards.SuperstarCard:
        """A card; ``tables`` has nothing to check (no Superstar card refers to a chart)."""
        return _cards.parse_card(data, tables)

    def card_to_data(self, card: _cards.SuperstarCard) -> dict[str, Any]:
        return _cards.card_to_data(card)

    def card_figures(self, card: _cards.SuperstarCard) -> list[Figure]:
        """The exact per-roll figures that follow from the card alone (``card_analysis``)."""
        return card_figures(card)

    def load_tables(self, overrides: Mapping[str, Any] | None = None) -> SuperstarTables:
        return load_tables(overrides)

    def parse_options(self, value: str | Iterable[str] | None) -> SuperstarOptions:
        return parse_options(value)

    def participants_per_side(self, match_type: str) -> int:
        if match_type not in PER_SIDE:
            raise SpecError(
                f"unknown match type {match_type!r} for superstar (types: {', '.join(MATCH_TYPES)})"
            )
        return PER_SIDE[match_type]

    def sides_allowed(self, match_type: str) -> tuple[int, int | None]:
        """How many sides a match type takes: (fewest, most; None for any number)."""
        self.participants_per_side(match_type)
        return self.side_counts.get(match_type, (2, 2))

    def make_spec(
        self,
        cards: Iterable[_cards.SuperstarCard],
        match_type: str = "singles",
        *,
        options: str | Iterable[str] | None = None,
        relationship: str | None = None,
        **kwargs: Any,
    ) -> MatchSpec:
        """A spec from cards side by side (a battle royal: one a side, any number)."""
        cards = list(cards)
        per_side = self.participants_per_side(match_type)
        low, high = self.sides_allowed(match_type)
        sides = len(cards) // per_side if len(cards) % per_side == 0 else -1
        if sides < low or (high is not None and sides > high):
            need = (
                f"{low * per_side} or more cards"
                if high is None
                else f"{2 * per_side} cards (side by side)"
            )
            raise SpecError(f"a {match_type} match takes {need}, got {len(cards)}")
        spec = MatchSpec.from_cards(
            match_type, cards, per_side=per_side, options=self.parse_options(options), **kwargs
        )
        if relationship is not None:
            spec = replace(
                spec, sides=tuple(replace(s, relationship=relationship) for s in spec.sides)
            )
        return spec

    def prepare(self, spec: MatchSpec, tables: SuperstarTables | None = None) -> Prepared:
        return prepare(spec, tables)

    def simulate(
        self,
        spec: MatchSpec,
        *,
        dice: Dice,
        tables: SuperstarTables | None = None,
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

    def exact(
        self,
        spec: MatchSpec,
        *,
        tables: SuperstarTables | None = None,
        strategy: Any = None,
        max_states: int | None = None,
        time_budget: float | None = None,
    ) -> ExactOdds:
        """Solve the match's chain; raises ``exact.NotFinite`` saying why it cannot."""
        return _exact.solve(
            prepare(spec, tables),
            strategy or DefaultStrategy(),
            max_states=max_states,
            time_budget=time_budget,
        )

    def inapplicable_options(self, spec: MatchSpec) -> dict[str, str]:
        """The options of ``spec`` that cannot come into play in it, with the reason."""
        return inapplicable(spec)

    def odds(
        self,
        spec: MatchSpec,
        *,
        runs: int,
        seed: int,
        tables: SuperstarTables | None = None,
        strategy: Any = None,
        exact: str | bool = "auto",
        max_states: int | None = None,
        time_budget: float | None = None,
    ) -> OddsReport:
        """Monte Carlo over ``runs`` matches, and the exact odds as ``exact`` says (see
        ``rules.core.system.RuleSystem.odds``): "auto" within ``max_states`` grid cells a round
        (default ``exact.AUTO_MAX_STATES``) and ``time_budget`` seconds (default
        ``exact.AUTO_SECONDS``), "always" within those if given (else ``exact.MAX_STATES`` and
        no time limit), "never". Exact odds cover the standard singles match; for the others
        ``exact_note`` says why there are none."""
        mode = exact_mode(exact)
        if max_states is not None and max_states < 1:
            raise OptionError(f"the exact odds' state budget must be at least 1, got {max_states}")
        if time_budget is not None and not time_budget > 0:
            raise OptionError(f"the exact odds' time budget must be positive, got {time_budget}")
        prep = prepare(spec, tables)
        strategy = strategy or DefaultStrategy()
        dice = SeededDice(seed, record=False)
        wins = [0] * len(prep.teams)
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
                solved = _exact.solve(prep, strategy, max_states=states, time_budget=limit)
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


system = SuperstarSystem()
