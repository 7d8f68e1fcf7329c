"""Special events and the calendar in the browser (issue 40): a promoter books an event from the
new-show page with its poster line and card size, its page shows them, and the calendar page
lists it among the weekly slots and links a feed that parses as iCalendar."""

from __future__ import annotations

import icalendar
import pytest

from tests.e2e.conftest import SCREENSHOTS, VIEWPORTS
from tests.e2e.steps import sample_promoter

pytestmark = pytest.mark.e2e

TIMEOUT = 20_000
SLUG = "event-check"
POSTER = "Nine matches. Two titles. One night."


def test_a_promoter_books_an_event_and_finds_it_on_the_calendar_and_its_feed(browser, site):
    context = browser.new_context(viewport=VIEWPORTS["desktop"])
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sample_promoter(page, site, username="event-promoter", name="Event Check", slug=SLUG)

    page.goto(site + f"/f/{SLUG}/shows/new/")
    page.get_by_label("Name").fill("Foundry Fury")
    page.get_by_label("Kind").select_option("special")
    page.get_by_label("Poster line").fill(POSTER)
    page.get_by_label("Card size").fill("8")
    with page.expect_navigation():
        page.locator("main").get_by_role("button", name="Create the show").click()
    heading = page.locator("main hgroup")
    assert "Foundry Fury" in heading.inner_text()
    assert "Special event" in heading.inner_text()
    assert page.locator(".poster-line").inner_text() == POSTER

    page.goto(site + f"/f/{SLUG}/shows/")
    with page.expect_navigation():
        page.get_by_role("link", name="Calendar: the weeks ahead").click()
    event = page.locator("li.calendar-entry.event")
    assert event.count() == 1
    assert "Foundry Fury" in event.inner_text() and POSTER in event.inner_text()
    # Twelve weeks ahead: the event on the first weekly slot's day, the eleven others empty.
    assert page.locator("li.calendar-entry").count() == 12
    for name, size in VIEWPORTS.items():
        page.set_viewport_size(size)
        overflow = page.evaluate(
            "document.documentElement.scrollWidth > document.documentElement.clientWidth"
        )
        assert not overflow, f"the calendar scrolls sideways at {name} width"
        page.screenshot(path=str(SCREENSHOTS / name / "calendar.png"), full_page=True)

    feed = page.locator("#calendar-feed").get_attribute("href")
    assert feed is not None and feed.endswith(f"/f/{SLUG}/calendar.ics")
    answer = page.request.get(feed)
    assert answer.status == 200
    assert answer.headers["content-type"] == "text/calendar; charset=utf-8"
    summaries = [
        str(entry["SUMMARY"])
        for entry in icalendar.Calendar.from_ical(answer.body()).walk("VEVENT")
    ]
    assert "Foundry Fury" in summaries
    assert errors == []
    context.close()
