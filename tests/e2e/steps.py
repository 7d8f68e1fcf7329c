"""Steps the browser tests share: a new promoter signed up who starts a federation from the
sample, as a newcomer would through the pages."""

from __future__ import annotations

import re

PASSWORD = "a long pass phrase 2026"


def sample_promoter(page, site: str, *, username: str, name: str, slug: str) -> None:
    """Sign ``username`` up and create the federation ``name`` at ``slug`` from the sample; the
    page ends on the new federation's page."""
    page.goto(site + "/accounts/signup/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Email").fill(f"{username}@example.com")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    with page.expect_navigation():
        page.locator("main").get_by_role("button", name="Sign up").click()
    page.goto(site + "/federations/new/")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Address").fill(slug)
    page.get_by_label(re.compile("The sample federation")).check()
    with page.expect_navigation():
        page.locator("main").get_by_role("button", name="Create the federation").click()
