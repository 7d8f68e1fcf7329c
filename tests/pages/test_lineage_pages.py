"""A title's lineage is paged, fifty rows a page, the latest page first: a title ten years old
has hundreds of reigns, and the page reads the sides of the crowning matches of its own rows
alone (issue 43, "ten years of history")."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse

from promotion.models import ReignEnd
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def title():
    """60 reigns of two wrestlers in turn, a week each, the last still running."""
    title = factories.TitleFactory(name="Frontier Championship", slug="frontier")
    one = factories.WrestlerFactory(federation=title.federation, ring_name="Ace One")
    two = factories.WrestlerFactory(federation=title.federation, ring_name="Bo Two")
    start = dt.date(2020, 1, 4)
    for n in range(1, 61):
        won = start + dt.timedelta(weeks=n - 1)
        factories.TitleReignFactory(
            title=title,
            holder_wrestler=one if n % 2 else two,
            number=n,
            holder_reign_number=(n + 1) // 2,
            won_on=won,
            ended_on=None if n == 60 else won + dt.timedelta(weeks=1),
            end_reason="" if n == 60 else ReignEnd.LOST,
        )
    return title


def numbers(html: str) -> list[int]:
    """The reign numbers in the lineage table's first column, in order."""
    table = html.split("<h2>Lineage</h2>", 1)[1].split("</table>", 1)[0]
    return [int(n) for n in re.findall(r"<tr><td>(\d+)</td>", table)]


def test_the_lineage_opens_on_its_latest_page_and_pages_back(client, title):
    address = reverse("title-detail", args=[title.federation.slug, title.slug])
    latest = client.get(address).content.decode()
    assert numbers(latest) == list(range(51, 61))
    assert "Page 2 of 2" in latest
    assert 'rel="prev">← Earlier</a>' in latest and 'rel="next"' not in latest
    first = client.get(address + "?page=1").content.decode()
    assert numbers(first) == list(range(1, 51))
    assert 'rel="next">Later →</a>' in first and 'rel="prev"' not in first
    # The time line draws every reign whatever the page.
    assert latest.count('<rect class="reign') == 60


def test_a_short_lineage_is_one_page_without_links(client):
    reign = factories.TitleReignFactory(won_on=dt.date(2024, 6, 1))
    address = reverse("title-detail", args=[reign.title.federation.slug, reign.title.slug])
    html = client.get(address).content.decode()
    assert numbers(html) == [1]
    assert 'class="pagination"' not in html
