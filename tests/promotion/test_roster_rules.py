"""The roster's rules where every door meets them, the services and the model's validation (so
the admin refuses them as the pages and the API do): a ring name is one wrestler's, a debut is a
day that has come and no later than the first match, an auto-booked card holds 1 to 20 matches.
(One tag team at a time: ``test_team_desk``; the pages: ``tests/pages/test_roster_rules.py``.)"""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from matches.models import MatchStatus, ShowStatus
from promotion import services, validators
from promotion.models import Federation, Wrestler
from promotion.selectors import federation_today
from tests import factories
from tests.promotion.refusals import refused

pytestmark = pytest.mark.django_db


def test_a_ring_name_is_one_wrestlers(federation):
    ada = factories.WrestlerFactory(federation=federation, ring_name="Ada Vance", slug="ada")
    bo = factories.WrestlerFactory(federation=federation, ring_name="Bo Lane", slug="bo")
    taken = "Ring name: " + validators.RING_NAME_TAKEN.format(
        federation=federation, name="Ada Vance"
    )
    assert refused(services.wrestler_update, wrestler=bo, ring_name=" ADA  vance") == taken
    assert Wrestler.objects.get(pk=bo.pk).ring_name == "Bo Lane"
    assert (
        refused(
            services.wrestler_create, federation=federation, ring_name="Ada Vance", slug="ada-2"
        )
        == taken
    )
    # His own name in other letters; the same name in another federation.
    assert services.wrestler_update(wrestler=ada, ring_name="ADA VANCE").ring_name == "ADA VANCE"
    other = factories.FederationFactory()
    assert services.wrestler_create(federation=other, ring_name="Ada Vance", slug="ada")


def test_a_shared_name_stored_before_the_rule_does_not_stop_other_changes(federation):
    factories.WrestlerFactory(federation=federation, ring_name="Ada Vance", slug="ada")
    twin = factories.WrestlerFactory(federation=federation, ring_name="Bo Lane", slug="bo")
    Wrestler.objects.filter(pk=twin.pk).update(ring_name="Ada Vance")
    twin.refresh_from_db()
    assert services.wrestler_update(wrestler=twin, hometown="Gary").hometown == "Gary"


def test_a_debut_is_a_day_that_has_come(federation):
    wrestler = factories.WrestlerFactory(federation=federation)
    today = federation_today(federation)
    later = today + dt.timedelta(days=1)
    words = "Debut on: " + validators.DEBUT_STILL_TO_COME.format(
        on=later, federation=federation, today=today
    )
    assert refused(services.wrestler_update, wrestler=wrestler, debut_on=later) == words
    assert (
        refused(
            services.wrestler_create, federation=federation, ring_name="X", slug="x", debut_on=later
        )
        == words
    )
    assert services.wrestler_update(wrestler=wrestler, debut_on=today).debut_on == today


def test_the_federations_today_not_the_wall_clock_decides(federation):
    """A show wrestled ahead of its date makes its date the federation's today."""
    ahead = federation_today(federation) + dt.timedelta(days=10)
    factories.ShowFactory(
        federation=federation,
        status=ShowStatus.COMPLETED,
        scheduled_at=dt.datetime.combine(ahead, dt.time(20), federation.time_zone),
    )
    assert federation_today(federation) == ahead
    wrestler = factories.WrestlerFactory(federation=federation)
    assert services.wrestler_update(wrestler=wrestler, debut_on=ahead).debut_on == ahead


