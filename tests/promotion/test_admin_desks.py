"""The admin is one more door to the same services: a title introduced, a team formed and a
feud started there pass the services' checks (a refusal named on the form, nothing written); the
rows the services keep (a lineage, memberships, a feud's sides) are shown, not edited."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from promotion import services
from promotion.models import Feud, Team, Title, TitleReign
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(federation):
    return [
        factories.WrestlerFactory(federation=federation, ring_name=name, slug=slug)
        for name, slug in (("Ada Vance", "ada-vance"), ("Bo Lane", "bo-lane"))
    ]


def problems(response) -> list[str]:
    return list(response.context["adminform"].form.non_field_errors())


def test_a_title_introduced_in_the_admin_goes_through_the_service(admin_client, federation):
    url = reverse("admin:promotion_title_add")
    data = {
        "federation": federation.pk,
        "name": "World Title",
        "slug": "world",
        "division": "singles",
        "rank": 1,
        "rule_system": "",
        "introduced_on": "2026-01-02",
    }
    assert admin_client.post(url, data).status_code == 302
    title = Title.objects.get(slug="world")
    assert title.current_reign is None and title.is_active
    taken = admin_client.post(url, {**data, "name": "World Heritage Title"})
    assert problems(taken) == [
        services.TITLE_SLUG_TAKEN.format(federation=federation, slug="world")
    ]
    # The same name: the name is what was typed, so the name is what is refused.
    taken = admin_client.post(url, {**data, "slug": "world-2"})
    assert problems(taken) == [
        services.TITLE_NAME_TAKEN.format(federation=federation, name="World Title")
    ]
    assert Title.objects.count() == 1


def test_a_team_formed_in_the_admin_goes_through_the_service(admin_client, federation, people):
    url = reverse("admin:promotion_team_add")
    data = {
        "federation": federation.pk,
        "name": "The Rivets",
        "slug": "rivets",
        "kind": "tag_team",
        "members": [people[0].pk],
        "formed_on": "2026-10-02",
    }
    assert problems(admin_client.post(url, data)) == [services.TEAM_TOO_FEW]
    assert not Team.objects.exists()
    data["members"] = [w.pk for w in people]
    assert admin_client.post(url, data).status_code == 302
    team = Team.objects.get(slug="rivets")
    assert {str(w) for w in team.members_on(dt.date(2026, 10, 2))} == {"Ada Vance", "Bo Lane"}


def test_a_feud_started_in_the_admin_goes_through_the_service(admin_client, federation, people):
    url = reverse("admin:promotion_feud_add")
    data = {
        "federation": federation.pk,
        "name": "",
        "description": "",
        "started_on": "2026-10-02",
        "heat": 4,
        "side_a_wrestlers": [people[0].pk],
        "side_b_wrestlers": [people[0].pk],
    }
    assert problems(admin_client.post(url, data)) == [
        services.FEUD_BOTH_SIDES.format(who=people[0])
    ]
    data["side_b_wrestlers"] = [people[1].pk]
    assert admin_client.post(url, data).status_code == 302
    feud = Feud.objects.get()
    assert (feud.name, feud.heat) == ("Ada Vance vs. Bo Lane", 4)
    assert feud.participants.count() == 2


def test_the_lineage_is_shown_in_the_admin_and_only_its_words_edited(admin_client, federation):
    reign = factories.TitleReignFactory(
        title=factories.TitleFactory(federation=federation), number=1
    )
    title_page = admin_client.get(reverse("admin:promotion_title_change", args=[reign.title.pk]))
    inline = title_page.context["inline_admin_formsets"][0]
    assert not inline.has_add_permission and not inline.has_change_permission
    url = reverse("admin:promotion_titlereign_change", args=[reign.pk])
    response = admin_client.post(url, {"won_how": "won the Iron Cup", "ended_on": "2024-07-01"})
    assert response.status_code == 302
    reign.refresh_from_db()
    assert (reign.won_how, reign.ended_on) == ("won the Iron Cup", None)
    assert admin_client.get(reverse("admin:promotion_titlereign_add")).status_code == 403
    assert TitleReign.objects.count() == 1


def test_an_injury_recorded_in_the_admin_goes_through_the_service(admin_client, people):
    url = reverse("admin:promotion_injury_add")
    data = {
        "wrestler": people[0].pk,
        "occurred_on": "2026-10-02",
        "expected_return": "2026-10-01",
        "body_part": "knee",
        "description": "",
        "keeps_off_cards": "on",
    }
    assert problems(admin_client.post(url, data)) == [
        services.INJURY_RETURN_BEFORE.format(
            wrestler=people[0], back=dt.date(2026, 10, 1), on=dt.date(2026, 10, 2)
        )
    ]
    data["expected_return"] = "2026-10-30"
    assert admin_client.post(url, data).status_code == 302
    injury = people[0].injuries.get()
    assert (injury.source, injury.expected_return) == ("manual", dt.date(2026, 10, 30))
    people[0].refresh_from_db()
    assert people[0].status == "injured"
