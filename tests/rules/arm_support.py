"""Helpers for the ARM engine tests: the test sheets, a match on scripted dice, and a strategy
whose every answer the test gives."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import yaml

from rules.arm import system as _system_module  # noqa: F401  (the module, for its system)
from rules.arm.engine import Match, prepare
from rules.arm.state import Plan
from rules.arm.strategy import ArmStrategy
from rules.arm.system import system as arm
from rules.core.dice import ScriptedDice

FIXTURES = Path(__file__).parent / "fixtures"
ALPHA, BETA = 0, 1


def sheet(fixture: str, **changes):
    data = yaml.safe_load((FIXTURES / f"arm_{fixture}.yaml").read_text())
    data.update(changes)
    return arm.parse_card(data, arm.load_tables())


class Scripted(ArmStrategy):
    """Answers as given: ``Scripted(plan=Plan(...), counter=None, squeeze=True)``. A value is
    returned as it is; a callable is called with the strategy method's arguments. Anything not
    given takes the plain answer of ``ArmStrategy``."""

    def __init__(self, **answers):
        self.answers = answers


def _scripted(name):
    base = getattr(ArmStrategy, name)

    def method(self, match, side, *args):
        if name in self.answers:
            value = self.answers[name]
            return value(match, side, *args) if callable(value) else value
        return base(self, match, side, *args)

    method.__name__ = name
    return method


for _name in [
    n for n in vars(ArmStrategy) if not n.startswith("_") and callable(getattr(ArmStrategy, n))
]:
    setattr(Scripted, _name, _scripted(_name))


def match_of(
    faces,
    *,
    a=None,
    b=None,
    strategy=None,
    options=None,
    tables=None,
    record=True,
    pronouns=None,
    **kw,
):
    """A match of Alpha against Beta (or the sheets given) on scripted dice, before the bell;
    ``pronouns`` gives each wrestler's, in order ("she", "he")."""
    a = a or sheet("alpha")
    b = b or sheet("beta")
    spec = with_pronouns(arm.make_spec([a, b], options=options, **kw), pronouns)
    return Match(prepare(spec, tables), ScriptedDice(faces), strategy or Scripted(), record)


def tag_match(faces, strategy=None, options=None):
    """A tag match of Alpha and Alpha Two against Beta and Beta Two (partners) on scripted
    dice, before the bell."""
    a, b = sheet("alpha"), sheet("beta")
    a2, b2 = sheet("alpha", name="Alpha Two"), sheet("beta", name="Beta Two")
    spec = arm.make_spec([a, a2, b, b2], "tag", options=options, relationship="partners")
    return Match(prepare(spec), ScriptedDice(faces), strategy or Scripted())


def with_pronouns(spec, pronouns):
    """The spec with each wrestler's pronouns, in order (None: as they are)."""
    if pronouns is None:
        return spec
    given = iter(pronouns)
    sides = tuple(
        replace(
            side, participants=tuple(replace(p, pronouns=next(given)) for p in side.participants)
        )
        for side in spec.sides
    )
    return replace(spec, sides=sides)


def move(match, side, name):
    return match.me(side).w.move(name)


def kinds(match_or_events):
    events = getattr(match_or_events, "events", match_or_events)
    return [e.kind for e in events]


__all__ = [
    "ALPHA",
    "BETA",
    "Match",
    "Plan",
    "Scripted",
    "arm",
    "kinds",
    "match_of",
    "move",
    "sheet",
    "tag_match",
    "with_pronouns",
]
