"""A generated card (``card-generate``, ``POST F/wrestlers/{slug}/generate-card/``) names its
wrestler in the address: a neighbour's wrestler named through ``home``'s address is not found,
on the page and in the API, and nothing is written."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from rules.models import WrestlerCard
from tests.scoping.world import AWAY_WRESTLERS, HOME, HOME_WRESTLERS, snapshot

pytestmark = pytest.mark.django_db
NEIGHBOUR = AWAY_WRESTLERS[0]


def test_the_page_button_does_not_reach_a_neighbours_wrestler(world, client):
    before = snapshot()
    client.force_login(world.boss)
    answer = client.post(
        reverse("card-generate", args=[HOME, NEIGHBOUR]), {"system": "arm", "seed": 1}
    )
    assert answer.status_code == 404
    assert snapshot() == before


def test_the_api_does_not_reach_a_neighbours_wrestler(world):
    before = snapshot()
    api = APIClient()
    api.force_authenticate(user=world.boss)
    answer = api.post(
        f"/api/v1/federations/{HOME}/wrestlers/{NEIGHBOUR}/generate-card/",
        {"system": "arm", "seed": 1},
        format="json",
    )
    assert answer.status_code == 404
    assert NEIGHBOUR in answer.json()["detail"]
    assert snapshot() == before


def test_the_same_request_for_homes_own_wrestler_is_answered(world, client):
    """The neighbour's refusal above is the scoping's, not the request's: for home's own man it
    writes his card."""
    own = HOME_WRESTLERS[0]
    WrestlerCard.objects.filter(wrestler__federation__slug=HOME, wrestler__slug=own).exclude(
        system="filsinger"
    ).delete()
    client.force_login(world.boss)
    answer = client.post(reverse("card-generate", args=[HOME, own]), {"system": "arm", "seed": 1})
    assert answer.status_code == 302
    assert WrestlerCard.objects.filter(
        wrestler__federation__slug=HOME, wrestler__slug=own, system="arm"
    ).exists()
