"""Accounts: sign up, sign in and out, sign-in throttling, password reset by e-mail; creating a
federation; members."""

from __future__ import annotations

from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from promotion.models import Federation, Membership
from promotion.services import OWNER_NOT_MEMBER

pytestmark = pytest.mark.django_db


def test_sign_up_signs_in(client):
    response = client.post(
        reverse("signup"),
        {
            "username": "maria",
            "email": "maria@example.com",
            "password1": "ring of fire 42",
            "password2": "ring of fire 42",
        },
    )
    assert response.status_code == 302
    assert client.get(reverse("home")).context["user"].username == "maria"


def test_sign_up_refuses_control_characters_in_a_username(client):
    response = client.post(
        reverse("signup"),
        {
            "username": "ad\u202emin",
            "email": "x@example.com",
            "password1": "ring of fire 42",
            "password2": "ring of fire 42",
        },
    )
    assert response.status_code == 400
    assert "U+202E" in unescape(response.content.decode())
    assert not get_user_model().objects.filter(email="x@example.com").exists()


def test_sign_in_is_locked_at_the_fifth_failure(client):
    get_user_model().objects.create_user("maria", "maria@example.com", "the right one 42")
    url = reverse("login")
    for _ in range(4):
        response = client.post(url, {"username": "maria", "password": "wrong"})
        assert response.status_code == 200
        assert "Please enter a correct username and password" in response.content.decode()
    response = client.post(url, {"username": "maria", "password": "wrong"})
    assert response.status_code == 429
    response = client.post(url, {"username": "maria", "password": "the right one 42"})
    assert response.status_code == 429
    assert "Too many failed sign-ins" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_sign_in_and_out(client):
    get_user_model().objects.create_user("maria", "maria@example.com", "the right one 42")
    response = client.post(reverse("login"), {"username": "maria", "password": "the right one 42"})
    assert response.status_code == 302
    assert "_auth_user_id" in client.session
    client.post(reverse("logout"))
    assert "_auth_user_id" not in client.session


def test_password_reset_sends_a_link_by_mail(client):
    get_user_model().objects.create_user("maria", "maria@example.com", "the right one 42")
    response = client.post(reverse("password_reset"), {"email": "maria@example.com"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    assert "/accounts/reset/" in mail.outbox[0].body


def test_anyone_signed_in_starts_a_federation_empty_or_from_the_sample(client, users):
    client.force_login(users["outsider"])
    form = {
        "name": "Harbor Pro",
        "slug": "",
        "description": "",
        "time_zone": "Europe/Lisbon",
        "show_weekday": 5,
        "show_time": "21:00",
        "default_venue": "",
        "start": "empty",
    }
    response = client.post(reverse("federation-create"), form)
    harbor = Federation.objects.get(slug="harbor-pro")
    assert response["Location"] == harbor.get_absolute_url()
    assert harbor.owner == users["outsider"] and not harbor.wrestlers.exists()
    assert str(harbor.time_zone) == "Europe/Lisbon"
    assert harbor.rule_system == "filsinger"  # none chosen: the default
    response = client.post(
        reverse("federation-create"),
        {**form, "name": "My Copperline", "slug": "my-copperline", "start": "sample"},
    )
    mine = Federation.objects.get(slug="my-copperline")
    assert mine.name == "My Copperline" and mine.wrestlers.count() >= 16
    assert mine.titles.exists()
    response = client.post(reverse("federation-create"), {**form, "start": "empty"})
    assert response.status_code == 400
    assert "Another federation has this address; choose another." in unescape(
        response.content.decode()
    )


def test_the_owner_adds_changes_and_removes_members(client, users, sample):
    client.force_login(users["owner"])
    url = reverse("members", args=[sample.slug])
    new = get_user_model().objects.create_user("newbie", "newbie@example.com", "x y z 12345")
    client.post(url, {"user": "newbie@example.com", "role": "viewer"})
    assert Membership.objects.get(federation=sample, user=new).role == "viewer"
    client.post(url, {"user": "newbie", "role": "booker"})
    assert Membership.objects.get(federation=sample, user=new).role == "booker"
    response = client.post(url, {"user": "owner", "role": "booker"})
    assert OWNER_NOT_MEMBER.format(user=users["owner"], federation=sample) in unescape(
        response.content.decode()
    )
    response = client.post(url, {"user": "nobody-here", "role": "viewer"})
    assert "No account has that username" in response.content.decode()
    membership = Membership.objects.get(federation=sample, user=new)
    client.post(reverse("member-remove", args=[sample.slug, membership.pk]))
    assert not Membership.objects.filter(pk=membership.pk).exists()
