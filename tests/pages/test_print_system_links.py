"""The printable cards' system switches name each rule system as the site does everywhere
else ("ARM (RingMaster)"), not as its address does with a capital ("Arm")."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from rules import registry

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", ["wrestler-print", "roster-print"])
def test_the_system_switches_name_the_systems_by_their_titles(client, users, sample, name):
    client.force_login(users["booker"])
    args = [sample.slug, "bastian-holloway"] if name == "wrestler-print" else [sample.slug]
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200
    page = unescape(response.content.decode())
    nav = re.search(r'<nav aria-label="Printing".*?</nav>', page, re.S).group(0)
    words = re.findall(r">([^<>]+)</(?:a|strong)>", nav)
    for system in registry.SYSTEM_NAMES:
        assert registry.systems[system].title in words, (system, words)
    assert "Arm" not in words


def test_the_roster_print_names_its_system_with_the_right_article(client, users, sample):
    client.force_login(users["booker"])
    response = client.get(reverse("roster-print", args=[sample.slug]) + "?system=arm")
    page = unescape(response.content.decode())
    assert "with an ARM (RingMaster) card" in page
    response = client.get(reverse("roster-print", args=[sample.slug]) + "?system=superstar")
    assert "with a Superstar Pro Wrestling card" in unescape(response.content.decode())
