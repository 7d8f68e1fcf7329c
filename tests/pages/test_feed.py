"""The federation's results as an Atom feed (``matches.feeds``), read back by feedparser: one
entry per completed show, newest first, its recap the entry's content; linked from a public
federation's pages; a private federation's opened by its calendar token alone."""

from __future__ import annotations

import datetime as dt

import feedparser
import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from matches.booking import show_create
from matches.models import Show
from matches.simulation import show_simulate
from promotion.services import calendar_token_issue
from tests.matches.helpers import book_week, sample_federation, weekly_slots

pytestmark = pytest.mark.django_db

SLUG = "copperline"
FEED = f"/f/{SLUG}/feed.atom"


@pytest.fixture
def two_weeks():
    """The sample federation after two shows wrestled, and a third booked but not wrestled."""
    federation = sample_federation()
    slots = weekly_slots(federation, timezone.now() - dt.timedelta(days=20), 3)
    for seed, slot in zip((31, 32), slots[:2], strict=True):
        show = book_week(federation, scheduled_at=slot, seed=seed, matches=3)
        assert show_simulate(show_id=show.pk).status == "completed"
    show_create(federation=federation, scheduled_at=slots[2])
    return federation


def test_the_feed_has_an_entry_per_completed_show_newest_first(two_weeks):
    assert reverse("federation-feed", args=[SLUG]) == FEED
    response = Client().get(FEED)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    feed = feedparser.parse(response.content)
    assert not feed.bozo, feed.bozo_exception
    assert feed.version == "atom10"
    assert feed.feed.title == "Copperline Wrestling Federation: results"
    # Two shows wrestled; the third, not yet, has no entry.
    titles = [entry.title for entry in feed.entries]
    assert titles == [
        "Copperline Wrestling Federation Weekly #2",
        "Copperline Wrestling Federation Weekly #1",
    ]
    second = feed.entries[0]
    assert second.link == f"http://testserver/f/{SLUG}/shows/2/"
    assert second.id == f"tag:ringside,2026:{SLUG}/shows/2"
    # The recap is the entry's content: its results, match by match.
    show = Show.objects.get(federation=two_weeks, number=2)
    summary = second.summary
    assert "Match 1" in summary and "Match 3" in summary
    for match in show.matches.all():
        for winner in match.winners():
            assert winner.wrestler.ring_name in summary
    # The same entry keeps its id and its date when the feed is read again.
    again = feedparser.parse(Client().get(FEED).content)
    assert [(e.id, e.updated) for e in again.entries] == [(e.id, e.updated) for e in feed.entries]


def test_a_public_federations_pages_link_the_feed(two_weeks):
    page = Client().get(f"/f/{SLUG}/").content.decode()
    assert '<link rel="alternate" type="application/atom+xml"' in page
    assert f'href="{FEED}"' in page


def test_a_private_federations_feed_opens_with_its_calendar_token_alone(two_weeks):
    two_weeks.is_public = False
    two_weeks.save(update_fields=["is_public"])
    assert Client().get(FEED).status_code == 404
    calendar_token_issue(federation=two_weeks)
    two_weeks.refresh_from_db()
    assert Client().get(FEED, {"token": "not-the-token"}).status_code == 404
    response = Client().get(FEED, {"token": two_weeks.calendar_token})
    assert response.status_code == 200
    assert len(feedparser.parse(response.content).entries) == 2
    # Its pages do not offer the feed to a member (the address would need the token).
    owner = Client()
    owner.force_login(two_weeks.owner)
    page = owner.get(f"/f/{SLUG}/").content.decode()
    assert "application/atom+xml" not in page
