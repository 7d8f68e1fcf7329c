"""A federation's "today" is the later of the real date in its time zone and the date of its last
wrestled show (``promotion.selectors.federation_today``): a promoter who runs the coming weeks'
shows early sees their injuries and days held on every page and in the API, not the real date's.

The real clock is fixed at Dec 1, 2026, 9 p.m. in Chicago (the federation's zone; already Dec 2
in UTC); the federation has wrestled its shows of Dec 4, 11 and 18 (8 p.m. Chicago)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone

from promotion.selectors import federation_today
from tests import factories

pytestmark = pytest.mark.django_db

CHICAGO = ZoneInfo("America/Chicago")
REAL_NOW = dt.datetime(2026, 12, 1, 21, 0, tzinfo=CHICAGO)


@pytest.fixture
def real_now(monkeypatch):
    """The real clock stopped at ``REAL_NOW`` (``timezone.localdate`` reads ``timezone.now``)."""
    monkeypatch.setattr(timezone, "now", lambda: REAL_NOW.astimezone(dt.UTC))
    return REAL_NOW


def show_on(federation, day: int, *, status="completed", number=None):
    return factories.ShowFactory(
        federation=federation,
        number=number or day,
        scheduled_at=dt.datetime(2026, 12, day, 20, 0, tzinfo=CHICAGO),
        status=status,
    )


@pytest.fixture
def ahead(real_now):
    """A federation three shows ahead of the real date: a champion since Nov 6, an injury healed
    on Dec 4, one of Dec 4 still open, one of Dec 18 (out until Jan 1)."""
    federation = factories.FederationFactory(slug="ahead", time_zone="America/Chicago")
    for day in (4, 11, 18):
        show_on(federation, day)
    champion = factories.WrestlerFactory(federation=federation, ring_name="Corrigan Vale")
    title = factories.TitleFactory(federation=federation, name="World", slug="world")
    factories.TitleReignFactory(
        title=title, holder_wrestler=champion, number=1, won_on=dt.date(2026, 11, 6), defenses=3
    )
    healed = factories.WrestlerFactory(federation=federation, ring_name="Orrin Blackwood")
    factories.InjuryFactory(
        wrestler=healed,
        occurred_on=dt.date(2026, 11, 27),
        expected_return=dt.date(2026, 12, 4),
        healed_on=dt.date(2026, 12, 4),
        description="Wrenched arm",
    )
    early = factories.WrestlerFactory(federation=federation, ring_name="Bastian Holloway")
    factories.InjuryFactory(
        wrestler=early,
        occurred_on=dt.date(2026, 12, 4),
        expected_return=dt.date(2026, 12, 25),
        description="Cracked rib",
    )
    late = factories.WrestlerFactory(federation=federation, ring_name="Mortimer Gale")
    factories.InjuryFactory(
        wrestler=late,
        occurred_on=dt.date(2026, 12, 18),
        expected_return=dt.date(2027, 1, 1),
        description="Torn shoulder",
    )
    return federation


# -- the selector --------------------------------------------------------------------------------


def test_today_is_the_real_date_in_the_federations_zone_without_shows(real_now):
    federation = factories.FederationFactory(time_zone="America/Chicago")
    assert federation_today(federation) == dt.date(2026, 12, 1)  # Dec 2 already in UTC
    tokyo = factories.FederationFactory(time_zone="Asia/Tokyo")
    assert federation_today(tokyo) == dt.date(2026, 12, 2)


def test_today_is_the_last_wrestled_shows_date_when_later(real_now):
    federation = factories.FederationFactory(time_zone="America/Chicago")
    show_on(federation, 4)
    show_on(federation, 11, status="scheduled")  # not wrestled: not the federation's past
    # Dec 4, 8 p.m. in Chicago is Dec 5 in UTC: the show's date is the federation's.
    assert federation_today(federation) == dt.date(2026, 12, 4)


def test_today_is_the_real_date_when_the_last_show_is_older(real_now):
    federation = factories.FederationFactory(time_zone="America/Chicago")
    factories.ShowFactory(
        federation=federation,
        scheduled_at=dt.datetime(2026, 11, 27, 20, 0, tzinfo=CHICAGO),
        status="completed",
    )
    assert federation_today(federation) == dt.date(2026, 12, 1)


# -- the pages -----------------------------------------------------------------------------------


def test_front_page_counts_injuries_and_days_held_from_the_last_show(client, ahead):
    response = client.get(reverse("federation-detail", args=["ahead"]))
    assert response.status_code == 200
    report = [str(i.wrestler) for i in response.context["injuries"]]
    assert report == ["Bastian Holloway", "Mortimer Gale"]  # by expected return
    assert response.context["today"] == dt.date(2026, 12, 18)
    html = response.content.decode()
    # Nov 6 to Dec 18.
    assert '<td>Nov 6, 2026</td><td class="num">42</td><td class="num">3</td>' in html


def test_title_and_wrestler_pages_count_the_reign_to_the_last_show(client, ahead):
    title = client.get(reverse("title-detail", args=["ahead", "world"])).content.decode()
    assert '<td class="num">42+</td>' in title
    wrestler = ahead.wrestlers.get(ring_name="Corrigan Vale")
    page = client.get(reverse("wrestler-detail", args=["ahead", wrestler.slug])).content.decode()
    assert '<td><strong>Champion</strong></td><td class="num">42</td>' in page


def test_record_book_counts_the_current_reign_to_the_last_show(client, ahead):
    response = client.get(reverse("records", args=["ahead"]))
    assert [reign.days for reign in response.context["book"].longest_reigns] == [42]


def test_api_reigns_injuries_and_records_read_the_federations_today(client, ahead):
    base = "/api/v1/federations/ahead"
    reigns = client.get(f"{base}/reigns/?current=true").json()["results"]
    assert [r["days_held"] for r in reigns] == [42]
    lineage = client.get(f"{base}/titles/world/lineage/").json()["results"]
    assert [entry["reign"]["days_held"] for entry in lineage] == [42]
    current = client.get(f"{base}/injuries/?current=true").json()["results"]
    assert sorted(i["ring_name"] for i in current) == ["Bastian Holloway", "Mortimer Gale"]
    healed = client.get(f"{base}/injuries/?current=false").json()["results"]
    assert [i["ring_name"] for i in healed] == ["Orrin Blackwood"]
    records = client.get(f"{base}/records/").json()
    assert [r["days_held"] for r in records["longest_reigns"]] == [42]
