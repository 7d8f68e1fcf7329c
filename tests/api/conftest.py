"""Fixtures for the API tests: the sample federation, a private copy of a small one, and a user
in each role."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from promotion.models import Federation, MemberRole, Membership
from tests import factories

ROLES = ("anonymous", "outsider", "viewer", "booker", "owner")


def throttle_rates(monkeypatch, **rates: str) -> None:
    """Set the throttles' rates for one test (DRF reads them once, into a class attribute) and
    give them a cache of their own, empty: no client's history carries over from another test,
    and the shared cache (Redis, with the broker beside it) is never cleared."""
    import uuid

    from django.core.cache.backends.locmem import LocMemCache
    from rest_framework.throttling import SimpleRateThrottle

    current = dict(SimpleRateThrottle.THROTTLE_RATES)
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {**current, **rates})
    monkeypatch.setattr(SimpleRateThrottle, "cache", LocMemCache(f"throttle-{uuid.uuid4()}", {}))


@pytest.fixture(autouse=True)
def _no_throttling(monkeypatch):
    """Tests make many requests; the throttling tests set their own rates."""
    from rest_framework.throttling import SimpleRateThrottle

    scopes = SimpleRateThrottle.THROTTLE_RATES
    throttle_rates(monkeypatch, **dict.fromkeys(scopes, "100000/min"))


@pytest.fixture
def people(db):
    return {
        "owner": factories.UserFactory(username="owner"),
        "booker": factories.UserFactory(username="booker"),
        "viewer": factories.UserFactory(username="viewer"),
        "outsider": factories.UserFactory(username="outsider"),
    }


@pytest.fixture
def sample(people) -> Federation:
    """The sample federation (public), owned by ``owner``, with a booker and a viewer."""
    call_command("load_sample_federation", owner="owner", verbosity=0)
    federation = Federation.objects.get(slug="copperline")
    Membership.objects.create(federation=federation, user=people["booker"], role=MemberRole.BOOKER)
    Membership.objects.create(federation=federation, user=people["viewer"], role=MemberRole.VIEWER)
    return federation


@pytest.fixture
def private(sample) -> Federation:
    """The sample federation made private."""
    sample.is_public = False
    sample.save(update_fields=["is_public"])
    return sample


def client_for(people, who: str) -> APIClient:
    client = APIClient()
    if who != "anonymous":
        client.force_authenticate(user=people[who])
    return client


@pytest.fixture
def as_role(people):
    return lambda who: client_for(people, who)


@pytest.fixture
def history(sample):
    """The sample federation after two weekly shows wrestled (seeded, so always the same)."""
    import datetime as dt

    from django.utils import timezone

    from matches.simulation import show_simulate
    from tests.matches.helpers import book_week

    start = timezone.now() - dt.timedelta(days=15)
    for week in range(2):
        show = book_week(
            sample, scheduled_at=start + dt.timedelta(days=7 * week), seed=4100 + week, matches=6
        )
        assert show_simulate(show_id=show.pk).status == "completed"
    return sample
