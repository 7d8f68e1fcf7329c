"""An injury reads as the booker typed it on every page: its description, else its body part
with a capital and the rest as typed, else (where no column says so) where it came from."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse

from promotion import services
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def federation(staffed):
    factories.WrestlerFactory(federation=staffed, ring_name="Ada Vance", slug="ada-vance")
    return staffed


def _injury_cells(page: str) -> list[str]:
    """The injury report's Injury column, row by row."""
    return re.findall(r'ada-vance/">Ada Vance</a></td><td>(.*?)(?: <span|</td>)', page)


def test_a_body_part_reads_as_typed_with_a_capital_on_every_page(client, users, federation):
    ada = federation.wrestlers.get()
    services.injury_record(wrestler=ada, occurred_on=dt.date(2026, 10, 2), body_part="left ACL")
    client.force_login(users["booker"])
    report = client.get(reverse("injury-list", args=[federation.slug])).content.decode()
    assert _injury_cells(report) == ["Left ACL"]
    for address in (federation.get_absolute_url(), ada.get_absolute_url()):
        page = client.get(address).content.decode()
        assert "Left ACL" in page and "Left acl" not in page, address
    assert str(ada.injuries.get()) == "Ada Vance: Left ACL"


def test_an_injury_told_nothing_of_says_where_it_came_from_once(client, users, federation):
    ada = federation.wrestlers.get()
    services.injury_record(wrestler=ada, occurred_on=dt.date(2026, 10, 2))
    client.force_login(users["booker"])
    report = client.get(reverse("injury-list", args=[federation.slug])).content.decode()
    assert _injury_cells(report) == ["—"]  # the next column says "Set by hand"
    assert report.count("Set by hand") == 1
    home = client.get(federation.get_absolute_url()).content.decode()
    assert "<td>Set by hand</td>" in home
    assert str(ada.injuries.get()) == "Ada Vance: Set by hand"
