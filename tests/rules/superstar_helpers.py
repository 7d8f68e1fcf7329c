"""Small Superstar cards for scripted-dice tests: every entry the same unless a total says
otherwise, so a test's dice pick exactly the entries it means."""

from __future__ import annotations

from typing import Any

from rules.superstar import system as superstar


def card(
    name: str,
    *,
    general: dict[int, str] | str = "OC",
    offense: dict[int, Any] | None = None,
    defense: dict[int, str] | str = "B",
    ropes: dict[int, Any] | None = None,
    specialty: list | None = None,
    special: str | None = None,
    sub: Any = (2, 4),
    tag: Any = (2, 5),
    priority: tuple = (3, 2),
):
    """A card: ``general``/``defense`` give a default word or {total: word}; ``offense`` and
    ``ropes`` give {total: entry} over "Jab 3" and "NA"."""

    def row(spec, default):
        if isinstance(spec, str):
            return [spec] * 11
        out = [default] * 11
        for total, value in (spec or {}).items():
            out[total - 2] = value
        return out

    general_row = row(general, "OC")
    if "OC" not in general_row and "OC/TT" not in general_row:
        general_row[-1] = "OC"  # a card needs an OC somewhere; 12 is the test's spare
    data = {
        "system": "superstar",
        "name": name,
        "general": general_row,
        "offense": row(offense, "Jab 3"),
        "defense": row(defense, "B"),
        "ropes": row(ropes, "NA"),
        "specialty": {
            "name": special or f"{name} Special",
            "rolls": specialty or [5, 6, 7, 8, 9, 10],
        },
        "submission_range": list(sub) if isinstance(sub, tuple) else sub,
        "tag_team_range": list(tag) if isinstance(tag, tuple) else tag,
        "priority": list(priority),
    }
    return superstar.parse_card(data)


def t(total: int) -> tuple[int, int]:
    """Two faces making ``total``."""
    return (1, total - 1) if total <= 7 else (total - 6, 6)


def faces(*totals: int | tuple[int, ...]) -> list[int]:
    """Faces for a list of two-dice totals; a 1-tuple is one die."""
    out: list[int] = []
    for total in totals:
        if isinstance(total, tuple):
            out.extend(total)
        else:
            out.extend(t(total))
    return out
