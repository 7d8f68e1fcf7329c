"""The title, feud and team desks over the API: a title introduced, vacated, awarded and
retired, a feud started and ended, a team formed, joined, left and disbanded, by a booker, through
the same services as the pages; refusals as 400 with their reasons; readers refused."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from promotion import services
from promotion.models import MemberRole, Membership, ReignEnd
from tests import factories
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def federation(people):
    made = factories.FederationFactory(owner=people["owner"], slug="iron", is_public=True)
    Membership.objects.create(federation=made, user=people["booker"], role=MemberRole.BOOKER)
    Membership.objects.create(federation=made, user=people["viewer"], role=MemberRole.VIEWER)
    return made


@pytest.fixture
def booker(people):
    return client_for(people, "booker")


@pytest.fixture
def world(federation):
    title = factories.TitleFactory(federation=federation, name="World Title", slug="world")
    champion = factories.WrestlerFactory(
        federation=federation, ring_name="Ada Vance", slug="ada-vance"
    )
    factories.TitleReignFactory(
        title=title, holder_wrestler=champion, number=1, won_on=dt.date(2024, 6, 1)
    )
    return title


TITLES = "/api/v1/federations/iron/titles/"


def messages(response) -> list[str]:
    return [error["message"] for error in response.json()["errors"]]


def test_a_booker_introduces_a_tag_title(booker, federation):
    response = booker.post(
        TITLES,
        {"name": "Tag Team Titles", "division": "tag", "rank": 2, "introduced_on": "2026-01-02"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["slug"], body["division"], body["rank"], body["champion"]) == (
        "tag-team-titles",
        "tag",
        2,
        None,
    )
    assert body["rule_system"] == federation.rule_system  # empty: the federation's
    assert federation.titles.get().introduced_on == dt.date(2026, 1, 2)


def test_a_taken_title_address_is_refused_by_field(booker, federation, world):
    response = booker.post(
        TITLES, {"name": "World", "slug": "world", "introduced_on": "2026-01-02"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "path": "slug",
            "message": services.TITLE_SLUG_TAKEN.format(federation=federation, slug="world"),
        }
    ]


def test_a_title_name_in_use_is_refused_by_field(booker, federation, world):
    response = booker.post(
        TITLES, {"name": "world  TITLE", "introduced_on": "2026-01-02"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "path": "name",
            "message": services.TITLE_NAME_TAKEN.format(federation=federation, name="World Title"),
        }
    ]


def test_vacated_then_awarded_to_a_team_is_refused_and_to_a_wrestler_crowned(
    booker, federation, world
):
    response = booker.post(
        TITLES + "world/vacate/",
        {"on": "2025-03-07", "reason": ReignEnd.VACATED_INJURY},
        format="json",
    )
    assert response.status_code == 200, response.json()
    assert response.json()["champion"] is None
    assert world.reigns.get().end_reason == ReignEnd.VACATED_INJURY

    team = factories.TeamFactory(federation=federation, slug="rivets")
    response = booker.post(
        TITLES + "world/award/", {"team": "rivets", "on": "2025-03-14"}, format="json"
    )
    assert response.status_code == 400
    assert messages(response) == [services.REIGN_WRONG_DIVISION_SINGLES.format(title=world)]
    assert team.pk and world.current_reign is None

    factories.WrestlerFactory(federation=federation, ring_name="Bo Lane", slug="bo-lane")
    response = booker.post(
        TITLES + "world/award/",
        {"wrestler": "bo-lane", "on": "2025-03-14", "how": "won the Iron Cup"},
        format="json",
    )
    assert response.status_code == 200, response.json()
    champion = response.json()["champion"]
    assert (champion["number"], champion["won_on"], champion["won_how"]) == (
        2,
        "2025-03-14",
        "won the Iron Cup",
    )


def test_an_award_names_exactly_one_holder_of_this_federation(booker, federation, world):
    world.reigns.update(ended_on=dt.date(2025, 1, 1), end_reason=ReignEnd.VACATED)
    response = booker.post(TITLES + "world/award/", {"on": "2025-03-14"}, format="json")
    assert messages(response) == [services.REIGN_HOLDER_REQUIRED]
    response = booker.post(
        TITLES + "world/award/", {"wrestler": "nobody", "on": "2025-03-14"}, format="json"
    )
    assert response.json()["errors"] == [
        {"path": "wrestler", "message": f"{federation} has no wrestler 'nobody'."}
    ]


def test_a_refusal_of_the_service_is_a_400_that_names_it(booker, world):
    tomorrow = timezone.localdate() + dt.timedelta(days=1)
    response = booker.post(TITLES + "world/vacate/", {"on": tomorrow.isoformat()}, format="json")
    assert response.status_code == 400
    assert messages(response) == [services.TITLE_NOT_YET.format(on=tomorrow)]
    response = booker.post(
        TITLES + "world/vacate/", {"on": "2025-03-07", "reason": "lost"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "reason"
    assert world.current_reign is not None


def test_a_retired_title_reads_as_retired(booker, world):
    response = booker.post(TITLES + "world/retire/", {"on": "2025-12-26"}, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["is_active"], body["retired_on"], body["champion"]) == (False, "2025-12-26", None)


@pytest.mark.parametrize("who,code", [("viewer", 403), ("outsider", 403), ("anonymous", 401)])
def test_readers_may_not_use_the_desk(people, federation, world, who, code):
    client = client_for(people, who)
    assert client.post(TITLES + "world/vacate/", {"on": "2025-03-07"}).status_code == code
    assert client.post(TITLES + "world/retire/", {"on": "2025-03-07"}).status_code == code
    assert client.post(TITLES, {"name": "X", "introduced_on": "2026-01-02"}).status_code == code
    assert world.current_reign is not None and world.is_active


# -- feuds ------------------------------------------------------------------------------------

FEUDS = "/api/v1/federations/iron/feuds/"


def wrestler(slug: str) -> dict:
    return {"kind": "wrestler", "slug": slug}


def test_a_booker_starts_a_feud_of_a_wrestler_against_a_team_and_ends_it(booker, federation):
    factories.WrestlerFactory(federation=federation, ring_name="Ada Vance", slug="ada-vance")
    factories.TeamFactory(federation=federation, name="The Rivets", slug="rivets")
    response = booker.post(
        FEUDS,
        {
            "sides": [
                {"members": [wrestler("ada-vance")]},
                {"members": [{"kind": "team", "slug": "rivets"}]},
            ],
            "started_on": "2026-10-02",
            "heat": 7,
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["name"], body["heat"], body["status"], body["started_on"]) == (
        "Ada Vance vs. The Rivets",
        7,
        "hot",
        "2026-10-02",
    )
    assert [[m["slug"] for m in side["members"]] for side in body["sides"]] == [
        ["ada-vance"],
        ["rivets"],
    ]
    response = booker.post(f"{FEUDS}{body['id']}/end/", {"on": "2026-11-06"}, format="json")
    assert response.status_code == 200, response.json()
    assert (response.json()["status"], response.json()["ended_on"]) == ("ended", "2026-11-06")


def test_a_feud_names_two_sides_of_this_federations_people(booker, federation):
    factories.WrestlerFactory(federation=federation, slug="ada-vance")
    one_side = {"sides": [{"members": [wrestler("ada-vance")]}], "started_on": "2026-10-02"}
    response = booker.post(FEUDS, one_side, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == [{"path": "sides", "message": services.FEUD_SIDES}]
    stranger = {
        "sides": [{"members": [wrestler("ada-vance")]}, {"members": [wrestler("nobody")]}],
        "started_on": "2026-10-02",
    }
    response = booker.post(FEUDS, stranger, format="json")
    assert response.json()["errors"] == [
        {"path": "sides", "message": f"{federation} has no wrestler 'nobody'."}
    ]
    twice = {
        "sides": [{"members": [wrestler("ada-vance")]}, {"members": [wrestler("ada-vance")]}],
        "started_on": "2026-10-02",
    }
    response = booker.post(FEUDS, twice, format="json")
    ada = federation.wrestlers.get(slug="ada-vance")
    assert messages(response) == [services.FEUD_BOTH_SIDES.format(who=ada)]
    assert not federation.feuds.exists()


@pytest.mark.parametrize("who,code", [("viewer", 403), ("anonymous", 401)])
def test_readers_start_and_end_no_feud_over_the_api(people, federation, who, code):
    ada = factories.WrestlerFactory(federation=federation, slug="ada-vance")
    bo = factories.WrestlerFactory(federation=federation, slug="bo-lane")
    feud = services.feud_start(
        federation=federation, sides=[[ada], [bo]], started_on=dt.date(2026, 10, 2)
    )
    client = client_for(people, who)
    body = {
        "sides": [{"members": [wrestler("ada-vance")]}, {"members": [wrestler("bo-lane")]}],
        "started_on": "2026-10-02",
    }
    assert client.post(FEUDS, body, format="json").status_code == code
    assert client.post(f"{FEUDS}{feud.pk}/end/", {"on": "2026-11-06"}).status_code == code
    feud.refresh_from_db()
    assert feud.status != "ended"


# -- teams ------------------------------------------------------------------------------------

TEAMS = "/api/v1/federations/iron/teams/"


@pytest.fixture
def roster(federation):
    return {
        slug: factories.WrestlerFactory(federation=federation, ring_name=name, slug=slug)
        for slug, name in (
            ("ada-vance", "Ada Vance"),
            ("bo-lane", "Bo Lane"),
            ("cy-moss", "Cy Moss"),
        )
    }


def member_slugs(body) -> set[str]:
    """The slugs of the team's current members."""
    return {m["wrestler"] for m in body["memberships"] if m["ended_on"] is None}


