"""The play-by-play: an ordered list of frozen events, each with the dice it used."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One step of a match. ``dice`` holds the faces this step rolled, in order."""

    kind: str
    actor: str | None
    dice: tuple[int, ...]
    text: str
    data: Mapping[str, Any] | None = field(default=None, compare=False)

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
