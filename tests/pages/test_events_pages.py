"""Special events and the calendar from the pages (issue 40): the new-show page books an event
with its poster line and card size, the event's page shows them, the calendar page lists the
weeks ahead and links the feed, and the feed (parsed with icalendar) answers a private
federation's only with its token, which the owner issues and revokes on the settings page."""

from __future__ import annotations

from html import unescape

import icalendar
import pytest
from django.urls import reverse

from matches.booking import show_create
from matches.models import ShowKind
from promotion.models import Federation

pytestmark = pytest.mark.django_db


def _login(client, users, role):
    client.force_login(users[role])
    return client


def _text(response) -> str:
    return unescape(response.content.decode())


def test_a_booker_books_an_event_from_the_new_show_page(client, users, staffed):
    booker = _login(client, users, "booker")
    form = _text(booker.get(reverse("show-create", args=[staffed.slug])))
    assert 'name="kind"' in form and 'name="poster_line"' in form and 'name="card_size"' in form
    # The federation's weekly card is 6: an event's, twice that.
    assert "Empty: 6 on a weekly show, 12 on an event." in form
    response = booker.post(
        reverse("show-create", args=[staffed.slug]),
        {
            "name": "Foundry Fury",
            "date": "2027-03-20",
            "time": "19:00",
            "venue": "The Old Mill",
            "kind": "special",
            "poster_line": "Nine matches. Two titles. One night.",
            "card_size": "9",
        },
    )
    assert response.status_code == 302, _text(response)
    show = staffed.shows.get(name="Foundry Fury")
    assert (show.kind, show.poster_line, show.card_size) == (
        "special",
        "Nine matches. Two titles. One night.",
        9,
    )
    page = _text(booker.get(response["Location"]))
    assert "Special event" in page
    assert "Nine matches. Two titles. One night." in page


def test_the_new_show_page_refuses_a_card_of_forty_by_its_field(client, users, staffed):
    booker = _login(client, users, "booker")
    response = booker.post(
        reverse("show-create", args=[staffed.slug]),
        {
            "name": "Too Big",
            "date": "2027-03-20",
            "time": "19:00",
            "kind": "special",
            "card_size": "40",
        },
    )
    assert response.status_code == 400  # (the form shown again: nothing written)
    assert "Ensure this value is less than or equal to 30." in _text(response)
    assert not staffed.shows.filter(name="Too Big").exists()


def test_the_calendar_page_lists_the_event_and_links_the_feed(client, staffed):
    event = show_create(
        federation=staffed,
        scheduled_at=staffed.next_show_time(),
        name="Foundry Fury",
        kind=ShowKind.SPECIAL,
        poster_line="One night only.",
    )
    page = _text(client.get(reverse("calendar", args=[staffed.slug])))
    assert f'href="{event.get_absolute_url()}">Foundry Fury</a>' in page
    assert "One night only." in page
    assert page.count(f"{staffed.name} weekly show (not booked yet)") == 11
    feed = f"http://testserver/f/{staffed.slug}/calendar.ics"
    assert f'href="{feed}"' in page
    archive = _text(client.get(reverse("show-archive", args=[staffed.slug])))
    assert reverse("calendar", args=[staffed.slug]) in archive


def _feed(client, federation: Federation, token: str | None = None):
    url = reverse("calendar-feed", args=[federation.slug])
    return client.get(url, {"token": token} if token is not None else {})


def test_a_public_federations_feed_is_anyones(client, staffed):
    show_create(federation=staffed, name="Foundry Weekly #1")
    response = _feed(client, staffed)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    events = icalendar.Calendar.from_ical(response.content).walk("VEVENT")
    assert len(events) == 12
    assert str(events[0]["SUMMARY"]) == "Foundry Weekly #1"
    assert str(events[0]["UID"]) == f"{staffed.slug}-show-1@ringside"


@pytest.fixture
def private(staffed):
    staffed.is_public = False
    staffed.save(update_fields=["is_public"])
    return staffed


def test_a_private_federations_feed_needs_its_token(client, users, private):
    assert _feed(client, private).status_code == 404
    assert _feed(client, private, "").status_code == 404
    owner = _login(client, users, "owner")
    settings = reverse("federation-settings", args=[private.slug])
    assert "None is issued." in _text(owner.get(settings))
    response = owner.post(reverse("calendar-token-issue", args=[private.slug]))
    assert response.status_code == 302 and response["Location"] == settings
    private.refresh_from_db()
    token = private.calendar_token
    assert len(token) == 43
    page = _text(owner.get(settings))
    assert f"http://testserver/f/{private.slug}/calendar.ics?token={token}" in page
    client.logout()

    assert _feed(client, private, token).status_code == 200
    assert (
        _feed(client, private, token[:-1] + ("A" if token[-1] != "A" else "B")).status_code == 404
    )
    # Issued again: the old address stops working.
    owner = _login(client, users, "owner")
    owner.post(reverse("calendar-token-issue", args=[private.slug]))
    client.logout()
    private.refresh_from_db()
    assert private.calendar_token != token
    assert _feed(client, private, token).status_code == 404
    fresh = private.calendar_token
    assert _feed(client, private, fresh).status_code == 200
    # Revoked: no address works.
    owner = _login(client, users, "owner")
    owner.post(reverse("calendar-token-revoke", args=[private.slug]))
    client.logout()
    private.refresh_from_db()
    assert private.calendar_token == ""
    assert _feed(client, private, fresh).status_code == 404


def test_anothers_token_opens_no_feed(client, private):
    from tests import factories

    other = factories.FederationFactory(is_public=False, calendar_token="x" * 43)
    assert _feed(client, other, "x" * 43).status_code == 200
    assert _feed(client, private, "x" * 43).status_code == 404


def test_a_member_reads_the_private_feed_signed_in(client, users, private):
    viewer = _login(client, users, "viewer")
    assert _feed(viewer, private).status_code == 200
    page = _text(viewer.get(reverse("calendar", args=[private.slug])))
    assert "ask its owner for the calendar feed" in page


def test_only_the_owner_issues_a_calendar_token(client, users, private):
    booker = _login(client, users, "booker")
    response = booker.post(reverse("calendar-token-issue", args=[private.slug]))
    assert response.status_code == 403
    private.refresh_from_db()
    assert private.calendar_token == ""
