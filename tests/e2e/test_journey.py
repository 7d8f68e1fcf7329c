"""A new promoter's journey in a real browser, at desktop and at phone width: sign up, start a
federation from the sample, sign a wrestler and type in his card (first with a mistake, see the
error, fix it), check his odds, book a show (a refused booking, then valid ones), schedule it,
watch its progress live, read the results and the play-by-play with its dice, and see the title
lineage and the injury report change. A screenshot of each page is saved."""

from __future__ import annotations

import datetime as dt
import re
import shutil
from zoneinfo import ZoneInfo

import pytest

from tests.e2e.conftest import SCREENSHOTS, VIEWPORTS
from tests.e2e.csp_watch import CspWatch

pytestmark = pytest.mark.e2e

ZONE = ZoneInfo("America/Chicago")
PASSWORD = "a long pass phrase 2026"
TIMEOUT = 20_000
WORLD = "Copperline World Heavyweight Championship"


class Journey:
    def __init__(self, page, site: str, viewport: str):
        self.page = page
        self.site = site
        self.folder = SCREENSHOTS / viewport
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder.mkdir(parents=True)
        self.shots = 0

    def go(self, path: str) -> None:
        self.page.goto(self.site + path)

    def shot(self, name: str) -> None:
        self.shots += 1
        self.page.screenshot(path=self.folder / f"{self.shots:02}-{name}.png", full_page=True)

    def text(self, selector: str = "main") -> str:
        return self.page.inner_text(selector)

    def submit(self, label: str) -> None:
        """Press a form's button from the keyboard, as a screen-reader user would, and wait for
        the page it leads to."""
        button = self.page.locator("main").get_by_role("button", name=label)
        with self.page.expect_navigation():
            button.focus()
            self.page.keyboard.press("Enter")


