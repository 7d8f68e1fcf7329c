"""Who may do what over the API: anonymous, outsider, viewer, booker and owner, against a public
and a private federation. The policy is ``promotion.access``; these tests hold the API to it."""

from __future__ import annotations

import pytest

from promotion.models import Federation, Wrestler
from tests import factories
from tests.api.conftest import ROLES, client_for

pytestmark = pytest.mark.django_db

BASE = "/api/v1/federations/copperline"

#: Every read endpoint below a federation.
READS = [
    "/",
    "/wrestlers/",
    "/wrestlers/corrigan-vale/",
    "/wrestlers/corrigan-vale/record/",
    "/wrestlers/corrigan-vale/head-to-head/mortimer-gale/",
    "/wrestlers/corrigan-vale/cards/",
    "/wrestlers/corrigan-vale/cards/filsinger/",
    "/cards/export/",
    "/teams/",
    "/teams/crosswind/",
    "/titles/",
    "/titles/world-heavyweight-championship/",
    "/titles/world-heavyweight-championship/lineage/",
    "/reigns/",
    "/feuds/",
    "/injuries/",
    "/ledger/",
    "/standings/singles/",
    "/standings/tag/",
    "/contenders/singles/",
    "/contenders/tag/",
    "/records/",
    "/shows/",
    "/matches/",
]

# (who) -> expected status of a read, on the public and on the private federation
READ_PUBLIC = dict.fromkeys(ROLES, 200)
READ_PRIVATE = {"anonymous": 404, "outsider": 404, "viewer": 200, "booker": 200, "owner": 200}
# writes a booker may make, and writes only the owner may make
BOOK_PUBLIC = {"anonymous": 401, "outsider": 403, "viewer": 403, "booker": 201, "owner": 201}
BOOK_PRIVATE = {"anonymous": 404, "outsider": 404, "viewer": 403, "booker": 201, "owner": 201}
MANAGE_PUBLIC = {"anonymous": 401, "outsider": 403, "viewer": 403, "booker": 403, "owner": 200}
MANAGE_PRIVATE = {"anonymous": 404, "outsider": 404, "viewer": 403, "booker": 403, "owner": 200}


def _expect(who: str, public: bool, table_public: dict, table_private: dict) -> int:
    return (table_public if public else table_private)[who]


@pytest.mark.parametrize("public", [True, False], ids=["public", "private"])
@pytest.mark.parametrize("who", ROLES)
def test_every_read_follows_the_policy(sample, people, who, public):
    if not public:
        Federation.objects.filter(pk=sample.pk).update(is_public=False)
    client = client_for(people, who)
    expected = _expect(who, public, READ_PUBLIC, READ_PRIVATE)
    for path in READS:
        response = client.get(BASE + path)
        assert response.status_code == expected, (path, response.content[:200])


@pytest.mark.parametrize("public", [True, False], ids=["public", "private"])
@pytest.mark.parametrize("who", ROLES)
def test_bookers_and_the_owner_write_the_roster_and_the_shows(sample, people, who, public):
    if not public:
        Federation.objects.filter(pk=sample.pk).update(is_public=False)
    client = client_for(people, who)
    expected = _expect(who, public, BOOK_PUBLIC, BOOK_PRIVATE)
    response = client.post(BASE + "/wrestlers/", {"ring_name": "Vera Kane"}, format="json")
    assert response.status_code == expected, response.content
    assert Wrestler.objects.filter(slug="vera-kane").exists() is (expected == 201)
    response = client.post(BASE + "/shows/", {}, format="json")
    assert response.status_code == expected, response.content
    assert sample.shows.exists() is (expected == 201)


@pytest.mark.parametrize("public", [True, False], ids=["public", "private"])
@pytest.mark.parametrize("who", ROLES)
def test_only_the_owner_manages_settings_and_members(sample, people, who, public):
    if not public:
        Federation.objects.filter(pk=sample.pk).update(is_public=False)
    client = client_for(people, who)
    expected = _expect(who, public, MANAGE_PUBLIC, MANAGE_PRIVATE)
    assert client.get(BASE + "/members/").status_code == expected
    response = client.patch(BASE + "/", {"default_venue": "The Old Mill"}, format="json")
    assert response.status_code == expected, response.content
    sample.refresh_from_db()
    assert (sample.default_venue == "The Old Mill") is (expected == 200)


