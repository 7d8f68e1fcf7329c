"""Invitation links on the pages: the owner makes one (shown once) and revokes one from the
members page; a new person signs up and joins through it in one step, a signed-in one joins;
a used, expired, revoked or unknown link answers a page saying which, never a 500."""

from __future__ import annotations

import datetime as dt
import hashlib
import re

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from promotion import invitation_views
from promotion.invitations import invitation_link_create, invitation_link_revoke, link_state
from promotion.models import InvitationLink, Membership
from tests import factories

pytestmark = pytest.mark.django_db

GOOD_PASSWORD = "copper-line-ring-47"
SIGN_UP = {"username": "newbooker", "password1": GOOD_PASSWORD, "password2": GOOD_PASSWORD}
THROTTLE_KEY = "join-refusals:127.0.0.1"


@pytest.fixture(autouse=True)
def fresh_throttle():
    """Refused joins are counted by address in the cache: each test starts and ends at none."""
    cache.delete(THROTTLE_KEY)
    yield
    cache.delete(THROTTLE_KEY)


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def federation():
    owner = factories.UserFactory(username="boss", email="boss@example.com")
    return factories.FederationFactory(owner=owner, name="Copperline", slug="copperline")


@pytest.fixture
def owner_client(federation):
    client = Client()
    client.force_login(federation.owner)
    return client


@pytest.fixture
def made(federation):
    return invitation_link_create(federation=federation, role="booker", created_by=federation.owner)


def join(token: str) -> str:
    return reverse("join", args=[token])


def test_the_owner_makes_a_link_and_sees_it_once(federation, owner_client):
    form = owner_client.get(reverse("invitation-link-create", args=["copperline"]))
    assert form.status_code == 200
    assert form.context["form"]["days"].value() == 7
    answer = owner_client.post(
        reverse("invitation-link-create", args=["copperline"]), {"role": "viewer", "days": 3}
    )
    assert answer.status_code == 200
    assert answer["Cache-Control"] == "no-store"
    page = answer.content.decode()
    token = re.search(r'value="http://testserver/join/([-\w]+)/"', page).group(1)
    link = InvitationLink.objects.get()
    assert link.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert (link.role, link.created_by) == ("viewer", federation.owner)
    assert link.expires_at - link.created_at == pytest.approx(
        dt.timedelta(days=3), abs=dt.timedelta(seconds=5)
    )
    members = owner_client.get(reverse("members", args=["copperline"])).content.decode()
    assert token not in members
    row = re.search(r"<tr>\s*<td>Viewer</td>\s*<td>boss</td>.*?</tr>", members, re.S).group(0)
    assert "Waiting" in row and "Revoke" in row


@pytest.mark.parametrize(
    ("days", "error"),
    [
        ("31", "Ensure this value is less than or equal to 30."),
        ("0", "Ensure this value is greater than or equal to 1."),
        ("a week", "Enter a whole number."),
    ],
)
def test_a_link_for_too_long_is_refused_beside_days(owner_client, days, error):
    answer = owner_client.post(
        reverse("invitation-link-create", args=["copperline"]), {"role": "booker", "days": days}
    )
    assert answer.status_code == 400
    assert answer.context["form"].errors == {"days": [error]}
    assert not InvitationLink.objects.exists()


def test_a_new_person_signs_up_and_joins_as_a_booker(federation, made, owner_client):
    _, token = made
    visitor = Client()
    page = visitor.get(join(token))
    assert page.status_code == 200
    assert page["Cache-Control"] == "no-store" and page["Referrer-Policy"] == "same-origin"
    text = page.content.decode()
    assert "Join Copperline" in text and "boss invites you to be a booker" in text
    answer = visitor.post(join(token), {**SIGN_UP, "email": "new@example.com"})
    assert answer.status_code == 302
    assert answer["Location"] == reverse("federation-detail", args=["copperline"])
    user = User.objects.get(username="newbooker")
    assert user.check_password(GOOD_PASSWORD) and user.email == "new@example.com"
    assert Membership.objects.get(federation=federation, user=user).role == "booker"
    # signed in as him now
    home = visitor.get(reverse("federation-detail", args=["copperline"]))
    assert home.context["user"] == user and home.context["role"] == "booker"
    members = owner_client.get(reverse("members", args=["copperline"])).content.decode()
    assert "Used by newbooker" in members


def test_a_link_used_twice_says_so(made):
    _, token = made
    assert Client().post(join(token), SIGN_UP).status_code == 302
    again = Client()
    answer = again.post(join(token), {**SIGN_UP, "username": "second"})
    assert answer.status_code == 410
    text = answer.content.decode()
    assert "This invitation link has been used" in text
    assert "it lets one person join. Ask boss for a new one." in text
    assert not User.objects.filter(username="second").exists()
    opened = again.get(join(token))
    assert opened.status_code == 410 and "has been used" in opened.content.decode()


