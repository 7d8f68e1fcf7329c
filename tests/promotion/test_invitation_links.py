"""Invitation links (``promotion.invitations``): a link for a role, used once, expiring,
revocable, its token kept only as a hash; a new person signs up and joins in one step, a
signed-in one joins; a used, expired or revoked link is refused saying which."""

from __future__ import annotations

import datetime as dt
import hashlib

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from promotion import invitations
from promotion.invitations import (
    LinkClosed,
    invitation_link_accept,
    invitation_link_create,
    invitation_link_revoke,
    invitation_link_sign_up,
    link_state,
)
from promotion.models import InvitationLink, Membership
from promotion.services import ServiceError
from tests import factories

pytestmark = pytest.mark.django_db

#: A password Django's four validators accept.
GOOD_PASSWORD = "copper-line-ring-47"


@pytest.fixture
def federation():
    owner = factories.UserFactory(username="boss")
    return factories.FederationFactory(owner=owner, name="Copperline", slug="copperline")


@pytest.fixture
def made(federation):
    return invitation_link_create(federation=federation, role="booker", created_by=federation.owner)


def test_a_link_keeps_only_the_hash_of_its_token_and_lasts_seven_days(federation, made):
    link, token = made
    # 32 random bytes, URL-safe base64: 43 characters
    assert len(token) == 43
    # (the hash computed here, apart from the code's)
    assert link.token_hash == hashlib.sha256(token.encode()).hexdigest()
    row = InvitationLink.objects.filter(pk=link.pk).values()[0]
    assert token not in [str(value) for value in row.values()]
    assert link.expires_at - link.created_at == pytest.approx(
        dt.timedelta(days=7), abs=dt.timedelta(seconds=5)
    )
    assert link.created_by == federation.owner and link.role == "booker"
    other, other_token = invitation_link_create(federation=federation, role="viewer")
    assert other_token != token and other.token_hash != link.token_hash


@pytest.mark.parametrize("days", [1, 30])
def test_a_link_lasts_from_one_to_thirty_days(federation, days):
    link, _ = invitation_link_create(federation=federation, role="viewer", days=days)
    assert link.expires_at - link.created_at == pytest.approx(
        dt.timedelta(days=days), abs=dt.timedelta(seconds=5)
    )


@pytest.mark.parametrize("days", [0, 31, -3, "7", 2.5, True])
def test_a_link_for_too_long_or_no_time_is_refused_naming_days(federation, days):
    with pytest.raises(ServiceError) as refused:
        invitation_link_create(federation=federation, role="viewer", days=days)
    assert refused.value.by_field == (("days", f"A link lasts from 1 to 30 days, not {days}."),)
    assert not InvitationLink.objects.exists()


def test_a_link_for_an_unknown_role_is_refused_naming_role(federation):
    with pytest.raises(ServiceError) as refused:
        invitation_link_create(federation=federation, role="owner")
    assert refused.value.by_field == (
        ("role", "Unknown role 'owner'; a member is a booker or a viewer."),
    )


def test_fifty_waiting_links_are_the_most(federation):
    for _ in range(50):
        invitation_link_create(federation=federation, role="viewer")
    with pytest.raises(ServiceError, match=r"^Copperline has 50 links waiting already; revoke"):
        invitation_link_create(federation=federation, role="viewer")
    # a revoked one no longer counts
    invitation_link_revoke(link=InvitationLink.objects.first())
    invitation_link_create(federation=federation, role="viewer")
    assert InvitationLink.objects.count() == 51


def test_a_signed_in_person_joins_with_the_role_and_the_link_is_used(made):
    link, token = made
    guest = factories.UserFactory(username="rival")
    membership = invitation_link_accept(token=token, user=guest)
    assert (membership.user, membership.role) == (guest, "booker")
    link.refresh_from_db()
    assert link.used_by == guest and link.used_at is not None
    assert link_state(link) == "used"


def test_a_link_used_twice_is_refused_as_used(made):
    _, token = made
    invitation_link_accept(token=token, user=factories.UserFactory(username="first"))
    second = factories.UserFactory(username="second")
    with pytest.raises(LinkClosed) as refused:
        invitation_link_accept(token=token, user=second)
    assert refused.value.reason == "used" and refused.value.status_code == 410
    assert str(refused.value) == (
        "This invitation link has been used already: it lets one person join. "
        "Ask boss for a new one."
    )
    assert not Membership.objects.filter(user=second).exists()
    with pytest.raises(LinkClosed, match="used already"):
        invitation_link_sign_up(token=token, username="third", password=GOOD_PASSWORD)
    assert not User.objects.filter(username="third").exists()


def test_an_expired_link_is_refused_as_expired(made):
    link, token = made
    gone = timezone.now() - dt.timedelta(seconds=1)
    InvitationLink.objects.filter(pk=link.pk).update(expires_at=gone)
    guest = factories.UserFactory(username="late")
    with pytest.raises(LinkClosed) as refused:
        invitation_link_accept(token=token, user=guest)
    assert refused.value.reason == "expired" and refused.value.status_code == 410
    assert str(refused.value) == (
        f"This invitation link expired on {gone:%Y-%m-%d %H:%M} UTC. Ask boss for a new one."
    )
    assert not Membership.objects.exists()
    # a minute before it expires it still works
    InvitationLink.objects.filter(pk=link.pk).update(
        expires_at=timezone.now() + dt.timedelta(minutes=1)
    )
    assert invitation_link_accept(token=token, user=guest).role == "booker"


