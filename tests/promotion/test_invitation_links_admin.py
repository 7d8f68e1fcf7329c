"""Invitation links in the admin: listed with their state, read-only (no token, not even its
hash), revoked by an action through the same service as the pages."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from promotion.invitations import invitation_link_accept, invitation_link_create, link_state
from promotion.models import InvitationLink
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client():
    root = factories.UserFactory(username="root", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(root)
    return client


@pytest.fixture
def links():
    federation = factories.FederationFactory(slug="copperline", name="Copperline")
    waiting, _ = invitation_link_create(federation=federation, role="viewer")
    used, token = invitation_link_create(federation=federation, role="booker")
    invitation_link_accept(token=token, user=factories.UserFactory(username="rival"))
    return waiting, used


def test_the_list_shows_each_links_state_and_a_link_shows_no_hash(admin_client, links):
    _, used = links
    listed = admin_client.get(reverse("admin:promotion_invitationlink_changelist"))
    assert listed.status_code == 200
    cells = listed.content.decode()
    assert '<td class="field-state">pending</td>' in cells
    assert '<td class="field-state">used</td>' in cells
    shown = admin_client.get(reverse("admin:promotion_invitationlink_change", args=[used.pk]))
    assert shown.status_code == 200
    assert used.token_hash not in shown.content.decode()
    assert admin_client.get(reverse("admin:promotion_invitationlink_add")).status_code == 403


def test_the_revoke_action_revokes_the_waiting_and_leaves_the_used(admin_client, links):
    waiting, used = links
    answer = admin_client.post(
        reverse("admin:promotion_invitationlink_changelist"),
        {"action": "revoke", "_selected_action": [waiting.pk, used.pk]},
        follow=True,
    )
    told = [str(message) for message in answer.context["messages"]]
    assert "1 link(s) revoked." in told
    assert any("This link was used by rival" in message for message in told)
    assert link_state(InvitationLink.objects.get(pk=waiting.pk)) == "revoked"
    assert InvitationLink.objects.get(pk=waiting.pk).revoked_by.username == "root"
    assert link_state(InvitationLink.objects.get(pk=used.pk)) == "used"
