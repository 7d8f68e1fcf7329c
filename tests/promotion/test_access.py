"""The roles of a federation, enforced in ``promotion.access`` for every door."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404

from promotion.access import AccessDenied, Action, can, federation_for, federations_for, role_of
from promotion.models import MemberRole, Membership
from tests import factories


@pytest.fixture
def people(db):
    owner = factories.UserFactory(username="owner")
    booker = factories.UserFactory(username="booker")
    viewer = factories.UserFactory(username="viewer")
    outsider = factories.UserFactory(username="outsider")
    superuser = factories.UserFactory(username="root", is_superuser=True)
    private = factories.FederationFactory(owner=owner, is_public=False, slug="private")
    public = factories.FederationFactory(owner=owner, is_public=True, slug="public")
    for federation in (private, public):
        Membership.objects.create(federation=federation, user=booker, role=MemberRole.BOOKER)
        Membership.objects.create(federation=federation, user=viewer, role=MemberRole.VIEWER)
    return {
        "owner": owner,
        "booker": booker,
        "viewer": viewer,
        "outsider": outsider,
        "superuser": superuser,
        "anonymous": AnonymousUser(),
        "private": private,
        "public": public,
    }


# who -> (read private, book, manage), the same on public and private federations but reading
EXPECTED = {
    "owner": (True, True, True),
    "superuser": (True, True, True),
    "booker": (True, True, False),
    "viewer": (True, False, False),
    "outsider": (False, False, False),
    "anonymous": (False, False, False),
}


@pytest.mark.parametrize("who", EXPECTED)
def test_each_role_may_do_what_its_row_says(people, who):
    user = people[who]
    read, book, manage = EXPECTED[who]
    for federation in (people["private"], people["public"]):
        assert can(user, federation, Action.BOOK) is book
        assert can(user, federation, Action.MANAGE) is manage
    assert can(user, people["private"], Action.READ) is read
    assert can(user, people["public"], Action.READ) is True


@pytest.mark.parametrize("who", EXPECTED)
def test_lists_hold_only_what_the_user_may_do(people, who):
    user = people[who]
    read, book, manage = EXPECTED[who]
    readable = set(federations_for(user).values_list("slug", flat=True))
    assert readable == ({"public", "private"} if read else {"public"})
    bookable = set(federations_for(user, Action.BOOK).values_list("slug", flat=True))
    assert bookable == ({"public", "private"} if book else set())
    manageable = set(federations_for(user, "manage").values_list("slug", flat=True))
    assert manageable == ({"public", "private"} if manage else set())


def test_a_private_federation_is_not_found_by_outsiders_and_forbidden_only_to_members(people):
    with pytest.raises(Http404):
        federation_for(people["outsider"], "private")
    with pytest.raises(Http404):
        federation_for(people["anonymous"], "private", Action.BOOK)
    with pytest.raises(AccessDenied):
        federation_for(people["viewer"], "private", Action.BOOK)
    with pytest.raises(AccessDenied):
        federation_for(people["outsider"], "public", Action.BOOK)
    assert federation_for(people["booker"], "private", Action.BOOK) == people["private"]


def test_roles_are_named(people):
    assert role_of(people["owner"], people["private"]) == "owner"
    assert role_of(people["superuser"], people["private"]) == "owner"
    assert role_of(people["booker"], people["private"]) == "booker"
    assert role_of(people["viewer"], people["private"]) == "viewer"
    assert role_of(people["outsider"], people["private"]) is None
    assert role_of(people["anonymous"], people["private"]) is None
