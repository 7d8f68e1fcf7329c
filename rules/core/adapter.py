"""``SystemBase``: what every rule system's adapter does the same way (specs, preparation,
simulation, Monte Carlo and exact odds), from its engine's parts.

``rules/core`` sits below the engines and knows none of them: an engine's adapter
(``rules/<system>/system.py``) hands its own modules (its engine, cards, tables, options,
strategy and exact solver if it has one) to ``SystemBase`` and adds its words. The protocol
the registry promises is ``rules.core.system.RuleSystem``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any, ClassVar

from rules.core.dice import Dice, SeededDice
from rules.core.errors import OptionError, RulesError, SpecError
from rules.core.result import ExactOdds, MatchResult, OddsReport
from rules.core.spec import MatchSpec
from rules.core.system import exact_mode
from rules.core.tournament import roll_off_odds, settled_odds


class NoExactOdds(RulesError, LookupError):
    """A system without an exact solver was asked to solve a match's chain (``exact``)."""


#: ``odds``'s note where ``exact`` was "never".
MONTE_CARLO_ALONE = "exact odds not computed (asked for Monte Carlo alone)"


class SystemBase:
    """What every system's adapter does the same way, from the parts its engine keeps where
    every engine keeps them (``rules/<system>/``):

    - ``engine``: ``SYSTEM``, ``MATCH_TYPES``, ``PER_SIDE``, ``STIPULATIONS``, ``prepare``,
      ``run``;
    - ``cards``: ``parse_card``, ``card_to_data``; ``tables``: ``load_tables``;
    - ``options``: ``OPTION_NAMES``, ``OPTION_WORDS``, ``parse_options`` and, unless the
      adapter says it itself, ``inapplicable``;
    - ``strategy``: the default strategy's class;
    - ``exact``: its exact solver's module (``solve``, ``NotFinite``, ``NotCovered``,
      ``MAX_STATES``, ``AUTO_MAX_STATES``, ``AUTO_SECONDS``), or None with ``no_exact_note``
      saying why there is none.

    A subclass adds its words (``title``, ``chart_names``, ``ringside_roles``, ``feud_rules``,
    ``length_unit``, ``per_minute``) and whatever is its own.
    """

    #: Match types whose sides are not two: (fewest, most or None).
    side_counts: ClassVar[Mapping[str, tuple[int, int | None]]] = {}
    #: What a spec's count of cards calls them.
    card_noun: ClassVar[str] = "cards"
    #: Why there are no exact odds, for a system without a solver.
    no_exact_note: ClassVar[str] = ""
    #: Units of a match's length (``length_unit``) to the minute.
    per_minute: ClassVar[int] = 1
    #: Whether ``card_figures`` has the exact per-roll figures of a card alone (Superstar).
    has_card_figures: ClassVar[bool] = False

    def __init__(
        self, engine: Any, cards: Any, tables: Any, options: Any, strategy: Any, exact: Any = None
    ) -> None:
        self.name: str = engine.SYSTEM
        self.match_types: tuple[str, ...] = engine.MATCH_TYPES
        self.per_side: Mapping[str, int] = engine.PER_SIDE
        self.stipulation_names: tuple[str, ...] = engine.STIPULATIONS
        self.option_names: tuple[str, ...] = options.OPTION_NAMES
        self.option_words: tuple[tuple[str, str], ...] = options.OPTION_WORDS
        self._cards, self._tables, self._options = cards, tables, options
        self._prepare: Callable[[MatchSpec, Any], Any] = engine.prepare
        self._run: Callable[..., MatchResult] = engine.run
        self._strategy = strategy
        self._engine = engine
        self.exact_solver = exact

    @property
    def has_exact_solver(self) -> bool:
        return self.exact_solver is not None

    def time_limit_for_minutes(self, minutes: int) -> int:
        """A booked time limit in minutes, in the system's unit of match length."""
        return max(1, int(minutes) * self.per_minute)

    # -- cards, tables, options ------------------------------------------------------------

    def parse_card(self, data: Mapping[str, Any], tables: Any = None) -> Any:
        """A card; with ``tables`` also checked against every chart it can consult."""
        return self._cards.parse_card(data, tables=tables)

    def card_to_data(self, card: Any) -> dict[str, Any]:
        return self._cards.card_to_data(card)

    def load_tables(self, overrides: Mapping[str, Any] | None = None) -> Any:
        return self._tables.load_tables(overrides)

    def parse_options(self, value: str | Iterable[str] | None) -> Any:
        return self._options.parse_options(value)

    def inapplicable_options(self, spec: MatchSpec) -> Mapping[str, str]:
        """The options of ``spec`` that cannot come into play in it, with the reason."""
        return self._options.inapplicable(spec)

    def card_figures(self, card: Any) -> list[Any]:
        """The exact per-roll figures that follow from the card alone (``card_analysis``);
        none where the system has no such analysis (``has_card_figures``)."""
        return []

    # -- specs -----------------------------------------------------------------------------

    def participants_per_side(self, match_type: str) -> int:
        if match_type not in self.per_side:
            raise SpecError(
                f"unknown match type {match_type!r} for {self.name} "
                f"(types: {', '.join(self.match_types)})"
            )
        return self.per_side[match_type]

    def sides_allowed(self, match_type: str) -> tuple[int, int | None]:
        """How many sides a match type takes: (fewest, most; None for any number)."""
        self.participants_per_side(match_type)
        return self.side_counts.get(match_type, (2, 2))

    def make_spec(
        self,
        cards: Iterable[Any],
        match_type: str = "singles",
        *,
        options: str | Iterable[str] | None = None,
        relationship: str | None = None,
        **kwargs: Any,
    ) -> MatchSpec:
        """A spec from cards side by side; ``relationship`` applies to every side."""
        cards = list(cards)
        per_side = self.participants_per_side(match_type)
        low, high = self.sides_allowed(match_type)
        sides = len(cards) // per_side if len(cards) % per_side == 0 else -1
        if sides < low or (high is not None and sides > high):
            need = (
                f"{low * per_side} or more {self.card_noun}"
                if high is None
                else f"{2 * per_side} {self.card_noun} (side by side)"
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

    # -- playing ---------------------------------------------------------------------------

    def prepare(self, spec: MatchSpec, tables: Any = None) -> Any:
        return self._prepare(spec, tables)

    def simulate(
        self,
        spec: MatchSpec,
        *,
        dice: Dice,
        tables: Any = None,
        strategy: Any = None,
        record: bool = True,
    ) -> MatchResult:
        return self._run(
            self._prepare(spec, tables),
            dice,
            strategy or self._strategy(),
            record=record,
            seed=getattr(dice, "seed", None),
        )

    # -- odds ------------------------------------------------------------------------------

    def exact(
        self,
        spec: MatchSpec,
        *,
        tables: Any = None,
        strategy: Any = None,
        max_states: int | None = None,
        time_budget: float | None = None,
    ) -> ExactOdds:
        """Solve the match's chain; raises the solver's ``NotFinite`` when it cannot (within
        ``max_states`` states, None for its hard limit, and ``time_budget`` seconds), and
        ``NoExactOdds`` where the system has no solver."""
        solver = self.exact_solver
        if solver is None:
            raise NoExactOdds(self.no_exact_note)
        return self._solve(
            solver,
            self._prepare(spec, tables),
            strategy or self._strategy(),
            max_states=solver.MAX_STATES if max_states is None else max_states,
            time_budget=time_budget,
        )

    def _solve(
        self,
        solver: Any,
        prep: Any,
        strategy: Any,
        *,
        max_states: int,
        time_budget: float | None,
    ) -> ExactOdds:
        """The solver's odds of ``prep``; of a tournament match (a ``Prepared`` with its
        ``sudden_death`` fall), composed from the match's and the fall's, each solved within
        the budget (``rules.core.tournament.settled_odds``)."""
        solved = solver.solve(prep, strategy, max_states=max_states, time_budget=time_budget)
        fall = getattr(prep, "sudden_death", None)
        if fall is None:
            return solved
        again = solver.solve(fall, strategy, max_states=max_states, time_budget=time_budget)
        first = roll_off_odds(*self._engine.roll_off_chances(prep))
        return settled_odds(solved, again, first)

    def odds(
        self,
        spec: MatchSpec,
        *,
        runs: int,
        seed: int,
        tables: Any = None,
        strategy: Any = None,
        exact: str | bool = "auto",
        max_states: int | None = None,
        time_budget: float | None = None,
    ) -> OddsReport:
        """Monte Carlo over ``runs`` matches on the fast path, and the exact odds as ``exact``
        says (``RuleSystem.odds``): "auto" within ``max_states`` states (default the solver's
        ``AUTO_MAX_STATES``) and ``time_budget`` seconds (default its ``AUTO_SECONDS``),
        "always" within those if given (else its ``MAX_STATES`` and no time limit), "never".
        A system without a solver checks and reports the mode asked, and its note says why
        there are no exact odds (``max_states`` and ``time_budget`` change nothing there)."""
        mode = exact_mode(exact)
        solver = self.exact_solver
        if solver is not None:
            if max_states is not None and max_states < 1:
                raise OptionError(
                    f"the exact odds' state budget must be at least 1, got {max_states}"
                )
            if time_budget is not None and not time_budget > 0:
                raise OptionError(
                    f"the exact odds' time budget must be positive, got {time_budget}"
                )
        prep = self._prepare(spec, tables)
        strategy = strategy or self._strategy()
        wins, draws, methods = self._monte_carlo(prep, strategy, len(spec.sides), runs, seed)
        report = OddsReport(
            system=self.name,
            runs=runs,
            seed=seed,
            wins=tuple(wins),
            draws=draws,
            methods=dict(sorted(methods.items())),
            exact_mode=mode,
        )
        if solver is None:
            return replace(report, exact_note=self.no_exact_note)
        if mode == "never":
            return replace(report, exact_note=MONTE_CARLO_ALONE)
        return self._solved(report, solver, prep, strategy, mode, max_states, time_budget)

    def _monte_carlo(
        self, prep: Any, strategy: Any, sides: int, runs: int, seed: int
    ) -> tuple[list[int], int, dict[str, int]]:
        """Wins by side, draws and methods over ``runs`` matches of one seeded source."""
        run = self._run
        dice = SeededDice(seed, record=False)
        wins = [0] * sides
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
        return wins, draws, methods

    def _solved(
        self,
        report: OddsReport,
        solver: Any,
        prep: Any,
        strategy: Any,
        mode: str,
        max_states: int | None,
        time_budget: float | None,
    ) -> OddsReport:
        """``report`` with the exact odds as the solver gives them within the mode's budget, or
        the note saying why there are none."""
        auto = mode == "auto"
        states = max_states or (solver.AUTO_MAX_STATES if auto else solver.MAX_STATES)
        states = min(states, solver.MAX_STATES)
        limit = time_budget if time_budget is not None else (solver.AUTO_SECONDS if auto else None)
        budget: dict[str, Any] | None = {"states": states, "seconds": limit}
        solved: ExactOdds | None = None
        started = time.monotonic()
        try:
            solved = self._solve(solver, prep, strategy, max_states=states, time_budget=limit)
            note = ""
        except solver.NotCovered as err:  # no budget would help: none is reported
            note = f"no exact odds: {err}" + ("; Monte Carlo alone" if auto else "")
            budget = None
        except solver.NotFinite as err:
            note = f"no exact odds: {err}" + ("; Monte Carlo alone" if auto else "")
        # (How long the solver took, where it was tried: none for a match it does not take.)
        seconds = None if budget is None else time.monotonic() - started
        return replace(
            report, exact=solved, exact_note=note, exact_budget=budget, exact_seconds=seconds
        )
