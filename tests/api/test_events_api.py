"""Special events over the API (issue 40): ``POST shows/`` and ``PATCH shows/{number}/`` take a
kind, a poster line and a card size, through ``matches.booking.show_create`` and
``show_update``; a refusal names its field."""

from __future__ import annotations

import pytest

from matches.models import Show
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db

BASE = "/api/v1/federations/copperline"
EVENT = {
    "name": "Foundry Fury",
    "kind": "special",
    "poster_line": "Nine matches. Two titles. One night.",
    "scheduled_at": "2027-03-20T19:00:00",
}


@pytest.fixture
def booker(people):
    return client_for(people, "booker")


def test_a_booker_creates_an_event_with_its_poster_line_and_card_size(sample, booker):
    response = booker.post(BASE + "/shows/", {**EVENT, "card_size": 9}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["name"], body["kind"], body["poster_line"], body["card_size"]) == (
        "Foundry Fury",
        "special",
        "Nine matches. Two titles. One night.",
        9,
    )
    show = Show.objects.get(federation=sample, number=body["number"])
    assert (show.kind, show.poster_line, show.card_size) == ("special", EVENT["poster_line"], 9)


def test_an_event_without_a_size_reads_null_and_gets_the_events_card(sample, booker):
    body = booker.post(BASE + "/shows/", EVENT, format="json").json()
    assert body["card_size"] is None
    report = booker.post(f"{BASE}/shows/{body['number']}/autobook/").json()
    # The sample's weekly card is 6: an event's is twice that, 12, and its eighteen wrestlers
    # fill no more than nine matches; more than the weekly six either way.
    assert sample.card_size == 6
    assert len(report["matches"]) > 6


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("card_size", 31, "Ensure this value is less than or equal to 30."),
        ("card_size", 0, "Ensure this value is greater than or equal to 1."),
        ("kind", "pay-per-view", '"pay-per-view" is not a valid choice.'),
        ("poster_line", "x" * 201, "Ensure this field has no more than 200 characters."),
    ],
)
def test_a_bad_event_field_is_refused_by_name(sample, booker, field, value, message):
    before = Show.objects.count()
    response = booker.post(BASE + "/shows/", {**EVENT, field: value}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == [{"path": field, "message": message}]
    assert Show.objects.count() == before


def test_a_poster_line_with_a_line_break_is_refused_by_the_service(sample, booker):
    response = booker.post(
        BASE + "/shows/", {**EVENT, "poster_line": "One night.\nTwo titles."}, format="json"
    )
    assert response.status_code == 400
    assert "Poster line" in response.json()["errors"][0]["message"]


def test_patch_changes_only_the_poster_line(sample, booker):
    body = booker.post(BASE + "/shows/", {**EVENT, "card_size": 9}, format="json").json()
    url = f"{BASE}/shows/{body['number']}/"
    response = booker.patch(url, {"poster_line": "One night only."}, format="json")
    assert response.status_code == 200, response.content
    show = Show.objects.get(federation=sample, number=body["number"])
    assert (show.poster_line, show.card_size, show.kind, show.name) == (
        "One night only.",
        9,
        "special",
        "Foundry Fury",
    )
    cleared = booker.patch(url, {"card_size": None}, format="json").json()
    assert cleared["card_size"] is None


def test_a_viewer_cannot_create_an_event(sample, people):
    response = client_for(people, "viewer").post(BASE + "/shows/", EVENT, format="json")
    assert response.status_code == 403
    assert not Show.objects.filter(name="Foundry Fury").exists()
