"""Words for the play-by-play."""

from __future__ import annotations

from typing import Any

from rules.core.text import article, mid_name, start_name

__all__ = ["article", "fill", "mid_name", "start_name"]


def fill(text: str, you: Any, opponent: Any, *, ally: str = "") -> str:
    """A chart's text with its names filled in ({you}/{You}, {opponent}/{Opponent}, {ally})."""
    return (
        text.replace("{You}", you.sname)
        .replace("{you}", you.mname)
        .replace("{Opponent}", opponent.sname)
        .replace("{opponent}", opponent.mname)
        .replace("{ally}", ally)
    )


def turns(n: int) -> str:
    """ "1 turn", "3 turns"."""
    return f"{n} turn{'' if n == 1 else 's'}"
