"""``manage.py tournament``: create, advance, print, list and cancel from the shell, through the
same services; a refusal is a command error with every reason, and nothing is kept."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from matches.models import Tournament, TournamentStatus
from tests.factories import BookableWrestlerFactory, FederationFactory

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = io.StringIO()
    call_command("tournament", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


@pytest.fixture
def federation():
    federation = FederationFactory(slug="foundry", name="Foundry", rule_system="filsinger")
    for index, letter in enumerate("ABCD"):
        BookableWrestlerFactory(
            federation=federation,
            ring_name=f"Wrestler {letter}",
            slug=f"wrestler-{letter.lower()}",
            prestige=40 - 10 * index,
        )
    return federation


def test_create_and_advance_then_list_and_cancel(federation):
    out = run("foundry", "--create", "Foundry Cup", "--size", "4", "--advance")
    assert "Created Foundry Cup (foundry-cup): 4 entrants, 2 rounds." in out
    assert "Foundry Cup: tournament semi-final, Wrestler A (seed 1) v Wrestler D (seed 4)" in out
    assert (
        "Semi-final:\n  (1) Wrestler A v (4) Wrestler D\n  (2) Wrestler B v (3) Wrestler C" in out
    )
    assert run("foundry") == "foundry-cup: Foundry Cup (running)\n"
    assert "Cancelled foundry-cup." in run("foundry", "--cancel", "foundry-cup")
    assert Tournament.objects.get().status == TournamentStatus.CANCELLED


def test_entrants_by_slug_in_hand_order(federation):
    out = run(
        "foundry",
        "--create",
        "Hand Cup",
        "--seeding",
        "hand",
        "--entrants",
        "wrestler-c,wrestler-a",
    )
    assert "Final:\n  (1) Wrestler C v (2) Wrestler A" in out


def test_a_refusal_keeps_nothing(federation):
    with pytest.raises(CommandError) as caught:
        run("foundry", "--create", "Too Big", "--size", "9")
    assert "Only 4 wrestlers can wrestle under filsinger now; the tournament asks for 9." in str(
        caught.value
    )
    with pytest.raises(CommandError, match="no wrestler with the slug 'nobody'"):
        run("foundry", "--create", "Cup", "--entrants", "wrestler-a,nobody")
    with pytest.raises(CommandError, match="has no tournament with the slug 'gone'"):
        run("foundry", "--advance", "gone")
    with pytest.raises(CommandError, match="No federation"):
        run("nowhere")
    assert not Tournament.objects.exists()
