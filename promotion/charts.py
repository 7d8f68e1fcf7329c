"""Charts drawn from the data as server-side SVG: no script, readable offline, scaled by CSS.

Each chart carries a text alternative (``role="img"`` and an ``aria-label`` saying what it shows)
so that a screen reader gets the gist; the tables beside each chart hold the figures.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

WIDTH = 640
HEIGHT = 220
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 28


def _nice_step(raw: float) -> int:
    """The smallest of 1, 2 and 5 times a power of ten at least ``raw`` (at least 1)."""
    power = 1
    while True:
        for factor in (1, 2, 5):
            if factor * power >= raw:
                return factor * power
        power *= 10


def _axis(low: int, high: int) -> tuple[int, int, int]:
    """(bottom, top, step) of a y-axis that fits figures from ``low`` to ``high`` with a margin
    (a tenth of their span, at least 5) and about four steps between round figures; it goes
    below 0 only for figures below 0."""
    margin = max((high - low) / 10, 5)
    step = _nice_step((high - low + 2 * margin) / 4)
    bottom = math.floor((low - margin) / step) * step
    if low >= 0:
        bottom = max(bottom, 0)
    top = math.ceil((high + margin) / step) * step
    return bottom, top, step


def standing_chart(
    history: Sequence[tuple[dt.datetime, str, int]],
    *,
    zone,
    today: dt.date,
    since: dt.date | None = None,
) -> SafeString:
    """Fame and Prestige over time, as two step lines, from the ledger's rows; with ``since``,
    from that day on (each figure enters at the value it had then)."""
    if not history:
        return SafeString("")
    series: dict[str, list[tuple[dt.date, int]]] = {"fame": [], "prestige": []}
    for when, attribute, value in history:
        day = when.astimezone(zone).date()
        points = series[attribute]
        if since is not None and day < since:
            day = since  # before the window: only its last value counts, at the window's start
            if points and points[-1][0] == since:
                points.pop()
        points.append((day, value))
    start = min(points[0][0] for points in series.values() if points)
    end = max(today, *(points[-1][0] for points in series.values() if points))
    span = max((end - start).days, 1)
    figures = [value for points in series.values() for _, value in points]
    bottom, top, step = _axis(min(figures), max(figures))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(day: dt.date) -> float:
        return LEFT + plot_w * (day - start).days / span

    def y(value: int) -> float:
        return TOP + plot_h * (1 - (value - bottom) / (top - bottom or 1))

    parts = []
    for value in range(bottom, top + 1, step):
        parts.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(value):.1f}" '
            f'y2="{y(value):.1f}"/><text x="{LEFT - 4}" y="{y(value) + 4:.1f}" '
            f'text-anchor="end">{int(value)}</text>'
        )
    parts.append(
        f'<text x="{LEFT}" y="{HEIGHT - 8}">{start:%b %-d, %Y}</text>'
        f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 8}" text-anchor="end">{end:%b %-d, %Y}</text>'
    )
    summary = []
    for attribute, points in series.items():
        if not points:
            continue
        coords = []
        previous = None
        for day, value in points:
            if previous is not None:
                coords.append(f"{x(day):.1f},{y(previous):.1f}")
            coords.append(f"{x(day):.1f},{y(value):.1f}")
            previous = value
        coords.append(f"{x(end):.1f},{y(points[-1][1]):.1f}")
        parts.append(f'<polyline class="{attribute}" points="{" ".join(coords)}"/>')
        summary.append(f"{attribute.title()} from {points[0][1]} to {points[-1][1]}")
    label = "Fame and Prestige over time: " + "; ".join(summary) + "."
    return mark_safe(
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(label)}" preserveAspectRatio="xMinYMin meet">'
        + "".join(parts)
        + "</svg>"
    )


def _timeline_ticks(start: dt.date, end: dt.date) -> list[tuple[dt.date, str]]:
    """Where the time line is marked: each New Year's Day from ``start`` to ``end``; when it
    holds none, the first of each month instead (every third month past six), the first
    marked with its year; when it holds no first of a month either, its first and last day."""
    first_year = start.year if (start.month, start.day) == (1, 1) else start.year + 1
    years = [(dt.date(year, 1, 1), str(year)) for year in range(first_year, end.year + 1)]
    if years:
        return years
    first_month = start.month if start.day == 1 else start.month + 1
    months = [dt.date(start.year, month, 1) for month in range(first_month, end.month + 1)]
    if len(months) > 6:
        months = [day for day in months if day.month % 3 == 1]
    if months:
        return [(day, f"{day:%b %Y}" if i == 0 else f"{day:%b}") for i, day in enumerate(months)]
    ends = [(start, f"{start:%b} {start.day}, {start.year}")]
    if end > start:
        ends.append((end, f"{end:%b} {end.day}"))
    return ends


def reign_timeline(rows: Sequence, *, today: dt.date) -> SafeString:
    """A title's reigns as bars on a time line, one lane per reign, vacancies in grey; ``today``
    is where a row still open ends (a retired title's line ends the day it was retired)."""
    rows = [row for row in rows if not row.retired]
    if not rows:
        return SafeString("")
    lane, label_w = 20, 150
    start = rows[0].start
    end = max(today, *(row.end or today for row in rows))
    span = max((end - start).days, 1)
    height = TOP + lane * len(rows) + BOTTOM
    plot_w = WIDTH - label_w - RIGHT

    def x(day: dt.date) -> float:
        return label_w + plot_w * (day - start).days / span

    parts = []
    for at, text in _timeline_ticks(start, end):
        parts.append(
            f'<line class="grid" x1="{x(at):.1f}" x2="{x(at):.1f}" y1="{TOP}" '
            f'y2="{height - BOTTOM}"/><text x="{x(at):.1f}" y="{height - 8}" '
            f'text-anchor="middle">{text}</text>'
        )
    reigns = 0
    for index, row in enumerate(rows):
        top = TOP + lane * index
        stop = row.end or today
        width = max(x(stop) - x(row.start), 2)
        if row.reign is None:
            name, css = "Vacant", "vacant"
        else:
            name = str(row.reign.holder)
            css = "reign alt" if reigns % 2 else "reign"
            reigns += 1
        days = (stop - row.start).days
        parts.append(
            format_html(
                '<text x="{}" y="{}" text-anchor="end">{}</text>'
                '<rect class="{}" x="{}" y="{}" width="{}" height="{}" rx="2">'
                "<title>{}: {} to {} ({} days)</title></rect>",
                label_w - 6,
                f"{top + lane - 6:.1f}",
                name[:22],
                css,
                f"{x(row.start):.1f}",
                f"{top + 3:.1f}",
                f"{width:.1f}",
                lane - 6,
                name,
                row.start,
                row.end or "today",
                days,
            )
        )
    label = (
        f"Timeline of {reigns} reign{'' if reigns == 1 else 's'} from {start:%B %Y} to {end:%B %Y}."
    )
    return mark_safe(
        f'<svg class="chart timeline" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-label="{escape(label)}">' + "".join(parts) + "</svg>"
    )
