"""The site's own error pages and the federation's time zone on every page."""

from __future__ import annotations

import datetime as dt
import re
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


def test_every_page_names_the_sites_icon_and_favicon_ico_leads_to_it(client):
    from django.contrib.staticfiles import finders

    page = client.get(reverse("home")).content.decode()
    assert '<link rel="icon" href="/static/site/favicon.svg" type="image/svg+xml">' in page
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"] == "/static/site/favicon.svg"
    assert finders.find("site/favicon.svg")  # shipped with the project, not fetched


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


@pytest.mark.parametrize(
    ("stored", "words"),
    [
        ("America/Chicago", "America/Chicago"),
        ("US/Central", "America/Chicago"),
        ("localtime", "the server's local time"),
    ],
)
def test_the_federation_page_names_its_time_zone_in_words_not_a_stored_alias(client, stored, words):
    """A zone stored before the checks (an old name, or ``localtime``: the server's own) still
    loads; the pages say what the times are in, not the raw name."""
    federation = factories.FederationFactory(show_weekday=4, show_time=dt.time(20, 0))
    type(federation).objects.filter(pk=federation.pk).update(time_zone=stored)
    page = unescape(client.get(federation.get_absolute_url()).content.decode())
    assert f"Weekly show on Fridays at 8:00 p.m. ({words})." in page
    assert f"times in {words}</small>" in page
    if stored != words:
        assert stored not in page


def test_static_assets_are_served_by_the_project_not_a_cdn(client):
    page = client.get(reverse("home")).content.decode()
    assert "/static/vendor/pico-2.1.1/pico.min.css" in page
    assert "/static/vendor/htmx-2.0.11/htmx.min.js" in page
    assert "https://" not in page.split("<body")[0]


def test_a_match_under_another_system_says_so_with_its_own_unit(
    client, in_process, django_capture_on_commit_callbacks
):
    import datetime as dt

    from django.utils import timezone

    from matches.booking import match_book, show_create
    from matches.models import ShowStatus
    from matches.services import show_run_now
    from tests.matches.helpers import sample_federation

    federation = sample_federation()
    show = show_create(federation=federation, scheduled_at=timezone.now() + dt.timedelta(days=2))
    a, b = federation.wrestlers.exclude(reigns__ended_on__isnull=True).order_by("pk")[:2]
    match_book(show=show, sides=[[a], [b]], rule_system="arm")
    with django_capture_on_commit_callbacks(execute=True):
        show_run_now(show=show)
    show.refresh_from_db()
    assert show.status == ShowStatus.COMPLETED
    page = client.get(show.get_absolute_url()).content.decode()
    assert "Singles · ARM (RingMaster)" in page
    # ARM counts rounds, with the clock: "after 66 rounds (11:00)", "in the third round (0:30)".
    assert re.search(r"(after \d+ rounds|in the \w+ round) \(\d+:\d\d\)</span>", page), page


def test_a_superstar_card_shows_its_exact_figures(client):
    from tests.matches.helpers import sample_federation

    federation = sample_federation()
    wrestler = federation.wrestlers.get(slug="orrin-blackwood")
    page = client.get(wrestler.get_absolute_url()).content.decode()
    assert "What this card does on each roll" in page
    # Orrin Blackwood's General Card: DC on 2, 8 and 11 (1 + 5 + 2 of 36 ways): OC 77.8%.
    assert 'General Card: on offense (OC or OC/TT)</th><td class="num">77.8%' in page
