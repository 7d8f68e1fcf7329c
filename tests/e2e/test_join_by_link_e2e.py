"""Joining by an invitation link in the browser (issue 41): the owner makes a booker's link on
the members page and copies it; a new person opens it, signs up and joins in one step, and lands
on the federation as a booker; the link opened again says it has been used, and the owner's
members page says by whom."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import SCREENSHOTS, VIEWPORTS
from tests.e2e.steps import sample_promoter

pytestmark = pytest.mark.e2e

TIMEOUT = 20_000
SLUG = "link-check"
PASSWORD = "copper-line-ring-47"


def test_a_new_person_joins_as_a_booker_through_the_owners_link(browser, site):
    owner_context = browser.new_context(viewport=VIEWPORTS["desktop"])
    owner_context.set_default_timeout(TIMEOUT)
    owner = owner_context.new_page()
    errors: list[str] = []
    owner.on("pageerror", lambda exc: errors.append(str(exc)))
    sample_promoter(owner, site, username="link-owner", name="Link Check", slug=SLUG)

    owner.goto(site + f"/f/{SLUG}/members/")
    with owner.expect_navigation():
        owner.get_by_role("link", name="Make an invitation link").click()
    owner.get_by_label("Role").select_option("booker")
    assert owner.get_by_label("Lasts (days)").input_value() == "7"
    with owner.expect_navigation():
        owner.locator("main").get_by_role("button", name="Make the link").click()
    link = owner.get_by_label("The invitation link").input_value()
    assert link.startswith(site + "/join/")

    newcomer_context = browser.new_context(viewport=VIEWPORTS["phone"])
    newcomer_context.set_default_timeout(TIMEOUT)
    newcomer = newcomer_context.new_page()
    newcomer.on("pageerror", lambda exc: errors.append(str(exc)))
    newcomer.goto(link)
    assert "Join Link Check" in newcomer.locator("main h1").inner_text()
    newcomer.screenshot(path=str(SCREENSHOTS / "phone" / "join.png"), full_page=True)
    newcomer.get_by_label("Username").fill("link-newcomer")
    newcomer.get_by_label("Password", exact=True).fill(PASSWORD)
    newcomer.get_by_label("Password again").fill(PASSWORD)
    with newcomer.expect_navigation():
        newcomer.locator("main").get_by_role("button", name="Sign up and join").click()
    assert newcomer.url == site + f"/f/{SLUG}/"
    assert "Welcome to Link Check: you are a booker now." in newcomer.content()
    # a booker's page: he may run the week, and has no members' page
    assert newcomer.get_by_role("button", name="Run this week").count() == 1
    assert newcomer.locator("nav.federation-nav").get_by_role("link", name="Members").count() == 0

    newcomer.goto(link)
    assert newcomer.locator("main h1").inner_text() == "This invitation link has been used"

    owner.goto(site + f"/f/{SLUG}/members/")
    assert "Used by link-newcomer" in owner.locator("#invitation-links").inner_text()
    members = owner.locator("main table").first.inner_text()
    assert "link-newcomer" in members and "Booker" in members
    assert errors == []
    owner_context.close()
    newcomer_context.close()
