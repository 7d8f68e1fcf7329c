"""The Superstar Pro Wrestling engine (action cards: General, Offensive, Defensive, Ropes and
Specialty cards, the PIN CHART, tag teams, grudge matches and battle royals)."""

from rules.superstar.system import SuperstarSystem, system

__all__ = ["SuperstarSystem", "system"]