def test_a_debut_is_no_later_than_the_first_match(federation):
    wrestler = factories.WrestlerFactory(federation=federation)
    days = [federation_today(federation) - dt.timedelta(days=n) for n in (30, 23)]
    shows = []
    for number, day in enumerate(days, start=1):
        show = factories.ShowFactory(
            federation=federation,
            number=number,
            status=ShowStatus.COMPLETED,
            scheduled_at=dt.datetime.combine(day, dt.time(20), federation.time_zone),
        )
        match = factories.MatchFactory(show=show, status=MatchStatus.COMPLETED, method="pin")
        factories.MatchParticipantFactory(match=match, show=show, wrestler=wrestler, side=0)
        shows.append(show)
    later = days[0] + dt.timedelta(days=1)
    assert refused(services.wrestler_update, wrestler=wrestler, debut_on=later) == (
        "Debut on: "
        + validators.DEBUT_AFTER_FIRST_MATCH.format(
            wrestler=wrestler, on=later, first=days[0], show=shows[0].name
        )
    )
    assert services.wrestler_update(wrestler=wrestler, debut_on=days[0]).debut_on == days[0]
    # A match booked but not wrestled (called off) records nothing.
    called_off = factories.ShowFactory(
        federation=federation,
        number=3,
        status=ShowStatus.COMPLETED,
        scheduled_at=dt.datetime.combine(
            days[0] - dt.timedelta(days=7), dt.time(20), federation.time_zone
        ),
    )
    match = factories.MatchFactory(
        show=called_off, status=MatchStatus.CALLED_OFF, called_off_because="hurt"
    )
    factories.MatchParticipantFactory(match=match, show=called_off, wrestler=wrestler, side=0)
    assert services.wrestler_update(wrestler=wrestler, debut_on=days[0]).debut_on == days[0]


@pytest.mark.parametrize("size", [0, 21, 9999, 40000])
def test_a_card_size_is_1_to_20(federation, size):
    words = "Card size: " + validators.CARD_SIZE_OUT_OF_RANGE.format(low=1, high=20, value=size)
    assert words == f"Card size: An auto-booked show holds 1 to 20 matches, not {size}."
    assert refused(services.federation_update, federation=federation, card_size=size) == words
    assert (
        refused(
            services.federation_create,
            owner=federation.owner,
            name="New",
            slug="new",
            card_size=size,
        )
        == words
    )
    assert Federation.objects.get(pk=federation.pk).card_size == 6
    for good in (1, 20):
        assert services.federation_update(federation=federation, card_size=good).card_size == good


@pytest.mark.parametrize("weeks", [521, 40000])
def test_an_injured_champions_horizon_is_0_to_520_weeks(federation, weeks):
    """A horizon past the calendar failed every show (``timedelta(weeks=...)``)."""
    words = (
        "Vacate injured champion after weeks: An injured champion's title is vacated after 0 to "
        f"520 weeks out (or never: leave it empty), not {weeks}."
    )
    assert (
        refused(
            services.federation_update,
            federation=federation,
            vacate_injured_champion_after_weeks=weeks,
        )
        == words
    )
    for good in (0, 520, None):
        updated = services.federation_update(
            federation=federation, vacate_injured_champion_after_weeks=good
        )
        assert updated.vacate_injured_champion_after_weeks == good


@pytest.mark.parametrize("rank", [0, 1000, 99999])
def test_a_titles_rank_is_1_to_999(federation, rank):
    words = f"Rank: A title's rank is 1 (the world title) to 999, not {rank}."
    assert (
        refused(
            services.title_create,
            federation=federation,
            name="Odd Belt",
            introduced_on=dt.date(2020, 1, 1),
            rank=rank,
        )
        == words
    )
    assert not federation.titles.filter(name="Odd Belt").exists()


# -- the admin ---------------------------------------------------------------------------------


def _no_inlines() -> dict[str, str]:
    return {
        "cards-TOTAL_FORMS": "0",
        "cards-INITIAL_FORMS": "0",
        "cards-MIN_NUM_FORMS": "0",
        "cards-MAX_NUM_FORMS": "1000",
    }


def _change_form(admin_client, wrestler) -> tuple[str, dict]:
    change = reverse("admin:promotion_wrestler_change", args=[wrestler.pk])
    form = admin_client.get(change).context["adminform"].form
    fields = {name: form.initial.get(name) for name in form.fields}
    fields = {k: ("" if v is None else v) for k, v in fields.items()}
    return change, {**fields, **_no_inlines()}


