"""Fixtures for the rule-engine tests: pure Python, no database."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rules.core.dice import ScriptedDice
from rules.filsinger import system as filsinger
from rules.filsinger.engine import Match, prepare
from rules.filsinger.strategy import DefaultStrategy

FIXTURES = Path(__file__).parent / "fixtures"


def load_fixture(name: str) -> dict:
    return yaml.safe_load((FIXTURES / f"{name}.yaml").read_text())


@pytest.fixture(scope="session")
def fs():
    return filsinger


@pytest.fixture(scope="session")
def wolf():
    return filsinger.parse_card(load_fixture("wolf"))


@pytest.fixture(scope="session")
def executioner():
    return filsinger.parse_card(load_fixture("executioner"))


def positioned(spec, faces, *, off, level, strategy=None, tables=None, record=True):
    """A match already under way: side ``off`` is about to roll on LEVEL ``level`` OFFENSE."""
    match = Match(prepare(spec, tables), ScriptedDice(faces), strategy or DefaultStrategy(), record)
    match.off = off
    match.level = level
    return match


def kinds(match_or_events):
    events = getattr(match_or_events, "events", match_or_events)
    return [e.kind for e in events]
