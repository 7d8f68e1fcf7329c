"""Ten people opening the same invitation link at once: one joins, the other nine are told it
has been used. ``invitation_link_accept`` locks the link's row before it reads whether it is
used, so the joins are one after the other.

On SQLite (the embedded default) the test skips (``tests.concurrent``); a link used twice one
after the other is tested in ``test_invitation_links.py``."""

from __future__ import annotations

from collections import Counter

import pytest
from rest_framework.test import APIClient

from promotion.invitations import invitation_link_create
from promotion.models import InvitationLink, Membership
from tests import factories
from tests.concurrent import at_once, needs_postgresql

PEOPLE = 10


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_ten_people_using_one_link_at_once_make_one_member():
    federation = factories.FederationFactory(slug="rivals")
    link, token = invitation_link_create(federation=federation, role="booker")
    people = iter([factories.UserFactory(username=f"guest{n}") for n in range(PEOPLE)])

    def join():
        client = APIClient()
        client.force_authenticate(user=next(people))
        response = client.post("/api/v1/invitation-links/join/", {"token": token}, format="json")
        return response.status_code

    answers = at_once(PEOPLE, join)

    assert Counter(answers) == {200: 1, 410: PEOPLE - 1}
    member = Membership.objects.get(federation=federation)
    assert member.role == "booker"
    assert InvitationLink.objects.get(pk=link.pk).used_by == member.user
