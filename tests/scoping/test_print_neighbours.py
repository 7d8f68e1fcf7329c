"""The printable cards between neighbours: a federation's address prints its own wrestlers' cards
alone. A neighbour's wrestler named in the address is not found (404, page and PDF, even by his
own owner), and the roster's cards, by system or by name, never hold a neighbour's wrestler."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from rules.models import WrestlerCard
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def pair():
    """Two federations of one owner, each with a wrestler of the same slug and a Filsinger card
    (names apart), and away with a second one."""
    boss = factories.UserFactory(username="boss")
    home = factories.FederationFactory(owner=boss, slug="home", name="Home", is_public=False)
    away = factories.FederationFactory(owner=boss, slug="away", name="Away", is_public=True)
    for fed, name, slug in (
        (home, "Hank Homer", "twin"),
        (away, "Arlo Away", "twin"),
        (away, "Ada Awayling", "ada"),
    ):
        wrestler = factories.WrestlerFactory(federation=fed, ring_name=name, slug=slug)
        WrestlerCard.objects.create(
            wrestler=wrestler, system="filsinger", data={"system": "filsinger", "name": name}
        )
    client = Client()
    client.force_login(boss)
    return client, home, away


@pytest.mark.parametrize("name", ["wrestler-print", "wrestler-print-pdf"])
def test_a_neighbours_wrestler_is_not_found_at_home(pair, name):
    client, home, away = pair
    assert client.get(reverse(name, args=[home.slug, "ada"])).status_code == 404
    assert client.get(reverse(name, args=[away.slug, "ada"])).status_code == 200


def test_a_shared_slug_prints_the_homes_own_wrestler(pair):
    client, home, _ = pair
    body = client.get(reverse("wrestler-print", args=[home.slug, "twin"])).content.decode()
    assert "Hank Homer" in body and "Arlo Away" not in body


def _text(response) -> str:
    assert response.status_code == 200
    reader = PdfReader(io.BytesIO(response.content))
    return " ".join(page.extract_text() for page in reader.pages)


def test_the_roster_prints_only_its_own_wrestlers(pair):
    client, home, _ = pair
    page = client.get(reverse("roster-print", args=[home.slug])).content.decode()
    assert "Hank Homer" in page
    assert "Arlo Away" not in page and "Ada Awayling" not in page
    text = _text(client.get(reverse("roster-print-pdf", args=[home.slug]))).upper()
    assert "HANK HOMER" in text  # (a card's name prints in capitals)
    assert "ARLO" not in text and "AWAYLING" not in text


def test_a_search_by_name_finds_no_neighbour(pair):
    client, home, _ = pair
    page = client.get(reverse("roster-print", args=[home.slug]), {"q": "Ada"}).content.decode()
    assert "Ada Awayling" not in page
    assert "Nobody on the roster has a card for this system yet." in page
