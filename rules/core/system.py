"""The protocol every rule system offers the registry and the Django side (signatures only:
``rules.core.adapter.SystemBase`` is what the three systems share of it)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol, runtime_checkable

from rules.core.dice import Dice
from rules.core.errors import OptionError
from rules.core.result import EXACT_MODES, ExactOdds, MatchResult, OddsReport
from rules.core.safeyaml import clip
from rules.core.spec import MatchSpec


def exact_mode(value: str | bool) -> str:
    """ "auto", "always" or "never", as ``odds`` was asked (any case; True is "auto" and False
    "never"): what every system's report gives as ``exact_mode``, a solver or not."""
    if value is True:
        return "auto"
    if value is False:
        return "never"
    mode = value.strip().lower() if isinstance(value, str) else value
    if mode not in EXACT_MODES:
        raise OptionError(f"exact odds: {clip(value)} is not one of {', '.join(EXACT_MODES)}")
    return mode


@runtime_checkable
class RuleSystem(Protocol):
    name: str
    title: str
    option_names: tuple[str, ...]
    #: The options a booker picks from a list (those without a number of his own), each with
    #: its words: ``(("cage", "Steel cage, ..."), ...)``.
    option_words: tuple[tuple[str, str], ...]
    match_types: tuple[str, ...]
    stipulation_names: tuple[str, ...]
    #: What a match's length (and a time limit) counts: "turns" or "rounds".
    length_unit: str
    #: Who at ringside the rules give a part: "ally" and "manager", or neither.
    ringside_roles: tuple[str, ...]
    #: Whether a feud match (``MatchSpec.feud``) plays differently under its rules.
    feud_rules: bool

    @property
    def has_card_figures(self) -> bool:
        """Whether ``card_figures`` gives the exact per-roll figures of a card alone."""

    @property
    def has_exact_solver(self) -> bool:
        """Whether the system can solve a match's chain exactly (``exact``; ``odds`` with an
        ``exact`` mode other than "never"). A system without says so in ``odds``'s note."""

    def time_limit_for_minutes(self, minutes: int) -> int:
        """A booked time limit in minutes, in the system's own unit of match length."""

    def parse_card(self, data: Mapping[str, Any], *, tables: Any = None) -> Any:
        """A card from its structured (or shorthand) form; raises CardError listing problems.

        With ``tables`` (what ``load_tables`` returns, e.g. with a federation's overrides) the
        card is also checked against every table the engine can consult for it under any
        option and match type, every problem listed with the others: a card that parses with
        the tables a match is played with never makes that match fail.
        """

    def card_figures(self, card: Any) -> list[Any]:
        """A card's exact per-roll figures (empty without ``has_card_figures``)."""

    def card_to_data(self, card: Any) -> dict[str, Any]:
        """The normalised, JSON-safe structured form; ``parse_card`` reads it back."""

    def load_tables(self, overrides: Mapping[str, Any] | None = None) -> Any:
        """The default charts, with a federation's overrides merged chart by chart."""

    def parse_options(self, value: str | Iterable[str] | None) -> Any:
        """Option names ("fatigue,feud_table", "all", an iterable); raises OptionError."""

    def make_spec(self, cards: Iterable[Any], match_type: str = ..., **kwargs: Any) -> MatchSpec:
        """A spec from cards listed side by side."""

    def participants_per_side(self, match_type: str) -> int: ...

    def sides_allowed(self, match_type: str) -> tuple[int, int | None]:
        """How many sides a match type takes: (fewest, most; None for any number)."""

    def simulate(
        self,
        spec: MatchSpec,
        *,
        dice: Dice,
        tables: Any = None,
        strategy: Any = None,
        record: bool = True,
    ) -> MatchResult: ...

    def inapplicable_options(self, spec: MatchSpec) -> Mapping[str, str]:
        """The options of ``spec`` that cannot come into play in it, each with the reason
        ("ringside_ally": "nobody is at ringside for either side"), so a door can say so."""

    def exact(
        self,
        spec: MatchSpec,
        *,
        tables: Any = None,
        strategy: Any = None,
        max_states: int | None = None,
        time_budget: float | None = None,
    ) -> ExactOdds:
        """The match's exact odds, solved as a Markov chain within ``max_states`` states (None:
        the system's hard limit) and ``time_budget`` seconds; raises the solver's ``NotFinite``
        saying why it cannot, and ``NoExactOdds`` for a system without a solver."""

    def odds(
        self,
        spec: MatchSpec,
        *,
        runs: int,
        seed: int,
        tables: Any = None,
        strategy: Any = None,
        exact: str = "auto",
        max_states: int | None = None,
        time_budget: float | None = None,
    ) -> OddsReport:
        """Monte Carlo over ``runs`` matches, and exact odds as ``exact`` says:

        - ``"never"``: Monte Carlo alone;
        - ``"auto"``: solved when the chain fits the budget (``max_states`` states and
          ``time_budget`` seconds; None takes the system's defaults), else Monte Carlo alone
          with ``exact_note`` saying why;
        - ``"always"``: solved within ``max_states``/``time_budget`` if given, else within the
          system's hard limits (memory stays bounded); ``exact_note`` says why when it cannot.

        The report says which was used (``exact_mode``, ``exact_budget``). Systems without exact
        odds report ``exact=None`` with a note.
        """
