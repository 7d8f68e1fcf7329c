"""Every day a promoter types is a day of the calendar in every time zone (the years 2 to 9998,
``validators.calendar_day``): past either end, a day read as a moment in a zone east of UTC (the
ledger's dates, a show's) does not exist. Refused at every door by the model's own validator,
never a server error."""

from __future__ import annotations

import datetime as dt

import pytest

from promotion import services
from promotion.models import Wrestler
from promotion.services import ServiceError
from tests import factories
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db

YEAR_ONE = "A day in the years 2 to 9998, not 0001-01-01."


@pytest.fixture
def east(db):
    """A federation east of UTC, where the first day of year 1 begins before the calendar."""
    return factories.FederationFactory(time_zone="Asia/Kolkata")


def test_a_debut_in_year_one_is_refused_by_the_service(east):
    with pytest.raises(ServiceError) as refused:
        services.wrestler_create(
            federation=east, ring_name="Ancient One", slug="ancient-one", debut_on=dt.date(1, 1, 1)
        )
    assert YEAR_ONE in str(refused.value)
    assert not Wrestler.objects.filter(slug="ancient-one").exists()


def test_a_debut_in_year_one_is_a_400_over_the_api(east):
    people = {"owner": east.owner}
    client = client_for(people, "owner")
    client.raise_request_exception = False
    response = client.post(
        f"/api/v1/federations/{east.slug}/wrestlers/",
        {"ring_name": "Ancient Two", "debut_on": "0001-01-01"},
        format="json",
    )
    assert response.status_code == 400, response.content[:300]
    assert any(YEAR_ONE in error["message"] for error in response.json()["errors"])
    assert not Wrestler.objects.filter(ring_name="Ancient Two").exists()


def test_a_title_introduced_before_the_calendar_is_refused(east):
    with pytest.raises(ServiceError) as refused:
        services.title_create(federation=east, name="Old Belt", introduced_on=dt.date(1, 1, 1))
    assert YEAR_ONE in str(refused.value)


def test_an_expected_return_past_the_calendar_is_refused(east):
    wrestler = factories.WrestlerFactory(federation=east)
    with pytest.raises(ServiceError) as refused:
        services.injury_record(
            wrestler=wrestler,
            occurred_on=dt.date(2026, 1, 5),
            expected_return=dt.date(9999, 12, 31),
        )
    assert "A day in the years 2 to 9998, not 9999-12-31." in str(refused.value)


def test_the_first_and_last_years_are_days_like_any_other(east):
    wrestler = services.wrestler_create(
        federation=east, ring_name="Second Year", slug="second-year", debut_on=dt.date(2, 1, 1)
    )
    assert wrestler.debut_on == dt.date(2, 1, 1)