def test_the_admin_refuses_a_ring_name_and_a_debut_as_the_pages_do(admin_client, federation):
    factories.WrestlerFactory(federation=federation, ring_name="Ada Vance", slug="ada")
    bo = factories.WrestlerFactory(federation=federation, ring_name="Bo Lane", slug="bo")
    change, fields = _change_form(admin_client, bo)
    page = admin_client.post(change, {**fields, "ring_name": "Ada Vance"})
    assert page.status_code == 200
    assert page.context["adminform"].form.errors["ring_name"] == [
        validators.RING_NAME_TAKEN.format(federation=federation, name="Ada Vance")
    ]
    today = federation_today(federation)
    later = today + dt.timedelta(days=3)
    page = admin_client.post(change, {**fields, "debut_on": later.isoformat()})
    assert page.status_code == 200
    assert page.context["adminform"].form.errors["debut_on"] == [
        validators.DEBUT_STILL_TO_COME.format(on=later, federation=federation, today=today)
    ]
    bo.refresh_from_db()
    assert (bo.ring_name, bo.debut_on) == ("Bo Lane", None)
    assert admin_client.post(change, {**fields, "ring_name": "Bo Bolt"}).status_code == 302
    # Signing in the admin: the same words.
    url = reverse("admin:promotion_wrestler_add")
    data = {
        "federation": federation.pk,
        "ring_name": "Ada Vance",
        "slug": "ada-2",
        "alignment": "face",
        "pronouns": "she",
    }
    page = admin_client.post(url, data)
    assert page.status_code == 200
    assert list(page.context["adminform"].form.non_field_errors()) == [
        "Ring name: " + validators.RING_NAME_TAKEN.format(federation=federation, name="Ada Vance")
    ]


def test_the_admin_refuses_a_card_size_out_of_bounds(admin_client, federation):
    change = reverse("admin:promotion_federation_change", args=[federation.pk])
    form = admin_client.get(change).context["adminform"].form
    fields = {name: form.initial.get(name) for name in form.fields}
    fields = {k: ("" if v is None else v) for k, v in fields.items()}
    fields["time_zone"] = str(federation.time_zone)
    fields["owner"] = federation.owner.pk
    fields.update(
        {
            "memberships-TOTAL_FORMS": "0",
            "memberships-INITIAL_FORMS": "0",
            "memberships-MIN_NUM_FORMS": "0",
            "memberships-MAX_NUM_FORMS": "1000",
        }
    )
    for size in (0, 9999, 40000):
        page = admin_client.post(change, {**fields, "card_size": size})
        assert page.status_code == 200
        assert page.context["adminform"].form.errors["card_size"] == [
            validators.CARD_SIZE_OUT_OF_RANGE.format(low=1, high=20, value=size)
        ]
    assert Federation.objects.get(pk=federation.pk).card_size == 6
    assert admin_client.post(change, {**fields, "card_size": 8}).status_code == 302
    assert Federation.objects.get(pk=federation.pk).card_size == 8


# -- the injury record's words ---------------------------------------------------------------


def test_injuries_recorded_with_the_charts_line_are_described_in_words():
    """Migration 0010: rows the Superstar engine described by the Tag Team Injury Chart's line
    read as it describes them now."""
    import importlib

    describe = importlib.import_module("promotion.migrations.0010_tag_injury_descriptions").describe
    assert describe("Injury to MAN-IN: 5 rounds (Tag Team Injury Chart, Hollis Crane)") == (
        "Hurt by a double team in the ring (Hollis Crane)"
    )
    assert describe("Injury to WOMAN-OUT: 10 rounds (Tag Team Injury Chart, Ines Marrow)") == (
        "Hurt by a double team on the apron (Ines Marrow)"
    )
    assert describe("Injury to BOTH WRESTLERS: 2 rounds (Tag Team Injury Chart, Silas)") == (
        "Hurt by a double team (Silas)"
    )
    assert describe("Torn knee ligament") is None
