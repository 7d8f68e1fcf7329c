"""The roster's rules over the API, in the words the pages and the admin give: a ring name is one
wrestler's, a wrestler is in one tag team at a time, a debut is a day that has come and no later
than the wrestler's first match, and an auto-booked card holds 1 to 20 matches."""

from __future__ import annotations

import datetime as dt

import pytest
from rest_framework.test import APIClient

from matches.models import MatchStatus, ShowStatus
from promotion import services, validators
from promotion.selectors import federation_today
from tests import factories

pytestmark = pytest.mark.django_db

ON = dt.date(2026, 10, 2)


@pytest.fixture
def api(federation):
    client = APIClient()
    client.force_authenticate(user=federation.owner)
    return client


def base(federation) -> str:
    return f"/api/v1/federations/{federation.slug}"


def errors(response) -> str:
    return " ".join(e["message"] for e in response.json()["errors"])


def test_a_ring_name_another_wrestler_has_is_refused(api, federation):
    factories.WrestlerFactory(federation=federation, ring_name="Ada Vance", slug="ada-vance")
    bo = factories.WrestlerFactory(federation=federation, ring_name="Bo Lane", slug="bo-lane")
    taken = validators.RING_NAME_TAKEN.format(federation=federation, name="Ada Vance")
    response = api.patch(base(federation) + "/wrestlers/bo-lane/", {"ring_name": "ada vance"})
    assert response.status_code == 400 and taken in errors(response)
    bo.refresh_from_db()
    assert bo.ring_name == "Bo Lane"
    response = api.post(
        base(federation) + "/wrestlers/", {"ring_name": "Ada Vance", "slug": "ada-2"}
    )
    assert response.status_code == 400 and taken in errors(response)
    assert not federation.wrestlers.filter(slug="ada-2").exists()
    response = api.patch(base(federation) + "/wrestlers/bo-lane/", {"ring_name": "BO LANE"})
    assert response.status_code == 200 and response.json()["ring_name"] == "BO LANE"


def test_a_wrestler_is_in_one_tag_team_at_a_time(api, federation):
    ada, bo, cy, dee = (
        factories.WrestlerFactory(federation=federation, ring_name=name, slug=slug)
        for name, slug in (
            ("Ada Vance", "ada"),
            ("Bo Lane", "bo"),
            ("Cy Moss", "cy"),
            ("Dee Ray", "dee"),
        )
    )
    rivets = services.team_form(
        federation=federation, name="The Rivets", members=[ada, bo], formed_on=ON
    )
    response = api.post(
        base(federation) + "/teams/",
        {"name": "Vance and Moss", "kind": "tag_team", "members": ["ada", "cy"], "formed_on": ON},
        format="json",
    )
    assert response.status_code == 400
    assert errors(response) == services.TEAM_OTHER_TAG_TEAM.format(wrestler=ada, team=rivets)
    bolts = services.team_form(
        federation=federation, name="The Bolts", members=[cy, dee], formed_on=ON
    )
    response = api.post(
        base(federation) + f"/teams/{bolts.slug}/join/",
        {"wrestler": "bo", "on": ON},
        format="json",
    )
    assert response.status_code == 400
    assert errors(response) == services.TEAM_OTHER_TAG_TEAM.format(wrestler=bo, team=rivets)
    assert not bolts.memberships.filter(wrestler=bo).exists()


def test_a_debut_still_to_come_is_refused(api, federation):
    wrestler = factories.WrestlerFactory(federation=federation, slug="rook")
    today = federation_today(federation)
    later = today + dt.timedelta(days=30)
    words = validators.DEBUT_STILL_TO_COME.format(on=later, federation=federation, today=today)
    response = api.patch(base(federation) + "/wrestlers/rook/", {"debut_on": later.isoformat()})
    assert response.status_code == 400 and words in errors(response)
    response = api.post(
        base(federation) + "/wrestlers/", {"ring_name": "Nova Quill", "debut_on": later}
    )
    assert response.status_code == 400 and words in errors(response)
    wrestler.refresh_from_db()
    assert wrestler.debut_on is None
    response = api.patch(base(federation) + "/wrestlers/rook/", {"debut_on": today.isoformat()})
    assert response.status_code == 200


def test_a_debut_after_the_first_match_is_refused(api, federation):
    wrestler = factories.WrestlerFactory(federation=federation, slug="rook")
    day = federation_today(federation) - dt.timedelta(days=14)
    show = factories.ShowFactory(
        federation=federation,
        status=ShowStatus.COMPLETED,
        scheduled_at=dt.datetime.combine(day, dt.time(20), federation.time_zone),
    )
    match = factories.MatchFactory(show=show, status=MatchStatus.COMPLETED, method="pin")
    factories.MatchParticipantFactory(match=match, show=show, wrestler=wrestler, side=0)
    later = day + dt.timedelta(days=1)
    response = api.patch(base(federation) + "/wrestlers/rook/", {"debut_on": later.isoformat()})
    assert response.status_code == 400
    assert validators.DEBUT_AFTER_FIRST_MATCH.format(
        wrestler=wrestler, on=later, first=day, show=show.name
    ) in errors(response)
    response = api.patch(base(federation) + "/wrestlers/rook/", {"debut_on": day.isoformat()})
    assert response.status_code == 200 and response.json()["debut_on"] == day.isoformat()


@pytest.mark.parametrize("size", [0, 21, 9999, 40000])
def test_a_card_size_out_of_bounds_is_refused(api, federation, size):
    response = api.patch(base(federation) + "/", {"card_size": size}, format="json")
    assert response.status_code == 400
    assert validators.CARD_SIZE_OUT_OF_RANGE.format(low=1, high=20, value=size) in errors(response)
    federation.refresh_from_db()
    assert federation.card_size == 6
    for good in (1, 20):
        assert (
            api.patch(base(federation) + "/", {"card_size": good}, format="json").status_code == 200
        )
