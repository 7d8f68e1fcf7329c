"""The stored records between neighbours: the standings page and the roster of one federation
read its own records only, and a private federation's standings are nobody else's to read."""

from __future__ import annotations

import pytest
from django.test import Client

from promotion.models import WinLossRecord
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def pair():
    """Two private federations, each with a wrestler and a tag team holding a record."""
    made = {}
    for slug, wins in (("home", 3), ("away", 9)):
        federation = factories.FederationFactory(slug=slug, name=slug.title(), is_public=False)
        wrestler = factories.WrestlerFactory(
            federation=federation, ring_name=f"{slug.title()} Hero", slug=f"{slug}-hero"
        )
        team = factories.TeamFactory(federation=federation, name=f"{slug.title()} Crew")
        factories.TeamMembershipFactory(team=team, wrestler=wrestler)
        WinLossRecord.objects.create(federation=federation, wrestler=wrestler, wins=wins)
        WinLossRecord.objects.create(federation=federation, team=team, wins=wins, losses=1)
        made[slug] = federation
    return made


def _owner_of(federation) -> Client:
    client = Client()
    client.force_login(federation.owner)
    return client


@pytest.mark.parametrize("query", ["", "?by=record", "?division=tag", "?division=tag&by=record"])
def test_the_standings_read_the_federations_own_records_only(pair, query):
    page = _owner_of(pair["home"]).get("/f/home/standings/" + query).content.decode()
    assert "Home Hero" in page or "Home Crew" in page
    assert "Away" not in page
    assert "9-0-0" not in page and "9-1-0" not in page


def test_the_roster_reads_the_federations_own_records_only(pair):
    page = _owner_of(pair["home"]).get("/f/home/roster/").content.decode()
    assert "3-0-0" in page
    assert "Away Hero" not in page and "9-0-0" not in page


def test_another_federations_owner_cannot_read_a_private_federations_standings(pair):
    away_owner = _owner_of(pair["away"])
    assert away_owner.get("/f/home/standings/").status_code == 404
    assert away_owner.get("/f/home/standings/?division=tag&by=record").status_code == 404
