"""A match's booking note (why it was booked: the auto-booker's reasons, its contention figures)
is the federation's own: the pages show it to members only, and so does the API, at every
address that gives a match. Anyone else reads ``null`` there, as the schema says."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from matches.booking import match_book, show_create
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db

BASE = "/api/v1/federations/copperline"
NOTE = "Opener: two hungry newcomers, to warm the crowd."


@pytest.fixture
def noted(sample):
    """A draft show of the sample federation with one match on it, booked with a note."""
    show = show_create(federation=sample, scheduled_at=timezone.now() + dt.timedelta(days=3))
    first, second = sample.wrestlers.order_by("slug")[:2]
    match_book(show=show, sides=[[first], [second]], note=NOTE)
    return show


def _notes(client, show_number: int) -> dict[str, list]:
    """The booking notes every reading address gives for the show's matches."""
    detail = client.get(f"{BASE}/shows/{show_number}/")
    with_pbp = client.get(f"{BASE}/shows/{show_number}/?play_by_play=true")
    card = client.get(f"{BASE}/shows/{show_number}/matches/")
    one = client.get(f"{BASE}/shows/{show_number}/matches/1/")
    every = client.get(f"{BASE}/matches/?show={show_number}")
    for response in (detail, with_pbp, card, one, every):
        assert response.status_code == 200, response.content
    return {
        "show": [m["booking_note"] for m in detail.json()["card"]],
        "show with play-by-play": [m["booking_note"] for m in with_pbp.json()["card"]],
        "card": [m["booking_note"] for m in card.json()["results"]],
        "match": [one.json()["booking_note"]],
        "matches": [m["booking_note"] for m in every.json()["results"]],
    }


@pytest.mark.parametrize("who", ["anonymous", "outsider"])
def test_a_reader_who_is_no_member_gets_no_booking_note(people, noted, who):
    notes = _notes(client_for(people, who), noted.number)
    assert notes == {
        "show": [None],
        "show with play-by-play": [None],
        "card": [None],
        "match": [None],
        "matches": [None],
    }


@pytest.mark.parametrize("who", ["viewer", "booker", "owner"])
def test_a_member_reads_the_booking_note(people, noted, who):
    notes = _notes(client_for(people, who), noted.number)
    assert notes == {
        "show": [NOTE],
        "show with play-by-play": [NOTE],
        "card": [NOTE],
        "match": [NOTE],
        "matches": [NOTE],
    }


def test_the_pages_show_the_note_to_the_same_readers(client, people, noted):
    """The rule the API follows is the pages': a viewer sees it, an outsider does not."""
    address = f"/f/copperline/shows/{noted.number}/"
    assert NOTE not in client.get(address).content.decode()
    client.force_login(people["outsider"])
    assert NOTE not in client.get(address).content.decode()
    client.force_login(people["viewer"])
    assert NOTE in client.get(address).content.decode()


def test_a_booker_reads_the_notes_of_what_he_books_and_moves(people, sample, noted):
    booker = client_for(people, "booker")
    third, fourth = sample.wrestlers.order_by("slug")[2:4]
    booked = booker.post(
        f"{BASE}/shows/{noted.number}/matches/",
        {"sides": [[third.slug], [fourth.slug]], "note": "The return bout."},
        format="json",
    )
    assert booked.status_code == 201, booked.content
    assert booked.json()["booking_note"] == "The return bout."
    moved = booker.post(
        f"{BASE}/shows/{noted.number}/matches/2/move/", {"position": 1}, format="json"
    )
    assert moved.status_code == 200, moved.content
    assert [m["booking_note"] for m in moved.json()] == ["The return bout.", NOTE]


def test_the_schema_says_the_note_is_null_for_anyone_but_members():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    for component in ("Match", "MatchDetail"):
        note = schema["components"]["schemas"][component]["properties"]["booking_note"]
        assert note["type"] == "string", component
        assert note["nullable"] is True, component
        assert note["readOnly"] is True, component
        assert "members" in note["description"], component