@pytest.mark.parametrize("who", ROLES)
def test_an_outsider_never_sees_a_private_federation_listed(sample, people, who):
    private = factories.FederationFactory(owner=people["owner"], slug="hidden", is_public=False)
    slugs = {
        f["slug"] for f in client_for(people, who).get("/api/v1/federations/").json()["results"]
    }
    assert "copperline" in slugs
    assert ("hidden" in slugs) is (who == "owner")
    assert private.slug == "hidden"


def test_nested_lists_of_a_private_federation_hold_nothing_for_outsiders(private, people):
    for who in ("anonymous", "outsider"):
        client = client_for(people, who)
        for path in READS:
            response = client.get(BASE + path)
            assert response.status_code == 404
            assert b"corrigan" not in response.content.lower()


def test_a_superuser_acts_as_an_owner(private, people):
    root = factories.UserFactory(username="root", is_superuser=True)
    people = {**people, "root": root}
    client = client_for(people, "root")
    assert client.get(BASE + "/members/").status_code == 200
    assert client.patch(BASE + "/", {"card_size": 5}, format="json").status_code == 200


def test_only_the_owner_deletes_a_federation(sample, people):
    for who, expected in (("booker", 403), ("viewer", 403), ("outsider", 403)):
        assert client_for(people, who).delete(BASE + "/").status_code == expected
    assert client_for(people, "owner").delete(BASE + "/").status_code == 204
    assert not Federation.objects.filter(slug="copperline").exists()


def test_anyone_signed_in_creates_a_federation_and_owns_it(people):
    body = {"name": "Harbor Lights", "slug": "harbor-lights", "time_zone": "Europe/Dublin"}
    assert client_for(people, "anonymous").post("/api/v1/federations/", body).status_code == 401
    response = client_for(people, "outsider").post("/api/v1/federations/", body, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["your_role"] == "owner"
    assert Federation.objects.get(slug="harbor-lights").owner == people["outsider"]


def test_a_refusal_says_why_in_one_shape(sample, people):
    response = client_for(people, "viewer").post(BASE + "/shows/", {}, format="json")
    assert response.status_code == 403
    body = response.json()
    assert body == {
        "detail": "Your role in Copperline Wrestling Federation does not let you book its shows "
        "or keep its roster; only its owner and bookers may.",
        "errors": [],
    }
    response = client_for(people, "anonymous").post(BASE + "/shows/", {}, format="json")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == 'Token realm="api"' or response[
        "WWW-Authenticate"
    ].startswith("Token")


def test_token_authentication(sample, people):
    from rest_framework.test import APIClient

    client = APIClient()
    response = client.post(
        "/api/v1/auth/token/", {"username": "booker", "password": "wrong"}, format="json"
    )
    assert response.status_code == 400
    people["booker"].set_password("a long passphrase")
    people["booker"].save()
    response = client.post(
        "/api/v1/auth/token/",
        {"username": "booker", "password": "a long passphrase"},
        format="json",
    )
    assert response.status_code == 200
    token = response.json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    response = client.post(BASE + "/shows/", {}, format="json")
    assert response.status_code == 201
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert client.get(BASE + "/wrestlers/").status_code == 401


def test_session_authentication_needs_the_csrf_token_for_writes(sample, people):
    from rest_framework.test import APIClient

    client = APIClient(enforce_csrf_checks=True)
    client.force_login(people["booker"])  # a session, as a browser that signed in has
    assert client.get(BASE + "/wrestlers/").status_code == 200
    response = client.post(BASE + "/shows/", {}, format="json")
    assert response.status_code == 403
    assert "CSRF" in response.json()["detail"]


def test_anonymous_and_signed_in_clients_are_throttled_apart(sample, people, monkeypatch):
    from tests.api.conftest import throttle_rates

    throttle_rates(monkeypatch, anon="2/min", user="3/min", odds="1/min")
    visitor = client_for(people, "anonymous")
    assert [visitor.get(BASE + "/").status_code for _ in range(3)] == [200, 200, 429]
    refused = visitor.get(BASE + "/")
    assert refused.json()["detail"].startswith("Request was throttled.")
    assert refused.json()["errors"] == []
    assert int(refused["Retry-After"]) > 0
    booker = client_for(people, "booker")
    assert [booker.get(BASE + "/").status_code for _ in range(4)] == [200, 200, 200, 429]
    viewer = client_for(people, "viewer")
    body = {"sides": [["corrigan-vale"], ["skylar-finch"]], "runs": 10, "seed": 1}
    assert viewer.post(BASE + "/odds/", body, format="json").status_code == 200
    assert viewer.post(BASE + "/odds/", body, format="json").status_code == 429
