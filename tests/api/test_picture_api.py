"""Pictures through the API: ``GET``/``POST``/``DELETE`` of ``wrestlers/{slug}/photo/``,
``titles/{slug}/belt/`` and ``shows/{number}/poster/``. An upload is ``multipart/form-data``
with the file as ``picture``; hostile files answer 400 naming ``picture`` and store nothing;
readers read the addresses and may not upload."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from matches.models import Show
from promotion import pictures
from promotion.models import Title, Wrestler
from tests import factories
from tests.promotion.test_pictures import (
    PHP,
    SVG,
    bomb,
    jpeg_with_gps,
    png,
    truncated,
    upload,
)

pytestmark = pytest.mark.django_db

BASE = "/api/v1/federations/copperline"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    return tmp_path / "media"


def stored() -> list[str]:
    root = Path(settings.MEDIA_ROOT)
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


def as_user(user) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user=user)
    return client


@pytest.fixture
def booker(sample, people):
    return as_user(people["booker"])


@pytest.fixture
def show(sample):
    return factories.ShowFactory(federation=sample, name="Harbor Brawl")


def test_a_booker_uploads_reads_and_removes_a_photo(booker, sample):
    wrestler = sample.wrestlers.order_by("slug").first()
    address = f"{BASE}/wrestlers/{wrestler.slug}/photo/"
    assert booker.get(address).json() == {"picture": None, "thumbnail": None}

    response = booker.post(
        address, {"picture": upload(jpeg_with_gps(), "me.jpg", "image/jpeg")}, format="multipart"
    )
    assert response.status_code == 200, response.content
    name = Wrestler.objects.get(pk=wrestler.pk).photo.name
    assert response.json() == {
        "picture": f"http://testserver/media/{name}",
        "thumbnail": f"http://testserver/media/{pictures.thumbnail_name(name)}",
    }
    assert booker.get(address).json() == response.json()
    assert stored() == sorted([name, pictures.thumbnail_name(name)])

    assert booker.delete(address).status_code == 204
    assert Wrestler.objects.get(pk=wrestler.pk).photo.name == ""
    assert booker.get(address).json() == {"picture": None, "thumbnail": None}


def test_a_belt_and_a_poster(booker, sample, show):
    title = sample.titles.order_by("slug").first()
    response = booker.post(
        f"{BASE}/titles/{title.slug}/belt/", {"picture": upload(png(400, 200))}, format="multipart"
    )
    assert response.status_code == 200, response.content
    assert Title.objects.get(pk=title.pk).belt.name.startswith("pictures/belts/")
    response = booker.post(
        f"{BASE}/shows/{show.number}/poster/",
        {"picture": upload(png(300, 400))},
        format="multipart",
    )
    assert response.status_code == 200, response.content
    assert Show.objects.get(pk=show.pk).poster.name.startswith("pictures/posters/")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (PHP, pictures.NOT_A_PICTURE),
        (SVG, pictures.NOT_A_PICTURE),
        (truncated(), pictures.BROKEN),
        (
            bomb(10_000, 5_000),
            "The picture is 10000 by 5000 pixels; at most 40,000,000 pixels in all and 12,000 "
            "a side are accepted.",
        ),
    ],
)
def test_a_hostile_file_answers_400_naming_the_picture(booker, sample, data, message):
    wrestler = sample.wrestlers.order_by("slug").first()
    response = booker.post(
        f"{BASE}/wrestlers/{wrestler.slug}/photo/",
        {"picture": upload(data, "photo.jpg", "image/jpeg")},
        format="multipart",
    )
    assert response.status_code == 400
    assert {"path": "picture", "message": message} in [
        {"path": e["path"], "message": e["message"]} for e in response.json()["errors"]
    ]
    assert stored() == []
    assert Wrestler.objects.get(pk=wrestler.pk).photo.name == ""


def test_no_file_and_a_json_body_are_refused(booker, sample):
    wrestler = sample.wrestlers.order_by("slug").first()
    address = f"{BASE}/wrestlers/{wrestler.slug}/photo/"
    response = booker.post(address, {}, format="multipart")
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "picture"
    assert response.json()["errors"][0]["message"] == pictures.NO_FILE
    response = booker.post(address, {"picture": "aGVsbG8="}, format="json")
    assert response.status_code == 415


def test_readers_read_and_may_not_upload(sample, people):
    wrestler = sample.wrestlers.order_by("slug").first()
    address = f"{BASE}/wrestlers/{wrestler.slug}/photo/"
    for role in ("viewer", "outsider", None):
        client = as_user(people[role] if role else None)
        assert client.get(address).status_code == 200
        response = client.post(address, {"picture": upload(png())}, format="multipart")
        assert response.status_code == (401 if role is None else 403)
        assert client.delete(address).status_code == (401 if role is None else 403)
    assert stored() == []


def test_an_unknown_wrestler_is_named(booker, sample):
    response = booker.post(
        f"{BASE}/wrestlers/nobody-here/photo/", {"picture": upload(png())}, format="multipart"
    )
    assert response.status_code == 404
    assert "nobody-here" in response.json()["detail"]
    assert stored() == []
