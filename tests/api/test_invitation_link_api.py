"""Invitation links in the API: the owner lists, makes (the token in that answer alone) and
revokes them below his federation; a signed-in user joins with a token at
``invitation-links/join/``. A used, expired or revoked link is refused 410 saying which, an
unknown one 404; bad input is a 400 naming its field."""

from __future__ import annotations

import datetime as dt
import hashlib

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from promotion.invitations import invitation_link_create, invitation_link_revoke
from promotion.models import InvitationLink, Membership
from tests import factories

pytestmark = pytest.mark.django_db

LINKS = "/api/v1/federations/copperline/invitation-links/"
JOIN = "/api/v1/invitation-links/join/"


@pytest.fixture
def federation():
    owner = factories.UserFactory(username="boss")
    federation = factories.FederationFactory(owner=owner, name="Copperline", slug="copperline")
    booker = factories.UserFactory(username="booker")
    Membership.objects.create(federation=federation, user=booker, role="booker")
    return federation


def as_user(user) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user=user)
    return client


def problems(response) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for error in response.json()["errors"]:
        found.setdefault(error["path"], []).append(error["message"])
    return found


def test_the_owner_makes_a_link_and_its_token_is_in_that_answer_alone(federation):
    owner = as_user(federation.owner)
    made = owner.post(LINKS, {"role": "viewer", "days": 2}, format="json")
    assert made.status_code == 201, made.content
    assert made["Cache-Control"] == "no-store"
    body = made.json()
    token = body["token"]
    assert body["url"] == f"http://testserver/join/{token}/"
    assert (body["role"], body["state"], body["created_by"]) == ("viewer", "pending", "boss")
    link = InvitationLink.objects.get(pk=body["id"])
    assert link.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert link.expires_at - link.created_at == pytest.approx(
        dt.timedelta(days=2), abs=dt.timedelta(seconds=5)
    )
    listed = owner.get(LINKS)
    assert listed.status_code == 200
    (row,) = listed.json()["results"]
    assert row["id"] == link.pk and "token" not in row and token not in listed.content.decode()


def test_a_link_lasts_seven_days_unless_told(federation):
    made = as_user(federation.owner).post(LINKS, {"role": "booker"}, format="json")
    link = InvitationLink.objects.get(pk=made.json()["id"])
    assert link.expires_at - link.created_at == pytest.approx(
        dt.timedelta(days=7), abs=dt.timedelta(seconds=5)
    )


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"role": "booker", "days": 31}, "days"),
        ({"role": "booker", "days": 0}, "days"),
        ({"role": "booker", "days": "a week"}, "days"),
        ({"role": "owner"}, "role"),
        ({}, "role"),
    ],
)
def test_bad_input_is_a_400_naming_its_field(federation, body, field):
    answer = as_user(federation.owner).post(LINKS, body, format="json")
    assert answer.status_code == 400
    assert list(problems(answer)) == [field]
    assert not InvitationLink.objects.exists()


@pytest.mark.parametrize(("who", "status"), [("booker", 403), (None, 401)])
def test_only_the_owner_lists_makes_and_revokes(federation, who, status):
    link, _ = invitation_link_create(federation=federation, role="viewer")
    user = Membership.objects.get(role="booker").user if who == "booker" else None
    client = as_user(user)
    assert client.get(LINKS).status_code == status
    assert client.post(LINKS, {"role": "viewer"}, format="json").status_code == status
    assert client.post(f"{LINKS}{link.pk}/revoke/", format="json").status_code == status
    assert InvitationLink.objects.get().revoked_at is None


def test_the_owner_revokes_a_link_once(federation):
    link, _ = invitation_link_create(federation=federation, role="viewer")
    owner = as_user(federation.owner)
    revoked = owner.post(f"{LINKS}{link.pk}/revoke/", format="json")
    assert revoked.status_code == 200
    assert (revoked.json()["state"], revoked.json()["revoked_by"]) == ("revoked", "boss")
    again = owner.post(f"{LINKS}{link.pk}/revoke/", format="json")
    assert again.status_code == 400
    assert "This link was revoked already." in again.content.decode()
    missing = owner.post(f"{LINKS}999999/revoke/", format="json")
    assert missing.status_code == 404


def test_a_signed_in_user_joins_with_the_token(federation):
    link, token = invitation_link_create(federation=federation, role="booker")
    guest = factories.UserFactory(username="rival")
    joined = as_user(guest).post(JOIN, {"token": token}, format="json")
    assert joined.status_code == 200, joined.content
    assert joined.json() == {
        "federation": "copperline",
        "federation_name": "Copperline",
        "role": "booker",
    }
    assert Membership.objects.get(federation=federation, user=guest).role == "booker"
    link.refresh_from_db()
    assert link.used_by == guest


def test_a_link_used_twice_is_gone(federation):
    _, token = invitation_link_create(federation=federation, role="booker")
    assert as_user(factories.UserFactory()).post(JOIN, {"token": token}).status_code == 200
    late = factories.UserFactory(username="late")
    again = as_user(late).post(JOIN, {"token": token}, format="json")
    assert again.status_code == 410
    assert "has been used already" in again.content.decode()
    assert not Membership.objects.filter(user=late).exists()


def test_an_expired_link_is_gone(federation):
    link, token = invitation_link_create(federation=federation, role="booker")
    InvitationLink.objects.filter(pk=link.pk).update(
        expires_at=timezone.now() - dt.timedelta(seconds=1)
    )
    answer = as_user(factories.UserFactory()).post(JOIN, {"token": token}, format="json")
    assert answer.status_code == 410
    assert "This invitation link expired on" in answer.content.decode()


def test_a_revoked_link_is_gone(federation):
    link, token = invitation_link_create(federation=federation, role="booker")
    invitation_link_revoke(link=link)
    answer = as_user(factories.UserFactory()).post(JOIN, {"token": token}, format="json")
    assert answer.status_code == 410
    assert "This invitation link was revoked on" in answer.content.decode()


@pytest.mark.parametrize(("body", "status"), [({"token": "nope"}, 404), ({}, 400)])
def test_an_unknown_or_missing_token(federation, body, status):
    answer = as_user(factories.UserFactory()).post(JOIN, body, format="json")
    assert answer.status_code == status
    if status == 400:
        assert list(problems(answer)) == ["token"]
    else:
        assert "not one of ours" in answer.content.decode()


def test_joining_needs_signing_in(federation):
    _, token = invitation_link_create(federation=federation, role="booker")
    assert as_user(None).post(JOIN, {"token": token}, format="json").status_code == 401
    assert InvitationLink.objects.get().used_at is None