def test_an_expired_link_says_so(made):
    link, token = made
    InvitationLink.objects.filter(pk=link.pk).update(
        expires_at=timezone.now() - dt.timedelta(minutes=1)
    )
    answer = Client().get(join(token))
    assert answer.status_code == 410
    assert "This invitation link has expired" in answer.content.decode()
    refused = Client().post(join(token), SIGN_UP)
    assert refused.status_code == 410
    assert not User.objects.filter(username="newbooker").exists()


def test_a_revoked_link_says_so(made):
    link, token = made
    invitation_link_revoke(link=link)
    answer = Client().get(join(token))
    assert answer.status_code == 410
    assert "This invitation link was revoked" in answer.content.decode()
    assert Client().post(join(token), SIGN_UP).status_code == 410
    assert not User.objects.filter(username="newbooker").exists()


def test_an_unknown_link_is_not_found(made):
    _, token = made
    answer = Client().get(join(token[:-1] + ("A" if token[-1] != "A" else "B")))
    assert answer.status_code == 404
    assert "This invitation link is unknown" in answer.content.decode()


def test_the_owner_revokes_a_link_from_the_members_page(made, owner_client):
    link, _ = made
    answer = owner_client.post(reverse("invitation-link-revoke", args=["copperline", link.pk]))
    assert answer.status_code == 302
    assert answer["Location"] == reverse("members", args=["copperline"])
    link.refresh_from_db()
    assert link_state(link) == "revoked" and link.revoked_by.username == "boss"
    members = owner_client.get(reverse("members", args=["copperline"])).content.decode()
    assert "Revoked" in members
    again = owner_client.post(
        reverse("invitation-link-revoke", args=["copperline", link.pk]), follow=True
    )
    assert "This link was revoked already." in again.content.decode()


def test_a_signed_in_person_joins_with_a_button(federation, made):
    _, token = made
    guest = factories.UserFactory(username="rival")
    client = Client()
    client.force_login(guest)
    page = client.get(join(token)).content.decode()
    assert "You are signed in as <strong>rival</strong>" in page
    assert "Join as a booker" in page and 'name="password1"' not in page
    answer = client.post(join(token))
    assert answer.status_code == 302
    assert Membership.objects.get(federation=federation, user=guest).role == "booker"


def test_the_owner_opening_his_link_is_told_and_it_stays(federation, made, owner_client):
    link, token = made
    page = owner_client.get(join(token))
    assert page.status_code == 200
    assert "you need no invitation" in page.content.decode()
    refused = owner_client.post(join(token))
    assert refused.status_code == 400
    assert "You own Copperline: the owner needs no invitation." in refused.content.decode()
    link.refresh_from_db()
    assert link_state(link) == "pending"


@pytest.mark.parametrize(
    ("body", "field", "error"),
    [
        ({"password1": "abc", "password2": "abc"}, "password1", "This password is too short."),
        ({"password1": "password", "password2": "password"}, "password1", "too common"),
        ({"password2": "something-else-9"}, "password2", "The two passwords differ."),
        ({"username": "boss"}, "username", "That username is taken"),
        ({"username": "two words"}, "username", "Enter a valid username."),
        ({"email": "not an address"}, "email", "Enter a valid email address."),
        ({"email": "Boss@Example.com"}, "email", "An account with this e-mail address exists"),
    ],
)
def test_a_sign_up_refused_names_its_field_and_keeps_the_link(made, body, field, error):
    link, token = made
    answer = Client().post(join(token), {**SIGN_UP, **body})
    assert answer.status_code == 400
    errors = answer.context["form"].errors
    assert list(errors) == [field]
    assert error in " ".join(errors[field])
    assert not User.objects.filter(username=SIGN_UP["username"]).exists()
    link.refresh_from_db()
    assert link_state(link) == "pending"


def test_refused_joins_are_throttled_by_address(made, monkeypatch):
    _, token = made
    monkeypatch.setattr(invitation_views, "JOIN_REFUSALS_PER_HOUR", 2)
    visitor = Client()
    weak = {**SIGN_UP, "password1": "abc", "password2": "abc"}
    assert visitor.post(join(token), weak).status_code == 400
    assert visitor.post(join("no-such-link"), weak).status_code == 404
    throttled = visitor.post(join(token), SIGN_UP)
    assert throttled.status_code == 429
    assert "Too many refused tries to join" in throttled.content.decode()
    assert not User.objects.filter(username="newbooker").exists()
    # reading the page is not throttled
    assert visitor.get(join(token)).status_code == 200


def test_the_join_page_gives_the_expiry_in_the_federations_time(federation, made):
    link, token = made
    federation.time_zone = "America/Chicago"
    federation.save(update_fields=["time_zone"])
    # 18:00 UTC on January 15 is noon in Chicago (UTC-6 in winter)
    InvitationLink.objects.filter(pk=link.pk).update(
        expires_at=dt.datetime(2030, 1, 15, 18, 0, tzinfo=dt.UTC)
    )
    page = Client().get(join(token)).content.decode()
    assert "The link expires Jan 15, 2030 12:00 (" in page
