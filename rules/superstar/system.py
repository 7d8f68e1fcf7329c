"""The Superstar Pro Wrestling rule system as the registry sees it."""

from __future__ import annotations

from rules.core.adapter import SystemBase
from rules.superstar import cards, engine, exact, options, tables
from rules.superstar.analysis import Figure, card_figures
from rules.superstar.strategy import DefaultStrategy


class SuperstarSystem(SystemBase):
    title = "Superstar Pro Wrestling"
    chart_names = tables.CHART_NAMES
    #: Nobody at ringside has a part in the Superstar rules: an ally or a manager is left out.
    ringside_roles: tuple[str, ...] = ()
    feud_rules: bool = False
    default_time_limit = engine.DEFAULT_TIME_LIMIT
    side_counts = {"battle_royal": (2, None)}
    #: A match's length counts rounds (one minute of ring time each).
    length_unit = "rounds"
    has_card_figures = True

    def card_figures(self, card: cards.SuperstarCard) -> list[Figure]:
        """The exact per-roll figures that follow from the card alone (``card_analysis``)."""
        return card_figures(card)


#: No Superstar card refers to a chart: tables have nothing to check in one. Exact odds (grid
#: cells a round: "auto" within ``exact.AUTO_MAX_STATES`` and ``AUTO_SECONDS``, "always" within
#: ``MAX_STATES``) cover the standard singles match; for others ``exact_note`` says why not.
system = SuperstarSystem(engine, cards, tables, options, DefaultStrategy, exact)