def test_a_booker_forms_a_team_a_member_joins_and_leaves_and_it_disbands(booker, roster):
    response = booker.post(
        TEAMS,
        {"name": "The Rivets", "members": ["ada-vance", "bo-lane"], "formed_on": "2026-10-02"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert (response.json()["slug"], response.json()["kind"]) == ("the-rivets", "tag_team")
    assert member_slugs(response.json()) == {"ada-vance", "bo-lane"}
    response = booker.post(
        TEAMS + "the-rivets/join/", {"wrestler": "cy-moss", "on": "2026-10-09"}, format="json"
    )
    assert member_slugs(response.json()) == {"ada-vance", "bo-lane", "cy-moss"}
    response = booker.post(
        TEAMS + "the-rivets/leave/", {"wrestler": "ada-vance", "on": "2026-10-16"}, format="json"
    )
    assert member_slugs(response.json()) == {"bo-lane", "cy-moss"}
    response = booker.post(TEAMS + "the-rivets/disband/", {"on": "2026-11-06"}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["disbanded_on"] == "2026-11-06"
    assert member_slugs(response.json()) == set()


def test_a_team_of_unknown_or_too_few_members_is_refused(booker, federation, roster):
    response = booker.post(
        TEAMS,
        {"name": "Ghosts", "members": ["ada-vance", "nobody"], "formed_on": "2026-10-02"},
        format="json",
    )
    assert response.json()["errors"] == [
        {"path": "members", "message": f"{federation} has no wrestler 'nobody'."}
    ]
    response = booker.post(
        TEAMS, {"name": "Solo", "members": ["ada-vance"], "formed_on": "2026-10-02"}, format="json"
    )
    assert response.status_code == 400
    assert messages(response) == [services.TEAM_TOO_FEW]
    assert not federation.teams.exists()


@pytest.mark.parametrize("who,code", [("viewer", 403), ("anonymous", 401)])
def test_readers_change_no_team_over_the_api(people, federation, roster, who, code):
    team = services.team_form(
        federation=federation,
        name="Rivets",
        members=[roster["ada-vance"], roster["bo-lane"]],
        formed_on=dt.date(2026, 10, 2),
    )
    client = client_for(people, who)
    body = {"name": "X", "members": ["ada-vance", "cy-moss"], "formed_on": "2026-10-02"}
    assert client.post(TEAMS, body, format="json").status_code == code
    assert client.post(f"{TEAMS}{team.slug}/disband/", {"on": "2026-11-06"}).status_code == code
    team.refresh_from_db()
    assert team.disbanded_on is None


# -- injuries ---------------------------------------------------------------------------------

INJURIES = "/api/v1/federations/iron/injuries/"


def test_a_booker_records_an_injury_and_heals_it_over_the_api(booker, federation):
    factories.WrestlerFactory(federation=federation, ring_name="Ada Vance", slug="ada-vance")
    response = booker.post(
        INJURIES,
        {"wrestler": "ada-vance", "occurred_on": "2026-10-02", "body_part": "knee"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["source"], body["body_part"], body["healed_on"]) == ("manual", "knee", None)
    response = booker.post(f"{INJURIES}{body['id']}/heal/", {"on": "2026-10-16"}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["healed_on"] == "2026-10-16"
    response = booker.post(f"{INJURIES}{body['id']}/heal/", {"on": "2026-10-16"}, format="json")
    ada = federation.wrestlers.get()
    assert messages(response) == [
        services.INJURY_HEALED_ALREADY.format(wrestler=ada, on=dt.date(2026, 10, 16))
    ]


@pytest.mark.parametrize("who,code", [("viewer", 403), ("anonymous", 401)])
def test_readers_record_no_injury_over_the_api(people, federation, who, code):
    ada = factories.WrestlerFactory(federation=federation, slug="ada-vance")
    injury = services.injury_record(wrestler=ada, occurred_on=dt.date(2026, 10, 2))
    client = client_for(people, who)
    body = {"wrestler": "ada-vance", "occurred_on": "2026-10-02"}
    assert client.post(INJURIES, body, format="json").status_code == code
    assert client.post(f"{INJURIES}{injury.pk}/heal/", {"on": "2026-10-16"}).status_code == code
    injury.refresh_from_db()
    assert injury.healed_on is None and ada.injuries.count() == 1


def test_a_retired_titles_lineage_ends_where_its_page_does(booker, federation, world):
    """Retired while held: no vacancy after the champion's reign. Stripped first: the vacancy
    ends the day the title was retired, its days fixed, not growing with every show."""
    services.title_retire(title=world, on=dt.date(2025, 12, 26))
    rows = booker.get(TITLES + "world/lineage/").json()["results"]
    assert [row["kind"] for row in rows] == ["reign"]
    assert rows[0]["reign"]["end_reason"] == ReignEnd.DEACTIVATED

    other = services.title_create(
        federation=federation, name="Foundry Title", introduced_on=dt.date(2024, 1, 1)
    )
    services.title_award(
        title=other, holder=world.reigns.get().holder_wrestler, on=dt.date(2024, 6, 1)
    )
    services.title_vacate(title=other, on=dt.date(2025, 6, 1), reason=ReignEnd.STRIPPED)
    services.title_retire(title=other, on=dt.date(2025, 12, 26))
    rows = booker.get(TITLES + f"{other.slug}/lineage/").json()["results"]
    assert rows[1] == {
        "kind": "vacancy",
        "reign": None,
        "vacant_from": "2025-06-01",
        "vacant_until": "2025-12-26",
        "reason": "Stripped",
        "days": 208,
    }
    assert len(rows) == 2
