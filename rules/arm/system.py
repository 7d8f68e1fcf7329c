"""The ARM (RingMaster) rule system as the registry sees it."""

from __future__ import annotations

from rules.arm import cards, engine, options, tables
from rules.arm.options import ArmOptions
from rules.arm.strategy import DefaultStrategy
from rules.core.adapter import SystemBase
from rules.core.spec import MatchSpec
from rules.core.text import counted

NO_EXACT = (
    "ARM has no exact solver (the match state is too rich for a Markov chain): Monte Carlo only"
)


class ArmSystem(SystemBase):
    title = "ARM (RingMaster)"
    chart_names = tables.TABLE_NAMES
    #: Ringside has a part (interference and the manager's distraction).
    ringside_roles: tuple[str, ...] = ("ally", "manager")
    feud_rules: bool = False
    #: What a result's ``length`` counts: a round is ten seconds, six to the minute (the
    #: chapter).
    length_unit = "rounds"
    per_minute = 6
    card_noun = "sheets"
    #: No exact solver: ``odds`` plays Monte Carlo alone, whatever ``exact`` asks (it is checked
    #: and reported as asked), and says so.
    no_exact_note = NO_EXACT

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


system = ArmSystem(engine, cards, tables, options, DefaultStrategy)
