"""A token for a username and password, and the web's sign-in throttling (django-axes) kept at
this door too: an account locked out on the pages is locked out here, with a 429 saying so and
when to try again, whatever the password."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

TOKEN = "/api/v1/auth/token/"
RIGHT = {"username": "maria", "password": "the right one 42"}
WRONG = {"username": "maria", "password": "wrong"}
LOCKED_OUT = (
    "Too many failed sign-ins: signing in to this account from here is paused after several "
    "wrong passwords. Try again in 15 minutes (a sign-in tried before then starts the pause "
    "again), or reset the password."
)
UNABLE = "Unable to log in with provided credentials."


@pytest.fixture
def maria(db):
    return get_user_model().objects.create_user("maria", "maria@example.com", RIGHT["password"])


def test_a_token_for_the_right_password(maria):
    response = APIClient().post(TOKEN, RIGHT, format="json")
    assert response.status_code == 200
    assert response.json() == {"token": Token.objects.get(user=maria).key}
    wrong = APIClient().post(TOKEN, WRONG, format="json")
    assert wrong.status_code == 400
    assert wrong.json() == {"detail": UNABLE, "errors": [{"path": "", "message": UNABLE}]}


def test_an_account_locked_out_on_the_pages_is_locked_out_here(maria, client):
    for _ in range(5):
        client.post(reverse("login"), WRONG)
    assert client.post(reverse("login"), RIGHT).status_code == 429  # the web's lockout page
    response = APIClient().post(TOKEN, RIGHT, format="json")
    assert response.status_code == 429
    assert response.json() == {"detail": LOCKED_OUT, "errors": []}
    assert response["Retry-After"] == "900"
    assert response["Content-Type"] == "application/json"
    assert not Token.objects.filter(user=maria).exists()


def test_wrong_passwords_for_a_token_lock_the_account_out_as_on_the_pages(maria, client):
    api = APIClient()
    for _ in range(4):
        assert api.post(TOKEN, WRONG, format="json").status_code == 400
    fifth = api.post(TOKEN, WRONG, format="json")
    assert (fifth.status_code, fifth.json()["detail"]) == (429, LOCKED_OUT)
    assert api.post(TOKEN, RIGHT, format="json").status_code == 429
    page = client.post(reverse("login"), RIGHT)
    assert page.status_code == 429 and "Too many failed sign-ins" in page.content.decode()


def test_another_account_is_not_locked_out(maria):
    api = APIClient()
    for _ in range(5):
        api.post(TOKEN, WRONG, format="json")
    get_user_model().objects.create_user("jo", "jo@example.com", "jo's own 42")
    response = api.post(TOKEN, {"username": "jo", "password": "jo's own 42"}, format="json")
    assert response.status_code == 200
