"""Fixtures of the page tests: the sample federation and one user per role."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from matches.autobook import show_autobook
from matches.booking import show_create, show_schedule
from matches.simulation import show_simulate
from promotion.models import MemberRole, Membership
from promotion.sample import sample_federation_load

ROLES = ("anonymous", "outsider", "viewer", "booker", "owner")


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Hash test passwords quickly: the default hasher is slow by design."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def users(db):
    model = get_user_model()
    made = {
        name: model.objects.create_user(name, f"{name}@example.com", "a long pass phrase")
        for name in ROLES[1:]
    }
    made["anonymous"] = None
    return made


@pytest.fixture
def sample(users):
    """The sample federation, owned by ``owner``, with a booker and a viewer, and one show
    wrestled (its week's card by the auto-booker)."""
    federation = sample_federation_load(owner=users["owner"])
    Membership.objects.create(federation=federation, user=users["booker"], role=MemberRole.BOOKER)
    Membership.objects.create(federation=federation, user=users["viewer"], role=MemberRole.VIEWER)
    show = show_create(federation=federation, seed=7)
    show_autobook(show=show)
    show_schedule(show=show)
    assert show_simulate(show_id=show.pk).status == "completed"
    return federation


def client_for(client, users, role):
    if users[role] is not None:
        client.force_login(users[role])
    return client


@pytest.fixture
def staffed(users):
    """A small public federation (no roster yet) owned by ``owner``, with a booker and a viewer:
    the desks' tests add what each needs."""
    from tests import factories

    made = factories.FederationFactory(owner=users["owner"], is_public=True)
    Membership.objects.create(federation=made, user=users["booker"], role=MemberRole.BOOKER)
    Membership.objects.create(federation=made, user=users["viewer"], role=MemberRole.VIEWER)
    return made


@pytest.fixture
def booker(client, users):
    client.force_login(users["booker"])
    return client


def told(client, response) -> list[str]:
    """The messages shown on the page a post led to (redirected to, or shown at once, as a
    refused desk's page is with what was typed)."""
    if response.status_code in (301, 302, 303):
        response = client.get(response["Location"])
    return [str(m) for m in response.context["messages"]]
