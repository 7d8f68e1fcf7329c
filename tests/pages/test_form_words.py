"""The roster's and the federation's forms: they offer only what may be chosen (no Injured at
signing, no `localtime` or old zone names), show the bounds, and name what is wrong."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from promotion.models import Federation
from tests import factories

pytestmark = pytest.mark.django_db


def page_of(response) -> str:
    return unescape(response.content.decode())


def options(page: str, name: str) -> list[str]:
    found = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S)
    assert found is not None
    select = found.group(1)
    return re.findall(r'<option value="([^"]*)"', select)


def sign(booker, federation, **fields):
    data = {"ring_name": "Kara Voss", "alignment": "face", "status": "active", **fields}
    return booker.post(reverse("wrestler-create", args=[federation.slug]), data)


def test_signing_offers_no_injured_status_and_says_how_to_record_an_injury(booker, staffed):
    page = page_of(booker.get(reverse("wrestler-create", args=[staffed.slug])))
    assert options(page, "status") == ["active", "suspended", "retired"]
    assert "Injured comes from an injury: record one on the injury report." in page
    response = sign(booker, staffed, status="injured")
    assert response.status_code == 400 and not staffed.wrestlers.exists()


def test_signing_refuses_impossible_figures_on_the_page(booker, staffed):
    page = page_of(sign(booker, staffed, fame=99_999_999, height_in=0, weight_lb=5))
    assert "Ensure this value is less than or equal to 100000." in page
    assert "A height is 48 to 100 inches (4'0\" to 8'4\"), not 0." in page
    assert "A weight is 80 to 800 pounds, not 5." in page
    assert not staffed.wrestlers.exists()
    page = page_of(booker.get(reverse("wrestler-create", args=[staffed.slug])))
    assert re.search(r'name="height_in"[^>]*min="48"|min="48"[^>]*name="height_in"', page)
    assert "Starting Fame, 0 to 100,000" in page
    assert sign(booker, staffed, fame=300, height_in=70, weight_lb=210).status_code == 302


def test_each_refused_field_points_at_its_own_reason(booker, staffed):
    # Django marks a refused field aria-describedby="id_<name>_error": the reason is there.
    page = page_of(sign(booker, staffed, height_in=0))
    assert re.search(r'aria-describedby="[^"]*id_height_in_error[^"]*"', page)
    assert '<small id="id_height_in_error" class="errorlist field-note" role="alert">' in page


def test_editing_keeps_injured_only_for_the_injured(booker, staffed):
    fit = factories.WrestlerFactory(federation=staffed, slug="fit")
    hurt = factories.WrestlerFactory(federation=staffed, slug="hurt", status="injured")
    edit = "wrestler-edit"
    assert "injured" not in options(
        page_of(booker.get(reverse(edit, args=[staffed.slug, "fit"]))), "status"
    )
    assert "injured" in options(
        page_of(booker.get(reverse(edit, args=[staffed.slug, "hurt"]))), "status"
    )
    assert (fit.status, hurt.status) == ("active", "injured")


def test_a_new_federation_is_offered_current_zone_names_only(client, users):
    client.force_login(users["outsider"])
    page = page_of(client.get(reverse("federation-create")))
    zones = options(page, "time_zone")
    assert zones[0] == "UTC" and "Asia/Kolkata" in zones and "America/Chicago" in zones
    assert not {"localtime", "US/Eastern", "Asia/Calcutta", "Factory"} & set(zones)
    form = {"name": "Harbor Pro", "rule_system": "filsinger", "show_weekday": 5}
    form |= {"show_time": "20:00", "start": "empty", "is_public": "on"}
    page = page_of(client.post(reverse("federation-create"), {**form, "time_zone": "localtime"}))
    assert "Select a valid choice. localtime is not one of the available choices." in page
    assert not Federation.objects.filter(slug="harbor-pro").exists()


def test_an_old_zone_name_stays_selected_and_does_not_stop_the_settings(client, users, staffed):
    Federation.objects.filter(pk=staffed.pk).update(time_zone="US/Eastern")
    client.force_login(users["owner"])
    address = reverse("federation-settings", args=[staffed.slug])
    page = page_of(client.get(address))
    assert re.search(
        r'<option value="US/Eastern" selected>US/Eastern: an old name of America/New_York; '
        r"choose America/New_York</option>",
        page,
    )
    from tests.pages.test_federation_settings import settings_of

    staffed.refresh_from_db()
    response = client.post(address, settings_of(staffed, default_venue="The Armory"))
    assert response.status_code == 302
    staffed.refresh_from_db()
    assert (staffed.default_venue, str(staffed.time_zone)) == ("The Armory", "US/Eastern")
    client.post(address, settings_of(staffed, time_zone="America/New_York"))
    staffed.refresh_from_db()
    assert str(staffed.time_zone) == "America/New_York"


def test_a_choice_of_buttons_is_a_fieldset_not_a_label_around_labels(client, users):
    """A label's ``for`` names one control; the "Start with" buttons are a group (HTML)."""
    client.force_login(users["outsider"])
    page = client.get(reverse("federation-create")).content.decode()
    assert '<label for="">' not in page
    assert "<fieldset><legend>Start with</legend>" in page
    assert '<label for="id_start_0"><input type="radio" name="start" value="empty"' in page


@pytest.mark.parametrize("year", ["0", "99999", "-5"])
def test_the_show_archive_says_a_year_out_of_the_calendar_is_none(client, users, staffed, year):
    page = client.get(reverse("show-archive", args=[staffed.slug]) + f"?year={year}")
    assert page.status_code == 200
    said = [str(m) for m in page.context["messages"]]
    assert said == [f"There is no year {year} to show (the years 2 to 9998): every show is listed."]
    assert page.context["year"] is None


def test_a_year_without_shows_is_not_no_shows_yet(client, users, staffed):
    page = client.get(reverse("show-archive", args=[staffed.slug]) + "?year=1990")
    assert "No shows in 1990" in page.content.decode()
