"""The recap in the browser (issue 41): a promoter runs a week from the federation's page, opens
the show, and "Copy for Discord" puts the recap's Discord text on the clipboard, read back from
it; the federation's page shows what the show changed and names its Atom feed."""

from __future__ import annotations

import re

import feedparser
import pytest

from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.steps import sample_promoter

pytestmark = pytest.mark.e2e

TIMEOUT = 30_000
SLUG = "share-check"


def test_a_promoter_runs_a_week_and_copies_the_recap_for_discord(named_browser, named_site):
    site = named_site
    context = named_browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    sample_promoter(page, site, username="share-promoter", name="Share Check", slug=SLUG)

    page.locator("main").get_by_role("button", name="Run this week").click()
    page.get_by_text(re.compile("won by|draw", re.I)).first.wait_for(timeout=TIMEOUT)
    show_url = page.url
    assert re.search(rf"/f/{SLUG}/shows/\d+/", show_url), show_url
    page.reload()

    recap = page.locator("section.recap")
    assert recap.get_by_role("heading", name="Recap").is_visible()
    assert recap.locator(".recap-results li").count() >= 1
    page.get_by_text("Share the recap").click()
    button = page.get_by_role("button", name=re.compile("^Copy for Discord"))
    target = button.first.get_attribute("data-copy")
    button.first.click()
    page.locator(f'[data-copied-for="{target}"]').get_by_text("Copied.").wait_for()
    copied = page.evaluate("navigator.clipboard.readText()")
    shown = page.locator(f"#{target}").input_value()
    assert copied == shown
    assert len(copied) <= 2000
    # Discord's text: the show in bold, its results one a line, the link to the show's page.
    assert copied.startswith("**Share Check Weekly")
    assert "**Results**\n• Match 1" in copied
    assert f"{site}/f/{SLUG}/shows/" in copied
    page.screenshot(path=str(SCREENSHOTS / "desktop" / "show-recap.png"), full_page=True)

    # The federation's page: what the last show changed, and the feed in its head.
    page.goto(site + f"/f/{SLUG}/")
    assert page.locator("section.recap").count() == 1
    feed = page.locator('link[rel="alternate"][type="application/atom+xml"]').get_attribute("href")
    assert feed == f"/f/{SLUG}/feed.atom"
    # (fetched by the page: the site's name resolves in the browser alone)
    body = page.evaluate("url => fetch(url).then(answer => answer.text())", feed)
    entries = feedparser.parse(body).entries
    assert len(entries) == 1 and entries[0].link == show_url.split("?")[0].split("#")[0]
    assert errors == []
    context.close()
