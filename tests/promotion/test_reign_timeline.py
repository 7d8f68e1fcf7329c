"""A title's time line of reigns is marked on its axis however short it is: New Year's Days when
it crosses any, else the first of each month."""

from __future__ import annotations

import datetime as dt
import re

from promotion.charts import reign_timeline
from promotion.selectors import LineageRow


def axis(svg: str) -> list[str]:
    return re.findall(r'text-anchor="middle">([^<]+)</text>', svg)


def test_reigns_over_years_are_marked_by_year():
    rows = [LineageRow(reign=None, start=dt.date(2023, 5, 2), end=dt.date(2025, 2, 1))]
    svg = reign_timeline(rows, today=dt.date(2025, 3, 1))
    assert axis(svg) == ["2024", "2025"]
    assert 'aria-label="Timeline of 0 reigns from May 2023 to March 2025."' in svg


def test_reigns_within_one_year_are_marked_by_month():
    rows = [LineageRow(reign=None, start=dt.date(2026, 2, 14), end=dt.date(2026, 5, 20))]
    assert axis(reign_timeline(rows, today=dt.date(2026, 6, 1))) == [
        "Mar 2026",
        "Apr",
        "May",
        "Jun",
    ]


def test_a_long_year_is_marked_every_quarter():
    rows = [LineageRow(reign=None, start=dt.date(2026, 1, 3), end=None)]
    assert axis(reign_timeline(rows, today=dt.date(2026, 12, 4))) == [
        "Apr 2026",
        "Jul",
        "Oct",
    ]


def test_a_line_from_the_first_of_a_month_is_marked_there():
    rows = [LineageRow(reign=None, start=dt.date(2026, 9, 1), end=None)]
    assert axis(reign_timeline(rows, today=dt.date(2026, 12, 5))) == [
        "Sep 2026",
        "Oct",
        "Nov",
        "Dec",
    ]


def test_a_line_within_one_month_is_marked_at_its_ends():
    rows = [LineageRow(reign=None, start=dt.date(2026, 12, 1), end=dt.date(2026, 12, 5))]
    assert axis(reign_timeline(rows, today=dt.date(2026, 12, 5))) == ["Dec 2026"]
    rows = [LineageRow(reign=None, start=dt.date(2026, 12, 2), end=dt.date(2026, 12, 5))]
    assert axis(reign_timeline(rows, today=dt.date(2026, 12, 5))) == ["Dec 2, 2026", "Dec 5"]
