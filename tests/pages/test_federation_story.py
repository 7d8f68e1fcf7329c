"""A federation's story is 5,000 characters at most on the pages as at the API, and the home
page's tile shows only its beginning."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from promotion.models import Federation
from tests.pages.test_federation_settings import settings_of

pytestmark = pytest.mark.django_db

NEW = {
    "name": "Harbor Pro",
    "slug": "",
    "rule_system": "superstar",
    "time_zone": "UTC",
    "show_weekday": 5,
    "show_time": "20:00",
    "default_venue": "",
    "is_public": "on",
    "start": "empty",
}


def _tile(page: str, name: str) -> str:
    """The home page's tile of the federation ``name``: the text of its story."""
    tile = page.split(f"<strong>{name}</strong>", 1)[1].split("</article>", 1)[0]
    found = re.search(r"<p>(.*?)</p>", tile, re.S)
    assert found is not None
    return found.group(1)


def test_a_story_past_five_thousand_characters_is_refused_at_the_settings(client, users, staffed):
    client.force_login(users["owner"])
    address = reverse("federation-settings", args=[staffed.slug])
    assert 'maxlength="5000"' in client.get(address).content.decode()
    response = client.post(address, settings_of(staffed, description="x" * 5001))
    assert response.status_code == 400  # the form again, the problem beside the field
    assert "at most 5000 characters (it has 5001)" in response.content.decode()
    staffed.refresh_from_db()
    assert len(staffed.description) < 5001
    response = client.post(address, settings_of(staffed, description="x" * 5000))
    assert response.status_code == 302
    staffed.refresh_from_db()
    assert staffed.description == "x" * 5000


def test_a_new_federations_story_past_five_thousand_characters_is_refused(client, users):
    client.force_login(users["outsider"])
    response = client.post(reverse("federation-create"), {**NEW, "description": "x" * 5001})
    assert response.status_code == 400
    assert "at most 5000 characters (it has 5001)" in response.content.decode()
    assert not Federation.objects.filter(name="Harbor Pro").exists()


def test_the_home_page_tile_shows_the_beginning_of_a_long_story(client, users):
    client.force_login(users["outsider"])
    words = " ".join(f"word{n}" for n in range(1, 200))
    client.post(reverse("federation-create"), {**NEW, "description": words})
    client.post(
        reverse("federation-create"),
        {**NEW, "name": "Harbor Two", "description": "x" * 5000},
    )
    page = client.get("/").content.decode()
    assert _tile(page, "Harbor Pro") == " ".join(f"word{n}" for n in range(1, 31)) + " …"
    unbroken = _tile(page, "Harbor Two")
    assert len(unbroken) == 240 and unbroken == "x" * 239 + "…"
