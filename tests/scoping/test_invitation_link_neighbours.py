"""Invitation links are their federation's: home's list (the members page, the API's
``invitation-links/``) holds none of away's, and away's link named through home's addresses is
not found and stays waiting (``test_neighbours.py`` makes the same requests for every door;
here the link itself is checked too)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from promotion.invitations import link_state
from tests.scoping.world import AWAY, HOME, snapshot


@pytest.fixture
def away_link(world):
    return world.away.federation.invitation_links.get()


def test_homes_lists_hold_none_of_aways_links(world, client, away_link):
    api = APIClient()
    api.force_authenticate(user=world.boss)
    home = api.get(reverse("api:invitation-link-list", kwargs={"federation_slug": HOME}))
    away = api.get(reverse("api:invitation-link-list", kwargs={"federation_slug": AWAY}))
    assert home.status_code == 200 and home.json()["results"] == []
    assert [row["id"] for row in away.json()["results"]] == [away_link.pk]
    client.force_login(world.boss)
    page = client.get(reverse("members", args=[HOME]))
    assert page.context["invitation_links"] == []
    assert "No links made yet." in page.content.decode()


@pytest.mark.parametrize("door", ["page", "api"])
def test_aways_link_revoked_through_home_is_not_found_and_stays(world, client, away_link, door):
    before = snapshot()
    if door == "api":
        api = APIClient()
        api.force_authenticate(user=world.boss)
        url = reverse(
            "api:invitation-link-revoke", kwargs={"federation_slug": HOME, "pk": away_link.pk}
        )
        response = api.post(url, {}, format="json")
    else:
        client.force_login(world.boss)
        response = client.post(reverse("invitation-link-revoke", args=[HOME, away_link.pk]))
    assert response.status_code == 404
    away_link.refresh_from_db()
    assert link_state(away_link) == "pending" and away_link.revoked_at is None
    assert snapshot() == before
