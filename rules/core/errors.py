"""Errors the engines raise, each naming what was wrong and where."""

from __future__ import annotations

from collections.abc import Iterable

from rules.core.refusal import Refusal as Refusal  # (its home imports nothing: safeyaml reads it)
from rules.core.safeyaml import clip


class RulesError(Refusal):
    """Base class of every error raised by the rule systems."""


class ProblemsError(RulesError, ValueError):
    """Invalid input rejected whole: ``problems`` lists every ``(path, message)``."""

    heading = "invalid input"

    def __init__(self, problems: Iterable[tuple[str, str]], heading: str | None = None):
        self.problems: list[tuple[str, str]] = list(problems)
        if heading is not None:
            self.heading = heading
        super().__init__(str(self))

    def __str__(self) -> str:
        return "\n".join(
            f"{path}: {message}" if path else message for path, message in self.problems
        )

    def messages(self) -> list[str]:
        return str(self).splitlines()


class CardError(ProblemsError):
    """A wrestler's card is invalid; nothing of it was loaded."""

    heading = "invalid card"


def refuse_other_system(data, system: str) -> None:
    """A card's ``system:`` (any case; none is the engine's own) must name the engine reading
    it. A card of another system is refused for that alone: the rest of its fields would only
    bury the cause under problems of a format it never meant to follow."""
    value = data.get("system", system)
    if not (isinstance(value, str) and value.strip().lower() == system):
        raise CardError([("system", f"must be {system!r} for this engine, got {clip(value)}")])


class TableError(ProblemsError):
    """A chart or table (default or a federation's override) is invalid."""

    heading = "invalid chart"


class OptionError(RulesError, ValueError):
    """Unknown optional-rule names, or options that cannot be combined."""


class SpecError(RulesError, ValueError):
    """A match spec the system cannot play (wrong number of wrestlers, unknown match type...)."""


class UnknownSystem(RulesError, LookupError):
    """No rule system of that name has landed."""


class DiceExhausted(RulesError, RuntimeError):
    """Scripted dice ran out of faces."""
