"""The card builder names a card of another rule system once by its path: ``system: ...``, not
``system: system: ...`` (the editors' shared sentence already begins with the field's name)."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

SLUG = "bastian-holloway"


@pytest.mark.parametrize(
    ("named", "words"),
    [
        ("superstar", "system: this editor holds the Filsinger card game card; type the"),
        ("nonsense", "system: 'nonsense' is not a rule system; this editor holds the"),
    ],
)
def test_a_card_of_another_system_is_named_by_its_path_once(client, users, sample, named, words):
    client.force_login(users["booker"])
    url = reverse("card-builder-check", args=[sample.slug, SLUG, "filsinger"])
    response = client.post(url, {"source": "yaml", "text": f"system: {named}\nname: X\n"})
    page = unescape(response.content.decode())
    assert "1 problem:" in page
    assert f'">{words}' in page  # (the builder has no field for it: named above the fields)
    assert "system: system:" not in page
