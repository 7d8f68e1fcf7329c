"""The Filsinger rule system as the registry sees it."""

from __future__ import annotations

from rules.core.spec import MatchSpec
from rules.core.system import SystemBase
from rules.filsinger import cards as _cards
from rules.filsinger import exact as _exact
from rules.filsinger.engine import (
    DEFAULT_TIME_LIMIT,
    MATCH_TYPES,
    PER_SIDE,
    STIPULATIONS,
    SYSTEM,
    prepare,
    run,
)
from rules.filsinger.options import OPTION_NAMES, OPTION_WORDS, inapplicable, parse_options
from rules.filsinger.strategy import DefaultStrategy
from rules.filsinger.tables import CHART_NAMES, load_tables


class FilsingerSystem(SystemBase):
    name = SYSTEM
    title = "Filsinger card game"
    option_names = OPTION_NAMES
    option_words = OPTION_WORDS
    match_types = MATCH_TYPES
    per_side = PER_SIDE
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

    # The engine's parts (``SystemBase``). A card is also checked, with ``tables`` (loaded, or a
    # federation's overrides), against every chart it can consult under any option (its Choice
    # Situations letters).
    read_card = staticmethod(_cards.parse_card)
    write_card = staticmethod(_cards.card_to_data)
    read_tables = staticmethod(load_tables)
    read_options = staticmethod(parse_options)
    engine_prepare = staticmethod(prepare)
    engine_run = staticmethod(run)
    strategy = DefaultStrategy
    #: "auto" within ``AUTO_MAX_STATES`` states and ``AUTO_SECONDS``; "always" within
    #: ``MAX_STATES`` and no time limit.
    exact_solver = _exact

    def time_limit_for_minutes(self, minutes: int) -> int:
        """A match's time limit in turns, from the booked limit in minutes."""
        return max(1, int(minutes) * self.turns_per_minute)

    def inapplicable_options(self, spec: MatchSpec) -> dict[str, str]:
        """The options of ``spec`` that cannot come into play in it, with the reason."""
        return inapplicable(spec)


system = FilsingerSystem()
