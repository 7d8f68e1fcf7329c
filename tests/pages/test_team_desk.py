"""Teams formed, joined, left and disbanded from the pages by a booker; refusals told; readers
see no desk and cannot post to it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from promotion import services
from tests import factories
from tests.pages.conftest import told

pytestmark = pytest.mark.django_db

ON = dt.date(2026, 10, 2)


@pytest.fixture
def federation(staffed):
    made = staffed
    for name in ("Ada Vance", "Bo Lane", "Cy Moss"):
        factories.WrestlerFactory(
            federation=made, ring_name=name, slug=name.lower().replace(" ", "-")
        )
    return made


def wrestler(federation, slug):
    return federation.wrestlers.get(slug=slug)


def test_a_booker_forms_a_tag_team_and_a_member_comes_and_goes(booker, federation):
    listing = booker.get(reverse("team-list", args=[federation.slug])).content.decode()
    assert reverse("team-create", args=[federation.slug]) in listing
    response = booker.post(
        reverse("team-create", args=[federation.slug]),
        {
            "name": "The Rivets",
            "kind": "tag_team",
            "members": ["ada-vance", "bo-lane"],
            "formed_on": "2026-10-02",
        },
    )
    team = federation.teams.get()
    page = reverse("team-detail", args=[federation.slug, "the-rivets"])
    assert response["Location"] == page
    assert told(booker, response) == ["The Rivets formed."]
    assert {str(w) for w in team.members_on(ON)} == {"Ada Vance", "Bo Lane"}

    joining = booker.get(page).context["desk"]["join"]
    assert [key for key, _ in joining.fields["wrestler"].choices] == ["", "cy-moss"]
    response = booker.post(
        reverse("team-join", args=[federation.slug, "the-rivets"]),
        {"join-wrestler": "cy-moss", "join-on": "2026-10-09"},
    )
    assert told(booker, response) == ["Cy Moss joins The Rivets."]
    response = booker.post(
        reverse("team-leave", args=[federation.slug, "the-rivets"]),
        {"leave-wrestler": "ada-vance", "leave-on": "2026-10-16"},
    )
    assert told(booker, response) == ["Ada Vance leaves The Rivets."]
    assert {str(w) for w in team.members_on(dt.date(2026, 10, 16))} == {"Bo Lane", "Cy Moss"}


def test_a_refused_team_is_named_on_the_form(booker, federation):
    response = booker.post(
        reverse("team-create", args=[federation.slug]),
        {"name": "Solo", "kind": "tag_team", "members": ["ada-vance"], "formed_on": "2026-10-02"},
    )
    assert response.status_code == 400
    assert response.context["form"].non_field_errors() == [services.TEAM_TOO_FEW]
    assert not federation.teams.exists()


def test_disbanding_needs_the_box_ticked_and_refuses_champions(booker, federation):
    ada, bo = wrestler(federation, "ada-vance"), wrestler(federation, "bo-lane")
    team = services.team_form(federation=federation, name="Rivets", members=[ada, bo], formed_on=ON)
    url = reverse("team-disband", args=[federation.slug, team.slug])
    response = booker.post(url, {"disband-on": "2026-11-06"})
    assert told(booker, response) == ["Every member leaves that day: This field is required."]
    title = factories.TitleFactory(federation=federation, division="tag", name="Tag Titles")
    services.reign_start(title=title, holder=team, won_on=ON)
    response = booker.post(url, {"disband-on": "2026-11-06", "disband-sure": "on"})
    assert told(booker, response) == [services.TEAM_CHAMPIONS.format(team=team, title=title)]
    title.reigns.update(ended_on=ON, end_reason="vacated")
    response = booker.post(url, {"disband-on": "2026-11-06", "disband-sure": "on"})
    assert told(booker, response) == ["Rivets disbanded."]
    team.refresh_from_db()
    assert team.disbanded_on == dt.date(2026, 11, 6)
    assert "desk" not in booker.get(response["Location"]).context


@pytest.mark.parametrize("role", ["viewer", "outsider"])
def test_readers_change_no_team(client, users, federation, role):
    ada, bo = wrestler(federation, "ada-vance"), wrestler(federation, "bo-lane")
    team = services.team_form(federation=federation, name="Rivets", members=[ada, bo], formed_on=ON)
    client.force_login(users[role])
    page = client.get(reverse("team-detail", args=[federation.slug, team.slug]))
    assert "desk" not in page.context
    assert client.get(reverse("team-create", args=[federation.slug])).status_code == 403
    for name, data in (
        ("team-join", {"join-wrestler": "cy-moss", "join-on": "2026-10-09"}),
        ("team-leave", {"leave-wrestler": "ada-vance", "leave-on": "2026-10-09"}),
        ("team-disband", {"disband-on": "2026-10-09", "disband-sure": "on"}),
    ):
        assert client.post(reverse(name, args=[federation.slug, team.slug]), data).status_code == (
            403
        )
    team.refresh_from_db()
    assert team.disbanded_on is None and team.members_on(dt.date(2026, 10, 9)).count() == 2


def test_the_team_desk_is_in_the_page_not_in_its_title(booker, federation):
    ada, bo = wrestler(federation, "ada-vance"), wrestler(federation, "bo-lane")
    team = services.team_form(federation=federation, name="Rivets", members=[ada, bo], formed_on=ON)
    page = booker.get(reverse("team-detail", args=[federation.slug, team.slug])).content.decode()
    assert f"<title>Rivets — {federation.name}</title>" in page
    assert page.count("Team desk") == 1


def test_a_refused_change_keeps_what_was_typed(booker, federation):
    ada, bo = wrestler(federation, "ada-vance"), wrestler(federation, "bo-lane")
    team = services.team_form(federation=federation, name="Rivets", members=[ada, bo], formed_on=ON)
    response = booker.post(
        reverse("team-join", args=[federation.slug, team.slug]),
        {"join-wrestler": "cy-moss", "join-on": "2026-09-25"},  # before the team formed
    )
    assert response.status_code == 400
    assert told(booker, response) == [
        services.TEAM_BEFORE_FORMED.format(team=team, formed=ON, on=dt.date(2026, 9, 25))
    ]
    joining = response.context["desk"]["join"]
    assert (joining["wrestler"].value(), joining["on"].value()) == ("cy-moss", "2026-09-25")
    assert 'value="2026-09-25"' in response.content.decode()

    response = booker.post(
        reverse("team-leave", args=[federation.slug, team.slug]),
        {"leave-wrestler": "bo-lane", "leave-on": "2026-09-26"},
    )
    assert response.status_code == 400
    assert response.context["desk"]["leave"] == ("bo-lane", "2026-09-26")
    page = response.content.decode()
    # Bo Lane's row keeps the day typed; Ada Vance's still offers today.
    assert page.count('value="2026-09-26"') == 1
    row = 'name="leave-wrestler" value="bo-lane"><input type="date" name="leave-on" '
    assert row + 'value="2026-09-26"' in page
    assert {str(w) for w in team.members_on(dt.date(2026, 10, 9))} == {"Ada Vance", "Bo Lane"}

    response = booker.post(
        reverse("team-disband", args=[federation.slug, team.slug]),
        {"disband-on": "2026-09-27", "disband-sure": "on"},
    )
    assert response.status_code == 400
    assert response.context["desk"]["disband"]["on"].value() == "2026-09-27"
    team.refresh_from_db()
    assert team.disbanded_on is None
