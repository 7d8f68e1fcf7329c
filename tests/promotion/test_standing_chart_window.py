"""The wrestler page's Fame and Prestige chart begins where the figures move: at the first ledger
row after the signing's (``selectors.standing_chart_start``), the whole history a click away."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse

from promotion.models import StandingChange
from promotion.selectors import standing_chart_start, standing_history
from tests import factories

pytestmark = pytest.mark.django_db

UTC = dt.UTC


@pytest.fixture
def veteran():
    """Signed in June 2019; wrestled first in November 2026."""
    wrestler = factories.WrestlerFactory(ring_name="Corrigan Vale", slug="corrigan-vale")
    rows = [
        (dt.datetime(2019, 6, 1, 5, tzinfo=UTC), "fame", 720),
        (dt.datetime(2019, 6, 1, 5, tzinfo=UTC), "prestige", 690),
        (dt.datetime(2026, 11, 7, 2, tzinfo=UTC), "prestige", 700),
        (dt.datetime(2026, 11, 14, 2, tzinfo=UTC), "fame", 730),
    ]
    for when, attribute, value in rows:
        row = StandingChange.objects.create(
            wrestler=wrestler, attribute=attribute, delta=1, value_after=value, reason="x"
        )
        StandingChange.objects.filter(pk=row.pk).update(created_at=when)
    return wrestler


def test_the_chart_starts_at_the_first_row_after_the_signing(veteran):
    history = standing_history(wrestler=veteran)
    assert standing_chart_start(history, zone=UTC) == dt.date(2026, 11, 7)
    assert standing_chart_start(history[:2], zone=UTC) is None  # only the signing: all of it
    assert standing_chart_start([], zone=UTC) is None


def the_chart(html: str) -> str:
    found = re.search(r'<svg class="chart".*?</svg>', html, re.S)
    assert found is not None, "no standing chart on the page"
    return found.group(0)


def axis_dates(html: str) -> list[str]:
    svg = the_chart(html)
    return re.findall(r"<text[^>]*>([A-Z][a-z]{2} \d+, \d{4})</text>", svg)


def test_the_wrestler_page_shows_the_moving_span_and_links_the_whole(client, veteran):
    address = reverse("wrestler-detail", args=[veteran.federation.slug, veteran.slug])
    html = client.get(address).content.decode()
    assert axis_dates(html)[0] == "Nov 6, 2026"  # 2 a.m. UTC: Nov 6 in Chicago, the zone
    assert 'href="?history=all#standing-chart">The whole history, since Jun 1, 2019' in html
    whole = client.get(address + "?history=all").content.decode()
    assert axis_dates(whole)[0] == "Jun 1, 2019"
    # The figures the window opens with are those the wrestler had then: Fame 720 from the
    # signing, to 730.
    assert "Fame from 720 to 730" in html and "Prestige from 690 to 700" in html


def axis_figures(html: str) -> list[int]:
    svg = the_chart(html)
    return [int(n) for n in re.findall(r'<text[^>]*text-anchor="end">(-?\d+)</text>', svg)]


def test_the_chart_fits_its_axis_to_the_figures_with_a_margin(veteran):
    """Figures of 690 to 730 are drawn on 680 to 740, not from 0 (which flattened them); a
    flat line sits in the middle; figures near 0 start at 0, not below it."""
    from promotion.charts import standing_chart

    history = standing_history(wrestler=veteran)
    chart = standing_chart(history, zone=UTC, today=dt.date(2026, 12, 1))
    assert axis_figures(chart) == [680, 700, 720, 740]
    flat = [(dt.datetime(2026, 11, 7, tzinfo=UTC), "fame", 720)]
    assert axis_figures(standing_chart(flat, zone=UTC, today=dt.date(2026, 12, 1))) == [
        715,
        720,
        725,
    ]
    low = [
        (dt.datetime(2026, 11, 7, tzinfo=UTC), "fame", 3),
        (dt.datetime(2026, 11, 14, tzinfo=UTC), "prestige", 12),
    ]
    assert axis_figures(standing_chart(low, zone=UTC, today=dt.date(2026, 12, 1))) == [
        0,
        5,
        10,
        15,
        20,
    ]
