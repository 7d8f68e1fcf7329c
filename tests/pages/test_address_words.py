"""The new federation form's address: its help text, its refusals and what is really accepted
agree (letters, digits, hyphens and underscores), and they speak of an address, as the field's
label does, never of a slug."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from promotion import forms as promotion_forms
from promotion import services

pytestmark = pytest.mark.django_db


def page_of(response) -> str:
    return unescape(response.content.decode())


def test_the_address_field_speaks_of_addresses(client, users, staffed):
    client.force_login(users["outsider"])
    page = page_of(client.get(reverse("federation-create")))
    assert promotion_forms.ADDRESS_HELP in page
    assert promotion_forms.ADDRESS_HELP == (
        "Letters, digits, hyphens and underscores: the federation's address is /f/ADDRESS/."
    )
    form = {"name": "Harbor Pro", "rule_system": "filsinger", "show_weekday": 5}
    form |= {"show_time": "20:00", "start": "empty", "time_zone": "UTC"}
    page = page_of(client.post(reverse("federation-create"), {**form, "slug": staffed.slug}))
    assert "Another federation has this address; choose another." in page
    assert "Slug" not in page.split("<main")[-1]
    page = page_of(client.post(reverse("federation-create"), {**form, "slug": "harbor pro!"}))
    assert "An address is letters, digits, hyphens and underscores only, with no spaces." in page
    # What the words say is accepted is: an underscore makes an address that works.
    response = client.post(reverse("federation-create"), {**form, "slug": "harbor_pro-2"})
    assert response["Location"] == "/f/harbor_pro-2/"
    assert client.get("/f/harbor_pro-2/").status_code == 200
    # The service's own refusal (a script, the API) speaks of the address too.
    assert services.SLUG_TAKEN.format(slug="x") == (
        "The address (slug) 'x' is taken; choose another."
    )
