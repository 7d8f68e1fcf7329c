"""The Content-Security-Policy (web/csp.py) in a real browser: the site's pages, their htmx
(the card editor's live check and odds, the roster's filter, a show's live progress), the admin's
sign-in page and the API's documentation work under it, and no page logs a violation. The
journey (test_journey.py) watches for violations too, through every page it visits."""

from __future__ import annotations

import re

import pytest

from tests.e2e.csp_watch import CspWatch
from tests.e2e.steps import sample_promoter

pytestmark = pytest.mark.e2e

TIMEOUT = 20_000
SLUG = "csp-check"


def test_the_policy_is_in_force_and_the_pages_break_none_of_it(browser, site):
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT)
    watch = CspWatch(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    seen: dict[str, list[str]] = {}

    def visit(path: str) -> None:
        page.goto(site + path)
        page.wait_for_load_state("networkidle")
        seen[path] = CspWatch.violations(page)

    # The policy is there and enforced: a style a script writes into the page is refused.
    visit("/")
    page.evaluate(
        "document.head.insertAdjacentHTML('beforeend', '<style>body { color: red; }</style>')"
    )
    page.wait_for_function("() => window.__cspViolations.length > 0")
    assert CspWatch.violations(page) == ["style-src-elem blocked inline on /"]
    watch.lines.clear()

    for path in ("/accounts/login/", "/accounts/signup/", "/admin/login/", "/api/docs/"):
        visit(path)
    page.get_by_text("Ringside federation API").first.wait_for()
    visit("/api/redoc/")
    page.get_by_text("Ringside federation API").first.wait_for()

    # A promoter with the sample federation.
    sample_promoter(page, site, username="csp-promoter", name="CSP Check Wrestling", slug=SLUG)

    f = f"/f/{SLUG}"
    for path in ("/", "/titles/", "/feuds/", "/injuries/", "/records/", "/teams/", "/settings/"):
        visit(f + path)
    visit(f + "/members/")

    # htmx: the roster's filter, the card editor's live check and its odds.
    visit(f + "/roster/")
    page.get_by_label("Search").fill("Corrigan")
    page.wait_for_function(
        "() => !document.querySelector('#roster-table').innerText.includes('Pike')"
    )
    seen["roster, filtered"] = CspWatch.violations(page)
    visit(f + "/wrestlers/corrigan-vale/")
    visit(f + "/wrestlers/corrigan-vale/cards/filsinger/")
    editor = page.locator("#id_text")
    good = editor.input_value()
    editor.fill(re.sub(r"(?m)^(  ropes: ).*$", r"\g<1>Z", good))
    page.locator("#card-problems").get_by_text("ratings.ropes").wait_for()
    editor.fill(good)
    page.locator("#card-problems").get_by_text("The card is valid").wait_for()
    page.get_by_label(re.compile("singles match against")).select_option(label="Gideon Pike")
    page.get_by_role("button", name="Work out the odds").click()
    page.locator("#odds").get_by_text("Corrigan Vale wins").wait_for()
    seen["card editor, checked and odds"] = CspWatch.violations(page)

    # A week run: the show's page polls its progress until the results are in.
    page.goto(site + f + "/")
    with page.expect_navigation():
        page.locator("main").get_by_role("button", name="Run this week").click()
    page.get_by_text(re.compile("won by|draw", re.I)).first.wait_for(timeout=30_000)
    seen["show, run"] = CspWatch.violations(page)
    visit(f + "/shows/")

    context.close()
    assert {path: found for path, found in seen.items() if found} == {}
    assert watch.lines == []
    assert errors == []
