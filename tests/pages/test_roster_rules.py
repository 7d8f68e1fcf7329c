"""The roster's rules as the pages meet them, each refused beside its field (or told at its desk)
in the words the services and the model give every door: a ring name is one wrestler's, a
wrestler is in one tag team at a time, a debut is a day that has come and no later than the
first match, an auto-booked card holds 1 to 20 matches; and the injury list describes an injury
from the Tag Team Injury Chart in words, not with the chart's line."""

from __future__ import annotations

import datetime as dt
from html import unescape

import pytest
from django.urls import reverse

from matches.booking import match_book, show_create, show_schedule
from matches.models import MatchStatus, MatchType, ShowStatus
from matches.simulation import match_seed, show_simulate, show_specs
from promotion import services, validators
from promotion.models import Injury, InjurySource
from promotion.selectors import federation_today
from rules import registry
from rules.core.dice import SeededDice
from tests import factories
from tests.pages.conftest import told

pytestmark = pytest.mark.django_db


def profile(wrestler, **changes) -> dict:
    """The edit form as the page shows it for ``wrestler``, with ``changes``."""
    data = {
        "ring_name": wrestler.ring_name,
        "alignment": wrestler.alignment,
        "pronouns": wrestler.pronouns,
        "status": wrestler.status,
        "style": wrestler.style,
        "hometown": wrestler.hometown,
        "height_in": wrestler.height_in or "",
        "weight_lb": wrestler.weight_lb or "",
        "debut_on": wrestler.debut_on.isoformat() if wrestler.debut_on else "",
        "suspended_until": "",
    }
    data.update(changes)
    return data


def edit(client, wrestler, **changes):
    federation = wrestler.federation
    return client.post(
        reverse("wrestler-edit", args=[federation.slug, wrestler.slug]),
        profile(wrestler, **changes),
    )


# -- a ring name is one wrestler's ----------------------------------------------------------------


def test_editing_refuses_a_ring_name_another_wrestler_has(booker, staffed):
    ada = factories.WrestlerFactory(federation=staffed, ring_name="Ada Vance", slug="ada-vance")
    bo = factories.WrestlerFactory(federation=staffed, ring_name="Bo Lane", slug="bo-lane")
    for taken in ("Ada Vance", "  ada   VANCE "):
        response = edit(booker, bo, ring_name=taken)
        assert response.status_code == 400
        assert response.context["form"].errors["ring_name"] == [
            validators.RING_NAME_TAKEN.format(federation=staffed, name="Ada Vance")
        ]
    bo.refresh_from_db()
    assert bo.ring_name == "Bo Lane"
    # His own name, in other letters, and a name nobody has, are his to take.
    assert edit(booker, ada, ring_name="ADA VANCE").status_code == 302
    assert edit(booker, bo, ring_name="Bo 'The Bolt' Lane").status_code == 302
    bo.refresh_from_db()
    assert bo.ring_name == "Bo 'The Bolt' Lane"


def test_signing_refuses_a_ring_name_another_wrestler_has_under_another_address(booker, staffed):
    factories.WrestlerFactory(federation=staffed, ring_name="Ada Vance", slug="ada-vance")
    response = booker.post(
        reverse("wrestler-create", args=[staffed.slug]),
        {"ring_name": "Ada Vance", "slug": "ada-vance-2", "alignment": "face", "status": "active"},
    )
    assert response.status_code == 400
    assert response.context["form"].errors["ring_name"] == [
        validators.RING_NAME_TAKEN.format(federation=staffed, name="Ada Vance")
    ]
    assert not staffed.wrestlers.filter(slug="ada-vance-2").exists()


# -- one tag team at a time --------------------------------------------------------------------


ON = dt.date(2026, 10, 2)


@pytest.fixture
def paired(staffed):
    """Ada and Bo are the Rivets, a tag team; Cy and Dee are free."""
    made = {
        name: factories.WrestlerFactory(
            federation=staffed, ring_name=name, slug=name.lower().replace(" ", "-")
        )
        for name in ("Ada Vance", "Bo Lane", "Cy Moss", "Dee Ray")
    }
    rivets = services.team_form(
        federation=staffed,
        name="The Rivets",
        members=[made["Ada Vance"], made["Bo Lane"]],
        formed_on=ON,
    )
    return staffed, rivets, made


def test_a_booker_cannot_form_a_second_tag_team_with_a_wrestler_of_another(booker, paired):
    federation, rivets, made = paired
    response = booker.post(
        reverse("team-create", args=[federation.slug]),
        {
            "name": "Vance and Moss",
            "kind": "tag_team",
            "members": ["ada-vance", "cy-moss"],
            "formed_on": "2026-10-09",
        },
    )
    assert response.status_code == 400
    assert response.context["form"].non_field_errors() == [
        services.TEAM_OTHER_TAG_TEAM.format(wrestler=made["Ada Vance"], team=rivets)
    ]
    assert federation.teams.count() == 1
    # A stable takes her beside her tag team.
    response = booker.post(
        reverse("team-create", args=[federation.slug]),
        {
            "name": "The Order",
            "kind": "stable",
            "members": ["ada-vance", "cy-moss"],
            "formed_on": "2026-10-09",
        },
    )
    assert response.status_code == 302


