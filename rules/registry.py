"""The rule systems by name: the one place the Django side finds an engine.

``systems`` holds the engines that have landed; ``SYSTEM_NAMES`` every system designed.
"""

from __future__ import annotations

from rules.arm.system import system as _arm
from rules.core.errors import UnknownSystem
from rules.core.safeyaml import clip
from rules.core.system import RuleSystem
from rules.filsinger import system as _filsinger
from rules.superstar import system as _superstar

SYSTEM_NAMES: tuple[str, ...] = ("filsinger", "superstar", "arm")

systems: dict[str, RuleSystem] = {
    _filsinger.name: _filsinger,
    _arm.name: _arm,
    _superstar.name: _superstar,
}


def get_system(name: str) -> RuleSystem:
    try:
        return systems[name]
    except KeyError:
        pending = [n for n in SYSTEM_NAMES if n not in systems]
        hint = f"; not yet available: {', '.join(pending)}" if pending and name in pending else ""
        raise UnknownSystem(
            f"unknown rule system {clip(name)} (known: {', '.join(sorted(systems))}){hint}"
        ) from None


__all__ = ["SYSTEM_NAMES", "RuleSystem", "UnknownSystem", "get_system", "systems"]
