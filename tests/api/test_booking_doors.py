"""The API's booking doors beside booking a match: edit a show, move and remove a match, and
check the federation, each through the same services as the pages and the admin."""

from __future__ import annotations

import pytest

from matches.booking import SHOW_HAS_RUN, match_book, show_create
from matches.models import Show, ShowStatus
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db

BASE = "/api/v1/federations/copperline"


@pytest.fixture
def card(sample):
    show = show_create(federation=sample)
    wrestlers = list(sample.wrestlers.exclude(reigns__ended_on__isnull=True).order_by("pk")[:6])
    for a, b in zip(wrestlers[::2], wrestlers[1::2], strict=True):
        match_book(show=show, sides=[[a], [b]])
    return show


def test_a_booker_renames_and_moves_a_show_that_has_not_run(sample, people, card):
    booker = client_for(people, "booker")
    url = f"{BASE}/shows/{card.number}/"
    response = booker.patch(url, {"name": "Foundry Fury", "venue": "The Armory"}, format="json")
    assert response.status_code == 200, response.json()
    card.refresh_from_db()
    assert (card.name, card.venue) == ("Foundry Fury", "The Armory")
    assert client_for(people, "viewer").patch(url, {"name": "X"}, format="json").status_code == 403
    Show.objects.filter(pk=card.pk).update(status=ShowStatus.COMPLETED)
    refused = booker.patch(url, {"venue": "Elsewhere"}, format="json")
    assert refused.status_code == 400
    assert "can no longer change" in str(refused.json())


def test_a_booker_moves_and_removes_matches(sample, people, card):
    booker = client_for(people, "booker")
    first = card.matches.get(position=1)
    moved = booker.post(f"{BASE}/shows/{card.number}/matches/1/move/", {"position": 3})
    assert moved.status_code == 200, moved.json()
    first.refresh_from_db()
    assert first.position == 3
    assert booker.delete(f"{BASE}/shows/{card.number}/matches/3/").status_code == 204
    assert sorted(card.matches.values_list("position", flat=True)) == [1, 2]
    Show.objects.filter(pk=card.pk).update(status=ShowStatus.COMPLETED)
    refused = booker.delete(f"{BASE}/shows/{card.number}/matches/1/")
    assert refused.status_code == 400
    card.refresh_from_db()
    assert SHOW_HAS_RUN.format(show=card, status="completed") in str(refused.json())
    assert card.matches.count() == 2


def test_the_federation_check_names_violations_to_its_bookers(sample, people):
    booker = client_for(people, "booker")
    clean = booker.get(f"{BASE}/check/")
    assert clean.status_code == 200
    assert clean.json() == {"ok": True, "violations": [], "notices": []}
    wrestler = sample.wrestlers.order_by("pk")[0]
    type(wrestler).objects.filter(pk=wrestler.pk).update(fame=wrestler.fame + 1)
    broken = booker.get(f"{BASE}/check/").json()
    assert broken["ok"] is False
    assert broken["violations"] == [
        f"{wrestler}: fame is {wrestler.fame + 1} but the ledger adds up to {wrestler.fame}."
    ]
    assert client_for(people, "viewer").get(f"{BASE}/check/").status_code == 403


def test_a_stipulation_is_on_or_off(sample, people, card):
    booker = client_for(people, "booker")
    a, b = sample.wrestlers.exclude(appearances__show=card).order_by("pk")[:2]
    url = f"{BASE}/shows/{card.number}/matches/"
    body = {"sides": [[a.slug], [b.slug]], "stipulations": {"no_count_out": {"a": 1}}}
    refused = booker.post(url, body, format="json")
    assert refused.status_code == 400
    assert "stipulations" in str(refused.json()) and "boolean" in str(refused.json())
    assert card.matches.count() == 3
    body["stipulations"] = {"no_count_out": True}
    booked = booker.post(url, body, format="json")
    assert booked.status_code == 201, booked.json()
    assert card.matches.get(position=4).stipulations == {"no_count_out": True}