def card_text(text: str, **ratings: str) -> str:
    for name, value in ratings.items():
        text = re.sub(rf"(?m)^(  {name}: ).*$", rf"\g<1>{value}", text)
    return text


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_new_promoters_journey(browser, site, viewport):
    context = browser.new_context(viewport=VIEWPORTS[viewport], reduced_motion="reduce")
    context.set_default_timeout(TIMEOUT)
    csp = CspWatch(context)  # no page logs a Content-Security-Policy violation
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    journey = Journey(page, site, viewport)
    slug = f"harbor-{viewport}"

    # Sign up.
    journey.go("/")
    journey.shot("home")
    page.get_by_role("link", name="Sign up").first.click()
    page.get_by_label("Username").fill(f"promoter-{viewport}")
    page.get_by_label("Email").fill(f"promoter-{viewport}@example.com")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    journey.shot("sign-up")
    journey.submit("Sign up")
    assert f"promoter-{viewport}" in journey.text("header")

    # Start a federation from the sample, in Chicago time.
    page.get_by_role("button", name="Start a federation").click()
    page.get_by_label("Name").fill(f"Harbor Pro {viewport.title()}")
    page.get_by_label("Address").fill(slug)
    page.get_by_label("Time zone").select_option("America/Chicago")
    page.get_by_label(re.compile("The sample federation")).check()
    journey.shot("federation-form")
    journey.submit("Create the federation")
    assert page.url.endswith(f"/f/{slug}/")
    assert "Champions" in journey.text()
    journey.shot("federation")

    # Sign a wrestler, then type in his card: a mistake first, then the fix.
    page.get_by_role("button", name="Sign a wrestler").click()
    page.get_by_label("Ring name").fill("Rook Amberly")
    page.get_by_label("Fame").fill("300")
    page.get_by_label("Prestige").fill("450")
    journey.shot("wrestler-form")
    journey.submit("Sign the wrestler")
    editor = page.locator("#id_text")
    good = editor.input_value()
    assert "name: Rook Amberly" in good
    editor.fill(card_text(good, ropes="Z"))
    problems = page.locator("#card-problems")
    problems.get_by_text("ratings.ropes").wait_for()
    journey.shot("card-editor-mistake")
    editor.fill(card_text(good, ropes="B"))
    problems.get_by_text("The card is valid").wait_for()
    page.get_by_label(re.compile("singles match against")).select_option(label="Corrigan Vale")
    page.get_by_role("button", name="Work out the odds").click()
    page.locator("#odds").get_by_text("Rook Amberly wins").wait_for()
    journey.shot("card-editor-odds")
    journey.submit("Save the card")
    assert "Rook Amberly" in journey.text("h1")
    assert "offense 1" in journey.text().lower()
    journey.shot("wrestler")

    # The title page before the show.
    journey.go(f"/f/{slug}/titles/")
    journey.shot("titles")
    page.get_by_role("link", name=re.compile("World Heavyweight")).first.click()
    lineage_before = journey.text("table")
    champion = page.locator("table tbody tr").last.locator("td").nth(1).inner_text()
    journey.shot("title-before")
    journey.go(f"/f/{slug}/injuries/")
    injuries_before = journey.text("table")

    # A show starting two minutes ago, in the federation's time zone.
    journey.go(f"/f/{slug}/shows/new/")
    start = dt.datetime.now(ZONE) - dt.timedelta(minutes=2)
    page.get_by_label("Name").fill("Live at the Foundry")
    page.get_by_label("Date").fill(start.strftime("%Y-%m-%d"))
    page.get_by_label("Time").fill(start.strftime("%H:%M"))
    journey.submit("Create the show")
    assert "Live at the Foundry" in journey.text("h1")

    # A refused booking: a title match without the champion, the challenger named twice.
    page.get_by_label("Side A: wrestlers").select_option(label="Rook Amberly")
    page.get_by_label("Side B: wrestlers").select_option(label="Rook Amberly")
    page.get_by_label("Title at stake").select_option(label=WORLD)
    journey.submit("Book the match")
    refusal = journey.text("#book")
    assert "The match was refused" in refusal
    assert "Rook Amberly is named twice in this match." in refusal
    assert f"must include the champion, {champion}" in refusal
    page.locator("#book").scroll_into_view_if_needed()
    journey.shot("booking-refused")

    # Valid bookings: the title match, then a tag match between two teams.
    page.get_by_label("Side A: wrestlers").select_option(label="Rook Amberly")
    page.get_by_label("Side B: wrestlers").select_option(label=champion)
    page.get_by_label("Title at stake").select_option(label=WORLD)
    journey.submit("Book the match")
    assert "Match 1 booked." in journey.text()
    page.get_by_label("Match type").select_option("tag")
    page.get_by_label("…or side A: a team").select_option(label="Crosswind")
    page.get_by_label("…or side B: a team").select_option(label="The Rivet Gang")
    journey.submit("Book the match")
    assert "Match 2 booked." in journey.text()
    journey.shot("show-booked")

    # Schedule it: the runner takes it at once; watch its progress, then read the results.
    page.get_by_role("button", name=re.compile("^Schedule for")).click()
    page.locator("#progress").get_by_text(re.compile("Being wrestled: \\d of 2")).wait_for()
    journey.shot("show-progress")
    page.get_by_text(re.compile("won by|draw", re.I)).first.wait_for(timeout=30_000)
    assert "Completed" in journey.text()
    page.get_by_role("link", name="Show the dice in the play-by-play").click()
    # (the first match's play-by-play: the recap and its share panel come before the card)
    page.locator("details:has(.pbp) > summary").first.click()
    assert page.locator(".pbp .dice").first.is_visible()
    journey.shot("show-results")

    # The lineage shows the title match, whatever its result.
    journey.go(f"/f/{slug}/titles/")
    page.get_by_role("link", name=re.compile("World Heavyweight")).first.click()
    assert journey.text("table") != lineage_before
    journey.shot("title-after")

    # Run the coming weeks from the federation page until somebody gets hurt.
    for _week in range(8):
        journey.go(f"/f/{slug}/")
        journey.submit("Run this week")
        page.get_by_text(re.compile("won by", re.I)).first.wait_for(timeout=30_000)
        journey.go(f"/f/{slug}/injuries/")
        if journey.text("table") != injuries_before:
            break
    assert journey.text("table") != injuries_before
    journey.shot("injuries-after")
    journey.go(f"/f/{slug}/")
    journey.shot("federation-after")
    journey.go(f"/f/{slug}/shows/")
    journey.shot("show-archive")
    journey.go(f"/f/{slug}/records/")
    journey.shot("records")
    journey.go(f"/f/{slug}/wrestlers/rook-amberly/")
    # The Prestige and Fame chart's axis fits the figures (a signing starts well above 0),
    # not a line flattened against an axis from 0.
    chart = page.locator("#standing-chart svg")
    labels = chart.locator('text[text-anchor="end"]').all_text_contents()
    axis = [int(t) for t in labels if t.lstrip("-").isdigit()]  # less the last date's
    told = re.findall(r"from (\d+) to (\d+)", chart.get_attribute("aria-label"))
    figures = [int(n) for pair in told for n in pair]
    assert 0 < axis[0] <= min(figures) and max(figures) <= axis[-1], (axis, figures)
    journey.shot("wrestler-after")

    # The booker's desks: a new title crowned by hand, then a feud started from the feud list.
    journey.go(f"/f/{slug}/titles/new/")
    page.get_by_label("Name").fill("Foundry Television Title")
    journey.submit("Introduce the title")
    assert "vacant until it is won" in journey.text()
    page.get_by_label("Champion").select_option(label="Rook Amberly")
    page.get_by_label("How").fill("won the Foundry Cup")
    journey.submit("Crown the champion")
    assert (
        "Rook Amberly wins the Foundry Television Title: No. 1 in its lineage, "
        "Rook Amberly's 1st reign." in (journey.text())
    )
    assert "won the Foundry Cup" in journey.text("table")
    journey.shot("title-desk")
    journey.go(f"/f/{slug}/feuds/")
    page.get_by_role("button", name="Start a feud").click()
    page.get_by_label("Side A").select_option(label="Rook Amberly")
    page.get_by_label("Side B").select_option(label="Gideon Pike")
    page.get_by_label("Story").fill("Pike calls the new champion a paper tiger.")
    journey.submit("Start the feud")
    assert "The feud Rook Amberly vs. Gideon Pike is on (heat 3)." in journey.text()
    journey.shot("feud-started")

    assert not errors, errors
    assert csp.lines == [], csp.lines
    context.close()
