"""The rule systems: pure-Python engines for Filsinger, Superstar and ARM.

Import-light on purpose: nothing here imports Django, and the registry is loaded only when it
is asked for (``rules.systems``, ``rules.get_system``).
"""

from __future__ import annotations

from typing import Any

__all__ = ["get_system", "systems"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        # Here, not at the top: the registry imports every engine, and every engine imports
        # this package first (``import rules.core`` must stay light).
        from rules import registry  # noqa: PLC0415

        return getattr(registry, name)
    raise AttributeError(f"module 'rules' has no attribute {name!r}")
