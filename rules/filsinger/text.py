"""Words for the play-by-play, and the placeholders of the charts' texts.

A chart's text is a ``str.format`` template. ``{you}``/``{You}`` and ``{opponent}``/``{Opponent}``
are names (capitalised to start a sentence); ``{you:him}``, ``{you:his}``, ``{you:himself}``,
``{you:he}`` and ``{you:man}`` are that wrestler's own words (``rules.core.text.Named``: written
in the ``he`` forms, ``{you:Him}`` to start a sentence); ``{both:men}``/``{both:man}`` name the
two wrestlers together ("men", "women" or "wrestlers"). The interference chart adds ``{ally}``
(a name); the Feud Table has ``{winner}``/``{loser}`` instead of you and opponent.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from typing import Any

from rules.core.text import Named, article, group_noun, mid_name, start_name

__all__ = [
    "CHART_PLACEHOLDERS",
    "FEUD_PLACEHOLDERS",
    "INTERFERENCE_PLACEHOLDERS",
    "NAMED_SPECS",
    "Both",
    "article",
    "fill",
    "fill_feud",
    "mid_name",
    "start_name",
    "template_problems",
]


class Both:
    """The wrestlers of a sentence together, for ``{both:men}`` ("Both men brawl") and
    ``{both:man}`` ("neither man gets up"); capitalised (``{both:Men}``) to start a sentence."""

    __slots__ = ("plural", "singular")

    SPECS = ("men", "man")

    def __init__(self, keys: Iterable[str]) -> None:
        keys = tuple(keys)
        self.plural = group_noun(keys)
        self.singular = group_noun(keys, plural=False)

    def __format__(self, spec: str) -> str:
        low = spec.lower()
        if low not in self.SPECS:
            raise ValueError(f"unknown group noun {spec!r} in a template: use men or man")
        word = self.plural if low == "men" else self.singular
        return start_name(word) if spec[:1].isupper() else word


def _cased(specs: Iterable[str]) -> tuple[str, ...]:
    return tuple(form for spec in specs for form in (spec, spec[:1].upper() + spec[1:]))


NAMED_SPECS = ("", *_cased(Named.SPECS))
_BOTH_SPECS = _cased(Both.SPECS)
#: Each placeholder a chart's text may use, to the specs it takes ("" for the bare name).
CHART_PLACEHOLDERS: dict[str, tuple[str, ...]] = {
    "you": NAMED_SPECS,
    "You": NAMED_SPECS,
    "opponent": NAMED_SPECS,
    "Opponent": NAMED_SPECS,
    "both": _BOTH_SPECS,
}
INTERFERENCE_PLACEHOLDERS: dict[str, tuple[str, ...]] = {**CHART_PLACEHOLDERS, "ally": ("",)}
FEUD_PLACEHOLDERS: dict[str, tuple[str, ...]] = {
    "winner": NAMED_SPECS,
    "Winner": NAMED_SPECS,
    "loser": NAMED_SPECS,
    "Loser": NAMED_SPECS,
    "both": _BOTH_SPECS,
}

_FORMATTER = string.Formatter()


def _spec_help(name: str, specs: tuple[str, ...]) -> str:
    if specs == ("",):
        return f"{{{name}}} takes no pronoun (it is a name)"
    if specs == _BOTH_SPECS:
        return f"use {{{name}:men}} or {{{name}:man}} ({{{name}:Men}} to start a sentence)"
    forms = ", ".join(f"{{{name}:{spec}}}" for spec in Named.SPECS)
    return f"use {{{name}}} or {forms} ({{{name}:His}} to start a sentence)"


def template_problems(text: str, placeholders: Mapping[str, tuple[str, ...]]) -> list[str]:
    """What is wrong with the placeholders of a chart's ``text`` (empty when nothing is)."""
    try:
        parts = list(_FORMATTER.parse(text))
    except ValueError as error:
        return [f"{error} (write a placeholder as {{you}}, a brace on its own as {{{{ or }}}})"]
    problems: list[str] = []
    known = ", ".join(f"{{{name}}}" for name in placeholders)
    for _literal, name, spec, conversion in parts:
        if name is None:
            continue
        shown = "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
        shown += "}"
        if name not in placeholders:
            problems.append(f"unknown placeholder {shown}: this chart's texts may use {known}")
        elif conversion:
            problems.append(f"{shown}: a placeholder takes no !{conversion}")
        elif spec not in placeholders[name]:
            what = "pronoun" if spec else "placeholder"
            problems.append(f"unknown {what} {shown}: {_spec_help(name, placeholders[name])}")
    return problems


def fill(text: str, you: Any, opponent: Any, *, ally: str = "") -> str:
    """A chart's text (checked on load) filled in for ``you`` and ``opponent`` (the engine's
    wrestlers: their names and pronouns) and ``ally``."""
    return text.format(
        you=you.named,
        You=you.snamed,
        opponent=opponent.named,
        Opponent=opponent.snamed,
        both=Both((you.pronouns.key, opponent.pronouns.key)),
        ally=ally,
    )


def fill_feud(text: str, winner: Any, loser: Any) -> str:
    """A Feud Table row's text (checked on load) filled in for the two wrestlers."""
    return text.format(
        winner=winner.named,
        Winner=winner.snamed,
        loser=loser.named,
        Loser=loser.snamed,
        both=Both((winner.pronouns.key, loser.pronouns.key)),
    )


def turns(n: int) -> str:
    """ "1 turn", "3 turns"."""
    return f"{n} turn{'' if n == 1 else 's'}"
