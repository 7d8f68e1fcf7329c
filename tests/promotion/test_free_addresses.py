"""An address left empty is made from the name; a name with no letters or digits ("!!!") gives
the thing's kind, numbered on where taken ("title", "title-2"), never a refusal naming an address
the promoter never typed."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from promotion import services
from promotion.models import Federation
from promotion.selectors import free_slug
from tests import factories

pytestmark = pytest.mark.django_db


def test_titles_with_no_letters_in_their_names_get_numbered_addresses(federation):
    day = dt.date(2020, 1, 1)
    first = services.title_create(federation=federation, name="!!!", introduced_on=day)
    second = services.title_create(federation=federation, name="???", introduced_on=day)
    assert (first.slug, second.slug) == ("title", "title-2")


def test_a_names_own_address_is_not_numbered(federation):
    """Taken, it is the caller's to refuse (two teams of one name are one too many)."""
    factories.WrestlerFactory(federation=federation, slug="aj-styles")
    assert free_slug(federation.wrestlers.all(), "A.J. Styles", fallback="wrestler") == (
        "aj-styles"
    )
    assert free_slug(federation.wrestlers.all(), "x" * 100, fallback="wrestler") == "x" * 80


def test_a_federation_named_without_letters_gets_an_address(client):
    client.force_login(factories.UserFactory())
    form = {"name": "!!!", "rule_system": "filsinger", "show_weekday": 5, "time_zone": "UTC"}
    form |= {"show_time": "20:00", "start": "empty", "is_public": "on"}
    response = client.post(reverse("federation-create"), form)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Federation.objects.filter(name="!!!", slug="federation").exists()


def test_a_wrestler_named_without_letters_gets_an_address_over_the_api(federation):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(federation.owner)
    for expected in ("wrestler", "wrestler-2"):
        response = api.post(
            f"/api/v1/federations/{federation.slug}/wrestlers/",
            {"ring_name": "★" * (len(expected) - 7)},
            format="json",
        )
        assert response.status_code == 201, response.content
        assert response.json()["slug"] == expected
