"""The figures a bench measured, kept for ``make bench`` (``bench/run.py``).

A bench prints its own report as before and, beside each line that matters, records the figure:

    figures.record("filsinger", "fast path", matches_a_second, "matches/s",
                   reference=f"dice alone {t_dice * 1e3:.1f} ms", ratio=t_fast / t_dice,
                   goal="<= 3x the dice", met=t_fast / t_dice <= 3)

and calls ``figures.save()`` last. When ``bench/run.py`` runs it, ``RINGSIDE_BENCH_JSON`` names
the file the figures go to; run by hand, ``save`` writes nothing. A bench that cannot run here
(no PostgreSQL, no ``wrk``) records ``skipped`` with its reason, so the table says why a row
is empty.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

ENV = "RINGSIDE_BENCH_JSON"


@dataclass(frozen=True)
class Figure:
    bench: str
    name: str
    value: float | None
    unit: str
    #: What the figure is measured beside, in the same run (the dice alone, the COPY floor, one
    #: worker, the new federation), with its own value.
    reference: str = ""
    #: The figure over its reference, where that is the goal's measure.
    ratio: float | None = None
    goal: str = ""
    met: bool | None = None
    note: str = ""


_recorded: list[Figure] = []


def record(
    bench: str,
    name: str,
    value: float | None,
    unit: str,
    *,
    reference: str = "",
    ratio: float | None = None,
    goal: str = "",
    met: bool | None = None,
    note: str = "",
) -> None:
    met = None if met is None else bool(met)
    _recorded.append(Figure(bench, name, value, unit, reference, ratio, goal, met, note))


def engine_paths(
    bench: str,
    pairing: str,
    matches: int,
    dice: float,
    paths: Sequence[tuple[str, float, float]],
    *,
    note: str = "",
) -> None:
    """An engine's paths (``(name, seconds, goal)``: the goal a multiple of the dice) for
    ``matches`` matches of ``pairing``, each in matches a second beside the same dice drawn
    alone in ``dice`` seconds; ``note`` on the first (which engine ran, say)."""
    for index, (name, seconds, goal) in enumerate(paths):
        record(
            bench,
            f"{name}, {pairing}",
            matches / seconds,
            "matches/s",
            reference=f"the same dice alone {dice * 1e3:.1f} ms",
            ratio=seconds / dice,
            goal=f"<= {goal:g}x the dice",
            met=seconds / dice <= goal,
            note=note if index == 0 else "",
        )


def skipped(bench: str, reason: str) -> None:
    record(bench, "skipped", None, "", note=reason)


def recorded() -> list[Figure]:
    return list(_recorded)


def save() -> None:
    path = os.environ.get(ENV)
    if path:
        Path(path).write_text(json.dumps([asdict(f) for f in _recorded], indent=1))
