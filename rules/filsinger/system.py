"""The Filsinger rule system as the registry sees it."""

from __future__ import annotations

from rules.core.adapter import SystemBase
from rules.filsinger import cards, engine, exact, options, tables
from rules.filsinger.strategy import DefaultStrategy


class FilsingerSystem(SystemBase):
    title = "Filsinger card game"
    chart_names = tables.CHART_NAMES
    #: Ringside has a part (rules 9 and 14).
    ringside_roles: tuple[str, ...] = ("ally", "manager")
    feud_rules: bool = True  # the Feud Table (optional rule 8)
    default_time_limit = engine.DEFAULT_TIME_LIMIT
    #: What a result's ``length`` counts: a turn (one offensive roll and what follows) stands
    #: for about 15 seconds of a match.
    length_unit = "turns"
    per_minute = 4


#: A card is also checked, with tables (loaded, or a federation's overrides), against every
#: chart it can consult under any option (its Choice Situations letters). Exact odds: "auto"
#: within ``exact.AUTO_MAX_STATES`` states and ``AUTO_SECONDS``, "always" within ``MAX_STATES``.
system = FilsingerSystem(engine, cards, tables, options, DefaultStrategy, exact)
