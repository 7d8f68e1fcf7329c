"""simulate_match and odds name a wrestler by slug: a slug is unique only within a federation,
so one held in several is refused naming them, and ``--federation SLUG`` says which."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
import yaml
from django.core.management import CommandError, call_command

from rules.management.cardfiles import build
from tests import factories
from tests.rules.test_commands import EXECUTIONER, WOLF

pytestmark = pytest.mark.django_db

AMBIGUOUS = (
    "wolf: wrestlers of several federations have that slug "
    "(Alpha Wrestling (alpha), Beta Wrestling (beta)); name one with --federation SLUG"
)


@pytest.fixture
def two_wolves():
    """A wrestler of slug "wolf" in two federations (she in Alpha, he in Beta); the
    executioner in Alpha alone."""
    alpha = factories.FederationFactory(name="Alpha Wrestling", slug="alpha")
    beta = factories.FederationFactory(name="Beta Wrestling", slug="beta")
    wolf = yaml.safe_load(Path(WOLF).read_text())
    for federation, pronouns in ((alpha, "she"), (beta, "he")):
        wrestler = factories.WrestlerFactory(
            federation=federation, slug="wolf", ring_name="Wolf", pronouns=pronouns
        )
        factories.WrestlerCardFactory(wrestler=wrestler, system="filsinger", data=wolf)
    executioner = factories.WrestlerFactory(
        federation=alpha, slug="executioner", ring_name="The Executioner"
    )
    factories.WrestlerCardFactory(
        wrestler=executioner, system="filsinger", data=yaml.safe_load(Path(EXECUTIONER).read_text())
    )


@pytest.mark.parametrize("command", ["simulate_match", "odds"])
def test_a_slug_of_several_federations_is_refused_naming_them(two_wolves, command):
    with pytest.raises(CommandError) as refused:
        call_command(command, "wolf", "executioner", "--seed", "1", stdout=StringIO())
    assert str(refused.value) == AMBIGUOUS
    with pytest.raises(CommandError) as refused:
        call_command(command, "wolf", "executioner", "--system", "filsinger", stdout=StringIO())
    assert str(refused.value) == AMBIGUOUS


def test_federation_says_whose_wrestler_a_slug_names(two_wolves):
    built = build({"cards": ["wolf", "executioner"], "federation": "alpha"})
    assert [p.pronouns for p in built.spec.participants] == ["she", "he"]
    with pytest.raises(CommandError) as refused:
        build({"cards": ["wolf", "executioner"], "federation": "beta"})
    assert str(refused.value) == (
        "executioner: no such card file, and no wrestler with that slug has a card"
    )


def test_the_match_commands_take_federation(two_wolves):
    out = StringIO()
    call_command(
        "odds",
        "wolf",
        "executioner",
        "--federation",
        "alpha",
        *("--runs", "20", "--seed", "3", "--exact", "never", "--json"),
        stdout=out,
    )
    report = json.loads(out.getvalue())
    assert (report["system"], report["runs"], report["seed"]) == ("filsinger", 20, 3)
    out = StringIO()
    call_command("simulate_match", "wolf", "executioner", "--federation", "alpha", stdout=out)
    assert out.getvalue().startswith(
        "Filsinger card game: Wolf vs The Executioner (singles; rules: basic game)\n"
    )


def test_a_slug_of_one_federation_needs_no_federation(two_wolves):
    built = build({"cards": ["executioner", str(WOLF)]})
    assert [p.name for p in built.spec.participants] == ["The Executioner", "Wolf"]


def test_an_unknown_federation_is_named(two_wolves):
    with pytest.raises(CommandError) as refused:
        call_command("odds", "wolf", "executioner", "--federation", "gamma", stdout=StringIO())
    assert str(refused.value) == "--federation: no federation 'gamma'"
