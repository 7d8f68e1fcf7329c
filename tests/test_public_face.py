"""What visitors see: the site's own error pages, the federation's time zone, and no internal
error text on a failed show."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from matches.models import PUBLIC_FAILURE, Show, ShowStatus
from promotion.models import Federation
from tests.matches.helpers import book_week, sample_federation

pytestmark = pytest.mark.django_db


def test_an_unknown_page_is_the_sites_own_404_even_with_debug_on(client, settings):
    settings.DEBUG = True
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "Nothing here" in page
    assert "URLconf" not in page and "Django tried these URL patterns" not in page


def test_a_missing_federation_is_the_sites_own_404(client, settings):
    settings.DEBUG = True
    response = client.get(reverse("federation-detail", kwargs={"slug": "nowhere"}))
    assert response.status_code == 404
    assert "Nothing here" in response.content.decode()
    assert "DEBUG = True" not in response.content.decode()


def test_a_path_without_its_slash_is_still_redirected(client):
    federation = sample_federation()
    response = client.get(f"/f/{federation.slug}")
    assert response.status_code == 301
    assert response["Location"] == f"/f/{federation.slug}/"


def test_a_failed_show_tells_visitors_nothing_internal_and_members_why(client, admin_client):
    federation = sample_federation()
    show = book_week(federation, scheduled_at=timezone.now() - dt.timedelta(days=1), seed=1)
    Show.objects.filter(pk=show.pk).update(status=ShowStatus.FAILED, error="KeyError: 19")
    visitor = client.get(show.get_absolute_url()).content.decode()
    assert PUBLIC_FAILURE in visitor
    assert "KeyError" not in visitor
    member = admin_client.get(show.get_absolute_url()).content.decode()
    assert "KeyError: 19" in member


def test_show_times_are_in_the_federations_zone(client):
    federation = sample_federation()  # America/Chicago, Fridays at 8 p.m.
    when = dt.datetime(2026, 12, 4, 20, 0, tzinfo=federation.time_zone)  # 02:00 UTC on the 5th
    show = book_week(federation, scheduled_at=when, seed=2, matches=1, schedule=False)
    archive = reverse("show-archive", args=[federation.slug])
    for url, shown in (
        (show.get_absolute_url(), "Friday, December 4, 2026, 8:00 p.m."),
        (federation.get_absolute_url(), "Friday, December 4, 2026, 8:00 p.m."),
        (archive, "Fri, Dec 4, 2026, 8:00 p.m."),
    ):
        page = client.get(url).content.decode()
        assert shown in page, url
        assert "5 Dec" not in page and "Dec. 5" not in page and "Dec 5" not in page, url
    assert Federation.objects.get().time_zone.key == "America/Chicago"
