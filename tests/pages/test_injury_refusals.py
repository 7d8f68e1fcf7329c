"""An injury the service refuses (the form itself being valid) comes back on its form, the
refusal's words above it or beside the field they name, status 400, nothing recorded."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def federation(staffed):
    factories.WrestlerFactory(federation=staffed, ring_name="Ada Vance", slug="ada-vance")
    return staffed


def post(client, federation, **fields):
    data = {"wrestler": "ada-vance", "occurred_on": "2026-10-02", "keeps_off_cards": "on"}
    return client.post(reverse("injury-create", args=[federation.slug]), {**data, **fields})


def test_a_return_before_the_injury_is_refused_above_the_form(booker, federation):
    response = post(booker, federation, expected_return="2026-10-01", body_part="knee")
    assert response.status_code == 400
    form = response.context["form"]
    assert form.non_field_errors() == [
        "Ada Vance cannot be back (Oct 1, 2026) before the day of the injury (Oct 2, 2026)."
    ]
    assert form["body_part"].value() == "knee"  # what was typed, kept
    assert "cannot be back (Oct 1, 2026)" in response.content.decode()
    assert not federation.wrestlers.get().injuries.exists()


def test_the_same_injury_twice_is_refused_on_the_form(booker, federation):
    assert post(booker, federation, body_part="knee").status_code == 302
    response = post(booker, federation, body_part=" Knee ")
    assert response.status_code == 400
    assert response.context["form"].non_field_errors() == [
        "Ada Vance's injury of Oct 2, 2026 (Knee) is recorded already and not healed; another "
        "that day needs a body part or a description of its own."
    ]
    assert federation.wrestlers.get().injuries.count() == 1
