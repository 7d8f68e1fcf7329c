"""The Superstar Pro Wrestling rule system as the registry sees it."""

from __future__ import annotations

from rules.core.spec import MatchSpec
from rules.core.system import SystemBase
from rules.superstar import cards as _cards
from rules.superstar import exact as _exact
from rules.superstar.analysis import Figure, card_figures
from rules.superstar.engine import (
    DEFAULT_TIME_LIMIT,
    MATCH_TYPES,
    PER_SIDE,
    STIPULATIONS,
    SYSTEM,
    prepare,
    run,
)
from rules.superstar.options import OPTION_NAMES, OPTION_WORDS, inapplicable, parse_options
from rules.superstar.strategy import DefaultStrategy
from rules.superstar.tables import CHART_NAMES, load_tables


class SuperstarSystem(SystemBase):
    name = SYSTEM
    title = "Superstar Pro Wrestling"
    option_names = OPTION_NAMES
    option_words = OPTION_WORDS
    match_types = MATCH_TYPES
    per_side = PER_SIDE
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

    # The engine's parts (``SystemBase``). ``tables`` has nothing to check in a card (no
    # Superstar card refers to a chart).
    read_card = staticmethod(_cards.parse_card)
    write_card = staticmethod(_cards.card_to_data)
    read_tables = staticmethod(load_tables)
    read_options = staticmethod(parse_options)
    engine_prepare = staticmethod(prepare)
    engine_run = staticmethod(run)
    strategy = DefaultStrategy
    #: Grid cells a round: "auto" within ``AUTO_MAX_STATES`` and ``AUTO_SECONDS``, "always"
    #: within ``MAX_STATES`` and no time limit. Exact odds cover the standard singles match; for
    #: the others ``exact_note`` says why there are none.
    exact_solver = _exact

    def time_limit_for_minutes(self, minutes: int) -> int:
        """A round is one minute of ring time."""
        return max(1, int(minutes))

    def card_figures(self, card: _cards.SuperstarCard) -> list[Figure]:
        """The exact per-roll figures that follow from the card alone (``card_analysis``)."""
        return card_figures(card)

    def inapplicable_options(self, spec: MatchSpec) -> dict[str, str]:
        """The options of ``spec`` that cannot come into play in it, with the reason."""
        return inapplicable(spec)


system = SuperstarSystem()
