"""The calendar's doors between neighbours: a federation's calendar token opens its own feed and
no other's, the calendar and its feed list only the federation's own shows, and the token
buttons pressed at one federation's address issue and revoke only its token."""

from __future__ import annotations

import datetime as dt

import icalendar
import pytest
from django.test import Client
from django.urls import reverse

from matches.booking import show_create
from matches.models import ShowKind
from promotion.models import Federation
from promotion.services import calendar_token_issue
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def pair():
    """Two private federations of one owner, each with a show ahead and its own token."""
    boss = factories.UserFactory(username="boss")
    home = factories.FederationFactory(owner=boss, slug="home", name="Home", is_public=False)
    away = factories.FederationFactory(owner=boss, slug="away", name="Away", is_public=False)
    ahead = home.next_show_time()
    show_create(federation=home, scheduled_at=ahead, name="Home Weekly #1")
    show_create(
        federation=away,
        scheduled_at=ahead + dt.timedelta(days=1),
        name="Away Fury",
        kind=ShowKind.SPECIAL,
    )
    calendar_token_issue(federation=home)
    calendar_token_issue(federation=away)
    return boss, home, away


def _feed(client, federation: Federation, token: str = ""):
    url = reverse("calendar-feed", args=[federation.slug])
    return client.get(url, {"token": token} if token else {})


def _summaries(response) -> list[str]:
    events = icalendar.Calendar.from_ical(response.content).walk("VEVENT")
    return [str(event["SUMMARY"]) for event in events]


def test_a_neighbours_token_opens_no_feed(pair):
    _, home, away = pair
    assert _feed(Client(), home, away.calendar_token).status_code == 404
    assert _feed(Client(), away, home.calendar_token).status_code == 404
    assert _feed(Client(), home, home.calendar_token).status_code == 200


def test_the_owner_signed_in_with_a_neighbours_token_reads_his_own_feed(pair):
    boss, home, away = pair
    client = Client()
    client.force_login(boss)
    summaries = _summaries(_feed(client, home, away.calendar_token))
    assert "Home Weekly #1" in summaries and "Away Fury" not in summaries


def test_the_calendar_lists_only_its_own_shows(pair):
    boss, home, _ = pair
    client = Client()
    client.force_login(boss)
    page = client.get(reverse("calendar", args=[home.slug])).content.decode()
    assert "Home Weekly #1" in page and "Away Fury" not in page
    assert "Away Fury" not in _summaries(_feed(Client(), home, home.calendar_token))


def test_the_token_buttons_touch_only_their_federations_token(pair):
    boss, home, away = pair
    kept = away.calendar_token
    client = Client()
    client.force_login(boss)
    client.post(reverse("calendar-token-revoke", args=[home.slug]))
    client.post(reverse("calendar-token-issue", args=[home.slug]))
    away.refresh_from_db()
    home.refresh_from_db()
    assert away.calendar_token == kept
    assert home.calendar_token not in ("", kept)
