"""Each federation page marks its own item of the navigation as the current page, and no other."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("name", "item"),
    [
        ("federation-detail", "home"),
        ("federation-settings", "Settings"),
        ("roster", "Roster"),
        ("records", "Records"),
        ("team-create", "Teams"),
        ("show-create", "Shows"),
    ],
)
def test_a_page_marks_its_own_navigation_item(client, users, staffed, name, item):
    client.force_login(users["owner"])
    response = client.get(reverse(name, args=[staffed.slug]))
    assert response.status_code == 200
    current = re.findall(r'aria-current="page">(.*?)</a>', response.content.decode())
    assert current == [f"<strong>{staffed.name}</strong>" if item == "home" else item]
