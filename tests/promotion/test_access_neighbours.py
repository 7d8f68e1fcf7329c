"""``promotion.access`` reads a role in the federation asked about and nowhere else: a booker
or viewer of one federation is a stranger to its neighbour; no user at all (``None``, as a
command or a task passes) is a stranger everywhere; the refusal says whose role it is and what
it does not allow, word for word."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404

from promotion.access import (
    AccessDenied,
    Action,
    can,
    federation_for,
    federations_for,
    is_member,
    role_of,
)
from promotion.models import MemberRole, Membership
from tests import factories


@pytest.fixture
def world(db):
    """Two private federations of two owners and a public one of a third; the booker and the
    viewer are members of ``home`` only."""
    owner = factories.UserFactory(username="owner")
    neighbour_owner = factories.UserFactory(username="neighbour")
    booker = factories.UserFactory(username="booker")
    viewer = factories.UserFactory(username="viewer")
    home = factories.FederationFactory(
        owner=owner, is_public=False, slug="home", name="Home Wrestling"
    )
    next_door = factories.FederationFactory(
        owner=neighbour_owner, is_public=False, slug="next-door", name="Next Door Wrestling"
    )
    open_air = factories.FederationFactory(
        owner=neighbour_owner, is_public=True, slug="open-air", name="Open Air Wrestling"
    )
    Membership.objects.create(federation=home, user=booker, role=MemberRole.BOOKER)
    Membership.objects.create(federation=home, user=viewer, role=MemberRole.VIEWER)
    return {
        "owner": owner,
        "neighbour": neighbour_owner,
        "booker": booker,
        "viewer": viewer,
        "home": home,
        "next-door": next_door,
        "open-air": open_air,
    }


@pytest.mark.parametrize("who", ["owner", "booker", "viewer"])
def test_a_role_at_home_is_none_next_door(world, who):
    user = world[who]
    assert role_of(user, world["next-door"]) is None
    assert role_of(user, world["open-air"]) is None
    assert is_member(user, world["next-door"]) is False
    assert is_member(user, world["home"]) is True
    for action in Action:
        assert can(user, world["next-door"], action) is False
    assert can(user, world["open-air"], Action.READ) is True
    assert can(user, world["open-air"], Action.BOOK) is False
    with pytest.raises(Http404):
        federation_for(user, "next-door")


def test_the_neighbours_owner_is_a_stranger_at_home(world):
    neighbour = world["neighbour"]
    assert role_of(neighbour, world["home"]) is None
    assert role_of(neighbour, world["next-door"]) == "owner"
    assert is_member(neighbour, world["home"]) is False
    assert can(neighbour, world["home"], Action.READ) is False


@pytest.mark.parametrize(
    ("who", "read", "book", "manage"),
    [
        ("owner", {"home", "open-air"}, {"home"}, {"home"}),
        ("booker", {"home", "open-air"}, {"home"}, set()),
        ("viewer", {"home", "open-air"}, set(), set()),
        (
            "neighbour",
            {"next-door", "open-air"},
            {"next-door", "open-air"},
            {"next-door", "open-air"},
        ),
    ],
)
def test_the_lists_hold_a_users_own_federations_and_the_public_ones(world, who, read, book, manage):
    user = world[who]
    slugs = {
        action: set(federations_for(user, action).values_list("slug", flat=True))
        for action in Action
    }
    assert slugs == {Action.READ: read, Action.BOOK: book, Action.MANAGE: manage}


def test_a_booker_elsewhere_is_not_a_booker_of_a_federation_where_he_only_views(world):
    """The role read is the one held in the federation asked about, not another of his."""
    viewer = world["viewer"]
    Membership.objects.create(federation=world["next-door"], user=viewer, role=MemberRole.BOOKER)
    assert role_of(viewer, world["home"]) == "viewer"
    assert role_of(viewer, world["next-door"]) == "booker"
    assert can(viewer, world["home"], Action.BOOK) is False
    assert set(federations_for(viewer, Action.BOOK).values_list("slug", flat=True)) == {"next-door"}
    with pytest.raises(AccessDenied):
        federation_for(viewer, "home", Action.BOOK)
    assert federation_for(viewer, "next-door", Action.BOOK) == world["next-door"]


@pytest.mark.parametrize("nobody", [None, AnonymousUser()], ids=["none", "anonymous"])
def test_no_user_is_a_stranger_everywhere(world, nobody):
    assert role_of(nobody, world["home"]) is None
    assert is_member(nobody, world["open-air"]) is False
    assert can(nobody, world["home"], Action.READ) is False
    assert can(nobody, world["open-air"], "read") is True
    assert can(nobody, world["open-air"], "book") is False
    assert set(federations_for(nobody).values_list("slug", flat=True)) == {"open-air"}
    assert not federations_for(nobody, Action.BOOK).exists()
    assert federation_for(nobody, "open-air") == world["open-air"]
    with pytest.raises(Http404, match=r"^No such federation\.$"):
        federation_for(nobody, "home")
    with pytest.raises(Http404, match=r"^No such federation\.$"):
        federation_for(nobody, "nowhere")


def test_a_superuser_may_do_everything_everywhere(world):
    root = factories.UserFactory(username="root", is_superuser=True)
    assert set(federations_for(root, Action.MANAGE).values_list("slug", flat=True)) == {
        "home",
        "next-door",
        "open-air",
    }
    assert federation_for(root, "next-door", Action.MANAGE) == world["next-door"]


@pytest.mark.parametrize(
    ("who", "slug", "action", "message"),
    [
        (
            "viewer",
            "home",
            Action.BOOK,
            "Your role in Home Wrestling does not let you book its shows or keep its roster; "
            "only its owner and bookers may.",
        ),
        (
            "booker",
            "home",
            Action.MANAGE,
            "Your role in Home Wrestling does not let you change its settings or members; "
            "only its owner may.",
        ),
        (
            "owner",
            "open-air",
            "manage",
            "Your role in Open Air Wrestling does not let you change its settings or members; "
            "only its owner may.",
        ),
    ],
)
def test_the_refusal_says_whose_role_and_what_it_does_not_allow(world, who, slug, action, message):
    with pytest.raises(AccessDenied) as refused:
        federation_for(world[who], slug, action)
    assert str(refused.value) == message
    assert refused.value.status_code == 403
