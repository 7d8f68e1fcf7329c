"""The tournament admin reads, advances and cancels through the services; it adds, edits and
deletes nothing itself."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Tournament, TournamentStatus
from matches.tournaments import tournament_create
from tests.factories import BookableWrestlerFactory, FederationFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup():
    federation = FederationFactory(rule_system="filsinger")
    wrestlers = [
        BookableWrestlerFactory(federation=federation, ring_name=f"Wrestler {x}", prestige=p)
        for x, p in (("A", 30), ("B", 20), ("C", 10))
    ]
    wrestlers[2].status = "retired"
    wrestlers[2].save()
    return tournament_create(federation=federation, name="Cup", entrants=wrestlers[:2])


def test_the_change_page_is_read_only_with_the_bracket(admin_client, cup):
    page = admin_client.get(reverse("admin:matches_tournament_change", args=[cup.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Wrestler A" in text and "Wrestler B" in text
    assert 'name="name"' not in text  # no field to edit
    assert admin_client.get(reverse("admin:matches_tournament_add")).status_code == 403


def test_the_actions_advance_and_cancel_through_the_services(admin_client, cup):
    url = reverse("admin:matches_tournament_changelist")
    done = admin_client.post(
        url, {"action": "advance", "_selected_action": [cup.pk]}, follow=True
    ).content.decode()
    assert "Cup: 1 match(es) booked." in done
    assert cup.bouts.get().match.booking_note.startswith("Cup: tournament final")
    again = admin_client.post(
        url, {"action": "advance", "_selected_action": [cup.pk]}, follow=True
    ).content.decode()
    assert "The final is booked on" in again
    admin_client.post(url, {"action": "cancel", "_selected_action": [cup.pk]}, follow=True)
    assert Tournament.objects.get().status == TournamentStatus.CANCELLED
