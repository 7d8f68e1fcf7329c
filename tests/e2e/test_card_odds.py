"""The card editor's odds in a real browser: the odds worked out for a card go from the page as
soon as the card changes (a mistake typed in, or any other change), so no odds stay beside a
card they were not worked out for; and the odds say which rules and whose standing they play."""

from __future__ import annotations

import re

import pytest

from tests.e2e.steps import sample_promoter

pytestmark = pytest.mark.e2e

TIMEOUT = 20_000
SLUG = "odds-check"
CHANGED = "The card has changed since these odds were worked out: work them out again."


def _ropes(text: str, grade: str) -> str:
    return re.sub(r"(?m)^(  ropes: ).*$", rf"\g<1>{grade}", text)


def test_the_odds_go_when_the_card_changes(browser, site):
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    # A promoter with the sample federation (Filsinger, every optional rule).
    sample_promoter(page, site, username="odds-promoter", name="Odds Check Wrestling", slug=SLUG)

    page.goto(site + f"/f/{SLUG}/wrestlers/corrigan-vale/cards/filsinger/")
    editor = page.locator("#id_text")
    odds = page.locator("#odds")
    good = editor.input_value()
    against = page.get_by_label(re.compile("singles match against"))
    against.select_option(label="Gideon Pike")
    work_out = page.get_by_role("button", name="Work out the odds")

    # The odds, with the rules and the standing they play.
    work_out.click()
    odds.get_by_text("Corrigan Vale wins").wait_for()
    shown = odds.inner_text()
    assert "the federation's optional rules: add1, agility_power, chart_choices" in shown
    assert "Standing: the roster's" in shown

    # A mistake: "1 problem", and the odds go, saying why.
    editor.fill(_ropes(good, "Z"))
    page.locator("#card-problems").get_by_text("ratings.ropes").wait_for()
    odds.get_by_text(CHANGED).wait_for()
    assert "Corrigan Vale wins" not in odds.inner_text()

    # Fixed and worked out again: the odds are back; a valid change takes them away too.
    editor.fill(good)
    page.locator("#card-problems").get_by_text("The card is valid").wait_for()
    work_out.click()
    odds.get_by_text("Corrigan Vale wins").wait_for()
    editor.fill(_ropes(good, "A"))
    odds.get_by_text(CHANGED).wait_for()
    assert "Corrigan Vale wins" not in odds.inner_text()
    assert "The card is valid" in page.locator("#card-problems").inner_text()

    # Odds worked out for the card as it stands stay when the check of that same card comes back.
    work_out.click()
    odds.get_by_text("Corrigan Vale wins").wait_for()
    editor.dispatch_event("input")
    page.wait_for_timeout(1500)
    assert "Corrigan Vale wins" in odds.inner_text()

    context.close()
    assert errors == []
