"""A tournament for a vacant title, in a real browser at desktop and at phone width: a promoter
introduces a title, follows its page's offer to start a tournament, draws four men by Prestige,
books and runs the semi-finals from the tournament's page, runs the next week from the
federation's page (the auto-booker books the final), and sees the bracket fill and the winner
crowned at the head of the title's lineage. At phone width the bracket scrolls sideways in its
box and the page does not; printed, it fits the page without the site's menus."""

from __future__ import annotations

import re
import shutil

import pytest

from tests.e2e.conftest import SCREENSHOTS, VIEWPORTS
from tests.e2e.csp_watch import CspWatch
from tests.e2e.steps import sample_promoter

pytestmark = pytest.mark.e2e

TIMEOUT = 20_000
CUP = "Foundry Cup"


def _press(page, label: str) -> None:
    with page.expect_navigation():
        page.locator("main").get_by_role("button", name=label).click()


def _bracket(page) -> list[list[str]]:
    """Each round's sides as the page draws them, top to bottom (the champion's box last)."""
    return page.eval_on_selector_all(
        ".bracket-round",
        """rounds => rounds.map(round => Array.from(round.querySelectorAll('.side'))
             .map(side => side.innerText.replace(/\\s+/g, ' ').trim()))""",
    )


def _overflows(page, selector: str) -> bool:
    return page.eval_on_selector(selector, "box => box.scrollWidth > box.clientWidth + 1")


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_tournament_for_a_vacant_title_crowns_its_winner(browser, site, viewport):
    context = browser.new_context(viewport=VIEWPORTS[viewport], reduced_motion="reduce")
    context.set_default_timeout(TIMEOUT)
    csp = CspWatch(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    folder = SCREENSHOTS / viewport / "tournament"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)

    def shot(name: str) -> None:
        page.screenshot(path=folder / f"{name}.png", full_page=True)

    slug = f"cup-{viewport}"
    sample_promoter(page, site, username=f"cup-{viewport}", name=f"Cup {viewport}", slug=slug)

    # A new title, vacant: its page offers a tournament.
    page.goto(f"{site}/f/{slug}/titles/new/")
    page.get_by_label("Name").fill(CUP)
    _press(page, "Introduce the title")
    # (a link drawn as a button: Pico styles role="button")
    page.get_by_role("button", name="Start a tournament for this title").click()
    page.wait_for_url(re.compile(r"/tournaments/new/\?title="))
    assert page.get_by_label("For the title").input_value() != ""
    assert page.get_by_label("Name").input_value() == f"{CUP} tournament"
    page.get_by_label("How many entrants").fill("4")
    shot("form")
    _press(page, "Draw the tournament")
    assert "is drawn" in page.inner_text("main")
    tournament = page.url

    drawn = _bracket(page)
    assert [len(round_) for round_ in drawn] == [4, 2, 1]  # two semi-finals, the final, winner
    seeds = [side.split(" ", 1)[0] for side in drawn[0]]
    assert seeds == ["1", "4", "2", "3"]  # 1 v 4 and 2 v 3, in bracket order
    assert drawn[1] == ["to be decided", "to be decided"]
    if viewport == "phone":
        # The bracket's columns keep their width and scroll in their box; the page does not.
        assert _overflows(page, ".bracket-box")
        assert not page.evaluate(
            "document.documentElement.scrollWidth > document.documentElement.clientWidth + 1"
        )
    shot("drawn")

    # The semi-finals: booked and run from the tournament's page.
    _press(page, "Book the semi-final")
    assert "bouts of Foundry Cup tournament booked on" in page.inner_text("main")
    _press(page, "Run the semi-final now")
    page.get_by_text(re.compile("won by", re.I)).first.wait_for(timeout=60_000)
    page.goto(tournament)
    filled = _bracket(page)
    semi_winners = [side for side in filled[0] if "(won)" in side]
    assert len(semi_winners) == 2, filled
    finalists = [re.sub(r" ✓ \(won\)$", "", side) for side in semi_winners]
    assert filled[1] == finalists
    shot("semi-finals")

    # The final: the next week, run from the federation's page; the auto-booker books it.
    page.goto(f"{site}/f/{slug}/")
    _press(page, "Run this week")
    page.get_by_text(re.compile("won by", re.I)).first.wait_for(timeout=60_000)
    assert "tournament final" in page.inner_text("main")
    page.goto(tournament)
    winner = page.inner_text("#winner")
    champion = winner.split(" won the tournament")[0]
    assert f"won the tournament and is crowned {CUP} champion" in winner
    assert champion in [f.split(" ", 1)[1] for f in finalists]
    assert champion in _bracket(page)[-1][0]  # the winner's box closes the bracket
    shot("crowned")

    # Printed, the bracket fits the page, the site's menus left out.
    page.emulate_media(media="print")
    assert not _overflows(page, ".bracket-box")
    assert not page.locator("header").is_visible()
    page.emulate_media(media="screen")

    # The champion heads the title's lineage, won at the final over the other finalist (the
    # lineage words it from the final's result, its show linked).
    page.get_by_role("link", name=CUP, exact=True).click()
    rows = page.locator("main table tbody tr")
    newest = rows.nth(rows.count() - 1).inner_text()
    beaten = [f.split(" ", 1)[1] for f in finalists if champion not in f]
    assert newest.split("\t")[1] == champion, newest
    assert beaten and beaten[0] in newest.split("\t")[4], newest
    shot("lineage")

    # The federation's tournaments list it, completed, with its winner.
    page.goto(f"{site}/f/{slug}/tournaments/")
    row = page.locator("main table tbody tr").first.inner_text()
    assert f"{CUP} tournament" in row and "Completed" in row and champion in row, row

    # The federation's page lists the winner among its tournaments' past winners.
    page.goto(f"{site}/f/{slug}/")
    assert f"{CUP} tournament: {champion}" in page.inner_text("#past-winners")

    assert not errors, errors
    assert csp.lines == [], csp.lines
    context.close()
