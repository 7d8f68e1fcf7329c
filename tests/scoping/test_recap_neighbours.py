"""The recap's and the feed's doors between neighbours: a show number names a show of the
federation in the address and no other's, and one federation's calendar token opens no other's
results feed."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone

from matches.booking import show_create
from matches.models import ShowStatus
from promotion.services import calendar_token_issue
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def pair():
    """Two private federations of two owners: home has shows 1 and 2 (2 marked completed),
    away has show 1 only, completed."""
    home = factories.FederationFactory(slug="home", name="Home", is_public=False)
    away = factories.FederationFactory(slug="away", name="Away", is_public=False)
    ahead = timezone.now() - dt.timedelta(days=10)
    for federation, count in ((home, 2), (away, 1)):
        for n in range(count):
            show = show_create(federation=federation, scheduled_at=ahead + dt.timedelta(days=n))
            if n == count - 1:
                type(show).objects.filter(pk=show.pk).update(
                    status=ShowStatus.COMPLETED, completed_at=timezone.now()
                )
    calendar_token_issue(federation=home)
    calendar_token_issue(federation=away)
    home.refresh_from_db()
    away.refresh_from_db()
    return home, away


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_show_number_of_another_federation_is_404_at_the_recap(pair):
    _, away = pair
    away_owner = _signed_in(away.owner)
    # Show 2 is home's; away has none: the owner of away asking at his own address gets 404.
    assert away_owner.get("/api/v1/federations/away/shows/2/recap/").status_code == 404
    # And at home's address, he is no member: home is invisible to him.
    assert away_owner.get("/api/v1/federations/home/shows/2/recap/").status_code == 404
    # His own show answers.
    response = away_owner.get("/api/v1/federations/away/shows/1/recap/")
    assert response.status_code == 200
    assert response.json()["recap"]["federation_slug"] == "away"


def test_a_neighbours_calendar_token_opens_no_results_feed(pair):
    home, away = pair
    assert Client().get("/f/home/feed.atom", {"token": away.calendar_token}).status_code == 404
    assert Client().get("/f/away/feed.atom", {"token": home.calendar_token}).status_code == 404
    assert Client().get("/f/home/feed.atom", {"token": home.calendar_token}).status_code == 200
