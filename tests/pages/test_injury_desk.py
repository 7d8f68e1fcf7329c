"""Injuries recorded and healed from the injury report by a booker; readers see no desk."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from promotion import services
from promotion.models import WrestlerStatus
from tests import factories
from tests.pages.conftest import told

pytestmark = pytest.mark.django_db


@pytest.fixture
def federation(staffed):
    made = staffed
    factories.WrestlerFactory(federation=made, ring_name="Ada Vance", slug="ada-vance")
    return made


def test_a_booker_records_an_injury_and_heals_it(client, users, federation):
    client.force_login(users["booker"])
    listing = client.get(reverse("injury-list", args=[federation.slug])).content.decode()
    assert reverse("injury-create", args=[federation.slug]) in listing
    response = client.post(
        reverse("injury-create", args=[federation.slug]),
        {
            "wrestler": "ada-vance",
            "occurred_on": "2026-10-02",
            "expected_return": "2026-10-30",
            "body_part": "knee",
            "description": "Hurt in a car crash",
            "keeps_off_cards": "on",
        },
    )
    assert told(client, response) == ["Ada Vance's injury is on the report."]
    ada = federation.wrestlers.get()
    injury = ada.injuries.get()
    assert (injury.expected_return, injury.keeps_off_cards, ada.status) == (
        dt.date(2026, 10, 30),
        True,
        WrestlerStatus.INJURED,
    )
    heal = reverse("injury-heal", args=[federation.slug, injury.pk])
    assert heal in client.get(reverse("injury-list", args=[federation.slug])).content.decode()
    response = client.post(heal, {"on": "2026-10-01"})
    assert told(client, response) == [
        services.INJURY_HEALED_BEFORE.format(
            wrestler=ada, on=dt.date(2026, 10, 2), healed=dt.date(2026, 10, 1)
        )
    ]
    response = client.post(heal, {"on": "2026-10-16"})
    assert told(client, response) == ["Ada Vance is healed."]
    ada.refresh_from_db()
    assert ada.status == WrestlerStatus.ACTIVE


@pytest.mark.parametrize("role", ["viewer", "outsider"])
def test_readers_record_and_heal_nothing(client, users, federation, role):
    ada = federation.wrestlers.get()
    injury = services.injury_record(wrestler=ada, occurred_on=dt.date(2026, 10, 2))
    client.force_login(users[role])
    listing = client.get(reverse("injury-list", args=[federation.slug])).content.decode()
    assert reverse("injury-create", args=[federation.slug]) not in listing
    assert reverse("injury-heal", args=[federation.slug, injury.pk]) not in listing
    assert client.get(reverse("injury-create", args=[federation.slug])).status_code == 403
    heal = reverse("injury-heal", args=[federation.slug, injury.pk])
    assert client.post(heal, {"on": "2026-10-16"}).status_code == 403
    injury.refresh_from_db()
    assert injury.healed_on is None


def test_the_report_tells_one_kept_off_cards_from_one_wrestled_through(client, federation):
    ada = federation.wrestlers.get(slug="ada-vance")
    bea = factories.WrestlerFactory(federation=federation, ring_name="Bea Stone")
    services.injury_record(
        wrestler=ada,
        occurred_on=dt.date(2026, 10, 2),
        expected_return=dt.date(2026, 10, 30),
        description="Broken wrist",
    )
    services.injury_record(
        wrestler=bea,
        occurred_on=dt.date(2026, 10, 2),
        expected_return=dt.date(2026, 10, 30),
        description="Sore ribs",
        keeps_off_cards=False,
    )
    page = client.get(reverse("injury-list", args=[federation.slug])).content.decode()
    rows = {name: page[page.index(name) :].split("</tr>")[0] for name in ("Ada", "Bea")}
    assert "<strong>Out,</strong> expected back Oct 30, 2026" in rows["Ada"]
    assert "<strong>Wrestling through it,</strong> expected back Oct 30, 2026" in rows["Bea"]
    assert "Out" not in rows["Bea"]


def test_a_refused_healing_keeps_the_day_typed_in_its_row(client, users, federation):
    client.force_login(users["booker"])
    ada = federation.wrestlers.get()
    injury = services.injury_record(
        wrestler=ada, occurred_on=dt.date(2026, 10, 2), body_part="knee", keeps_off_cards=True
    )
    heal = reverse("injury-heal", args=[federation.slug, injury.pk])
    response = client.post(heal, {"on": "2026-10-01"})
    assert response.status_code == 400
    assert response.context["typed"] == (injury.pk, "2026-10-01")
    page = response.content.decode()
    assert 'value="2026-10-01" aria-label="Healed on" class="small" aria-invalid="true"' in page
    injury.refresh_from_db()
    assert injury.healed_on is None
    # A day that is no day at all is told, and comes back as typed too.
    response = client.post(heal, {"on": "2026-02-30"})
    assert response.status_code == 400
    assert told(client, response) == ["Healed on: Enter a valid date."]
    assert 'value="2026-02-30"' in response.content.decode()


def test_an_injury_with_only_a_body_part_reads_as_that_part_everywhere(client, users, federation):
    ada = federation.wrestlers.get()
    services.injury_record(
        wrestler=ada, occurred_on=dt.date(2026, 10, 2), body_part="knee", keeps_off_cards=True
    )
    client.force_login(users["booker"])
    for address in (federation.get_absolute_url(), ada.get_absolute_url()):
        page = client.get(address).content.decode()
        assert "Knee" in page and "Set by hand" not in page, address
    assert str(ada.injuries.get()) == "Ada Vance: Knee"
