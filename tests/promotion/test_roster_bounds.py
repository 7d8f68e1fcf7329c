"""A wrestler's figures and a federation's time zone are bounded where every door meets them:
the signing service and the model's validators, so the pages, the API and the admin refuse the
same impossible values in the same words, and rows stored before the bounds still load and may
be changed in everything else."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from promotion import services, validators
from promotion.models import Federation, Wrestler, WrestlerStatus
from promotion.selectors import federation_today
from tests import factories
from tests.promotion.refusals import names, refused

pytestmark = pytest.mark.django_db


def sign(federation, **fields):
    return services.wrestler_create(
        federation=federation, ring_name="Kara Voss", slug="kara-voss", **fields
    )


@names("STARTING_STANDING_RANGE")
def test_starting_fame_and_prestige_are_0_to_100000(federation):
    assert refused(sign, federation=federation, fame=99_999_999, prestige=100_001) == (
        "Starting Fame is 0 to 100,000, not 99,999,999. "
        "Starting Prestige is 0 to 100,000, not 100,001."
    )
    assert not federation.wrestlers.exists()
    top = sign(federation, fame=100_000, prestige=100_000)
    assert (top.fame, top.prestige, top.edge) == (100_000, 100_000, 1000)


@names("STARTING_HEAT_RANGE")
def test_starting_heat_is_within_the_standings_most(federation):
    assert refused(sign, federation=federation, heat=11) == (
        "Starting Heat is 0 to 10 (the standings' most), not 11."
    )
    assert sign(federation, heat=10).heat == 10


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("height_in", 0, "Height: A height is 48 to 100 inches (4'0\" to 8'4\"), not 0."),
        ("height_in", 101, "Height: A height is 48 to 100 inches (4'0\" to 8'4\"), not 101."),
        ("weight_lb", 79, "Weight: A weight is 80 to 800 pounds, not 79."),
        ("weight_lb", 9000, "Weight: A weight is 80 to 800 pounds, not 9000."),
    ],
)
def test_height_and_weight_are_human(federation, field, value, message):
    assert refused(sign, federation=federation, **{field: value}) == message
    wrestler = factories.WrestlerFactory(federation=federation)
    assert refused(services.wrestler_update, wrestler=wrestler, **{field: value}) == message
    assert sign(federation, height_in=48, weight_lb=800).height_in == 48


def test_the_bounds_read_as_their_constants():
    assert validators.HEIGHT_OUT_OF_RANGE.format(low=48, high=100, value=0) == (
        "A height is 48 to 100 inches (4'0\" to 8'4\"), not 0."
    )
    assert validators.WEIGHT_OUT_OF_RANGE.format(low=80, high=800, value=1) == (
        "A weight is 80 to 800 pounds, not 1."
    )
    assert (validators.HEIGHT_INCHES, validators.WEIGHT_POUNDS) == ((48, 100), (80, 800))


def test_nobody_is_signed_or_made_injured_without_an_injury(federation):
    message = "Status: " + validators.INJURED_WITHOUT_INJURY
    assert message == (
        "Status: Injured comes from an injury: sign or save the wrestler as Active, then record "
        "the injury on the injury report (Record an injury): the roster shows Injured until it "
        "heals."
    )
    assert refused(sign, federation=federation, status=WrestlerStatus.INJURED) == message
    assert not federation.wrestlers.exists()
    wrestler = sign(federation)
    assert refused(services.wrestler_update, wrestler=wrestler, status="injured") == message
    # Injured by an injury, he stays Injured while the rest of his profile changes.
    wrestler.refresh_from_db()
    services.injury_record(wrestler=wrestler, occurred_on=dt.date.today() - dt.timedelta(days=1))
    wrestler.refresh_from_db()
    assert wrestler.status == WrestlerStatus.INJURED
    services.wrestler_update(wrestler=wrestler, status="injured", hometown="Gary")
    assert Wrestler.objects.get(pk=wrestler.pk).hometown == "Gary"


def test_rows_stored_before_the_bounds_load_and_change_in_everything_else(federation):
    wrestler = factories.WrestlerFactory(federation=federation)
    Wrestler.objects.filter(pk=wrestler.pk).update(height_in=0, status="injured")
    Federation.objects.filter(pk=federation.pk).update(time_zone="localtime")
    wrestler = Wrestler.objects.get(pk=wrestler.pk)
    federation = Federation.objects.get(pk=federation.pk)
    assert (wrestler.height_in, str(federation.time_zone)) == (0, "localtime")
    services.wrestler_update(wrestler=wrestler, hometown="Gary")
    services.federation_update(federation=federation, default_venue="The Armory")
    assert refused(services.wrestler_update, wrestler=wrestler, height_in=0).startswith("Height: ")


@pytest.mark.parametrize(
    ("zone", "message"),
    [
        (
            "localtime",
            "Time zone: 'localtime' is not a time zone offered: choose a place's zone "
            "(Europe/London, say) or UTC.",
        ),
        (
            "US/Eastern",
            "Time zone: 'US/Eastern' is an old name of America/New_York; choose America/New_York.",
        ),
        (
            "Asia/Calcutta",
            "Time zone: 'Asia/Calcutta' is an old name of Asia/Kolkata; choose Asia/Kolkata.",
        ),
    ],
)
def test_a_federations_time_zone_is_a_current_zone_name(federation, zone, message):
    assert refused(services.federation_update, federation=federation, time_zone=zone) == message
    assert (
        refused(
            services.federation_create,
            owner=federation.owner,
            name="New",
            slug="new",
            time_zone=zone,
        )
        == message
    )
    for good in ("UTC", "Asia/Kolkata", "America/New_York", "Europe/Oslo"):
        services.federation_update(federation=federation, time_zone=good)
        assert str(Federation.objects.get(pk=federation.pk).time_zone) == good


def test_the_time_zones_offered_are_current_names_only():
    offered = [value for value, _ in validators.time_zone_choices()]
    assert offered[0] == "UTC" and "America/New_York" in offered and "Asia/Kolkata" in offered
    assert not {"localtime", "US/Eastern", "Asia/Calcutta", "Etc/UTC", "GMT"} & set(offered)
    assert validators.current_zone_of("US/Pacific") == "America/Los_Angeles"


# -- the other doors: the API and the admin ------------------------------------------------------


@pytest.fixture
def api(federation):
    client = APIClient()
    client.force_authenticate(user=federation.owner)
    return client


def errors(response) -> str:
    return " ".join(e["message"] for e in response.json()["errors"])


def test_the_api_refuses_the_same_values(federation, api):
    base = f"/api/v1/federations/{federation.slug}"
    signed = api.post(
        base + "/wrestlers/", {"ring_name": "Kara Voss", "height_in": 0}, format="json"
    )
    assert signed.status_code == 400
    assert "A height is 48 to 100 inches" in errors(signed)
    signed = api.post(
        base + "/wrestlers/", {"ring_name": "Kara Voss", "status": "injured"}, format="json"
    )
    assert signed.status_code == 400 and validators.INJURED_WITHOUT_INJURY in errors(signed)
    assert not federation.wrestlers.exists()
    wrestler = factories.WrestlerFactory(federation=federation, slug="rook")
    for body, words in (
        ({"height_in": 0}, "A height is 48 to 100 inches"),
        ({"weight_lb": 5000}, "A weight is 80 to 800 pounds, not 5000."),
        ({"status": "injured"}, validators.INJURED_WITHOUT_INJURY),
    ):
        response = api.patch(base + "/wrestlers/rook/", body, format="json")
        assert response.status_code == 400 and words in errors(response)
    wrestler.refresh_from_db()
    assert (wrestler.height_in, wrestler.status) == (72, "active")
    response = api.patch(base + "/", {"time_zone": "US/Eastern"}, format="json")
    assert response.status_code == 400
    assert "an old name of America/New_York" in errors(response)


def test_the_admin_refuses_the_same_values(admin_client, federation):
    url = reverse("admin:promotion_wrestler_add")
    data = {
        "federation": federation.pk,
        "ring_name": "Kara Voss",
        "slug": "kara-voss",
        "alignment": "face",
        "pronouns": "she",
        "height_in": 0,
    }

    def refusal(data) -> list[str]:
        page = admin_client.post(url, data)
        assert page.status_code == 200 and not federation.wrestlers.exists()
        return list(page.context["adminform"].form.non_field_errors())

    assert refusal(data) == ["Height: A height is 48 to 100 inches (4'0\" to 8'4\"), not 0."]
    data["height_in"] = 70
    assert refusal({**data, "starting_fame": 99_999_999}) == [
        "Starting Fame is 0 to 100,000, not 99,999,999."
    ]
    wrestler = factories.WrestlerFactory(federation=federation)
    change = reverse("admin:promotion_wrestler_change", args=[wrestler.pk])
    form = admin_client.get(change).context["adminform"].form
    fields = {name: form.initial.get(name) for name in form.fields}
    fields = {k: ("" if v is None else v) for k, v in fields.items()}
    fields["federation"] = federation.pk
    page = admin_client.post(change, {**fields, "status": "injured", **_no_inlines()})
    assert page.status_code == 200
    assert validators.INJURED_WITHOUT_INJURY in str(page.context["adminform"].form.errors)
    assert Wrestler.objects.get(pk=wrestler.pk).status == "active"


def _no_inlines() -> dict[str, str]:
    return {
        "cards-TOTAL_FORMS": "0",
        "cards-INITIAL_FORMS": "0",
        "cards-MIN_NUM_FORMS": "0",
        "cards-MAX_NUM_FORMS": "1000",
    }


def test_an_injured_wrestler_is_made_active_by_healing_the_injury_not_by_hand(federation):
    wrestler = sign(federation)
    Wrestler.objects.filter(pk=wrestler.pk).update(ring_name="Vera Quill", pronouns="she")
    wrestler.refresh_from_db()
    injury = services.injury_record(
        wrestler=wrestler, occurred_on=federation_today(federation) - dt.timedelta(days=1)
    )
    wrestler.refresh_from_db()
    assert refused(services.wrestler_update, wrestler=wrestler, status="active") == (
        "Status: Vera Quill is out with an injury that keeps her off cards: mark it healed on the "
        "injury report (Healed), and the roster shows Vera Quill Active again from that day."
    )
    assert Wrestler.objects.get(pk=wrestler.pk).status == WrestlerStatus.INJURED
    # Suspended or retired while hurt: a booker's call.
    services.wrestler_update(wrestler=wrestler, status="retired")
    assert Wrestler.objects.get(pk=wrestler.pk).status == WrestlerStatus.RETIRED
    Wrestler.objects.filter(pk=wrestler.pk).update(status=WrestlerStatus.INJURED)
    wrestler.refresh_from_db()
    services.injury_heal(injury=injury, on=federation_today(federation))
    wrestler.refresh_from_db()
    assert wrestler.status == WrestlerStatus.ACTIVE
    services.wrestler_update(wrestler=wrestler, status="active", hometown="Gary")


def test_a_suspension_lifted_by_hand_does_not_make_a_hurt_wrestler_active(federation):
    """Back from a suspension (or a retirement) while an injury still keeps him off cards, a
    wrestler is not Active: the checker would find an active wrestler kept off by an injury."""
    wrestler = sign(federation)
    Wrestler.objects.filter(pk=wrestler.pk).update(ring_name="Vera Quill", pronouns="she")
    wrestler.refresh_from_db()
    services.injury_record(
        wrestler=wrestler, occurred_on=federation_today(federation) - dt.timedelta(days=1)
    )
    for status in ("suspended", "retired"):
        services.wrestler_update(wrestler=wrestler, status=status)
        assert refused(services.wrestler_update, wrestler=wrestler, status="active") == (
            "Status: Vera Quill is out with an injury that keeps her off cards: mark it healed "
            "on the injury report (Healed), and the roster shows Vera Quill Active again from "
            "that day."
        )
        assert Wrestler.objects.get(pk=wrestler.pk).status == status
