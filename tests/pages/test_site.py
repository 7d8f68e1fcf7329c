"""The site's own error pages and the federation's time zone on every page."""

from __future__ import annotations

import datetime as dt
from html import unescape

import pytest
from django.urls import reverse

from matches.booking import show_create
from tests import factories

pytestmark = pytest.mark.django_db


def test_an_unknown_address_gets_the_sites_404_without_the_url_patterns(client, settings):
    settings.DEBUG = True
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "Nothing here" in page
    assert "URLconf" not in page and "admin/" not in page


def test_a_missing_object_gets_the_sites_404_even_in_debug(client, settings):
    settings.DEBUG = True
    response = client.get(reverse("federation-detail", args=["nope"]))
    assert response.status_code == 404
    assert "Nothing here" in response.content.decode()


def test_the_api_keeps_its_own_404(client):
    response = client.get("/api/no-such-endpoint/")
    assert response.status_code == 404
    assert "Nothing here" not in response.content.decode() or response["Content-Type"].startswith(
        "text/html"
    )


def test_dates_and_times_are_in_the_federations_time_zone(client):
    federation = factories.FederationFactory(time_zone="America/Chicago")
    # 02:00 UTC on Saturday is 8 p.m. on Friday in Chicago.
    show = show_create(
        federation=federation, scheduled_at=dt.datetime(2026, 12, 5, 2, 0, tzinfo=dt.UTC)
    )
    page = unescape(client.get(show.get_absolute_url()).content.decode())
    assert "Friday, December 4, 2026, 8:00 p.m." in page
    assert "December 5" not in page
    archive = unescape(client.get(reverse("show-archive", args=[federation.slug])).content.decode())
    assert "Fri, Dec 4, 2026, 8:00 p.m." in archive
    home = unescape(client.get(federation.get_absolute_url()).content.decode())
    assert "Friday, December 4, 2026, 8:00 p.m." in home


def test_static_assets_are_served_by_the_project_not_a_cdn(client):
    page = client.get(reverse("home")).content.decode()
    assert "/static/vendor/pico-2.1.1/pico.min.css" in page
    assert "/static/vendor/htmx-2.0.11/htmx.min.js" in page
    assert "https://" not in page.split("<body")[0]
