"""The client's address behind the reverse proxy that deploy/ describes.

Every connection then comes from the proxy, which names the client in X-Forwarded-For (and
X-Real-IP). The site believes those headers from the proxies ``TRUSTED_PROXIES`` lists, and from
no one else: a direct connection is its own address, whatever headers it sends. The sign-in
lockout (django-axes, on the pages and at the API's token door) and the API's throttles all key
on that one address, so five wrong passwords lock out the client who typed them, not everyone
behind the proxy."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.api.conftest import throttle_rates

pytestmark = pytest.mark.django_db

PROXY = "10.0.0.1"
TOKEN = "/api/v1/auth/token/"
RIGHT = {"username": "maria", "password": "the right one 42"}
WRONG = {"username": "maria", "password": "wrong"}


@pytest.fixture
def maria(db):
    return get_user_model().objects.create_user("maria", "maria@example.com", RIGHT["password"])


@pytest.fixture
def behind_proxy(settings):
    settings.TRUSTED_PROXIES = [PROXY]


def _through_proxy(client_ip: str, cls=Client):
    """A browser at ``client_ip`` whose requests reach the site through the proxy, as nginx
    sends them (deploy/nginx.conf): the proxy's own address, the client's in the headers."""
    return cls(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=client_ip, HTTP_X_REAL_IP=client_ip)


def test_five_wrong_passwords_lock_out_that_client_not_everyone_behind_the_proxy(
    maria, behind_proxy
):
    mallory = _through_proxy("203.0.113.5")
    for _ in range(5):
        mallory.post(reverse("login"), WRONG)
    assert mallory.post(reverse("login"), RIGHT).status_code == 429
    # Maria, at home, reaches the site through the same proxy and signs in.
    home = _through_proxy("198.51.100.7")
    response = home.post(reverse("login"), RIGHT)
    assert response.status_code == 302, response.content.decode()[:300]
    # And at the API's token door too.
    assert _through_proxy("198.51.100.7", APIClient).post(TOKEN, RIGHT).status_code == 200
    assert _through_proxy("203.0.113.5", APIClient).post(TOKEN, RIGHT).status_code == 429


def test_wrong_passwords_at_the_token_door_lock_out_that_client_only(maria, behind_proxy):
    mallory = _through_proxy("203.0.113.5", APIClient)
    for _ in range(5):
        mallory.post(TOKEN, WRONG, format="json")
    assert mallory.post(TOKEN, RIGHT, format="json").status_code == 429
    assert _through_proxy("198.51.100.7", APIClient).post(TOKEN, RIGHT).status_code == 200
    assert _through_proxy("198.51.100.7").post(reverse("login"), RIGHT).status_code == 302


def test_a_forged_forwarded_for_from_a_direct_connection_is_ignored(maria, behind_proxy):
    """A client that reaches the site directly cannot choose its address: each attempt claims
    another, and the fifth locks him out all the same."""
    for attempt in range(5):
        forger = Client(REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR=f"192.0.2.{attempt}")
        forger.post(reverse("login"), WRONG)
    forger = Client(REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR="192.0.2.77")
    assert forger.post(reverse("login"), RIGHT).status_code == 429
    # The addresses he claimed are not locked out.
    claimed = _through_proxy("192.0.2.0")
    assert claimed.post(reverse("login"), RIGHT).status_code == 302


def test_without_trusted_proxies_the_headers_are_ignored(maria):
    """The default: no proxy is trusted, every connection is its own address."""
    for attempt in range(5):
        Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=f"192.0.2.{attempt}").post(
            reverse("login"), WRONG
        )
    assert _through_proxy("198.51.100.7").post(reverse("login"), RIGHT).status_code == 429
    assert Client(REMOTE_ADDR="10.0.0.2").post(reverse("login"), RIGHT).status_code == 302


def test_the_api_throttles_each_client_behind_the_proxy_on_its_own(monkeypatch, behind_proxy):
    throttle_rates(monkeypatch, anon="3/min")
    first, second = (
        _through_proxy("203.0.113.5", APIClient),
        _through_proxy("198.51.100.7", APIClient),
    )
    assert [first.get("/api/v1/").status_code for _ in range(4)] == [200, 200, 200, 429]
    assert second.get("/api/v1/").status_code == 200


def test_a_direct_client_cannot_dodge_the_api_throttle_with_a_forged_header(monkeypatch):
    """DRF would key an anonymous client on its X-Forwarded-For (NUM_PROXIES unset): a client
    changing it at every request was never throttled."""
    throttle_rates(monkeypatch, anon="3/min")
    statuses = [
        APIClient(REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")
        .get("/api/v1/")
        .status_code
        for n in range(4)
    ]
    assert statuses == [200, 200, 200, 429]


@pytest.mark.parametrize(
    "meta, trusted, expected",
    [
        # No proxy trusted: the connection's own address, whatever the headers say.
        ({"REMOTE_ADDR": "203.0.113.9", "HTTP_X_FORWARDED_FOR": "192.0.2.1"}, [], "203.0.113.9"),
        # From the proxy: the address it appended (the right-most), not what the client sent.
        (
            {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "192.0.2.1, 203.0.113.5"},
            [PROXY],
            "203.0.113.5",
        ),
        # Two proxies in a row, both trusted (a network of them).
        (
            {"REMOTE_ADDR": "10.0.0.2", "HTTP_X_FORWARDED_FOR": "203.0.113.5, 10.0.0.3"},
            ["10.0.0.0/24"],
            "203.0.113.5",
        ),
        # X-Real-IP when the proxy sends only that.
        ({"REMOTE_ADDR": PROXY, "HTTP_X_REAL_IP": "203.0.113.5"}, [PROXY], "203.0.113.5"),
        # A proxy that names no client: the proxy's own address.
        ({"REMOTE_ADDR": PROXY}, [PROXY], PROXY),
        # Garbage in the header from the proxy: the nearest address that can be read.
        ({"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "not an address"}, [PROXY], PROXY),
        (
            {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "2001:DB8:0:0::1"},
            [PROXY],
            "2001:db8::1",
        ),
        # Only trusted hops: the left-most of them.
        ({"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "10.0.0.7"}, ["10.0.0.0/8"], "10.0.0.7"),
    ],
)
def test_the_client_address_is_read_from_the_trusted_proxys_header(meta, trusted, expected):
    from web.client_address import client_address

    assert client_address(meta, trusted) == expected


def test_trusted_proxies_are_read_from_the_environment_and_a_typo_refuses_to_start():
    from tests.test_settings import run_django, show_setting

    assert show_setting("TRUSTED_PROXIES") == "[]"
    assert (
        show_setting("TRUSTED_PROXIES", TRUSTED_PROXIES="127.0.0.1, ::1") == "['127.0.0.1', '::1']"
    )
    refused = run_django("check", TRUSTED_PROXIES="127.0.0.1,localhost")
    assert refused.returncode != 0
    assert "TRUSTED_PROXIES: 'localhost' is not an address or a network" in refused.stderr
