"""A federation in a minute, in a real browser: a new promoter signs up, follows "A federation
in a minute" from the new-federation page, names the federation, its home arena and its weekly
slot, keeps the generated roster of 16 and the world and mid-card titles with first champions by
tournament, founds it, and runs its first show from the show's page, all in well under a minute
of clicks; the roster page lists the sixteen, each with a card."""

from __future__ import annotations

import re
import time

import pytest

from tests.e2e.conftest import VIEWPORTS
from tests.e2e.csp_watch import CspWatch
from tests.e2e.steps import PASSWORD

pytestmark = pytest.mark.e2e

TIMEOUT = 30_000
NAME = "Harbour Lights Wrestling"


def test_a_new_promoter_founds_a_federation_and_runs_its_first_show(browser, site):
    context = browser.new_context(viewport=VIEWPORTS["desktop"], reduced_motion="reduce")
    context.set_default_timeout(TIMEOUT)
    csp = CspWatch(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    page.goto(site + "/accounts/signup/")
    page.get_by_label("Username").fill("founder")
    page.get_by_label("Email").fill("founder@example.com")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    with page.expect_navigation():
        page.locator("main").get_by_role("button", name="Sign up").click()

    started = time.monotonic()
    page.goto(site + "/federations/new/")
    with page.expect_navigation():
        page.get_by_role("link", name=re.compile("federation in a minute")).click()
    assert page.locator("h1").inner_text() == "A federation in a minute"
    page.get_by_label("Name", exact=True).fill(NAME)
    page.get_by_label("Home arena").fill("The Old Mill")
    page.get_by_label("Rule system").select_option("filsinger")
    page.get_by_label("Weekly show on").select_option(label="Friday")
    page.get_by_label("Show time").fill("20:00")
    # The defaults: sixteen wrestlers, the world and mid-card titles, crowned by tournament.
    assert page.get_by_label("Roster size").input_value() == "16"
    assert page.get_by_label(re.compile("World Heavyweight")).is_checked()
    assert page.get_by_label(re.compile("Mid-Card")).is_checked()
    assert page.get_by_label(re.compile("one-night tournament")).is_checked()
    with page.expect_navigation():
        page.locator("main").get_by_role("button", name="Found the federation").click()

    # On the first show's page: the card the auto-booker booked.
    text = page.locator("main").inner_text()
    assert f"{NAME} is open for business: 16 wrestlers signed" in text
    assert "Show No. 1" in text
    assert "The Old Mill" in text
    with page.expect_navigation():
        page.get_by_role("button", name="Simulate now").click()
    text = page.locator("main").inner_text()
    assert "Completed" in text
    assert page.get_by_role("button", name="Simulate now").count() == 0
    elapsed = time.monotonic() - started
    print(f"founded and its first show wrestled in {elapsed:.1f} seconds")
    assert elapsed < 60, f"the founding took {elapsed:.0f} seconds"

    # The roster: sixteen, every one with a card of the federation's system.
    page.goto(site + "/f/harbour-lights-wrestling/roster/")
    rows = page.locator("main table tbody tr")
    assert rows.count() == 16
    # The titles: each with its one-night tournament under way.
    page.goto(site + "/f/harbour-lights-wrestling/tournaments/")
    text = page.locator("main").inner_text()
    assert "World Heavyweight Championship Tournament" in text
    assert "Mid-Card Championship Tournament" in text
    assert errors == []
    assert csp.lines == [], csp.lines