def test_a_wrestler_of_one_tag_team_cannot_join_another(booker, paired):
    federation, rivets, made = paired
    other = services.team_form(
        federation=federation,
        name="The Bolts",
        members=[made["Cy Moss"], made["Dee Ray"]],
        formed_on=ON,
    )
    response = booker.post(
        reverse("team-join", args=[federation.slug, other.slug]),
        {"join-wrestler": "bo-lane", "join-on": "2026-10-09"},
    )
    assert told(booker, response) == [
        services.TEAM_OTHER_TAG_TEAM.format(wrestler=made["Bo Lane"], team=rivets)
    ]
    assert not other.memberships.filter(wrestler=made["Bo Lane"]).exists()
    # Once he has left the Rivets, he may.
    services.team_leave(team=rivets, wrestler=made["Bo Lane"], on=dt.date(2026, 10, 9))
    response = booker.post(
        reverse("team-join", args=[federation.slug, other.slug]),
        {"join-wrestler": "bo-lane", "join-on": "2026-10-09"},
    )
    assert told(booker, response) == ["Bo Lane joins The Bolts."]


# -- a debut ------------------------------------------------------------------------------------


def test_a_debut_still_to_come_is_refused_by_the_federations_calendar(booker, staffed):
    wrestler = factories.WrestlerFactory(federation=staffed)
    today = federation_today(staffed)
    tomorrow = today + dt.timedelta(days=1)
    response = edit(booker, wrestler, debut_on=tomorrow.isoformat())
    assert response.status_code == 400
    assert response.context["form"].errors["debut_on"] == [
        validators.DEBUT_STILL_TO_COME.format(on=tomorrow, federation=staffed, today=today)
    ]
    signing = booker.post(
        reverse("wrestler-create", args=[staffed.slug]),
        {
            "ring_name": "Nova Quill",
            "alignment": "face",
            "status": "active",
            "debut_on": tomorrow.isoformat(),
        },
    )
    assert signing.status_code == 400
    assert "debut_on" in signing.context["form"].errors
    assert not staffed.wrestlers.filter(ring_name="Nova Quill").exists()
    assert edit(booker, wrestler, debut_on=today.isoformat()).status_code == 302


def test_a_debut_after_the_wrestlers_first_match_is_refused(booker, staffed):
    wrestler = factories.WrestlerFactory(federation=staffed)
    day = federation_today(staffed) - dt.timedelta(days=14)
    show = factories.ShowFactory(
        federation=staffed,
        status=ShowStatus.COMPLETED,
        scheduled_at=dt.datetime.combine(day, dt.time(20), staffed.time_zone),
    )
    match = factories.MatchFactory(show=show, status=MatchStatus.COMPLETED, method="pin")
    factories.MatchParticipantFactory(match=match, show=show, wrestler=wrestler, side=0)
    later = day + dt.timedelta(days=1)
    response = edit(booker, wrestler, debut_on=later.isoformat())
    assert response.status_code == 400
    assert response.context["form"].errors["debut_on"] == [
        validators.DEBUT_AFTER_FIRST_MATCH.format(
            wrestler=wrestler, on=later, first=day, show=show.name
        )
    ]
    assert edit(booker, wrestler, debut_on=day.isoformat()).status_code == 302
    wrestler.refresh_from_db()
    assert wrestler.debut_on == day


# -- the auto-booker's card size ---------------------------------------------------------------


@pytest.mark.parametrize("size", [0, 21, 9999, 40000])
def test_the_settings_page_refuses_a_card_size_out_of_bounds(client, users, staffed, size):
    from tests.pages.test_federation_settings import settings_of

    client.force_login(users["owner"])
    response = client.post(
        reverse("federation-settings", args=[staffed.slug]), settings_of(staffed, card_size=size)
    )
    assert response.status_code == 400
    assert response.context["form"].errors["card_size"] == [
        validators.CARD_SIZE_OUT_OF_RANGE.format(low=1, high=20, value=size)
    ]
    staffed.refresh_from_db()
    assert staffed.card_size == 6
    page = unescape(
        client.get(reverse("federation-settings", args=[staffed.slug])).content.decode()
    )
    assert 'min="1"' in page and 'max="20"' in page


# -- the injury list's words ------------------------------------------------------------------


def test_the_injury_list_describes_a_tag_team_injury_chart_injury_in_words(client, sample):
    """A Superstar tag match whose seed gives an INJURY!: the injury list (and the wrestler's
    page) describe it as an injury, not with the chart's line ("Injury to MAN-IN: 5 rounds")."""
    rivets = [m.wrestler for m in sample.teams.get(slug="rivet-gang").memberships.order_by("pk")]
    wind = [m.wrestler for m in sample.teams.get(slug="crosswind").memberships.order_by("pk")]
    show = show_create(federation=sample, seed=0)
    match_book(
        show=show,
        sides=[rivets, wind],
        match_type=MatchType.TAG,
        rule_system="superstar",
        rule_options=["tag_level=2"],
    )
    ((match, spec),) = show_specs(show=show)
    engine = registry.systems["superstar"]
    for seed in range(400):
        result = engine.simulate(spec, dice=SeededDice(match_seed(seed, match.position)))
        if result.effects.injuries:
            break
    else:
        raise AssertionError("no seed gives an injury")
    type(show).objects.filter(pk=show.pk).update(seed=seed)
    show.refresh_from_db()
    show_schedule(show=show)
    assert show_simulate(show_id=show.pk).status == "completed"
    injuries = list(Injury.objects.filter(match__show=show))
    assert injuries and {i.source for i in injuries} == {InjurySource.TAG_INJURY_CHART}
    listing = unescape(client.get(reverse("injury-list", args=[sample.slug])).content.decode())
    for injury in injuries:
        assert injury.description.startswith("Hurt by a double team ")
        assert injury.description in listing
        assert "Tag Team Injury Chart" not in injury.description
    assert "rounds" not in listing and "-IN:" not in listing and "-OUT:" not in listing
