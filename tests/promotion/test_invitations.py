"""Invitations: a member named by an imported federation is asked, not added. He sees the
invitation on his home page and in the API, and accepts (a member with the role offered) or
declines (nothing else changes); nobody else can answer for him."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from promotion.invitations import (
    invitation_accept,
    invitation_decline,
    invitation_send,
    pending_invitations,
)
from promotion.models import Invitation, MemberRole, Membership
from promotion.services import ServiceError
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def invited():
    owner = factories.UserFactory(username="boss")
    guest = factories.UserFactory(username="rivalbooker")
    federation = factories.FederationFactory(owner=owner, name="Copperline", slug="copperline")
    invitation = invitation_send(
        federation=federation, user=guest, role=MemberRole.BOOKER, invited_by=owner
    )
    return invitation


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_accepting_makes_him_a_member_with_the_role_offered(invited):
    answered = invitation_accept(invitation=invited, user=invited.user)
    assert answered.accepted_at is not None and answered.declined_at is None
    membership = Membership.objects.get(federation=invited.federation, user=invited.user)
    assert membership.role == "booker"
    assert list(pending_invitations(user=invited.user)) == []
    with pytest.raises(ServiceError, match="You have already accepted this invitation to "):
        invitation_decline(invitation=invited, user=invited.user)


def test_declining_changes_nothing_else(invited):
    invitation_decline(invitation=invited, user=invited.user)
    assert not Membership.objects.filter(user=invited.user).exists()
    with pytest.raises(ServiceError, match="You have already declined this invitation to "):
        invitation_accept(invitation=invited, user=invited.user)


def test_nobody_answers_for_him(invited):
    other = factories.UserFactory(username="someone")
    with pytest.raises(ServiceError, match=r"^This invitation is for another user\.$"):
        invitation_accept(invitation=invited, user=other)
    assert not Membership.objects.exists()


def test_inviting_again_replaces_the_waiting_invitation(invited):
    again = invitation_send(
        federation=invited.federation, user=invited.user, role=MemberRole.VIEWER
    )
    assert again.pk == invited.pk
    assert list(Invitation.objects.values_list("role", flat=True)) == ["viewer"]
    with pytest.raises(
        ServiceError, match=r"^boss owns Copperline; the owner needs no invitation\.$"
    ):
        invitation_send(federation=invited.federation, user=invited.federation.owner, role="viewer")


def test_the_home_page_lists_them_and_accepts_one(invited):
    client = _signed_in(invited.user)
    page = client.get("/").content.decode()
    assert "<h2>Invitations</h2>" in page
    assert "Accept the invitation to Copperline" in page
    response = client.post(f"/invitations/{invited.pk}/accept/", follow=True)
    assert response.redirect_chain == [("/", 302)]
    page = response.content.decode()
    assert "You are now a member of Copperline." in page
    assert "<h2>Invitations</h2>" not in page
    assert Membership.objects.get(user=invited.user).role == "booker"


def test_the_home_page_declines_one_in_place_with_htmx(invited):
    client = _signed_in(invited.user)
    response = client.post(f"/invitations/{invited.pk}/decline/", headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.content.decode()
    assert html.startswith('<section id="invitations"')
    assert "You declined the invitation to Copperline." in html
    assert not Membership.objects.exists()


def test_another_users_invitation_is_not_found_on_the_pages(invited):
    client = _signed_in(factories.UserFactory(username="someone"))
    assert client.post(f"/invitations/{invited.pk}/accept/").status_code == 404
    assert not Membership.objects.exists()


def test_the_api_lists_accepts_and_declines_for_the_signed_in_user(invited):
    api = APIClient()
    assert api.get("/api/v1/invitations/").status_code == 401
    api.force_authenticate(invited.user)
    listed = api.get("/api/v1/invitations/").json()
    assert listed["results"] == [
        {
            "id": invited.pk,
            "federation": "copperline",
            "federation_name": "Copperline",
            "role": "booker",
            "invited_by": "boss",
            "created_at": listed["results"][0]["created_at"],
            "accepted_at": None,
            "declined_at": None,
        }
    ]
    stranger = APIClient()
    stranger.force_authenticate(factories.UserFactory(username="someone"))
    assert stranger.post(f"/api/v1/invitations/{invited.pk}/accept/").status_code == 404
    response = api.post(f"/api/v1/invitations/{invited.pk}/accept/")
    assert response.status_code == 200
    assert response.json()["accepted_at"] is not None
    assert Membership.objects.get(user=invited.user).role == "booker"
    # Answered, it is no longer listed (nor found to answer again).
    assert api.get("/api/v1/invitations/").json()["results"] == []
    assert api.post(f"/api/v1/invitations/{invited.pk}/decline/").status_code == 404


def test_the_admin_lists_them_read_only(invited):
    admin = factories.UserFactory(username="admin", is_staff=True, is_superuser=True)
    client = _signed_in(admin)
    response = client.get("/admin/promotion/invitation/")
    assert response.status_code == 200
    assert "rivalbooker" in response.content.decode()
    assert client.get("/admin/promotion/invitation/add/").status_code == 403
