"""Printing, in the browser: the print stylesheet is linked, and under the print media a show's
card and results, a title's lineage and the printable cards print without navigation, buttons
or forms, black on white, a table's rows never split, while on screen the navigation stands."""

from __future__ import annotations

import re

import pytest

from tests.e2e.steps import sample_promoter

pytestmark = pytest.mark.e2e

SLUG = "print-check"

#: What the print media must leave out, and what it keeps, on every printed page (computed
#: styles, read in the page).
PRINTED = """() => {
  const shown = (el) => getComputedStyle(el).display !== 'none' && el.getClientRects().length > 0;
  const all = (sel) => Array.from(document.querySelectorAll(sel));
  return {
    navShown: all('nav').filter(shown).length,
    navs: all('nav').length,
    buttonsShown: all('button, [role=button], form').filter(shown).length,
    color: getComputedStyle(document.body).color,
    background: getComputedStyle(document.body).backgroundColor,
    linkColors: [...new Set(all('main a').filter(shown).map(a => getComputedStyle(a).color))],
    linkTexts: all('main a').filter(shown).map(a => a.innerText.trim()).filter(t => t).length,
    rowBreaks: [...new Set(all('main tr').map(tr => getComputedStyle(tr).breakInside))],
    mainShown: shown(document.querySelector('main')),
    mainHeaders: all('main header').length,
    mainHeadersHidden: all('main header').filter(h => !shown(h)).length,
    stylesheet: all('link[rel=stylesheet]').map(l => l.getAttribute('href'))
      .filter(h => h.endsWith('site/print.css')).length,
  };
}"""


@pytest.fixture(scope="module")
def promoter(browser, site):
    context = browser.new_context()
    page = context.new_page()
    sample_promoter(page, site, username="print-promoter", name="Print Check", slug=SLUG)
    # A week run: a show with its card and results, and title matches in the lineage.
    with page.expect_navigation():
        page.locator("main").get_by_role("button", name="Run this week").click()
    page.get_by_text(re.compile("won by|draw", re.I)).first.wait_for(timeout=60_000)
    assert re.search(rf"/f/{SLUG}/shows/\d+/", page.url), page.url
    state = {"storage": context.storage_state(), "show": page.url}
    context.close()
    return state


@pytest.fixture
def page(browser, promoter):
    context = browser.new_context(
        storage_state=promoter["storage"], viewport={"width": 1280, "height": 900}
    )
    context.set_default_timeout(30_000)
    page = context.new_page()
    yield page
    context.close()


def _printed(page) -> dict:
    page.emulate_media(media="print")
    return page.evaluate(PRINTED)


def _check_printed(page, what: str) -> dict:
    found = _printed(page)
    assert found["stylesheet"] == 1, what
    assert found["navs"] > 0 and found["navShown"] == 0, what
    assert found["buttonsShown"] == 0, what
    assert found["color"] == "rgb(0, 0, 0)", what
    assert found["background"] in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"), what
    assert set(found["linkColors"]) <= {"rgb(0, 0, 0)"}, what
    assert found["rowBreaks"] in ([], ["avoid"]), what
    assert found["mainShown"], what
    return found


def test_the_screen_keeps_its_navigation_and_print_hides_it(page, site):
    page.goto(f"{site}/f/{SLUG}/")
    page.emulate_media(media="screen")
    on_screen = page.evaluate(PRINTED)
    assert on_screen["navShown"] >= 2 and on_screen["buttonsShown"] > 0
    _check_printed(page, "federation page")


def test_a_show_and_a_titles_lineage_print_clean(page, site, promoter):
    page.goto(promoter["show"])
    page.get_by_text(re.compile("won by|draw", re.I)).first.wait_for()
    found = _check_printed(page, "show page")
    assert found["linkTexts"] > 0  # the wrestlers' names stay as text
    # Each match's own heading (its number, its title) prints: only the site's header goes.
    assert found["mainHeaders"] > 0 and found["mainHeadersHidden"] == 0
    page.emulate_media(media="screen")
    page.goto(f"{site}/f/{SLUG}/titles/")
    page.locator("main table a[href*='/titles/']").first.click()
    page.wait_for_load_state()
    assert "/titles/" in page.url
    _check_printed(page, "title lineage")


def test_the_printable_cards_print_one_a_page(page, site):
    page.goto(f"{site}/f/{SLUG}/roster/")
    with page.expect_navigation():
        page.get_by_role("link", name="Print the roster as cards").click()
    sheets = page.locator(".print-sheet")
    count = sheets.count()
    assert count > 1
    page.emulate_media(media="screen")
    assert page.get_by_role("button", name="PDF").is_visible()
    _check_printed(page, "roster cards")
    breaks = page.evaluate(
        "() => Array.from(document.querySelectorAll('.print-sheet'))"
        ".map(s => getComputedStyle(s).breakBefore)"
    )
    assert breaks[0] != "page" and set(breaks[1:]) == {"page"}  # one card a page
    assert sheets.first.is_visible()
    assert not page.get_by_role("button", name="PDF").is_visible()
