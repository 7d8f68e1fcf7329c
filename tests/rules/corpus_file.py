"""A regression corpus on disk: JSON lines, one recorded match (or series) a line.

Each line is ``{"name": ..., "match": ...}``, the match's keys sorted and the lines in the order
the corpus plays its cases, so recording a corpus again writes the same bytes unless the engine
played or told something differently, and a review sees which matches changed as a diff.
"""

from __future__ import annotations

import json
from pathlib import Path


def line(name: str, match: object) -> str:
    """One case of a corpus as its line (without the newline)."""
    return (
        f'{{"name": {json.dumps(name, ensure_ascii=False)}, '
        f'"match": {json.dumps(match, ensure_ascii=False, sort_keys=True)}}}'
    )


def read(path: Path) -> dict:
    """The recorded cases by name."""
    recorded = {}
    with path.open(encoding="utf-8") as handle:
        for text in handle:
            case = json.loads(text)
            recorded[case["name"]] = case["match"]
    return recorded


def write(path: Path, recorded: dict) -> None:
    """Record the cases (name to match, in the order given) in ``path``."""
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for name, match in recorded.items():
            out.write(line(name, match) + "\n")
