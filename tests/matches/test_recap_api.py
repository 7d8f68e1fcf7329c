"""The recap in the API: ``GET shows/{number}/recap/`` answers a completed show's data and its
text in every format, the show's address absolute in each; a show not yet wrestled is 409, in
the API's error shape, saying so."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone

from matches.simulation import show_simulate
from tests.matches.helpers import book_week, sample_federation, weekly_slots

pytestmark = pytest.mark.django_db

API = "/api/v1/federations/copperline/shows"


@pytest.fixture
def shows():
    federation = sample_federation()
    slot, ahead = weekly_slots(federation, timezone.now() - dt.timedelta(days=10), 2)
    wrestled = book_week(federation, scheduled_at=slot, seed=51, matches=3)
    assert show_simulate(show_id=wrestled.pk).status == "completed"
    booked = book_week(federation, scheduled_at=ahead, seed=52, matches=2, schedule=False)
    return wrestled, booked


def test_a_completed_shows_recap_has_its_data_and_every_text(shows):
    wrestled, _ = shows
    response = Client().get(f"{API}/{wrestled.number}/recap/")
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"recap", "markdown", "bbcode", "discord", "slack"}
    recap = body["recap"]
    assert recap["number"] == wrestled.number
    assert recap["date"] == wrestled.date.isoformat()
    assert [r["position"] for r in recap["results"]] == [1, 2, 3]
    address = f"http://testserver/f/copperline/shows/{wrestled.number}/"
    assert recap["url"] == address
    assert isinstance(body["discord"], list) and len(body["discord"]) == 1
    assert all(len(message) <= 2000 for message in body["discord"])
    for key in ("markdown", "bbcode", "slack"):
        assert address in body[key], key
    assert address in body["discord"][0]


def test_a_show_not_wrestled_is_409_saying_so(shows):
    _, booked = shows
    response = Client().get(f"{API}/{booked.number}/recap/")
    assert response.status_code == 409
    assert response.json()["errors"] == [
        {
            "path": "",
            "message": f"{booked} has not been wrestled to the end (it is booked): "
            "there is no recap yet.",
        }
    ]