def test_a_revoked_link_is_refused_as_revoked(federation, made):
    link, token = made
    revoked = invitation_link_revoke(link=link, by=federation.owner)
    assert revoked.revoked_by == federation.owner
    with pytest.raises(LinkClosed) as refused:
        invitation_link_accept(token=token, user=factories.UserFactory(username="late"))
    assert refused.value.reason == "revoked" and refused.value.status_code == 410
    assert str(refused.value) == (
        f"This invitation link was revoked on {revoked.revoked_at:%Y-%m-%d}. "
        "Ask boss for a new one."
    )
    assert not Membership.objects.exists()
    with pytest.raises(ServiceError, match=r"^This link was revoked already\.$"):
        invitation_link_revoke(link=link)


def test_a_used_link_cannot_be_revoked(made):
    link, token = made
    invitation_link_accept(token=token, user=factories.UserFactory(username="rival"))
    with pytest.raises(ServiceError, match=r"^This link was used by rival on .*; it cannot be"):
        invitation_link_revoke(link=link)
    link.refresh_from_db()
    assert link.revoked_at is None


@pytest.mark.parametrize("token", ["", "x" * 43, "not-a-link"])
def test_an_unknown_token_is_refused_as_unknown(made, token):
    with pytest.raises(LinkClosed) as refused:
        invitation_link_accept(token=token, user=factories.UserFactory(username="guess"))
    assert refused.value.reason == "unknown" and refused.value.status_code == 404


def test_the_owner_is_refused_and_the_link_stays(federation, made):
    link, token = made
    with pytest.raises(ServiceError, match=r"^You own Copperline: the owner needs no invitation"):
        invitation_link_accept(token=token, user=federation.owner)
    link.refresh_from_db()
    assert link_state(link) == "pending"


def test_a_link_never_lowers_a_role_but_raises_one(federation):
    booker = factories.UserFactory(username="booker")
    viewer = factories.UserFactory(username="viewer")
    Membership.objects.create(federation=federation, user=booker, role="booker")
    Membership.objects.create(federation=federation, user=viewer, role="viewer")
    _, for_viewer = invitation_link_create(federation=federation, role="viewer")
    with pytest.raises(ServiceError, match=r"^You are a booker of Copperline already"):
        invitation_link_accept(token=for_viewer, user=booker)
    with pytest.raises(ServiceError, match=r"^You are a viewer of Copperline already"):
        invitation_link_accept(token=for_viewer, user=viewer)
    _, for_booker = invitation_link_create(federation=federation, role="booker")
    assert invitation_link_accept(token=for_booker, user=viewer).role == "booker"
    assert Membership.objects.get(user=booker).role == "booker"


def test_a_new_person_signs_up_and_joins_in_one_step(made):
    link, token = made
    user, membership = invitation_link_sign_up(
        token=token, username="newbooker", password=GOOD_PASSWORD, email="new@example.com"
    )
    assert User.objects.get(username="newbooker").check_password(GOOD_PASSWORD)
    assert (membership.user, membership.role) == (user, "booker")
    link.refresh_from_db()
    assert link.used_by == user


@pytest.mark.parametrize(
    ("username", "password", "field", "message"),
    [
        (
            "newbooker",
            "abc",
            "password",
            "This password is too short. It must contain at least 8 characters.",
        ),
        ("newbooker", "password", "password", "This password is too common."),
        ("newbooker", "12345678901", "password", "This password is entirely numeric."),
        ("boss", GOOD_PASSWORD, "username", invitations.USERNAME_TAKEN),
        ("BOSS", GOOD_PASSWORD, "username", invitations.USERNAME_TAKEN),
        (
            "no spaces",
            GOOD_PASSWORD,
            "username",
            "Enter a valid username. This value may contain only letters, numbers, and "
            "@/./+/-/_ characters.",
        ),
        ("", GOOD_PASSWORD, "username", "This field cannot be blank."),
    ],
)
def test_a_sign_up_refused_names_its_field_and_writes_nothing(
    made, username, password, field, message
):
    link, token = made
    users = User.objects.count()
    with pytest.raises(ServiceError) as refused:
        invitation_link_sign_up(token=token, username=username, password=password)
    assert (field, message) in refused.value.by_field
    assert User.objects.count() == users
    link.refresh_from_db()
    assert link_state(link) == "pending"


def test_a_sign_up_is_all_or_nothing(made, monkeypatch):
    """The account is not kept when joining fails after it was made."""
    link, token = made

    def refuse(**kwargs):
        raise ServiceError("planted")

    monkeypatch.setattr(invitations, "membership_set", refuse)
    with pytest.raises(ServiceError, match="planted"):
        invitation_link_sign_up(token=token, username="newbooker", password=GOOD_PASSWORD)
    assert not User.objects.filter(username="newbooker").exists()
    link.refresh_from_db()
    assert link.used_at is None
