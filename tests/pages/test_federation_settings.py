"""The owner's settings page: what a running federation may change (its name, rule system, weekly
slot, venue, who may read it, the auto-booker's card), through the same service as the API; the
rule system chosen when a federation starts."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from promotion.models import Federation
from tests.pages.conftest import client_for, told

pytestmark = pytest.mark.django_db


def settings_of(federation, **changes) -> dict:
    """The form as the page shows it, with ``changes``."""
    data = {
        "name": federation.name,
        "description": federation.description,
        "rule_system": federation.rule_system,
        "time_zone": str(federation.time_zone),
        "show_weekday": federation.show_weekday,
        "show_time": federation.show_time.strftime("%H:%M"),
        "default_venue": federation.default_venue,
        "card_size": federation.card_size,
        "vacate_injured_champion_after_weeks": "",
    }
    if federation.is_public:
        data["is_public"] = "on"
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def test_the_owner_changes_the_federations_settings(client, users, staffed):
    client.force_login(users["owner"])
    address = reverse("federation-settings", args=[staffed.slug])
    home = client.get(staffed.get_absolute_url()).content.decode()
    assert address in home
    response = client.post(
        address,
        settings_of(
            staffed,
            name="Foundry Wrestling Alliance",
            rule_system="arm",
            show_weekday=4,
            show_time="21:30",
            default_venue="Rivet Hall",
            is_public=None,
            card_size=7,
            vacate_injured_champion_after_weeks=8,
        ),
    )
    assert response.status_code == 302
    assert told(client, response) == ["Foundry Wrestling Alliance's settings are saved."]
    staffed.refresh_from_db()
    assert (
        staffed.name,
        staffed.rule_system,
        staffed.show_weekday,
        staffed.show_time,
        staffed.default_venue,
        staffed.is_public,
        staffed.card_size,
        staffed.vacate_injured_champion_after_weeks,
    ) == ("Foundry Wrestling Alliance", "arm", 4, dt.time(21, 30), "Rivet Hall", False, 7, 8)


def test_saving_unchanged_settings_says_so(client, users, staffed):
    client.force_login(users["owner"])
    address = reverse("federation-settings", args=[staffed.slug])
    response = client.post(address, settings_of(staffed))
    assert told(client, response) == ["Nothing was changed."]


def test_a_name_with_a_hidden_character_is_refused_and_nothing_changes(client, users, staffed):
    client.force_login(users["owner"])
    before = staffed.name
    response = client.post(
        reverse("federation-settings", args=[staffed.slug]),
        settings_of(staffed, name="Foundry\u202eAlliance", default_venue="Rivet Hall"),
    )
    assert response.status_code == 400
    assert (
        "Remove the control character U+202E (RIGHT-TO-LEFT OVERRIDE) at character 8: the field "
        "takes plain text." in response.content.decode()
    )
    staffed.refresh_from_db()
    assert (staffed.name, staffed.default_venue) == (before, "")


@pytest.mark.parametrize(("role", "status"), [("booker", 403), ("viewer", 403)])
def test_only_the_owner_may_change_the_settings(client, users, staffed, role, status):
    client = client_for(client, users, role)
    address = reverse("federation-settings", args=[staffed.slug])
    assert address not in client.get(staffed.get_absolute_url()).content.decode()
    assert client.get(address).status_code == status
    assert client.post(address, settings_of(staffed, name="Taken Over")).status_code == status
    staffed.refresh_from_db()
    assert staffed.name != "Taken Over"


def test_an_anonymous_visitor_is_sent_to_sign_in(client, staffed):
    response = client.get(reverse("federation-settings", args=[staffed.slug]))
    assert response.status_code == 302 and "login" in response["Location"]


def test_a_new_federation_starts_under_the_rule_system_chosen(client, users):
    client.force_login(users["outsider"])
    response = client.post(
        reverse("federation-create"),
        {
            "name": "Harbor Pro",
            "slug": "",
            "description": "",
            "rule_system": "superstar",
            "time_zone": "UTC",
            "show_weekday": 5,
            "show_time": "20:00",
            "default_venue": "",
            "is_public": "on",
            "start": "empty",
        },
    )
    assert response.status_code == 302
    assert Federation.objects.get(slug="harbor-pro").rule_system == "superstar"
