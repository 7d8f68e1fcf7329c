"""The card builders by system name (``rules.core.builder``): each system's card as form fields.

Like ``rules.registry``, imports neither Django nor any app."""

from __future__ import annotations

from rules.arm.builder import BUILDER as _arm
from rules.core.builder import Builder
from rules.filsinger.builder import BUILDER as _filsinger
from rules.superstar.builder import BUILDER as _superstar

builders: dict[str, Builder] = {b.system: b for b in (_filsinger, _superstar, _arm)}

__all__ = ["Builder", "builders"]
