"""The wrestler page's Fame and Prestige chart begins where the figures move: at the first ledger
row after the signing's, at most a year back (``selectors.standing_window``), the whole history
a click away."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse

from promotion.models import StandingChange
from promotion.selectors import StandingWindow, standing_window
from tests import factories

pytestmark = pytest.mark.django_db

UTC = dt.UTC


def write_ledger(wrestler, rows) -> None:
    """Ledger rows of the wrestler, each (when, attribute, value after), dated as given."""
    for when, attribute, value in rows:
        row = StandingChange.objects.create(
            wrestler=wrestler, attribute=attribute, delta=1, value_after=value, reason="x"
        )
        StandingChange.objects.filter(pk=row.pk).update(created_at=when)


#: The veteran's ledger: signed in June 2019; wrestled first in November 2026.
VETERAN = [
    (dt.datetime(2019, 6, 1, 5, tzinfo=UTC), "fame", 720),
    (dt.datetime(2019, 6, 1, 5, tzinfo=UTC), "prestige", 690),
    (dt.datetime(2026, 11, 7, 2, tzinfo=UTC), "prestige", 700),
    (dt.datetime(2026, 11, 14, 2, tzinfo=UTC), "fame", 730),
]


@pytest.fixture
def veteran():
    wrestler = factories.WrestlerFactory(ring_name="Corrigan Vale", slug="corrigan-vale")
    write_ledger(wrestler, VETERAN)
    return wrestler


def test_the_chart_starts_at_the_first_row_after_the_signing(veteran):
    window = standing_window(wrestler=veteran, zone=UTC, today=dt.date(2026, 12, 1))
    assert window.start == window.default_start == dt.date(2026, 11, 7)
    assert window.opened == dt.date(2019, 6, 1)
    # Drawn: the rows from Nov 7 on, and each figure's last row before it (the signing's).
    assert [(when.date(), attribute, value) for when, attribute, value in window.rows] == [
        (dt.date(2019, 6, 1), "fame", 720),
        (dt.date(2019, 6, 1), "prestige", 690),
        (dt.date(2026, 11, 7), "prestige", 700),
        (dt.date(2026, 11, 14), "fame", 730),
    ]
    whole = standing_window(wrestler=veteran, zone=UTC, today=dt.date(2026, 12, 1), whole=True)
    assert whole.start is None and whole.default_start == dt.date(2026, 11, 7)
    assert whole.rows == VETERAN


def test_the_chart_looks_back_a_year_and_enters_with_the_figures_of_then(veteran):
    """Two years of rows after the first move: the chart shows the last year, each figure
    entering it with the value of its last row before (not its first, not the signing's)."""
    rows = [
        (dt.datetime(2027, 3, 1, 2, tzinfo=UTC), "fame", 800),
        (dt.datetime(2027, 9, 1, 2, tzinfo=UTC), "fame", 810),
        (dt.datetime(2028, 5, 1, 2, tzinfo=UTC), "prestige", 650),
        (dt.datetime(2028, 6, 1, 2, tzinfo=UTC), "fame", 900),
    ]
    write_ledger(veteran, rows)
    today = dt.date(2028, 7, 1)
    window = standing_window(wrestler=veteran, zone=UTC, today=today)
    assert window.start == dt.date(2027, 7, 2)  # 365 days before Jul 1, 2028
    assert [(when.date(), attribute, value) for when, attribute, value in window.rows] == [
        (dt.date(2026, 11, 7), "prestige", 700),  # Prestige's last row before the window
        (dt.date(2027, 3, 1), "fame", 800),  # Fame's
        (dt.date(2027, 9, 1), "fame", 810),
        (dt.date(2028, 5, 1), "prestige", 650),
        (dt.date(2028, 6, 1), "fame", 900),
    ]


def test_a_ledger_of_the_signing_alone_is_drawn_whole(veteran):
    veteran.standing_changes.filter(created_at__year=2026).delete()
    window = standing_window(wrestler=veteran, zone=UTC, today=dt.date(2026, 12, 1))
    assert window.start is None and window.default_start is None
    assert len(window.rows) == 2
    veteran.standing_changes.all().delete()
    empty = standing_window(wrestler=veteran, zone=UTC, today=dt.date(2026, 12, 1))
    assert empty == StandingWindow(rows=[], start=None, default_start=None, opened=None)


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

    chart = standing_chart(VETERAN, zone=UTC, today=dt.date(2026, 12, 1))
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
