"""An injured wrestler is marked in the browser wherever he is listed: a man wrestling through
an injury is not shown as fit on the roster, his page, the federation's page, the show's card or
the booking form's pickers, and the auto-booker says it booked him hurt and why."""

from __future__ import annotations

import re

import pytest

from tests.e2e.steps import sample_promoter

pytestmark = pytest.mark.e2e

TIMEOUT = 20_000
SLUG = "marks-check"


def test_a_man_wrestling_hurt_is_marked_everywhere_he_is_listed(browser, site):
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    # A promoter with the sample federation.
    sample_promoter(page, site, username="marks-promoter", name="Marks Check Wrestling", slug=SLUG)

    # Mortimer Gale hurts his ribs and wrestles through it.
    page.goto(site + f"/f/{SLUG}/injuries/new/")
    page.locator("#id_wrestler").select_option(label="Mortimer Gale")
    page.locator("#id_body_part").fill("ribs")
    page.get_by_label(re.compile("Keeps the wrestler off cards")).uncheck()
    with page.expect_navigation():
        page.locator("main").get_by_role("button", name="Put it on the report").click()

    # The roster: Active, and wrestling hurt, what ails him in the mark's tooltip.
    page.goto(site + f"/f/{SLUG}/roster/")
    row = page.locator("#roster-table tr", has=page.get_by_role("link", name="Mortimer Gale"))
    assert re.search(r"Active\s+\(wrestling hurt\)", row.inner_text())
    assert row.locator("small.hurt").get_attribute("title") == "Ribs"
    fit = page.locator("#roster-table tr", has=page.get_by_role("link", name="Corrigan Vale"))
    assert "hurt" not in fit.inner_text() and "off cards" not in fit.inner_text()

    # His page.
    page.goto(site + f"/f/{SLUG}/wrestlers/mortimer-gale/")
    assert "(wrestling hurt)" in page.locator("hgroup").inner_text()

    # The federation's page lists him (a champion, or a contender) marked.
    page.goto(site + f"/f/{SLUG}/")
    listed = page.locator("main li, main tr", has=page.get_by_role("link", name="Mortimer Gale"))
    assert "(wrestling hurt)" in listed.first.inner_text()

    # A new show: the pickers say who wrestles hurt; the auto-booker books him and says so.
    page.goto(site + f"/f/{SLUG}/shows/new/")
    with page.expect_navigation():
        page.locator("main").get_by_role("button", name="Create the show").click()
    show_url = page.url.split("#")[0].split("?")[0]
    picker = page.locator("#id_side_a")
    assert picker.locator("option", has_text="Mortimer Gale (wrestling hurt)").count() == 1
    with page.expect_navigation():
        page.get_by_role("button", name="Auto-book the card").click()
    page.goto(show_url)
    booked = page.locator("article.match", has=page.get_by_role("link", name="Mortimer Gale"))
    assert "(wrestling hurt)" in booked.locator("p.sides").inner_text()
    assert (
        "Mortimer Gale is hurt (Ribs) but may wrestle through it: the injury does not keep him "
        "off cards" in booked.inner_text()
    )
    assert errors == []
    context.close()
