"""The front page's feuds and the charts as Chromium lays them out at phone and desktop width:
a feud's heat bar sits under its own heading, not against the next one; a chart's labels stay
readable (about 10px or more) on a phone, the chart scrolling sideways in its box.

Playwright's Python package drives Debian's chromium by its path (as ``tests/e2e``); without it
these skip, unless ``RINGSIDE_REQUIRE_BROWSER`` is set."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest

from tests import factories

CHROMIUM = os.environ.get("RINGSIDE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
WIDTHS = (1280, 390)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("RINGSIDE_REQUIRE_BROWSER"):
            pytest.fail(f"needs Debian's chromium at {CHROMIUM}")
        pytest.skip(f"needs Debian's chromium at {CHROMIUM}")
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def federation():
    made = factories.FederationFactory(slug="laid-out")
    for heat, names in ((3, ("Felix Ardent", "Rook Lanigan")), (2, ("Mortimer Gale", "Gideon"))):
        feud = factories.FeudFactory(federation=made, heat=heat, name="", status="building")
        for side, name in enumerate(names):
            factories.FeudParticipantFactory(
                feud=feud,
                side=side,
                wrestler=factories.WrestlerFactory(federation=made, ring_name=name),
            )
    title = factories.TitleFactory(federation=made, name="World", slug="world")
    for number, year in enumerate((2019, 2021, 2024), start=1):
        factories.TitleReignFactory(
            title=title,
            number=number,
            holder_wrestler=factories.WrestlerFactory(
                federation=made, ring_name=f"Champion Number {number}"
            ),
            won_on=dt.date(year, 6, 1),
            ended_on=dt.date(year + 2, 6, 1) if number < 3 else None,
            end_reason="lost" if number < 3 else "",
        )
    return made


@pytest.mark.parametrize("width", WIDTHS)
def test_a_feuds_heat_bar_sits_under_its_own_heading(browser, live_server, federation, width):
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(f"{live_server.url}/f/laid-out/")
    feuds = page.locator(".feud")
    assert feuds.count() == 2
    first_heading = feuds.nth(0).locator("p").bounding_box()
    first_bar = feuds.nth(0).locator(".heat").bounding_box()
    next_heading = feuds.nth(1).locator("p").bounding_box()
    to_own = first_bar["y"] - (first_heading["y"] + first_heading["height"])
    to_next = next_heading["y"] - (first_bar["y"] + first_bar["height"])
    assert 0 <= to_own < to_next, (to_own, to_next)
    assert to_own <= 8 and to_next >= 12, (to_own, to_next)
    page.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_reign_timeline_labels_are_readable(browser, live_server, federation, width):
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(f"{live_server.url}/f/laid-out/titles/world/")
    label = page.locator(".chart.timeline text").first
    # The label's drawn size: the chart's 11-unit type at the scale the chart is drawn.
    size = page.evaluate(
        "t => parseFloat(getComputedStyle(t).fontSize)"
        " * t.ownerSVGElement.getBoundingClientRect().width"
        " / t.ownerSVGElement.viewBox.baseVal.width",
        label.element_handle(),
    )
    assert size >= 9.5, size
    # The page itself does not scroll sideways: the chart's box does.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.close()


@pytest.mark.parametrize("address", ["/f/laid-out/standings/", "/f/laid-out/standings/?by=record"])
def test_the_standings_fit_a_phone_without_scrolling_sideways(
    browser, live_server, federation, address
):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(live_server.url + address)
        assert page.get_by_role("navigation", name="Division and order").is_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        page.close()
