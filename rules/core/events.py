"""The play-by-play: an ordered list of frozen events, each with the dice it used."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple


class Event(NamedTuple):
    """One step of a match. ``dice`` holds the faces this step rolled, in order.

    Immutable (a named tuple: cheap to make, as a match writes thousands of them). ``actor`` is
    the participant key of whoever acted, or None; ``data`` holds the step's figures.
    """

    kind: str
    actor: str | None
    dice: tuple[int, ...]
    text: str
    data: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind,
            "actor": self.actor,
            "dice": list(self.dice),
            "text": self.text,
        }
        if self.data:
            out["data"] = dict(self.data)
        return out
