"""A title introduced over the API with a name that makes no address (no letters or digits) is
given "title", then "title-2": never refused for an address the booker did not type."""

from __future__ import annotations

import pytest

from promotion.models import MemberRole, Membership
from tests import factories
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db


def test_a_title_named_without_letters_gets_a_numbered_address(people):
    federation = factories.FederationFactory(owner=people["owner"], slug="iron")
    Membership.objects.create(federation=federation, user=people["booker"], role=MemberRole.BOOKER)
    booker = client_for(people, "booker")
    slugs = []
    for name in ("!!!", "???"):
        response = booker.post(
            "/api/v1/federations/iron/titles/",
            {"name": name, "introduced_on": "2026-01-02"},
            format="json",
        )
        assert response.status_code == 201, response.json()
        slugs.append(response.json()["slug"])
    assert slugs == ["title", "title-2"]
