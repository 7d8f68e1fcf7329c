"""Pictures between neighbours: through ``home``'s addresses, a picture uploaded to or removed
from ``away``'s wrestler, title or show is not found (404), on the pages and the API, and
``away``'s own pictures stay as they were, files and all."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from rest_framework.test import APIClient

from matches.models import Show
from promotion import pictures
from promotion.models import Title, Wrestler
from tests.promotion.test_pictures import png, upload
from tests.scoping.world import AWAY, AWAY_SHOW, HOME, snapshot

W_AWAY = "a-eve"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    return tmp_path / "media"


def stored() -> list[str]:
    root = Path(settings.MEDIA_ROOT)
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


@pytest.fixture
def away_pictures(world):
    """Away's wrestler, title and show each with a picture already."""
    rows = {
        "photo": Wrestler.objects.get(federation__slug=AWAY, slug=W_AWAY),
        "belt": Title.objects.get(federation__slug=AWAY, slug="away-title"),
        "poster": Show.objects.get(federation__slug=AWAY, number=AWAY_SHOW),
    }
    names = {field: pictures.picture_set(row, field, upload(png())) for field, row in rows.items()}
    return rows, names


PAGES = [
    ("wrestler-photo", {"federation": HOME, "slug": W_AWAY}),
    ("title-belt", {"federation": HOME, "slug": "away-title"}),
    ("show-poster", {"federation": HOME, "number": AWAY_SHOW}),
]
APIS = [
    f"/api/v1/federations/{HOME}/wrestlers/{W_AWAY}/photo/",
    f"/api/v1/federations/{HOME}/titles/away-title/belt/",
    f"/api/v1/federations/{HOME}/shows/{AWAY_SHOW}/poster/",
]


def check_untouched(away_pictures, files_before):
    rows, names = away_pictures
    for field, row in rows.items():
        row.refresh_from_db()
        assert getattr(row, field).name == names[field]
    assert stored() == files_before


@pytest.mark.parametrize(("name", "kwargs"), PAGES, ids=[p[0] for p in PAGES])
@pytest.mark.parametrize("remove", [False, True], ids=["upload", "remove"])
def test_a_page_naming_the_neighbours_row_is_not_found(
    world, client, away_pictures, name, kwargs, remove
):
    files, before = stored(), snapshot()
    client.force_login(world.boss)
    body = {"remove": "1"} if remove else {"picture": upload(png())}
    response = client.post(reverse(name, kwargs=kwargs), body)
    assert response.status_code == 404
    assert snapshot() == before
    check_untouched(away_pictures, files)


@pytest.mark.parametrize("address", APIS)
@pytest.mark.parametrize("method", ["GET", "POST", "DELETE"])
def test_the_api_naming_the_neighbours_row_is_not_found(world, away_pictures, address, method):
    files, before = stored(), snapshot()
    api = APIClient()
    api.force_authenticate(user=world.boss)
    if method == "POST":
        response = api.post(address, {"picture": upload(png())}, format="multipart")
    else:
        response = getattr(api, method.lower())(address)
    assert response.status_code == 404
    assert "in Home Wrestling" in response.json()["detail"]
    assert snapshot() == before
    check_untouched(away_pictures, files)
