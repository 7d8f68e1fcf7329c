"""Pictures in the API's bodies: a wrestler's ``photo``, a title's ``belt`` and a show's
``poster`` in the lists and the details, as absolute addresses of the picture and its thumbnail
(built from the request's own host and scheme), or null where none is set; the addresses answer
where the site serves ``/media/`` itself; and setting pictures adds no query to a list."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from promotion import pictures
from promotion.models import Federation
from tests import factories
from tests.promotion.test_pictures import png, upload

pytestmark = pytest.mark.django_db

BASE = "/api/v1/federations/copperline"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    settings.SERVE_MEDIA = True
    return tmp_path / "media"


@pytest.fixture
def client(sample, people) -> APIClient:
    client = APIClient()
    client.force_authenticate(user=people["booker"])
    return client


def rows_of(sample: Federation, kind: str):
    """The picture field of a kind, the key its list gives each row by, and two rows: the first
    to be given a picture, the second left without, each with its key."""
    if kind == "wrestlers":
        first, second = sample.wrestlers.order_by("slug")[:2]
        return "photo", "slug", (first, first.slug), second.slug
    if kind == "titles":
        title, other_title = sample.titles.order_by("slug")[:2]
        return "belt", "slug", (title, title.slug), other_title.slug
    show, other = (
        factories.ShowFactory(federation=sample, number=number, name=f"Harbor Brawl {number}")
        for number in (901, 902)
    )
    return "poster", "number", (show, show.number), other.number


@pytest.mark.parametrize(
    ("kind", "folder"), [("wrestlers", "wrestlers"), ("titles", "belts"), ("shows", "posters")]
)
def test_the_list_and_the_detail_give_both_addresses_or_null(client, sample, kind, folder):
    field, key, (row, name_of_row), name_of_bare = rows_of(sample, kind)
    stored = pictures.picture_set(row, field, upload(png(300, 200)))
    assert stored.startswith(f"pictures/{folder}/") and stored.endswith(".webp")
    expected = {
        "picture": f"http://testserver/media/{stored}",
        "thumbnail": f"http://testserver/media/{stored[: -len('.webp')]}-thumb.webp",
    }

    listed = client.get(f"{BASE}/{kind}/", {"page_size": 100})
    assert listed.status_code == 200, listed.content
    by_key = {each[key]: each for each in listed.json()["results"]}
    assert by_key[name_of_row][field] == expected
    assert by_key[name_of_bare][field] is None

    detail = client.get(f"{BASE}/{kind}/{name_of_row}/")
    assert detail.status_code == 200, detail.content
    assert detail.json()[field] == expected
    assert client.get(f"{BASE}/{kind}/{name_of_bare}/").json()[field] is None

    for address in expected.values():
        fetched = client.get(urlsplit(address).path)
        assert fetched.status_code == 200, address
        assert fetched["Content-Type"] == "image/webp"


def test_the_addresses_are_built_from_the_requests_host_and_scheme(client, sample, settings):
    settings.ALLOWED_HOSTS = ["ringside.example"]
    wrestler = sample.wrestlers.order_by("slug").first()
    stored = pictures.picture_set(wrestler, "photo", upload(png()))
    answer = client.get(
        f"{BASE}/wrestlers/{wrestler.slug}/", HTTP_HOST="ringside.example", secure=True
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["photo"]["picture"] == f"https://ringside.example/media/{stored}"


def test_a_wrestlers_edit_answers_with_absolute_addresses_too(client, sample):
    wrestler = sample.wrestlers.order_by("slug").first()
    stored = pictures.picture_set(wrestler, "photo", upload(png()))
    answer = client.patch(
        f"{BASE}/wrestlers/{wrestler.slug}/", {"hometown": "Harbor City"}, format="json"
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["photo"]["picture"] == f"http://testserver/media/{stored}"


@pytest.mark.parametrize(
    ("kind", "field", "rows"),
    [("wrestlers", "photo", "wrestlers"), ("titles", "belt", "titles"), ("shows", "poster", "")],
)
def test_pictures_add_no_query_to_a_list(client, sample, kind, field, rows):
    every = (
        list(getattr(sample, rows).all())
        if rows
        else [
            factories.ShowFactory(federation=sample, number=number, name=f"Brawl {number}")
            for number in (901, 902, 903)
        ]
    )
    address = f"{BASE}/{kind}/"
    client.get(address)  # (anything read once per process is read)
    with CaptureQueriesContext(connection) as without:
        assert client.get(address).status_code == 200
    for row in every:
        pictures.picture_set(row, field, upload(png()))
    with CaptureQueriesContext(connection) as with_pictures:
        answer = client.get(address)
    assert all(each[field] is not None for each in answer.json()["results"])
    assert len(with_pictures) == len(without)
